/**
 * Fixed-window counters. The memory store limits per process; a shared store (Redis) can
 * implement the same interface so several processes share one limit.
 */
export interface RateLimitStore {
  /** Adds one to the key's counter in the current window and returns the new count. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** The key's count in the current window. */
  count(key: string): Promise<number>;
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

  async count(key: string) {
    const current = this.windows.get(key);
    return current && current.resetAt > this.now() ? current.count : 0;
  }

  /** Keeps memory bounded by dropping expired windows now and then. */
  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/** Counters in Redis: every process pointed at the same Redis shares one limit. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: import('ioredis').Redis,
    private readonly prefix = 'worksphere:rate:',
  ) {}

  async hit(key: string, windowSeconds: number) {
    const k = this.prefix + key;
    // INCR then set the expiry only when the window starts (NX), in one round trip.
    const results = await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec();
    const count = results?.[0]?.[1];
    return typeof count === 'number' ? count : Number(count);
  }

  async count(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }
}
