import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@/shared/sessions';
import { api } from '@/web/lib/api';

export const sessionsKey = ['me', 'sessions'] as const;

export const mySessionsQuery = queryOptions({
  queryKey: sessionsKey,
  queryFn: () => api.get<{ items: SessionInfo[] }>('/me/sessions'),
});

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/me/sessions/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ revoked: number }>('/me/sessions/sign-out-others'),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}
