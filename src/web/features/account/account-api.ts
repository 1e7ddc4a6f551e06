import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput, ProfileInput } from '@/shared/account';
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
