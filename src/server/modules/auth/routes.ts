import { OpenAPIHono } from '@hono/zod-openapi';
import { isAPIError } from 'better-auth/api';
import type { Context } from 'hono';
import { z } from 'zod';
import { AUTH_MESSAGES, sessionResponse, signInInput, signUpInput, signUpResult } from '@/shared/auth';
import { loadSession, toSessionUser } from '../../auth/session';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/env';
import { keyOf, reserveAttempt } from '../../http/rate-limit';
import { requestLog } from '../../http/request-context';
import { tooManyRequests, unauthorized } from '../../http/errors';
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
    200: jsonContent(z.object({ user: sessionResponse.shape.user.unwrap() }), 'Signed in; the response sets the session cookie'),
    401: errorContent(AUTH_MESSAGES.invalidCredentials),
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
function forwardCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

async function signInWithPassword(c: Context<AppEnv>, email: string, password: string) {
  const { headers, response } = await c.get('auth').api.signInEmail({
    body: { email, password },
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  forwardCookies(c, headers);
  return toSessionUser(response.user);
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
    } catch (e) {
      if (!isAPIError(e)) {
        await attempt.release(); // not a checked guess: the database or a bug failed
        throw e;
      }
      requestLog(c).info({ event: 'sign_in', outcome: 'failure' }, 'sign-in');
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
    const ids = await signUp(database.db, auth, input);
    requestLog(c).info({ event: 'sign_up', userId: ids.userId, companyId: ids.companyId }, 'company signed up');
    const user = await signInWithPassword(c, input.email, input.password);
    return c.json({ user, companyId: ids.companyId, organizationId: ids.organizationId, entityId: ids.entityId }, 201);
  })
  .openapi(signOutRoute, async (c) => {
    if (await loadSession(c.get('auth'), c.req.raw.headers)) {
      const { headers } = await c.get('auth').api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      forwardCookies(c, headers);
    }
    return c.body(null, 204);
  })
  .openapi(sessionRoute, async (c) => {
    const session = await loadSession(c.get('auth'), c.req.raw.headers);
    return c.json({ user: session?.user ?? null }, 200);
  });
