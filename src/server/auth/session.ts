import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-call';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { sessionUser, type SessionUser } from '@/shared/auth';
import type { Db } from '../db/client';
import type { Tx } from '../db/tenant';
import { companies, sessions, users } from '../db/schema';
import type { Auth } from './auth';
import type { CachedSession, SessionCache } from './session-cache';

export interface Session {
  user: SessionUser;
  sessionId: string;
}

/** Reads the session through better-auth; null when there is none or it has ended. */
export async function loadSession(auth: Auth, headers: Headers): Promise<(Session & { lastActiveAt: Date }) | null> {
  if (!headers.get('cookie')) return null; // no cookie, no session: skip the database
  const result = await auth.api.getSession({ headers, query: { disableRefresh: false } });
  if (!result) return null;
  return { user: toSessionUser(result.user), sessionId: result.session.id, lastActiveAt: new Date(result.session.updatedAt) };
}

/**
 * How stale a session's last activity (`updated_at`, "Last active" on the sessions page) may get
 * while it is used. better-auth writes it only when it refreshes the session (once a day), so the
 * sessions page showed the sign-in time all day; writing it on every request would cost each one
 * a round trip. The session check reads it anyway: it is written when older than this.
 */
export const SESSION_ACTIVITY_INTERVAL_MS = 60_000;

async function touchWhenStale(db: Db, sessionId: string, lastActiveAt: Date) {
  const now = Date.now();
  if (now - lastActiveAt.getTime() < SESSION_ACTIVITY_INTERVAL_MS) return;
  // Only while still stale: of concurrent requests that all read it stale, one writes.
  await db
    .update(sessions)
    .set({ updatedAt: new Date(now) })
    .where(and(eq(sessions.id, sessionId), lt(sessions.updatedAt, new Date(now - SESSION_ACTIVITY_INTERVAL_MS))));
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
    twoFactorEnabled: typeof u.twoFactorEnabled === 'boolean' ? u.twoFactorEnabled : undefined,
    twoFactorSetupRequired: typeof u.twoFactorSetupRequired === 'boolean' ? u.twoFactorSetupRequired : undefined,
  });
}

/** A super admin of a company that requires two-factor sign-in, without it: only its setup is open to them. */
export const twoFactorSetupRequired = (u: { role: string; twoFactorEnabled: boolean; requireTwoFactor: boolean }) =>
  u.role === 'super_admin' && u.requireTwoFactor && !u.twoFactorEnabled;

/** The user's role, two-factor settings and status, read on the owner connection. */
async function accountState(db: Tx, userId: string) {
  const [row] = await db
    .select({ role: users.role, twoFactorEnabled: users.twoFactorEnabled, requireTwoFactor: companies.requireSuperAdminTwoFactor, status: users.status })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row;
}

const twoFactorOf = (row: Awaited<ReturnType<typeof accountState>>) => ({
  twoFactorEnabled: row?.twoFactorEnabled ?? false,
  twoFactorSetupRequired: row ? twoFactorSetupRequired(row) : false,
  /** The company requires two-factor sign-in of its super admins. */
  companyRequires: row?.requireTwoFactor ?? false,
});

/** The user's two-factor state (enabled; set-up required by the company), read on the owner connection (or in an ownerRead). */
export async function twoFactorState(db: Tx, userId: string) {
  return twoFactorOf(await accountState(db, userId));
}

/** At sign-in: the two-factor state and whether the account is deactivated, in one read. */
export async function signInState(db: Db, userId: string) {
  const row = await accountState(db, userId);
  return { ...twoFactorOf(row), deactivated: row?.status === 'deactivated' };
}

type AuthContext = Awaited<Auth['$context']>;

/** better-auth's context (secret, cookie names, session lifetimes) once resolved: no await per request. */
const contexts = new WeakMap<Auth, AuthContext>();

async function authContext(auth: Auth): Promise<AuthContext> {
  const ctx = await auth.$context;
  contexts.set(auth, ctx);
  return ctx;
}

/**
 * The session check of every signed-in request, in one query and without the thread pool.
 * better-auth checks the cookie's signature with WebCrypto, whose HMAC jobs queue on libuv's
 * thread pool behind password hashing (a sign-in burst made every read wait), and reads the
 * session and its user in two queries. Here: node:crypto's synchronous HMAC (the same
 * signature: base64 HMAC-SHA256 of the token with the auth secret) and one join. Whatever this
 * does not handle — no "remember me", a session due for refresh or expired — goes to
 * better-auth as before, with the request's headers (`headers()`, built only then).
 */
export async function readSession(
  auth: Auth,
  db: Db,
  cookieHeader: string | undefined,
  headers: () => Headers,
  cache?: SessionCache,
  /** Read from the database even when cached (the entry is refreshed): the guard asks it for writes. */
  fresh = false,
): Promise<ReadSession | null> {
  if (!cookieHeader) return null;
  const ctx = contexts.get(auth) ?? (await authContext(auth));
  // better-auth's own parser (better-call's: the first cookie of a name wins, values decoded), so
  // that with two session cookies this check and better-auth (/api/session, sign-out) see the same one.
  const cookies = parseCookies(cookieHeader);
  if (cookies.has(ctx.authCookies.dontRememberToken.name)) return loadCompleteSession(auth, db, headers());
  const value = cookies.get(ctx.authCookies.sessionToken.name);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const encoded = value.slice(dot + 1);
  // better-call's shape check: Node's base64 decoder skips stray characters, better-auth does not accept them.
  if (encoded.length !== 44 || !encoded.endsWith('=')) return null;
  const signature = Buffer.from(encoded, 'base64');
  const expected = createHmac('sha256', ctx.secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;

  // A cached session (PostgreSQL): no round trip here; the request's first pipeline checks it.
  const hit = fresh ? undefined : cache?.get(token);
  if (hit) return { ...hit.session, cache: { token, entry: hit, fromCache: true } };

  const [row] = await sessionByToken(db).execute({ token });
  if (!row) return null;

  const expiresAt = row.expiresAt.getTime();
  const { expiresIn, updateAge } = ctx.sessionConfig;
  const refreshAt = expiresAt - expiresIn * 1000 + updateAge * 1000;
  if (expiresAt <= Date.now() || refreshAt <= Date.now()) return loadCompleteSession(auth, db, headers());

  await touchWhenStale(db, row.sessionId, row.updatedAt);
  const session = toSession(row);
  if (!cache) return session;
  // A write's fresh read keeps the grants already cached at the same access version: any change
  // to them moves the version (migration 0043's triggers).
  const prior = fresh ? cache.get(token) : undefined;
  const same = prior && prior.accessVersion === row.accessVersion && prior.session.user.id === session.user.id;
  const grants = same ? prior.grants : new Map();
  // Each request checks a cached self-service scope itself: kept for the same user whatever the version.
  const selves = prior && prior.session.user.id === session.user.id ? prior.selves : new Map();
  const entry: CachedSession = { session, accessVersion: row.accessVersion, expiresAt, refreshAt, cachedAt: Date.now(), grants, selves };
  cache.set(token, entry);
  return { ...session, cache: { token, entry, fromCache: false } };
}

/** A session as the guard reads it: with its cache entry on PostgreSQL (see auth/session-cache.ts). */
export interface ReadSession extends Session {
  cache?: { token: string; entry: CachedSession; fromCache: boolean };
}

/** better-auth's session read, with the two-factor state its user lacks. */
async function loadCompleteSession(auth: Auth, db: Db, headers: Headers): Promise<Session | null> {
  const found = await loadSession(auth, headers);
  if (!found) return null;
  const { lastActiveAt, ...session } = found;
  await touchWhenStale(db, session.sessionId, lastActiveAt);
  return { ...session, user: { ...session.user, ...(await twoFactorState(db, session.user.id)) } };
}

/**
 * The session lookup of every signed-in request, built once per database as a named prepared
 * statement: no query building per request, and PostgreSQL parses and plans it once per connection.
 */
/** A session with its user as every signed-in read needs them: one join. */
const sessionColumns = {
  sessionId: sessions.id,
  expiresAt: sessions.expiresAt,
  updatedAt: sessions.updatedAt,
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  companyId: users.companyId,
  organizationId: users.organizationId,
  entityId: users.entityId,
  twoFactorEnabled: users.twoFactorEnabled,
  requireTwoFactor: companies.requireSuperAdminTwoFactor,
  accessVersion: users.accessVersion,
};

const sessionsWithUsers = (db: Db) =>
  db.select(sessionColumns).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).innerJoin(companies, eq(companies.id, users.companyId));

type SessionRow = Awaited<ReturnType<typeof sessionsWithUsers>>[number];

function toSession(row: SessionRow): Session {
  const { sessionId, expiresAt: _expiresAt, updatedAt: _updatedAt, requireTwoFactor: _require, accessVersion: _version, ...user } = row;
  return { sessionId, user: toSessionUser({ ...user, twoFactorSetupRequired: twoFactorSetupRequired(row) }) };
}

/**
 * The sessions among `sessionIds` that are still in force, with their users as they are now, in
 * one read (the live streams' check before each delivery: platform/live.ts). A session that was
 * ended, expired, or whose user was deleted or deactivated is absent.
 */
export async function currentSessions(db: Db, sessionIds: readonly string[]): Promise<Map<string, SessionUser>> {
  const found = new Map<string, SessionUser>();
  if (sessionIds.length === 0) return found;
  const rows = await sessionsWithUsers(db).where(
    and(inArray(sessions.id, [...sessionIds]), gt(sessions.expiresAt, new Date()), ne(users.status, 'deactivated')),
  );
  for (const row of rows) found.set(row.sessionId, toSession(row).user);
  return found;
}

function prepareSessionByToken(db: Db) {
  return sessionsWithUsers(db).where(eq(sessions.token, sql.placeholder('token'))).prepare('session_by_token');
}

const preparedSessionByToken = new WeakMap<Db, ReturnType<typeof prepareSessionByToken>>();

function sessionByToken(db: Db) {
  let prepared = preparedSessionByToken.get(db);
  if (!prepared) {
    prepared = prepareSessionByToken(db);
    preparedSessionByToken.set(db, prepared);
  }
  return prepared;
}
