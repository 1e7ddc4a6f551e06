import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { entity, entityOptions, entityPage, type EntityCreateInput, type EntityUpdateInput } from '@/shared/entities';
import { DEFAULT_PAGE_SIZE } from '@/shared/pagination';
import { api } from '@/web/lib/api';
import { refreshProductAccess } from '../products/api';

export const entityKeys = {
  all: ['entities'] as const,
  list: () => [...entityKeys.all, 'list'] as const,
  options: () => [...entityKeys.all, 'options'] as const,
};

/** The company's entities with their organization's name, newest first, a page at a time. */
export const entitiesQuery = infiniteQueryOptions({
  queryKey: entityKeys.list(),
  queryFn: ({ pageParam }) => api.get('/entities', entityPage, { limit: DEFAULT_PAGE_SIZE, cursor: pageParam }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** Every entity of the company by name, with the products it holds (the user wizard's choices). */
export const entityOptionsQuery = queryOptions({
  queryKey: entityKeys.options(),
  queryFn: async () => (await api.get('/entity-options', entityOptions)).items,
});

export function useCreateEntity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EntityCreateInput) => api.post('/entities', entity, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: entityKeys.all }),
  });
}

export function useUpdateEntity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: EntityUpdateInput & { id: string }) => api.patch(`/entities/${id}`, entity, input),
    // Its products may have changed: the hub, the modules and users' grants follow (this includes the entities).
    onSuccess: () => refreshProductAccess(qc),
  });
}
