import type { MiddlewareHandler } from 'hono';
import { ERROR_MESSAGES } from '@/shared/errors';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_SETUP_REQUIRED } from '@/shared/two-factor-messages';
import { isSessionRevoked, requestDb, type RequestDbContext, type SessionCheckState } from '../db/tenant-pg';
import { AppError, conflict, forbidden, unauthorized } from '../http/errors';
import type { AppEnv } from '../http/env';
import { readSession, type ReadSession } from './session';
import { sessionCacheFor } from './session-cache';

export type Access = 'public' | 'user' | 'super_admin';

export interface AccessOptions {
  /** Open to a user whose company requires two-factor sign-in they have not set up (its own setup routes). */
  beforeTwoFactorSetup?: boolean;
}

const CHECK_SESSION = 'select app_check_session($1, $2)';

/** What the session check compares: a change of any of these after the request began cannot be retried under the old user. */
const sameUser = (a: ReadSession['user'], b: ReadSession['user']) =>
  a.id === b.id && a.role === b.role && a.companyId === b.companyId && a.twoFactorSetupRequired === b.twoFactorSetupRequired;

/** The guard of a route that needs a session (public routes have none: see defineRoute). */
export function requireAccess(access: Exclude<Access, 'public'>, options: AccessOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The cookie straight from Node's request where there is one: reading it through the
    // Request object would build a Headers object of every header first.
    const cookie = c.env?.incoming ? c.env.incoming.headers.cookie : c.req.header('cookie');
    const database = c.get('database');
    const cache = sessionCacheFor(database);
    // A write reads its session from the database, never from this process's cache: a route
    // that opens no tenant transaction (own name, password, sessions, two-factor) would make its
    // change before any check of a cached session could refuse it. Reads take the cache, checked
    // in their first pipeline (or after their work when they open no transaction: they change nothing).
    // Reads and writes alike take the cache (PostgreSQL), never trusted blindly: the request's first
    // tenant pipeline carries the session check; a write that touches the database outside a
    // tenant transaction (my sessions, password, two-factor) has it sent before its first
    // statement (db/tenant-pg.ts `checkSessionBeforePoolUse`); whatever opened neither has it
    // sent after its work, before its answer goes.
    const method = c.req.method;
    const reading = method === 'GET' || method === 'HEAD';
    const read = (fresh = false) => readSession(c.get('auth'), database.db, cookie, () => c.req.raw.headers, cache, fresh);
    let session = await read();
    if (!session) throw unauthorized();
    const refusal = (user: ReadSession['user']) => {
      if (access === 'super_admin' && user.role !== 'super_admin') return forbidden(ERROR_MESSAGES.superAdminOnly);
      if (user.twoFactorSetupRequired && !options.beforeTwoFactorSetup) return new AppError(403, TWO_FACTOR_SETUP_REQUIRED, TWO_FACTOR_MESSAGES.setupRequired);
      return undefined;
    };
    if (session.cache?.fromCache && refusal(session.user)) {
      // Never refuse on what the cache says: the user may have changed since (two-factor set up).
      cache!.delete(session.cache.token);
      session = await read();
      if (!session) throw unauthorized();
    }
    // Set before the role check so a refusal is logged with who asked.
    c.set('user', session.user);
    c.set('sessionId', session.sessionId);
    const refused = refusal(session.user);
    if (refused) throw refused;
    const original = session;
    // The tenant transactions of a GET are read only and need no begin or commit (db/tenant-pg.ts).
    const state: SessionCheckState = {};
    const context: RequestDbContext = { mode: reading ? 'read' : 'write', session: state };
    const cached = session.cache;
    if (cached) {
      state.grants = { userId: session.user.id, byProduct: cached.entry.grants, selves: cached.entry.selves };
      if (cached.fromCache) {
        // Answered from this process's cache: checked before anything is done or answered (above).
        state.check = { text: CHECK_SESSION, values: [session.sessionId, cached.entry.accessVersion] };
        state.revalidate = async (retrying) => {
          cache!.delete(cached.token);
          state.check = undefined;
          state.grants = undefined;
          const fresh = await read(true);
          if (!fresh) throw unauthorized();
          // Read just now: no check needed for the rest of this request.
          state.checked = true;
          if (fresh.cache) state.grants = { userId: fresh.user.id, byProduct: fresh.cache.entry.grants, selves: fresh.cache.entry.selves };
          // After the route's work (no tenant transaction), its own change may have moved the
          // version (two-factor turned off): only an ended session changes the answer.
          if (!retrying) return;
          c.set('user', fresh.user);
          const now = refusal(fresh.user);
          if (now) throw now;
          // Work about to run (again) under the old user: refused if what the request was judged by changed.
          if (!sameUser(fresh.user, original.user)) throw conflict(ERROR_MESSAGES.accessChanged);
        };
      }
    }
    await requestDb.run(context, next);
    if (state.check && !state.checked && !c.error) {
      // The route opened no tenant transaction (a read) or touched no database: check the cached
      // session now, before its answer goes.
      try {
        await database.db.$client.query(state.check.text, [...(state.check.values ?? [])]);
      } catch (error) {
        if (!isSessionRevoked(error)) throw error;
        // Ended: 401 rather than the answer. Still in force (another change moved the version): the answer stands.
        await state.revalidate!(false);
      }
    }
  };
}
