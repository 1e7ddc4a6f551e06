import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/**
 * Password hashing for sign-in, sign-up and user creation: scrypt with better-auth's parameters and
 * hash format (`salthex:keyhex`), so hashes written by either verify with the other.
 *
 * The work runs on a pool of worker threads at the lowest OS priority instead of libuv's thread
 * pool: on a small machine a burst of sign-ins would otherwise take every core from the event
 * loop and stall every other request (bench figure 3b).
 */
const SCRYPT = { N: 16384, r: 16, p: 1, dkLen: 64 } as const;

let pool: Piscina | undefined;
let threads = availableParallelism();

/** Threads of the hashing pool (config PASSWORD_HASH_THREADS); takes effect for the next pool. */
export function setPasswordThreads(count: number | undefined) {
  threads = count ?? availableParallelism();
}

/** One pool per process, like libuv's: threads start on first use and end when idle. */
function hashingPool() {
  pool ??= new Piscina({
    filename: new URL('./password-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
  });
  return pool;
}

async function deriveKey(password: string, salt: string): Promise<string> {
  return hashingPool().run({ password: password.normalize('NFKC'), salt, ...SCRYPT });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${await deriveKey(password, salt)}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(':');
  if (!salt || !key) return false;
  const derived = Buffer.from(await deriveKey(password, salt), 'hex');
  const stored = Buffer.from(key, 'hex');
  return derived.length === stored.length && timingSafeEqual(derived, stored);
}

/** Ends the hashing threads (shutdown); the next hash starts a new pool. */
export async function closePasswordPool() {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
