/**
 * `npm run bench:ab`: one request against the servers of several checkouts, in alternating rounds,
 * with the CPU time each server and PostgreSQL spend per request (from /proc). For trying a change
 * on one figure in a few minutes, in the same conditions as the code it would replace, instead of
 * comparing whole runs minutes apart (this machine's speed drifts more than most changes weigh).
 * See bench/README.md, "A/B probe".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ApiClient, PASSWORD } from './lib/api';
import { startBareServerLike } from './lib/bare';
import { cleanupAll, installExitHandlers, onCleanup } from './lib/cleanup';
import { createDatabase, loopbackUrl, mean, num, serverEnv } from './lib/common';
import { withCpu } from './lib/cpu';
import { assertClean, load } from './lib/load';
import { ROOT, startServer } from './lib/proc';

const env = process.env;
const SETTINGS = {
  roots: (env.BENCH_AB_ROOTS ?? ROOT).split(',').map((r) => resolve(r.trim())),
  path: env.BENCH_AB_PATH ?? '/api/health',
  email: env.BENCH_AB_EMAIL,
  bare: env.BENCH_AB_BARE === '1',
  database: env.BENCH_AB_DATABASE,
  serverUrl: loopbackUrl(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
  rounds: num('BENCH_ROUNDS', 6),
  seconds: num('BENCH_SECONDS', 5),
  connections: num('BENCH_AB_CONNECTIONS', 10),
};

const log = (message: string) => process.stdout.write(`[bench:ab] ${message}\n`);

interface Side {
  name: string;
  origin: string;
  pid: number;
  headers: Record<string, string>;
  rps: number[];
  p95: number[];
  serverUs: number[];
  postgresUs: number[];
}

const side = (name: string, origin: string, pid: number, headers: Record<string, string> = {}): Side => ({
  name,
  origin,
  pid,
  headers,
  rps: [],
  p95: [],
  serverUs: [],
  postgresUs: [],
});

async function main() {
  installExitHandlers((SETTINGS.rounds * (SETTINGS.roots.length + 1) * (SETTINGS.seconds + 30) + 300) * 1000);
  const tmp = mkdtempSync(join(tmpdir(), 'worksphere-bench-ab-'));
  onCleanup('temp folder', () => rmSync(tmp, { recursive: true, force: true }));
  // An empty database (the servers migrate it) unless a run's kept one is named.
  const databaseUrl = SETTINGS.database ? loopbackUrl(SETTINGS.database).toString() : (await createDatabase(SETTINGS.serverUrl, 'ab')).url.toString();

  const sides: Side[] = [];
  for (const [i, root] of SETTINGS.roots.entries()) {
    const server = await startServer({
      name: `ab-${i}`,
      logDir: tmp,
      root,
      env: serverEnv(SETTINGS.connections, { DATABASE_URL: databaseUrl, DATA_DIR: join(tmp, `data-${i}`) }),
    });
    let headers: Record<string, string> = {};
    if (SETTINGS.email) {
      const client = new ApiClient(server.origin);
      await client.expect(200, 'POST', '/auth/sign-in', { email: SETTINGS.email, password: PASSWORD });
      headers = { cookie: client.cookie };
    }
    sides.push(side(root, server.origin, server.pid, headers));
  }
  if (SETTINGS.bare) {
    // Figure 1's baseline: the first server's answer to the path, headers and body, from bare node:http.
    const bare = await startBareServerLike(`${sides[0]!.origin}${SETTINGS.path}`, sides[0]!.headers);
    sides.push(side('bare node:http', bare.origin, bare.pid));
  }

  log(`${SETTINGS.path} · ${SETTINGS.rounds} rounds of ${SETTINGS.seconds} s (+1 s warm-up) · ${SETTINGS.connections} connections`);
  for (let round = 0; round < SETTINGS.rounds; round++) {
    // Alternating, and each round in the other order, so that neither side always follows the other.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const result = await withCpu(side.pid, async () =>
        assertClean(
          side.name,
          await load({ origin: side.origin, connections: SETTINGS.connections, durationSec: SETTINGS.seconds, warmupSec: 1, requests: [{ path: SETTINGS.path, headers: side.headers }] }),
        ),
      );
      side.rps.push(result.rps);
      side.p95.push(result.latency.p95 ?? NaN);
      side.serverUs.push(result.cpu.serverUs);
      side.postgresUs.push(result.cpu.postgresUs);
    }
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const base = mean(sides[0]!.rps);
  const table = [
    '| side | req/s by round | mean | vs first | p95 ms (median) | server µs/req (median) | PostgreSQL µs/req (median) |',
    '|---|---|---|---|---|---|---|',
    ...sides.map(
      (s) =>
        `| ${s.name} | ${s.rps.map((r) => Math.round(r)).join(' ')} | ${Math.round(mean(s.rps))} | ${(mean(s.rps) / base).toFixed(3)} | ${median(s.p95).toFixed(2)} | ${median(s.serverUs).toFixed(1)} | ${median(s.postgresUs).toFixed(1)} |`,
    ),
  ];
  process.stdout.write(`\n${table.join('\n')}\n\nCPU times count in 10 ms ticks: short rounds at low rates read coarse.\n`);
}

try {
  await main();
} finally {
  await cleanupAll();
}
