import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';

const BATCH = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes audit events older than `retentionDays` before `now`, in batches (a short lock each,
 * rather than one statement over a year of a big company's events). Runs on the owner
 * connection: the app role cannot delete events at all. Returns how many were removed.
 */
export async function purgeAuditEvents(db: Db, retentionDays: number, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const res = await db.execute(sql`
      delete from audit_events where id in (
        select id from audit_events where created_at < ${cutoff}::timestamptz limit ${BATCH}
      ) returning 1`);
    // Counted from the rows returned: both drivers report those the same way.
    const removed = res.rows.length;
    total += removed;
    if (removed < BATCH) return total;
  }
}

/**
 * The daily purge the server runs: once shortly after start, then every day. Several processes
 * on one PostgreSQL may each run it; the deletes are idempotent. Returns a stop function.
 */
export function scheduleAuditPurge(db: Db, retentionDays: number, log: Logger, startDelayMs = 60_000): () => void {
  const run = () =>
    purgeAuditEvents(db, retentionDays)
      .then((removed) => log.info({ event: 'audit_purge', removed, retentionDays }, 'audit events purged'))
      .catch((err: unknown) => log.error({ err }, 'audit purge failed'));
  const first = setTimeout(run, startDelayMs);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
