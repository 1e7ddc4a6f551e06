// Seeds an embedded (PGlite) data folder in a process of its own: PGlite is single-connection and
// in-process, so the server must be stopped while this runs.
// argv: dataDir, JSON of SeedOptions, optional JSON of ModuleSeedOptions.
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { seed, type Exec, type SeedOptions } from './seed';
import { seedModules, type ModuleSeedOptions } from './seed-modules';

const dataDir = process.argv[2]!;
const options = JSON.parse(process.argv[3]!) as SeedOptions;
const moduleOptions = process.argv[4] ? (JSON.parse(process.argv[4]) as ModuleSeedOptions) : null;
// Migrations 0010 and 0013 created these extensions: the data folder is opened with them loaded.
const db = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
try {
  const exec: Exec = async (sql, params) => (await db.query(sql, params)) as { rows: Record<string, unknown>[] };
  const report = await seed(exec, options, (s) => process.stderr.write(`[pglite] ${s}\n`));
  const modules = moduleOptions ? await seedModules(exec, moduleOptions, (s) => process.stderr.write(`[pglite] ${s}\n`)) : null;
  process.stdout.write(`${JSON.stringify({ ...report, modules })}\n`);
} finally {
  await db.close();
}
