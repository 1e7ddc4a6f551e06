import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '@/shared/sessions';
import { Client, createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';
import { clearSessionCaches } from '../../auth/session-cache';
import { describeUserAgent } from './service';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm']);
  b = await signUpCompany(t, ['crm']);
});
afterAll(() => t.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A user of company A with one session per user agent given, each its own signed-in client. */
async function memberWithSessions(agents: string[]) {
  const body = {
    firstName: 'Linus',
    lastName: 'Torvalds',
    email: uniqueEmail('sessions'),
    password: 'penguin1',
    confirmPassword: 'penguin1',
    access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' }],
  };
  const created = await a.client.post('/users', body);
  expect(created.status).toBe(201);
  const clients: Client[] = [];
  for (const agent of agents) {
    const c = new Client(t);
    const res = await c.request('POST', '/auth/sign-in', { email: body.email, password: body.password }, { 'user-agent': agent });
    expect(res.status).toBe(200);
    clients.push(c);
  }
  return { id: created.body.id as string, email: body.email, clients };
}

const tokenOf = (client: Client) => decodeURIComponent(client.cookie.split('=')[1]!).split('.')[0]!;

describe('GET /api/me/sessions', () => {
  it("lists the user's own sessions with browser, OS and address, marks this device, and never a token", async () => {
    const m = await memberWithSessions([CHROME_WINDOWS, SAFARI_IPHONE]);
    const res = await m.clients[0]!.get('/me/sessions');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    // This device first.
    const current = res.body.items[0];
    expect(current.current).toBe(true);
    expect(current).toMatchObject({ browser: 'Chrome 142', os: 'Windows 10' });
    expect(res.body.items.find((s: { current: boolean }) => !s.current)).toMatchObject({ browser: 'Safari 18', os: 'iOS 18.1' });
    for (const s of res.body.items) {
      expect(Object.keys(s).sort()).toEqual(['browser', 'current', 'expiresAt', 'id', 'ipAddress', 'lastActiveAt', 'os', 'signedInAt']);
    }
    const text = JSON.stringify(res.body);
    for (const c of m.clients) expect(text).not.toContain(tokenOf(c));
    // Only their own: the admin's sessions are not in the member's list.
    const [adminSession] = await t.sql<{ id: string }>('select id from sessions where user_id = $1', [a.userId]);
    expect(text).not.toContain(adminSession!.id);
  });

  it('needs a session', async () => {
    expect((await new Client(t).get('/me/sessions')).status).toBe(401);
  });

  it("moves a session's Last active while it is used, writing it at most once a minute", async () => {
    const m = await memberWithSessions([CHROME_WINDOWS]);
    const client = m.clients[0]!;
    const id = ((await client.get('/me/sessions')).body.items as { id: string }[])[0]!.id;
    // Used an hour ago, last: the next request moves it to now.
    await t.sql("update sessions set updated_at = now() - interval '1 hour' where id = $1", [id]);
    // On PostgreSQL the session is cached up to 30 s (auth/session-cache.ts), and Last active is
    // written when it is read from the database: as the first request after the cache expired.
    clearSessionCaches(t.database);
    const before = Date.now();
    expect((await client.get('/me/products')).status).toBe(200);
    const moved = Date.parse((await client.get('/me/sessions')).body.items[0].lastActiveAt);
    expect(moved).toBeGreaterThanOrEqual(before);
    expect(moved).toBeLessThanOrEqual(Date.now());
    // Written 30 seconds ago: requests within the minute leave it as it is (no write per request).
    const [written] = await t.sql<{ at: string }>(
      "update sessions set updated_at = now() - interval '30 seconds' where id = $1 returning to_json(updated_at) #>> '{}' as at",
      [id],
    );
    for (let i = 0; i < 3; i++) expect((await client.get('/me/products')).status).toBe(200);
    expect(Date.parse((await client.get('/me/sessions')).body.items[0].lastActiveAt)).toBe(Date.parse(written!.at));
  });
});

describe('DELETE /api/me/sessions/{id}', () => {
  it('ends one of your sessions at once, and records it', async () => {
    const m = await memberWithSessions([CHROME_WINDOWS, FIREFOX_LINUX]);
    const list = await m.clients[0]!.get('/me/sessions');
    const other = list.body.items.find((s: { current: boolean }) => !s.current);
    const res = await m.clients[0]!.delete(`/me/sessions/${other.id.toUpperCase()}`);
    expect(res.status).toBe(204);
    expect((await m.clients[1]!.get('/me/sessions')).status).toBe(401);
    expect((await m.clients[0]!.get('/me/sessions')).body.items).toHaveLength(1);
    const [event] = await t.sql<{ actor_id: string; target_id: string; target_label: string }>(
      "select actor_id, target_id, target_label from audit_events where action = 'session.revoked' and target_id = $1",
      [other.id],
    );
    expect(event).toEqual({ actor_id: m.id, target_id: other.id, target_label: 'Firefox 133 on Linux' });
  });

  it("answers 404 for another user's session, even in the same company, and leaves it alone", async () => {
    const m = await memberWithSessions([CHROME_WINDOWS]);
    const [adminSession] = await t.sql<{ id: string }>('select id from sessions where user_id = $1 limit 1', [a.userId]);
    const [otherCompanySession] = await t.sql<{ id: string }>('select id from sessions where user_id = $1 limit 1', [b.userId]);
    for (const id of [adminSession!.id, otherCompanySession!.id, '00000000-0000-0000-0000-000000000000', 'not-a-uuid', '..%2F..%2Fusers']) {
      const res = await m.clients[0]!.delete(`/me/sessions/${id}`);
      expect(res.status, id).toBe(404);
      if (res.body?.error) expect(res.body.error.message).toBe(SESSION_MESSAGES.notFound);
    }
    expect((await a.client.get('/me/sessions')).status).toBe(200);
    expect((await b.client.get('/me/sessions')).status).toBe(200);
  });
});

describe('POST /api/me/sessions/sign-out-others', () => {
  it('ends every other session and keeps this one', async () => {
    const m = await memberWithSessions([CHROME_WINDOWS, SAFARI_IPHONE, FIREFOX_LINUX]);
    const res = await m.clients[0]!.post('/me/sessions/sign-out-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 2 });
    expect((await m.clients[1]!.get('/me/sessions')).status).toBe(401);
    expect((await m.clients[2]!.get('/me/sessions')).status).toBe(401);
    const mine = await m.clients[0]!.get('/me/sessions');
    expect(mine.body.items.map((s: { current: boolean }) => s.current)).toEqual([true]);
    const events = await t.sql<{ actor_id: string; changes: unknown }>("select actor_id, changes from audit_events where action = 'session.revoked_others' and actor_id = $1", [m.id]);
    expect(events).toEqual([{ actor_id: m.id, changes: [{ field: 'sessions', before: 2, after: 0 }] }]);
    // Nothing left to end: no change, no event.
    expect((await m.clients[0]!.post('/me/sessions/sign-out-others')).body).toEqual({ revoked: 0 });
    expect(await t.sql("select 1 from audit_events where action = 'session.revoked_others' and actor_id = $1", [m.id])).toHaveLength(1);
  });
});

describe('POST /api/users/{id}/sign-out-everywhere', () => {
  it("a super admin ends every session of a user of their company; it is recorded", async () => {
    const m = await memberWithSessions([CHROME_WINDOWS, SAFARI_IPHONE]);
    const res = await a.client.post(`/users/${m.id}/sign-out-everywhere`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 2 });
    for (const c of m.clients) expect((await c.get('/me/sessions')).status).toBe(401);
    const [event] = await t.sql<{ actor_id: string; target_id: string; company_id: string }>(
      "select actor_id, target_id, company_id from audit_events where action = 'session.revoked_all' and target_id = $1",
      [m.id],
    );
    expect(event).toEqual({ actor_id: a.userId, target_id: m.id, company_id: a.companyId });
    // The user signs in again as usual.
    const again = new Client(t);
    expect((await again.post('/auth/sign-in', { email: m.email, password: 'penguin1' })).status).toBe(200);
  });

  it("answers 404 for another company's user and ends none of their sessions; members may not call it", async () => {
    const before = await t.sql('select id from sessions where user_id = $1', [b.userId]);
    const res = await a.client.post(`/users/${b.userId}/sign-out-everywhere`);
    expect(res.status).toBe(404);
    expect(await t.sql('select id from sessions where user_id = $1', [b.userId])).toEqual(before);
    expect((await b.client.get('/me/sessions')).status).toBe(200);

    const m = await memberWithSessions([CHROME_WINDOWS]);
    expect((await m.clients[0]!.post(`/users/${a.userId}/sign-out-everywhere`)).status).toBe(403);
    expect((await a.client.get('/me/sessions')).status).toBe(200);
  });
});

describe('describeUserAgent', () => {
  it('names browsers and systems, and says so when it cannot', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome 142', os: 'Windows 10' });
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 133', os: 'Linux' });
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', os: 'Unknown OS' });
    expect(describeUserAgent('curl/8.5.0').os).toBe('Unknown OS');
  });
});
