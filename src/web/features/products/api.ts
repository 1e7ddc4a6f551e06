import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '@/shared/products';
import { api } from '@/web/lib/api';

/** Every product, by name: what a new company can choose at sign-up. */
export const catalogueQuery = queryOptions({
  queryKey: ['products', 'catalogue'],
  queryFn: async () => (await api.get<ProductList>('/products')).items,
  staleTime: Infinity,
  retry: false,
});

/** The products the signed-in user may open. */
export const myProductsQuery = queryOptions({
  queryKey: ['products', 'mine'],
  queryFn: async () => (await api.get<ProductList>('/me/products')).items,
});

export const useMyProducts = () => useQuery(myProductsQuery);
