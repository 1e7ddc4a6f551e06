/**
 * The app's router keeps the match of each static route path (router.ts). Whatever it keeps, every
 * request must be routed exactly as Hono's TrieRouter routes it: the same handlers, in the same
 * order, with the same parameters, for the app's real routes and for paths nobody registered.
 */
import { TrieRouter } from 'hono/router/trie-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { StaticMatchRouter } from './router';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'ALL', 'PROPFIND', 'get'];

describe('StaticMatchRouter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** Both routers with the app's routes, in the app's order, then the web app's (app.ts, serveWeb). */
  const routers = () => {
    const kept = new StaticMatchRouter<unknown>();
    const trie = new TrieRouter<unknown>();
    const web = ['ALL *', 'GET /assets/*', 'GET *'].map((r) => {
      const [method, path] = r.split(' ') as [string, string];
      return { method, path, handler: () => r };
    });
    for (const route of [...t.app.routes, ...web]) {
      kept.add(route.method, route.path, route.handler);
      trie.add(route.method, route.path, route.handler);
    }
    return { kept, trie };
  };

  /** The paths to try: every route's own, with ids in place of parameters, and variants of each. */
  const requestPaths = () => {
    const paths = new Set<string>(['/', '/api', '/api/', '/nothing', '/api/nothing', '/assets/x.js']);
    for (const { path } of t.app.routes) {
      const concrete = path.replace(/:\w+/g, '0b6a8f3e-5d2c-4c1a-9e7f-1a2b3c4d5e6f').replace(/\*$/, 'anything');
      for (const p of [path, concrete, concrete.toUpperCase(), `${concrete}/`, `${concrete}%00`, `${concrete}\u0000`, `${concrete}/extra`, concrete.replace('/api/', '/api//')]) {
        paths.add(p);
      }
    }
    return [...paths];
  };

  it('routes every request as the TrieRouter does, the first time and from what it kept', () => {
    const { kept, trie } = routers();
    const paths = requestPaths();
    expect(paths.length).toBeGreaterThan(500);
    let routed = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (const method of METHODS) {
        for (const path of paths) {
          const expected = trie.match(method, path);
          const got = kept.match(method, path);
          // Same handlers in the same order (by identity), same parameters.
          expect(got[0].map(([handler]) => handler), `${method} ${path}`).toEqual(expected[0].map(([handler]) => handler));
          expect(got[0].map(([, params]) => params), `${method} ${path}`).toEqual(expected[0].map(([, params]) => params));
          if (got[0].length > 0) routed++;
        }
      }
    }
    // The comparison ran on real matches, not only on empty ones.
    expect(routed).toBeGreaterThan(1000);
  });

  it('gives the same answer to repeated requests for a static path', () => {
    const { kept } = routers();
    const first = kept.match('GET', '/api/health');
    expect(first[0].length).toBeGreaterThan(0);
    expect(kept.match('GET', '/api/health')).toBe(first);
  });

  it('takes a route added after matching began into account', () => {
    const router = new StaticMatchRouter<string>();
    router.add('GET', '/api/health', 'health');
    expect(router.match('GET', '/api/health')[0].map(([h]) => h)).toEqual(['health']);
    router.add('ALL', '/api/*', 'not found');
    expect(router.match('GET', '/api/health')[0].map(([h]) => h)).toEqual(['health', 'not found']);
  });

  it('answers the app’s static routes through it', async () => {
    expect(t.app.router.name).toBe('StaticMatchRouter');
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    const missing = await t.app.request('/api/health/');
    expect(missing.status).toBe(404);
  });
});
