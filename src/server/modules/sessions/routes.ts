import { OpenAPIHono } from '@hono/zod-openapi';
import { noFields, revokedCount, SESSION_MESSAGES, sessionList } from '@/shared/sessions';
import { USER_MESSAGES } from '@/shared/users';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { notFound } from '../../http/errors';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { listMySessions, revokeAllSessionsOf, revokeMyOtherSessions, revokeMySession } from './service';

const mine = defineRoute('user', {
  method: 'get',
  path: '/me/sessions',
  summary: "The signed-in user's sessions (never their tokens), the current one marked",
  tags: ['Sessions'],
  responses: { 200: jsonContent(sessionList) },
});

const revokeOne = defineRoute('user', {
  method: 'delete',
  path: '/me/sessions/{id}',
  summary: 'Sign out one of your sessions',
  tags: ['Sessions'],
  request: { params: idParams },
  responses: { 204: { description: 'Signed out' }, 404: errorContent(SESSION_MESSAGES.notFound) },
});

const revokeOthers = defineRoute('user', {
  method: 'post',
  path: '/me/sessions/sign-out-others',
  summary: 'Sign out every session but the current one',
  tags: ['Sessions'],
  request: { body: jsonBody(noFields) },
  responses: { 200: jsonContent(revokedCount) },
});

const revokeAll = defineRoute('super_admin', {
  method: 'post',
  path: '/users/{id}/sign-out-everywhere',
  summary: 'End every session of a user of your company',
  tags: ['Sessions'],
  request: { params: idParams, body: jsonBody(noFields) },
  responses: { 200: jsonContent(revokedCount), 404: errorContent(USER_MESSAGES.notFound) },
});

export const sessionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(mine, async (c) => c.json({ items: await listMySessions(c.get('database').db, c.get('user'), c.get('sessionId')) }, 200))
  .openapi(revokeOne, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound(SESSION_MESSAGES.notFound);
    await revokeMySession(c.get('database').db, c.get('user'), id.toLowerCase(), auditContext(c));
    return c.body(null, 204);
  })
  .openapi(revokeOthers, async (c) => {
    const revoked = await revokeMyOtherSessions(c.get('database').db, c.get('user'), c.get('sessionId'), auditContext(c));
    return c.json({ revoked }, 200);
  })
  .openapi(revokeAll, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound(USER_MESSAGES.notFound);
    const revoked = await revokeAllSessionsOf(c.get('database').db, c.get('user'), id.toLowerCase(), auditContext(c));
    return c.json({ revoked }, 200);
  });
