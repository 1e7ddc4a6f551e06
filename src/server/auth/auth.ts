import { betterAuth } from 'better-auth';
import pino, { type Logger } from 'pino';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { TWO_FACTOR } from '@/shared/two-factor-messages';
import { PRODUCT_NAME } from '@/shared/brand';
import { MIN_PASSWORD_LENGTH } from '@/shared/auth';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { serializeError } from '../logger';
import { hashPassword, verifyPassword } from './password';

export interface AuthOptions {
  db: Db;
  secret: string;
  baseUrl: string;
  trustedOrigins: string[];
  /** Where better-auth's own error lines go (JSON, errors serialized without query parameters). */
  log?: Logger;
}

export function createAuth({ db, secret, baseUrl, trustedOrigins, log = pino({ level: 'error' }) }: AuthOptions) {
  return betterAuth({
    appName: 'WorkSphere',
    secret,
    baseURL: baseUrl,
    // Our own routes call auth.api.* and check the Origin header themselves (csrf middleware);
    // better-auth's HTTP handler is never mounted.
    trustedOrigins: (request) => [baseUrl, ...trustedOrigins, request ? new URL(request.url).origin : undefined],
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        twoFactors: schema.twoFactors,
      },
      transaction: true,
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: false },
        lastName: { type: 'string', required: true, input: false },
        role: { type: 'string', required: true, input: false, defaultValue: 'user' },
        companyId: { type: 'string', required: true, input: false },
        organizationId: { type: 'string', required: false, input: false },
        entityId: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Accounts are created only by our sign-up and user-creation services, in one transaction with their company rows.
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      // better-auth's scrypt, on low-priority worker threads (password.ts).
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: {
      // Off on purpose: with a cookie cache a deleted user's cookie would keep working.
      cookieCache: { enabled: false },
    },
    // Our own limiter (rate-limit.ts) counts failed sign-ins per client, in every mode.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: 'uuid' },
      useSecureCookies: baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // Two-factor sign-in (TOTP and recovery codes): our routes call its endpoints through
    // auth.api (src/server/modules/two-factor); better-auth's handler is still never mounted.
    plugins: [
      twoFactor({
        issuer: PRODUCT_NAME,
        trustDeviceMaxAge: TWO_FACTOR.trustDeviceDays * 24 * 60 * 60,
        twoFactorCookieMaxAge: TWO_FACTOR.challengeMinutes * 60,
        backupCodeOptions: { amount: TWO_FACTOR.recoveryCodeCount, length: 10 },
        accountLockout: { enabled: true, maxFailedAttempts: TWO_FACTOR.lockoutAfterFailures, durationSeconds: TWO_FACTOR.lockoutMinutes * 60 },
      }),
    ],
    telemetry: { enabled: false },
    // Our request log records sign-in outcomes; better-auth's own warnings would only repeat them.
    // Into our JSON log, never to the console as they are: a failed query's error carries its
    // parameters (a session token, a password hash), so errors go through serializeError.
    logger: {
      level: 'error',
      log: (level, message, ...args: unknown[]) => {
        const details = args.map((a) => (a instanceof Error ? serializeError(a) : typeof a));
        log[level === 'debug' ? 'debug' : level]({ source: 'better-auth', details }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
