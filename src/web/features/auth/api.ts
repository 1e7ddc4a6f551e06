import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser, SignInInput, SignUpForm, SignUpResult } from '@/shared/auth';
import { SESSION_REFRESH_TICK_MS } from '@/shared/timing';
import { api } from '@/web/lib/api';

export const sessionKey = ['session'] as const;

/** The signed-in user or null; re-checked every 30 s so a session ended elsewhere is noticed. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: async (): Promise<SessionUser | null> => (await api.get<SessionResponse>('/session')).user,
  refetchInterval: SESSION_REFRESH_TICK_MS,
  staleTime: SESSION_REFRESH_TICK_MS,
});

export const useSession = () => useQuery(sessionQuery);

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

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/sign-out', null),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(sessionKey, null);
    },
  });
}
