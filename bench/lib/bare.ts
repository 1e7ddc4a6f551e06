import { spawn } from 'node:child_process';
import { onCleanup } from './cleanup';
import { freePort, HOST, ROOT, sleep, stopChild } from './proc';

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
