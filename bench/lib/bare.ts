import { spawn } from 'node:child_process';
import { onCleanup } from './cleanup';
import { freePort, HOST, ROOT, sleep, stopChild } from './proc';

/** Headers the bare server sets itself, or Node does per response: not copied. */
const PER_RESPONSE = new Set(['date', 'content-length', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Figure 1's baseline answering as `url` answers a GET (with `headers`): its body, and its headers
 * but those of PER_RESPONSE. Also returns the headers copied.
 */
export async function startBareServerLike(url: string, headers: Record<string, string> = {}) {
  const { copied, body } = await answerOf(url, headers);
  return { ...(await startBareServer(copied, body)), headers: copied };
}

/** Figure 1's floor (bench/lib/hono-server.ts): the framework alone, answering as `url` answers a GET. */
export async function startHonoServerLike(url: string) {
  const { copied, body } = await answerOf(url, {});
  return startScript('bench/lib/hono-server.ts', { headers: copied, body });
}

/**
 * Figure 2's floor (bench/lib/floor-server.ts): bare node:http and node-postgres sending these
 * statements for every request on a pool of `connections`, then answering as `url` answers a GET.
 */
export async function startFloorServerLike(
  url: string,
  headers: Record<string, string>,
  sql: { database: string; connections: number; statements: { text: string; name?: string; values: (string | null)[] }[] },
) {
  const { copied, body } = await answerOf(url, headers);
  return startScript('bench/lib/floor-server.ts', { ...sql, headers: copied, body });
}

async function answerOf(url: string, headers: Record<string, string>) {
  const answer = await fetch(url, { headers });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  const copied = Object.fromEntries([...answer.headers].filter(([name]) => !PER_RESPONSE.has(name)));
  return { copied, body: await answer.text() };
}

/**
 * Starts figure 1's baseline (bench/lib/bare-server.ts): bare node:http answering every request
 * with this body and these headers. Returns its origin, its pid (for its CPU time) and a stop.
 */
export function startBareServer(headers: Record<string, string>, body: string) {
  return startScript('bench/lib/bare-server.ts', { headers, body });
}

/** Runs a baseline server script (argv: port, JSON config) and waits until it answers. */
async function startScript(script: string, config: unknown) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(port), JSON.stringify(config)], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const stop = onCleanup(script, () => stopChild(child, 3000));
  const origin = `http://${HOST}:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(origin, { signal: AbortSignal.timeout(1000) })).ok) return { origin, pid: child.pid!, stop };
    } catch {
      // starting
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`${script} did not start`);
}
