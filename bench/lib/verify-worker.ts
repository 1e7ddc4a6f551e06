// Baseline for the sign-in figure: the server's own password verifier (scrypt on its hashing
// thread pool, src/server/auth/password.ts) called `concurrency` at a time in a plain Node process,
// for `durationMs`, with the same PASSWORD_HASH_THREADS as the server. Prints one JSON line.
import { closePasswordPool, hashPassword, setPasswordThreads, verifyPassword } from '../../src/server/auth/password';

const concurrency = Number(process.argv[2] ?? 8);
const durationMs = Number(process.argv[3] ?? 5000);
const warmupMs = Number(process.argv[4] ?? 1000);
const threads = process.env.PASSWORD_HASH_THREADS ? Number(process.env.PASSWORD_HASH_THREADS) : undefined;
setPasswordThreads(threads);
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
await closePasswordPool();
process.stdout.write(`${JSON.stringify({ verifies: n, ms, rate: (n / ms) * 1000, concurrency, threads: threads ?? 'one per core' })}\n`);
