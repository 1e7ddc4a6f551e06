import Bowser from 'bowser';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { SESSION_MESSAGES, type SessionInfo } from '@/shared/sessions';
import { USER_MESSAGES } from '@/shared/users';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { ownerRead } from '../../db/tenant';
import { notFound } from '../../http/errors';

/*
 * Sessions are better-auth's table, outside row-level security and (once the input-hardening
 * work lands) outside the app role's grants. So this service reads and ends them on the owner
 * connection, and every statement is scoped by the signed-in user's id (or, for an admin, by a
 * user checked to be of the admin's company first). The audit event goes in the same transaction.
 */

/** "Chrome 142" and "Windows 10" from a user agent; "Unknown" for what the parser cannot name. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown OS' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : 'Unknown browser';
  const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') : 'Unknown OS';
  return { browser, os };
}

const label = (userAgent: string | null) => {
  const { browser, os } = describeUserAgent(userAgent);
  return `${browser} on ${os}`;
};

const userLabel = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName} <${u.email}>`;

/** The signed-in user's live sessions, most recently active first. */
export async function listMySessions(db: Db, user: SessionUser, currentSessionId: string): Promise<SessionInfo[]> {
  // With the session check: one round trip (db/tenant.ts ownerRead).
  const rows = await ownerRead(db, (q) =>
    q
      .select({
        id: sessions.id,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.updatedAt), desc(sessions.id))
      .limit(200),
  );
  const items = rows.map((r) => ({
    id: r.id,
    ...describeUserAgent(r.userAgent),
    ipAddress: r.ipAddress || null,
    signedInAt: r.createdAt.toISOString(),
    lastActiveAt: r.updatedAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    current: r.id === currentSessionId,
  }));
  // This device first, then the others by last activity.
  return [...items.filter((s) => s.current), ...items.filter((s) => !s.current)];
}

/** Ends one of the user's own sessions; another user's session id is not found. */
export async function revokeMySession(db: Db, user: SessionUser, sessionId: string, audit: AuditContext) {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
      .returning({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress });
    if (!ended) throw notFound(SESSION_MESSAGES.notFound);
    await recordEvent(tx, {
      context: audit,
      companyId: user.companyId,
      action: 'session.revoked',
      target: { type: 'session', id: ended.id, label: label(ended.userAgent) },
      before: { device: label(ended.userAgent), ipAddress: ended.ipAddress },
    });
  });
}

/** Ends every session of the user but the current one; returns how many ended. */
export async function revokeMyOtherSessions(db: Db, user: SessionUser, currentSessionId: string, audit: AuditContext): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    if (ended.length > 0) {
      await recordEvent(tx, {
        context: audit,
        companyId: user.companyId,
        action: 'session.revoked_others',
        target: { type: 'user', id: user.id, label: userLabel(user) },
        before: { sessions: ended.length },
        after: { sessions: 0 },
      });
    }
    return ended.length;
  });
}

/** A super admin ends every session of a user of their company; another company's user is not found. */
export async function revokeAllSessionsOf(db: Db, admin: SessionUser, userId: string, audit: AuditContext): Promise<number> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, admin.companyId)))
      .for('update');
    if (!target) throw notFound(USER_MESSAGES.notFound);
    const ended = await tx.delete(sessions).where(eq(sessions.userId, target.id)).returning({ id: sessions.id });
    if (ended.length > 0) {
      await recordEvent(tx, {
        context: audit,
        companyId: admin.companyId,
        action: 'session.revoked_all',
        target: { type: 'user', id: target.id, label: userLabel(target) },
        before: { sessions: ended.length },
        after: { sessions: 0 },
      });
    }
    return ended.length;
  });
}
