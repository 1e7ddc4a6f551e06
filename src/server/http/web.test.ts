/**
 * The server with a web build (WEB_ROOT): the app's pages and hashed assets, and the API beside
 * them. The web's catch-all must never answer for the API: an unknown API path is the API's JSON
 * 404, not the app's page with 200.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { serveApp } from './serve';

const INDEX = '<!doctype html><title>WorkSphere</title><div id="root"></div>';
const SCRIPT = `export const words = ${JSON.stringify('lorem ipsum '.repeat(200))};\n`;

describe('serving the web build beside the API (over a real socket, as the server runs)', () => {
  let t: TestApp;
  let webRoot: string;
  let server: Server;
  let origin: string;
  const request = (path: string, init: RequestInit = {}) => fetch(`${origin}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'worksphere-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), INDEX);
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), SCRIPT);
    t = await createTestApp({}, { webRoot });
    server = serveApp({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers the app’s page for its routes, not cached, with the security headers', async () => {
    for (const path of ['/', '/login', '/settings/users', '/APIs', '/apix']) {
      const res = await request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(INDEX);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(res.headers.get('x-request-id'), path).toBeTruthy();
    }
  });

  it('serves hashed assets cached for a year and compressed when asked', async () => {
    const res = await request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes the body itself.
    expect(await res.text()).toBe(SCRIPT);
  });

  it('leaves the API to the API: an unknown API path is its JSON 404 whatever the method', async () => {
    for (const [method, path] of [
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/nope'],
      ['GET', '/api/assets/index-abc123.js'],
      ['HEAD', '/api/nope'],
      ['DELETE', '/api/nope/deeper'],
    ] as const) {
      const res = await request(path, { method, headers: { origin: t.config.baseUrl } });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type'), `${method} ${path}`).toContain('application/json');
      expect(res.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
      if (method !== 'HEAD') expect((await res.json()).error.code, `${method} ${path}`).toBe('not_found');
    }
    const health = await request('/api/health');
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});
