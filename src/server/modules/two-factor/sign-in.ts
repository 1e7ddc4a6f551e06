import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { parseCookies } from 'better-call';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { isTotpCode, TWO_FACTOR_MESSAGES } from '@/shared/two-factor';
import { auditContext } from '../../audit/context';
import { recordEvent } from '../../audit/record-event';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { users, verifications } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/env';
import { AppError, tooManyRequests, unauthorized } from '../../http/errors';
import { reserveAttempt } from '../../http/rate-limit';
import { requestLog } from '../../http/request-context';
import { startSession } from '../auth/public';
import { claimCode } from './totp';
import { ERROR_CODES } from '@/shared/errors';

/**
 * The cookies the code step passes to better-auth: its own (the challenge, "trust this device",
 * "remember me"), never a session cookie. With one, the plugin would check the code against that
 * session's user instead of the sign-in's.
 */
function codeStepHeaders(headers: Headers, sessionCookieName: string): Headers {
  const copy = new Headers(headers);
  const cookie = headers.get('cookie');
  if (cookie) {
    const kept = cookie
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part && part.split('=')[0] !== sessionCookieName);
    copy.set('cookie', kept.join('; '));
  }
  return copy;
}

/**
 * The user whose sign-in the challenge cookie names, for the failure's audit event: the cookie's
 * signature checked as better-call signs it (base64 HMAC-SHA256 with the auth secret), then the
 * plugin's verification row. Null when there is no live challenge.
 */
async function challengeUser(db: Db, auth: Auth, cookieHeader: string | undefined) {
  if (!cookieHeader) return null;
  const ctx = await auth.$context;
  const value = parseCookies(cookieHeader).get(ctx.createAuthCookie('two_factor').name);
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 1) return null;
  const identifier = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', ctx.secret).update(identifier).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, companyId: users.companyId })
    .from(verifications)
    .innerJoin(users, sql`${users.id}::text = ${verifications.value}`)
    .where(eq(verifications.identifier, identifier))
    .limit(1);
  return row ?? null;
}

/** The plugin's refusals, as our API says them. */
function refusal(e: { body?: { code?: string } }): AppError {
  switch (e.body?.code) {
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return tooManyRequests(TWO_FACTOR_MESSAGES.tooManyCodes);
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return tooManyRequests(TWO_FACTOR_MESSAGES.locked);
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return unauthorized(TWO_FACTOR_MESSAGES.invalidCode);
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOTP_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      return unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
    default:
      return new AppError(400, ERROR_CODES.validation, TWO_FACTOR_MESSAGES.invalidCode);
  }
}

/**
 * What the plugin is shown instead of a code from the app that was not taken (wrong, of a time step
 * used already, or with no challenge to take it for): no code has this length, so the plugin refuses
 * it as a wrong code and counts it as one, per challenge and per account. Only a taken code reaches
 * it, so none is accepted without its step recorded.
 */
const UNUSABLE_CODE = 'used';

/**
 * The code step of a sign-in: the plugin checks a code from the app or a recovery code (used up)
 * against the challenge its cookie names, creates the session and, when asked, trusts the browser
 * for 30 days. A code from the app is taken first (totp.ts): each works once, on every server
 * process. Wrong codes, reused ones among them, are limited three ways: per challenge (then the
 * password again), per account (then locked for a while), both the plugin's, and per client
 * address (ours, as sign-in).
 */
export async function signInWithCode(c: Context<AppEnv>, code: string, trustDevice: boolean) {
  const auth = c.get('auth');
  const db = c.get('database').db;
  const config = c.get('config');
  const attempt = await reserveAttempt(
    c.get('rateLimits'),
    [{ key: `two-factor:${clientIp(c)}`, max: config.SIGN_IN_MAX_FAILURES }],
    config.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!attempt) throw tooManyRequests(TWO_FACTOR_MESSAGES.tooManyAttempts);
  const ctx = await auth.$context;
  const headers = codeStepHeaders(c.req.raw.headers, ctx.authCookies.sessionToken.name);
  const account = await challengeUser(db, auth, headers.get('cookie') ?? undefined);
  const totp = isTotpCode(code);
  const digits = code.replace(/[\s-]/g, '');
  const claim = totp && account ? await claimCode(db, auth, account.id, digits) : null;
  let result;
  try {
    result = totp
      ? await auth.api.verifyTOTP({ body: { code: claim ? digits : UNUSABLE_CODE, trustDevice }, headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({ body: { code, trustDevice }, headers, returnHeaders: true });
  } catch (e) {
    // Not signed in after all (a locked account, a spent challenge): the code is not used up.
    await claim?.release().catch((err: unknown) => requestLog(c).error({ err }, 'could not give a two-factor code back'));
    if (!isAPIError(e)) {
      await attempt.release();
      throw e;
    }
    const error = refusal(e as { body?: { code?: string } });
    requestLog(c).info({ event: 'sign_in', outcome: 'two_factor_failure', reason: e.body?.code }, 'sign-in');
    if (account && error.message !== TWO_FACTOR_MESSAGES.challengeExpired) {
      const context = auditContext(c, null);
      void withTenant(db, account.companyId, (tx) =>
        recordEvent(tx, {
          context,
          companyId: account.companyId,
          action: 'auth.sign_in.failed',
          target: { type: 'user', id: account.id, label: `${account.firstName} ${account.lastName} <${account.email}>` },
          after: { step: totp ? 'authentication code' : 'recovery code' },
        }),
      ).catch((err: unknown) => requestLog(c).error({ err }, 'could not record a failed sign-in'));
    }
    throw error;
  }
  await attempt.release();
  const user = await startSession(c, result.headers, result.response.token!, result.response.user);
  requestLog(c).info({ event: 'sign_in', outcome: 'success', userId: user.id, companyId: user.companyId, recoveryCode: !totp }, 'sign-in');
  return user;
}
