import { queryOptions } from '@tanstack/react-query';
import { entity, entityOptions, entityPage, type EntityCreateInput, type EntityUpdateInput } from '@/shared/entities';
import { api } from '@/web/lib/api';
import { infiniteListQuery, useRefreshingMutation } from '@/web/lib/record-queries';
import { refreshProductAccess } from '../products/api';

export const entityKeys = {
  all: ['entities'] as const,
  list: () => [...entityKeys.all, 'list'] as const,
  options: () => [...entityKeys.all, 'options'] as const,
};

/** The company's entities with their organization's name, newest first, a page at a time. */
export const entitiesQuery = infiniteListQuery(entityKeys.list(), '/entities', entityPage);

/** Every entity of the company by name, with the products it holds (the user wizard's choices). */
export const entityOptionsQuery = queryOptions({
  queryKey: entityKeys.options(),
  queryFn: async () => (await api.get('/entity-options', entityOptions)).items,
});

export const useCreateEntity = () => useRefreshingMutation((input: EntityCreateInput) => api.post('/entities', entity, input), [entityKeys.all]);

export const useUpdateEntity = () =>
  useRefreshingMutation(
    ({ id, ...input }: EntityUpdateInput & { id: string }) => api.patch(`/entities/${id}`, entity, input),
    // Its products may have changed: the hub, the modules and users' grants follow (this includes the entities).
    refreshProductAccess,
  );
