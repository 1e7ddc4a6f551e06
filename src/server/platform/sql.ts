import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A list as one PostgreSQL array literal ('{"a","b"}'), sent as one bound parameter: a list of
 * any length is one placeholder, so the statement's text (and its plan) does not change with the
 * number of ids, and no list can reach the protocol's limit of 65,535 parameters.
 *
 * Every element is double-quoted, with `"` and `\` escaped by a backslash (PostgreSQL's array
 * literal rules), so a comma, quote, brace, backslash, space or the word NULL in a value stays
 * part of that value. The joins these replaced were written without quotes, which is right only
 * for uuids and the code's own constants.
 */
export const arrayLiteral = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** A list of ids as a uuid[] parameter, for `= any(...)` and `unnest(...)`. */
export const uuidArray = (ids: readonly string[]): SQL => sql`${arrayLiteral(ids)}::uuid[]`;

/** A list of strings (user text too) as a text[] parameter. */
export const textArray = (values: readonly string[]): SQL => sql`${arrayLiteral(values)}::text[]`;

/**
 * A timestamp column as the API writes it: its JSON text, the same form on both databases (null
 * stays null). Drizzle would map it to a Date, which JSON writes in another form.
 */
export const isoText = <C extends PgColumn>(column: C) => sql<C['_']['notNull'] extends true ? string : string | null>`to_json(${column}) #>> '{}'`;

/** isoText of a column of an outer-joined table: null when the join found no row. */
export const isoTextOrNull = (column: PgColumn) => sql<string | null>`to_json(${column}) #>> '{}'`;
