import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser, SignInInput, SignUpForm, SignUpResult } from '@/shared/auth';
import { api } from '@/web/lib/api';
import { sessionKey } from '@/web/lib/session';

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<{ user: SessionUser }>('/auth/sign-in', null, input),
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
