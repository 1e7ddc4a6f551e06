import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@/shared/auth';
import { withTenant } from '../db/tenant';
import { csvCell } from '../platform/csv';
import { Client, createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../test/harness';
import { purgeAuditEvents } from './purge';
import { recordEvent, type AuditContext } from './record-event';
import { exportAuditEvents } from './service';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  b = await signUpCompany(t, ['crm']);
});
afterAll(() => t.close());

interface EventRow {
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  changes: { field: string; before?: unknown; after?: unknown }[];
  ip_address: string | null;
  user_agent: string | null;
  request_id: string | null;
  company_id: string;
}

const eventsOf = (companyId: string, action?: string) =>
  t.sql<EventRow>(
    `select * from audit_events where company_id = $1 ${action ? 'and action = $2' : ''} order by created_at, id`,
    action ? [companyId, action] : [companyId],
  );

const memberBody = (access: { productId: string; entityId: string }[]) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: uniqueEmail('member'),
  password: 'cobol-1959',
  confirmPassword: 'cobol-1959',
  access: access.map((x) => ({ ...x, roleType: 'app_admin' })),
});

describe('every change writes its event', () => {
  it('sign-up: the company, with the new super admin as actor, and no password', async () => {
    const [event] = await eventsOf(a.companyId, 'company.signed_up');
    expect(event).toMatchObject({ actor_id: a.userId, actor_email: a.email, target_type: 'company', target_id: a.companyId });
    expect(event!.changes.map((c) => c.field)).toEqual(['company', 'organization', 'entity', 'country', 'superAdmin', 'products']);
    expect(event!.changes.find((c) => c.field === 'products')?.after).toEqual(['CRM', 'HRMS']);
    expect(JSON.stringify(event)).not.toContain(a.password);
  });

  it('organizations: created and renamed, with before and after, request id and user agent', async () => {
    const created = await a.client.request('POST', '/organizations', { name: 'Audit Org' }, { 'user-agent': 'AuditTest/1.0', 'x-request-id': 'req-audit-1' });
    expect(created.status).toBe(201);
    await a.client.patch(`/organizations/${created.body.id}`, { name: 'Audit Org Renamed' });
    const events = (await eventsOf(a.companyId)).filter((e) => e.target_id === created.body.id);
    expect(events.map((e) => e.action)).toEqual(['organization.created', 'organization.updated']);
    expect(events[0]).toMatchObject({
      actor_id: a.userId,
      actor_name: 'Ada Lovelace',
      actor_email: a.email,
      target_type: 'organization',
      target_label: 'Audit Org',
      changes: [{ field: 'name', after: 'Audit Org' }],
      user_agent: 'AuditTest/1.0',
      request_id: 'req-audit-1',
    });
    expect(events[0]!.ip_address).toBeTruthy();
    expect(events[1]).toMatchObject({ target_label: 'Audit Org Renamed', changes: [{ field: 'name', before: 'Audit Org', after: 'Audit Org Renamed' }] });
  });

  it('a refused change (duplicate name, other company) writes no event', async () => {
    const before = (await eventsOf(a.companyId)).length;
    expect((await a.client.post('/organizations', { name: a.organizationName })).status).toBe(409);
    expect((await b.client.patch(`/organizations/${a.organizationId}`, { name: 'Hijacked' })).status).toBe(404);
    expect(await eventsOf(a.companyId)).toHaveLength(before);
  });

  it('entities: created with its products, updated with only the changed fields', async () => {
    const created = await a.client.post('/entities', { name: 'Audit Site', organizationId: a.organizationId, country: 'France', productIds: [a.productIds.crm] });
    expect(created.status).toBe(201);
    await a.client.patch(`/entities/${created.body.id}`, { name: 'Audit Site', country: 'Germany' });
    const events = (await eventsOf(a.companyId)).filter((e) => e.target_id === created.body.id);
    expect(events.map((e) => e.action)).toEqual(['entity.created', 'entity.updated']);
    expect(events[0]!.changes).toEqual([
      { field: 'name', after: 'Audit Site' },
      { field: 'organization', after: a.organizationName },
      { field: 'country', after: 'France' },
      { field: 'products', after: ['CRM'] },
    ]);
    expect(events[1]!.changes).toEqual([{ field: 'country', before: 'France', after: 'Germany' }]);
  });

  it('users: created with one access event per grant, deleted; never the password', async () => {
    const body = memberBody([
      { productId: a.productIds.crm, entityId: a.entityId },
      { productId: a.productIds.hrms, entityId: a.entityId },
    ]);
    const created = await a.client.post('/users', body);
    expect(created.status).toBe(201);
    expect((await a.client.delete(`/users/${created.body.id}`)).status).toBe(204);
    const events = (await eventsOf(a.companyId)).filter((e) => e.target_id === created.body.id);
    expect(events.map((e) => e.action)).toEqual(['user.created', 'user.access_granted', 'user.access_granted', 'user.deleted']);
    expect(events[0]!.changes).toEqual([
      { field: 'firstName', after: 'Grace' },
      { field: 'lastName', after: 'Hopper' },
      { field: 'email', after: body.email },
      { field: 'role', after: 'user' },
    ]);
    // One event per grant; both carry the transaction's time, so their order is not defined.
    expect(events.slice(1, 3).map((e) => e.changes.find((c) => c.field === 'product')?.after).sort()).toEqual(['CRM', 'HRMS']);
    expect(events[3]!.changes.find((c) => c.field === 'email')).toEqual({ field: 'email', before: body.email });
    const all = JSON.stringify(await t.sql('select * from audit_events'));
    expect(all).not.toContain(body.password);
    expect(all).not.toMatch(/scrypt|\$2[aby]\$|"password"/i);
  });

  it('sign-in success and sign-out are recorded in the user\'s company', async () => {
    const client = new Client(t);
    const res = await client.request('POST', '/auth/sign-in', { email: a.email.toUpperCase(), password: a.password }, { 'user-agent': 'SignInAgent/2' });
    expect(res.status).toBe(200);
    expect((await client.request('POST', '/auth/sign-out', {}, { 'user-agent': 'SignInAgent/2' })).status).toBe(204);
    const events = (await eventsOf(a.companyId)).filter((e) => e.user_agent === 'SignInAgent/2');
    expect(events.map((e) => e.action)).toEqual(['auth.sign_in.succeeded', 'auth.signed_out']);
    expect(events[0]).toMatchObject({ actor_id: a.userId, target_type: 'user', target_id: a.userId });
    expect(events[1]).toMatchObject({ actor_id: a.userId, target_type: 'session' });
  });

  it('a failed sign-in is recorded in the company of the email tried, and answers exactly as for an unknown email', async () => {
    const all = async () => Number((await t.sql<{ n: string }>('select count(*) as n from audit_events'))[0]!.n);
    const wrongPassword = await new Client(t).request('POST', '/auth/sign-in', { email: b.email, password: 'wrong-password' }, { 'user-agent': 'Guesser/1' });
    await vi.waitFor(async () => expect(await eventsOf(b.companyId, 'auth.sign_in.failed')).toHaveLength(1), { timeout: 10_000 });
    const [failed] = await eventsOf(b.companyId, 'auth.sign_in.failed');
    expect(failed).toMatchObject({ actor_id: null, target_id: b.userId, user_agent: 'Guesser/1' });
    expect(JSON.stringify(failed)).not.toContain('wrong-password');

    const countBefore = await all();
    const unknown = await new Client(t).post('/auth/sign-in', { email: uniqueEmail('nobody'), password: 'wrong-password' });
    expect(unknown.status).toBe(401);
    expect(wrongPassword.status).toBe(401);
    const strip = (body: { error: { requestId?: string } }) => ({ ...body, error: { ...body.error, requestId: undefined } });
    expect(strip(unknown.body)).toEqual(strip(wrongPassword.body));
    expect(unknown.body.error.message).toBe(AUTH_MESSAGES.invalidCredentials);
    await new Promise((r) => setTimeout(r, 200));
    expect(await all()).toBe(countBefore);
  });
});

describe('recordEvent keeps secrets out', () => {
  const context: AuditContext = { actor: null, ipAddress: '203.0.113.9', userAgent: 'test', requestId: 'r1' };

  it('drops password, hash, token and secret keys at any depth and keeps the rest', async () => {
    await withTenant(t.database.db, a.companyId, (tx) =>
      recordEvent(tx, {
        context,
        companyId: a.companyId,
        action: 'user.updated',
        target: { type: 'user', id: a.userId, label: 'x' },
        before: { name: 'Old', password: 'hunter22', password_hash: 'SECRET-h1', resetToken: 'SECRET-t1' },
        after: {
          name: 'New',
          newPassword: 'hunter23',
          PasswordHash: 'SECRET-h2',
          'session-token': 'SECRET-t2',
          totpSecret: 'SECRET-s',
          recovery_codes: ['SECRET-c1'],
          profile: { city: 'Paris', apiKey: 'SECRET-k', nested: { accessToken: 'SECRET-t3' } },
        },
      }),
    );
    const [row] = await t.sql<EventRow>("select * from audit_events where request_id = 'r1'");
    expect(row!.changes).toEqual([
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'profile', after: { city: 'Paris', nested: {} } },
    ]);
    // (Distinctive values: random ids in the row may contain short hex strings like "c1".)
    expect(JSON.stringify(row)).not.toMatch(/hunter|SECRET-/);
  });

  it('leaves internal fields (a rank, a version, the last write time) out of before and after', async () => {
    await withTenant(t.database.db, a.companyId, (tx) =>
      recordEvent(tx, {
        context: { ...context, requestId: 'r-internal' },
        companyId: a.companyId,
        action: 'task.moved',
        target: { type: 'task', id: a.userId, label: 'x' },
        before: { status: 'todo', rank: 'a1', version: 3, updated_at: '2026-01-01T00:00:00Z' },
        after: { status: 'done', rank: 'Zz', version: 4, updated_at: '2026-01-02T00:00:00Z' },
      }),
    );
    const [row] = await t.sql<EventRow>("select * from audit_events where request_id = 'r-internal'");
    expect(row!.changes).toEqual([{ field: 'status', before: 'todo', after: 'done' }]);
  });

  it('refuses an action outside the vocabulary, and the change with it', async () => {
    await expect(
      withTenant(t.database.db, a.companyId, async (tx) => {
        await tx.execute(sql`update organizations set name = 'Should roll back' where id = ${a.organizationId}`);
        await recordEvent(tx, { context, companyId: a.companyId, action: 'user.hacked' as never });
      }),
    ).rejects.toThrow(/Unknown audit action/);
    expect((await t.sql('select name from organizations where id = $1', [a.organizationId]))[0]).toEqual({ name: a.organizationName });
  });
});

describe('no change without its event, no event without its change', () => {
  async function withTrigger<T>(ddl: string, drop: string, run: () => Promise<T>) {
    await t.sql(`create or replace function inject_failure() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`);
    await t.sql(ddl);
    try {
      return await run();
    } finally {
      await t.sql(drop);
    }
  }

  it('the event cannot be written: the organization is not created', async () => {
    const res = await withTrigger(
      'create trigger inject_failure before insert on audit_events for each row execute function inject_failure()',
      'drop trigger inject_failure on audit_events',
      () => a.client.post('/organizations', { name: 'Never Created' }),
    );
    expect(res.status).toBe(500);
    expect(await t.sql("select 1 from organizations where name = 'Never Created'")).toHaveLength(0);
  });

  it('the event cannot be written: the user is not deleted and their session still works', async () => {
    const body = memberBody([{ productId: a.productIds.crm, entityId: a.entityId }]);
    const created = await a.client.post('/users', body);
    const member = new Client(t);
    await member.post('/auth/sign-in', body);
    const res = await withTrigger(
      'create trigger inject_failure before insert on audit_events for each row execute function inject_failure()',
      'drop trigger inject_failure on audit_events',
      () => a.client.delete(`/users/${created.body.id}`),
    );
    expect(res.status).toBe(500);
    expect(await t.sql('select 1 from users where id = $1', [created.body.id])).toHaveLength(1);
    expect((await member.get('/me/products')).status).toBe(200);
  });

  it('the event cannot be written: a sign-in fails and leaves no session', async () => {
    const sessionsBefore = await t.sql('select id from sessions where user_id = $1', [b.userId]);
    const res = await withTrigger(
      'create trigger inject_failure before insert on audit_events for each row execute function inject_failure()',
      'drop trigger inject_failure on audit_events',
      () => new Client(t).post('/auth/sign-in', { email: b.email, password: b.password }),
    );
    expect(res.status).toBe(500);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await t.sql('select id from sessions where user_id = $1', [b.userId])).toEqual(sessionsBefore);
  });

  it('a failure after the event is written (at commit): neither the organization nor its event remain', async () => {
    const eventsBefore = (await eventsOf(a.companyId)).length;
    const res = await withTrigger(
      'create constraint trigger inject_failure after insert on organizations deferrable initially deferred for each row execute function inject_failure()',
      'drop trigger inject_failure on organizations',
      () => a.client.post('/organizations', { name: 'Fails At Commit' }),
    );
    expect(res.status).toBe(500);
    expect(await t.sql("select 1 from organizations where name = 'Fails At Commit'")).toHaveLength(0);
    expect(await eventsOf(a.companyId)).toHaveLength(eventsBefore);
  });

  it('a later step of user creation fails: no user and no user.created event', async () => {
    const eventsBefore = (await eventsOf(a.companyId)).length;
    await t.sql(`create or replace function inject_failure_on_grant() returns trigger language plpgsql as $$
      begin if new.action = 'user.access_granted' then raise exception 'injected failure'; end if; return new; end $$`);
    const body = memberBody([{ productId: a.productIds.crm, entityId: a.entityId }]);
    const res = await withTrigger(
      'create trigger inject_failure before insert on audit_events for each row execute function inject_failure_on_grant()',
      'drop trigger inject_failure on audit_events',
      () => a.client.post('/users', body),
    );
    expect(res.status).toBe(500);
    expect(await t.sql('select 1 from users where email = $1', [body.email])).toHaveLength(0);
    expect(await eventsOf(a.companyId)).toHaveLength(eventsBefore);
  });
});

describe('append-only, by company', () => {
  /** The database's own message for a statement run as the app role (drizzle wraps it). */
  const asApp = (companyId: string, statement: string) =>
    withTenant(t.database.db, companyId, (tx) => tx.execute(sql.raw(statement))).catch((e: Error & { cause?: Error }) => {
      throw new Error((e.cause ?? e).message);
    });

  it('the app role may not update, delete or truncate events', async () => {
    await expect(asApp(a.companyId, "update audit_events set action = 'user.deleted'")).rejects.toThrow(/permission denied/);
    await expect(asApp(a.companyId, 'delete from audit_events')).rejects.toThrow(/permission denied/);
    await expect(asApp(a.companyId, 'truncate audit_events')).rejects.toThrow(/permission denied/);
    expect((await eventsOf(a.companyId)).length).toBeGreaterThan(0);
  });

  it("the app role reads only its company's events and cannot write another company's", async () => {
    const seen = await withTenant(t.database.db, a.companyId, async (tx) => {
      const res = await tx.execute(sql`select distinct company_id from audit_events`);
      return res.rows.map((r) => (r as { company_id: string }).company_id);
    });
    expect(seen).toEqual([a.companyId]);
    await expect(asApp(a.companyId, `insert into audit_events (company_id, action) values ('${b.companyId}', 'user.deleted')`)).rejects.toThrow(
      /row-level security/,
    );
  });
});

describe('GET /api/audit-events', () => {
  it("lists the company's events newest first, with keyset pages that neither repeat nor skip", async () => {
    const all = await a.client.get('/audit-events?limit=100');
    expect(all.status).toBe(200);
    const times = all.body.items.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all.body.items.every((e: { actorId: string | null }) => e.actorId !== b.userId)).toBe(true);

    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: { id: string }[]; nextCursor: string | null } } = await a.client.get(`/audit-events?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.body.items.map((e) => e.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(ids).toEqual(all.body.items.map((e: { id: string }) => e.id));
  });

  it('filters by action, actor, target and time; wildcards in a filter are plain text', async () => {
    const byAction = await a.client.get('/audit-events?action=organization.updated');
    expect(byAction.body.items.length).toBeGreaterThan(0);
    expect(byAction.body.items.every((e: { action: string }) => e.action === 'organization.updated')).toBe(true);

    const byActor = await a.client.get(`/audit-events?actor=${encodeURIComponent(a.email.toUpperCase())}`);
    expect(byActor.body.items.length).toBeGreaterThan(0);
    expect(byActor.body.items.every((e: { actorEmail: string }) => e.actorEmail === a.email)).toBe(true);
    expect((await a.client.get('/audit-events?actor=%25')).body.items).toEqual([]);
    expect((await a.client.get('/audit-events?actor=_')).body.items).toEqual([]);

    const byTarget = await a.client.get('/audit-events?target=audit%20org');
    expect(new Set(byTarget.body.items.map((e: { targetLabel: string }) => e.targetLabel))).toEqual(new Set(['Audit Org', 'Audit Org Renamed']));
    const byTargetId = await a.client.get(`/audit-events?target=${a.companyId.toUpperCase()}`);
    expect(byTargetId.body.items.map((e: { action: string }) => e.action)).toEqual(['company.signed_up']);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await a.client.get(`/audit-events?from=${encodeURIComponent(future)}`)).body.items).toEqual([]);
    const window = await a.client.get(`/audit-events?to=${encodeURIComponent(future)}&from=2000-01-01T00:00:00Z&limit=100`);
    expect(window.body.items.length).toBe((await a.client.get('/audit-events?limit=100')).body.items.length);
  });

  it('refuses bad filters with a clear message', async () => {
    const cases: [string, string][] = [
      ['action=user.hacked', ''],
      ['from=yesterday', 'From must be a date and time'],
      ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'From must not be after To'],
      ['cursor=garbage', 'Invalid cursor'],
      [`actor=${'x'.repeat(201)}`, ''],
    ];
    for (const [query, message] of cases) {
      const res = await a.client.get(`/audit-events?${query}`);
      expect(res.status, query).toBe(400);
      if (message) expect(res.body.error.message).toBe(message);
    }
  });

  it('is for super admins only', async () => {
    const body = memberBody([{ productId: a.productIds.crm, entityId: a.entityId }]);
    await a.client.post('/users', body);
    const member = new Client(t);
    await member.post('/auth/sign-in', body);
    expect((await member.get('/audit-events')).status).toBe(403);
    expect((await member.get('/audit-events/export')).status).toBe(403);
    expect((await new Client(t).get('/audit-events')).status).toBe(401);
  });
});

describe('GET /api/audit-events/export', () => {
  it('streams the filtered view as CSV, newest first, injection-safe', async () => {
    await a.client.post('/organizations', { name: '=HYPERLINK("http://evil.example","x")' });
    const res = await t.app.request('/api/audit-events/export?action=organization.created', { headers: { cookie: a.client.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,actor_id,actor_name,actor_email,action,target_type,target_id,target_label,changes,ip_address,user_agent,request_id');
    const list = await a.client.get('/audit-events?action=organization.created&limit=100');
    expect(lines).toHaveLength(list.body.items.length + 1);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);
    expect(lines.slice(1).every((l) => l.includes(',organization.created,'))).toBe(true);
  });

  it('reads in keyset batches, each a transaction of its own', async () => {
    const batches: number[] = [];
    const admin = { id: a.userId, companyId: a.companyId, role: 'super_admin', firstName: 'Ada', lastName: 'Lovelace', email: a.email, organizationId: null, entityId: null } as const;
    const total = (await a.client.get('/audit-events?limit=100')).body.items.length;
    for await (const batch of exportAuditEvents(t.database.db, admin, {}, 4)) batches.push(batch.length);
    expect(batches.every((n) => n <= 4)).toBe(true);
    expect(batches.reduce((x, y) => x + y, 0)).toBe(total);
    expect(batches.length).toBe(Math.ceil(total / 4));
  });

  it('csvCell neutralises formulas and quotes what needs it', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    // A tab is a separator too: quoted, and the part after it is neutralised as well.
    expect(csvCell('\t=1')).toBe(`"'\t'=1"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('plain')).toBe('plain');
  });
});

describe('retention', () => {
  it('the purge removes events older than the retention period and keeps the rest', async () => {
    await t.sql(
      `insert into audit_events (company_id, action, created_at) values
        ($1, 'user.updated', now() - interval '400 days'),
        ($1, 'user.updated', now() - interval '366 days'),
        ($1, 'user.updated', now() - interval '364 days')`,
      [b.companyId],
    );
    const before = Number((await t.sql<{ n: string }>('select count(*) as n from audit_events'))[0]!.n);
    expect(await purgeAuditEvents(t.database.db, 365)).toBe(2);
    expect(Number((await t.sql<{ n: string }>('select count(*) as n from audit_events'))[0]!.n)).toBe(before - 2);
    expect(await t.sql("select 1 from audit_events where created_at < now() - interval '365 days'")).toHaveLength(0);
    // A clock a year ahead: everything but what is then younger than 30 days goes.
    const later = new Date(Date.now() + 400 * 86_400_000);
    await purgeAuditEvents(t.database.db, 30, later);
    expect(await t.sql('select 1 from audit_events')).toHaveLength(0);
  });

  it('AUDIT_RETENTION_DAYS defaults to 365 and must be a positive whole number', async () => {
    const { loadConfig, ConfigError } = await import('../config');
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(ConfigError);
  });
});
