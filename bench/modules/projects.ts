/**
 * Projects figures (issue 16), on 3,000,000 tasks with one 20,000-task project in the big company:
 *   P1  the board's data for that project (GET /api/projects/projects/:id/board, the request the
 *       board page makes on load: each column's first page in rank order and its size), p95 ≤ 150 ms
 *   P2  a card move (POST /api/projects/tasks/:id/move: rank update, activity, audit event, NOTIFY)
 *       at 50 moves/s, each between two neighbours of a column, p95 ≤ 20 ms
 *   P3  event fan-out: 200 SSE streams on that project, opened by a separate process
 *       (bench/lib/projects-worker.ts), a move reaches every stream with p99 ≤ 1 s
 * See bench/README.md, "Module figures: Projects".
 */
import { ApiClient, createUser, signIn } from '../lib/api';
import { num } from '../lib/common';
import type { ModuleBench, ModuleMeasureContext } from '../lib/module-bench';
import { runNode } from '../lib/proc';
import { mulberry32 } from '../lib/prng';
import { fmt } from '../lib/report';
import type { Exec } from '../lib/seed';
import type { Move, WorkerConfig } from '../lib/projects-worker';

const TOTAL_TASKS = num('BENCH_PROJECTS_TASKS', 3_000_000);
const BIG_PROJECT_TASKS = num('BENCH_PROJECTS_BIG_PROJECT_TASKS', 20_000);
/** Tasks per seeded project elsewhere (the last project of a company holds the remainder). */
const TASKS_PER_PROJECT = 250;
const MOVE_RATE = 50;
const FANOUT_CONNECTIONS = num('BENCH_PROJECTS_FANOUT_CONNECTIONS', 200);
/** Users holding the streams (round-robin): one board each by default, as 200 people would. */
const FANOUT_USERS = num('BENCH_PROJECTS_FANOUT_USERS', FANOUT_CONNECTIONS);
const FANOUT_MOVES = 20;
const FANOUT_INTERVAL_MS = 250;
const BIG_KEY = 'BENCH';

const STATUSES = ['todo', 'in_progress', 'in_review', 'done'];
const PRIORITIES = ['critical', 'high', 'medium', 'medium', 'low', 'low'];
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
/**
 * An id from md5 of a stable key, shaped as a version-4 UUID: the API validates the ids a move
 * names (afterId, beforeId) as RFC 4122 UUIDs, which a bare md5 often is not.
 */
const uuidOf = (key: string) => `overlay(overlay(md5(${key}) placing '4' from 13) placing '8' from 17)::uuid`;
const h = (key: string) => `(('x' || substr(md5(${key}), 1, 7))::bit(28)::int)`;
/**
 * A fractional-indexing key (the library tasks.ts uses) for position `pos` of a column: an integer
 * key of head 'c' and three base-62 digits (62³ = 238,328 positions), so a column reads in `pos`
 * order byte-wise (COLLATE "C") and generateKeyBetween accepts every one as a neighbour.
 */
const rankOf = (pos: string) => `'c' || substr('${DIGITS}', (${pos}) / 3844 % 62 + 1, 1) || substr('${DIGITS}', (${pos}) / 62 % 62 + 1, 1) || substr('${DIGITS}', (${pos}) % 62 + 1, 1)`;
/** A project key ^[A-Z]{2,6}$ from its index in the company: P + three letters. */
const keyOf = (j: string) => `'P' || chr(65 + (${j}) / 676 % 26) || chr(65 + (${j}) / 26 % 26) || chr(65 + (${j}) % 26)`;

async function seed(exec: Exec, ctx: Parameters<ModuleBench['seed']>[1]) {
  const { big, small, log } = ctx;
  if (BIG_PROJECT_TASKS > 62 ** 3 * STATUSES.length) throw new Error('BENCH_PROJECTS_BIG_PROJECT_TASKS: too many for the rank format');
  const spread = TOTAL_TASKS - BIG_PROJECT_TASKS;
  if (spread < 0) throw new Error(`BENCH_PROJECTS_BIG_PROJECT_TASKS (${BIG_PROJECT_TASKS}) exceeds BENCH_PROJECTS_TASKS (${TOTAL_TASKS})`);
  const bigProjectId = (await exec(`select ${uuidOf(`'bench-pj-big'`)} as id`)).rows[0]!.id as string;
  const steps: [string, string, unknown[]?][] = [
    ['replica mode', `set session_replication_role = replica`],
    ['work_mem', `set work_mem = '64MB'`],
    // Companies holding Projects (not the measured ones) with their share of the tasks, by users.
    [
      'task plan',
      `create temp table seed_pj_plan as
        with c as (
          select u.company_id as cid, count(*)::float8 as nu
          from users u
          join company_product_access a on a.company_id = u.company_id
          join products p on p.id = a.product_id and p.type = 'projects'
          where u.company_id <> all($1::uuid[])
          group by u.company_id
        ), tot as (select sum(nu) as s from c)
        select c.cid, greatest(1, round(c.nu * $2::float8 / tot.s))::int as n from c, tot`,
      [`{${big.companyId},${small.companyId}}`, spread],
    ],
    [
      'project entities',
      `create temp table seed_pj_entities as
        select a.company_id as cid, a.entity_id as eid,
               (row_number() over (partition by a.company_id order by a.entity_id) - 1)::int as r,
               (count(*) over (partition by a.company_id))::int as ne
        from entity_product_access a join products p on p.id = a.product_id and p.type = 'projects'`,
    ],
    // A company's n tasks go round-robin over its np projects (task k: project k % np, number
    // k / np + 1), its projects round-robin over its Projects entities. The big project: np = 1.
    [
      'project plan',
      `create temp table seed_pj_projects as
        select ${uuidOf(`'bench-pj-' || pl.cid || '.' || j`)} as id, pl.cid, ee.eid, ${keyOf('j')} as key, j, pl.n, pl.np,
               ((pl.n - 1 - j) / pl.np + 1)::int as tasks
        from (select cid, n, ceil(n / ${TASKS_PER_PROJECT}::float8)::int as np from seed_pj_plan) pl,
             generate_series(0, pl.np - 1) j, seed_pj_entities ee
        where ee.cid = pl.cid and ee.r = j % ee.ne
        union all
        select $1::uuid, $2::uuid, $3::uuid, '${BIG_KEY}', 0, $4::int, 1, $4::int`,
      [bigProjectId, big.companyId, big.entityId, BIG_PROJECT_TASKS],
    ],
    [
      'projects',
      `insert into projects_projects (id, company_id, entity_id, key, name, status, priority, task_counter, created_at, updated_at)
        select id, cid, eid, key, 'Project ' || key, (array['planning','in_progress','in_progress','review','completed'])[1 + ${h(`'ps' || id`)} % 5],
               (${arr(PRIORITIES)})[1 + ${h(`'pp' || id`)} % ${PRIORITIES.length}], tasks,
               timestamptz '2022-01-01 00:00:00+00' + j * interval '1 hour', timestamptz '2022-01-01 00:00:00+00' + j * interval '1 hour'
        from seed_pj_projects`,
    ],
    // Task i of a project (number i + 1): status i % 4, position i / 4 in its column.
    [
      'tasks',
      `insert into projects_tasks (id, company_id, entity_id, project_id, number, title, status, priority, due_date, rank, done_at, created_at, updated_at)
        select ${uuidOf(`'bench-pt-' || p.id || '.' || i`)}, p.cid, p.eid, p.id, i + 1,
               (array['Fix','Write','Review','Plan','Ship','Test','Design','Refactor'])[1 + ${h(`'tt' || p.id || i`)} % 8] || ' ' ||
               (array['login flow','invoice export','search page','onboarding','API docs','billing','reports','mobile layout'])[1 + ${h(`'tw' || p.id || i`)} % 8] || ' #' || (i + 1),
               (${arr(STATUSES)})[1 + i % 4],
               (${arr(PRIORITIES)})[1 + ${h(`'tp' || p.id || i`)} % ${PRIORITIES.length}],
               case when i % 3 = 0 then date '2025-01-01' + (${h(`'td' || p.id || i`)} % 730) end,
               ${rankOf('i / 4')},
               case when i % 4 = 3 then timestamptz '2024-01-01 00:00:00+00' + i * interval '1 minute' end,
               timestamptz '2023-01-01 00:00:00+00' + i * interval '1 minute', timestamptz '2023-01-01 00:00:00+00' + i * interval '1 minute'
        from seed_pj_projects p, generate_series(0, p.tasks - 1) i`,
    ],
    ['drop temp', `drop table seed_pj_plan, seed_pj_entities, seed_pj_projects`],
    ['origin mode', `set session_replication_role = origin`],
    // Vacuum too: a table at rest has its visibility map set (autovacuum), which index-only scans need.
    ['vacuum analyze', `vacuum analyze projects_projects, projects_tasks`],
  ];
  for (const [name, statement, params] of steps) {
    const t0 = performance.now();
    await exec(statement, params);
    log(`seed ${name}: ${Math.round(performance.now() - t0)} ms`);
  }
  // The foreign keys the replica mode skipped, and what the product keeps true on its own.
  const { rows: checks } = await exec(
    `select (select count(*) from projects_projects p where not exists (select 1 from entity_product_access a join products pr on pr.id = a.product_id and pr.type = 'projects'
               where a.entity_id = p.entity_id and a.company_id = p.company_id))::int as project_entity,
            (select count(*) from projects_tasks t where not exists (select 1 from projects_projects p where p.id = t.project_id and p.entity_id = t.entity_id and p.company_id = t.company_id))::int as task_project,
            (select count(*) from (select project_id, number from projects_tasks group by 1, 2 having count(*) > 1) d)::int as duplicate_numbers,
            (select count(*) from projects_projects p where p.task_counter <> (select coalesce(max(number), 0) from projects_tasks t where t.project_id = p.id)
               or p.task_counter <> (select count(*) from projects_tasks t where t.project_id = p.id))::int as counter_mismatch,
            (select count(*) from (select project_id, status, rank from projects_tasks group by 1, 2, 3 having count(*) > 1) d)::int as duplicate_ranks`,
  );
  const bad = Object.entries(checks[0]!).filter(([, n]) => Number(n) !== 0);
  if (bad.length) throw new Error(`seeded Projects rows break constraints: ${JSON.stringify(Object.fromEntries(bad))}`);
  const { rows } = await exec(
    `select (select count(*) from projects_projects)::int as projects_projects, (select count(*) from projects_tasks)::int as projects_tasks,
            (select count(*) from projects_tasks where project_id = $1)::int as big_project_tasks`,
    [bigProjectId],
  );
  return { counts: rows[0] as Record<string, number>, data: { bigProjectId } };
}

/**
 * Moves that stay valid however many run, in any order: the neighbours are fixed pairs of adjacent
 * cards (positions 1–2 of every ten in each column) that never move themselves; the movers are
 * other cards (positions 5–9), each put between a pair drawn at random, in whichever column.
 */
async function planMoves(exec: Exec, projectId: string, seed: number) {
  const { rows } = await exec(
    `select id, status, rn, next_id from (
       select id, status, row_number() over w as rn, lead(id) over w as next_id
       from projects_tasks where project_id = $1 window w as (partition by status order by rank)) c
     where rn % 10 in (1, 5, 6, 7, 8, 9)`,
    [projectId],
  );
  const pairs = rows.filter((r) => Number(r.rn) % 10 === 1 && r.next_id).map((r) => ({ status: r.status as string, afterId: r.id as string, beforeId: r.next_id as string }));
  const movers = rows.filter((r) => Number(r.rn) % 10 >= 5).map((r) => r.id as string);
  if (pairs.length === 0 || movers.length === 0) throw new Error('the big project is too small to plan moves');
  const rand = mulberry32(seed);
  // Shuffled movers: consecutive moves (possibly in flight together) name different cards.
  for (let i = movers.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [movers[i], movers[j]] = [movers[j]!, movers[i]!];
  }
  return (count: number, offset = 0): Move[] =>
    Array.from({ length: count }, (_, i) => {
      const pair = pairs[Math.floor(rand() * pairs.length)]!;
      return { id: movers[(offset + i) % movers.length]!, body: { status: pair.status, afterId: pair.afterId, beforeId: pair.beforeId } };
    });
}

const runWorker = async <T>(config: WorkerConfig, timeoutMs: number): Promise<T> => {
  const { stdout } = await runNode('bench/lib/projects-worker.ts', [JSON.stringify(config)], { timeoutMs });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
};

async function measure(ctx: ModuleMeasureContext) {
  const { big, server, settings } = ctx;
  const projectId = ctx.seeded.data!.bigProjectId as string;
  const bigCookie = ctx.cookie(big.client);
  const tasks = ctx.seeded.counts.big_project_tasks!;

  await ctx.latencyGoal('P1', `Board data, ${tasks.toLocaleString('en-US')}-task project (per-column pages)`, { path: `/api/projects/projects/${projectId}/board`, headers: bigCookie }, 150);

  const moves = await planMoves(ctx.exec, projectId, ctx.seed);
  ctx.log('figure P2');
  const warmupSec = 1;
  const p2 = await runWorker<{ sent: number; failed: number; failures: string[]; statuses: Record<string, number>; elapsedSec: number; latency: { n: number; p95: number | null; p99: number | null } }>(
    { mode: 'moves', origin: server.origin, cookie: big.client.cookie, moves: moves((warmupSec + settings.seconds) * MOVE_RATE), rate: MOVE_RATE, warmupSec, durationSec: settings.seconds },
    (warmupSec + settings.seconds + 60) * 1000,
  );
  ctx.measurements.P2 = p2;
  if (p2.failed) throw new Error(`P2: ${p2.failed} of ${p2.sent} moves failed ${JSON.stringify(p2.statuses)}: ${p2.failures.join(' | ')}`);
  ctx.figures.push({
    id: 'P2',
    name: 'Card move (rank update + event) at 50 moves/s',
    ours: fmt.ms(p2.latency.p95),
    baseline: '—',
    ratio: null,
    goal: 'p95 ≤ 20 ms',
    pass: p2.latency.p95 !== null && p2.latency.p95 <= 20,
    note: `${p2.latency.n} measured moves sent open-loop at ${MOVE_RATE}/s for ${settings.seconds} s after ${warmupSec} s of warm-up, each between two neighbours; all 2xx`,
  });

  // P3: FANOUT_USERS users of the big company with Projects at its entity, created and signed in
  // through the API (the server has no per-user stream cap; several users make each stream's
  // re-read a different caller's, as 200 people's boards would be).
  ctx.log(`figure P3: creating ${FANOUT_USERS} users`);
  const projectsProduct = ctx.products.find((p) => p.type === 'projects')!.id;
  // The admin's session on the measured server (big.client talks to the one that seeded).
  const admin = { ...big, client: Object.assign(new ApiClient(server.origin), { cookie: big.client.cookie }) };
  const cookies: string[] = [];
  for (let i = 0; i < FANOUT_USERS; i += 8) {
    const batch = Array.from({ length: Math.min(8, FANOUT_USERS - i) }, async (_, j) => {
      const u = await createUser(admin, `projects-fanout-${i + j}`, [projectsProduct]);
      return (await signIn(server.origin, u.email)).cookie;
    });
    cookies.push(...(await Promise.all(batch)));
  }
  ctx.log(`figure P3: ${FANOUT_CONNECTIONS} streams, ${FANOUT_MOVES} moves`);
  const p3 = await runWorker<{
    expected: number;
    received: number;
    connectionsMissingEvents: number;
    streamErrors: string[];
    readyMs: number;
    delay: { p50: number | null; p99: number | null; max: number | null };
    move: { p95: number | null };
  }>(
    {
      mode: 'fanout',
      origin: server.origin,
      moverCookie: big.client.cookie,
      cookies,
      projectId,
      connections: FANOUT_CONNECTIONS,
      // Moves no earlier move touched: each event names a card that moved once in this figure.
      moves: moves(FANOUT_MOVES, (warmupSec + settings.seconds) * MOVE_RATE),
      intervalMs: FANOUT_INTERVAL_MS,
      waitMs: 10_000,
    },
    180_000,
  );
  ctx.measurements.P3 = p3;
  if (p3.streamErrors.length) throw new Error(`P3: streams failed: ${p3.streamErrors.join(' | ')}`);
  const complete = p3.received === p3.expected;
  ctx.figures.push({
    id: 'P3',
    name: `Event fan-out: a move reaches ${FANOUT_CONNECTIONS} open boards`,
    ours: fmt.ms(p3.delay.p99),
    baseline: '—',
    ratio: null,
    goal: 'p99 ≤ 1000 ms, every stream every move',
    pass: complete && p3.delay.p99 !== null && p3.delay.p99 <= 1000,
    note:
      `${FANOUT_CONNECTIONS} SSE streams of ${cookies.length} users from a separate process on loopback, ready in ${p3.readyMs} ms; ${FANOUT_MOVES} moves one every ${FANOUT_INTERVAL_MS} ms; ` +
      `delay from the move's send to the event's arrival (one clock), p50 ${fmt.ms(p3.delay.p50)}, max ${fmt.ms(p3.delay.max)}; ` +
      `${p3.received} of ${p3.expected} events arrived${complete ? '' : ` (${p3.connectionsMissingEvents} streams missed some)`}`,
  });
}

export const projects: ModuleBench = { name: 'projects', seed, measure };
