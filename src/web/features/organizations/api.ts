import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  organization,
  organizationOptions,
  organizationPage,
  type OrganizationInput,
} from '@/shared/organizations';
import { DEFAULT_PAGE_SIZE } from '@/shared/pagination';
import { api } from '@/web/lib/api';

export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  options: () => [...organizationKeys.all, 'options'] as const,
};

/** The company's organizations, newest first, a page at a time. */
export const organizationsQuery = infiniteQueryOptions({
  queryKey: organizationKeys.list(),
  queryFn: ({ pageParam }) => api.get('/organizations', organizationPage, { limit: DEFAULT_PAGE_SIZE, cursor: pageParam }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** Every organization of the company by name, for selects. */
export const organizationOptionsQuery = queryOptions({
  queryKey: organizationKeys.options(),
  queryFn: async () => (await api.get('/organizations/options', organizationOptions)).items,
});

export function useCreateOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationInput) => api.post('/organizations', organization, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

export function useUpdateOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: OrganizationInput & { id: string }) => api.patch(`/organizations/${id}`, organization, input),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: organizationKeys.all }),
        // Entity lists and options show the organization's name.
        qc.invalidateQueries({ queryKey: ['entities'] }),
      ]),
  });
}
