import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Role } from '@/shared/roles';
import { user, userDetail, userPage, type UserCreateInput, type UserInviteInput, type UserStatus, type UserUpdateInput } from '@/shared/users';
import { api } from '@/web/lib/api';
import { infiniteListQuery, useRefreshingMutation } from '@/web/lib/record-queries';

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

export const useUpdateUser = () =>
  useRefreshingMutation(({ id, input }: { id: string; input: UserUpdateInput }) => api.patch(`/users/${id}`, user, input), [userKeys.all]);

/** Deactivate or reactivate a user of the company. */
export const useSetUserActive = () =>
  useRefreshingMutation(({ id, active }: { id: string; active: boolean }) => api.post(`/users/${id}/${active ? 'reactivate' : 'deactivate'}`, user, {}), [userKeys.all]);

export type UserFilters = { search?: string; status?: UserStatus; role?: Role };

/** The company's users, newest first, a page at a time, filtered. */
export const usersQuery = (filters: UserFilters = {}) =>
  // The total is counted with the first page only: later pages keep it.
  infiniteListQuery(userKeys.list(filters), '/users', userPage, (cursor) => ({ count: cursor ? undefined : 'true', ...filters }));

export const useCreateUser = () => useRefreshingMutation((input: UserCreateInput) => api.post('/users', user, input), [userKeys.all]);

/** Creates an Invited user who chooses their password from the emailed link. */
export const useInviteUser = () => useRefreshingMutation((input: UserInviteInput) => api.post('/users/invitations', user, input), [userKeys.all]);

/** The row actions that send or withdraw a link. */
export type LinkAction = 'resend-invitation' | 'revoke-invitation' | 'send-password-reset';
export const useUserLinkAction = () =>
  useRefreshingMutation(({ id, action }: { id: string; action: LinkAction }) => api.post(`/users/${id}/${action}`, null, {}), [userKeys.all]);

export const useDeleteUser = () => useRefreshingMutation((id: string) => api.delete(`/users/${id}`), [userKeys.all]);

/** Ends every session of a user of the company. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ revoked: number }>(`/users/${id}/sign-out-everywhere`),
  });
}
