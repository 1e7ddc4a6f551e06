import { and, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@/shared/pagination';
import { badRequest } from '../http/errors';

/**
 * Keyset pagination over (created_at desc, id desc): the cost of a page does not grow with the
 * list. The cursor carries created_at as Postgres text, which keeps its microseconds exactly.
 */
export interface Keyset {
  createdAt: AnyColumn;
  id: AnyColumn;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(cursor: string | undefined): { ts: string; id: string } | null {
  if (!cursor) return null;
  try {
    const [ts, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof ts === 'string' && typeof id === 'string' && UUID.test(id) && !Number.isNaN(Date.parse(ts))) return { ts, id };
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
