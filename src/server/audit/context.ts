import type { Context } from 'hono';
import type { SessionUser } from '@/shared/auth';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import type { AuditActor, AuditContext } from './record-event';

export const actorOf = (user: Pick<SessionUser, 'id' | 'firstName' | 'lastName' | 'email'>): AuditActor => ({
  id: user.id,
  name: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
});

/**
 * The request's side of an audit event: the signed-in user (set by the access guard) unless the
 * caller names another actor (sign-up, sign-in), the client address (X-Forwarded-For only when
 * TRUST_PROXY), the user agent and the request id.
 */
export function auditContext(c: Context<AppEnv>, actor?: AuditActor | null): AuditContext {
  const user = c.get('user');
  return {
    actor: actor !== undefined ? actor : user ? actorOf(user) : null,
    ipAddress: clientIp(c),
    userAgent: c.req.header('user-agent') ?? null,
    requestId: c.get('requestId') ?? null,
  };
}
