import { OpenAPIHono } from '@hono/zod-openapi';
import { ENTITY_MESSAGES, entity, entityCreateInput, entityOptions, entityPage, entityUpdateInput } from '@/shared/entities';
import { pageQuery } from '@/shared/pagination';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { requestLog } from '../../http/request-context';
import { notFound } from '../../http/errors';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { createEntity, listEntities, listEntityOptions, updateEntity } from './service';

const list = defineRoute('super_admin', {
  method: 'get',
  path: '/entities',
  summary: "The company's entities, newest first",
  tags: ['Entities'],
  request: { query: pageQuery },
  responses: { 200: jsonContent(entityPage) },
});

const options = defineRoute('super_admin', {
  method: 'get',
  path: '/entity-options',
  summary: "The company's entities by name, with the products each holds",
  description: 'Every entity of the company (no paging), for the user form.',
  tags: ['Entities'],
  responses: { 200: jsonContent(entityOptions) },
});

const create = defineRoute('super_admin', {
  method: 'post',
  path: '/entities',
  summary: 'Create an entity with its product access',
  description: 'The name is unique within its organization. Each product must be one the company holds.',
  tags: ['Entities'],
  request: { body: jsonBody(entityCreateInput) },
  responses: {
    201: jsonContent(entity, 'Created'),
    404: errorContent(ENTITY_MESSAGES.organizationNotFound),
    400: errorContent(ENTITY_MESSAGES.productNotHeld),
    409: errorContent(ENTITY_MESSAGES.duplicateOnCreate),
  },
});

const update = defineRoute('super_admin', {
  method: 'patch',
  path: '/entities/{id}',
  summary: "Change an entity's name, country and products",
  description:
    "The organization does not change. `productIds`, when sent, is the entity's whole list from now on (at least one, each one the company holds). A product left out ends every user's grant of it at this entity, in one transaction with the audit events; the module's records at the entity are kept, and show again when the entity gets the product back (its users must be granted it again).",
  tags: ['Entities'],
  request: { params: idParams, body: jsonBody(entityUpdateInput) },
  responses: {
    200: jsonContent(entity),
    400: errorContent(ENTITY_MESSAGES.productNotHeld),
    404: errorContent(ENTITY_MESSAGES.notFound),
    409: errorContent(ENTITY_MESSAGES.duplicateOnUpdate),
  },
});

export const entityRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => c.json(await listEntities(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(options, async (c) => c.json({ items: await listEntityOptions(c.get('database').db, c.get('user')) }, 200))
  .openapi(create, async (c) => {
    const created = await createEntity(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c));
    requestLog(c).info({ event: 'entity_created', entityId: created.id }, 'admin change');
    return c.json(created, 201);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound(ENTITY_MESSAGES.notFound);
    const updated = await updateEntity(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c));
    requestLog(c).info({ event: 'entity_updated', entityId: id }, 'admin change');
    return c.json(updated, 200);
  });
