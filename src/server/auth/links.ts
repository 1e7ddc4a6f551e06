import { eq } from 'drizzle-orm';
import { recordEvent, type AuditContext } from '../audit/record-event';
import { companies } from '../db/schema';
import type { Tx } from '../db/tenant';
import { enqueueEmail } from '../mail/outbox';
import { invitationEmail, passwordResetEmail } from '../mail/templates';
import { INVITATION_TTL_MS, issueToken, PASSWORD_RESET_TTL_MS } from './tokens';

/*
 * The emails that carry a single-use link: token, message and audit event in the caller's
 * tenant transaction, so the message leaves only if the change commits (the outbox), and only
 * the newest link of a kind works.
 */

export interface LinkUser {
  id: string;
  companyId: string;
  firstName: string;
  lastName: string;
  email: string;
}

const userLabel = (u: LinkUser) => `${u.firstName} ${u.lastName} <${u.email}>`;

export async function sendPasswordReset(tx: Tx, baseUrl: string, user: LinkUser, audit: AuditContext) {
  const token = await issueToken(tx, { userId: user.id, companyId: user.companyId, kind: 'password_reset', ttlMs: PASSWORD_RESET_TTL_MS });
  await enqueueEmail(tx, user.companyId, passwordResetEmail(user.email, user.firstName, `${baseUrl}/reset-password?token=${token}`));
  await recordEvent(tx, {
    context: audit,
    companyId: user.companyId,
    action: 'user.password_reset_requested',
    target: { type: 'user', id: user.id, label: userLabel(user) },
  });
}

export async function sendInvitation(tx: Tx, baseUrl: string, user: LinkUser, audit: AuditContext) {
  const token = await issueToken(tx, { userId: user.id, companyId: user.companyId, kind: 'invitation', ttlMs: INVITATION_TTL_MS });
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, user.companyId));
  const inviter = audit.actor?.name || 'Your administrator';
  await enqueueEmail(tx, user.companyId, invitationEmail(user.email, user.firstName, inviter, company?.name ?? 'your company', `${baseUrl}/accept-invite?token=${token}`));
  await recordEvent(tx, {
    context: audit,
    companyId: user.companyId,
    action: 'user.invitation_sent',
    target: { type: 'user', id: user.id, label: userLabel(user) },
    after: { expiresInDays: INVITATION_TTL_MS / 86_400_000 },
  });
}
