import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

/**
 * drizzle's PGlite driver sends its own result parsers with every query (dates, intervals and
 * their arrays, numeric arrays, kept as text for drizzle to map). PGlite copies its whole parser
 * table into a new object to merge them, on every call: that doubled the cost of a query
 * (about 150 µs instead of 78 µs here). The same parsers are set once on the PGlite instance,
 * and `withInstanceParsers` drops them from each query drizzle makes.
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

/** The options without the per-query parsers when they are only the ones the instance already has. */
function withoutInstanceParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  for (const oid in options.parsers) if (!(oid in DRIZZLE_PARSERS)) return options;
  const { parsers: _sameAsInstance, ...rest } = options;
  return rest;
}

/**
 * The client (or one of its transactions) for drizzle: queries without the parsers the instance
 * already applies, transactions handing drizzle the same kind of wrapper. Everything else is the
 * client's own (methods bound to it: PGlite keeps its state in private fields).
 */
export function withInstanceParsers<C extends PGlite | Transaction>(client: C): C {
  const query: C['query'] = (sql, params, options) => client.query(sql, params, withoutInstanceParsers(options));
  const transaction = 'transaction' in client ? <T>(work: (tx: Transaction) => Promise<T>) => client.transaction((tx) => work(withInstanceParsers(tx))) : undefined;
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'transaction' && transaction) return transaction;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
