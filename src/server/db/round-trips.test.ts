/**
 * Round trips to PostgreSQL per request (issue 36), counted by the proxy of the bench
 * (test/round-trip-proxy.ts): every authenticated read in one, a create or an update by id in two.
 * PostgreSQL only: PGlite has no network.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpCompany, type TestApp } from '../test/harness';
import { addEmployee, addUser } from '../modules/hrms/test-fixtures';
import { crmOwnRequests } from '../modules/crm/authorization-cases';
import { crmRecords } from '../modules/crm/test-fixtures';
import { atsOwnRequests, atsRecords } from '../modules/ats/authorization-cases';
import { projectsOwnRequests, projectsRecords } from '../modules/projects/authorization-cases';
import { hrmsOwnRequests, hrmsRecords } from '../modules/hrms/authorization-cases';
import { payrollOwnRequests } from '../modules/hrms/payroll/authorization-cases';
import { onboardingOwnRequests } from '../modules/hrms/onboarding-authorization-cases';
import { attendanceOwnRequests } from '../modules/hrms/attendance-authorization-cases';
import { notificationsOwnRequests } from '../modules/notifications/security-cases';
import { startRoundTripProxy, type RoundTripProxy } from '../test/round-trip-proxy';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';
import { clearSessionCaches } from '../auth/session-cache';
import { commitWith, setLocal, withTenant } from './tenant';
import { requestDb } from './tenant-pg';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('round trips per request (PostgreSQL)', () => {
  let t: TestApp;
  let proxied: Database;
  let proxy: RoundTripProxy;
  let app: TestApp;
  let admin: Client;
  /** A user without an HRMS grant, linked to an employee who manages one: self-service reads. */
  let manager: Client;
  let entityId: string;
  /** Every GET route of the modules' authorization tables (security/authorization.test.ts), with its request. */
  let moduleReads: [string, () => { path: string }][];
  const records: Record<string, Record<string, unknown>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const name = (await t.sql<{ name: string }>('select current_database() as name'))[0]!.name;
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    proxy = await startRoundTripProxy({ target: { host: url.hostname, port: Number(url.port || 5432) } });
    proxied = await openDatabase({ url: proxy.url(url.toString()), poolSize: 2 });
    app = await createTestApp({}, { sharing: { database: proxied } });
    const company = await signUpCompany(app, ['crm', 'hrms', 'ats', 'projects']);
    admin = company.client;
    entityId = company.entityId;
    const created = async (key: string, path: string, body: unknown) => {
      const res = await admin.post(path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      records[key] = res.body;
    };
    await created('employee', '/hrms/employees', {
      entityId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      workEmail: `ada-${randomUUID()}@example.com`,
      jobTitle: 'Engineer',
      department: 'Engineering',
      employmentType: 'full_time',
      startDate: '2024-01-15',
    });
    await created('lead', '/crm/leads', { entityId, name: 'Lead', companyName: 'Co', email: `lead-${randomUUID()}@example.com`, source: 'website' });
    await created('job', '/ats/jobs', { entityId, title: 'Job', department: 'Engineering', location: 'Remote', employmentType: 'full_time', status: 'open' });
    await created('candidate', '/ats/candidates', { entityId, firstName: 'Ada', lastName: 'Lovelace', email: `cand-${randomUUID()}@example.com`, source: 'Referral' });
    await created('project', '/projects/projects', { entityId, name: 'Project', key: 'RTT', status: 'in_progress', priority: 'high', memberIds: [company.userId] });
    await created('task', '/projects/tasks', { projectId: records.project!.id, title: 'Task' });
    const user = await addUser(app, company, [{ entityId, role: 'viewer', productId: company.productIds.crm }]);
    const own = await addEmployee(admin, entityId, { userId: user.id, workEmail: user.email });
    records.report = await addEmployee(admin, entityId, { managerId: own.id });
    manager = user.client;
    records.user = { id: user.id };
    const [crm, ats, projects, hrms] = [
      await crmRecords(admin, entityId),
      await atsRecords(admin, entityId, [company.userId]),
      await projectsRecords(admin, entityId),
      await hrmsRecords(admin, entityId),
    ];
    const side = () => entityId;
    moduleReads = Object.entries({
      ...crmOwnRequests(() => ({ entityId, crm })),
      ...atsOwnRequests(entityId, () => ats),
      ...projectsOwnRequests(side, () => projects),
      ...hrmsOwnRequests(side, () => hrms),
      ...payrollOwnRequests(side),
      ...onboardingOwnRequests(side),
      ...attendanceOwnRequests(side),
      ...notificationsOwnRequests(),
    }).filter(([key]) => key.startsWith('GET ') && !STREAMS.has(key));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    await proxy?.close();
    await t?.close();
  });

  /**
   * Round trips of one request, after two sends to warm up (connections, the cached session); its
   * status below `below`. The session cache is emptied first, so the session the warm-up caches is
   * fresh: its 30 s must not run out between the warm-up and the counted send (that send would read
   * the session again, a round trip of its own). As in the bench, the counted send waits until
   * nothing was sent for 150 ms (what an earlier request does after its answer is not this one's).
   */
  async function count(send: () => Promise<{ status: number; body: unknown }>, below = 300) {
    clearSessionCaches(proxied);
    for (let i = 0; i < 2; i++) {
      const res = await send();
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(below);
    }
    for (let quiet = false, tries = 0; !quiet; tries++) {
      expect(tries, 'the connections never went quiet').toBeLessThan(20);
      proxy.reset();
      await new Promise((r) => setTimeout(r, 150));
      quiet = proxy.roundTrips() === 0;
    }
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(below);
    await new Promise((r) => setTimeout(r, 50));
    return proxy.roundTrips();
  }

  const n = { i: 0 };
  const update = (key: string, path: string, body: () => Record<string, unknown>) => async () => {
    const record = records[key]!;
    const res = await admin.patch(path, { ...body(), version: record.version });
    if (res.status === 200) records[key] = res.body;
    return res;
  };

  const reads: [string, () => string, (() => Client)?][] = [
    ['hub', () => '/me/products'],
    ['users', () => '/users?limit=50'],
    ['user detail', () => `/users/${String(records.user!.id)}`],
    ['audit', () => '/audit-events?limit=50'],
    ['audit export', () => '/audit-events/export'],
    // Outside the tenant door (the owner's tables), with the session check: ownerRead.
    ['my sessions', () => '/me/sessions'],
    ['my two-factor sign-in', () => '/me/two-factor'],
    ['HRMS employees', () => `/hrms/employees?entityId=${entityId}&limit=25`],
    ['HRMS employee profile', () => `/hrms/employees/${String(records.employee!.id)}`],
    ['HRMS search', () => `/hrms/employees?entityId=${entityId}&limit=25&q=${encodeURIComponent('ada lovelace')}`],
    ['CRM leads', () => `/crm/leads?entityId=${entityId}`],
    ['ATS candidates', () => `/ats/candidates?entityId=${entityId}`],
    ['ATS jobs', () => `/ats/jobs?entityId=${entityId}`],
    ['Projects tasks', () => `/projects/tasks?projectId=${String(records.project!.id)}`],
    ['Projects projects', () => `/projects/projects?entityId=${entityId}`],
    ['Projects board', () => `/projects/projects/${String(records.project!.id)}/board`],
    // Self-service (hrms.selfScope), as an employee with records and a report, without an HRMS grant.
    ['HRMS Employee Portal', () => '/hrms/me', () => manager],
    ['HRMS team away', () => '/hrms/me/away', () => manager],
    ['HRMS a report’s profile', () => `/hrms/employees/${String(records.report!.id)}`, () => manager],
  ];

  const writes: [string, () => () => Promise<{ status: number; body: unknown }>][] = [
    [
      'HRMS create',
      () => () =>
        admin.post('/hrms/employees', {
          entityId,
          firstName: 'Grace',
          lastName: `Hopper ${++n.i}`,
          workEmail: `grace-${randomUUID()}@example.com`,
          jobTitle: 'Engineer',
          department: 'Engineering',
          employmentType: 'full_time',
          startDate: '2024-01-15',
        }),
    ],
    ['HRMS update', () => update('employee', `/hrms/employees/${String(records.employee!.id)}`, () => ({ jobTitle: `Engineer ${++n.i}` }))],
    ['CRM create', () => () => admin.post('/crm/leads', { entityId, name: `Lead ${++n.i}`, companyName: 'Co', email: `lead-${randomUUID()}@example.com`, source: 'website' })],
    ['CRM update', () => update('lead', `/crm/leads/${String(records.lead!.id)}`, () => ({ name: `Lead ${++n.i}` }))],
    ['ATS create', () => () => admin.post('/ats/candidates', { entityId, firstName: 'Alan', lastName: `Turing ${++n.i}`, email: `cand-${randomUUID()}@example.com`, source: 'Referral' })],
    ['ATS update', () => update('candidate', `/ats/candidates/${String(records.candidate!.id)}`, () => ({ source: `Agency ${++n.i}` }))],
    ['Projects create', () => () => admin.post('/projects/tasks', { projectId: records.project!.id, title: `Task ${++n.i}` })],
    ['Projects update', () => update('task', `/projects/tasks/${String(records.task!.id)}`, () => ({ title: `Task ${++n.i}` }))],
  ];

  /** The counts reached (issue 36's goals: reads 1, writes ≤ 2). */
  const EXPECTED: Record<string, number> = {
    hub: 1,
    users: 1,
    'user detail': 1,
    audit: 1,
    'audit export': 1,
    'my sessions': 1,
    'my two-factor sign-in': 1,
    'HRMS employees': 1,
    // A self-service read (hrms.selfScope): who the caller is as an employee comes from the session's
    // cache, checked in the work's pipeline (platform/scope.ts); the profile reads the employee and
    // their reports together.
    'HRMS employee profile': 1,
    'HRMS Employee Portal': 1,
    'HRMS team away': 1,
    'HRMS a report’s profile': 1,
    'HRMS search': 1,
    'CRM leads': 1,
    'ATS candidates': 1,
    'ATS jobs': 1,
    'Projects tasks': 1,
    'Projects projects': 1,
    'Projects board': 1,
    // At the goal (≤ 2). Create: the setup, the row, its read-back and its onboarding's read, then the
    // event and the commit (1 would need the event and the checklist decided without that read).
    // Update: the lock and the row as it is, then the save, the read and the event with the commit.
    'HRMS create': 2,
    'HRMS update': 2,
    // At the goal: a create's insert, read-back, audit event and commit in one pipeline (commitWith);
    // an update's lock and "before" read in one, then its save, read-back, audit event and commit.
    'CRM create': 1,
    'CRM update': 2,
    'ATS create': 1,
    'ATS update': 2,
    // At the goal: the counter's update and the column's end, then the task's writes and its read
    // with the commit (a create); the lock and the task as it was, then the save and its read with
    // the commit (an update).
    'Projects create': 2,
    'Projects update': 2,
  };


  it('each read and each simple write costs the round trips of the table', async () => {
    const counted: Record<string, number> = {};
    const only = process.env.WS_ROUND_TRIPS_ONLY;
    for (const [name, path, as] of reads) if (!only || only === name) counted[name] = await count(() => (as?.() ?? admin).get(path()));
    for (const [name, send] of writes) if (!only || only === name) counted[name] = await count(send());
    expect(counted).toEqual(EXPECTED);
  }, 60_000);

  /** Event streams hold their connection open: not a request and its answer. */
  const STREAMS = new Set(['GET /notifications/stream', 'GET /projects/events']);
  /** The public unsubscribe link with a token that is not ours: refused before any statement. */
  const NO_STATEMENT = new Set(['GET /notifications/unsubscribe']);

  /**
   * Every module read of the route table, as the company's super admin: 1 round trip. The requests
   * are the authorization walk's: some name nothing (a 404 or a 400 of the route's own).
   */
  it('every module read of the route table costs one round trip', async () => {
    expect(moduleReads.length).toBeGreaterThan(60);
    const counted: Record<string, number> = {};
    const expected: Record<string, number> = {};
    const only = process.env.WS_ROUND_TRIPS_ONLY?.split(',');
    for (const [key, make] of moduleReads.filter(([k]) => !only || only.includes(k))) {
      counted[key] = await count(() => admin.get(make().path), 500);
      expected[key] = NO_STATEMENT.has(key) ? 0 : 1;
    }
    expect(counted).toEqual(expected);
  }, 120_000);

  it('never leaks the tenant or role settings from one request to the next on a pooled connection (two companies interleaved, pool of 1)', async () => {
    const name = (await t.sql<{ name: string }>('select current_database() as name'))[0]!.name;
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    const one = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      const companies = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
      const seen = (mode: 'read' | 'write', companyId: string, i: number) =>
        requestDb.run({ mode }, () =>
          withTenant(one.db, companyId, async (tx) => {
            await setLocal(tx, 'app.entity_ids', `{${companyId}}`);
            // Two pipelines: the second must still see this request's settings, and only them.
            await tx.execute(sql`select 1`);
            const { rows } = await tx.execute<{ company: string; entities: string; who: string }>(
              sql`select current_setting('app.company_id', true) as company, current_setting('app.entity_ids', true) as entities, current_user as who`,
            );
            return { i, mode, expected: companyId, ...rows[0]! };
          }),
        );
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => seen(i % 3 === 0 ? 'write' : 'read', companies[i % 2]!, i)),
      );
      for (const r of results) {
        expect(r.company, `request ${r.i} (${r.mode})`).toBe(r.expected);
        expect(r.entities).toBe(`{${r.expected}}`);
        expect(r.who).toBe('app');
      }
      // After them, the connection is the owner's again, with no company set.
      const { rows } = await one.db.$client.query(
        "select current_setting('app.company_id', true) as company, current_setting('app.entity_ids', true) as entities, current_user as who",
      );
      expect(rows[0].company ?? '').toBe('');
      expect(rows[0].entities ?? '').toBe('');
      expect(rows[0].who).not.toBe('app');
      // A read's transaction is read only: a write in it is refused.
      await expect(
        requestDb.run({ mode: 'read' }, () => withTenant(one.db, companies[0]!, (tx) => tx.execute(sql`create temp table nope (n int)`))),
      ).rejects.toMatchObject({ cause: { code: '25006' } });
    } finally {
      await one.close();
    }
  });

  it("commitWith: a write's last step and its commit in one pipeline; a failing write keeps its own error and commits nothing; nothing may follow", async () => {
    const name = (await t.sql<{ name: string }>('select current_database() as name'))[0]!.name;
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    // A pool of one through the counting proxy: the temporary table lives on that one connection.
    const counted = await openDatabase({ url: proxy.url(url.toString()), poolSize: 1 });
    const company = '00000000-0000-4000-8000-00000000000c';
    const write = <T>(work: Parameters<typeof withTenant<T>>[2]) => requestDb.run({ mode: 'write' }, () => withTenant(counted.db, company, work));
    try {
      await counted.db.$client.query('create temporary table commit_with_probe (n int not null)');
      await counted.db.$client.query('grant all on commit_with_probe to app');
      proxy.reset();
      const seen = await write((tx) =>
        commitWith(tx, [tx.execute(sql`insert into commit_with_probe values (1)`), tx.execute(sql`insert into commit_with_probe values (2)`)], async () => {
          const { rows } = await tx.execute<{ total: number }>(sql`select sum(n)::int as total from commit_with_probe`);
          return rows[0]!.total;
        }),
      );
      await new Promise((r) => setTimeout(r, 30));
      expect(seen).toBe(3);
      // begin, the settings, both inserts, the read and the commit: one round trip.
      expect(proxy.roundTrips()).toBe(1);

      const failing = write((tx) =>
        commitWith(tx, [tx.execute(sql`insert into commit_with_probe values (10)`), tx.execute(sql`insert into commit_with_probe values (null)`)], async () => {
          await tx.execute(sql`select 1`);
          return 'read';
        }),
      );
      // The write's own error (not null violation), not the read's "skipped".
      await expect(failing).rejects.toMatchObject({ cause: { code: '23502' } });

      const after = write(async (tx) => {
        await commitWith(tx, [tx.execute(sql`insert into commit_with_probe values (100)`)], async () => 'done');
        await tx.execute(sql`insert into commit_with_probe values (1000)`);
      });
      await expect(after).rejects.toMatchObject({ cause: { message: expect.stringMatching(/after its transaction was committed/) } });

      const { rows } = await counted.db.$client.query('select coalesce(sum(n), 0)::int as total from commit_with_probe');
      // 1 + 2 committed; 10 rolled back with the failing write; 100 committed before the refused 1000.
      expect(rows[0].total).toBe(103);
    } finally {
      await counted.close();
    }
  });
});
