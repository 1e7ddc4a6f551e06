import { OpenAPIHono } from '@hono/zod-openapi';
import { AUTH_MESSAGES } from '@/shared/auth';
import { noFields } from '@/shared/sessions';
import { USER_MESSAGES, user, userCreateInput, userDetail, userInviteInput, userListQuery, userPage, userUpdateInput } from '@/shared/users';
import type { Context } from 'hono';
import type { z } from 'zod';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { requestLog } from '../../http/request-context';
import { clientIp } from '../../http/client-ip';
import { AppError, notFound, tooManyRequests } from '../../http/errors';
import { reserveAttempt } from '../../http/rate-limit';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import {
  createUser,
  deactivateUser,
  deleteUser,
  getUser,
  listUsers,
  reactivateUser,
  resendInvitation,
  revokeInvitation,
  sendUserPasswordReset,
  updateUser,
} from './service';

const list = defineRoute('super_admin', {
  method: 'get',
  path: '/users',
  summary: "The company's users, newest first, with search and filters",
  description: '`search` matches anywhere in the name or the start of the email, without regard to case; `status` and `role` filter. `total` counts every match.',
  tags: ['Users'],
  request: { query: userListQuery },
  responses: { 200: jsonContent(userPage) },
});

const create = defineRoute('super_admin', {
  method: 'post',
  path: '/users',
  summary: 'Create a user (role user) with per-product, per-entity access',
  description:
    'The user and their access rows are written in one transaction. Each access row names a product the entity holds; the email is unique across all companies. ' +
    '"Email taken" answers are limited per client address and per admin (`SIGN_UP_MAX_ATTEMPTS` per `RATE_LIMIT_WINDOW_SECONDS`), shared with invitations and email changes.',
  tags: ['Users'],
  request: { body: jsonBody(userCreateInput) },
  responses: {
    201: jsonContent(user, 'Created'),
    400: errorContent(USER_MESSAGES.invalidAccess),
    409: errorContent(AUTH_MESSAGES.emailTaken),
    429: errorContent(USER_MESSAGES.tooManyTakenEmails),
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

const read = defineRoute('super_admin', {
  method: 'get',
  path: '/users/{id}',
  summary: 'A user of the company with their product access rows',
  tags: ['Users'],
  request: { params: idParams },
  responses: { 200: jsonContent(userDetail), 404: errorContent(USER_MESSAGES.notFound) },
});

const update = defineRoute('super_admin', {
  method: 'patch',
  path: '/users/{id}',
  summary: "Change a user's name, email, company role and access",
  description:
    'One transaction. The access rows sent replace the user\'s and take effect on their next request. ' +
    'The last active super admin of the company cannot be demoted (409). A new email revokes every unused invitation and password-reset link of the user. ' +
    '"Email taken" answers share the limit of POST /users.',
  tags: ['Users'],
  request: { params: idParams, body: jsonBody(userUpdateInput) },
  responses: {
    200: jsonContent(user),
    400: errorContent(USER_MESSAGES.invalidAccess, USER_MESSAGES.configureAccess),
    404: errorContent(USER_MESSAGES.notFound),
    409: errorContent(AUTH_MESSAGES.emailTaken, USER_MESSAGES.lastSuperAdmin),
    429: errorContent(USER_MESSAGES.tooManyTakenEmails),
  },
});

const deactivate = defineRoute('super_admin', {
  method: 'post',
  path: '/users/{id}/deactivate',
  summary: 'Deactivate a user: their sessions end and sign-in is refused; data and access are kept',
  tags: ['Users'],
  request: { params: idParams, body: jsonBody(noFields) },
  responses: {
    200: jsonContent(user),
    400: errorContent(USER_MESSAGES.cannotDeactivateSelf),
    404: errorContent(USER_MESSAGES.notFound),
    409: errorContent(USER_MESSAGES.lastSuperAdmin, USER_MESSAGES.invitedCannotBeDeactivated),
  },
});

const reactivate = defineRoute('super_admin', {
  method: 'post',
  path: '/users/{id}/reactivate',
  summary: 'Reactivate a deactivated user, with the access they had',
  tags: ['Users'],
  request: { params: idParams, body: jsonBody(noFields) },
  responses: {
    200: jsonContent(user),
    404: errorContent(USER_MESSAGES.notFound),
    409: errorContent(USER_MESSAGES.notDeactivated),
  },
});

const invite = defineRoute('super_admin', {
  method: 'post',
  path: '/users/invitations',
  summary: 'Invite a user: they get an email link (valid 7 days, single use) to choose their password',
  description:
    'The user (status invited, no password), their access rows and the invitation email (through the outbox) are written in one transaction. Limited like POST /users for emails already registered.',
  tags: ['Users'],
  request: { body: jsonBody(userInviteInput) },
  responses: {
    201: jsonContent(user, 'Created'),
    400: errorContent(USER_MESSAGES.invalidAccess),
    409: errorContent(AUTH_MESSAGES.emailTaken),
    429: errorContent(USER_MESSAGES.tooManyTakenEmails),
  },
});

const userAction = (path: string, summary: string, conflictMessage: string) =>
  defineRoute('super_admin', {
    method: 'post',
    path,
    summary,
    tags: ['Users'],
    request: { params: idParams, body: jsonBody(noFields) },
    responses: { 204: { description: 'Done' }, 404: errorContent(USER_MESSAGES.notFound), 409: errorContent(conflictMessage) },
  });

const resend = userAction('/users/{id}/resend-invitation', 'Send an invited user a new invitation link (the earlier one stops working)', USER_MESSAGES.notInvited);
const revoke = userAction('/users/{id}/revoke-invitation', "Revoke an invited user's link; they stay Invited", USER_MESSAGES.notInvited);
const sendReset = userAction('/users/{id}/send-password-reset', 'Email an active user a password-reset link (valid 1 hour)', USER_MESSAGES.notActive);

const validId = (id: string) => {
  if (!isUuid(id)) throw notFound(USER_MESSAGES.notFound);
  return id;
};

/**
 * A 409 "email taken" tells the caller that the email is registered (in any company): creating,
 * inviting and changing a user's email each give that answer, so they share one limit, like
 * sign-up, per client address and per admin (the same counters: alternating the routes gains
 * nothing). The attempt is reserved before the write (parallel requests cannot all pass) and given
 * back for any other outcome, so adding or editing many users is not limited.
 */
async function limitTakenEmailAnswers<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  const config = c.get('config');
  const attempt = await reserveAttempt(
    c.get('rateLimits'),
    [
      { key: `user-create:${clientIp(c)}`, max: config.SIGN_UP_MAX_ATTEMPTS },
      { key: `user-create-actor:${c.get('user').id}`, max: config.SIGN_UP_MAX_ATTEMPTS },
    ],
    config.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!attempt) throw tooManyRequests(USER_MESSAGES.tooManyTakenEmails);
  let result: T;
  try {
    result = await work();
  } catch (e) {
    if (!(e instanceof AppError && e.status === 409 && e.message === AUTH_MESSAGES.emailTaken)) await attempt.release();
    throw e;
  }
  await attempt.release();
  return result;
}

async function createOrInvite(
  c: Context<AppEnv>,
  input: z.output<typeof userCreateInput> | z.output<typeof userInviteInput>,
  inviting = false,
) {
  const config = c.get('config');
  const created = await limitTakenEmailAnswers(c, () =>
    createUser(c.get('database').db, c.get('auth'), c.get('user'), input, auditContext(c), inviting ? { baseUrl: config.baseUrl } : undefined),
  );
  requestLog(c).info({ event: inviting ? 'user_invited' : 'user_created', targetUserId: created.id }, 'admin change');
  return created;
}

export const userRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => c.json(await listUsers(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(create, async (c) => c.json(await createOrInvite(c, c.req.valid('json')), 201))
  .openapi(invite, async (c) => c.json(await createOrInvite(c, c.req.valid('json'), true), 201))
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound(USER_MESSAGES.notFound);
    await deleteUser(c.get('database').db, c.get('user'), id, auditContext(c));
    requestLog(c).info({ event: 'user_deleted', targetUserId: id }, 'admin change');
    return c.body(null, 204);
  })
  .openapi(read, async (c) => c.json(await getUser(c.get('database').db, c.get('user'), validId(c.req.valid('param').id)), 200))
  .openapi(update, async (c) => {
    const id = validId(c.req.valid('param').id);
    const input = c.req.valid('json');
    const save = () => updateUser(c.get('database').db, c.get('user'), id, input, auditContext(c));
    // Only a body with an email can be answered "email taken".
    const updated = input.email === undefined ? await save() : await limitTakenEmailAnswers(c, save);
    requestLog(c).info({ event: 'user_updated', targetUserId: id }, 'admin change');
    return c.json(updated, 200);
  })
  .openapi(deactivate, async (c) => {
    const id = validId(c.req.valid('param').id);
    const updated = await deactivateUser(c.get('database').db, c.get('user'), id, auditContext(c));
    requestLog(c).info({ event: 'user_deactivated', targetUserId: id }, 'admin change');
    return c.json(updated, 200);
  })
  .openapi(reactivate, async (c) => {
    const id = validId(c.req.valid('param').id);
    const updated = await reactivateUser(c.get('database').db, c.get('user'), id, auditContext(c));
    requestLog(c).info({ event: 'user_reactivated', targetUserId: id }, 'admin change');
    return c.json(updated, 200);
  })
  .openapi(resend, async (c) => {
    const id = validId(c.req.valid('param').id);
    await resendInvitation(c.get('database').db, c.get('user'), id, c.get('config').baseUrl, auditContext(c));
    requestLog(c).info({ event: 'invitation_sent', targetUserId: id }, 'admin change');
    return c.body(null, 204);
  })
  .openapi(revoke, async (c) => {
    const id = validId(c.req.valid('param').id);
    await revokeInvitation(c.get('database').db, c.get('user'), id, auditContext(c));
    requestLog(c).info({ event: 'invitation_revoked', targetUserId: id }, 'admin change');
    return c.body(null, 204);
  })
  .openapi(sendReset, async (c) => {
    const id = validId(c.req.valid('param').id);
    await sendUserPasswordReset(c.get('database').db, c.get('user'), id, c.get('config').baseUrl, auditContext(c));
    requestLog(c).info({ event: 'password_reset_sent', targetUserId: id }, 'admin change');
    return c.body(null, 204);
  });
