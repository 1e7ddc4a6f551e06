import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { sessionUser } from '@/shared/auth';
import {
  companySecurity,
  confirmTwoFactorInput,
  passwordInput,
  recoveryCodes,
  TWO_FACTOR_MESSAGES,
  twoFactorSetup,
  twoFactorSignInInput,
  twoFactorStatus,
} from '@/shared/two-factor';
import { z } from 'zod';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { badRequest, tooManyRequests } from '../../http/errors';
import { reserveAttempt } from '../../http/rate-limit';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { companySecurityOf, confirmSetup, disableTwoFactor, startSetup, twoFactorStatusOf, updateCompanySecurity } from './service';
import { signInWithCode } from './sign-in';

// Reachable by a super admin whose company requires two-factor sign-in they have not set up.
const duringSetup = { beforeTwoFactorSetup: true };

const signInCode = defineRoute('public', {
  method: 'post',
  path: '/auth/two-factor',
  summary: 'The code step of a sign-in: a code from the authenticator app or a recovery code; sets the session cookie',
  description:
    'After `POST /api/auth/sign-in` answered `{ twoFactorRequired: true }` (its cookie names the sign-in). A 6-digit code is checked as a TOTP code, ' +
    'anything else as a recovery code (each works once). A TOTP code is accepted once too, by any sign-in or setup: a code of the 30-second step ' +
    'last accepted, or of an earlier one, is a wrong code. `trustDevice` skips this step on this browser for 30 days. ' +
    'Wrong codes: after 5 for one sign-in it must start again with the password; after 10 in a row the account’s code step is locked for 15 minutes; ' +
    'and per client address as sign-in (`SIGN_IN_MAX_FAILURES`).',
  tags: ['Auth'],
  request: { body: jsonBody(twoFactorSignInInput) },
  responses: {
    200: jsonContent(z.object({ user: sessionUser }), 'Signed in; the response sets the session cookie'),
    401: errorContent(TWO_FACTOR_MESSAGES.invalidCode, TWO_FACTOR_MESSAGES.challengeExpired),
    429: errorContent(TWO_FACTOR_MESSAGES.tooManyCodes, TWO_FACTOR_MESSAGES.locked, TWO_FACTOR_MESSAGES.tooManyAttempts),
  },
});

const status = defineRoute(
  'user',
  {
    method: 'get',
    path: '/me/two-factor',
    summary: "The signed-in user's two-factor sign-in: on or off, required by the company or not, recovery codes left",
    tags: ['Two-factor'],
    responses: { 200: jsonContent(twoFactorStatus) },
  },
  duringSetup,
);

const setup = defineRoute(
  'user',
  {
    method: 'post',
    path: '/me/two-factor/setup',
    summary: 'Start enabling two-factor sign-in: checks the password, answers a new secret as a QR code (SVG) and as text',
    description: 'Nothing is enabled until `POST /api/me/two-factor/confirm` gets a code made from this secret. Starting again replaces an unconfirmed secret.',
    tags: ['Two-factor'],
    request: { body: jsonBody(passwordInput) },
    responses: {
      200: jsonContent(twoFactorSetup),
      400: errorContent(TWO_FACTOR_MESSAGES.incorrectPassword),
      409: errorContent(TWO_FACTOR_MESSAGES.alreadyEnabled),
      429: errorContent(TWO_FACTOR_MESSAGES.tooManyAttempts),
    },
  },
  duringSetup,
);

const confirm = defineRoute(
  'user',
  {
    method: 'post',
    path: '/me/two-factor/confirm',
    summary: 'Finish enabling two-factor sign-in with a code from the app; answers the 10 recovery codes, this once',
    tags: ['Two-factor'],
    request: { body: jsonBody(confirmTwoFactorInput) },
    responses: {
      200: jsonContent(recoveryCodes),
      400: errorContent(TWO_FACTOR_MESSAGES.invalidCode),
      409: errorContent(TWO_FACTOR_MESSAGES.setupNotStarted, TWO_FACTOR_MESSAGES.alreadyEnabled),
      429: errorContent(TWO_FACTOR_MESSAGES.tooManyAttempts),
    },
  },
  duringSetup,
);

const disable = defineRoute('user', {
  method: 'post',
  path: '/me/two-factor/disable',
  summary: 'Turn two-factor sign-in off (needs the password); forgets the secret, the recovery codes and trusted browsers',
  description: 'Allowed while the company requires it of the caller (to move to a new phone): every other route then answers 403 `two_factor_setup_required` until it is set up again.',
  tags: ['Two-factor'],
  request: { body: jsonBody(passwordInput) },
  responses: {
    204: { description: 'Disabled' },
    400: errorContent(TWO_FACTOR_MESSAGES.incorrectPassword),
    409: errorContent(TWO_FACTOR_MESSAGES.notEnabled),
    429: errorContent(TWO_FACTOR_MESSAGES.tooManyAttempts),
  },
});

const getSecurity = defineRoute('super_admin', {
  method: 'get',
  path: '/company/security',
  summary: "The company's sign-in requirements",
  tags: ['Two-factor'],
  responses: { 200: jsonContent(companySecurity) },
});

const updateSecurity = defineRoute('super_admin', {
  method: 'patch',
  path: '/company/security',
  summary: 'Require (or stop requiring) two-factor sign-in of every super admin of the company',
  description: 'Super admins without it can then reach only its setup (every other signed-in route answers 403 `two_factor_setup_required`). Turning it on needs the caller to have it.',
  tags: ['Two-factor'],
  request: { body: jsonBody(companySecurity) },
  responses: { 200: jsonContent(companySecurity), 409: errorContent(TWO_FACTOR_MESSAGES.ownTwoFactorFirst) },
});

/**
 * Password and code guesses on the signed-in routes (a stolen session trying passwords), per user:
 * the sign-in budget. Wrong answers keep their attempt; anything else gives it back.
 */
async function guarded<T>(c: Context<AppEnv>, work: () => Promise<T | null>, wrong: string): Promise<T> {
  const config = c.get('config');
  const attempt = await reserveAttempt(
    c.get('rateLimits'),
    [{ key: `two-factor-account:${c.get('user').id}`, max: config.SIGN_IN_MAX_FAILURES }],
    config.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!attempt) throw tooManyRequests(TWO_FACTOR_MESSAGES.tooManyAttempts);
  let result: T | null;
  try {
    result = await work();
  } catch (e) {
    if (!(e instanceof Error && e.message === TWO_FACTOR_MESSAGES.incorrectPassword)) await attempt.release();
    throw e;
  }
  if (result === null) throw badRequest(wrong);
  await attempt.release();
  return result;
}

export const twoFactorRoutes = new OpenAPIHono<AppEnv>()
  .openapi(signInCode, async (c) => {
    const { code, trustDevice } = c.req.valid('json');
    return c.json({ user: await signInWithCode(c, code, trustDevice) }, 200);
  })
  .openapi(status, async (c) => c.json(await twoFactorStatusOf(c.get('database').db, c.get('auth'), c.get('user')), 200))
  .openapi(setup, async (c) => {
    const { password } = c.req.valid('json');
    const result = await guarded(c, () => startSetup(c.get('auth'), c.req.raw.headers, password), TWO_FACTOR_MESSAGES.incorrectPassword);
    return c.json(result, 200);
  })
  .openapi(confirm, async (c) => {
    const { code } = c.req.valid('json');
    const codes = await guarded(
      c,
      () => confirmSetup(c.get('database').db, c.get('auth'), c.get('user'), code, auditContext(c)),
      TWO_FACTOR_MESSAGES.invalidCode,
    );
    return c.json({ recoveryCodes: codes }, 200);
  })
  .openapi(disable, async (c) => {
    const { password } = c.req.valid('json');
    await guarded(
      c,
      async () => {
        await disableTwoFactor(c.get('database').db, c.get('auth'), c.get('user'), c.req.raw.headers, password, auditContext(c));
        return true;
      },
      TWO_FACTOR_MESSAGES.incorrectPassword,
    );
    return c.body(null, 204);
  })
  .openapi(getSecurity, async (c) => c.json(await companySecurityOf(c.get('database').db, c.get('user')), 200))
  .openapi(updateSecurity, async (c) => {
    const input = c.req.valid('json');
    return c.json(await updateCompanySecurity(c.get('database').db, c.get('user'), input, auditContext(c)), 200);
  });
