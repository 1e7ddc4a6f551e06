import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Fixed-window counters. The memory store limits per process; the Redis store lets several
 * processes share one limit.
 */
export interface RateLimitStore {
  /** Adds one to the key's counter in the current window (starting a window if none) and returns the new count. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Takes one back from the key's counter in its current window; nothing once that window has ended. */
  undo(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowSeconds: number) {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + windowSeconds * 1000 });
      return 1;
    }
    current.count += 1;
    return current.count;
  }

  async undo(key: string) {
    const current = this.windows.get(key);
    if (current && current.resetAt > this.now() && current.count > 0) current.count -= 1;
  }

  /** Keeps memory bounded by dropping expired windows now and then. */
  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/** Decrements only a counter that still exists and is above zero: never makes a key without expiry. */
const UNDO_SCRIPT = `local n = tonumber(redis.call('get', KEYS[1]) or '0')
if n > 0 then return redis.call('decr', KEYS[1]) end
return 0`;

/** Counters in Redis: every process pointed at the same Redis shares one limit. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'worksphere:rate:',
  ) {}

  async hit(key: string, windowSeconds: number) {
    const k = this.prefix + key;
    // INCR then set the expiry only when the window starts (NX), atomically in one round trip.
    const results = await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec();
    const [error, count] = results?.[0] ?? [new Error('Redis transaction aborted')];
    if (error) throw error;
    return Number(count);
  }

  async undo(key: string) {
    await this.redis.eval(UNDO_SCRIPT, 1, this.prefix + key);
  }
}

/**
 * Redis with a fallback: while Redis does not answer, counting goes on in this process (each
 * process then limits on its own, as without REDIS_URL) with one warning in the log, and moves
 * back to Redis when it answers again. A Redis outage never makes sign-in fail or wait.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  private degraded = false;

  constructor(
    private readonly primary: RateLimitStore,
    private readonly log: Logger,
    private readonly fallback: RateLimitStore = new MemoryRateLimitStore(),
  ) {}

  hit(key: string, windowSeconds: number) {
    return this.use((store) => store.hit(key, windowSeconds));
  }

  undo(key: string) {
    return this.use((store) => store.undo(key));
  }

  private async use<T>(work: (store: RateLimitStore) => Promise<T>): Promise<T> {
    try {
      const result = await work(this.primary);
      if (this.degraded) {
        this.degraded = false;
        this.log.info('rate limits: Redis answers again; counting there');
      }
      return result;
    } catch (err) {
      if (!this.degraded) {
        this.degraded = true;
        this.log.warn({ reason: (err as Error).message }, 'rate limits: Redis does not answer; counting in this process until it does');
      }
      return work(this.fallback);
    }
  }
}

/**
 * The Redis connection for rate limits: commands fail at once while it is disconnected (no
 * offline queue) and after `commandTimeout` ms when it hangs, so the fallback takes over quickly;
 * it reconnects in the background.
 */
export function connectRateLimitRedis(url: string, options: { commandTimeout?: number } = {}) {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: options.commandTimeout ?? 500,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

/** Rate limits in Redis with the in-process fallback; logs each outage once, not each reconnect attempt. */
export function redisRateLimits(redis: Redis, log: Logger, prefix?: string): RateLimitStore {
  let down = false;
  redis.on('error', (err) => {
    if (!down) log.warn({ reason: err.message }, 'redis connection error');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('redis connection restored');
    down = false;
  });
  return new FallbackRateLimitStore(new RedisRateLimitStore(redis, prefix), log);
}

export interface Limit {
  key: string;
  max: number;
}

/** A reserved attempt: give it back when it should not count (success, or an outcome that reveals nothing). */
export interface Reservation {
  release(): Promise<void>;
}

/**
 * Takes one attempt from each limit's budget BEFORE the work it guards, atomically per key, so
 * parallel requests cannot all pass a check made before any of them is counted. Returns null
 * (taking nothing) when any budget is spent. At most `max` reservations are held per key and
 * window, whatever the concurrency.
 */
export async function reserveAttempt(store: RateLimitStore, limits: Limit[], windowSeconds: number): Promise<Reservation | null> {
  const counts = await Promise.all(limits.map((l) => store.hit(l.key, windowSeconds)));
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await Promise.all(limits.map((l) => store.undo(l.key)));
  };
  if (counts.some((count, i) => count > limits[i]!.max)) {
    await release();
    return null;
  }
  return { release };
}

/** A key part for a personal value (an email): the same for the same value, without storing it. */
export function keyOf(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 32);
}
