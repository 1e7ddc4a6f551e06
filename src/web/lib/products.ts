import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '@/shared/products';
import { api } from './api';

/** The products the signed-in user may open. */
export const myProductsQuery = queryOptions({
  queryKey: ['products', 'mine'],
  queryFn: async () => (await api.get<ProductList>('/me/products')).items,
});

export const useMyProducts = () => useQuery(myProductsQuery);
