/**
 * The headers every response carries (security headers, `no-store` on the API, the request id)
 * are written by Node's writeHead together with the handler's own (preset-headers.ts): read off
 * real sockets, each must come exactly once, and where the handler sets one itself, its value wins.
 */
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../app';
import { createTestApp, ORIGIN, productId, signUpBody, type TestApp } from '../test/harness';
import { presetHeaders } from './preset-headers';
import { serveApp } from './serve';
import { DEFAULT_UNREAD_BODY_POLICY, responseClass } from './unread-body';

interface Raw {
  status: number;
  statusMessage: string;
  /** Lower-cased name → every value sent under it, in order. */
  headers: Map<string, string[]>;
  body: string;
}

function get(port: number, path: string, headers: IncomingHttpHeaders = {}, method = 'GET', body?: string) {
  return new Promise<Raw>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const all = new Map<string, string[]>();
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!.toLowerCase();
        all.set(name, [...(all.get(name) ?? []), res.rawHeaders[i + 1]!]);
      }
      let text = '';
      res.setEncoding('latin1');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, statusMessage: res.statusMessage!, headers: all, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const listening = (s: Server) => new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));
const closing = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()));

function expectSecurityHeadersOnce(res: Raw) {
  for (const [name, value] of SECURITY_HEADERS) expect(res.headers.get(name), name).toEqual([value]);
}

describe('preset headers on the real server', () => {
  let t: TestApp;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    server = serveApp({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await closing(server);
    await t.close();
  });

  it('an API answer carries each security header, no-store and one request id, once', async () => {
    for (const path of ['/api/health', '/api/no-such-route', '/api/me']) {
      const res = await get(port, path);
      expectSecurityHeadersOnce(res);
      expect(res.headers.get('cache-control'), path).toEqual(['no-store']);
      expect(res.headers.get('x-request-id'), path).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
      expect(res.headers.get('content-type'), path).toEqual([expect.stringMatching(/^application\/json/)]);
    }
    const traced = await get(port, '/api/health', { 'x-request-id': 'Trace-ID_42' });
    expect(traced.headers.get('x-request-id')).toEqual(['Trace-ID_42']);
  });

  it('a handler that sets Cache-Control itself keeps its own, not no-store as well', async () => {
    const html = (await get(port, '/api/docs')).body;
    const asset = [...html.matchAll(/src="([^"]+\.js)"/g)].map((m) => m[1]!).find((src) => src.endsWith('standalone.esm.js'));
    expect(asset).toBeDefined();
    const res = await get(port, asset!, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toEqual(['public, max-age=31536000, immutable']);
    expectSecurityHeadersOnce(res);
  });

  it('an answer with cookies keeps every cookie next to the presets', async () => {
    const res = await get(
      port,
      '/api/auth/sign-up',
      { 'content-type': 'application/json', origin: ORIGIN },
      'POST',
      JSON.stringify(signUpBody({}, [await productId(t, 'crm')])),
    );
    expect(res.status, res.body).toBe(201);
    expect(res.headers.get('set-cookie')?.length).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('set-cookie')?.[0]).toMatch(/session_token=/);
    expectSecurityHeadersOnce(res);
    expect(res.headers.get('cache-control')).toEqual(['no-store']);
  });
});

describe('preset headers with the other forms of writeHead', () => {
  // A response takes its presets as its own: each gets a fresh copy.
  const preset = () => ({ 'x-frame-options': 'SAMEORIGIN', 'cache-control': 'no-store', 'x-request-id': 'r-1' });

  async function answer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
    const server = createServer({ ServerResponse: responseClass(DEFAULT_UNREAD_BODY_POLICY) }, handler);
    const port = await listening(server);
    try {
      return await get(port, '/');
    } finally {
      await closing(server);
    }
  }

  it('a status message and a flat header array: the presets it lacks are added, its own win', async () => {
    const res = await answer((_req, res) => {
      presetHeaders(res, preset());
      res.writeHead(202, 'Taken', ['Cache-Control', 'private', 'X-Own', '1']);
      res.end('ok');
    });
    expect(res.status).toBe(202);
    expect(res.statusMessage).toBe('Taken');
    expect(res.headers.get('cache-control')).toEqual(['private']);
    expect(res.headers.get('x-own')).toEqual(['1']);
    expect(res.headers.get('x-frame-options')).toEqual(['SAMEORIGIN']);
    expect(res.headers.get('x-request-id')).toEqual(['r-1']);
  });

  it('a request with no body answered at once keeps its connection (unread-body.ts: neither Content-Length nor Transfer-Encoding)', async () => {
    // Answered inside Node's request callback, before Node has marked the request complete.
    const res = await answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('at once');
    });
    expect(res.body).toBe('at once');
    expect(res.headers.get('connection')).toEqual(['keep-alive']);
  });

  it('headers set one by one before writeHead win over the presets; Node writes the head itself on end()', async () => {
    const res = await answer((_req, res) => {
      presetHeaders(res, preset());
      res.setHeader('X-Frame-Options', 'DENY');
      res.end('implicit');
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe('implicit');
    expect(res.headers.get('x-frame-options')).toEqual(['DENY']);
    expect(res.headers.get('cache-control')).toEqual(['no-store']);
  });

  it('an object whose names differ only in case from a preset replaces it', async () => {
    const res = await answer((_req, res) => {
      presetHeaders(res, preset());
      res.writeHead(200, { 'Cache-Control': 'max-age=60', 'X-Request-Id': 'mine' });
      res.end();
    });
    expect(res.headers.get('cache-control')).toEqual(['max-age=60']);
    expect(res.headers.get('x-request-id')).toEqual(['mine']);
    expect(res.headers.get('x-frame-options')).toEqual(['SAMEORIGIN']);
  });

  it('without presets, writeHead is Node’s own', async () => {
    const res = await answer((_req, res) => {
      res.writeHead(200, { 'X-Only': 'this' });
      res.end();
    });
    expect(res.headers.get('x-only')).toEqual(['this']);
    expect(res.headers.has('x-frame-options')).toBe(false);
  });
});
