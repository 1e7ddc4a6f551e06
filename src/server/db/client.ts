import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import v8 from 'node:v8';
import { DRIZZLE_PARSERS, forDrizzle } from './pglite-driver';
import * as schema from './schema';
import { checkSessionBeforePoolUse } from './tenant-pg';

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

let compiled: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and shared by every PGlite it opens (the test
 * suite opens hundreds of in-memory databases; one compile each would also be slow).
 *
 * Before the first compile, V8's garbage collection of wasm code is switched off. With it on,
 * Node 24's V8 (13.6) at times fails a check while freeing wasm code that tier-up replaced
 * ("Check failed: jit_page_->allocations_.erase(addr) == 1" in
 * ThreadIsolation::UnregisterWasmAllocation, SIGTRAP), which ends the process: it killed a test
 * worker in four of six CI runs on 2026-11-23, and a long-running server on the embedded database
 * runs the same code. `--trace-wasm-code-gc` shows that code GC is the path that frees it (PGlite's
 * Liftoff code, replaced by optimized code as functions get hot; the modules themselves live as
 * long as the process). Without it that replaced code stays allocated: at most the baseline code of
 * the functions PGlite has run, since each function tiers up once (V8 13.6 has no wasm deopts).
 */
function pgliteModules() {
  compiled ??= (async () => {
    v8.setFlagsFromString('--no-wasm-code-gc');
    const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(new URL(file, dist)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return compiled;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * LISTENs on `channel` for the life of the database (or until the returned stop): PostgreSQL
   * on a connection of its own, reconnected with backoff (`onReset` after each reconnect, since
   * notifications sent meanwhile are lost); PGlite in-process.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReset: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** Told when a connection breaks (the server was restarted, the backend terminated, the network dropped). */
      onConnectionError?: (err: Error) => void;
    }
  | { dataDir: string | undefined };

/**
 * Opens the database and brings its schema up to date.
 * `dataDir: undefined` opens an in-memory PGlite (tests).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const onConnectionError = options.onConnectionError ?? (() => {});
    // An idle connection that breaks: the pool drops it and opens another when needed.
    pool.on('error', (err) => onConnectionError(err));
    // A connection that breaks while checked out (a transaction: ours, drizzle's, better-auth's,
    // the migration's) emits 'error' with no listener of the pool's on it, which would end the
    // process. Listen on every connection for its whole life: the statement in flight still
    // fails (its request answers 500), and the pool drops the connection when it is released.
    pool.on('connect', (client) => {
      client.on('error', (err) => onConnectionError(err));
    });
    // A write answered from a cached session checks it before the pool's first statement (db/tenant-pg.ts).
    checkSessionBeforePoolUse(pool);
    const db = drizzlePg(pool, { schema });
    // Several processes may start against one server at once: migrate under an advisory lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    const stops = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      listen: async (channel, onMessage, onReset) => {
        const stop = await listenPg(options.url, channel, onMessage, onReset);
        stops.add(stop);
        return async () => {
          stops.delete(stop);
          await stop();
        };
      },
      close: async () => {
        for (const stop of [...stops]) await stop();
        await pool.end();
      },
    };
  }
  // pg_trgm and btree_gin: migrations 0010 and 0013 create them for the user search's first
  // indexes (0023 replaced those with its own trigram keys; PostgreSQL servers ship both as
  // contrib extensions).
  const client = await PGlite.create(options.dataDir, { parsers: DRIZZLE_PARSERS, extensions: { pg_trgm, btree_gin }, ...(await pgliteModules()) });
  const db = drizzlePglite({ client: forDrizzle(client), schema });
  await migratePglite(db, { migrationsFolder });
  return {
    // Both drivers expose the same query builder; the node-postgres type is the one the code is written against.
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

/** A LISTEN connection that comes back after it breaks (1 s, doubling to 30 s between tries). */
async function listenPg(url: string, channel: string, onMessage: (payload: string) => void, onReset: () => void) {
  let stopped = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const open = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
    });
    // Errors end the connection; 'end' below reconnects.
    client.on('error', () => {});
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    return client;
  };
  const reconnect = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      open()
        .then((client) => {
          if (stopped) return void client.end().catch(() => {});
          watch(client);
          onReset();
        })
        .catch(() => reconnect(Math.min(delay * 2, 30_000)));
    }, delay);
  };
  const watch = (client: pg.Client) => {
    current = client;
    client.once('end', () => {
      if (current === client) current = undefined;
      reconnect(1000);
    });
  };
  watch(await open());
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end().catch(() => {});
  };
}
