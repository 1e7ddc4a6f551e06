/**
 * `npm run bench:roundtrips` (the third part of `npm run bench`): how many round trips to
 * PostgreSQL a request costs, and what distance to the database adds to its latency (issue 36).
 * See bench/README.md, "Round trips and distance".
 *
 * Shape of a run:
 *   1. create a PostgreSQL database and two counting proxies in front of the server
 *      (src/server/test/round-trip-proxy.ts): one with no delay, one adding 1 ms each way
 *   2. sign the measured company up through the API, bulk-seed the base data set (seed.ts),
 *      create a few records of each module through the API
 *   3. R figures: one server through the undelayed proxy, its background jobs off
 *      (BACKGROUND_JOBS=false), each request sent alone and its round trips counted
 *   4. D figures: the same server and a second one through the delayed proxy, median latency at
 *      10 connections in alternating rounds
 *   5. results to bench/results/roundtrips.md and roundtrips.json; every child, proxy, database and
 *      temp folder is removed on the way out.
 */
import { hashPassword } from 'better-auth/crypto';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startRoundTripProxy, type RoundTripProxy } from '../src/server/test/round-trip-proxy';
import { ApiClient, catalogue, createUser, signIn, signUpCompany } from './lib/api';
import { onCleanup } from './lib/cleanup';
import { alternate, cookieHeaders, createDatabase, loopbackUrl, num, serverEnv } from './lib/common';
import { assertClean, load, type LoadRequest, type LoadResult } from './lib/load';
import { ROOT, sleep, startServer, type ServerHandle } from './lib/proc';
import { fmt, markdownTable, runBench, type Figure, type RunMeta } from './lib/report';
import { seed, type Exec } from './lib/seed';

const env = process.env;
const SETTINGS = {
  seed: num('BENCH_SEED', 20_251_122),
  companies: num('BENCH_COMPANIES', 15_000),
  users: num('BENCH_USERS', 250_000),
  /** Counted sends of each request (after two warm-up sends); every one must give the same count. */
  samples: 3,
  /** After a response, how long trailing statements (after-commit work) may still arrive and be counted. */
  settleMs: 150,
  /** Distance figures: the delay each way, connections, rounds (alternating) and seconds of each. */
  delayMs: 1,
  connections: 10,
  distanceRounds: num('BENCH_LATENCY_ROUNDS', 3),
  seconds: num('BENCH_SECONDS', 5),
  /** The goal of the distance figures: delayed median ≤ undelayed median + this. */
  distanceMarginMs: 2.5,
  budgetMs: num('BENCH_ROUNDTRIPS_BUDGET_MIN', 12) * 60_000,
};
const DEADLINE_MS = SETTINGS.budgetMs - 30_000;
const RESULTS_DIR = env.BENCH_RESULTS_DIR ? resolve(env.BENCH_RESULTS_DIR) : join(ROOT, 'bench', 'results');

const started = performance.now();
const elapsed = () => performance.now() - started;
const log = (s: string) => process.stderr.write(`[bench:roundtrips ${(elapsed() / 1000).toFixed(0).padStart(4)} s] ${s}\n`);

interface Results {
  figures: Figure[];
  measurements: Record<string, unknown>;
  notes: string[];
}

/** One request of a family: sends it and checks its status; may keep state (a record's version). */
type Send = () => Promise<void>;

interface Family {
  id: string;
  name: string;
  kind: 'read' | 'write';
  send: Send;
}

async function expectOk(client: ApiClient, status: number, method: string, path: string, body?: unknown) {
  return client.expect(status, method, path, body) as Promise<Record<string, unknown>>;
}

async function main(results: Results) {
  const m = results.measurements;
  const tmp = mkdtempSync(join(tmpdir(), 'worksphere-bench-roundtrips-'));
  onCleanup('temp folder', () => {
    if (env.BENCH_KEEP_TMP) log(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  });

  // 1. Database and proxies ----------------------------------------------------------------------
  const serverUrl = loopbackUrl(env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const db = await createDatabase(serverUrl, 'roundtrips');
  const target = { host: serverUrl.hostname.replace(/^\[|\]$/g, ''), port: Number(serverUrl.port || 5432) };
  const near = await startRoundTripProxy({ target });
  onCleanup('proxy (no delay)', () => near.close());
  const far = await startRoundTripProxy({ target, delayMs: SETTINGS.delayMs });
  onCleanup(`proxy (${SETTINGS.delayMs} ms each way)`, () => far.close());
  log(`database ${db.name}; proxies on ${near.port} (no delay) and ${far.port} (${SETTINGS.delayMs} ms each way)`);
  // Background jobs off: the outbox sender (every 2 s), digests, feedback-due and the audit purge
  // would otherwise add their statements to a request's count now and then.
  const serverAt = (name: string, proxy: RoundTripProxy) =>
    startServer({
      name,
      logDir: tmp,
      env: serverEnv(SETTINGS.connections, { DATABASE_URL: proxy.url(db.url.toString()), DATA_DIR: join(tmp, `${name}-data`), BACKGROUND_JOBS: 'false' }),
    });

  // 2. Accounts, base data, module records -----------------------------------------------------
  let server = await serverAt('setup', near);
  const products = await catalogue(server.origin);
  const productId = (type: string) => products.find((p) => p.type === type)!.id;
  const big = await signUpCompany(server.origin, 'big', products.map((p) => p.id));
  const hubUser = await createUser(big, 'hub', [productId('crm'), productId('hrms')]);
  await server.stop();

  log(`seeding ${SETTINGS.companies} companies / ${SETTINGS.users} users`);
  const owner = new pg.Client({ connectionString: db.url.toString() });
  await owner.connect();
  onCleanup('owner connection', () => owner.end());
  const exec: Exec = (sql, params) => owner.query(sql, params);
  const base = await seed(
    exec,
    { seed: SETTINGS.seed, totalCompanies: SETTINGS.companies, totalUsers: SETTINGS.users, grow: [], passwordHash: await hashPassword('seeded-user-password') },
    (s) => log(`[base] ${s}`),
  );
  m.seed = { ms: base.ms, counts: base.counts };

  // A fresh start after seeding (no plans cached on empty tables), then the delayed twin.
  server = await serverAt('near', near);
  const farServer = await serverAt('far', far);
  const admin = new ApiClient(server.origin);
  admin.cookie = big.client.cookie;
  const hub = await signIn(server.origin, hubUser.email);
  const entityId = big.entityId;

  log('module records through the API');
  const employee = await expectOk(admin, 201, 'POST', '/hrms/employees', {
    entityId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    workEmail: `ada-${randomUUID()}@bench.example`,
    jobTitle: 'Engineer',
    department: 'Engineering',
    employmentType: 'full_time',
    startDate: '2024-01-15',
  });
  const lead = await expectOk(admin, 201, 'POST', '/crm/leads', { entityId, name: 'Bench Lead', companyName: 'Bench Co', email: `lead-${randomUUID()}@bench.example`, source: 'website' });
  await expectOk(admin, 201, 'POST', '/ats/jobs', { entityId, title: 'Bench Job', department: 'Engineering', location: 'Remote', employmentType: 'full_time', status: 'open' });
  const candidate = await expectOk(admin, 201, 'POST', '/ats/candidates', { entityId, firstName: 'Ada', lastName: 'Lovelace', email: `cand-${randomUUID()}@bench.example`, source: 'Referral' });
  const project = await expectOk(admin, 201, 'POST', '/projects/projects', { entityId, name: 'Bench Project', key: 'RTB', status: 'in_progress', priority: 'high', memberIds: [big.userId] });
  const task = await expectOk(admin, 201, 'POST', '/projects/tasks', { projectId: project.id, title: 'Bench task' });

  // 3. Round trips per request -------------------------------------------------------------------
  const get = (client: ApiClient, path: string): Send => async () => void (await expectOk(client, 200, 'GET', path));
  /** An update by id with the record's current version (each answer gives the next). */
  const update = (path: string, record: Record<string, unknown>, body: () => Record<string, unknown>): Send => {
    let version = Number(record.version);
    return async () => {
      const res = await expectOk(admin, 200, 'PATCH', path, { ...body(), version });
      version = Number(res.version);
    };
  };
  const create = (path: string, body: () => Record<string, unknown>): Send => async () => void (await expectOk(admin, 201, 'POST', path, body()));
  const n = { i: 0 };
  const next = () => ++n.i;
  const families: Family[] = [
    { id: 'R1', kind: 'read', name: 'Hub: GET /api/me/products (a user with CRM and HRMS)', send: get(hub, '/me/products') },
    { id: 'R2', kind: 'read', name: 'Users: GET /api/users?limit=50', send: get(admin, '/users?limit=50') },
    { id: 'R3', kind: 'read', name: 'Audit: GET /api/audit-events?limit=50', send: get(admin, '/audit-events?limit=50') },
    { id: 'R4', kind: 'read', name: 'HRMS list: GET /api/hrms/employees?entityId=…&limit=25', send: get(admin, `/hrms/employees?entityId=${entityId}&limit=25`) },
    { id: 'R5', kind: 'read', name: 'CRM list: GET /api/crm/leads?entityId=…', send: get(admin, `/crm/leads?entityId=${entityId}`) },
    { id: 'R6', kind: 'read', name: 'ATS list: GET /api/ats/candidates?entityId=…', send: get(admin, `/ats/candidates?entityId=${entityId}`) },
    { id: 'R7', kind: 'read', name: 'ATS list: GET /api/ats/jobs?entityId=…', send: get(admin, `/ats/jobs?entityId=${entityId}`) },
    { id: 'R8', kind: 'read', name: 'Projects list: GET /api/projects/tasks?projectId=…', send: get(admin, `/projects/tasks?projectId=${String(project.id)}`) },
    { id: 'R9', kind: 'read', name: 'Projects list: GET /api/projects/projects?entityId=…', send: get(admin, `/projects/projects?entityId=${entityId}`) },
    { id: 'R10', kind: 'read', name: 'Search: GET /api/hrms/employees?entityId=…&limit=25&q=ada lovelace', send: get(admin, `/hrms/employees?entityId=${entityId}&limit=25&q=${encodeURIComponent('ada lovelace')}`) },
    { id: 'R11', kind: 'read', name: 'Board: GET /api/projects/projects/{id}/board', send: get(admin, `/projects/projects/${String(project.id)}/board`) },
    {
      id: 'R12',
      kind: 'write',
      name: 'HRMS create: POST /api/hrms/employees',
      send: create('/hrms/employees', () => ({
        entityId,
        firstName: 'Grace',
        lastName: `Hopper ${next()}`,
        workEmail: `grace-${randomUUID()}@bench.example`,
        jobTitle: 'Engineer',
        department: 'Engineering',
        employmentType: 'full_time',
        startDate: '2024-01-15',
      })),
    },
    { id: 'R13', kind: 'write', name: 'HRMS update by id: PATCH /api/hrms/employees/{id}', send: update(`/hrms/employees/${String(employee.id)}`, employee, () => ({ jobTitle: `Engineer ${next()}` })) },
    {
      id: 'R14',
      kind: 'write',
      name: 'CRM create: POST /api/crm/leads',
      send: create('/crm/leads', () => ({ entityId, name: `Lead ${next()}`, companyName: 'Bench Co', email: `lead-${randomUUID()}@bench.example`, source: 'website' })),
    },
    { id: 'R15', kind: 'write', name: 'CRM update by id: PATCH /api/crm/leads/{id}', send: update(`/crm/leads/${String(lead.id)}`, lead, () => ({ name: `Bench Lead ${next()}` })) },
    {
      id: 'R16',
      kind: 'write',
      name: 'ATS create: POST /api/ats/candidates',
      send: create('/ats/candidates', () => ({ entityId, firstName: 'Alan', lastName: `Turing ${next()}`, email: `cand-${randomUUID()}@bench.example`, source: 'Referral' })),
    },
    { id: 'R17', kind: 'write', name: 'ATS update by id: PATCH /api/ats/candidates/{id}', send: update(`/ats/candidates/${String(candidate.id)}`, candidate, () => ({ source: `Agency ${next()}` })) },
    { id: 'R18', kind: 'write', name: 'Projects create: POST /api/projects/tasks', send: create('/projects/tasks', () => ({ projectId: project.id, title: `Task ${next()}` })) },
    { id: 'R19', kind: 'write', name: 'Projects update by id: PATCH /api/projects/tasks/{id}', send: update(`/projects/tasks/${String(task.id)}`, task, () => ({ title: `Bench task ${next()}` })) },
  ];

  /** Round trips counted while nothing is sent: must stay 0 (the background is quiet). */
  const idleTrips = async () => {
    near.reset();
    await sleep(SETTINGS.settleMs);
    return near.roundTrips();
  };
  const counted: Record<string, { samples: number[]; connections: number[][]; idle: number[] }> = {};
  log('R figures: round trips per request');
  for (const f of families) {
    // Warm-up: the pool's connections, cached plans, any per-process cache of the session.
    for (let i = 0; i < 2; i++) await f.send();
    const entry = { samples: [] as number[], connections: [] as number[][], idle: [] as number[] };
    for (let i = 0; i < SETTINGS.samples; i++) {
      entry.idle.push(await idleTrips());
      near.reset();
      await f.send();
      await sleep(SETTINGS.settleMs);
      entry.samples.push(near.roundTrips());
      entry.connections.push([...near.perConnection().values()].filter((x) => x > 0));
    }
    counted[f.id] = entry;
    const low = Math.min(...entry.samples);
    const high = Math.max(...entry.samples);
    const goal = f.kind === 'read' ? 1 : 2;
    const noisy = entry.idle.some((x) => x > 0);
    results.figures.push({
      id: f.id,
      name: `Round trips per request: ${f.name}`,
      ours: low === high ? String(low) : `${low}–${high}`,
      baseline: '—',
      ratio: null,
      goal: f.kind === 'read' ? '= 1' : '≤ 2',
      pass: f.kind === 'read' ? high === goal : high <= goal,
      note:
        `round trips per send, by connection: ${entry.connections.map((c) => c.join(' + ') || '0').join('; ')}` +
        (noisy ? `; NOT QUIET: ${entry.idle.join(', ')} round trips while idle before the sends` : ''),
    });
  }
  m.roundTrips = counted;

  // 4. Distance -----------------------------------------------------------------------------------
  const hubRead: LoadRequest = { path: '/api/me/products', headers: cookieHeaders(hub) };
  const moduleList: LoadRequest = { path: `/api/hrms/employees?entityId=${entityId}&limit=25`, headers: cookieHeaders(admin) };
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const distanceFigure = async (id: string, what: string, request: LoadRequest, trips: string) => {
    log(`figure ${id}: ${what}, ${SETTINGS.delayMs} ms each way vs no delay`);
    const side = (s: ServerHandle, label: string) =>
      load({ origin: s.origin, connections: SETTINGS.connections, durationSec: SETTINGS.seconds, warmupSec: 1, requests: [request] }).then((r) => assertClean(`${id} ${label}`, r));
    const r = await alternate(SETTINGS.distanceRounds, () => side(farServer, 'delayed'), () => side(server, 'undelayed'));
    const p50 = (xs: LoadResult[]) => median(xs.map((x) => x.latency.p50!));
    const delayed = p50(r.ours);
    const undelayed = p50(r.baseline);
    const extra = delayed - undelayed;
    results.figures.push({
      id,
      name: `Distance: ${what} median latency at ${SETTINGS.connections} connections, ${SETTINGS.delayMs} ms each way to PostgreSQL vs no delay (both through the proxy)`,
      ours: fmt.ms(delayed),
      baseline: fmt.ms(undelayed),
      ratio: null,
      goal: `≤ baseline + ${SETTINGS.distanceMarginMs} ms`,
      pass: extra <= SETTINGS.distanceMarginMs,
      note:
        `${extra >= 0 ? '+' : '−'}${Math.abs(extra).toFixed(2)} ms (${(extra / (2 * SETTINGS.delayMs)).toFixed(1)} round trips' worth of delay; the count is ${trips}); ` +
        `medians of ${SETTINGS.distanceRounds} alternating rounds of ${SETTINGS.seconds} s; ` +
        `throughput ${fmt.rps(median(r.ours.map((x) => x.rps)))} delayed, ${fmt.rps(median(r.baseline.map((x) => x.rps)))} undelayed`,
    });
    return { delayed: r.ours, undelayed: r.baseline };
  };
  const tripsOf = (fid: string) => results.figures.find((f) => f.id === fid)?.ours ?? '?';
  m.distance = {
    hub: await distanceFigure('D1', 'the hub (GET /api/me/products)', hubRead, tripsOf('R1')),
    moduleList: await distanceFigure('D2', 'the HRMS list (GET /api/hrms/employees)', moduleList, tripsOf('R4')),
  };
  await farServer.stop();
  await server.stop();
}

function renderMarkdown(results: Results, meta: RunMeta, error: string | null) {
  const lines: string[] = [];
  lines.push('# WorkSphere benchmark: round trips and distance, latest run', '');
  lines.push(`Run ${meta.finishedAt} in ${meta.durationSec} s on ${meta.cpus} CPUs (${meta.cpuModel}), load average at start ${meta.loadStart}, at end ${meta.loadEnd}; Node ${meta.node}.`);
  lines.push(
    '`npm run bench:roundtrips` regenerates this file (`npm run bench` runs it last); see bench/README.md, "Round trips and distance". Round trips are counted, not timed: they do not depend on the machine.',
    '',
  );
  if (error) lines.push(`**The run did not complete:** ${error}`, '');
  lines.push(markdownTable(results.figures), '');
  const notes = results.figures.filter((f) => f.note).map((f) => `- ${f.id}: ${f.note}`);
  if (notes.length || results.notes.length) lines.push('Notes:', '', ...notes, ...results.notes.map((n) => `- ${n}`), '');
  const s = results.measurements.seed as { ms: number; counts: Record<string, number> } | undefined;
  if (s) {
    const rows = Object.entries(s.counts).map(([t, c]) => `${t} ${Number(c).toLocaleString('en-US')}`).join(', ');
    lines.push('## Data set', '', `Seed ${SETTINGS.seed}, base data set seeded in ${(s.ms / 1000).toFixed(1)} s: ${rows}; plus a few records of each module made through the API.`, '');
  }
  return `${lines.join('\n')}\n`;
}

await runBench({
  base: 'roundtrips',
  dir: RESULTS_DIR,
  deadlineMs: DEADLINE_MS,
  elapsed,
  log,
  results: { figures: [], measurements: {}, notes: [] } as Results,
  meta: { settings: SETTINGS },
  main,
  render: renderMarkdown,
});
