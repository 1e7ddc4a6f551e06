/**
 * The signed-in session, cached per process for up to 30 s (issue 36), with what the caller's
 * module scope needs (their product grants): a request answered from it costs no round trip of its
 * own. It is never trusted blindly on PostgreSQL:
 *
 * - the request's first pipeline carries `app_check_session(session, access version)` (migration
 *   0043; db/tenant-pg.ts), which raises WS401 when the session has ended, expired, its user was
 *   deactivated or anything their access depends on changed (the version moved), on any process;
 * - a read of the owner's tables (ownerRead, db/tenant.ts) carries it in its pipeline too; a route
 *   that touches no database has the check sent after its work (auth/guard.ts);
 * - the platform's access events (migration 0027's notifications, platform/events.ts) evict the
 *   user's or the company's entries at once, so this process's next request reads them again.
 *
 * On PGlite (one process, no network) there is no cache: every request reads the session.
 */
import type { AccessRole } from '@/shared/roles';
import type { CachedSelfScope } from '../db/tenant-pg';
import type { Database } from '../db/client';
import { eventHub } from '../platform/events';
import type { Session } from './session';

export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  session: Session;
  /** users.access_version when the session was read. */
  accessVersion: number;
  /** When the session itself expires, and when better-auth would refresh it (ms since epoch). */
  expiresAt: number;
  refreshAt: number;
  cachedAt: number;
  /** The caller's role per entity, per product, as read in a transaction checked at this version. */
  grants: Map<string, Map<string, AccessRole>>;
  /**
   * Who the caller is as an employee, per product (self-service), with its fingerprint: never
   * trusted on its own, each request checks it against the database in its first pipeline
   * (platform/scope.ts), so it may outlive a change of access version.
   */
  selves: Map<string, CachedSelfScope>;
}

export class SessionCache {
  private readonly byToken = new Map<string, CachedSession>();

  /** The entry for a cookie's token, if fresh (younger than SESSION_CACHE_MS, session not expired or due for refresh). */
  get(token: string, now = Date.now()): CachedSession | undefined {
    const entry = this.byToken.get(token);
    if (!entry) return undefined;
    if (now - entry.cachedAt >= SESSION_CACHE_MS || entry.expiresAt <= now || entry.refreshAt <= now) {
      this.byToken.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, entry: CachedSession) {
    this.byToken.delete(token);
    if (this.byToken.size >= MAX_ENTRIES) {
      // The oldest entry (a Map keeps insertion order).
      const oldest = this.byToken.keys().next();
      if (!oldest.done) this.byToken.delete(oldest.value);
    }
    this.byToken.set(token, entry);
  }

  delete(token: string) {
    this.byToken.delete(token);
  }

  evictUser(userId: string) {
    for (const [token, e] of this.byToken) if (e.session.user.id === userId) this.byToken.delete(token);
  }

  evictCompany(companyId: string) {
    for (const [token, e] of this.byToken) if (e.session.user.companyId === companyId) this.byToken.delete(token);
  }

  clear() {
    this.byToken.clear();
  }

  get size() {
    return this.byToken.size;
  }
}

const caches = new WeakMap<Database, SessionCache>();

/** The database's session cache (PostgreSQL only: undefined on PGlite), evicted on access events. */
export function sessionCacheFor(database: Database): SessionCache | undefined {
  if (database.kind !== 'postgres') return undefined;
  let cache = caches.get(database);
  if (!cache) {
    const created = new SessionCache();
    cache = created;
    caches.set(database, created);
    eventHub(database).subscribe((message) => {
      if (message.type === 'access') {
        if (message.change.userId) created.evictUser(message.change.userId);
        if (message.change.companyId) created.evictCompany(message.change.companyId);
      } else if (message.type === 'reset') created.clear();
    });
  }
  return cache;
}

/** Every cache of this process emptied (tests that change sessions behind the server's back). */
export function clearSessionCaches(database: Database) {
  caches.get(database)?.clear();
}
