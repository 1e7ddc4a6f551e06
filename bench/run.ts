/**
 * `npm run bench`: the whole benchmark, unattended, in under 15 minutes on a 2-core machine.
 * See bench/README.md for what each figure means and how it is measured.
 *
 * Shape of a run:
 *   1. build the web app into a temp folder (WEB_ROOT of the servers under test)
 *   2. create a PostgreSQL database; start one server on it and one on a fresh PGlite folder;
 *      sign the measured companies and users up through the API on both
 *   3. framework overhead (health vs bare node:http) and the products hub on the almost empty data
 *   4. bulk-seed both databases to 15,000 companies / 250,000 users (in parallel)
 *   5. PostgreSQL figures: scale, products hub vs pgbench, sign-in vs bare scrypt, read p99 under
 *      sign-in load, web page weights
 *   6. PGlite figures: read throughput vs PostgreSQL, 50-client mixed load
 *   7. results to bench/results/latest.md and latest.json; every child, database and temp folder
 *      is removed on the way out, also on failure or Ctrl-C.
 */
import { hashPassword } from 'better-auth/crypto';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { ApiClient, catalogue, createUser, PASSWORD, signIn, signUpCompany, type SignedUp } from './lib/api';
import { onCleanup } from './lib/cleanup';
import { startBareServerLike, startFloorServerLike, startHonoServerLike } from './lib/bare';
import { assertClean, load, type LoadRequest } from './lib/load';
import { oneByOne, pgbenchScript, readTrace, runPgbench } from './lib/pgbench';
import { ROOT, SERVER_ROOT, runNode, runProgram, sleep, startServer } from './lib/proc';
import { fmt, markdownTable, runBench, type Figure, type RunMeta } from './lib/report';
import { seed, type SeedOptions, type SeedReport } from './lib/seed';
import { alternate, alternateSides, cookieHeaders, createDatabase, HASH_THREADS, loopbackUrl, mean, median, num, SEARCH_BOUND, serverEnv } from './lib/common';
import { latencyRatioFigure, roundRatios, withCpu } from './lib/cpu';
import { seedModules, type ModuleSeedOptions, type ModuleSeedReport } from './lib/seed-modules';
import { measureWeb } from './lib/web';

// ---------------------------------------------------------------------------------------------
// Settings (env overrides are for experiments; the committed results use the defaults)

const env = process.env;
const SETTINGS = {
  seed: num('BENCH_SEED', 20_251_122),
  companies: num('BENCH_COMPANIES', 15_000),
  users: num('BENCH_USERS', 250_000),
  bigCompanyUsers: num('BENCH_BIG_COMPANY_USERS', 50_000),
  /** HRMS employees in all; the big company's entity gets bigEntityEmployees, the small one's 10. */
  employees: num('BENCH_EMPLOYEES', 1_000_000),
  bigEntityEmployees: num('BENCH_BIG_ENTITY_EMPLOYEES', 100_000),
  smallEntityEmployees: 10,
  /** Audit events of the big company (PostgreSQL); the small company gets smallAuditEvents. */
  bigAuditEvents: num('BENCH_AUDIT_EVENTS', 1_000_000),
  smallAuditEvents: 100,
  /** Seconds of each measurement (after a 1 s warm-up). */
  seconds: num('BENCH_SECONDS', 5),
  /** Rounds of each throughput ratio, alternating ours and baseline; the mean of each side is used. */
  rounds: num('BENCH_ROUNDS', 2),
  /** Rounds of the p95 (scale) ratios: each passes on the median of its rounds' ratios (three by default). */
  latencyRounds: num('BENCH_LATENCY_ROUNDS', 3),
  mixedSeconds: num('BENCH_MIXED_SECONDS', 60),
  /** Concurrency of the throughput figures; equal to the server's DATABASE_POOL_SIZE. */
  connections: 10,
  latencyConnections: 4,
  signInConnections: 8,
  /** Password-hashing threads of the server and of the bare-verify baseline (the product default: one per core). */
  hashThreads: HASH_THREADS,
  budgetMs: 15 * 60_000,
};
const DEADLINE_MS = SETTINGS.budgetMs - 30_000;
const RESULTS_DIR = env.BENCH_RESULTS_DIR ? resolve(env.BENCH_RESULTS_DIR) : join(ROOT, 'bench', 'results');

const started = performance.now();
const elapsed = () => performance.now() - started;
const log = (s: string) => process.stderr.write(`[bench ${(elapsed() / 1000).toFixed(0).padStart(4)} s] ${s}\n`);

// ---------------------------------------------------------------------------------------------

interface Accounts {
  products: { id: string; type: string }[];
  big: SignedUp;
  small: SignedUp;
  /** A user (role user) in the big company with two products: the products hub's caller. */
  hub: ApiClient;
  hubToken: string;
}

async function setUpAccounts(origin: string): Promise<Accounts> {
  const products = await catalogue(origin);
  const id = (type: string) => products.find((p) => p.type === type)!.id;
  const big = await signUpCompany(origin, 'big', products.map((p) => p.id));
  const small = await signUpCompany(origin, 'small', [id('crm'), id('hrms')]);
  for (let k = 1; k <= 4; k++) await createUser(small, `small-${k}`, [id('crm')]);
  const hubUser = await createUser(big, 'hub', [id('crm'), id('hrms')]);
  const hub = await signIn(origin, hubUser.email);
  return { products, big, small, hub, hubToken: hub.sessionToken };
}






/** The statements one GET /api/me/products runs, recorded by a separate server with the tracer preloaded. */
async function traceProductsHub(tmp: string, dbUrl: string, hub: ApiClient) {
  const tracePath = join(tmp, 'sql-trace.jsonl');
  const server = await startServer({
    name: 'pg-trace',
    logDir: tmp,
    preload: ['./bench/lib/sql-trace.mjs'],
    env: serverEnv(SETTINGS.connections, { DATABASE_URL: dbUrl, DATA_DIR: join(tmp, 'pg-trace-data'), BENCH_SQL_TRACE: tracePath }),
  });
  try {
    const client = new ApiClient(server.origin);
    client.cookie = hub.cookie;
    for (let i = 0; i < 3; i++) await client.expect(200, 'GET', '/me/products');
    await sleep(200);
    const mark = readTrace(tracePath).length;
    await client.expect(200, 'GET', '/me/products');
    await sleep(200);
    const statements = readTrace(tracePath).slice(mark);
    if (statements.length === 0) throw new Error('the SQL trace recorded nothing');
    return statements;
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------

interface Results {
  figures: Figure[];
  measurements: Record<string, unknown>;
  notes: string[];
}

async function main(results: Results) {
  const m = results.measurements;
  const tmp = mkdtempSync(join(tmpdir(), 'worksphere-bench-'));
  onCleanup('temp folder', () => {
    if (env.BENCH_KEEP_TMP) log(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  });
  const seconds = SETTINGS.seconds;

  // 1. Web app build -------------------------------------------------------------------------
  log('building the web app');
  const webRoot = join(tmp, 'web');
  await runProgram(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webRoot, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: SERVER_ROOT,
    timeoutMs: 240_000,
  });
  if (SERVER_ROOT !== ROOT) results.notes.push(`Server and web app measured from ${SERVER_ROOT} (BENCH_SERVER_ROOT), not this checkout.`);

  // 2. Databases, servers, measured accounts ---------------------------------------------------
  const serverUrl = loopbackUrl(env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const db = await createDatabase(serverUrl, 'full');
  // The almost empty database of figure 4b: the same measured accounts, no bulk data.
  const emptyDb = await createDatabase(serverUrl, 'empty');
  log(`databases ${db.name}, ${emptyDb.name}`);
  const versionClient = new pg.Client({ connectionString: db.url.toString() });
  await versionClient.connect();
  m.postgresVersion = (await versionClient.query('select version() as v')).rows[0].v;
  await versionClient.end();

  const liteDir = join(tmp, 'pglite-data');
  let pgServer = await startServer({ name: 'pg', logDir: tmp, env: serverEnv(SETTINGS.connections, { DATABASE_URL: db.url.toString(), DATA_DIR: join(tmp, 'pg-data'), WEB_ROOT: webRoot }) });
  const pgEmptyServer = await startServer({ name: 'pg-empty', logDir: tmp, env: serverEnv(SETTINGS.connections, { DATABASE_URL: emptyDb.url.toString(), DATA_DIR: join(tmp, 'pg-empty-data') }) });
  const liteSetup = await startServer({ name: 'pglite-setup', logDir: tmp, env: serverEnv(SETTINGS.connections, { DATA_DIR: liteDir, WEB_ROOT: webRoot }) });
  log(`servers up: pg ${pgServer.origin}, pg-empty ${pgEmptyServer.origin}, pglite ${liteSetup.origin}`);
  const [pgAcc, emptyAcc, liteAcc] = await Promise.all([setUpAccounts(pgServer.origin), setUpAccounts(pgEmptyServer.origin), setUpAccounts(liteSetup.origin)]);
  await liteSetup.stop();

  const hubRead = (acc: Accounts): LoadRequest => ({ path: '/api/me/products', headers: cookieHeaders(acc.hub) });
  const userList = (c: ApiClient): LoadRequest => ({ path: '/api/users?limit=50', headers: cookieHeaders(c) });

  // 3. Figures on the almost empty database ---------------------------------------------------
  log('figure 1: framework overhead');
  const bare = await startBareServerLike(`${pgServer.origin}/api/health`);
  // The floor beside it: the framework alone (bench/lib/hono-server.ts), one route and no middleware.
  const hono = await startHonoServerLike(`${pgServer.origin}/api/health`);
  const healthLoad = async (origin: string, label: string) =>
    assertClean(label, await load({ origin, connections: SETTINGS.connections, durationSec: seconds, warmupSec: 1, requests: [{ path: '/api/health' }] }));
  const f1 = await alternateSides(SETTINGS.rounds, {
    ours: () => healthLoad(pgServer.origin, 'health'),
    floor: () => healthLoad(hono.origin, 'hono'),
    baseline: () => healthLoad(bare.origin, 'bare'),
  });
  await bare.stop();
  await hono.stop();
  m.frameworkOverhead = { health: f1.ours, hono: f1.floor, bare: f1.baseline, healthHeaders: bare.headers };
  const healthRps = mean(f1.ours.map((r) => r.rps));
  const honoRps = mean(f1.floor.map((r) => r.rps));
  const bareRps = mean(f1.baseline.map((r) => r.rps));
  // No goal (issue 36): what the framework costs here is the floor's to say, reported beside it.
  results.figures.push({
    id: '1',
    name: 'Framework overhead: GET /api/health vs bare node:http (same JSON and headers)',
    ours: fmt.rps(healthRps),
    baseline: fmt.rps(bareRps),
    ratio: healthRps / bareRps,
    goal: '—',
    pass: null,
    note: `reported with its floor (1 floor, ${(honoRps / bareRps).toFixed(2)}), no goal`,
  });
  results.figures.push({
    id: '1 floor',
    name: "Figure 1's floor: a one-route Hono app on @hono/node-server (same JSON and headers, no middleware) vs the same bare node:http (not a goal: what figure 1 could reach on this framework here)",
    ours: fmt.rps(honoRps),
    baseline: fmt.rps(bareRps),
    ratio: honoRps / bareRps,
    goal: '—',
    pass: null,
    note: `the product reached ${((healthRps / honoRps) * 100).toFixed(0)} % of the framework alone; rounds alternate product, Hono, bare`,
  });

  // 4. Seed both databases in parallel --------------------------------------------------------
  log(`seeding ${SETTINGS.companies} companies / ${SETTINGS.users} users into PostgreSQL and PGlite (in parallel)`);
  const passwordHash = await hashPassword('seeded-user-password');
  const seedOptions = (acc: Accounts): SeedOptions => ({
    seed: SETTINGS.seed,
    totalCompanies: SETTINGS.companies,
    totalUsers: SETTINGS.users,
    grow: [{ companyId: acc.big.companyId, targetUsers: SETTINGS.bigCompanyUsers, organizations: 25, entitiesPerOrganization: 4, productMask: 15 }],
    passwordHash,
  });
  const moduleSeedOptions = (acc: Accounts, withAudit: boolean): ModuleSeedOptions => ({
    totalEmployees: SETTINGS.employees,
    placed: [
      { companyId: acc.big.companyId, entityId: acc.big.entityId, count: SETTINGS.bigEntityEmployees },
      { companyId: acc.small.companyId, entityId: acc.small.entityId, count: SETTINGS.smallEntityEmployees },
    ],
    ...(withAudit
      ? {
          auditEvents: [
            { companyId: acc.big.companyId, count: SETTINGS.bigAuditEvents },
            { companyId: acc.small.companyId, count: SETTINGS.smallAuditEvents },
          ],
        }
      : {}),
  });
  type FullSeedReport = SeedReport & { modules: ModuleSeedReport | null };
  const seedPg = async (): Promise<FullSeedReport> => {
    const c = new pg.Client({ connectionString: db.url.toString() });
    await c.connect();
    try {
      const exec = (sql: string, params?: unknown[]) => c.query(sql, params);
      const base = await seed(exec, seedOptions(pgAcc), (s) => log(`[pg] ${s}`));
      const modules = await seedModules(exec, moduleSeedOptions(pgAcc, true), (s) => log(`[pg] ${s}`));
      return { ...base, modules };
    } finally {
      await c.end();
    }
  };
  const seedLite = async (): Promise<FullSeedReport> => {
    const { stdout } = await runNode('bench/lib/seed-pglite.ts', [liteDir, JSON.stringify(seedOptions(liteAcc)), JSON.stringify(moduleSeedOptions(liteAcc, false))], {
      timeoutMs: 420_000,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as FullSeedReport;
  };
  const [pgSeed, liteSeed] = await Promise.all([seedPg(), seedLite()]);
  m.seed = { postgres: pgSeed, pglite: liteSeed, settings: { seed: SETTINGS.seed, companies: SETTINGS.companies, users: SETTINGS.users, bigCompanyUsers: SETTINGS.bigCompanyUsers } };
  log(`seeded: PostgreSQL ${pgSeed.ms} ms, PGlite ${liteSeed.ms} ms`);

  // A restart drops the pool's cached plans and connections made on the empty tables.
  await pgServer.stop();
  pgServer = await startServer({ name: 'pg-full', logDir: tmp, env: serverEnv(SETTINGS.connections, { DATABASE_URL: db.url.toString(), DATA_DIR: join(tmp, 'pg-data'), WEB_ROOT: webRoot }) });

  // 5. PostgreSQL figures on the full data set ------------------------------------------------
  log('figure 4b: products hub p95, full data set vs almost empty database (alternating)');
  const f4b = await alternate(
    SETTINGS.latencyRounds,
    async () => assertClean('hub full', await load({ origin: pgServer.origin, connections: SETTINGS.latencyConnections, durationSec: seconds, warmupSec: 1, requests: [hubRead(pgAcc)] })),
    async () => assertClean('hub empty', await load({ origin: pgEmptyServer.origin, connections: SETTINGS.latencyConnections, durationSec: seconds, warmupSec: 1, requests: [hubRead(emptyAcc)] })),
  );
  await pgEmptyServer.stop();
  m.productsHubScale = { full: f4b.ours, empty: f4b.baseline };
  const hubFullP95 = median(f4b.ours.map((r) => r.latency.p95!));
  const hubEmptyP95 = median(f4b.baseline.map((r) => r.latency.p95!));
  const hubScaleRatios = roundRatios(f4b.ours, f4b.baseline);
  const hubScaleRatio = median(hubScaleRatios);

  /**
   * p95 of `big` against p95 of `small` on the PostgreSQL server, in alternating rounds; pushes the
   * figure (goal: the median of the rounds' ratios ≤ `bound`, 1.5, or 2.0 for a search that reads
   * every match) with each side's CPU per request in its note (bench/lib/cpu.ts).
   */
  const latencyFigure = async (id: string, name: string, big: LoadRequest, small: LoadRequest, label: string, bound = 1.5) => {
    const side = (request: LoadRequest, what: string) =>
      withCpu(pgServer.pid, async () =>
        assertClean(`${label} ${what}`, await load({ origin: pgServer.origin, connections: SETTINGS.latencyConnections, durationSec: seconds, warmupSec: 1, requests: [request] })),
      );
    const r = await alternate(SETTINGS.latencyRounds, () => side(big, 'big'), () => side(small, 'small'));
    results.figures.push(
      latencyRatioFigure(id, name, { big: r.ours, small: r.baseline }, `${SETTINGS.latencyConnections} connections, ${SETTINGS.latencyRounds} alternating rounds of ${seconds} s`, bound),
    );
    return { big: r.ours, small: r.baseline };
  };

  log('figure 4a: user list, 50,000-user company vs 5-user company (alternating)');
  m.userListScale = await latencyFigure(
    '4a',
    'Scale: GET /api/users?limit=50 p95, 50,000-user company vs 5-user company (PostgreSQL, full data)',
    userList(pgAcc.big.client),
    userList(pgAcc.small.client),
    'users',
  );
  results.figures.push({
    id: '4b',
    name: 'Scale: GET /api/me/products p95, full data set vs almost empty database (PostgreSQL)',
    ours: fmt.ms(hubFullP95),
    baseline: fmt.ms(hubEmptyP95),
    ratio: hubScaleRatio,
    goal: '≤ 1.5',
    pass: hubScaleRatio <= 1.5,
    note: `the same accounts made through the API on two databases, one then bulk-seeded, two servers; ${SETTINGS.latencyConnections} connections, ${SETTINGS.latencyRounds} alternating rounds of ${seconds} s; median of the rounds' ratios ${hubScaleRatios.map((r) => r.toFixed(2)).join(', ')}`,
  });

  log('figures 7a, 7b: HRMS directory, 100,000-employee entity vs 10-employee entity (alternating)');
  const directory = (acc: SignedUp, q?: string): LoadRequest => ({
    path: `/api/hrms/employees?entityId=${acc.entityId}&limit=25${q ? `&q=${encodeURIComponent(q)}` : ''}`,
    headers: cookieHeaders(acc.client),
  });
  const bigEntity = SETTINGS.bigEntityEmployees.toLocaleString('en-US');
  m.hrmsDirectory = await latencyFigure(
    '7a',
    `HRMS: GET /api/hrms/employees first page (25, by name) p95, ${bigEntity}-employee entity vs 10-employee entity (PostgreSQL, full data)`,
    directory(pgAcc.big),
    directory(pgAcc.small),
    'directory',
  );
  // A person's full name: one employee in 400 has it (a last name alone, one in twenty, clusters in the name order: see bench/README.md).
  m.hrmsSearch = await latencyFigure(
    '7b',
    `HRMS: name search (q=ada lovelace) first page p95, ${bigEntity}-employee entity vs 10-employee entity (PostgreSQL, full data)`,
    directory(pgAcc.big, 'ada lovelace'),
    directory(pgAcc.small, 'ada lovelace'),
    'search',
    SEARCH_BOUND,
  );

  log('figure 8: audit log first page, 1,000,000-event company vs 100-event company (alternating)');
  const auditPage = (acc: SignedUp): LoadRequest => ({ path: '/api/audit-events?limit=50', headers: cookieHeaders(acc.client) });
  m.auditLog = await latencyFigure(
    '8',
    `Audit log: GET /api/audit-events first page (50) p95, company with ${SETTINGS.bigAuditEvents.toLocaleString('en-US')} events vs ${SETTINGS.smallAuditEvents} (PostgreSQL)`,
    auditPage(pgAcc.big),
    auditPage(pgAcc.small),
    'audit',
  );

  log('figure 4c: user search, 50,000-user company vs 5-user company (alternating)');
  // As the Users page asks for its first page of a search: with the total count.
  const userSearch = (c: ApiClient): LoadRequest => ({ path: `/api/users?limit=50&count=true&search=${encodeURIComponent('ada lovelace')}`, headers: cookieHeaders(c) });
  m.userSearch = await latencyFigure(
    '4c',
    'Scale: GET /api/users?search=ada lovelace (first page with its total) p95, 50,000-user company vs 5-user company (PostgreSQL, full data)',
    userSearch(pgAcc.big.client),
    userSearch(pgAcc.small.client),
    'user search',
    SEARCH_BOUND,
  );

  log('figure 2: products hub vs pgbench running the same SQL');
  const statements = await traceProductsHub(tmp, db.url.toString(), pgAcc.hub);
  const { script, defines } = pgbenchScript(statements);
  m.productsHubSql = { statements: statements.map((s) => ({ text: s.text, values: s.values, pipeline: s.pipeline })), pgbenchScript: script, defines };
  // The floor beside it: bare node:http and node-postgres sending the same statements, no product
  // code (bench/lib/floor-server.ts). What the hub could reach at best here, so the figure reads
  // the same way on a fast machine and a slow one.
  const floor = await startFloorServerLike(`${pgServer.origin}/api/me/products`, cookieHeaders(pgAcc.hub), {
    database: db.url.toString(),
    connections: SETTINGS.connections,
    statements: oneByOne(statements),
  });
  const hubLoad = async (origin: string, label: string) =>
    assertClean(label, await load({ origin, connections: SETTINGS.connections, durationSec: seconds, warmupSec: 1, requests: [hubRead(pgAcc)] }));
  const f2 = await alternateSides(SETTINGS.rounds, {
    ours: () => hubLoad(pgServer.origin, 'hub'),
    floor: () => hubLoad(floor.origin, 'hub floor'),
    baseline: () =>
      runPgbench({ scriptPath: join(tmp, 'products-hub.pgbench.sql'), script, defines, database: db.name, clients: SETTINGS.connections, threads: 2, durationSec: seconds }),
  });
  await floor.stop();
  m.productsHubVsPgbench = { server: f2.ours, floor: f2.floor, pgbench: f2.baseline.map(({ raw: _raw, ...r }) => r) };
  const roundTrips = new Set(statements.map((s, i) => s.pipeline ?? `single ${i}`)).size;
  const floorStatements = oneByOne(statements).length;
  const hubRps = mean(f2.ours.map((r) => r.rps));
  const floorRps = mean(f2.floor.map((r) => r.rps));
  const pgbenchTps = mean(f2.baseline.map((r) => r.tps));
  results.figures.push({
    id: '2',
    name: `Authenticated read: GET /api/me/products vs pgbench of its ${statements.length} statements, sent as the server sends them (${roundTrips} round trip${roundTrips === 1 ? '' : 's'}; ${SETTINGS.connections} clients each)`,
    ours: fmt.rps(hubRps),
    baseline: `${Math.round(pgbenchTps).toLocaleString('en-US')} tx/s`,
    ratio: hubRps / pgbenchTps,
    // Judged against its floor measured in the same rounds (issue 36): node-postgres sending the same statements.
    goal: `≥ its floor (${(floorRps / pgbenchTps).toFixed(2)})`,
    pass: hubRps >= floorRps,
  });
  results.figures.push({
    id: '2 floor',
    name: `Figure 2's floor: bare node:http + node-postgres sending the same statements one by one (${floorStatements} round trips, begin and commit included), vs the same pgbench (not a goal: the hub must reach it)`,
    ours: fmt.rps(floorRps),
    baseline: `${Math.round(pgbenchTps).toLocaleString('en-US')} tx/s`,
    ratio: floorRps / pgbenchTps,
    goal: '—',
    pass: null,
    note: `the hub reached ${((hubRps / floorRps) * 100).toFixed(0)} % of its floor; rounds alternate hub, floor, pgbench`,
  });

  log('figure 3a: sign-in vs bare password verification');
  const signInReq: LoadRequest = {
    method: 'POST',
    path: '/api/auth/sign-in',
    headers: { 'content-type': 'application/json' },
    body: { email: pgAcc.small.email, password: PASSWORD },
  };
  const f3 = await alternate(
    SETTINGS.rounds,
    async () => assertClean('sign-in', await load({ origin: pgServer.origin, connections: SETTINGS.signInConnections, durationSec: seconds, warmupSec: 1, requests: [signInReq] })),
    async () => {
      const { stdout } = await runNode('bench/lib/verify-worker.ts', [String(SETTINGS.signInConnections), String(seconds * 1000), '1000'], {
        env: { PASSWORD_HASH_THREADS: SETTINGS.hashThreads },
        timeoutMs: (seconds + 30) * 1000,
      });
      return JSON.parse(stdout.trim()) as { rate: number; verifies: number; ms: number; concurrency: number; threads: number | string };
    },
  );
  m.signIn = { server: f3.ours, bareVerify: f3.baseline };
  const signInRps = mean(f3.ours.map((r) => r.rps));
  const verifyRate = mean(f3.baseline.map((r) => r.rate));
  results.figures.push({
    id: '3a',
    name: `Sign-in: POST /api/auth/sign-in vs bare verifyPassword on the same hashing pool (${SETTINGS.signInConnections} concurrent, ${SETTINGS.hashThreads} threads)`,
    ours: fmt.rps(signInRps),
    baseline: `${verifyRate.toFixed(1)} verifies/s`,
    ratio: signInRps / verifyRate,
    goal: '≥ 0.90',
    pass: signInRps / verifyRate >= 0.9,
  });

  log('figure 3b: products hub p99 idle vs while sign-in is saturated');
  const paced = { origin: pgServer.origin, connections: 2, durationSec: seconds, warmupSec: 1, overallRate: 50, requests: [hubRead(pgAcc)] };
  const readIdle = assertClean('read idle', await load(paced));
  const signInLoad = load({ origin: pgServer.origin, connections: SETTINGS.signInConnections, durationSec: seconds + 3, requests: [signInReq] });
  await sleep(1000);
  const readBusy = assertClean('read busy', await load(paced));
  const signInDuring = assertClean('sign-in during read', await signInLoad);
  m.readUnderSignIn = { idle: readIdle, busy: readBusy, signInDuring };
  results.figures.push({
    id: '3b',
    name: 'Sign-in isolation: GET /api/me/products p99 (50 req/s) while sign-in is saturated vs idle',
    ours: fmt.ms(readBusy.latency.p99),
    baseline: fmt.ms(readIdle.latency.p99),
    ratio: readBusy.latency.p99! / readIdle.latency.p99!,
    goal: '≤ 2.0',
    pass: readBusy.latency.p99! / readIdle.latency.p99! <= 2,
    note: `sign-in ran at ${fmt.rps(signInDuring.rps)} meanwhile`,
  });

  log('figure 6: web page weights in Chromium');
  const web = await measureWeb(
    pgServer.origin,
    [
      { path: '/login', signedIn: false },
      { path: '/', signedIn: false },
      { path: '/products', signedIn: true },
    ],
    pgAcc.products.map((p) => p.id),
  );
  m.web = web;
  const budgets: Record<string, number> = { '/login': 120, '/': 150, '/products': 200 };
  for (const l of web.loads) {
    const budget = budgets[l.path]!;
    results.figures.push({
      id: `6 ${l.path}`,
      name: `Web: compressed JavaScript loaded by ${l.path}${l.path === '/products' ? ' (signed in)' : ''}`,
      ours: `${fmt.kb(l.transferredJs)} (${l.scripts.length} files, ${fmt.kb(l.decodedJs)} uncompressed)`,
      baseline: '—',
      ratio: null,
      goal: `≤ ${budget} KB`,
      pass: l.transferredJs <= budget * 1024,
    });
  }
  const ac = web.assetChecks;
  results.figures.push({
    id: '6 cache',
    name: 'Web: scripts under /assets/ served compressed (when > 1 KB) with Cache-Control max-age ≥ 1 year, immutable',
    ours: `${ac.checked - ac.failures.length} of ${ac.checked} ok`,
    baseline: '—',
    ratio: null,
    goal: 'all',
    pass: ac.failures.length === 0 && ac.checked > 0,
    note: `${ac.smallUncompressed} scripts under 1 KB were sent uncompressed (below the compress middleware's threshold; not counted as failures)`,
  });

  // 6. PGlite figures ---------------------------------------------------------------------------
  const liteServer = await startServer({ name: 'pglite-full', logDir: tmp, env: serverEnv(SETTINGS.connections, { DATA_DIR: liteDir, WEB_ROOT: webRoot }) });
  log('figure 5a: products hub throughput, PGlite vs PostgreSQL (same data size)');
  const f5 = await alternate(
    SETTINGS.rounds,
    async () => assertClean('hub pglite', await load({ origin: liteServer.origin, connections: SETTINGS.connections, durationSec: seconds, warmupSec: 1, requests: [hubRead(liteAcc)] })),
    async () => assertClean('hub pg', await load({ origin: pgServer.origin, connections: SETTINGS.connections, durationSec: seconds, warmupSec: 1, requests: [hubRead(pgAcc)] })),
  );
  m.pgliteVsPostgres = { pglite: f5.ours, postgres: f5.baseline };
  const liteRps = mean(f5.ours.map((r) => r.rps));
  const pgRps = mean(f5.baseline.map((r) => r.rps));
  results.figures.push({
    id: '5a',
    name: 'Embedded database: GET /api/me/products throughput, PGlite vs PostgreSQL (same data)',
    ours: fmt.rps(liteRps),
    baseline: fmt.rps(pgRps),
    ratio: liteRps / pgRps,
    goal: '≥ 0.40',
    pass: liteRps / pgRps >= 0.4,
  });
  log('figure 7c: HRMS directory throughput, PGlite vs PostgreSQL (same data)');
  const liteDirectory: LoadRequest = { path: `/api/hrms/employees?entityId=${liteAcc.big.entityId}&limit=25`, headers: cookieHeaders(liteAcc.big.client) };
  const pgDirectory: LoadRequest = { path: `/api/hrms/employees?entityId=${pgAcc.big.entityId}&limit=25`, headers: cookieHeaders(pgAcc.big.client) };
  const f7c = await alternate(
    SETTINGS.rounds,
    async () => assertClean('directory pglite', await load({ origin: liteServer.origin, connections: SETTINGS.connections, durationSec: seconds, warmupSec: 1, requests: [liteDirectory] })),
    async () => assertClean('directory pg', await load({ origin: pgServer.origin, connections: SETTINGS.connections, durationSec: seconds, warmupSec: 1, requests: [pgDirectory] })),
  );
  m.hrmsDirectoryPgliteVsPostgres = { pglite: f7c.ours, postgres: f7c.baseline };
  const liteDirRps = mean(f7c.ours.map((r) => r.rps));
  const pgDirRps = mean(f7c.baseline.map((r) => r.rps));
  results.figures.push({
    id: '7c',
    name: `HRMS: directory first page throughput (${bigEntity}-employee entity), PGlite vs PostgreSQL (same data)`,
    ours: fmt.rps(liteDirRps),
    baseline: fmt.rps(pgDirRps),
    ratio: liteDirRps / pgDirRps,
    goal: '≥ 0.40',
    pass: liteDirRps / pgDirRps >= 0.4,
  });
  await pgServer.stop();

  // The mixed run gets what the budget leaves, up to 60 s.
  const left = (DEADLINE_MS - elapsed()) / 1000 - 60;
  const mixedSeconds = Math.max(10, Math.min(SETTINGS.mixedSeconds, Math.floor(left)));
  if (mixedSeconds < SETTINGS.mixedSeconds) results.notes.push(`The mixed-load run was shortened from ${SETTINGS.mixedSeconds} s to ${mixedSeconds} s to stay within the time budget.`);
  log(`figure 5b: 50 clients mixing reads, sign-ups and admin writes on PGlite for ${mixedSeconds} s`);
  const hub = hubRead(liteAcc);
  const listBig = userList(liteAcc.big.client);
  const listSmall = userList(liteAcc.small.client);
  const orgBig: LoadRequest = { kind: 'organization', headers: cookieHeaders(liteAcc.big.client), tag: 'mix-big' };
  const orgSmall: LoadRequest = { kind: 'organization', headers: cookieHeaders(liteAcc.small.client), tag: 'mix-small' };
  const signup: LoadRequest = { kind: 'signup', productIds: liteAcc.products.slice(0, 2).map((p) => p.id), tag: 'mix' };
  // Clients of three kinds at once, as on a real server (one autocannon instance per kind, so a
  // slow kind cannot hold up the others' clients): readers, super admins writing, new companies.
  const mixed = await load({
    origin: liteServer.origin,
    durationSec: mixedSeconds,
    timeoutSec: 30,
    groups: [
      { name: 'readers', connections: 40, requests: [hub, hub, listBig, hub, listSmall, hub, hub, listBig] },
      { name: 'admin writers', connections: 6, requests: [orgBig, listBig, orgSmall, listSmall] },
      { name: 'sign-ups', connections: 4, requests: [signup] },
    ],
  });
  m.mixed = { ...mixed, seconds: mixedSeconds };
  const stall = mixed.minPerSecond === 0;
  const maxMs = Math.max(mixed.latency.max ?? Infinity, mixed.autocannonLatencyMax);
  const g = mixed.groups!;
  const kinds = `reads ${g.readers!.completed}, admin writes+reads ${g['admin writers']!.completed}, sign-ups ${g['sign-ups']!.completed}`;
  results.figures.push({
    id: '5b',
    name: `Embedded database: 50 clients (40 readers, 6 admins writing, 4 signing up) for ${mixedSeconds} s on PGlite`,
    ours: `${mixed.completed} responses, ${mixed.errors + mixed.timeouts} errors, ${mixed.non2xx} non-2xx, max ${fmt.ms(maxMs)}, slowest second ${mixed.minPerSecond} responses`,
    baseline: '—',
    ratio: null,
    goal: '0 errors, 0 non-2xx, max < 10 s, no second with 0 responses',
    pass: mixed.errors + mixed.timeouts === 0 && mixed.non2xx === 0 && maxMs < 10_000 && !stall,
    note: `${kinds}; p50 ${fmt.ms(mixed.latency.p50)}, p99 ${fmt.ms(mixed.latency.p99)}; sign-up p50 ${fmt.ms(g['sign-ups']!.latency.p50)}, max ${fmt.ms(g['sign-ups']!.latency.max)}`,
  });
  await liteServer.stop();
  m.serverLogTail = Object.fromEntries(
    ['pg', 'pg-full', 'pglite-full'].map((n) => {
      try {
        const lines = readFileSync(join(tmp, `${n}.log`), 'utf8').split('\n').filter((l) => /"level":(40|50|60)/.test(l));
        return [n, { warnOrWorse: lines.length, sample: lines.slice(0, 5) }];
      } catch {
        return [n, null];
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------

function renderMarkdown(results: Results, meta: RunMeta, error: string | null) {
  const m = results.measurements;
  const lines: string[] = [];
  lines.push('# WorkSphere benchmark: latest run', '');
  lines.push(`Run ${meta.finishedAt} in ${meta.durationSec} s on ${meta.cpus} CPUs (${meta.cpuModel}), load average at start ${meta.loadStart}, at end ${meta.loadEnd}; Node ${meta.node}; ${String(m.postgresVersion ?? '').split(',')[0]}.`);
  lines.push('Machine shared with other work: absolute numbers are noise, ratios are measured in the same run (alternating rounds). `npm run bench` regenerates this file; see bench/README.md for the method.', '');
  if (error) lines.push(`**The run did not complete:** ${error}`, '');
  lines.push(markdownTable(results.figures), '');
  const notes = results.figures.filter((f) => f.note).map((f) => `- ${f.id}: ${f.note}`);
  if (notes.length || results.notes.length) lines.push('Notes:', '', ...notes, ...results.notes.map((n) => `- ${n}`), '');
  type Seeded = SeedReport & { modules: ModuleSeedReport | null };
  const seedInfo = m.seed as { postgres: Seeded; pglite: Seeded } | undefined;
  if (seedInfo) {
    const seconds = (r: Seeded) => ((r.ms + (r.modules?.ms ?? 0)) / 1000).toFixed(1);
    lines.push('## Data set', '');
    lines.push(`Seed ${SETTINGS.seed}; bulk-seeded in ${seconds(seedInfo.postgres)} s on PostgreSQL and ${seconds(seedInfo.pglite)} s on PGlite (both at once, so each was slowed by the other).`, '');
    lines.push('| table | PostgreSQL rows | PGlite rows |', '|---|---|---|');
    const counts = (r: Seeded): Record<string, number> => ({ ...r.counts, ...(r.modules?.counts ?? {}) });
    const pgCounts = counts(seedInfo.postgres);
    const liteCounts = counts(seedInfo.pglite);
    for (const [t, n] of Object.entries(pgCounts)) lines.push(`| ${t} | ${n.toLocaleString('en-US')} | ${(liteCounts[t] ?? 0).toLocaleString('en-US')} |`);
    lines.push('');
  }
  const sqlInfo = m.productsHubSql as { pgbenchScript: string } | undefined;
  if (sqlInfo) lines.push('## SQL of one GET /api/me/products (the pgbench script)', '', '```sql', sqlInfo.pgbenchScript.trim(), '```', '');
  const web = m.web as Awaited<ReturnType<typeof measureWeb>> | undefined;
  if (web) {
    lines.push('## Scripts per page (compressed bytes as transferred)', '');
    for (const l of web.loads) {
      lines.push(`- ${l.path}: ${l.scripts.map((s) => `${s.url.replace('/assets/', '')} ${fmt.kb(s.transferred)}${s.encoding ? ` ${s.encoding}` : ' uncompressed'}`).join(', ')}`);
    }
    for (const f of web.assetChecks.failures) lines.push(`- header check: ${f.url}: ${f.why} (content-encoding ${f.encoding ?? 'none'}, cache-control ${f.cacheControl ?? 'none'})`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

await runBench({
  base: 'latest',
  dir: RESULTS_DIR,
  deadlineMs: DEADLINE_MS,
  elapsed,
  log,
  results: { figures: [], measurements: {}, notes: [] } as Results,
  meta: { settings: SETTINGS },
  main,
  render: renderMarkdown,
});
