import { sql } from 'drizzle-orm';
import type { Db } from './client';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `work` in one transaction scoped to one company: the row-level security policies see
 * `app.company_id`, and the transaction runs as the unprivileged `app` role so they apply.
 * Every tenant query goes through here.
 */
export function withTenant<T>(db: Db, companyId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
    await tx.execute(sql`select set_config('role', 'app', true), set_config('app.company_id', ${companyId}, true)`);
    return work(tx);
  });
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
