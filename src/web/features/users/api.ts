import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@/shared/pagination';
import { user, userPage, type UserCreateInput } from '@/shared/users';
import { api } from '@/web/lib/api';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

/** The company's users, newest first, a page at a time. */
export const usersQuery = infiniteQueryOptions({
  queryKey: userKeys.list(),
  queryFn: ({ pageParam }) => api.get('/users', userPage, { limit: DEFAULT_PAGE_SIZE, cursor: pageParam }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UserCreateInput) => api.post('/users', user, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/users/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Ends every session of a user of the company. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ revoked: number }>(`/users/${id}/sign-out-everywhere`),
  });
}
