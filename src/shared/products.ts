import { z } from 'zod';

export const PRODUCT_TYPES = ['crm', 'ats', 'hrms', 'projects'] as const;
export const productType = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productType>;

export const product = z.object({
  id: z.uuid(),
  name: z.string(),
  type: productType,
  description: z.string().nullable(),
});
export type Product = z.infer<typeof product>;

export const productList = z.object({ items: z.array(product) });
export type ProductList = z.infer<typeof productList>;

/** Where each product's Open button leads (spec §2, products hub). */
export const PRODUCT_PATHS: Record<ProductType, string> = {
  crm: '/crm',
  ats: '/ats',
  hrms: '/hrms',
  projects: '/projects',
};
