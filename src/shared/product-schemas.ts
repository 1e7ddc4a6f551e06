import { z } from 'zod';
import { PRODUCT_TYPES, type Product } from './products';

export const product = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PRODUCT_TYPES),
  description: z.string().nullable(),
}) satisfies z.ZodType<Product>;

export const productList = z.object({ items: z.array(product) });
