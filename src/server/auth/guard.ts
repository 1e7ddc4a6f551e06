import type { MiddlewareHandler } from 'hono';
import { sessionUser, type SessionUser } from '@/shared/auth';
import { forbidden, unauthorized } from '../http/errors';
import type { AppEnv } from '../http/env';
import type { Auth } from './auth';

export type Access = 'public' | 'user' | 'super_admin';

/** Reads the session behind the request's cookie; null when there is none or it has ended. */
export async function loadSession(auth: Auth, headers: Headers): Promise<{ user: SessionUser; sessionId: string } | null> {
  if (!headers.get('cookie')) return null; // no cookie, no session: skip the database
  const result = await auth.api.getSession({ headers, query: { disableRefresh: false } });
  if (!result) return null;
  return { user: toSessionUser(result.user), sessionId: result.session.id };
}

/** better-auth's user object, with our additional fields, as the API shows it. */
export function toSessionUser(authUser: object): SessionUser {
  const u = authUser as Record<string, unknown>;
  return sessionUser.parse({
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    companyId: u.companyId,
    organizationId: u.organizationId ?? null,
    entityId: u.entityId ?? null,
  });
}

export function requireAccess(access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access === 'public') return next();
    const session = await loadSession(c.var.auth, c.req.raw.headers);
    if (!session) throw unauthorized();
    if (access === 'super_admin' && session.user.role !== 'super_admin') {
      throw forbidden('Access denied. Super admin privileges required.');
    }
    c.set('user', session.user);
    c.set('sessionId', session.sessionId);
    c.var.log.setBindings({ userId: session.user.id, companyId: session.user.companyId });
    return next();
  };
}
