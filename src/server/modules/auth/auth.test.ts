import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@/shared/auth';
import { VALIDATION_MESSAGES } from '@/shared/errors';
import { UNSAFE_METHODS } from '../../http/origin-check';
import { serveApp } from '../../http/serve';
import { Client, createTestApp, ORIGIN, productId, signUpBody, signUpCompany, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES: '3' });
});
afterAll(() => t.close());

const count = async (table: string) => Number((await t.sql<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);
const counts = async () => {
  const tables = ['companies', 'organizations', 'entities', 'users', 'accounts', 'company_product_access', 'entity_product_access'];
  return Object.fromEntries(await Promise.all(tables.map(async (name) => [name, await count(name)])));
};

describe('POST /api/auth/sign-up', () => {
  it('creates the company, organization, entity, a super admin and product access, and signs the user in', async () => {
    const crm = await productId(t, 'crm');
    const ats = await productId(t, 'ats');
    const client = new Client(t);
    const body = signUpBody({ email: 'Founder@Example.com' }, [crm, ats]);
    const res = await client.post('/auth/sign-up', body);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'founder@example.com', role: 'super_admin', firstName: 'Ada', lastName: 'Lovelace' });
    expect(res.body.user.companyId).toBe(res.body.companyId);
    expect(res.body.user.organizationId).toBe(res.body.organizationId);
    expect(res.body.user.entityId).toBe(res.body.entityId);
    expect(JSON.stringify(res.body)).not.toMatch(/password|token/i);

    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const session = await client.get('/session');
    expect(session.body.user.email).toBe('founder@example.com');
    const products = await client.get('/me/products');
    expect(products.body.items.map((p: { name: string }) => p.name)).toEqual(['ATS', 'CRM']);

    const [entity] = await t.sql<{ name: string; country: string; company_id: string }>(
      'select name, country, company_id from entities where id = $1',
      [res.body.entityId],
    );
    expect(entity).toMatchObject({ name: body.entityName, country: 'United Kingdom', company_id: res.body.companyId });
    const entityAccess = await t.sql('select product_id from entity_product_access where entity_id = $1', [res.body.entityId]);
    expect(entityAccess).toHaveLength(2);
  });

  it('answers 409 for a taken email, in any case, and creates nothing', async () => {
    const admin = await signUpCompany(t);
    const before = await counts();
    const res = await new Client(t).post('/auth/sign-up', signUpBody({ email: admin.email.toUpperCase() }, [await productId(t, 'crm')]));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(AUTH_MESSAGES.emailTaken);
    expect(await counts()).toEqual(before);
  });

  it('leaves no row behind when a late step fails (an unknown product)', async () => {
    const before = await counts();
    const body = signUpBody({}, [await productId(t, 'crm'), '00000000-0000-4000-8000-000000000000']);
    const res = await new Client(t).post('/auth/sign-up', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(AUTH_MESSAGES.unknownProduct);
    expect(await counts()).toEqual(before);
    expect(await t.sql('select 1 from users where email = $1', [body.email])).toHaveLength(0);
  });

  it('leaves no row behind when the very last insert fails', async () => {
    // A trigger makes the entity's product access (the last write) fail.
    await t.sql(`create or replace function fail_insert() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`);
    await t.sql('create trigger fail_entity_access before insert on entity_product_access for each row execute function fail_insert()');
    try {
      const before = await counts();
      const res = await new Client(t).post('/auth/sign-up', signUpBody({}, [await productId(t, 'crm')]));
      expect(res.status).toBe(500);
      expect(res.body.error.message).toBe('An unexpected error occurred');
      expect(res.body.error.requestId).toEqual(expect.any(String));
      expect(await counts()).toEqual(before);
    } finally {
      await t.sql('drop trigger fail_entity_access on entity_product_access');
    }
  });

  it.each([
    [{ firstName: '' }, AUTH_MESSAGES.fillAllFields],
    [{ confirmPassword: 'different1' }, AUTH_MESSAGES.passwordsDoNotMatch],
    [{ password: '12345', confirmPassword: '12345' }, AUTH_MESSAGES.passwordTooShort],
    [{ companyName: ' ' }, AUTH_MESSAGES.fillOrganizationDetails],
    [{ country: '' }, AUTH_MESSAGES.fillOrganizationDetails],
    [{ selectedProducts: [] }, AUTH_MESSAGES.selectProduct],
    [{ role: 'super_admin' }, VALIDATION_MESSAGES.unknownField],
  ])('answers 400 with the spec message for %j', async (overrides, message) => {
    const res = await new Client(t).post('/auth/sign-up', signUpBody(overrides, [await productId(t, 'crm')]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with any email case, issues a new session each time, and signs out on the server', async () => {
    const admin = await signUpCompany(t);
    const first = new Client(t);
    const res = await first.post('/auth/sign-in', { email: admin.email.toUpperCase(), password: admin.password });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(admin.email);
    const second = new Client(t);
    await second.post('/auth/sign-in', { email: admin.email, password: admin.password });
    expect(second.cookie).not.toBe(first.cookie);

    const oldCookie = first.cookie;
    expect((await first.post('/auth/sign-out')).status).toBe(204);
    const stale = new Client(t);
    stale.cookie = oldCookie;
    expect((await stale.get('/me/products')).status).toBe(401);
    expect((await stale.get('/session')).body.user).toBeNull();
    // The other session is untouched.
    expect((await second.get('/me/products')).status).toBe(200);
  });

  it('refuses a session cookie whose signature or token was tampered with', async () => {
    const admin = await signUpCompany(t);
    const [name, value] = admin.client.cookie.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const forged = (v: string) => Object.assign(new Client(t), { cookie: `${name}=${encodeURIComponent(v)}` });
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect((await forged(`${token}.${flipped}`).get('/me/products')).status).toBe(401);
    expect((await forged(`${token.slice(0, -1)}x.${signature}`).get('/me/products')).status).toBe(401);
    expect((await forged(token).get('/me/products')).status).toBe(401);
    expect((await forged('%%%').get('/me/products')).status).toBe(401);
    expect((await forged(`${token}.${signature}`).get('/me/products')).status).toBe(200);
  });

  it('hands a session due for refresh to better-auth, which extends it', async () => {
    const admin = await signUpCompany(t);
    // Expiring within the refresh window (updateAge before the end of expiresIn).
    await t.sql("update sessions set expires_at = now() + interval '1 hour' where user_id = $1", [admin.userId]);
    expect((await admin.client.get('/me/products')).status).toBe(200);
    const [row] = await t.sql<{ left: string }>("select extract(epoch from expires_at - now()) as left from sessions where user_id = $1", [admin.userId]);
    expect(Number(row!.left)).toBeGreaterThan(24 * 3600);
    await t.sql("update sessions set expires_at = now() - interval '1 minute' where user_id = $1", [admin.userId]);
    expect((await admin.client.get('/me/products')).status).toBe(401);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const admin = await signUpCompany(t);
    const wrong = await new Client(t).post('/auth/sign-in', { email: admin.email, password: 'not-the-password' });
    const unknown = await new Client(t).post('/auth/sign-in', { email: 'nobody@example.com', password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it('asks for both fields', async () => {
    const res = await new Client(t).post('/auth/sign-in', { email: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(AUTH_MESSAGES.fillAllFields);
  });

  it('answers 429 after repeated failures from one client, even with the right password', async () => {
    const fresh = await createTestApp({ SIGN_IN_MAX_FAILURES: '3' });
    try {
      const admin = await signUpCompany(fresh);
      const client = new Client(fresh);
      for (let i = 0; i < 3; i++) {
        expect((await client.post('/auth/sign-in', { email: admin.email, password: 'wrong-one' })).status).toBe(401);
      }
      const blocked = await client.post('/auth/sign-in', { email: admin.email, password: admin.password });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.message).toBe(AUTH_MESSAGES.tooManySignIns);
    } finally {
      await fresh.close();
    }
  });
});

describe('two session cookies (issue 17 #12)', () => {
  it('/api/session, guarded routes and sign-out all take the same one: the first', async () => {
    const a = await signUpCompany(t);
    const b = await signUpCompany(t);
    const both = new Client(t);
    both.cookie = `${a.client.cookie}; ${b.client.cookie}`;
    expect((await both.get('/session')).body.user.id).toBe(a.userId);
    const orgs = await both.get('/organizations');
    expect(orgs.status).toBe(200);
    expect(orgs.body.items.map((o: { name: string }) => o.name)).toEqual([a.organizationName]);
    const reversed = new Client(t);
    reversed.cookie = `${b.client.cookie}; ${a.client.cookie}`;
    expect((await reversed.get('/session')).body.user.id).toBe(b.userId);
    expect((await reversed.get('/organizations')).body.items.map((o: { name: string }) => o.name)).toEqual([b.organizationName]);

    // Sign-out ends the first one's session only.
    expect((await both.post('/auth/sign-out')).status).toBe(204);
    expect((await a.client.get('/organizations')).status).toBe(401);
    expect((await b.client.get('/organizations')).status).toBe(200);
  });

  it('a tampered first cookie is not skipped in favour of a valid second one', async () => {
    const a = await signUpCompany(t);
    const [name, value] = a.client.cookie.split('=') as [string, string];
    const [token] = decodeURIComponent(value).split('.') as [string, string];
    for (const bad of [`${token}.${'A'.repeat(43)}=`, `${decodeURIComponent(value)}!!`, 'garbage']) {
      const c = new Client(t);
      c.cookie = `${name}=${encodeURIComponent(bad)}; ${a.client.cookie}`;
      expect((await c.get('/session')).body.user, bad).toBeNull();
      expect((await c.get('/organizations')).status, bad).toBe(401);
    }
  });
});

describe('requests that change something must come from our origin', () => {
  it('refuses a foreign or missing Origin with 403', async () => {
    const body = { email: 'a@example.com', password: 'secret123' };
    const foreign = await new Client(t).request('POST', '/auth/sign-in', body, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const res = await t.app.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(403);
  });

  it("refuses an Origin that only matches the request's own Host: APP_URL and TRUSTED_ORIGINS decide (issue 17 #16)", async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'secret123' });
    const headers = { 'content-type': 'application/json' };
    // A DNS-rebinding or misrouted host: the request names evil.example as its Host and Origin.
    const sameHost = await t.app.request('http://evil.example/api/auth/sign-in', { method: 'POST', headers: { ...headers, origin: 'http://evil.example' }, body });
    expect(sameHost.status).toBe(403);
    expect((await sameHost.json()).error.message).toBe('Cross-site request refused');
    // APP_URL's origin is accepted whatever Host the request names (a proxy may rewrite it).
    const fromApp = await t.app.request('http://127.0.0.1:8080/api/auth/sign-in', { method: 'POST', headers: { ...headers, origin: ORIGIN }, body });
    expect(fromApp.status).toBe(401);
  });

  it('refuses a foreign Origin on every method that changes something, and changes nothing', async () => {
    const a = await signUpCompany(t);
    const evil = { origin: 'https://evil.example' };
    const renamed = await a.client.request('PATCH', `/organizations/${a.organizationId}`, { name: 'Taken over' }, evil);
    expect(renamed.status).toBe(403);
    const removed = await a.client.request('DELETE', `/users/${a.userId}`, undefined, evil);
    expect(removed.status).toBe(403);
    const created = await a.client.request('POST', '/organizations', { name: 'Planted' }, evil);
    expect(created.status).toBe(403);
    const list = await a.client.get('/organizations');
    expect(list.body.items.map((o: { name: string }) => o.name)).toEqual([a.organizationName]);
    expect((await a.client.get('/session')).body.user.id).toBe(a.userId);
  });
});

describe('without APP_URL, a page may write to the server it was loaded from (issue 30 #4)', () => {
  // The default settings: no APP_URL (loadConfig then guesses http://localhost:PORT). A real
  // server on 127.0.0.1; the other addresses travel only as Host and Origin header values.
  let open: TestApp;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    open = await createTestApp({ APP_URL: undefined });
    server = serveApp({ fetch: open.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await open.close();
  });

  /** A request as a browser at `host` sends it (Host header and Origin), over loopback. */
  const send = (path: string, body: unknown, headers: Record<string, string>, cookie?: string) =>
    new Promise<{ status: number; body: { user: { email: string }; error: { message: string } }; cookie?: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `/api${path}`,
          method: payload === undefined ? 'GET' : 'POST',
          headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined, cookie: res.headers['set-cookie']?.[0]?.split(';')[0] }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  it.each(['127.0.0.1:3000', '192.168.1.20:3000'])('signs up and works signed in from a page at http://%s', async (host) => {
    const crm = await productId(open, 'crm');
    const body = signUpBody({}, [crm]);
    const page = { host, origin: `http://${host}` };
    const signedUp = await send('/auth/sign-up', body, page);
    expect(signedUp.status).toBe(201);
    expect(signedUp.body.user.email).toBe(body.email);
    // better-auth's sign-in inside the sign-up ran too (its own origin check does not run for
    // auth.api calls made with headers only); the session works for reads and writes.
    expect((await send('/session', undefined, { host }, signedUp.cookie)).body.user.email).toBe(body.email);
    const created = await send('/organizations', { name: `From ${host}` }, page, signedUp.cookie);
    expect(created.status).toBe(201);
  });

  it("refuses another site's page, a missing Origin, and an Origin of another host than the request's", async () => {
    const crm = await productId(open, 'crm');
    const host = '192.168.1.20:3000';
    const refused: Record<string, string>[] = [
      { host, origin: 'https://evil.example' },
      { host, origin: 'null' },
      { host },
      { host, origin: 'http://127.0.0.1:3000' },
      { host, origin: `https://${host}` },
    ];
    for (const headers of refused) {
      const res = await send('/auth/sign-up', signUpBody({}, [crm]), headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error.message).toBe('Cross-site request refused');
    }
  });

  it('https only on TLS or, behind TRUST_PROXY, when X-Forwarded-Proto says so', async () => {
    const proxied = await createTestApp({ APP_URL: undefined, TRUST_PROXY: 'true' }, { sharing: open });
    try {
      const body = JSON.stringify({ email: 'a@example.com', password: 'secret123' });
      const post = (app: TestApp['app'], headers: Record<string, string>) =>
        app.request('http://192.168.1.20:3000/api/auth/sign-in', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      const https = { origin: 'https://192.168.1.20:3000', 'x-forwarded-proto': 'https' };
      // Past the origin check: the wrong password's 401.
      expect((await post(proxied.app, https)).status).toBe(401);
      expect((await post(open.app, https)).status).toBe(403);
      expect((await post(proxied.app, { origin: 'https://192.168.1.20:3000' })).status).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it("with APP_URL set, the request's own Host still does not count", async () => {
    const res = await t.app.request('http://127.0.0.1:3000/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3000' },
      body: JSON.stringify({ email: 'a@example.com', password: 'secret123' }),
    });
    expect(res.status).toBe(403);
  });
});

describe('the origin check covers every method the API offers', () => {
  it('each documented route is a read or one of the checked methods', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const methods = new Set(Object.values(doc.paths).flatMap((ops) => Object.keys(ops).map((m) => m.toUpperCase())));
    for (const method of methods) expect(method === 'GET' || UNSAFE_METHODS.includes(method)).toBe(true);
  });
});

describe('system', () => {
  it('answers health and readiness, with security headers', async () => {
    const health = await t.app.request('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await t.app.request('/api/ready')).status).toBe(200);
  });

  it('answers 404 as JSON for an unknown API path, and 413 for a huge body', async () => {
    const missing = await new Client(t).get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    for (const path of ['/api', '/api/', '/api/nope/deeper', '/api/NOPE%00']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      const body = await res.json();
      expect(body.error.code, path).toBe('not_found');
      expect(body.error.requestId, path).toBe(res.headers.get('x-request-id'));
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    // A request that changes something passes the origin check first, then gets the same answer.
    const posted = await new Client(t).post('/nope', {});
    expect(posted.status).toBe(404);
    expect(posted.body.error.code).toBe('not_found');
    // Outside the API (this app serves no web build): a plain 404.
    const page = await t.app.request('/apix');
    expect(page.status).toBe(404);
    expect(await page.text()).toBe('404 Not Found');
    const huge = await new Client(t).post('/auth/sign-in', { email: 'x'.repeat(200_000), password: 'y' });
    expect(huge.status).toBe(413);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await new Client(t).request('POST', '/auth/sign-in', '{"email":');
    expect(res.status).toBe(400);
  });

  it('lists the four products by name', async () => {
    const res = await new Client(t).get('/products');
    expect(res.body.items.map((p: { name: string; type: string }) => `${p.name}:${p.type}`)).toEqual([
      'ATS:ats',
      'CRM:crm',
      'HRMS:hrms',
      'Projects:projects',
    ]);
  });
});
