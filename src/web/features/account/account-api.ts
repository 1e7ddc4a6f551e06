import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput, ProfileInput } from '@/shared/account';
import type { NotificationPreferences, NotificationPreferencesInput } from '@/shared/notifications';
import { api } from '@/web/lib/api';
import { sessionKey } from '@/web/lib/session';
import { sessionsKey } from './api';

/** Your own name; the header's greeting follows. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.patch<{ message: string }>('/me', null, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKey }),
  });
}

/** Your own password; your other sessions end. */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => api.post<{ message: string }>('/me/password', null, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const notificationPreferencesQuery = queryOptions({
  queryKey: ['me', 'notification-preferences'],
  queryFn: () => api.get<NotificationPreferences>('/me/notification-preferences'),
});

/** Your notification preferences; the answer is every category as now saved. */
export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => api.put<NotificationPreferences>('/me/notification-preferences', null, input),
    onSuccess: (saved) => qc.setQueryData(notificationPreferencesQuery.queryKey, saved),
  });
}
