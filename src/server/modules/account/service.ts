import { and, eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, LINK_STATE_MESSAGES, type LinkState } from '@/shared/account';
import type { SessionUser } from '@/shared/auth';
import { addCredential, endSessionsOf, hashPassword, setCredentialPassword } from '../../auth/accounts';
import type { Auth } from '../../auth/auth';
import { verifyPassword } from '../../auth/password';
import { sendPasswordReset } from '../../auth/links';
import { consumeToken, findToken, tokenState, type FoundToken, type TokenKind, type TokenState } from '../../auth/tokens';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { withTenant, type Tx } from '../../db/tenant';
import { badRequest, unauthorized } from '../../http/errors';

const userLabel = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName} <${u.email}>`;

/**
 * Forgot password: a link for an active account with that email; nothing for an unknown,
 * invited or deactivated one. The caller answers the same either way.
 */
export async function requestPasswordReset(db: Db, baseUrl: string, email: string, audit: AuditContext): Promise<void> {
  const [found] = await db.select({ id: users.id, companyId: users.companyId, status: users.status }).from(users).where(eq(users.email, email)).limit(1);
  if (!found || found.status !== 'active') return;
  await withTenant(db, found.companyId, async (tx) => {
    // Read again under the row lock that deactivation and email changes take before they revoke
    // links (users/service.ts): one that committed meanwhile is seen here, and one still to come
    // waits and then revokes this link. Without it the link could go to an address the account
    // no longer has, or outlive a deactivation.
    const [user] = await tx
      .select({ id: users.id, companyId: users.companyId, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.id, found.id), eq(users.email, email), eq(users.status, 'active')))
      .for('update');
    if (user) await sendPasswordReset(tx, baseUrl, user, audit);
  });
}

const refuse = (state: Exclude<LinkState, 'valid'>) => badRequest(LINK_STATE_MESSAGES[state]);

/**
 * What a link's reader is told: the token's own state, with the account's status. A deactivated
 * account's unused link says the account is deactivated (deactivation revoked it, and asking for a
 * new one would not help: none is sent to such an account). A valid token whose account is no
 * longer in the state it was sent for (an invitation of an active account, a reset of an account
 * not active) is no longer valid: 'revoked'.
 */
function linkState(kind: TokenKind, token: TokenState, status: string): LinkState {
  if (status === 'deactivated' && token !== 'used') return 'deactivated';
  if (token !== 'valid') return token;
  return status === (kind === 'invitation' ? 'invited' : 'active') ? 'valid' : 'revoked';
}

/** Whether a link can still be used, for its page; the email only when it can. */
export async function checkLink(db: Db, kind: TokenKind, token: string): Promise<{ state: LinkState; email: string | null }> {
  const found = await findToken(db, kind, token);
  if (!found) return { state: 'invalid', email: null };
  const state = linkState(kind, found.state, found.user.status);
  return { state, email: state === 'valid' ? found.user.email : null };
}

/** Refuses a link that cannot be used, before the password is hashed (the check is made again in useLink). */
function checkBeforeUse(kind: TokenKind, found: FoundToken | null): FoundToken {
  if (!found) throw refuse('invalid');
  const state = linkState(kind, found.state, found.user.status);
  if (state !== 'valid') throw refuse(state);
  return found;
}

/**
 * Uses the link in the tenant transaction and returns its user as they are now. The user's row is
 * locked first, as deactivation and email changes lock it before they revoke links
 * (users/service.ts): the two run one after the other, in the same order of locks (no deadlock),
 * and a revocation that committed first is what the refusal names, read after the lock.
 */
async function useLink(tx: Tx, kind: TokenKind, found: FoundToken) {
  const [user] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, found.userId))
    .for('update');
  if (!user) throw refuse('invalid');
  const token = (await consumeToken(tx, found.id)) ? 'valid' : await tokenState(tx, found.id);
  // Not usable: the refusal rolls the transaction back, so a token consumed here is not spent.
  const state = linkState(kind, token, user.status);
  if (state !== 'valid') throw refuse(state);
  return user;
}

/**
 * A new password from a reset link: the token is used, the password replaced and every session
 * of the user ended, with the audit event, in one transaction. The hash is computed first, outside.
 */
export async function resetPassword(db: Db, auth: Auth, token: string, password: string, audit: AuditContext): Promise<void> {
  const found = checkBeforeUse('password_reset', await findToken(db, 'password_reset', token));
  const hash = await hashPassword(auth, password);
  await withTenant(db, found.companyId, async (tx) => {
    const user = await useLink(tx, 'password_reset', found);
    await setCredentialPassword(tx, found.userId, hash);
    const ended = await endSessionsOf(tx, found.userId);
    await recordEvent(tx, {
      context: { ...audit, actor: { id: found.userId, name: `${user.firstName} ${user.lastName}`, email: user.email } },
      companyId: found.companyId,
      action: 'user.password_reset_completed',
      target: { type: 'user', id: found.userId, label: userLabel(user) },
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
  const found = checkBeforeUse('invitation', await findToken(db, 'invitation', token));
  const hash = await hashPassword(auth, password);
  const user = await withTenant(db, found.companyId, async (tx) => {
    const invitee = await useLink(tx, 'invitation', found);
    await tx.update(users).set({ status: 'active', updatedAt: new Date() }).where(eq(users.id, found.userId));
    await addCredential(tx, found.userId, hash);
    await recordEvent(tx, {
      context: { ...audit, actor: { id: found.userId, name: `${invitee.firstName} ${invitee.lastName}`, email: invitee.email } },
      companyId: found.companyId,
      action: 'user.invitation_accepted',
      target: { type: 'user', id: found.userId, label: userLabel(invitee) },
      before: { status: 'invited' },
      after: { status: 'active' },
    });
    return invitee;
  });
  return { email: user.email };
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
