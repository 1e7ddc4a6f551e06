import { OpenAPIHono } from '@hono/zod-openapi';
import { productList } from '@/shared/product-schemas';
import type { AppEnv } from '../../http/env';
import { defineRoute, jsonContent } from '../../http/route';
import { listAccessibleProducts, listCatalogue } from './service';

const catalogue = defineRoute('public', {
  method: 'get',
  path: '/products',
  summary: 'Every product, by name (for sign-up)',
  tags: ['Products'],
  responses: { 200: jsonContent(productList) },
});

const mine = defineRoute('user', {
  method: 'get',
  path: '/me/products',
  summary: 'The products the signed-in user may open, by name',
  description: "A super admin may open every product the company holds; a user, those of their access rows.",
  tags: ['Products'],
  responses: { 200: jsonContent(productList) },
});

export const productRoutes = new OpenAPIHono<AppEnv>()
  .openapi(catalogue, async (c) => c.json({ items: await listCatalogue(c.get('database').db) }, 200))
  .openapi(mine, async (c) => c.json({ items: await listAccessibleProducts(c.get('database').db, c.get('user')) }, 200));
