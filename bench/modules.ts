/**
 * `npm run bench:modules` (the second half of `npm run bench`): the figures of the CRM, ATS,
 * Projects and HRMS workforce (portal, attendance) modules, each on its own bulk data, on
 * PostgreSQL. The HRMS directory and audit figures stay in run.ts (they compare PGlite too). See
 * bench/README.md, "Module figures".
 *
 * Shape of a run:
 *   1. create a PostgreSQL database, start a server on it, sign up the measured companies (big and
 *      small, every product) through the API
 *   2. bulk-seed the base data set (companies, users; seed.ts), then each module's data
 *   3. restart the server (no plans cached on empty tables) and measure each module's figures
 *   4. results to bench/results/modules.md and modules.json; every child, database and temp
 *      folder is removed on the way out, also on failure, Ctrl-C and the deadline.
 *
 * BENCH_MODULES=crm,ats picks modules (by product type); the results file is meant for all of them.
 */
import { hashPassword } from 'better-auth/crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { ApiClient, catalogue, signUpCompany, type SignedUp } from './lib/api';
import { onCleanup } from './lib/cleanup';
import { alternate, cookieHeaders, createDatabase, loopbackUrl, mean, num, serverEnv } from './lib/common';
import { latencyRatioFigure, withCpu } from './lib/cpu';
import { assertClean, load, type LoadRequest } from './lib/load';
import type { ModuleBench, ModuleMeasureContext, ModuleSeedContext, ModuleSeedResult } from './lib/module-bench';
import { ROOT, startServer } from './lib/proc';
import { fmt, markdownTable, runBench, type Figure, type RunMeta } from './lib/report';
import { seed, type Exec } from './lib/seed';
import { ats } from './modules/ats';
import { crm } from './modules/crm';
import { hrms } from './modules/hrms';
import { payroll } from './modules/payroll';
import { projects } from './modules/projects';

/** Every module with figures here; a new module adds its file under bench/modules/ and a line. */
const MODULES: ModuleBench[] = [crm, ats, projects, hrms, payroll];

const env = process.env;
const SETTINGS = {
  seed: num('BENCH_SEED', 20_251_122),
  companies: num('BENCH_COMPANIES', 15_000),
  users: num('BENCH_USERS', 250_000),
  seconds: num('BENCH_SECONDS', 5),
  latencyRounds: num('BENCH_LATENCY_ROUNDS', 3),
  latencyConnections: 4,
  poolSize: 10,
  budgetMs: num('BENCH_MODULES_BUDGET_MIN', 20) * 60_000,
};
const DEADLINE_MS = SETTINGS.budgetMs - 30_000;
const RESULTS_DIR = env.BENCH_RESULTS_DIR ? resolve(env.BENCH_RESULTS_DIR) : join(ROOT, 'bench', 'results');
const picked = env.BENCH_MODULES?.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
const modules = picked ? MODULES.filter((m) => picked.includes(m.name)) : MODULES;

const started = performance.now();
const elapsed = () => performance.now() - started;
const log = (s: string) => process.stderr.write(`[bench:modules ${(elapsed() / 1000).toFixed(0).padStart(4)} s] ${s}\n`);

interface Results {
  figures: Figure[];
  measurements: Record<string, unknown>;
  notes: string[];
  seeding: Record<string, { ms: number; counts: Record<string, number> }>;
}

async function main(results: Results) {
  if (picked && modules.length !== picked.length) throw new Error(`BENCH_MODULES names unknown modules; known: ${MODULES.map((m) => m.name).join(', ')}`);
  const tmp = mkdtempSync(join(tmpdir(), 'worksphere-bench-modules-'));
  onCleanup('temp folder', () => {
    if (env.BENCH_KEEP_TMP) log(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  });

  const db = await createDatabase(loopbackUrl(env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'), 'modules');
  const dbEnv = (extra: Record<string, string> = {}) => serverEnv(SETTINGS.poolSize, { DATABASE_URL: db.url.toString(), DATA_DIR: join(tmp, 'data'), ...extra });
  let server = await startServer({ name: 'pg', logDir: tmp, env: dbEnv() });
  const products = await catalogue(server.origin);
  const all = products.map((p) => p.id);
  const [big, small] = [await signUpCompany(server.origin, 'big', all), await signUpCompany(server.origin, 'small', all)];
  log(`database ${db.name}; server ${server.origin}; modules: ${modules.map((m) => m.name).join(', ') || 'none'}`);

  const client = new pg.Client({ connectionString: db.url.toString() });
  await client.connect();
  onCleanup('owner connection', () => client.end());
  const exec: Exec = (sql, params) => client.query(sql, params);

  log(`seeding ${SETTINGS.companies} companies / ${SETTINGS.users} users`);
  const base = await seed(
    exec,
    { seed: SETTINGS.seed, totalCompanies: SETTINGS.companies, totalUsers: SETTINGS.users, grow: [], passwordHash: await hashPassword('seeded-user-password') },
    (s) => log(`[base] ${s}`),
  );
  results.seeding.base = { ms: base.ms, counts: base.counts };
  const seedCtx: ModuleSeedContext = { big, small, products, seed: SETTINGS.seed, log };
  const seeded = new Map<string, ModuleSeedResult>();
  for (const m of modules) {
    const t0 = performance.now();
    const r = await m.seed(exec, { ...seedCtx, log: (s) => log(`[${m.name}] ${s}`) });
    seeded.set(m.name, r);
    results.seeding[m.name] = { ms: Math.round(performance.now() - t0), counts: r.counts };
    log(`[${m.name}] seeded in ${results.seeding[m.name]!.ms} ms: ${JSON.stringify(r.counts)}`);
  }

  // A restart drops the pool's plans and connections made on the empty tables.
  await server.stop();
  server = await startServer({ name: 'pg-full', logDir: tmp, env: dbEnv() });
  const { seconds, latencyRounds, latencyConnections } = SETTINGS;
  const measure = (request: LoadRequest | LoadRequest[], label: string) =>
    load({ origin: server.origin, connections: latencyConnections, durationSec: seconds, warmupSec: 2, requests: [request].flat() }).then((r) => assertClean(label, r));
  const note = `${latencyConnections} connections, ${latencyRounds} rounds of ${seconds} s`;

  for (const m of modules) {
    const measurements: Record<string, unknown> = {};
    results.measurements[m.name] = measurements;
    const ctx: ModuleMeasureContext = {
      ...seedCtx,
      big: signedInAt(big, server.origin),
      small: signedInAt(small, server.origin),
      log: (s) => log(`[${m.name}] ${s}`),
      server,
      exec,
      seeded: seeded.get(m.name)!,
      settings: { seconds, latencyRounds, latencyConnections },
      tmp,
      figures: results.figures,
      measurements,
      notes: results.notes,
      startServer: (name, extra = {}) => startServer({ name, logDir: tmp, env: dbEnv(extra) }),
      cookie: cookieHeaders,
      latencyRatio: async (id, name, bigReq, smallReq, bound) => {
        ctx.log(`figure ${id}`);
        const side = (request: LoadRequest | LoadRequest[], what: string) => withCpu(server.pid, () => measure(request, `${id} ${what}`));
        const r = await alternate(latencyRounds, () => side(bigReq, 'big'), () => side(smallReq, 'small'));
        results.figures.push(latencyRatioFigure(id, name, { big: r.ours, small: r.baseline }, `${note}, alternating`, bound));
        return { big: r.ours, small: r.baseline };
      },
      latencyGoal: async (id, name, request, goalMs) => {
        ctx.log(`figure ${id}`);
        const rounds = [];
        for (let i = 0; i < latencyRounds; i++) rounds.push(await measure(request, id));
        const p95 = mean(rounds.map((x) => x.latency.p95!));
        results.figures.push({ id, name, ours: fmt.ms(p95), baseline: '—', ratio: null, goal: `p95 ≤ ${goalMs} ms`, pass: p95 <= goalMs, note });
        return rounds;
      },
    };
    await m.measure(ctx);
  }
  await server.stop();
}

/** The account's session, for the server now measured (the one that signed it up was stopped). */
function signedInAt(account: SignedUp, origin: string): SignedUp {
  const client = new ApiClient(origin);
  client.cookie = account.client.cookie;
  return { ...account, client };
}

function renderMarkdown(results: Results, meta: RunMeta, error: string | null) {
  const lines: string[] = [];
  lines.push('# WorkSphere benchmark: module figures, latest run', '');
  lines.push(`Run ${meta.finishedAt} in ${meta.durationSec} s on ${meta.cpus} CPUs (${meta.cpuModel}), load average at start ${meta.loadStart}, at end ${meta.loadEnd}; Node ${meta.node}.`);
  lines.push('`npm run bench:modules` regenerates this file (`npm run bench` runs it after run.ts); see bench/README.md, "Module figures".', '');
  if (error) lines.push(`**The run did not complete:** ${error}`, '');
  lines.push(markdownTable(results.figures), '');
  const notes = results.figures.filter((f) => f.note).map((f) => `- ${f.id}: ${f.note}`);
  if (notes.length || results.notes.length) lines.push('Notes:', '', ...notes, ...results.notes.map((n) => `- ${n}`), '');
  if (Object.keys(results.seeding).length) {
    lines.push('## Data set', '', `Seed ${SETTINGS.seed}.`, '', '| part | seconds | rows |', '|---|---|---|');
    for (const [part, s] of Object.entries(results.seeding)) {
      const rows = Object.entries(s.counts).map(([t, n]) => `${t} ${Number(n).toLocaleString('en-US')}`).join(', ');
      lines.push(`| ${part} | ${(s.ms / 1000).toFixed(1)} | ${rows} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

await runBench({
  base: 'modules',
  dir: RESULTS_DIR,
  deadlineMs: DEADLINE_MS,
  elapsed,
  log,
  results: { figures: [], measurements: {}, notes: [], seeding: {} } as Results,
  meta: { settings: SETTINGS, modules: modules.map((m) => m.name) },
  main,
  render: renderMarkdown,
});
