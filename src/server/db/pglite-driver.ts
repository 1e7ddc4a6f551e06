import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

/**
 * The embedded database as drizzle sees it: the PGlite client, or one of its transactions, with
 * two costs of drizzle's PGlite driver taken out (measured by bench figure 5a):
 *
 * 1. Result parsers. The driver sends its own with every query (dates, intervals and their
 *    arrays, numeric arrays, kept as text for drizzle to map), and PGlite copies its whole parser
 *    table to merge them, on every call: a query cost about 150 µs instead of 78 µs. The same
 *    parsers are set once on the instance (`DRIZZLE_PARSERS`) and dropped from each query.
 *
 * 2. Parsing and planning. PGlite has no named prepared statements, so every query is parsed and
 *    planned again (the session lookup: about 230 µs). A statement seen a second time is
 *    prepared with SQL `PREPARE` and from then on run with `EXECUTE`, its values written as
 *    escaped literals (EXECUTE takes no bind parameters): about 70 µs. Prepared statements
 *    belong to the database session, not to a transaction, and PostgreSQL re-plans one when the
 *    role or the schema it depends on changes.
 */
const keepAsText = (value: string) => value;

export const DRIZZLE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: keepAsText,
  [types.TIMESTAMPTZ]: keepAsText,
  [types.INTERVAL]: keepAsText,
  [types.DATE]: keepAsText,
  1231: keepAsText, // numeric[]
  1115: keepAsText, // timestamp[]
  1185: keepAsText, // timestamptz[]
  1187: keepAsText, // interval[]
  1182: keepAsText, // date[]
};

type QueryOptions = Parameters<PGlite['query']>[2];
type Results = Awaited<ReturnType<PGlite['query']>>;

/** The options without the per-query parsers when they are only the ones the instance already has. */
function withoutInstanceParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  for (const oid in options.parsers) if (!(oid in DRIZZLE_PARSERS)) return options;
  const { parsers: _sameAsInstance, ...rest } = options;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Statement cache

/** Data statements only: never BEGIN, SET, DDL and the like. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** drizzle builds a new text for each length of an IN list: the cache stops growing here. */
const MAX_STATEMENTS = 500;
const MAX_PREPARE_FAILURES = 3;

interface Entry {
  name?: string;
  preparing?: Promise<boolean>;
  failures: number;
}

export interface StatementCache {
  statements: Map<string, Entry>;
  prepared: number;
}

export function createStatementCache(): StatementCache {
  return { statements: new Map(), prepared: 0 };
}

/**
 * A bind parameter as an SQL literal, or undefined when it has no exact literal form here (the
 * query then runs unprepared). Escape-string syntax, so the result does not depend on
 * standard_conforming_strings. A string with a NUL has none: PostgreSQL text cannot hold NUL, and
 * a NUL inside the statement text ends the protocol message early ("invalid message format"),
 * which broke the cached statement for every later caller. Such a query runs unprepared with bind
 * parameters, where the database refuses the value with a clean error of its own.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return undefined;
    text = value;
  }
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date && !Number.isNaN(value.getTime())) text = value.toISOString();
  else return undefined;
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

async function prepare(client: PGlite | Transaction, cache: StatementCache, entry: Entry, text: string): Promise<boolean> {
  const name = `ws_stmt_${++cache.prepared}`;
  try {
    await client.exec(`prepare ${name} as ${text}`);
    entry.name = name;
    return true;
  } catch {
    // e.g. a parameter whose type only the bind message would tell, or a transaction already
    // failed: run unprepared, and stop trying after a few failures.
    entry.failures++;
    return false;
  } finally {
    entry.preparing = undefined;
  }
}

async function cachedQuery(client: PGlite | Transaction, cache: StatementCache, text: string, params: unknown[] | undefined, options: QueryOptions): Promise<Results> {
  const entry = cache.statements.get(text);
  if (!entry) {
    if (cache.statements.size < MAX_STATEMENTS && PREPARABLE.test(text)) cache.statements.set(text, { failures: 0 });
    return client.query(text, params, options);
  }
  const literals = (params ?? []).map(literal);
  if (entry.failures >= MAX_PREPARE_FAILURES || literals.includes(undefined)) return client.query(text, params, options);
  if (!entry.name) {
    // Someone else is preparing it: run unprepared rather than wait, which could deadlock when
    // one side is inside a transaction and the other is waiting for it to end.
    if (entry.preparing) return client.query(text, params, options);
    entry.preparing = prepare(client, cache, entry, text);
    if (!(await entry.preparing)) return client.query(text, params, options);
  }
  const [result] = await client.exec(`execute ${entry.name}${literals.length ? `(${literals.join(', ')})` : ''}`, options);
  return result as Results;
}

/**
 * The client (or one of its transactions) for drizzle: queries through the statement cache and
 * without the parsers the instance already applies; transactions handing drizzle the same kind of
 * wrapper. Everything else is the client's own (methods bound to it: PGlite keeps its state in
 * private fields).
 */
export function forDrizzle<C extends PGlite | Transaction>(client: C, cache: StatementCache = createStatementCache()): C {
  const query = ((text: string, params?: unknown[], options?: QueryOptions) => cachedQuery(client, cache, text, params, withoutInstanceParsers(options))) as C['query'];
  const transaction = 'transaction' in client ? <T>(work: (tx: Transaction) => Promise<T>) => client.transaction((tx) => work(forDrizzle(tx, cache))) : undefined;
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'transaction' && transaction) return transaction;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
