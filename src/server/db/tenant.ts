import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';
import { causes, pgOwnerRead, pgTenantTransaction, tenantConnectionOf } from './tenant-pg';

/** What a tenant transaction offers its work: the query builder, bound to the transaction. */
export type Tx = Omit<Db, 'transaction' | '$client'>;

export interface TenantOptions {
  /**
   * Open the transaction for writing even in a read (GET) request: a read that creates what it
   * reads the first time (default settings, leave types). On PostgreSQL a GET's transaction is
   * otherwise read only (db/tenant-pg.ts).
   */
  write?: boolean;
}

/**
 * Runs `work` in one transaction scoped to one company: the row-level security policies see
 * `app.company_id`, and the transaction runs as the unprivileged `app` role so they apply
 * (set_config(..., true) is SET LOCAL). Every tenant query goes through here.
 */
export function withTenant<T>(db: Db, companyId: string, work: (tx: Tx) => Promise<T>, options: TenantOptions = {}): Promise<T> {
  // PostgreSQL: pipelined (db/tenant-pg.ts). PGlite (no network) as before.
  if (db.$client instanceof pg.Pool) return pgTenantTransaction(db.$client, companyId, work, options.write);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', 'app', true), set_config('app.company_id', ${companyId}, true)`);
    return work(tx);
  });
}

/**
 * A read outside the tenant door, as the database owner (tables that are not the app role's: the
 * signed-in user's sessions and two-factor row). On PostgreSQL its statements are pipelined with
 * the request's session check: one round trip for what it sends in one turn. PGlite: `db` itself.
 */
export function ownerRead<T>(db: Db, work: (q: Tx) => Promise<T>): Promise<T> {
  if (db.$client instanceof pg.Pool) return pgOwnerRead(db.$client, work);
  return work(db);
}

/**
 * Sets a transaction-local setting (set_config(name, value, true)) that the transaction's later
 * statements see. On PostgreSQL it is sent with the next statements, and repeated at the start of
 * each later pipeline of a read (each its own implicit transaction): use this, not a raw set_config.
 */
export async function setLocal(tx: Tx, name: string, value: string): Promise<void> {
  const connection = tenantConnectionOf(tx);
  if (connection) {
    // Not awaited on purpose: it goes with the statements that need it.
    connection.setLocal(name, value).catch(() => {});
    return;
  }
  await tx.execute(sql`select set_config(${name}, ${value}, true)`);
}

/**
 * A write whose result no one waits for (an audit event, an outbox row, a notification): on
 * PostgreSQL it is sent with the commit, in the transaction's last round trip; its failure still
 * rolls the transaction back. Elsewhere it runs now.
 */
export async function deferStatement(tx: Tx, query: { toSQL(): { sql: string; params: unknown[] } } & PromiseLike<unknown>): Promise<void> {
  const connection = tenantConnectionOf(tx);
  if (connection) {
    const { sql: text, params } = query.toSQL();
    return connection.defer({ text, values: params });
  }
  await query;
}

/**
 * The last step of a write, once the work has decided everything: `writes` (query builders, run
 * in the order given), then `read` (the answer, which sees them). On PostgreSQL they go in one
 * pipeline with the deferred statements (audit event, outbox, notifications) and the commit, so a
 * create costs one round trip (db/tenant-pg.ts). A write's error is thrown before the read's
 * (a unique violation stays a unique violation), and skips the commit. Nothing may run in the
 * transaction after it: queue the audit event and notifications before calling it.
 */
export async function commitWith<T>(tx: Tx, writes: PromiseLike<unknown>[], read: () => Promise<T>): Promise<T> {
  const connection = tenantConnectionOf(tx);
  if (!connection) {
    for (const write of writes) await write;
    return read();
  }
  connection.endWithNextPipeline();
  const started = writes.map(start);
  const answer = read();
  for (const p of [...started, answer]) p.catch(() => {});
  for (const write of started) await write;
  return answer;
}

/**
 * Steps of a transaction that may depend on the ones before them (a read-back after its insert),
 * sent together: on PostgreSQL each is started now, in the order given, so their first statements
 * go in one pipeline (one round trip, run in that order: db/tenant-pg.ts); their answers are
 * awaited in that order too, so the first failure is the one thrown (a unique violation, not the
 * skipped read after it). Elsewhere (PGlite) one after another: started together there, a
 * statement being prepared (db/pglite-driver.ts) can run after the one started next.
 */
export async function pipelined<T extends unknown[]>(tx: Tx, ...steps: { [K in keyof T]: () => T[K] }): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  if (!tenantConnectionOf(tx)) {
    for (const step of steps) results.push(await step());
    return results as { [K in keyof T]: Awaited<T[K]> };
  }
  const started = steps.map((step) => {
    const value = step();
    return isThenable(value) ? start(value) : Promise.resolve(value);
  });
  for (const p of started) p.catch(() => {});
  for (const p of started) results.push(await p);
  return results as { [K in keyof T]: Awaited<T[K]> };
}

/**
 * Starts a query builder now (it runs when its `then` is called: called here, in this turn), so
 * that on PostgreSQL its statement joins this turn's pipeline, in the order started; its answer is
 * the promise returned, which nobody need await at once.
 */
export function start<T>(query: PromiseLike<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => query.then(resolve, reject));
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as { then?: unknown } | null)?.then === 'function';

/** Postgres error code of a unique violation, with the constraint it names. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e?.code === '23503' && (constraint === undefined || e.constraint === constraint);
}

function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  // drizzle wraps driver errors; the driver's error (with code and constraint) is the cause.
  for (const candidate of causes(error)) {
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
  }
  return undefined;
}
