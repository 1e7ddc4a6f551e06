import { sql } from 'drizzle-orm';
import type { Role } from '@/shared/roles';
import { users } from '../db/schema';
import type { Tx } from '../db/tenant';
import type { Auth } from './auth';

/** better-auth's own hasher (scrypt on libuv's thread pool): sign-in verifies what this writes. */
export async function hashPassword(auth: Auth, password: string) {
  return (await auth.$context).password.hash(password);
}

export interface NewUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  companyId: string;
  organizationId: string | null;
  entityId: string | null;
  passwordHash: string;
}

/**
 * Writes a user and their credential account inside the caller's tenant transaction (withTenant),
 * the way better-auth's own sign-up would, so better-auth can sign them in afterwards.
 */
export async function insertCredentialUser(tx: Tx, user: NewUser) {
  await tx.insert(users).values({
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    companyId: user.companyId,
    organizationId: user.organizationId,
    entityId: user.entityId,
  });
  // The `app` role has no rights on accounts (migration 0003): the credential goes in through the
  // one function that may add it, for a user of this transaction's company only.
  await tx.execute(sql`select app_add_credential_account(${user.id}::uuid, ${user.passwordHash})`);
}

export const EMAIL_TAKEN_CONSTRAINT = 'users_email_lower_key';

/** Ends every session of a user of the transaction's company but `keepSessionId` (sessions are not the app role's table). */
export async function endSessionsOf(tx: Tx, userId: string, keepSessionId: string | null = null): Promise<number> {
  const { rows } = await tx.execute<{ ended: number }>(sql`select app_end_user_sessions(${userId}::uuid, ${keepSessionId}::uuid) as ended`);
  return Number(rows[0]?.ended ?? 0);
}

/** Replaces the password of a user of the transaction's company (reset, change). */
export async function setCredentialPassword(tx: Tx, userId: string, passwordHash: string) {
  await tx.execute(sql`select app_set_credential_password(${userId}::uuid, ${passwordHash})`);
}

/** Adds the first credential of a user of the transaction's company (an invitation accepted). */
export async function addCredential(tx: Tx, userId: string, passwordHash: string) {
  await tx.execute(sql`select app_add_credential_account(${userId}::uuid, ${passwordHash})`);
}
