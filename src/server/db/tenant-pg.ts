/**
 * The tenant transaction on PostgreSQL (issue 36): the work's statements, the transaction's own
 * (begin, the role and company settings, commit) and the session check sent in as few round trips
 * as the work allows.
 *
 * - Statements the work issues in the same turn of the event loop (a `Promise.all`, or a statement
 *   nobody awaits) are coalesced and sent as one pipeline (db/pipeline.ts: one Sync).
 * - Read mode (a GET): no begin or commit. Each pipeline is its own implicit transaction (the
 *   statements before a Sync), opened by the prelude: role `app`, `app.company_id`, read only, and
 *   the local settings the work set so far (`setLocal`: app.entity_ids). A read whose statements
 *   all go in one turn costs one round trip. Between two pipelines the snapshot moves on, as it
 *   does between two statements of a READ COMMITTED transaction.
 * - Write mode: `begin` and the prelude go with the first statements; statements whose result
 *   nobody awaits (`deferStatement`: the audit event, the outbox row, a notification) go with
 *   `commit` in the last pipeline. The work's last step (`commitWith` in db/tenant.ts: its writes
 *   and the read that answers) goes in that same pipeline: a create that inserts and reads its row
 *   back costs one round trip, an update that locks and reads first two.
 * - A cached session's check (auth/guard.ts) goes in the first pipeline, after the prelude. Before
 *   any statement outside a tenant transaction in a write, the pool sends it on its own
 *   (`checkSessionBeforePoolUse`).
 *
 * Local settings end with their (implicit or explicit) transaction, so nothing is left on the
 * pooled connection for the next request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createTableRelationsHelpers, extractTablesRelationalConfig, type RelationalSchemaConfig, type TablesRelationalConfig } from 'drizzle-orm';
import { NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { AccessRole } from '@/shared/roles';
import { Pipeline, type PipelineStatement, type StatementResult } from './pipeline';
import * as schema from './schema';
import type { Tx } from './tenant';

export type TenantMode = 'read' | 'write';

/**
 * The request's signed-in session as its tenant transactions check it (auth/guard.ts): shared by
 * every context of the request (inWriteMode's too), so a check answered once holds for the rest.
 */
export interface SessionCheckState {
  /**
   * The session check to send with the request's first pipeline (a cached session): a statement
   * that raises SQLSTATE WS401 when the session is no longer in force as cached.
   */
  check?: PipelineStatement;
  /** Set once PostgreSQL answered the check without error (or the session was read just now). */
  checked?: boolean;
  /**
   * After the check failed: reads the session again (its cache entry evicted), throwing 401 when
   * it has ended (and 409 when `retrying` and the user changed); the work is then run once more.
   */
  revalidate?: (retrying: boolean) => Promise<void>;
  /** The caller's product grants cached with their session (platform/scope.ts reads and fills it). */
  grants?: { userId: string; byProduct: Map<string, Map<string, AccessRole>>; selves: Map<string, CachedSelfScope> };
}

/**
 * Who the caller is as an employee (platform/scope.ts SelfScope), cached with their session, and
 * the fingerprint the database computes of it: a request using it sends the check that the
 * resolution still gives this fingerprint (migration 0044).
 */
export interface CachedSelfScope {
  scope: { employeeIds: string[]; reportIds: string[]; teamIds: string[]; entityIds: string[] };
  fingerprint: string;
}

/** What the request tells the tenant transactions it opens (set by the guard: auth/guard.ts). */
export interface RequestDbContext {
  mode: TenantMode;
  session?: SessionCheckState;
}

export const requestDb = new AsyncLocalStorage<RequestDbContext>();

/** The session check still owed by the current request, if any. */
export function pendingSessionCheck(): SessionCheckState | undefined {
  const session = requestDb.getStore()?.session;
  return session?.check && !session.checked ? session : undefined;
}

/** Runs `work` with tenant transactions in write mode, whatever the request's method (a GET that creates defaults). */
export function inWriteMode<T>(work: () => Promise<T>): Promise<T> {
  const current = requestDb.getStore();
  if (!current) return work();
  // A context of its own (the request's other work keeps its mode), sharing the session's state.
  return requestDb.run({ ...current, mode: 'write' }, work);
}

/**
 * Before any statement outside a tenant transaction (the pool's own `query` or `connect`) in a
 * write whose session came from the cache: the session check, in a round trip of its own, so a
 * route that opens no tenant transaction (sign out my other sessions, two-factor, my password)
 * never acts for a session that has ended. A tenant transaction sends the check in its first
 * pipeline instead (it connects through `rawConnect`). Installed on the pool by db/client.ts.
 */
export function checkSessionBeforePoolUse(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  rawConnects.set(pool, connect as () => Promise<pg.PoolClient>);
  const owed = () => (requestDb.getStore()?.mode === 'write' ? pendingSessionCheck() : undefined);
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const session = owed();
    if (!session || typeof args.at(-1) === 'function') return query(...args);
    return checkNow(query, session).then(() => query(...args));
  };
  (pool as { connect: unknown }).connect = (...args: unknown[]) => {
    const session = owed();
    if (!session || typeof args[0] === 'function') return connect(...args);
    return checkNow(query, session).then(() => connect(...args));
  };
}

const rawConnects = new WeakMap<pg.Pool, () => Promise<pg.PoolClient>>();
const checking = new WeakMap<SessionCheckState, Promise<void>>();

/** The owed session check, once per request however many statements wait for it. */
function checkNow(query: (...args: unknown[]) => unknown, session: SessionCheckState): Promise<void> {
  let running = checking.get(session);
  if (!running) {
    const check = session.check!;
    running = (query(check.text, [...(check.values ?? [])]) as Promise<unknown>).then(
      () => {
        session.checked = true;
      },
      async (error: unknown) => {
        if (!isSessionRevoked(error) || !session.revalidate) throw error;
        // 401 when the session has ended; otherwise read just now (checked) and the work goes on.
        await session.revalidate(true);
      },
    );
    checking.set(session, running);
    running.finally(() => checking.delete(session)).catch(() => {});
  }
  return running;
}

interface Queued {
  statement: PipelineStatement;
  resolve: (r: StatementResult) => void;
  reject: (e: unknown) => void;
  /** A local setting: sent in place, and in the prelude of every later pipeline (read mode). */
  setting?: [string, string];
}

const PRELUDE_READ = "select set_config('role', 'app', true), set_config('app.company_id', $1, true), set_config('transaction_read_only', 'on', true)";
/** An owner read (ownerRead): no role or company, read only. */
const PRELUDE_OWNER_READ = "select set_config('transaction_read_only', 'on', true)";
const PRELUDE_WRITE = "select set_config('role', 'app', true), set_config('app.company_id', $1, true)";
const SET_LOCAL = 'select set_config($1, $2, true)';

/** The connection of one tenant transaction, as drizzle sees it (`query(config, values)`). */
export class TenantConnection {
  private queue: Queued[] = [];
  private deferred: PipelineStatement[] = [];
  /** The local settings earlier pipelines set (read mode: repeated in each prelude). */
  private settings = new Map<string, string>();
  private begun = false;
  private scheduled = false;
  /** The pipeline on the wire, if any: the next waits for it (node-postgres queues one query at a time). */
  private inFlight: Promise<void> = Promise.resolve();
  /** The session check failed: every later statement fails too, and the work is not committed. */
  revoked: unknown = undefined;
  /** Set by `endWithNextPipeline`: the next pipeline carries the deferred statements and the commit. */
  private ending = false;
  /** The pipeline that carried the commit, once sent: nothing may follow it. */
  private ended: Promise<void> | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    /** null: an owner read (ownerRead), as the pool's own user, no tenant settings. */
    private readonly companyId: string | null,
    readonly mode: TenantMode,
    private readonly session: SessionCheckState | undefined,
  ) {}

  /** drizzle's entry point: the statement is queued and sent with the others of this turn. */
  query(config: string | { text: string; rowMode?: 'array'; types?: unknown }, values?: unknown[]): Promise<StatementResult> {
    const statement: PipelineStatement =
      typeof config === 'string' ? { text: config, values } : { text: config.text, values, rowMode: config.rowMode, types: config.types };
    return this.enqueue(statement);
  }

  private enqueue(statement: PipelineStatement, setting?: [string, string]): Promise<StatementResult> {
    if (this.revoked) return Promise.reject(this.revoked);
    if (this.ended) return Promise.reject(new Error('A statement after its transaction was committed (commitWith must be the last step).'));
    return new Promise((resolve, reject) => {
      this.queue.push({ statement, resolve, reject, setting });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  /** A transaction-local setting (set_config(name, value, true)) that later statements see. */
  setLocal(name: string, value: string): Promise<unknown> {
    return this.enqueue({ text: SET_LOCAL, values: [name, value] }, [name, value]);
  }

  /** A statement whose result no one waits for: sent with the commit (write mode). */
  defer(statement: PipelineStatement): Promise<void> {
    if (this.ended) return Promise.reject(new Error('A statement after its transaction was committed (commitWith must be the last step).'));
    if (this.mode === 'write') {
      this.deferred.push(statement);
      return Promise.resolve();
    }
    return this.enqueue(statement).then(() => undefined);
  }

  /** The statements that open a pipeline: the session check, begin, the prelude. */
  private opening(): { statements: PipelineStatement[]; checksSession: boolean } {
    const statements: PipelineStatement[] = [];
    const check = this.session?.check;
    const checksSession = Boolean(check && !this.session?.checked);
    if (this.mode === 'read') {
      statements.push(this.companyId === null ? { text: PRELUDE_OWNER_READ } : { text: PRELUDE_READ, values: [this.companyId] });
      for (const [name, value] of this.settings) statements.push({ text: SET_LOCAL, values: [name, value] });
    } else if (!this.begun) {
      this.begun = true;
      statements.push({ text: 'begin' }, { text: PRELUDE_WRITE, values: [this.companyId] });
    }
    // After the prelude: the check runs as `app`, through its security-definer function.
    if (checksSession) statements.push(check!);
    return { statements, checksSession };
  }

  /**
   * The work has decided everything (db/tenant.ts `commitWith`): the statements of this turn go
   * with the deferred ones and the commit. Only PostgreSQL can still refuse (an error there skips
   * the commit: the transaction is rolled back). Write mode only; a read has nothing to commit.
   */
  endWithNextPipeline() {
    if (this.mode === 'write') this.ending = true;
  }

  private flush() {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    if (this.ending) {
      this.ending = false;
      const tail = [...this.deferred, { text: 'commit' }];
      this.deferred = [];
      this.ended = this.send(batch, tail);
      this.ended.catch(() => {});
      return;
    }
    // Its statements' own promises carry any failure to whoever awaits them.
    this.send(batch, []).catch(() => {});
  }

  private send(batch: Queued[], tail: PipelineStatement[]): Promise<void> {
    const { statements, checksSession } = this.opening();
    const pipeline = new Pipeline();
    const own = statements.map((s) => pipeline.add(s));
    const checkResult = checksSession ? own[own.length - 1] : undefined;
    for (const p of own) p.catch(() => {});
    for (const q of batch) {
      pipeline.add(q.statement).then(q.resolve, q.reject);
      if (q.setting) this.settings.set(q.setting[0], q.setting[1]);
    }
    const tailResults = tail.map((s) => pipeline.add(s));
    for (const p of tailResults) p.catch(() => {});
    const previous = this.inFlight;
    const done = previous.then(() => {
      void this.client.query(pipeline as unknown as pg.QueryConfig);
      return pipeline.done;
    });
    this.inFlight = done;
    if (checkResult) {
      checkResult.then(
        () => {
          if (this.session) this.session.checked = true;
        },
        (error: unknown) => {
          if (isSessionRevoked(error)) this.revoked = error;
        },
      );
    }
    // The first failure of the opening statements or the tail, for the caller of send().
    return done.then(async () => {
      const failures = await Promise.allSettled([...own, ...tailResults]);
      const failed = failures.find((f) => f.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    });
  }

  /** Everything sent so far has been answered. */
  async settled(): Promise<void> {
    while (this.scheduled || this.queue.length > 0) {
      if (this.queue.length > 0) this.flush();
      await this.inFlight;
      await new Promise((r) => setImmediate(r));
    }
    await this.inFlight;
  }

  /** After the work: the deferred statements and the commit (write mode), in one pipeline. */
  async commit(): Promise<void> {
    await this.settled();
    if (this.revoked) throw this.revoked;
    if (this.ended) {
      await this.ended;
      if (this.revoked) throw this.revoked;
      return;
    }
    if (this.mode === 'read') return;
    if (!this.begun && this.deferred.length === 0) return;
    const tail = [...this.deferred, { text: 'commit' }];
    this.deferred = [];
    await this.send([], tail);
    if (this.revoked) throw this.revoked;
  }

  /** After the work failed: roll back (write mode); read mode's implicit transactions are already over. */
  async rollback(): Promise<void> {
    await this.settled().catch(() => {});
    if (this.mode === 'write' && this.begun) await this.client.query('rollback');
  }
}

/** SQLSTATE raised by app_check_session() (migration 0043) when the session is no longer as cached. */
export const SESSION_REVOKED_CODE = 'WS401';

export const isSessionRevoked = (error: unknown) => hasErrorCode(error, SESSION_REVOKED_CODE);

/** An error and its causes, outermost first (drizzle wraps the driver's error; a skipped statement names the failure). */
export function* causes(error: unknown): Generator<{ severity?: unknown; code?: unknown; message?: unknown; constraint?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Whether the error, or one of its causes, carries this SQLSTATE. */
export function hasErrorCode(error: unknown, code: string): boolean {
  for (const e of causes(error)) if (e.code === code) return true;
  return false;
}

const connections = new WeakMap<object, TenantConnection>();

/** The pipelined connection behind a transaction's query builder (PostgreSQL), if it is one. */
export function tenantConnectionOf(tx: Tx): TenantConnection | undefined {
  return connections.get(tx);
}

/**
 * Runs `work` in a tenant transaction on a pooled connection (see the top of this file). A
 * revoked session found by the check rejects with the WS401 error, after rolling back.
 */
export function pgTenantTransaction<T>(pool: pg.Pool, companyId: string, work: (tx: Tx) => Promise<T>, forceWrite = false): Promise<T> {
  const context = requestDb.getStore();
  return revalidatedOnRevocation(context, () => runTenantTransaction(pool, companyId, work, forceWrite, context));
}

/**
 * A read outside the tenant door, as the pool's own user (the sessions and two-factor tables are
 * not the app role's): its statements pipelined as a tenant read's are, read only, with the
 * request's owed session check in its first pipeline (rather than a round trip of its own after
 * the work: auth/guard.ts).
 */
export function pgOwnerRead<T>(pool: pg.Pool, work: (q: Tx) => Promise<T>): Promise<T> {
  const context = requestDb.getStore();
  const read: RequestDbContext = { ...context, mode: 'read' };
  return revalidatedOnRevocation(context, () => runTenantTransaction(pool, null, work, false, read));
}

async function revalidatedOnRevocation<T>(context: RequestDbContext | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const session = context?.session;
    if (!isSessionRevoked(error) || !session?.revalidate) throw error;
    // The cached session no longer holds: read it again (401 when it has ended), then run the work
    // once more, checked by that fresh read. Nothing of the first run was committed.
    await session.revalidate(true);
    return run();
  }
}

/**
 * The schema's relational config, built once: `drizzle(client, { schema })` builds it on every call
 * (walking every table, index and relation of the schema), which cost more CPU than the rest of a
 * hub request together when it ran per transaction.
 */
let relational: RelationalSchemaConfig<TablesRelationalConfig> | undefined;
const dialect = new PgDialect();

/** A drizzle database over one tenant transaction's connection, as `drizzle(connection, { schema })` makes it. */
function tenantDrizzle(connection: TenantConnection): Tx {
  if (!relational) {
    const { tables, tableNamesMap } = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables, tableNamesMap };
  }
  const session = new NodePgSession(connection as unknown as pg.PoolClient, dialect, relational);
  return new NodePgDatabase(dialect, session, relational as never) as unknown as Tx;
}

async function runTenantTransaction<T>(
  pool: pg.Pool,
  companyId: string | null,
  work: (tx: Tx) => Promise<T>,
  forceWrite: boolean,
  context: RequestDbContext | undefined,
): Promise<T> {
  const mode: TenantMode = forceWrite ? 'write' : (context?.mode ?? 'write');
  // The pool's own connect: this transaction carries the session check in its first pipeline.
  const client = await (rawConnects.get(pool) ?? (() => pool.connect()))();
  const connection = new TenantConnection(client, companyId, mode, context?.session);
  const tx = tenantDrizzle(connection);
  connections.set(tx, connection);
  let broken: Error | undefined;
  try {
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (!connection.revoked && context?.session?.check && !context.session.checked) {
        // The work refused before sending anything (a 403 or 404 judged on grants cached with the
        // session): refuse only once the session check says the cache still holds.
        await connection.query('select 1').catch(() => {});
      }
      throw connection.revoked ?? error;
    }
    await connection.commit();
    return result;
  } catch (error) {
    if (isConnectionLost(error)) {
      // The backend ended (terminated, crashed, shut down): node-postgres still calls the client
      // queryable until its socket closes, so say so, or the pool hands it to the next request.
      broken = error as Error;
    } else {
      await connection.rollback().catch((e: Error) => {
        // The connection cannot even roll back: drop it rather than hand it to the next request.
        broken = e;
      });
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * The error ended the connection itself: a FATAL or PANIC from the backend (SQLSTATE class 57P:
 * terminated by an administrator, crash or shutdown; class 08: connection exception) or the
 * socket closing under the statement.
 */
export function isConnectionLost(error: unknown): boolean {
  for (const { severity, code, message } of causes(error)) {
    if (severity === 'FATAL' || severity === 'PANIC') return true;
    if (typeof code === 'string' && (code.startsWith('57P') || code.startsWith('08'))) return true;
    if (typeof message === 'string' && /^Connection terminated/.test(message)) return true;
  }
  return false;
}
