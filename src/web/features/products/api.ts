import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PRODUCT_TYPES, type ProductList } from '@/shared/products';
import { api } from '@/web/lib/api';

/** Every product, by name: what a new company can choose at sign-up. */
export const catalogueQuery = queryOptions({
  queryKey: ['products', 'catalogue'],
  queryFn: async () => (await api.get<ProductList>('/products')).items,
  staleTime: Infinity,
  retry: false,
});

export { myProductsQuery, useMyProducts } from '@/web/lib/products';

/**
 * After a product was added to or removed from the company or an entity: everything that shows
 * who holds what is read again at once. The products hub and the module frames (['products']), the
 * settings list (['company', 'products']), the entities and their products (['entities']), users'
 * grants (['users']), and each module's scope and records (['crm'], ['hrms'], ...): a module that
 * was removed must not keep showing its records from the cache.
 */
export function refreshProductAccess(qc: QueryClient) {
  const roots = new Set<unknown>(['products', 'entities', 'users', ...PRODUCT_TYPES]);
  return qc.invalidateQueries({
    predicate: ({ queryKey }) => roots.has(queryKey[0]) || (queryKey[0] === 'company' && queryKey[1] === 'products'),
  });
}
