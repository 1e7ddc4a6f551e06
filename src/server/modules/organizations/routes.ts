import { OpenAPIHono } from '@hono/zod-openapi';
import {
  ORGANIZATION_MESSAGES,
  organization,
  organizationInput,
  organizationOptions,
  organizationPage,
} from '@/shared/organizations';
import { pageQuery } from '@/shared/pagination';
import type { AppEnv } from '../../http/env';
import { requestLog } from '../../http/request-context';
import { notFound } from '../../http/errors';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { createOrganization, listOrganizationOptions, listOrganizations, updateOrganization } from './service';

const list = defineRoute('super_admin', {
  method: 'get',
  path: '/organizations',
  summary: "The company's organizations, newest first",
  tags: ['Organizations'],
  request: { query: pageQuery },
  responses: { 200: jsonContent(organizationPage) },
});

const options = defineRoute('super_admin', {
  method: 'get',
  path: '/organizations/options',
  summary: "The company's organizations by name, for selects",
  tags: ['Organizations'],
  responses: { 200: jsonContent(organizationOptions) },
});

const create = defineRoute('super_admin', {
  method: 'post',
  path: '/organizations',
  summary: 'Create an organization (name unique in the company)',
  description: 'The name is trimmed, and unique in the company exactly as typed.',
  tags: ['Organizations'],
  request: { body: jsonBody(organizationInput) },
  responses: { 201: jsonContent(organization, 'Created'), 409: errorContent(ORGANIZATION_MESSAGES.duplicate) },
});

const update = defineRoute('super_admin', {
  method: 'patch',
  path: '/organizations/{id}',
  summary: 'Rename an organization',
  tags: ['Organizations'],
  request: { params: idParams, body: jsonBody(organizationInput) },
  responses: {
    200: jsonContent(organization),
    404: errorContent(ORGANIZATION_MESSAGES.notFound),
    409: errorContent(ORGANIZATION_MESSAGES.duplicate),
  },
});

export const organizationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => c.json(await listOrganizations(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(options, async (c) => c.json({ items: await listOrganizationOptions(c.get('database').db, c.get('user')) }, 200))
  .openapi(create, async (c) => {
    const created = await createOrganization(c.get('database').db, c.get('user'), c.req.valid('json'));
    requestLog(c).info({ event: 'organization_created', organizationId: created.id }, 'admin change');
    return c.json(created, 201);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound(ORGANIZATION_MESSAGES.notFound);
    const updated = await updateOrganization(c.get('database').db, c.get('user'), id, c.req.valid('json'));
    requestLog(c).info({ event: 'organization_updated', organizationId: id }, 'admin change');
    return c.json(updated, 200);
  });
