import { z } from 'zod';
import { PRODUCT_TYPES, type Product } from './products';

export const product = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PRODUCT_TYPES),
  description: z.string().nullable(),
})
  .meta({
    id: 'Product',
    examples: [{ id: '3f2b8c1e-6a0d-4e7b-9c55-0a1b2c3d4e5f', name: 'CRM', type: 'crm', description: 'Customer relationship management' }],
  }) satisfies z.ZodType<Product>;

export const productList = z.object({ items: z.array(product) });
