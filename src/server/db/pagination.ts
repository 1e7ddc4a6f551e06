import { and, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@/shared/pagination';
import { isUuid } from '@/shared/uuid';
import { badRequest } from '../http/errors';

/**
 * Keyset pagination over (created_at desc, id desc): the cost of a page does not grow with the
 * list. The cursor carries created_at as Postgres text, which keeps its microseconds exactly.
 */
export interface Keyset {
  createdAt: AnyColumn | SQL;
  id: AnyColumn | SQL;
}

/**
 * `timestamptz::text` as PostgreSQL writes it (ISO DateStyle): "2024-02-29 13:05:09.123456+00",
 * the offset possibly with minutes and seconds. Only this form is accepted, and only a date and
 * time that exist: PostgreSQL rejects "2024-02-30" or year 275760 with an error, which here would
 * be a 500 (issue 17, finding 7), and reads odd forms ("1", "epoch", "now") in ways of its own.
 */
const PG_TIMESTAMPTZ = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?([+-])(\d{2})(?::(\d{2})(?::(\d{2}))?)?$/;

export function isPgTimestamptzText(text: string): boolean {
  const m = PG_TIMESTAMPTZ.exec(text);
  if (!m) return false;
  const n = (group: number) => Number(m[group] ?? 0);
  const [year, month, day, hour, minute, second] = [n(1), n(2), n(3), n(4), n(5), n(6)];
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  // Day 0 of the next month is the last day of this one (setUTCFullYear: years below 100 stay as they are).
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  if (day > lastDay.getUTCDate()) return false;
  return n(8) <= 15 && n(9) <= 59 && n(10) <= 59;
}

/** The same form in a session whose time zone is UTC (one regular expression on each row of a page). */
const PG_UTC_TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.(\d{1,6}))?\+00$/;

/** A fraction of a second's digits ("5", "123456") as three digits of milliseconds, cut. */
const millisOf = (fraction = '') => (fraction + '000').slice(0, 3);

/**
 * `timestamptz::text` (the form above, any offset) as `Date.prototype.toISOString()` writes the
 * same instant: UTC, the fraction cut to milliseconds as node-postgres' Date cuts it. A page of
 * rows selects the text once (it is also the cursor's) and is not formatted a second time by
 * PostgreSQL's to_char (bench figure 4c). Text of another form is an error, not a wrong date.
 */
export function isoFromPgTimestamptz(text: string): string {
  // A session in UTC writes "+00": the text already is the instant's UTC date and time.
  const utc = PG_UTC_TIMESTAMPTZ.exec(text);
  if (utc) return `${text.slice(0, 10)}T${text.slice(11, 19)}.${millisOf(utc[1])}Z`;
  const m = PG_TIMESTAMPTZ.exec(text);
  if (!m) throw new Error(`not a timestamptz text: ${JSON.stringify(text.slice(0, 40))}`);
  const millis = millisOf(/\.(\d{1,6})/.exec(text)?.[1]);
  const n = (group: number) => Number(m[group] ?? 0);
  const at = new Date(0);
  at.setUTCFullYear(n(1), n(2) - 1, n(3));
  at.setUTCHours(n(4), n(5), n(6), Number(millis));
  const offsetSeconds = (m[7] === '-' ? -1 : 1) * (n(8) * 3600 + n(9) * 60 + n(10));
  return new Date(at.getTime() - offsetSeconds * 1000).toISOString();
}

/** The cursor's position, or 400 "Invalid cursor" for anything this server did not write. */
export function decodeCursor(cursor: string | undefined): { ts: string; id: string } | null {
  if (!cursor) return null;
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(decoded) && decoded.length === 2) {
      const [ts, rawId] = decoded as unknown[];
      const id = typeof rawId === 'string' ? rawId.toLowerCase() : undefined;
      if (typeof ts === 'string' && id !== undefined && isUuid(id) && isPgTimestamptzText(ts)) return { ts, id };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}

const encodeCursor = (ts: string, id: string) => Buffer.from(JSON.stringify([ts, id])).toString('base64url');

/** The condition and order for one page, newest first. */
export function keysetPage(keys: Keyset, query: PageQuery) {
  const after = decodeCursor(query.cursor);
  const where: SQL | undefined = after
    ? or(
        sql`${keys.createdAt} < ${after.ts}::timestamptz`,
        and(sql`${keys.createdAt} = ${after.ts}::timestamptz`, sql`${keys.id} < ${after.id}::uuid`),
      )
    : undefined;
  return {
    where,
    // NULLS LAST, as the (company_id, created_at desc, id desc) indexes are built: plain DESC means
    // NULLS FIRST, which those indexes cannot serve (a sort of the whole company instead).
    orderBy: [sql`${keys.createdAt} desc nulls last`, sql`${keys.id} desc nulls last`] as const,
    /** One more than asked, to know whether another page exists. */
    limit: query.limit + 1,
    cursorText: sql<string>`${keys.createdAt}::text`,
  };
}

/** Cuts the extra row off and makes the next cursor from the last row kept. */
export function toPage<R extends { cursorText: string; id: string }, T>(rows: R[], query: PageQuery, map: (row: R) => T) {
  const kept = rows.slice(0, query.limit);
  const last = kept.at(-1);
  return {
    items: kept.map(map),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorText, last.id) : null,
  };
}
