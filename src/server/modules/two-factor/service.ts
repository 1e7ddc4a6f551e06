import { isAPIError } from 'better-auth/api';
import { and, eq, like } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { SessionUser } from '@/shared/auth';
import { TWO_FACTOR_MESSAGES, type CompanySecurity, type TwoFactorSetup, type TwoFactorStatus } from '@/shared/two-factor';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Auth } from '../../auth/auth';
import { twoFactorState } from '../../auth/session';
import type { Db } from '../../db/client';
import { companies, twoFactors, users, verifications } from '../../db/schema';
import { ownerRead, withTenant } from '../../db/tenant';
import { badRequest, conflict } from '../../http/errors';
import { matchedStep } from './totp';

/*
 * Two-factor sign-in is better-auth's plugin: it makes the secret and the recovery codes, keeps
 * them encrypted, and checks codes at sign-in (with its per-challenge and per-account limits).
 * The two changes of state, enabling and disabling, are written here instead, in one transaction
 * with their audit events: the plugin's own endpoints for them write in several statements of their
 * own, which no event could share (docs/decisions/006-two-factor.md).
 */

/** better-auth's refusals of a password (wrong, too long, no credential) all say the same. */
const passwordRefusal = (e: unknown) => (isAPIError(e) && e.statusCode < 500 ? badRequest(TWO_FACTOR_MESSAGES.incorrectPassword) : e);

const userLabel = (u: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>) => `${u.firstName} ${u.lastName} <${u.email}>`;

/** The user's two-factor row (owner connection: better-auth's table is not the app role's). */
async function twoFactorRow(db: Db, userId: string) {
  const [row] = await db
    .select({ id: twoFactors.id, secret: twoFactors.secret, verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  return row;
}

/** What /account/security shows: on or off, required or not, recovery codes left. */
export async function twoFactorStatusOf(db: Db, auth: Auth, user: SessionUser): Promise<TwoFactorStatus> {
  // The user's state and their company's rule in one read, with the session check: one round trip.
  const state = await ownerRead(db, (q) => twoFactorState(q, user.id));
  const required = user.role === 'super_admin' && state.companyRequires;
  if (!state.twoFactorEnabled) return { enabled: false, required, recoveryCodesLeft: null };
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: user.id } });
  return { enabled: true, required, recoveryCodesLeft: backupCodes.length };
}

/**
 * Step 1 of enabling: the password, then a new secret (replacing an unconfirmed one) as a QR code
 * and as text. Nothing is enabled until the code is confirmed.
 */
export async function startSetup(auth: Auth, headers: Headers, password: string): Promise<TwoFactorSetup> {
  let totpUri: string;
  try {
    const result = await auth.api.enableTwoFactor({ body: { password }, headers });
    if (!('totpURI' in result) || !result.totpURI) throw new Error('two-factor setup returned no TOTP URI');
    totpUri = result.totpURI;
  } catch (e) {
    if (isAPIError(e) && e.body?.code === 'TOTP_ALREADY_ENABLED') throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    throw passwordRefusal(e);
  }
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  const qrCodeSvg = await QRCode.toString(totpUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { totpUri, secret, qrCodeSvg };
}

/**
 * Step 2: a code from the app proves the secret was stored. Two-factor sign-in is on from here,
 * with its event in the same transaction; the answer carries the recovery codes, this once.
 * Returns null for a wrong code.
 */
export async function confirmSetup(db: Db, auth: Auth, user: SessionUser, code: string, audit: AuditContext) {
  const row = await twoFactorRow(db, user.id);
  if (!row || row.verified) throw conflict(row ? TWO_FACTOR_MESSAGES.alreadyEnabled : TWO_FACTOR_MESSAGES.setupNotStarted);
  const step = await matchedStep(auth, row.secret, code);
  if (step === null) return null;
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: user.id } });
  await db.transaction(async (tx) => {
    // The row confirmed is the one whose code was checked (a setup started meanwhile replaced it).
    // Its step is taken: the code that turned two-factor sign-in on does not also sign in (totp.ts).
    const [confirmed] = await tx
      .update(twoFactors)
      .set({ verified: true, failedVerificationCount: 0, lockedUntil: null, lastTotpStep: step, updatedAt: new Date() })
      .where(and(eq(twoFactors.id, row.id), eq(twoFactors.secret, row.secret), eq(twoFactors.verified, false)))
      .returning({ id: twoFactors.id });
    if (!confirmed) throw conflict(TWO_FACTOR_MESSAGES.setupNotStarted);
    await tx.update(users).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordEvent(tx, {
      context: audit,
      companyId: user.companyId,
      action: 'user.two_factor_enabled',
      target: { type: 'user', id: user.id, label: userLabel(user) },
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true },
    });
  });
  return backupCodes;
}

/**
 * Disabling: the password (checked by better-auth), then in one transaction the flag, the secret
 * and recovery codes, the browsers trusted to skip the code, and the event. Allowed while the
 * company requires it (a new phone: disable, then set up again): the user is then held at the
 * setup like any super admin without it.
 */
export async function disableTwoFactor(db: Db, auth: Auth, user: SessionUser, headers: Headers, password: string, audit: AuditContext) {
  if (!(await twoFactorState(db, user.id)).twoFactorEnabled) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
  } catch (e) {
    throw passwordRefusal(e);
  }
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, true)))
      .returning({ id: users.id });
    if (!changed) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
    await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id));
    // The plugin's trusted-browser records: `trust-device-…` identifiers holding the user's id.
    await tx.delete(verifications).where(and(eq(verifications.value, user.id), like(verifications.identifier, 'trust-device-%')));
    await recordEvent(tx, {
      context: audit,
      companyId: user.companyId,
      action: 'user.two_factor_disabled',
      target: { type: 'user', id: user.id, label: userLabel(user) },
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
    });
  });
}

export async function companySecurityOf(db: Db, user: SessionUser): Promise<CompanySecurity> {
  return withTenant(db, user.companyId, async (tx) => {
    const [row] = await tx.select({ requireSuperAdminTwoFactor: companies.requireSuperAdminTwoFactor }).from(companies).where(eq(companies.id, user.companyId));
    return { requireSuperAdminTwoFactor: row?.requireSuperAdminTwoFactor ?? false };
  });
}

/**
 * Requires (or stops requiring) two-factor sign-in of the company's super admins. Turning it on
 * takes an admin who has it: nobody locks themselves out of the setting they just changed.
 */
export async function updateCompanySecurity(db: Db, user: SessionUser, input: CompanySecurity, audit: AuditContext): Promise<CompanySecurity> {
  if (input.requireSuperAdminTwoFactor && !(await twoFactorState(db, user.id)).twoFactorEnabled) {
    throw conflict(TWO_FACTOR_MESSAGES.ownTwoFactorFirst);
  }
  return withTenant(db, user.companyId, async (tx) => {
    const [before] = await tx
      .select({ requireSuperAdminTwoFactor: companies.requireSuperAdminTwoFactor, name: companies.name })
      .from(companies)
      .where(eq(companies.id, user.companyId))
      .for('update');
    if (!before) throw conflict(TWO_FACTOR_MESSAGES.loadFailed);
    if (before.requireSuperAdminTwoFactor === input.requireSuperAdminTwoFactor) return input;
    await tx
      .update(companies)
      .set({ requireSuperAdminTwoFactor: input.requireSuperAdminTwoFactor, updatedAt: new Date() })
      .where(eq(companies.id, user.companyId));
    await recordEvent(tx, {
      context: audit,
      companyId: user.companyId,
      action: 'company.two_factor_requirement_changed',
      target: { type: 'company', id: user.companyId, label: before.name },
      before: { requireSuperAdminTwoFactor: before.requireSuperAdminTwoFactor },
      after: { requireSuperAdminTwoFactor: input.requireSuperAdminTwoFactor },
    });
    return input;
  });
}
