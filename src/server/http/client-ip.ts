import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './env';

/**
 * The address the request came from. Without TRUST_PROXY: the socket's peer. With it:
 * X-Forwarded-For, read from the right. Each proxy appends the address it received the request
 * from, so the right-most TRUST_PROXY_HOPS entries were written by our proxies and the
 * TRUST_PROXY_HOPS-th from the right is the client as the outermost proxy saw it. Everything to
 * its left was written by the client and is ignored.
 */
export function clientIp(c: Context<AppEnv>): string {
  const { TRUST_PROXY, TRUST_PROXY_HOPS } = c.get('config');
  if (TRUST_PROXY) {
    const forwarded = forwardedClient(c.req.header('x-forwarded-for'), TRUST_PROXY_HOPS);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}

/** The entry `hops` from the right of an X-Forwarded-For value (several headers arrive joined by commas). */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (!header) return undefined;
  const entries = header
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  // Fewer entries than hops: the request skipped a proxy; the left-most is then the farthest known.
  return entries[Math.max(0, entries.length - hops)];
}
