import { sql, type SQL } from 'drizzle-orm';
import { isIsoDate } from '@/shared/modules';
import { isUuid } from '@/shared/uuid';
import type { Tx } from '../db/tenant';
import { badRequest } from '../http/errors';
import { textArray } from './sql';

/**
 * Keyset pagination over any sort a module list offers: the sort's columns plus the id, compared
 * as one row value, so a page costs the same wherever it is in the list and the (entity, sort
 * columns, id) index serves it. Columns must be NOT NULL (a row comparison with a null is null).
 */
export interface SortSpec {
  /** The expressions, in order; the id is appended. */
  columns: SQL[];
  /** Postgres type of each column, for the cursor's values. */
  types: ('text' | 'date' | 'timestamptz' | 'int' | 'bigint' | 'float8')[];
}

export interface ListQuery {
  limit: number;
  cursor?: string;
  dir: 'asc' | 'desc';
}

export interface PageOptions {
  /**
   * The page is filtered by a search with indexes of its own. The first sort column is then
   * ordered as an expression (`last_name || ''`: the same values, the same order), which no index
   * provides. Otherwise, for `… limit 26`, the planner walks the sort index and filters row by row,
   * expecting matches to be spread evenly. Matches that are rare, or that sit together in the sort
   * order (a last name), make that walk read the whole entity. With the expression, the search
   * indexes find the matches and only those are sorted.
   */
  searched?: boolean;
}

/** The same value as `column`, as an expression that no index orders by. */
const unindexed = (column: SQL, type: SortSpec['types'][number]): SQL => {
  if (type === 'text') return sql`(${column} || '')`;
  if (type === 'timestamptz') return sql`(${column} + interval '0 seconds')`;
  return sql`(${column} + 0)`; // date + integer is a date
};

const fits = (value: string, type: SortSpec['types'][number] | undefined) => {
  if (type === undefined || type === 'text') return true;
  if (type === 'int') return /^-?\d{1,9}$/.test(value);
  if (type === 'bigint') return /^-?\d{1,18}$/.test(value);
  // float8::text: the shortest text that reads back exactly (PostgreSQL 12+), finite values only.
  if (type === 'float8') return value.length <= 40 && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value) && Number.isFinite(Number(value));
  if (type === 'date') return isIsoDate(value);
  // PostgreSQL writes an offset as "+00" (no minutes), which Date.parse does not read: complete it.
  const iso = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(value) && !Number.isNaN(Date.parse(iso));
};

function decode(cursor: string, spec: SortSpec): string[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(values) &&
      values.length === spec.columns.length + 1 &&
      values.every((v, i) => typeof v === 'string' && v.length <= 1000 && !v.includes('\u0000') && fits(v, spec.types[i])) &&
      isUuid(values.at(-1) as string)
    ) {
      return values as string[];
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}

/** The condition, order, limit and cursor expression of one page. */
export function sortedPage(spec: SortSpec, id: SQL, query: ListQuery, options: PageOptions = {}) {
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
    orderBy: cols.map((c, i) => sql`${i === 0 && options.searched && spec.types[0] ? unindexed(c, spec.types[0]) : c} ${dir}`),
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

/** A board: rows in columns (an ATS job's stages, a project's statuses), each in rank order. */
export interface BoardSource<R, C extends string> {
  /** The rows' table and its alias in `select`: `ats_applications`, `a`. */
  table: string;
  alias: string;
  /** The column's field: `stage`. */
  column: string;
  /**
   * Names the board's range so that it leads the board's index (company, entity, board, column,
   * rank, id): row-level security still applies; its conditions alone leave the planner to guess.
   */
  range: SQL;
  sort: SortSpec;
  /** The select of whole rows from `table` as `alias`, with `extra` select columns; a join is appended. */
  select: (extra: SQL) => SQL;
  columnOf: (row: R) => C;
}

/**
 * The next page of each of `columns`, in one statement: each column's page of ids is an index-only
 * read of its range in rank order that stops at the page's end (a lateral join over the columns),
 * then only those rows are joined. Asked for the joined rows at once, the planner (the row-level
 * security conditions multiply their selectivities) expected a card or two and read and sorted
 * whole columns; one statement a column also planned once per column (bench figures A1 and P1).
 * `columns` are the column field's values (stages, statuses), sent as one text[] parameter.
 */
export async function columnPages<R extends { cursorValues: string[] }, T, C extends string>(
  tx: Tx,
  board: BoardSource<R, C>,
  columns: readonly C[],
  query: Pick<ListQuery, 'limit' | 'cursor'>,
  map: (row: R) => T,
): Promise<Map<C, { items: T[]; nextCursor: string | null }>> {
  const alias = sql.raw(board.alias);
  const page = sortedPage(board.sort, sql`${alias}.id`, { ...query, dir: 'asc' });
  const orderBy = sql.join(page.orderBy, sql`, `);
  const pageIds = sql`
    select ${alias}.id, board_column.n from unnest(${textArray(columns)}) with ordinality as board_column(key, n)
    cross join lateral (
      select ${alias}.id from ${sql.raw(board.table)} ${alias}
      where ${board.range} and ${alias}.${sql.raw(board.column)} = board_column.key${page.where ? sql` and ${page.where}` : sql``}
      order by ${orderBy} limit ${page.limit}) ${alias}`;
  const rows = (
    await tx.execute(
      sql`${board.select(sql`, ${page.cursorValues} as "cursorValues"`)} join (${pageIds}) board_page on board_page.id = ${alias}.id order by board_page.n, ${orderBy}`,
    )
  ).rows as R[];
  return new Map(columns.map((c) => [c, toSortedPage(rows.filter((r) => board.columnOf(r) === c), query.limit, map)]));
}

/** A page's row without the cursor's values it was selected with (toSortedPage's map). */
export const pageItem = <R extends { cursorValues: string[] }>({ cursorValues: _, ...item }: R): Omit<R, 'cursorValues'> => item;
