// No zod here: the products hub imports these constants and must stay small (schemas: product-schemas.ts).
export const PRODUCT_TYPES = ['crm', 'ats', 'hrms', 'projects'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export interface Product {
  id: string;
  name: string;
  type: ProductType;
  description: string | null;
}

export interface ProductList {
  items: Product[];
}

/** Where each product's Open button leads (spec §2, products hub). */
export const PRODUCT_PATHS: Record<ProductType, string> = {
  crm: '/crm',
  ats: '/ats',
  hrms: '/hrms',
  projects: '/projects',
};
