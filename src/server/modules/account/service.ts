import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, LINK_STATE_MESSAGES, type LinkState } from '@/shared/account';
import type { SessionUser } from '@/shared/auth';
import { addCredential, endSessionsOf, hashPassword, setCredentialPassword } from '../../auth/accounts';
import type { Auth } from '../../auth/auth';
import { verifyPassword } from '../../auth/password';
import { sendPasswordReset } from '../../auth/links';
import { consumeToken, findToken, type TokenKind } from '../../auth/tokens';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { badRequest, unauthorized } from '../../http/errors';

const userLabel = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName} <${u.email}>`;

/**
 * Forgot password: a link for an active account with that email; nothing for an unknown,
 * invited or deactivated one. The caller answers the same either way.
 */
export async function requestPasswordReset(db: Db, baseUrl: string, email: string, audit: AuditContext): Promise<void> {
  const [user] = await db
    .select({ id: users.id, companyId: users.companyId, firstName: users.firstName, lastName: users.lastName, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user || user.status !== 'active') return;
  await withTenant(db, user.companyId, (tx) => sendPasswordReset(tx, baseUrl, user, audit));
}

const refuse = (state: LinkState) => badRequest(state === 'valid' ? ACCOUNT_MESSAGES.linkUsed : LINK_STATE_MESSAGES[state]);

/** Whether a link can still be used, for its page; the email only when it can. */
export async function checkLink(db: Db, kind: TokenKind, token: string): Promise<{ state: LinkState; email: string | null }> {
  const found = await findToken(db, kind, token);
  if (!found) return { state: 'invalid', email: null };
  const usable = found.state === 'valid' && (kind === 'invitation' ? found.user.status === 'invited' : found.user.status === 'active');
  return { state: usable ? 'valid' : found.state === 'valid' ? 'used' : found.state, email: usable ? found.user.email : null };
}

/**
 * A new password from a reset link: the token is used, the password replaced and every session
 * of the user ended, with the audit event, in one transaction. The hash is computed first, outside.
 */
export async function resetPassword(db: Db, auth: Auth, token: string, password: string, audit: AuditContext): Promise<void> {
  const found = await findToken(db, 'password_reset', token);
  if (!found) throw refuse('invalid');
  if (found.state !== 'valid' || found.user.status !== 'active') throw refuse(found.state);
  const hash = await hashPassword(auth, password);
  await withTenant(db, found.companyId, async (tx) => {
    if (!(await consumeToken(tx, found.id))) throw refuse('used');
    await setCredentialPassword(tx, found.userId, hash);
    const ended = await endSessionsOf(tx, found.userId);
    await recordEvent(tx, {
      context: { ...audit, actor: { id: found.userId, name: `${found.user.firstName} ${found.user.lastName}`, email: found.user.email } },
      companyId: found.companyId,
      action: 'user.password_reset_completed',
      target: { type: 'user', id: found.userId, label: userLabel(found.user) },
      before: { sessions: ended },
      after: { sessions: 0 },
    });
  });
}

/**
 * An invitation accepted: the token is used, the first credential added and the user made
 * active, in one transaction. The caller then signs them in.
 */
export async function acceptInvitation(db: Db, auth: Auth, token: string, password: string, audit: AuditContext): Promise<{ email: string }> {
  const found = await findToken(db, 'invitation', token);
  if (!found) throw refuse('invalid');
  if (found.state !== 'valid' || found.user.status !== 'invited') throw refuse(found.state);
  const hash = await hashPassword(auth, password);
  await withTenant(db, found.companyId, async (tx) => {
    if (!(await consumeToken(tx, found.id))) throw refuse('used');
    const activated = await tx
      .update(users)
      .set({ status: 'active', updatedAt: new Date() })
      .where(eq(users.id, found.userId))
      .returning({ status: users.status });
    if (activated.length !== 1) throw refuse('invalid');
    await addCredential(tx, found.userId, hash);
    await recordEvent(tx, {
      context: { ...audit, actor: { id: found.userId, name: `${found.user.firstName} ${found.user.lastName}`, email: found.user.email } },
      companyId: found.companyId,
      action: 'user.invitation_accepted',
      target: { type: 'user', id: found.userId, label: userLabel(found.user) },
      before: { status: 'invited' },
      after: { status: 'active' },
    });
  });
  return { email: found.user.email };
}

/** The signed-in user's own name. */
export async function updateProfile(db: Db, user: SessionUser, input: { firstName: string; lastName: string }, audit: AuditContext) {
  await withTenant(db, user.companyId, async (tx) => {
    await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, name: `${input.firstName} ${input.lastName}`, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await recordEvent(tx, {
      context: audit,
      companyId: user.companyId,
      action: 'user.updated',
      target: { type: 'user', id: user.id, label: userLabel({ ...user, ...input }) },
      before: { firstName: user.firstName, lastName: user.lastName },
      after: input,
    });
  });
}

/**
 * The signed-in user's own password: the current one must be right; the new one replaces it and
 * every other session of theirs ends, in one transaction. Returns how many sessions ended.
 */
export async function changePassword(
  db: Db,
  auth: Auth,
  user: SessionUser,
  sessionId: string,
  input: { currentPassword: string; password: string },
  audit: AuditContext,
): Promise<number> {
  // The owner connection reads the hash (the app role cannot); it never leaves this function.
  const [account] = await db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, user.id)).limit(1);
  if (!account?.password || !(await verifyPassword({ hash: account.password, password: input.currentPassword }))) {
    throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  const hash = await hashPassword(auth, input.password);
  return withTenant(db, user.companyId, async (tx) => {
    const [me] = await tx.select({ status: users.status }).from(users).where(eq(users.id, user.id));
    if (me?.status !== 'active') throw unauthorized();
    await setCredentialPassword(tx, user.id, hash);
    const ended = await endSessionsOf(tx, user.id, sessionId);
    await recordEvent(tx, {
      context: audit,
      companyId: user.companyId,
      action: 'user.password_changed',
      target: { type: 'user', id: user.id, label: userLabel(user) },
      before: { otherSessions: ended },
      after: { otherSessions: 0 },
    });
    return ended;
  });
}
