// Seeds an embedded (PGlite) data folder in a process of its own: PGlite is single-connection and
// in-process, so the server must be stopped while this runs. argv: dataDir, JSON of SeedOptions.
import { PGlite } from '@electric-sql/pglite';
import { seed, type Exec, type SeedOptions } from './seed';

const dataDir = process.argv[2]!;
const options = JSON.parse(process.argv[3]!) as SeedOptions;
const db = await PGlite.create(dataDir);
try {
  const exec: Exec = async (sql, params) => (await db.query(sql, params)) as { rows: Record<string, unknown>[] };
  const report = await seed(exec, options, (s) => process.stderr.write(`[pglite] ${s}\n`));
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await db.close();
}
