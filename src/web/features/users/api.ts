import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@/shared/pagination';
import type { Role } from '@/shared/roles';
import { user, userDetail, userPage, type UserCreateInput, type UserInviteInput, type UserStatus, type UserUpdateInput } from '@/shared/users';
import { api } from '@/web/lib/api';

export const userKeys = {
  all: ['users'] as const,
  list: (filters: UserFilters = {}) => [...userKeys.all, 'list', filters] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
};

/** One user with their access rows (the edit dialog). */
export const userQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: () => api.get(`/users/${id}`, userDetail),
  });

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UserUpdateInput }) => api.patch(`/users/${id}`, user, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Deactivate or reactivate a user of the company. */
export function useSetUserActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => api.post(`/users/${id}/${active ? 'reactivate' : 'deactivate'}`, user, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export type UserFilters = { search?: string; status?: UserStatus; role?: Role };

/** The company's users, newest first, a page at a time, filtered. */
export const usersQuery = (filters: UserFilters = {}) =>
  infiniteQueryOptions({
    queryKey: userKeys.list(filters),
    // The total is counted with the first page only: later pages keep it.
    queryFn: ({ pageParam }) => api.get('/users', userPage, { limit: DEFAULT_PAGE_SIZE, cursor: pageParam, count: pageParam ? undefined : 'true', ...filters }),
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

/** Creates an Invited user who chooses their password from the emailed link. */
export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UserInviteInput) => api.post('/users/invitations', user, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** The row actions that send or withdraw a link. */
export type LinkAction = 'resend-invitation' | 'revoke-invitation' | 'send-password-reset';
export function useUserLinkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: LinkAction }) => api.post(`/users/${id}/${action}`, null, {}),
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
