import type { Hono } from 'hono';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ERROR_CODES, ERROR_MESSAGES } from '@/shared/errors';
import { AppError } from './errors';
import type { AppEnv } from './env';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Where the reference lives, and the OpenAPI document it reads. */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * Scalar's browser build, served from our own origin: no CDN, so the reference works offline and
 * under `script-src 'self'`. The package version is part of the URL, so the files can be cached
 * for a year (an upgrade changes every URL).
 */
function scalarBundle() {
  const packageRoot = dirname(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')));
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  const browserDir = join(packageRoot, 'dist', 'browser');
  // The entry module and the chunks it imports on demand; nothing else of the package (no source maps).
  const files = new Map<string, () => Promise<Buffer>>([
    ['standalone.esm.js', () => readFile(join(browserDir, 'standalone.esm.js'))],
    [SETUP_FILE, () => Promise.resolve(Buffer.from(SETUP_SCRIPT))],
  ]);
  for (const name of readdirSync(join(browserDir, 'chunks'))) {
    if (name.endsWith('.js')) files.set(`chunks/${name}`, () => readFile(join(browserDir, 'chunks', name)));
  }
  return { version, files, assetsPath: `${API_DOCS_PATH}/assets/${version}` };
}

/**
 * Runs before the bundle. The zod inside it probes for eval support with `Function('')` unless its
 * global config says `jitless`; under our CSP (no 'unsafe-eval') the probe fails harmlessly but is
 * reported as a violation. Setting the flag first makes zod skip the probe (and never use eval).
 */
const SETUP_FILE = 'setup.js';
const SETUP_SCRIPT = `globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });\n`;

/** Scalar's options: nothing fetched from elsewhere (fonts, AI agent, MCP), no telemetry. */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideDarkModeToggle: false,
  defaultOpenFirstTag: true,
  operationTitleSource: 'summary',
  documentDownloadType: 'json',
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page: no inline script at all, so the site-wide CSP applies unchanged. Scalar's own HTML API
 * reads the document URL and options from the `#api-reference` element (a JSON data block, which
 * the browser never executes); the module script comes from our origin.
 */
export function apiDocsHtml(title: string, assetsPath: string) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeAttribute(title)}</title>
    <script src="${escapeAttribute(`${assetsPath}/${SETUP_FILE}`)}"></script>
  </head>
  <body>
    <noscript>This API reference needs JavaScript. The OpenAPI document is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
    <script id="api-reference" type="application/json" data-url="${OPENAPI_PATH}" data-configuration="${escapeAttribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
    <script type="module" src="${escapeAttribute(`${assetsPath}/standalone.esm.js`)}"></script>
  </body>
</html>
`;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (q > 0), brotli first. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Serves `/api/docs` and Scalar's files. Each file is read and compressed on its first request
 * (brotli at quality 5: within 10 % of the best size at a fiftieth of the time) and kept in memory.
 */
export function registerApiDocs(app: Hono<AppEnv>, title: string) {
  const bundle = scalarBundle();
  const html = apiDocsHtml(title, bundle.assetsPath);
  const cache = new Map<string, Promise<Buffer>>();

  const encoded = (file: string, encoding: Encoding) => {
    const key = `${encoding}:${file}`;
    let body = cache.get(key);
    if (!body) {
      const raw = bundle.files.get(file)!();
      body =
        encoding === 'br'
          ? raw.then((b) => brotli(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }))
          : encoding === 'gzip'
            ? raw.then((b) => gzipAsync(b, { level: 9 }))
            : raw;
      // A failed read is not remembered: the next request tries again.
      body.catch(() => cache.delete(key));
      cache.set(key, body);
    }
    return body;
  };

  app.get(API_DOCS_PATH, (c) => c.html(html));

  app.get(`${API_DOCS_PATH}/assets/:version/:file{.+}`, async (c) => {
    const file = c.req.param('file');
    if (c.req.param('version') !== bundle.version || !bundle.files.has(file)) {
      throw new AppError(404, ERROR_CODES.notFound, ERROR_MESSAGES.notFound);
    }
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const body = await encoded(file, encoding);
    const headers: Record<string, string> = {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    };
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    return c.body(new Uint8Array(body), 200, headers);
  });

  return bundle;
}
