import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser, SignInInput, SignUpForm, SignUpResult } from '@/shared/auth';
import type { SignInResult, TwoFactorSignInInput } from '@/shared/two-factor';
import { api } from '@/web/lib/api';
import { sessionKey } from '@/web/lib/session';

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<SignInResult>('/auth/sign-in', null, input),
    // With two-factor sign-in on, there is no session until the code step.
    onSuccess: (result) => {
      if ('user' in result) qc.setQueryData(sessionKey, result.user);
    },
  });
}

/** The code step of a sign-in (a code from the app or a recovery code). */
export function useTwoFactorSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorSignInInput) => api.post<{ user: SessionUser }>('/auth/two-factor', null, input),
    onSuccess: ({ user }) => qc.setQueryData(sessionKey, user),
  });
}

export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpForm) => api.post<SignUpResult>('/auth/sign-up', null, input),
    onSuccess: ({ user }) => qc.setQueryData(sessionKey, user),
  });
}
