import { OpenAPIHono } from '@hono/zod-openapi';
import { AUTH_MESSAGES } from '@/shared/auth';
import { pageQuery } from '@/shared/pagination';
import { USER_MESSAGES, user, userCreateInput, userPage } from '@/shared/users';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { requestLog } from '../../http/request-context';
import { notFound } from '../../http/errors';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { createUser, deleteUser, listUsers } from './service';

const list = defineRoute('super_admin', {
  method: 'get',
  path: '/users',
  summary: "The company's users, newest first",
  request: { query: pageQuery },
  responses: { 200: jsonContent(userPage) },
});

const create = defineRoute('super_admin', {
  method: 'post',
  path: '/users',
  summary: 'Create a user (role user) with per-product, per-entity access',
  request: { body: jsonBody(userCreateInput) },
  responses: { 201: jsonContent(user, 'Created'), 409: errorContent(AUTH_MESSAGES.emailTaken) },
});

const remove = defineRoute('super_admin', {
  method: 'delete',
  path: '/users/{id}',
  summary: 'Delete a user, their access and their sessions',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, 404: errorContent(USER_MESSAGES.notFound) },
});

export const userRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => c.json(await listUsers(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(create, async (c) => {
    const created = await createUser(c.get('database').db, c.get('auth'), c.get('user'), c.req.valid('json'), auditContext(c));
    requestLog(c).info({ event: 'user_created', targetUserId: created.id }, 'admin change');
    return c.json(created, 201);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound(USER_MESSAGES.notFound);
    await deleteUser(c.get('database').db, c.get('user'), id, auditContext(c));
    requestLog(c).info({ event: 'user_deleted', targetUserId: id }, 'admin change');
    return c.body(null, 204);
  });
