// Baseline for the sign-in figure: better-auth's own password verifier (node:crypto scrypt on
// libuv's thread pool) called `concurrency` at a time in a plain Node process, for `durationMs`.
// Run with the same UV_THREADPOOL_SIZE as the server. Prints one JSON line.
import { hashPassword, verifyPassword } from 'better-auth/crypto';

const concurrency = Number(process.argv[2] ?? 8);
const durationMs = Number(process.argv[3] ?? 5000);
const warmupMs = Number(process.argv[4] ?? 1000);
const password = 'bench-password-1';
const hash = await hashPassword(password);

async function loop(until: number, count: { n: number }) {
  while (performance.now() < until) {
    if (!(await verifyPassword({ hash, password }))) throw new Error('verify failed');
    count.n++;
  }
}

async function measure(ms: number) {
  const count = { n: 0 };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, () => loop(start + ms, count)));
  return { n: count.n, ms: performance.now() - start };
}

await measure(warmupMs);
const { n, ms } = await measure(durationMs);
process.stdout.write(`${JSON.stringify({ verifies: n, ms, rate: (n / ms) * 1000, concurrency, threadpool: process.env.UV_THREADPOOL_SIZE ?? '4 (default)' })}\n`);
