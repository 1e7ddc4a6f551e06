import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DRIZZLE_PARSERS, forDrizzle } from './pglite-driver';
import * as schema from './schema';

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir: string | undefined };

/**
 * Opens the database and brings its schema up to date.
 * `dataDir: undefined` opens an in-memory PGlite (tests).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries in flight still fail loudly.
    });
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
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(options.dataDir, { parsers: DRIZZLE_PARSERS });
  const db = drizzlePglite({ client: forDrizzle(client), schema });
  await migratePglite(db, { migrationsFolder });
  return {
    // Both drivers expose the same query builder; the node-postgres type is the one the code is written against.
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
