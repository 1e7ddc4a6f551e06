import type { Context } from 'hono';
import { ERROR_MESSAGES } from '@/shared/errors';
import type { Config } from '../config';
import { forbidden } from './errors';

/** Methods that can change something: these need the origin check (and carry a body). */
export const UNSAFE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * CSRF defence: a request that changes something must say where it comes from (Origin) and
 * come from this site (APP_URL) or a configured trusted origin. Browsers always send Origin on such
 * requests. The request's own Host is not a reference: a client chooses it (DNS rebinding, a
 * misrouted host name). The returned check throws 403 otherwise.
 */
export function originCheck(config: Config): (c: Context) => void {
  const trusted = new Set([new URL(config.baseUrl).origin, ...config.TRUSTED_ORIGINS.map((o) => new URL(o).origin)]);
  return (c) => {
    const origin = c.req.header('origin');
    if (!origin || !trusted.has(origin)) {
      throw forbidden(ERROR_MESSAGES.crossSite);
    }
  };
}
