import { queryOptions } from '@tanstack/react-query';
import { organization, organizationOptions, organizationPage, type OrganizationInput } from '@/shared/organizations';
import { api } from '@/web/lib/api';
import { infiniteListQuery, useRefreshingMutation } from '@/web/lib/record-queries';

export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  options: () => [...organizationKeys.all, 'options'] as const,
};

/** The company's organizations, newest first, a page at a time. */
export const organizationsQuery = infiniteListQuery(organizationKeys.list(), '/organizations', organizationPage);

/** Every organization of the company by name, for selects. */
export const organizationOptionsQuery = queryOptions({
  queryKey: organizationKeys.options(),
  queryFn: async () => (await api.get('/organizations/options', organizationOptions)).items,
});

export const useCreateOrganization = () =>
  useRefreshingMutation((input: OrganizationInput) => api.post('/organizations', organization, input), [organizationKeys.all]);

export const useUpdateOrganization = () =>
  useRefreshingMutation(
    ({ id, ...input }: OrganizationInput & { id: string }) => api.patch(`/organizations/${id}`, organization, input),
    // Entity lists and options show the organization's name.
    [organizationKeys.all, ['entities']],
  );
