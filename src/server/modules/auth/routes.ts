import { OpenAPIHono } from '@hono/zod-openapi';
import { isAPIError } from 'better-auth/api';
import type { Context } from 'hono';
import { signInResult } from '@/shared/two-factor';
import { AUTH_MESSAGES, sessionResponse, signInInput, signUpInput, signUpResult } from '@/shared/auth';
import { eq } from 'drizzle-orm';
import { actorOf, auditContext } from '../../audit/context';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import { loadSession, readSession, signInState, toSessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/env';
import { keyOf, reserveAttempt } from '../../http/rate-limit';
import { requestLog } from '../../http/request-context';
import { forbidden, tooManyRequests, unauthorized } from '../../http/errors';
import { USER_MESSAGES } from '@/shared/users';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { signUp } from './sign-up';

const signInRoute = defineRoute('public', {
  method: 'post',
  path: '/auth/sign-in',
  summary: 'Sign in with email and password; sets the session cookie',
  description:
    'The email is compared without regard to case. An unknown email and a wrong password get the same answer. ' +
    'Failed attempts are counted per client address: after `SIGN_IN_MAX_FAILURES` within `RATE_LIMIT_WINDOW_SECONDS` the answer is 429 until the window passes.',
  tags: ['Auth'],
  request: { body: jsonBody(signInInput) },
  responses: {
    200: jsonContent(
      signInResult,
      'Signed in; the response sets the session cookie. With two-factor sign-in on (and this browser not trusted): `{ twoFactorRequired: true }`, no session yet, and the code goes to `POST /api/auth/two-factor`',
    ),
    401: errorContent(AUTH_MESSAGES.invalidCredentials),
    403: errorContent(USER_MESSAGES.accountDeactivated),
    429: errorContent(AUTH_MESSAGES.tooManySignIns),
  },
});

const signUpRoute = defineRoute('public', {
  method: 'post',
  path: '/auth/sign-up',
  summary: 'Create an account with its company, organization and entity; sets the session cookie',
  description:
    'Creates the company, its first organization and entity (with the selected products), and the user as its super admin, ' +
    'in one transaction: on any failure nothing is kept. Then signs the user in. Limited per client address (`SIGN_UP_MAX_ATTEMPTS` per window).',
  tags: ['Auth'],
  request: { body: jsonBody(signUpInput) },
  responses: {
    201: jsonContent(signUpResult, 'Created; the response sets the session cookie'),
    400: errorContent(AUTH_MESSAGES.unknownProduct),
    409: errorContent(AUTH_MESSAGES.emailTaken),
    429: errorContent(AUTH_MESSAGES.tooManySignUps),
  },
});

const signOutRoute = defineRoute('public', {
  method: 'post',
  path: '/auth/sign-out',
  summary: 'End the session (if any) and clear its cookie',
  description: 'Answers 204 with or without a session, so a client can always call it.',
  tags: ['Auth'],
  responses: { 204: { description: 'Signed out' } },
});

const sessionRoute = defineRoute('public', {
  method: 'get',
  path: '/session',
  summary: 'The signed-in user, or null',
  tags: ['Auth'],
  responses: { 200: jsonContent(sessionResponse) },
});

/** Copies better-auth's Set-Cookie headers onto our response. */
export function forwardCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

/**
 * Signs in through better-auth, then records the sign-in. With two-factor sign-in on (and the
 * browser not trusted) better-auth starts the code step instead of a session: null.
 */
export async function signInWithPassword(c: Context<AppEnv>, email: string, password: string) {
  const { headers, response } = await c.get('auth').api.signInEmail({
    body: { email, password },
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  if ('twoFactorRedirect' in response) {
    // The password was right: a deactivated account is told so now, not after its code.
    await refuseDeactivatedEmail(c.get('database').db, email);
    forwardCookies(c, headers); // the code step's cookie
    return null;
  }
  return startSession(c, headers, response.token, response.user);
}

/**
 * Completes a sign-in better-auth has made (password, or password and code): records it and sets
 * the cookie. better-auth writes the session in its own statement, so the event cannot share its
 * transaction: when the event cannot be written the new session is deleted again and the request
 * fails, so no sign-in goes unrecorded.
 */
export async function startSession(c: Context<AppEnv>, headers: Headers, token: string, authUser: object) {
  const db = c.get('database').db;
  const { deactivated, ...twoFactor } = await signInState(db, (authUser as { id: string }).id);
  // Here, so that the two-factor code step (which ends in this function too) is covered: the
  // password (and code) were right, but a deactivated account may not sign in. The session
  // better-auth just wrote goes again, and the user is told why.
  if (deactivated) {
    await db.delete(sessions).where(eq(sessions.token, token));
    throw forbidden(USER_MESSAGES.accountDeactivated);
  }
  const user = toSessionUser({ ...authUser, ...twoFactor });
  const context = auditContext(c, actorOf(user));
  try {
    // better-auth takes the address from forwarding headers only; ours knows the socket's too
    // (and believes X-Forwarded-For only behind TRUST_PROXY), so /account/security shows it.
    await db.update(sessions).set({ ipAddress: context.ipAddress }).where(eq(sessions.token, token));
    await withTenant(db, user.companyId, (tx) =>
      recordEvent(tx, {
        context,
        companyId: user.companyId,
        action: 'auth.sign_in.succeeded',
        target: { type: 'user', id: user.id, label: `${user.firstName} ${user.lastName} <${user.email}>` },
      }),
    );
  } catch (e) {
    await db.delete(sessions).where(eq(sessions.token, token));
    throw e;
  }
  forwardCookies(c, headers);
  return user;
}

/**
 * The password was right and the code step comes next, but a deactivated account may not sign in:
 * the user is told why now (a wrong password never gets this far).
 */
async function refuseDeactivatedEmail(db: Db, email: string) {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (row?.status === 'deactivated') throw forbidden(USER_MESSAGES.accountDeactivated);
}

/**
 * A failed sign-in is recorded in the company of the account whose email was tried, when there
 * is one (with no actor: nobody is known to have signed in). It runs after the answer is sent,
 * so the answer's content and timing say nothing about whether the email exists.
 */
async function recordSignInFailure(db: Db, email: string, context: AuditContext) {
  const [account] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!account) return;
  await withTenant(db, account.companyId, (tx) =>
    recordEvent(tx, {
      context,
      companyId: account.companyId,
      action: 'auth.sign_in.failed',
      target: { type: 'user', id: account.id, label: `${account.firstName} ${account.lastName} <${account.email}>` },
    }),
  );
}

export const authRoutes = new OpenAPIHono<AppEnv>()
  .openapi(signInRoute, async (c) => {
    const config = c.get('config');
    const { email, password } = c.req.valid('json');
    const normalized = email.trim().toLowerCase();
    // Only failures count (a user who mistypes twice is not locked out), per client address and
    // per email address. The attempt is reserved before the password is checked, so parallel
    // guesses cannot all pass the check; a success gives it back.
    const attempt = await reserveAttempt(
      c.get('rateLimits'),
      [
        { key: `sign-in:${clientIp(c)}`, max: config.SIGN_IN_MAX_FAILURES },
        { key: `sign-in-email:${keyOf(normalized)}`, max: config.SIGN_IN_MAX_FAILURES_PER_EMAIL },
      ],
      config.RATE_LIMIT_WINDOW_SECONDS,
    );
    if (!attempt) throw tooManyRequests(AUTH_MESSAGES.tooManySignIns);
    let user;
    try {
      user = await signInWithPassword(c, normalized, password);
      if (!user) {
        // The password was right: the code step has its own limits (modules/two-factor).
        await attempt.release();
        requestLog(c).info({ event: 'sign_in', outcome: 'two_factor_required' }, 'sign-in');
        return c.json({ twoFactorRequired: true as const }, 200);
      }
    } catch (e) {
      if (!isAPIError(e)) {
        await attempt.release(); // not a checked guess: the database or a bug failed
        throw e;
      }
      requestLog(c).info({ event: 'sign_in', outcome: 'failure' }, 'sign-in');
      const context = auditContext(c, null);
      void recordSignInFailure(c.get('database').db, normalized, context).catch((err: unknown) =>
        requestLog(c).error({ err }, 'could not record a failed sign-in'),
      );
      // The same answer for an unknown email and a wrong password.
      throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    }
    await attempt.release();
    requestLog(c).info({ event: 'sign_in', outcome: 'success', userId: user.id, companyId: user.companyId }, 'sign-in');
    return c.json({ user }, 200);
  })
  .openapi(signUpRoute, async (c) => {
    const config = c.get('config');
    const rateLimits = c.get('rateLimits');
    const database = c.get('database');
    const auth = c.get('auth');
    const attempts = await rateLimits.hit(`sign-up:${clientIp(c)}`, config.RATE_LIMIT_WINDOW_SECONDS);
    if (attempts > config.SIGN_UP_MAX_ATTEMPTS) throw tooManyRequests(AUTH_MESSAGES.tooManySignUps);
    const input = c.req.valid('json');
    const { actor: _none, ...request } = auditContext(c, null);
    const ids = await signUp(database.db, auth, input, request);
    requestLog(c).info({ event: 'sign_up', userId: ids.userId, companyId: ids.companyId }, 'company signed up');
    const user = await signInWithPassword(c, input.email, input.password);
    if (!user) throw new Error('a new account cannot have two-factor sign-in');
    return c.json({ user, companyId: ids.companyId, organizationId: ids.organizationId, entityId: ids.entityId }, 201);
  })
  .openapi(signOutRoute, async (c) => {
    const session = await loadSession(c.get('auth'), c.req.raw.headers);
    if (session) {
      // The session ends with its event, in one transaction (on the owner connection: sessions
      // are not the app role's to touch); better-auth then clears the cookies.
      const { user, sessionId } = session;
      await c.get('database').db.transaction(async (tx) => {
        await tx.delete(sessions).where(eq(sessions.id, sessionId));
        await recordEvent(tx, {
          context: auditContext(c, actorOf(user)),
          companyId: user.companyId,
          action: 'auth.signed_out',
          target: { type: 'session', id: sessionId, label: null },
        });
      });
      const { headers } = await c.get('auth').api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      forwardCookies(c, headers);
    }
    return c.body(null, 204);
  })
  .openapi(sessionRoute, async (c) => {
    const session = await readSession(c.get('auth'), c.get('database').db, c.req.header('cookie'), () => c.req.raw.headers);
    return c.json({ user: session?.user ?? null }, 200);
  });
