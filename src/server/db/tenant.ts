import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client';
import * as schema from './schema';

/** What a tenant transaction offers its work: the query builder, bound to the transaction. */
export type Tx = Omit<Db, 'transaction' | '$client'>;

/**
 * Runs `work` in one transaction scoped to one company: the row-level security policies see
 * `app.company_id`, and the transaction runs as the unprivileged `app` role so they apply
 * (set_config(..., true) is SET LOCAL). Every tenant query goes through here.
 */
export function withTenant<T>(db: Db, companyId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db.$client instanceof pg.Pool) return pgTenantTransaction(db.$client, companyId, work);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', 'app', true), set_config('app.company_id', ${companyId}, true)`);
    return work(tx);
  });
}

/** A query builder per pooled connection, made once: connections live as long as the pool keeps them. */
const buildersByConnection = new WeakMap<pg.PoolClient, Tx>();

function builderFor(client: pg.PoolClient): Tx {
  let tx = buildersByConnection.get(client);
  if (!tx) {
    tx = drizzle(client, { schema });
    buildersByConnection.set(client, tx);
  }
  return tx;
}

/**
 * On PostgreSQL the transaction's own statements (begin, scope, commit) go straight to the
 * connection: the hub request is five statements, and drizzle's per-statement work on three of
 * them was a measurable part of it (bench figure 2). The work still gets the query builder.
 */
async function pgTenantTransaction<T>(pool: pg.Pool, companyId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    await client.query("select set_config('role', 'app', true), set_config('app.company_id', $1, true)", [companyId]);
    const result = await work(builderFor(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((e: Error) => {
      // The connection cannot even roll back: drop it rather than hand it to the next request.
      broken = e;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

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
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}
