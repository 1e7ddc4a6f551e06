import type { MiddlewareHandler } from 'hono';
import { ERROR_MESSAGES } from '@/shared/errors';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_SETUP_REQUIRED } from '@/shared/two-factor-messages';
import { AppError, forbidden, unauthorized } from '../http/errors';
import type { AppEnv } from '../http/env';
import { requestDb } from '../db/tenant-pg';
import { readSession } from './session';

export type Access = 'public' | 'user' | 'super_admin';

export interface AccessOptions {
  /** Open to a user whose company requires two-factor sign-in they have not set up (its own setup routes). */
  beforeTwoFactorSetup?: boolean;
}

/** The guard of a route that needs a session (public routes have none: see defineRoute). */
export function requireAccess(access: Exclude<Access, 'public'>, options: AccessOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The cookie straight from Node's request where there is one: reading it through the
    // Request object would build a Headers object of every header first.
    const cookie = c.env?.incoming ? c.env.incoming.headers.cookie : c.req.header('cookie');
    const session = await readSession(c.get('auth'), c.get('database').db, cookie, () => c.req.raw.headers);
    if (!session) throw unauthorized();
    // Set before the role check so a refusal is logged with who asked.
    c.set('user', session.user);
    c.set('sessionId', session.sessionId);
    if (access === 'super_admin' && session.user.role !== 'super_admin') {
      throw forbidden(ERROR_MESSAGES.superAdminOnly);
    }
    if (session.user.twoFactorSetupRequired && !options.beforeTwoFactorSetup) {
      throw new AppError(403, TWO_FACTOR_SETUP_REQUIRED, TWO_FACTOR_MESSAGES.setupRequired);
    }
    // The tenant transactions of a GET are read only and need no begin or commit (db/tenant-pg.ts).
    const method = c.req.method;
    return requestDb.run({ mode: method === 'GET' || method === 'HEAD' ? 'read' : 'write' }, next);
  };
}
