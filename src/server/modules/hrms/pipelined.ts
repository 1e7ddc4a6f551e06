import type { Tx } from '../../db/tenant';
import { tenantConnectionOf } from '../../db/tenant-pg';

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
  // A query builder runs when its `then` is called: called here, in this turn.
  const started = steps.map((step) => {
    const value = step();
    return isThenable(value) ? new Promise((resolve, reject) => value.then(resolve, reject)) : Promise.resolve(value);
  });
  for (const p of started) p.catch(() => {});
  for (const p of started) results.push(await p);
  return results as { [K in keyof T]: Awaited<T[K]> };
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as { then?: unknown } | null)?.then === 'function';
