import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, userTokens } from '../db/schema';
import type { Tx } from '../db/tenant';

export type TokenKind = 'invitation' | 'password_reset';
export type TokenState = 'valid' | 'expired' | 'used' | 'revoked' | 'invalid';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** 32 random bytes, base64url (43 characters): what the link carries. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new single-use token of `kind` for a user, in the caller's tenant transaction; earlier unused
 * tokens of the same kind for that user are revoked (only the newest link works). Only the hash
 * is stored; the token itself is returned once, for the email.
 */
export async function issueToken(tx: Tx, input: { userId: string; companyId: string; kind: TokenKind; ttlMs: number }): Promise<string> {
  await revokeTokens(tx, input.userId, input.kind);
  const token = randomBytes(32).toString('base64url');
  await tx.insert(userTokens).values({
    userId: input.userId,
    companyId: input.companyId,
    kind: input.kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return token;
}

/** Revokes a user's unused tokens of a kind; returns how many. */
export function revokeTokens(tx: Tx, userId: string, kind: TokenKind): Promise<number> {
  return revoke(tx, userId, eq(userTokens.kind, kind));
}

/**
 * Revokes every unused token of the user, of any kind; returns how many. For the changes after
 * which no link sent earlier may work: a new email (the links went to the old address) and
 * deactivation (a link must not outlive it and work again after reactivation). The caller holds
 * the user's row lock, as the link pages do before using a token (account/service.ts).
 */
export function revokeAllTokens(tx: Tx, userId: string): Promise<number> {
  return revoke(tx, userId);
}

async function revoke(tx: Tx, userId: string, kind?: SQL): Promise<number> {
  const revoked = await tx
    .update(userTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), kind, isNull(userTokens.usedAt), isNull(userTokens.revokedAt)))
    .returning({ id: userTokens.id });
  return revoked.length;
}

const stateOf = (row: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }): TokenState =>
  row.usedAt ? 'used' : row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid';

export interface FoundToken {
  id: string;
  state: TokenState;
  userId: string;
  companyId: string;
  user: { firstName: string; lastName: string; email: string; status: string };
}

/**
 * Looks a token up by its hash, before any company is known (owner connection, like sign-in's
 * user lookup). Anything malformed, unknown or of another kind is `null`: the caller answers as
 * for an invalid link.
 */
export async function findToken(db: Db, kind: TokenKind, token: string): Promise<FoundToken | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const hash = hashToken(token);
  const [row] = await db
    .select({
      id: userTokens.id,
      tokenHash: userTokens.tokenHash,
      kind: userTokens.kind,
      userId: userTokens.userId,
      companyId: userTokens.companyId,
      expiresAt: userTokens.expiresAt,
      usedAt: userTokens.usedAt,
      revokedAt: userTokens.revokedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
    })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(eq(userTokens.tokenHash, hash));
  if (!row || row.kind !== kind) return null;
  // The index found it by hash; compare once more in constant time all the same.
  if (!timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return null;
  return {
    id: row.id,
    state: stateOf(row),
    userId: row.userId,
    companyId: row.companyId,
    user: { firstName: row.firstName, lastName: row.lastName, email: row.email, status: row.status },
  };
}

/**
 * Uses a token inside the tenant transaction: only one caller can, even when two race (the
 * update's condition is checked under the row lock). False when it was used, revoked or expired
 * in the meantime.
 */
export async function consumeToken(tx: Tx, tokenId: string): Promise<boolean> {
  const used = await tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.id, tokenId), isNull(userTokens.usedAt), isNull(userTokens.revokedAt), sql`${userTokens.expiresAt} > now()`))
    .returning({ id: userTokens.id });
  return used.length === 1;
}

/** A token's state now, in the caller's transaction: why consumeToken refused it. */
export async function tokenState(tx: Tx, tokenId: string): Promise<TokenState> {
  const [row] = await tx
    .select({ usedAt: userTokens.usedAt, revokedAt: userTokens.revokedAt, expiresAt: userTokens.expiresAt })
    .from(userTokens)
    .where(eq(userTokens.id, tokenId));
  return row ? stateOf(row) : 'invalid';
}
