import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyProductList } from '@/shared/company-products';
import { api } from '@/web/lib/api';
import { refreshProductAccess } from '../products/api';

/** Every product, by name, with whether the company holds it and what removing it would end. */
export const companyProductsQuery = queryOptions({
  queryKey: ['company', 'products'],
  queryFn: async () => (await api.get<CompanyProductList>('/company/products')).items,
});

/** Adds (`add: true`) or removes a product of the company; the hub, entities and modules follow at once. */
export function useChangeCompanyProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, add }: { productId: string; add: boolean }) => {
      if (add) await api.post('/company/products', null, { productId });
      else await api.delete(`/company/products/${productId}`);
    },
    onSuccess: () => refreshProductAccess(qc),
  });
}
