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
  const answer = await fetch(url, { headers });
  const copied = Object.fromEntries([...answer.headers].filter(([name]) => !PER_RESPONSE.has(name)));
  return { ...(await startBareServer(copied, await answer.text())), headers: copied };
}

/**
 * Starts figure 1's baseline (bench/lib/bare-server.ts): bare node:http answering every request
 * with this body and these headers. Returns its origin, its pid (for its CPU time) and a stop.
 */
export async function startBareServer(headers: Record<string, string>, body: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bare-server.ts', String(port), JSON.stringify({ headers, body })], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const stop = onCleanup('bare server', () => stopChild(child, 3000));
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
  throw new Error('bare server did not start');
}
