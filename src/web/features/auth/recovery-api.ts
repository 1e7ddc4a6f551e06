import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkCheck, SetPasswordInput } from '@/shared/account';
import type { SessionUser } from '@/shared/auth';
import { api } from '@/web/lib/api';
import { sessionKey } from '@/web/lib/session';

/** Forgot password: the same answer whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => api.post<{ message: string }>('/auth/forgot-password', null, { email }) });
}

/** Whether a link's token can still be used (the token goes in the body, not a URL). */
export function useLinkCheck(kind: 'invitation' | 'password_reset', token: string) {
  return useQuery({
    queryKey: ['link-check', kind, token],
    queryFn: () => api.post<LinkCheck>('/auth/check-link', null, { token, kind }),
    enabled: token.length > 0,
    staleTime: Infinity,
    retry: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (input: SetPasswordInput) => api.post<{ message: string }>('/auth/reset-password', null, input) });
}

/** Accepting signs the invitee in: the session is theirs from here on. */
export function useAcceptInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SetPasswordInput) => api.post<{ user: SessionUser }>('/auth/accept-invite', null, input),
    onSuccess: ({ user }) => qc.setQueryData(sessionKey, user),
  });
}
