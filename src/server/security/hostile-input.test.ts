/** Random and hostile values at every endpoint: never a 5xx, always a clear 4xx, nothing written. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Client, createTestApp, signUpBody, signUpCompany, uniqueEmail, type TestApp } from '../test/harness';
import { routeKey, routeTable, type RouteInfo } from './route-table';
import { userLifecycleValidBodies } from '../modules/users/security-cases';
import { twoFactorValidBodies } from '../modules/two-factor/route-cases';
import { atsStoredText, atsValidBodies, atsWrittenRows } from '../modules/ats/hostile-cases';
import { projectsRecords, type ProjectsRecords } from '../modules/projects/authorization-cases';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let routes: RouteInfo[];
let projectsA: ProjectsRecords;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES: '100000', SIGN_UP_MAX_ATTEMPTS: '100000' });
  // HRMS too, so the module routes parse the hostile bodies rather than refuse the caller first.
  a = await signUpCompany(t, ['crm', 'hrms', 'ats', 'projects']);
  b = await signUpCompany(t, ['crm', 'hrms', 'ats', 'projects']);
  projectsA = await projectsRecords(a.client, a.entityId);
  routes = await routeTable(t);
  // Ids that name real rows: this company's (the admin's own included) and another company's.
  realIds = [a.userId, a.companyId, a.organizationId, a.entityId, a.productIds.crm, b.userId, b.organizationId, b.entityId, b.productIds.hrms];
}, 120_000);
afterAll(() => t.close());

/** Characters that must never reach a stored name: controls (Cc) and format characters (Cf). */
const controlChar = fc.oneof(
  fc.constantFrom('\u0000', '\u0001', '\u0007', '\u0008', '\u001b', '\u007f', '\u0085', '\u009b', '\t', '\n', '\r'),
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((c) => String.fromCharCode(c)),
);
const formatChar = fc.constantFrom('\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2060', '\u2066', '\u2067', '\u2068', '\u2069', '\ufeff', '\u00ad', '\u061c');
/** A plausible name with invisible or control characters placed anywhere in it. */
const taintedName = fc
  .tuple(fc.string({ maxLength: 8 }), fc.array(fc.oneof(controlChar, formatChar), { minLength: 1, maxLength: 3 }), fc.string({ maxLength: 8 }))
  .map(([before, bad, after]) => `${before}${bad.join('')}${after}`);

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: fc.oneof(controlChar, formatChar, fc.constantFrom('a', 'Z', ' ', '0')), maxLength: 12 }),
  taintedName,
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    '${jndi:ldap://x}',
    'a'.repeat(5000),
    '🙂'.repeat(300),
    '\u202e\u0041',
    '\u202egnp.exe',
    '\u200b\u200b',
    'RaceOrg\u200b',
    '      ',
  ),
);

/** Real ids (this company's and another's) in random letter case, plus look-alikes. */
let realIds: string[] = [];
const mixCase = (id: string, flips: boolean[]) => [...id].map((ch, i) => (flips[i % flips.length] ? ch.toUpperCase() : ch)).join('');
const hostileId = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 36 })).map(([i, flips]) => mixCase(realIds[i % realIds.length]!, flips)),
  fc.integer({ min: 0, max: 1000 }).map((i) => realIds[i % realIds.length]!.toUpperCase()),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.oneof(controlChar, formatChar)).map(([i, c]) => `${realIds[i % realIds.length]!}${c}`),
);

/** Cursors as a client could tamper with them: base64url JSON with dates PostgreSQL rejects or reads oddly. */
const cursorDate = fc.oneof(
  fc.constantFrom('1', '2024-02-30', '2024-02-30 00:00:00+00', '2023-02-29 10:00:00+00', '+275760-09-13 00:00:00+00', '275760-09-13 00:00:00+00', '0000-01-01 00:00:00+00', 'epoch', 'now', 'infinity', '-infinity', 'allballs', '2024-01-01 25:00:00+00', '2024-01-01 10:00:00+99', ''),
  fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
  fc.tuple(fc.integer({ min: -10000, max: 300000 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 })).map(
    ([y, m, d, h, min]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}:00+00`,
  ),
  hostileString,
);
const tamperedCursor = fc.oneof(
  fc.tuple(cursorDate, fc.oneof(hostileId, hostileString)).map((pair) => Buffer.from(JSON.stringify(pair)).toString('base64url')),
  fc.anything().map((value) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url')),
  hostileString,
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileId,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Bodies shaped like the real ones, with hostile values in the fields, plus anything at all. */
const fieldNames = ['entityId', 'workEmail', 'employmentType', 'startDate', 'endDate', 'leaveTypeId', 'allowanceDays', 'csv', 'version', 'name', 'email', 'password', 'confirmPassword', 'firstName', 'lastName', 'companyName', 'organizationName', 'entityName', 'country', 'selectedProducts', 'organizationId', 'productIds', 'access'];
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 8 }),
  hostileValue,
);

/**
 * A valid body for each route that takes one, so a hostile value in one field gets past the others
 * and as far as the database. A new route with a body belongs here (the test says so).
 */
const validBodies: Record<string, () => Record<string, unknown>> = {
  'POST /auth/sign-in': () => ({ email: a.email, password: 'wrong-password' }),
  'POST /auth/sign-up': () => signUpBody({}, [a.productIds.crm]),
  'POST /organizations': () => ({ name: `Org ${randomUUID()}` }),
  'PATCH /organizations/{id}': () => ({ name: `Org ${randomUUID()}` }),
  'POST /entities': () => ({ name: `Entity ${randomUUID()}`, organizationId: a.organizationId, country: 'Other', productIds: [a.productIds.crm] }),
  'PATCH /entities/{id}': () => ({ name: `Entity ${randomUUID()}`, country: 'Other' }),
  'POST /users': () => ({
    firstName: 'Prop',
    lastName: 'Test',
    email: uniqueEmail('prop'),
    password: 'secret123',
    confirmPassword: 'secret123',
    access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' }],
  }),
  'POST /me/sessions/sign-out-others': () => ({}),
  'POST /users/{id}/sign-out-everywhere': () => ({}),
  'POST /hrms/employees': () => ({
    entityId: a.entityId,
    firstName: 'Prop',
    lastName: 'Test',
    workEmail: uniqueEmail('emp'),
    jobTitle: 'Engineer',
    department: 'Engineering',
    employmentType: 'full_time',
    startDate: '2024-01-15',
  }),
  'PATCH /hrms/employees/{id}': () => ({ firstName: 'Prop', jobTitle: 'Engineer', version: 1 }),
  'POST /hrms/employees/{id}/terminate': () => ({ endDate: '2026-12-31', version: 1 }),
  'POST /hrms/employees/import': () => ({
    entityId: a.entityId,
    csv: `First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email\r\nProp,Test,${uniqueEmail('imp')},Engineer,Engineering,full_time,2024-01-15,\r\n`,
  }),
  'POST /hrms/leave-types': () => ({ entityId: a.entityId, name: `Leave ${randomUUID()}`, allowanceDays: 5 }),
  'PATCH /hrms/leave-types/{id}': () => ({ name: `Leave ${randomUUID()}`, version: 1 }),
  'POST /hrms/leave-requests': () => ({ leaveTypeId: randomUUID(), startDate: '2026-03-02', endDate: '2026-03-03', reason: 'Trip' }),
  'POST /hrms/leave-requests/{id}/approve': () => ({ comment: 'Fine' }),
  'POST /hrms/leave-requests/{id}/reject': () => ({ comment: 'Not now' }),
  'POST /hrms/leave-requests/{id}/cancel': () => ({}),
  'POST /crm/clients': () => ({ entityId: a.entityId, name: `Client ${randomUUID()}`, website: 'example.com', industry: 'Retail', status: 'active' }),
  'PATCH /crm/clients/{id}': () => ({ name: 'Prop', industry: 'Retail', version: 1 }),
  'POST /crm/contacts': () => ({ entityId: a.entityId, firstName: 'Prop', lastName: 'Test', email: uniqueEmail('contact'), phone: '+1 555 0100', jobTitle: 'Buyer' }),
  'PATCH /crm/contacts/{id}': () => ({ firstName: 'Prop', jobTitle: 'Buyer', version: 1 }),
  'POST /crm/contacts/import': () => ({
    entityId: a.entityId,
    csv: `First Name,Last Name,Email,Phone,Job Title,Client\r\nProp,Test,${uniqueEmail('imp')},,Buyer,\r\n`,
  }),
  'POST /crm/leads': () => ({ entityId: a.entityId, name: 'Prop Lead', companyName: 'Prop Co', email: uniqueEmail('lead'), source: 'website' }),
  'PATCH /crm/leads/{id}': () => ({ name: 'Prop Lead', status: 'contacted', version: 1 }),
  'POST /crm/leads/import': () => ({ entityId: a.entityId, csv: `Name,Company Name,Email,Source,Status\r\nProp Lead,Prop Co,${uniqueEmail('imp')},Website,New\r\n` }),
  'POST /crm/leads/{id}/convert': () => ({ version: 1, opportunityName: 'Prop deal', amountMinor: 1000 }),
  'POST /crm/opportunities': () => ({ entityId: a.entityId, clientId: randomUUID(), name: 'Prop deal', amountMinor: 1000, stage: 'proposal' }),
  'PATCH /crm/opportunities/{id}': () => ({ stage: 'closed_lost', lostReason: 'Price', version: 1 }),
  'POST /crm/activities': () => ({ type: 'note', body: 'Prop', clientId: randomUUID() }),
  ...userLifecycleValidBodies(() => a),
  ...twoFactorValidBodies,
  ...atsValidBodies(() => ({ entityId: a.entityId, userId: a.userId })),
  'POST /projects/projects': () => ({ entityId: a.entityId, name: `Project ${randomUUID()}`, key: 'PROP', description: 'Plan', status: 'planning', priority: 'high', memberIds: [a.userId] }),
  'PATCH /projects/projects/{id}': () => ({ name: 'Prop', leadId: a.userId, version: 1 }),
  'POST /projects/tasks': () => ({ projectId: projectsA.projectId, title: 'Prop', description: 'Do **it**', labels: ['ui'], assigneeId: a.userId, dueDate: '2026-05-01' }),
  'POST /projects/tasks/import': () => ({
    entityId: a.entityId,
    csv: 'Project Key,Title,Description,Status,Priority,Assignee Email,Due Date,Labels\r\nZZZZ,Prop,,To Do,High,,2026-05-01,ui\r\n',
  }),
  'PATCH /projects/tasks/{id}': () => ({ title: 'Prop', labels: ['ui'], version: 1 }),
  'POST /projects/tasks/{id}/move': () => ({ status: 'in_progress', afterId: null, beforeId: null }),
  'POST /projects/tasks/{id}/comments': () => ({ body: 'Prop' }),
};
const idFieldValue = fc.oneof(hostileId, fc.array(hostileId, { minLength: 1, maxLength: 4 }), fc.array(fc.record({ productId: hostileId, entityId: hostileId, roleType: fc.constantFrom('app_admin', 'user') }), { minLength: 1, maxLength: 4 }));
/** The valid body with one to three fields replaced by hostile values (ids get ids in any case). */
const taintedBody = (base: Record<string, unknown>) =>
  fc
    // An empty body (a strict one) gets a key it does not know.
    .array(fc.tuple(fc.constantFrom(...(Object.keys(base).length > 0 ? Object.keys(base) : ['unexpected'])), fc.oneof(hostileValue, taintedName, controlChar, idFieldValue)), { minLength: 1, maxLength: 3 })
    .map((changes) => ({ ...base, ...Object.fromEntries(changes) }));

/** No stored name or email holds a control or format character, whatever was accepted. */
async function storedTextIsClean() {
  const rows = await t.sql<{ v: string }>(
    `select name as v from companies union all select name from crm_clients union all select industry from crm_clients union all select first_name from crm_contacts union all select last_name from crm_contacts union all select name from crm_leads union all select company_name from crm_leads union all select name from crm_opportunities union all select name from organizations union all select name from entities union all select first_name from users union all select last_name from users union all select email from users union all select first_name from hrms_employees union all select last_name from hrms_employees union all select job_title from hrms_employees union all select department from hrms_employees union all select name from hrms_leave_types union all ${atsStoredText} union all select name from projects_projects`,
  );
  const dirty = rows.map((r) => r.v).filter((v) => /[\p{Cc}\p{Cf}]/u.test(v) || v !== v.normalize('NFKC'));
  expect(dirty).toEqual([]);
}

const urlSafe = hostileString.filter((s) => s.isWellFormed());

const writtenRows = async () => {
  const rows = await t.sql<{ n: string }>(
    `select (select count(*) from crm_clients) + (select count(*) from crm_contacts) + (select count(*) from crm_leads) + (select count(*) from crm_opportunities) + (select count(*) from crm_activities) + (select count(*) from companies) + (select count(*) from organizations) + (select count(*) from entities) + (select count(*) from users) + (select count(*) from accounts) + (select count(*) from user_product_access) + (select count(*) from entity_product_access) + (select count(*) from hrms_employees) + (select count(*) from hrms_leave_types) + (select count(*) from hrms_leave_requests) + ${atsWrittenRows} + (select count(*) from projects_projects) + (select count(*) from projects_tasks) + (select count(*) from projects_task_comments) as n`,
  );
  return Number(rows[0]!.n);
};

const pathFor = (r: RouteInfo, id: string) => r.path.replace('{id}', encodeURIComponent(id));

describe('hostile input', () => {
  it('bodies: every POST and PATCH answers 4xx or success, never 5xx, and writes nothing when refused', async () => {
    for (const r of routes.filter((x) => x.method === 'POST' || x.method === 'PATCH')) {
      if (routeKey(r) === 'POST /auth/sign-out') continue;
      await fc.assert(
        fc.asyncProperty(hostileBody, async (body) => {
          const before = await writtenRows();
          const res = await a.client.request(r.method, pathFor(r, a.organizationId), JSON.stringify(body));
          expect(res.status, `${routeKey(r)} ${JSON.stringify(body)?.slice(0, 200)}`).toBeLessThan(500);
          expect(res.body?.error?.message ?? 'ok').toEqual(expect.any(String));
          if (res.status >= 400) expect(await writtenRows()).toBe(before);
        }),
        { numRuns: 40 },
      );
    }
  }, 180_000);

  it('valid bodies with control characters, invisible characters or ids in any letter case in some fields: never 5xx, nothing written when refused, nothing unclean stored', async () => {
    for (const r of routes.filter((x) => x.method === 'POST' || x.method === 'PATCH')) {
      if (routeKey(r) === 'POST /auth/sign-out') continue;
      const base = validBodies[routeKey(r)];
      expect(base, `add a valid body for ${routeKey(r)} to validBodies`).toBeDefined();
      await fc.assert(
        fc.asyncProperty(
          taintedBody(base!()),
          fc.array(fc.boolean(), { minLength: 1, maxLength: 36 }),
          async (body, flips) => {
            const before = await writtenRows();
            const target = r.path.startsWith('/entities') ? a.entityId : a.organizationId;
            // Public routes (sign-up, sign-in) from a client of their own: a success would sign a.client in as someone else.
            const client = r.access === 'public' ? new Client(t) : a.client;
            const res = await client.request(r.method, pathFor(r, mixCase(target, flips)), JSON.stringify(body));
            expect(res.status, `${routeKey(r)} ${JSON.stringify(body)?.slice(0, 300)}`).toBeLessThan(500);
            if (res.status >= 400) expect(await writtenRows(), `${routeKey(r)} ${JSON.stringify(body)?.slice(0, 300)}`).toBe(before);
          },
        ),
        { numRuns: 30 },
      );
    }
    await storedTextIsClean();
  }, 180_000);

  it('path ids in any letter case, tampered cursors and query strings: never 5xx, and the admin is never deleted', async () => {
    for (const r of routes) {
      if (routeKey(r) === 'POST /auth/sign-out') continue;
      await fc.assert(
        // A URL cannot carry a lone surrogate at all; the client could not send one.
        fc.asyncProperty(fc.oneof(urlSafe, hostileId.filter((s) => s.isWellFormed())), urlSafe, tamperedCursor.filter((s) => s.isWellFormed()), async (id, query, cursor) => {
          // Signing the admin out everywhere (a real id, and `{}` is that route's valid body) would end this client's session.
          fc.pre(!(routeKey(r) === 'POST /users/{id}/sign-out-everywhere' && id.toLowerCase() === a.userId));
          const path = `${pathFor(r, id)}?limit=${encodeURIComponent(query)}&cursor=${encodeURIComponent(cursor)}`;
          const res = await a.client.request(r.method, path, r.method === 'GET' || r.method === 'DELETE' ? undefined : {});
          expect(res.status, `${routeKey(r)} ${path.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: 15 },
      );
    }
    expect((await a.client.get('/session')).body.user?.id).toBe(a.userId);
    expect(await t.sql('select 1 from users where id = $1', [a.userId])).toHaveLength(1);
  });

  it('tampered cursors on every list: 400 "Invalid cursor" or a page, never 5xx', async () => {
    for (const r of routes.filter((x) => x.method === 'GET' && x.access === 'super_admin')) {
      await fc.assert(
        fc.asyncProperty(tamperedCursor.filter((s) => s.isWellFormed()), async (cursor) => {
          const res = await a.client.get(`${r.path}?cursor=${encodeURIComponent(cursor)}`);
          expect(res.status, `${routeKey(r)} ${Buffer.from(cursor, 'base64url').toString().slice(0, 200)}`).toBeLessThan(500);
          if (res.status === 400) expect(res.body.error.message).toMatch(/cursor/i);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('wrong content types and broken JSON answer 4xx', async () => {
    for (const r of routes.filter((x) => x.method === 'POST' || x.method === 'PATCH')) {
      if (routeKey(r) === 'POST /auth/sign-out') continue; // takes no body
      for (const [contentType, body] of [
        ['text/plain', 'name=x'],
        ['application/x-www-form-urlencoded', 'name=x'],
        ['application/json', '{"name":'],
        ['application/json', '[]'],
        ['application/json', 'null'],
      ]) {
        const res = await t.app.request(`/api${pathFor(r, a.organizationId)}`, {
          method: r.method,
          headers: { 'content-type': contentType!, origin: 'http://localhost:3000', cookie: a.client.cookie },
          body,
        });
        expect(res.status, `${routeKey(r)} ${contentType} ${body}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${routeKey(r)} ${contentType} ${body}`).toBeLessThan(500);
      }
    }
  });

  it('caps page sizes', async () => {
    for (const path of ['/organizations', '/entities', '/users']) {
      expect((await a.client.get(`${path}?limit=101`)).status).toBe(400);
      expect((await a.client.get(`${path}?limit=100`)).status).toBe(200);
    }
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await new Client(t).post('/auth/sign-up', { firstName: 'x'.repeat(150_000) });
    expect(res.status).toBe(413);
  });
});
