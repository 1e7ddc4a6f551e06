import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@/shared/sessions';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@/shared/two-factor';
import { api } from '@/web/lib/api';
import { sessionKey } from '@/web/lib/session';

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

export const twoFactorKey = ['me', 'two-factor'] as const;

export const twoFactorStatusQuery = queryOptions({
  queryKey: twoFactorKey,
  queryFn: () => api.get<TwoFactorStatus>('/me/two-factor'),
});

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: (password: string) => api.post<TwoFactorSetup>('/me/two-factor/setup', null, { password }) });
}

/** Confirms the setup; the session (two-factor state, a required setup done) and the status are read again. */
export function useConfirmTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>('/me/two-factor/confirm', null, { code }),
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<void>('/me/two-factor/disable', null, { password }),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: twoFactorKey });
      await qc.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
