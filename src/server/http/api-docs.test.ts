import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { pickEncoding } from './api-docs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const browserDir = join(dirname(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference'))), 'dist', 'browser');
const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

/** Every <script> tag of a page, with its attributes. */
function scripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attrs = '', body = '']) => ({
    src: /\bsrc="([^"]*)"/.exec(attrs)?.[1],
    type: /\btype="([^"]*)"/.exec(attrs)?.[1],
    body,
  }));
}

describe('GET /api/docs', () => {
  it('answers an HTML page whose scripts all come from our origin, with no inline script, under the site CSP', async () => {
    const res = await get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|https?:)/);
    const html = await res.text();
    expect(html).toContain('<title>WorkSphere API reference</title>');
    const all = scripts(html);
    expect(all.filter((s) => s.src)).toHaveLength(2);
    for (const script of all) {
      if (script.src) {
        // Same origin: a path, not a URL or a protocol-relative //host.
        expect(script.src).toMatch(/^\/(?!\/)/);
        expect(script.body.trim()).toBe('');
      } else {
        // A data block (never executed), not an inline script.
        expect(script.type).toBe('application/json');
      }
    }
    expect(html).toContain('data-url="/api/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    expect((await get('/api/openapi.json')).status).toBe(200);
  });

  it('serves the script it references, compressed, cached for a year, and the chunks that script imports', async () => {
    const html = await (await get('/api/docs')).text();
    const [setup, entry] = scripts(html).map((s) => s.src!).filter(Boolean) as [string, string];
    expect(entry).toMatch(/\/standalone\.esm\.js$/);
    // The setup script (before the bundle) turns off zod's eval probe, which the CSP would report.
    const setupRes = await get(setup, { 'accept-encoding': 'identity' });
    expect(setupRes.status).toBe(200);
    expect(setupRes.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await setupRes.text()).toContain('jitless: true');
    const original = readFileSync(join(browserDir, 'standalone.esm.js'));

    const br = await get(entry, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const compressed = Buffer.from(await br.arrayBuffer());
    expect(compressed.length).toBeLessThan(original.length / 3);
    expect(brotliDecompressSync(compressed).equals(original)).toBe(true);

    const gz = await get(entry, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(original)).toBe(true);

    const plain = await get(entry, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);

    // The entry loads the rest on demand with relative imports: those answer too.
    const chunks = [...original.toString('utf8').matchAll(/import\(`\.\/(chunks\/[^`]+\.js)`\)/g)].map((m) => m[1]!);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of new Set(chunks)) {
      const res = await get(new URL(chunk, `http://x${entry}`).pathname, { 'accept-encoding': 'br' });
      expect(res.status, chunk).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    }
  });

  it('answers 404 for anything else under its assets: other versions, source maps, other files of the package, traversal', async () => {
    const html = await (await get('/api/docs')).text();
    const entry = scripts(html).filter((s) => s.src)[1]!.src!;
    const base = entry.slice(0, entry.lastIndexOf('/'));
    const version = base.split('/').pop()!;
    for (const path of [
      `${base.replace(version, '0.0.1')}/standalone.esm.js`,
      `${base}/standalone.esm.js.map`,
      `${base}/standalone.js`,
      `${base}/..%2F..%2Fpackage.json`,
      `${base}/chunks/..%2F..%2F..%2Fpackage.json`,
      `${base}/nope.js`,
      '/api/docs/assets/',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code, path).toBe('not_found');
    }
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['gzip;q=0', 'identity'],
    ['br;q=abc, gzip', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('domain error codes in the API reference', () => {
  type Example = { value: { error: { code: string; message: string } } };
  const examples = async (path: string, method: string, status: number) => {
    const doc = (await (await get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content: { 'application/json': { examples: Record<string, Example> } } }> }>>;
    };
    return Object.values(doc.paths[path]![method]!.responses[status]!.content['application/json'].examples).map((e) => e.value.error);
  };

  it('lists a thrown error with its domain code and a schema refusal as validation_error', async () => {
    expect(await examples('/api/hrms/employees/{id}', 'patch', 409)).toContainEqual({ code: 'version_conflict', message: 'Someone else changed this record. Reload it and try again.' });
    const badRequests = await examples('/api/hrms/employees/{id}', 'patch', 400);
    expect(badRequests).toContainEqual(expect.objectContaining({ code: 'manager_cycle' }));
    expect(badRequests.some((e) => e.code === 'validation_error')).toBe(true);
  });
});
