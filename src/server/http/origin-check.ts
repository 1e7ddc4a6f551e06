import type { Context } from 'hono';
import { ERROR_MESSAGES } from '@/shared/errors';
import type { Config } from '../config';
import { forwardedClient } from './client-ip';
import { forbidden } from './errors';

/** Methods that can change something: these need the origin check (and carry a body). */
export const UNSAFE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * CSRF defence: a request that changes something must say where it comes from (Origin) and
 * come from this site (APP_URL) or a configured trusted origin. Browsers always send Origin on such
 * requests. The request's own Host is not a reference: a client chooses it (DNS rebinding, a
 * misrouted host name). The returned check throws 403 otherwise.
 *
 * Without APP_URL the site's address is not known (its default, http://localhost:PORT, is a guess
 * that a page opened at 127.0.0.1 or at the machine's LAN address does not match), so there a
 * page's requests to its own server are accepted too: Origin equal to the request's own
 * scheme://Host. That still refuses every other site's page (its Origin names that site, and a
 * browser sets Origin and Host itself). What it gives up is the DNS-rebinding case above: a page
 * of a name the attacker points at this server is same-origin with it, though it carries none of
 * our users' cookies (they belong to the name they were set for). Setting APP_URL turns this off.
 */
export function originCheck(config: Config): (c: Context) => void {
  const trusted = new Set([new URL(config.baseUrl).origin, ...config.TRUSTED_ORIGINS.map((o) => new URL(o).origin)]);
  const sameOriginAllowed = config.APP_URL === undefined;
  return (c) => {
    const origin = c.req.header('origin');
    if (!origin || !(trusted.has(origin) || (sameOriginAllowed && origin === ownOrigin(c, config)))) {
      throw forbidden(ERROR_MESSAGES.crossSite);
    }
  };
}

/**
 * The request's own origin: the scheme and Host it was sent to (the URL the Node adapter builds
 * from Host, https when the connection is TLS). Behind TRUST_PROXY a proxy ends TLS, so its
 * X-Forwarded-Proto (read like X-Forwarded-For, the TRUST_PROXY_HOPS-th entry from the right)
 * may say https; it is never believed to say http on a TLS connection.
 */
function ownOrigin(c: Context, config: Config): string {
  const url = new URL(c.req.url);
  if (config.TRUST_PROXY && forwardedClient(c.req.header('x-forwarded-proto'), config.TRUST_PROXY_HOPS)?.toLowerCase() === 'https') {
    url.protocol = 'https:';
  }
  return url.origin;
}
