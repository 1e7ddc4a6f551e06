import { sql, type SQL } from 'drizzle-orm';
import { isIsoDate } from '@/shared/modules';
import { badRequest } from '../http/errors';

/**
 * Keyset pagination over any sort a module list offers: the sort's columns plus the id, compared
 * as one row value, so a page costs the same wherever it is in the list and the (entity, sort
 * columns, id) index serves it. Columns must be NOT NULL (a row comparison with a null is null).
 */
export interface SortSpec {
  /** The expressions, in order; the id is appended. */
  columns: SQL[];
  /** Postgres type of each column, for the cursor's values. */
  types: ('text' | 'date' | 'timestamptz' | 'int')[];
}

export interface ListQuery {
  limit: number;
  cursor?: string;
  dir: 'asc' | 'desc';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fits = (value: string, type: SortSpec['types'][number] | undefined) => {
  if (type === undefined || type === 'text') return true;
  if (type === 'int') return /^-?\d{1,9}$/.test(value);
  if (type === 'date') return isIsoDate(value);
  return /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T')));
};

function decode(cursor: string, spec: SortSpec): string[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(values) &&
      values.length === spec.columns.length + 1 &&
      values.every((v, i) => typeof v === 'string' && v.length <= 1000 && !v.includes('\u0000') && fits(v, spec.types[i])) &&
      UUID.test(values.at(-1) as string)
    ) {
      return values as string[];
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}

/** The condition, order, limit and cursor expression of one page. */
export function sortedPage(spec: SortSpec, id: SQL, query: ListQuery) {
  const cols = [...spec.columns, id];
  const types = [...spec.types, 'uuid'];
  const dir = query.dir === 'asc' ? sql`asc` : sql`desc`;
  let where: SQL | undefined;
  if (query.cursor) {
    const values = decode(query.cursor, spec);
    const left = sql.join(cols, sql`, `);
    const right = sql.join(values.map((v, i) => sql`${v}::${sql.raw(types[i]!)}`), sql`, `);
    where = query.dir === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
  }
  return {
    where,
    orderBy: cols.map((c) => sql`${c} ${dir}`),
    limit: query.limit + 1,
    /** Select this as `cursorValues`: the row's sort values as text, for the next cursor. */
    cursorValues: sql<string[]>`array[${sql.join(cols.map((c) => sql`${c}::text`), sql`, `)}]`,
  };
}

/** Cuts the extra row off and encodes the next cursor from the last row kept. */
export function toSortedPage<R extends { cursorValues: string[] }, T>(rows: R[], limit: number, map: (row: R) => T) {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    items: kept.map(map),
    nextCursor: rows.length > limit && last ? Buffer.from(JSON.stringify(last.cursorValues)).toString('base64url') : null,
  };
}

/** `%` and `_` typed by a user are literal in a search, not wildcards. */
export const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
