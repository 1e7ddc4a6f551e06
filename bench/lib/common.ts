/** Pieces both bench programs (run.ts, modules.ts) use: databases, server settings, alternation. */
import pg from 'pg';
import { cpus } from 'node:os';
import type { ApiClient } from './api';
import { onCleanup } from './cleanup';

export const AUTH_SECRET = `bench-${'s'.repeat(40)}`;
const BIG = 1_000_000_000;
/** Password-hashing threads of the servers (the product default: one per core). */
export const HASH_THREADS = String(cpus().length);

export const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

/** A measured server's environment: production mode, rate limits out of the way, a fixed secret. */
export function serverEnv(poolSize: number, extra: Record<string, string>) {
  return {
    AUTH_SECRET,
    LOG_LEVEL: 'info',
    SIGN_IN_MAX_FAILURES: String(BIG),
    SIGN_UP_MAX_ATTEMPTS: String(BIG),
    PASSWORD_HASH_THREADS: HASH_THREADS,
    DATABASE_POOL_SIZE: String(poolSize),
    NODE_ENV: 'production',
    ...extra,
  };
}

/** Loopback only: the benchmark never sends load anywhere else. */
export function loopbackUrl(raw: string) {
  const url = new URL(raw);
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(url.hostname)) {
    throw new Error(`DATABASE_URL must point at a loopback address, not ${url.hostname}`);
  }
  return url;
}

/** Creates `bench_<time>_<pid>_<suffix>` and registers its drop with the cleanup steps. */
export async function createDatabase(serverUrl: URL, suffix: string) {
  const name = `bench_${Date.now().toString(36)}_${process.pid}_${suffix}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(`drop database ${name}`, async () => {
    // BENCH_KEEP_DB=1 leaves the seeded database for a look at its plans afterwards.
    if (process.env.BENCH_KEEP_DB) return void process.stderr.write(`kept database ${name}\n`);
    const c = new pg.Client({ connectionString: serverUrl.toString() });
    await c.connect();
    try {
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  });
  const url = new URL(serverUrl.toString());
  url.pathname = `/${name}`;
  return { name, url };
}

/** Alternates ours and the baseline `rounds` times; returns every sample of each side. */
export function alternate<A, B>(rounds: number, ours: () => Promise<A>, baseline: () => Promise<B>) {
  return alternateSides(rounds, { ours, baseline });
}

type Samples<T extends Record<string, () => Promise<unknown>>> = { [K in keyof T]: Awaited<ReturnType<T[K]>>[] };

/** Runs each side in turn, in the order given, `rounds` times; returns every sample of each side. */
export async function alternateSides<T extends Record<string, () => Promise<unknown>>>(rounds: number, sides: T): Promise<Samples<T>> {
  const samples = Object.fromEntries(Object.keys(sides).map((name) => [name, [] as unknown[]])) as Record<string, unknown[]>;
  for (let r = 0; r < rounds; r++) {
    for (const [name, run] of Object.entries(sides)) samples[name]!.push(await run());
  }
  return samples as Samples<T>;
}

export const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The goal of a scale ratio whose page reads every match of a search (4c, 7b, C1, A2): the work
 * grows with the matches at the big side, not only with the page (bench/README.md). Keyset pages keep 1.5.
 */
export const SEARCH_BOUND = 2.0;

/** The middle value (the mean of the middle two for an even count). */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export const cookieHeaders = (c: ApiClient) => ({ cookie: c.cookie });
