import { OpenAPIHono } from '@hono/zod-openapi';
import { COMPANY_PRODUCT_MESSAGES, companyProductInput, companyProductList } from '@/shared/company-products';
import { productList } from '@/shared/product-schemas';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { notFound } from '../../http/errors';
import { idParams, isUuid } from '../../http/params';
import { requestLog } from '../../http/request-context';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { addCompanyProduct, listCompanyProducts, removeCompanyProduct } from './company';
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

const companyProducts = defineRoute('super_admin', {
  method: 'get',
  path: '/company/products',
  summary: "Every product, by name, with whether the company holds it",
  description: 'With, for each, how many of the company\'s entities hold it and how many users are granted it: what removing it would end.',
  tags: ['Products'],
  responses: { 200: jsonContent(companyProductList) },
});

const addProduct = defineRoute('super_admin', {
  method: 'post',
  path: '/company/products',
  summary: 'Add a product to the company',
  description:
    "It shows on the super admins' products hub at once; give it to entities with `PATCH /entities/{id}`, then grant it to users. Adding a product the company holds already changes nothing. Answers the company's products.",
  tags: ['Products'],
  request: { body: jsonBody(companyProductInput) },
  responses: { 200: jsonContent(companyProductList), 404: errorContent(COMPANY_PRODUCT_MESSAGES.notFound) },
});

const removeProduct = defineRoute('super_admin', {
  method: 'delete',
  path: '/company/products/{id}',
  summary: 'Remove a product from the company and from all its entities',
  description:
    "The product's access rows end, in one transaction with the audit events: every entity's, and every user's grant of it (nobody can open the module any more; open live streams end). The module's data is kept: add the product again, give it to an entity, and that entity's records are there again (users must be granted it again). The company's last product cannot be removed. Removing one it does not hold changes nothing. Answers the company's products.",
  tags: ['Products'],
  request: { params: idParams },
  responses: {
    200: jsonContent(companyProductList),
    400: errorContent(COMPANY_PRODUCT_MESSAGES.lastProduct),
    404: errorContent(COMPANY_PRODUCT_MESSAGES.notFound),
  },
});

export const productRoutes = new OpenAPIHono<AppEnv>()
  .openapi(catalogue, async (c) => c.json({ items: await listCatalogue(c.get('database').db) }, 200))
  .openapi(mine, async (c) => c.json({ items: await listAccessibleProducts(c.get('database').db, c.get('user')) }, 200))
  .openapi(companyProducts, async (c) => c.json({ items: await listCompanyProducts(c.get('database').db, c.get('user')) }, 200))
  .openapi(addProduct, async (c) => {
    const { productId } = c.req.valid('json');
    const items = await addCompanyProduct(c.get('database').db, c.get('user'), productId, auditContext(c));
    requestLog(c).info({ event: 'company_product_added', productId }, 'admin change');
    return c.json({ items }, 200);
  })
  .openapi(removeProduct, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound(COMPANY_PRODUCT_MESSAGES.notFound);
    const items = await removeCompanyProduct(c.get('database').db, c.get('user'), id, auditContext(c));
    requestLog(c).info({ event: 'company_product_removed', productId: id }, 'admin change');
    return c.json({ items }, 200);
  });
