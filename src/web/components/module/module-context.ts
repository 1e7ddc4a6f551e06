import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModuleContext } from '@/shared/modules';
import type { ProductType } from '@/shared/products';
import { roleAtLeast, type AccessRole } from '@/shared/roles';
import { api } from '@/web/lib/api';
import { useUrlParams } from '@/web/lib/use-url-params';

/** The caller's entities for a module, with their role (GET /api/{module}/context). */
export const moduleContextQuery = (product: ProductType) =>
  queryOptions({
    queryKey: [product, 'context'],
    queryFn: () => api.get<ModuleContext>(`/${product}/context`),
    staleTime: 60_000,
  });

/**
 * The module's scope on the page: the entity chosen in the URL (`?entity=`, so a link shares
 * it), or every entity of the caller ("All entities"), and what the caller may do there.
 */
export function useModuleScope(product: ProductType) {
  const context = useQuery(moduleContextQuery(product));
  const [params, setParams] = useUrlParams();
  const requested = params.get('entity') ?? undefined;
  const entities = context.data?.entities ?? [];
  const entity = entities.find((e) => e.id === requested);
  const inScope = entity ? [entity] : entities;
  /** Whether the caller holds at least `role` somewhere in the scope (or at `entityId`). */
  const can = (role: AccessRole, entityId?: string) =>
    (entityId ? entities.filter((e) => e.id === entityId) : inScope).some((e) => roleAtLeast(e.role, role));
  const setEntity = (id: string | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('entity', id);
        else next.delete('entity');
        // A new scope starts at the first page.
        next.delete('cursor');
        return next;
      },
      { replace: false },
    );
  return { context, entities, entity, entityId: entity?.id, inScope, can, setEntity };
}
export type ModuleScopeState = ReturnType<typeof useModuleScope>;

/** `?entity=` of the current scope, for links between a module's pages that keep it. */
export const entitySearch = (scope: ModuleScopeState) => (scope.entityId ? `?entity=${scope.entityId}` : '');
