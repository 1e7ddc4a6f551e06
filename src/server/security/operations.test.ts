/** Logs, cookies behind https, and several server processes sharing one database and one Redis. */
import { Redis } from 'ioredis';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RedisRateLimitStore } from '../http/rate-limit';
import { Client, createTestApp, signUpBody, signUpCompany, uniqueEmail, type TestApp } from '../test/harness';

describe('logs', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({}, { log: pino({ level: 'debug' }, sink) });
  });
  afterAll(() => t.close());

  it('records sign-ins, denied requests and admin changes as JSON with request, user and company ids, never a secret', async () => {
    const a = await signUpCompany(t);
    await new Client(t).post('/auth/sign-in', { email: a.email, password: 'wrong-password' });
    await new Client(t).get('/users');
    const created = await a.client.post('/organizations', { name: 'Logged Org' });
    expect(created.status).toBe(201);

    const failure = lines.find((l) => l.event === 'sign_in' && l.outcome === 'failure');
    expect(failure).toMatchObject({ requestId: expect.any(String) });
    const signUp = lines.find((l) => l.event === 'sign_up');
    expect(signUp).toMatchObject({ userId: a.userId, companyId: a.companyId, requestId: expect.any(String) });
    const denied = lines.find((l) => l.msg === 'request denied' && l.path === '/api/users');
    expect(denied).toMatchObject({ status: 401, requestId: expect.any(String) });
    const change = lines.find((l) => l.event === 'organization_created');
    expect(change).toMatchObject({ userId: a.userId, companyId: a.companyId, organizationId: created.body.id, requestId: expect.any(String) });

    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(a.password);
    expect(everything).not.toContain('wrong-password');
    const [session] = await t.sql<{ token: string }>('select token from sessions limit 1');
    expect(everything).not.toContain(session!.token);
    expect(everything).not.toContain(a.client.cookie.split('=')[1]!.split('.')[0]!);
  });
});

describe('logs of database errors (issue 17, finding 4)', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp({}, { log: pino({ level: 'debug' }, sink) });
  });
  afterAll(() => t.close());

  async function withFailureOn<T>(table: string, run: () => Promise<T>) {
    await t.sql(`create or replace function inject_failure() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`);
    await t.sql(`create trigger inject_failure before insert on ${table} for each row execute function inject_failure()`);
    try {
      return await run();
    } finally {
      await t.sql(`drop trigger inject_failure on ${table}`);
    }
  }

  it('carry the error code, the statement and the request id, never a parameter, hash, token or password', async () => {
    const a = await signUpCompany(t);
    const password = 'Tr0ub4dor&3-secret';
    const signUp = await withFailureOn('accounts', () =>
      new Client(t).post('/auth/sign-up', { ...signUpBody({ password, confirmPassword: password }, [a.productIds.crm]) }),
    );
    expect(signUp.status).toBe(500);
    const userBody = { firstName: 'Log', lastName: 'Test', email: uniqueEmail('log'), password, confirmPassword: password, access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' }] };
    const created = await withFailureOn('accounts', () => a.client.post('/users', userBody));
    expect(created.status).toBe(500);
    // A sign-in whose session cannot be written: the failed insert carried a new session token.
    const signIn = await withFailureOn('sessions', () => new Client(t).post('/auth/sign-in', { email: a.email, password: a.password }));
    expect(signIn.status).toBeGreaterThanOrEqual(500);

    const failures = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'unhandled error');
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(failures[0]).toMatchObject({
      requestId: signUp.body.error.requestId,
      err: { type: 'DatabaseError', code: 'P0001', statement: 'select app_add_credential_account' },
    });
    expect(failures.find((l) => l.requestId === signIn.body.error.requestId)).toMatchObject({ err: { code: 'P0001', statement: 'insert into sessions' } });

    const everything = lines.join('\n');
    expect(everything).not.toMatch(/Failed query|params|injected failure/);
    expect(everything).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{64,}/); // a scrypt hash: salt:key
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(a.password);
    // better-auth's session tokens are 32 letters and digits.
    expect(everything).not.toMatch(/(?<![\w-])[A-Za-z0-9]{32}(?![\w-])/);
  });
});

describe('cookies behind https', () => {
  it('are Secure, HttpOnly and SameSite=Lax when the app URL is https', async () => {
    const t = await createTestApp({ APP_URL: 'https://suite.example.com', TRUSTED_ORIGINS: 'http://localhost:3000' });
    try {
      const res = await t.app.request('/api/auth/sign-up', { method: 'POST' });
      expect(res.status).toBe(403); // no Origin
      const a = await signUpCompany(t);
      const signIn = await t.app.request('/api/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email: a.email, password: a.password }),
      });
      const cookie = signIn.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await t.close();
    }
  });
});

describe('scale-out: two app instances on one database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a session made on one works on the other, and a logout on one ends it on both', async () => {
    const other = await t.peer();
    const a = await signUpCompany(t);
    const onOther = new Client({ app: other });
    onOther.cookie = a.client.cookie;
    expect((await onOther.get('/me/products')).status).toBe(200);
    expect((await onOther.post('/auth/sign-out')).status).toBe(204);
    expect((await a.client.get('/me/products')).status).toBe(401);
  });

  it('without Redis, each instance limits failed sign-ins on its own', async () => {
    const limited = await createTestApp({ SIGN_IN_MAX_FAILURES: '2' });
    try {
      const other = await limited.peer({ rateLimits: new MemoryRateLimitStore() });
      const a = await signUpCompany(limited);
      const bad = { email: a.email, password: 'wrong-password' };
      await new Client(limited).post('/auth/sign-in', bad);
      await new Client(limited).post('/auth/sign-in', bad);
      expect((await new Client(limited).post('/auth/sign-in', bad)).status).toBe(429);
      expect((await new Client({ app: other }).post('/auth/sign-in', bad)).status).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('with REDIS_URL, failed sign-ins are limited across instances', async () => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const connect = async () => {
      const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await r.connect();
      return r;
    };
    let first: Redis;
    try {
      first = await connect();
    } catch (e) {
      if (process.env.CI) throw e; // CI has the local Redis; a developer without one skips this
      console.warn(`Redis not reachable at ${url}: shared rate limits not tested`);
      return;
    }
    const second = await connect();
    const prefix = `test:${uniqueEmail('ns')}:`;
    const limited = await createTestApp({ SIGN_IN_MAX_FAILURES: '2' }, { rateLimits: new RedisRateLimitStore(first, prefix) });
    try {
      const other = await limited.peer({ rateLimits: new RedisRateLimitStore(second, prefix) });
      const a = await signUpCompany(limited);
      const bad = { email: a.email, password: 'wrong-password' };
      await new Client(limited).post('/auth/sign-in', bad);
      await new Client({ app: other }).post('/auth/sign-in', bad);
      const blocked = await new Client({ app: other }).post('/auth/sign-in', { email: a.email, password: a.password });
      expect(blocked.status).toBe(429);
      expect((await new Client(limited).post('/auth/sign-in', bad)).status).toBe(429);
    } finally {
      await limited.close();
      const keys = await first.keys(`${prefix}*`);
      if (keys.length) await first.del(...keys);
      first.disconnect();
      second.disconnect();
    }
  });
});
