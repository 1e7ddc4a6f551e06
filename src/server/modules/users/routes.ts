import { OpenAPIHono } from '@hono/zod-openapi';
import { AUTH_MESSAGES } from '@/shared/auth';
import { pageQuery } from '@/shared/pagination';
import { USER_MESSAGES, user, userCreateInput, userPage } from '@/shared/users';
import type { AppEnv } from '../../http/env';
import { requestLog } from '../../http/request-context';
import { clientIp } from '../../http/client-ip';
import { AppError, notFound, tooManyRequests } from '../../http/errors';
import { reserveAttempt } from '../../http/rate-limit';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { createUser, deleteUser, listUsers } from './service';

const list = defineRoute('super_admin', {
  method: 'get',
  path: '/users',
  summary: "The company's users, newest first",
  tags: ['Users'],
  request: { query: pageQuery },
  responses: { 200: jsonContent(userPage) },
});

const create = defineRoute('super_admin', {
  method: 'post',
  path: '/users',
  summary: 'Create a user (role user) with per-product, per-entity access',
  description:
    'The user and their access rows are written in one transaction. Each access row names a product the entity holds; the email is unique across all companies.',
  tags: ['Users'],
  request: { body: jsonBody(userCreateInput) },
  responses: {
    201: jsonContent(user, 'Created'),
    400: errorContent(USER_MESSAGES.invalidAccess),
    409: errorContent(AUTH_MESSAGES.emailTaken),
  },
});

const remove = defineRoute('super_admin', {
  method: 'delete',
  path: '/users/{id}',
  summary: 'Delete a user, their access and their sessions',
  description: 'Their sessions end at once. A super admin cannot delete themselves.',
  tags: ['Users'],
  request: { params: idParams },
  responses: {
    204: { description: 'Deleted' },
    400: errorContent(USER_MESSAGES.cannotDeleteSelf),
    404: errorContent(USER_MESSAGES.notFound),
  },
});

export const userRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => c.json(await listUsers(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(create, async (c) => {
    const config = c.get('config');
    const actor = c.get('user');
    // A 409 tells the caller that the email is registered (in any company): those answers are
    // limited like sign-up, per client address and per admin. The attempt is reserved before the
    // insert (parallel requests cannot all pass) and given back for any other outcome, so adding
    // many new users is not limited.
    const attempt = await reserveAttempt(
      c.get('rateLimits'),
      [
        { key: `user-create:${clientIp(c)}`, max: config.SIGN_UP_MAX_ATTEMPTS },
        { key: `user-create-actor:${actor.id}`, max: config.SIGN_UP_MAX_ATTEMPTS },
      ],
      config.RATE_LIMIT_WINDOW_SECONDS,
    );
    if (!attempt) throw tooManyRequests(USER_MESSAGES.tooManyTakenEmails);
    let created;
    try {
      created = await createUser(c.get('database').db, c.get('auth'), actor, c.req.valid('json'));
    } catch (e) {
      if (!(e instanceof AppError && e.status === 409)) await attempt.release();
      throw e;
    }
    await attempt.release();
    requestLog(c).info({ event: 'user_created', targetUserId: created.id }, 'admin change');
    return c.json(created, 201);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound(USER_MESSAGES.notFound);
    await deleteUser(c.get('database').db, c.get('user'), id);
    requestLog(c).info({ event: 'user_deleted', targetUserId: id }, 'admin change');
    return c.body(null, 204);
  });
