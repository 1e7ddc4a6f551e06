import { chromium, type Browser, type Request } from '@playwright/test';
import { onCleanup, withTimeout } from './cleanup';
import { signUpBody } from './api';

export interface ScriptLoad {
  url: string;
  /** Bytes of the response body as transferred (compressed). */
  transferred: number;
  /** Bytes after decompression. */
  decoded: number;
  encoding: string | null;
  cacheControl: string | null;
}

export interface PageLoad {
  path: string;
  finalPath: string;
  scripts: ScriptLoad[];
  transferredJs: number;
  decodedJs: number;
}

export interface AssetHeaderCheck {
  checked: number;
  /** Scripts under 1 KB sent uncompressed: hono's compress() skips bodies under 1 KB, which is fine. */
  smallUncompressed: number;
  failures: { url: string; encoding: string | null; cacheControl: string | null; why: string }[];
}

const YEAR = 31_536_000;

function cacheOk(cc: string | null) {
  if (!cc) return false;
  const maxAge = /max-age=(\d+)/.exec(cc);
  return Boolean(maxAge && Number(maxAge[1]) >= YEAR && /immutable/.test(cc));
}

async function describe(req: Request): Promise<ScriptLoad | null> {
  const res = await req.response();
  if (!res) return null;
  const headers = await res.allHeaders();
  const isScript = req.resourceType() === 'script' || /javascript/.test(headers['content-type'] ?? '');
  if (!isScript) return null;
  const sizes = await req.sizes();
  const body = await res.body().catch(() => Buffer.alloc(0));
  return {
    url: new URL(req.url()).pathname,
    transferred: sizes.responseBodySize,
    decoded: body.length,
    encoding: headers['content-encoding'] ?? null,
    cacheControl: headers['cache-control'] ?? null,
  };
}

/**
 * Loads each page in a fresh Chromium context (empty cache) and sums the compressed bytes of every
 * script response until the network is idle. `/products` is loaded signed in: a company is signed
 * up through the API inside the same browser context first, so the session cookie is the browser's.
 */
export async function measureWeb(origin: string, pages: { path: string; signedIn: boolean }[], productIds: string[]) {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const close = onCleanup('chromium', () => browser.close());
  try {
    const loads: PageLoad[] = [];
    const seen = new Set<string>();
    const assetChecks: AssetHeaderCheck = { checked: 0, smallUncompressed: 0, failures: [] };
    for (const p of pages) {
      const context = await browser.newContext();
      try {
        if (p.signedIn) {
          const tag = `web-${Date.now().toString(36)}`;
          const res = await context.request.post(`${origin}/api/auth/sign-up`, { data: signUpBody(tag, productIds), headers: { origin } });
          if (res.status() !== 201) throw new Error(`web sign-up failed: ${res.status()} ${await res.text()}`);
        }
        const page = await context.newPage();
        // Settled, never rejected: a response read after the page closed (a request still finishing
        // once the page is measured) must not become an unhandled rejection that ends the run.
        const pending: Promise<{ load: ScriptLoad | null } | { error: unknown }>[] = [];
        page.on('requestfinished', (req) => pending.push(describe(req).then((load) => ({ load }), (error: unknown) => ({ error }))));
        await withTimeout(page.goto(`${origin}${p.path}`, { waitUntil: 'networkidle', timeout: 60_000 }), 70_000, `load ${p.path}`);
        const finalPath = new URL(page.url()).pathname;
        if (finalPath !== p.path) throw new Error(`${p.path} ended on ${finalPath} (signed in: ${p.signedIn})`);
        const settled = await Promise.all(pending);
        const failed = settled.find((s) => 'error' in s);
        if (failed) throw failed.error;
        const scripts = settled.flatMap((s) => ('load' in s && s.load ? [s.load] : []));
        const unique = [...new Map(scripts.map((s) => [s.url, s])).values()].sort((a, b) => b.transferred - a.transferred);
        for (const s of unique) {
          if (!s.url.startsWith('/assets/')) continue;
          if (seen.has(s.url)) continue;
          seen.add(s.url);
          assetChecks.checked++;
          const uncompressed = !s.encoding;
          if (uncompressed && s.decoded <= 1024) assetChecks.smallUncompressed++;
          const why = [uncompressed && s.decoded > 1024 ? 'not compressed' : '', !cacheOk(s.cacheControl) ? 'cache-control lacks max-age>=1y + immutable' : ''].filter(Boolean).join(', ');
          if (why) assetChecks.failures.push({ url: s.url, encoding: s.encoding, cacheControl: s.cacheControl, why });
        }
        loads.push({
          path: p.path,
          finalPath,
          scripts: unique,
          transferredJs: unique.reduce((n, s) => n + s.transferred, 0),
          decodedJs: unique.reduce((n, s) => n + s.decoded, 0),
        });
      } finally {
        await context.close();
      }
    }
    return { loads, assetChecks };
  } finally {
    await close();
  }
}
