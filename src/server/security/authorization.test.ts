/**
 * Function-level authorization and tenant isolation, walked over the route table: a route added
 * without an access rule, or without a case here, fails these tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../test/harness';
import { registeredApiRoutes, routeKey, routeTable, type RouteInfo } from './route-table';
import { CRM_TABLES, crmAttacks, crmOwnRequests, type CrmIds } from '../modules/crm/authorization-cases';
import { crmRecords } from '../modules/crm/test-fixtures';
import { userLifecycleAttacks, userLifecycleBodyKeys, userLifecycleOwnRequests } from '../modules/users/security-cases';
import { twoFactorOwnRequests } from '../modules/two-factor/route-cases';
import { atsAttacks, atsOwnRequests, atsRecords, atsSnapshotQueries, type AtsRecords } from '../modules/ats/authorization-cases';
import { PROJECTS_TABLES, projectsAttacks, projectsOwnRequests, projectsRecords, type ProjectsRecords } from '../modules/projects/authorization-cases';
import { HRMS_TABLES, hrmsAttacks, hrmsOwnRequests, hrmsRecords, type HrmsRecords } from '../modules/hrms/authorization-cases';
import { notificationOf, notificationsAttacks, notificationsOwnRequests } from '../modules/notifications/security-cases';
import { payrollOwnRequests } from '../modules/hrms/payroll/authorization-cases';
import { onboardingOwnRequests } from '../modules/hrms/onboarding-authorization-cases';
import { attendanceOwnRequests } from '../modules/hrms/attendance-authorization-cases';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let member: Client;
let bMemberId: string;
let bSessionId: string;
let routes: RouteInfo[];
/** A module record of each company for the module routes (employee, leave type, leave request). */
let hrmsA: HrmsRecords;
let hrmsB: HrmsRecords;
let crmA: CrmIds;
let crmB: CrmIds;
const crmSideA = () => ({ entityId: a.entityId, crm: crmA });
const crmSideB = () => ({ entityId: b.entityId, crm: crmB });
let atsA: AtsRecords;
let memberId: string;
let atsB: AtsRecords;
let projectsA: ProjectsRecords;
let projectsB: ProjectsRecords;
/** A notification of B's super admin. */
let notificationB: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms', 'ats', 'projects']);
  b = await signUpCompany(t, ['crm', 'hrms', 'ats', 'projects']);
  const memberBody = {
    firstName: 'Mem',
    lastName: 'Ber',
    email: uniqueEmail('member'),
    password: 'secret123',
    confirmPassword: 'secret123',
    access: [
      { productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' },
      // An App Admin of HRMS at A: module routes answer them, so a 403 here is an access-rule refusal.
      { productId: a.productIds.hrms, entityId: a.entityId, roleType: 'app_admin' },
      { productId: a.productIds.ats, entityId: a.entityId, roleType: 'app_admin' },
      { productId: a.productIds.projects, entityId: a.entityId, roleType: 'app_admin' },
    ],
  };
  const created = await a.client.post('/users', memberBody);
  expect(created.status).toBe(201);
  memberId = created.body.id;
  member = new Client(t);
  expect((await member.post('/auth/sign-in', { email: memberBody.email, password: memberBody.password })).status).toBe(200);
  const bMember = await b.client.post('/users', {
    ...memberBody,
    email: uniqueEmail('b-member'),
    access: [{ productId: b.productIds.crm, entityId: b.entityId, roleType: 'app_admin' }],
  });
  bMemberId = bMember.body.id;
  bSessionId = (await t.sql<{ id: string }>('select id from sessions where user_id = $1 limit 1', [b.userId]))[0]!.id;
  hrmsA = await hrmsRecords(a.client, a.entityId);
  hrmsB = await hrmsRecords(b.client, b.entityId);
  crmA = await crmRecords(a.client, a.entityId);
  crmB = await crmRecords(b.client, b.entityId);
  // The member sits on A's interview, so its feedback route answers them (not a 403 of its own).
  atsA = await atsRecords(a.client, a.entityId, [a.userId, memberId]);
  atsB = await atsRecords(b.client, b.entityId, [b.userId]);
  projectsA = await projectsRecords(a.client, a.entityId);
  projectsB = await projectsRecords(b.client, b.entityId);
  notificationB = await notificationOf(t, b);
  routes = await routeTable(t);
  // Two companies with records in every module: slow on a loaded machine.
}, 180_000);
afterAll(() => t.close());

/** A request to each route, as a client of company A would make it, with A's own ids. */
function ownRequest(r: RouteInfo): { path: string; body?: unknown } {
  const requests: Record<string, () => { path: string; body?: unknown }> = {
    'GET /health': () => ({ path: '/health' }),
    'GET /ready': () => ({ path: '/ready' }),
    'GET /session': () => ({ path: '/session' }),
    'GET /products': () => ({ path: '/products' }),
    'POST /auth/sign-in': () => ({ path: '/auth/sign-in', body: { email: a.email, password: 'wrong-password' } }),
    'POST /auth/sign-up': () => ({ path: '/auth/sign-up', body: { email: 'incomplete@example.com' } }),
    'POST /auth/sign-out': () => ({ path: '/auth/sign-out' }),
    'GET /me/products': () => ({ path: '/me/products' }),
    'GET /company/products': () => ({ path: '/company/products' }),
    // A product A holds already, and one that is not in the catalogue: the walk changes nothing of A's.
    'POST /company/products': () => ({ path: '/company/products', body: { productId: a.productIds.crm } }),
    'DELETE /company/products/{id}': () => ({ path: '/company/products/00000000-0000-4000-8000-000000000000' }),
    'GET /organizations': () => ({ path: '/organizations' }),
    'GET /organizations/options': () => ({ path: '/organizations/options' }),
    'POST /organizations': () => ({ path: '/organizations', body: { name: `Org ${Math.random()}` } }),
    'PATCH /organizations/{id}': () => ({ path: `/organizations/${a.organizationId}`, body: { name: a.organizationName } }),
    'GET /entities': () => ({ path: '/entities' }),
    'GET /entity-options': () => ({ path: '/entity-options' }),
    'POST /entities': () => ({
      path: '/entities',
      body: { name: `Entity ${Math.random()}`, organizationId: a.organizationId, country: 'Other', productIds: [a.productIds.crm] },
    }),
    'PATCH /entities/{id}': () => ({ path: `/entities/${a.entityId}`, body: { name: 'Renamed', country: 'Other' } }),
    'GET /users': () => ({ path: '/users' }),
    'POST /users': () => ({
      path: '/users',
      body: {
        firstName: 'New',
        lastName: 'User',
        email: uniqueEmail('new'),
        password: 'secret123',
        confirmPassword: 'secret123',
        access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' }],
      },
    }),
    'DELETE /users/{id}': () => ({ path: `/users/00000000-0000-4000-8000-000000000000` }),
    'GET /audit-events': () => ({ path: '/audit-events' }),
    'GET /audit-events/export': () => ({ path: '/audit-events/export' }),
    'GET /me/sessions': () => ({ path: '/me/sessions' }),
    'DELETE /me/sessions/{id}': () => ({ path: '/me/sessions/00000000-0000-4000-8000-000000000000' }),
    'POST /me/sessions/sign-out-others': () => ({ path: '/me/sessions/sign-out-others', body: {} }),
    'POST /users/{id}/sign-out-everywhere': () => ({ path: '/users/00000000-0000-4000-8000-000000000000/sign-out-everywhere', body: {} }),
    ...hrmsOwnRequests(() => a.entityId, () => hrmsA),
    ...payrollOwnRequests(() => a.entityId),
    ...onboardingOwnRequests(() => a.entityId),
    ...attendanceOwnRequests(() => a.entityId),
    ...crmOwnRequests(crmSideA),
    ...userLifecycleOwnRequests(() => a),
    ...twoFactorOwnRequests(),
    ...atsOwnRequests(a.entityId, () => atsA),
    ...projectsOwnRequests(() => a.entityId, () => projectsA),
    ...notificationsOwnRequests(),
  };
  const make = requests[routeKey(r)];
  if (!make) throw new Error(`No authorization case for ${routeKey(r)}: add one`);
  return make();
}

/** The same route aimed at company B's data, and what A must get back. */
function attackRequest(r: RouteInfo): { path: string; body?: unknown; expected: number[] } | null {
  const crossTenant: Record<string, () => { path: string; body?: unknown; expected: number[] }> = {
    'PATCH /organizations/{id}': () => ({ path: `/organizations/${b.organizationId}`, body: { name: 'Hijacked' }, expected: [404] }),
    'PATCH /entities/{id}': () => ({ path: `/entities/${b.entityId}`, body: { name: 'Hijacked', country: 'Other', productIds: [a.productIds.crm] }, expected: [404] }),
    'POST /company/products': () => ({ path: '/company/products', body: { productId: b.productIds.crm, companyId: b.companyId }, expected: [400] }),
    'DELETE /users/{id}': () => ({ path: `/users/${bMemberId}`, expected: [404] }),
    'DELETE /me/sessions/{id}': () => ({ path: `/me/sessions/${bSessionId}`, expected: [404] }),
    'POST /users/{id}/sign-out-everywhere': () => ({ path: `/users/${b.userId}/sign-out-everywhere`, body: {}, expected: [404] }),
    'POST /entities': () => ({
      path: '/entities',
      body: { name: 'In B', organizationId: b.organizationId, country: 'Other', productIds: [a.productIds.crm] },
      expected: [404],
    }),
    'POST /users': () => ({
      path: '/users',
      body: {
        firstName: 'In',
        lastName: 'B',
        email: uniqueEmail('in-b'),
        password: 'secret123',
        confirmPassword: 'secret123',
        access: [{ productId: b.productIds.crm, entityId: b.entityId, roleType: 'app_admin' }],
      },
      expected: [400],
    }),
    'POST /organizations': () => ({ path: '/organizations', body: { name: 'Into B', companyId: b.companyId }, expected: [400] }),
    ...hrmsAttacks(() => a.entityId, () => hrmsA, () => b.entityId, () => hrmsB),
    ...crmAttacks(crmSideA, crmSideB),
    ...userLifecycleAttacks(() => ({ ...b, memberId: bMemberId })),
    ...atsAttacks(a.entityId, b.entityId, () => atsA, () => atsB),
    ...projectsAttacks(() => a.entityId, () => projectsA, () => b.entityId, () => projectsB),
    ...notificationsAttacks(() => ({ userId: b.userId, notificationId: notificationB })),
  };
  const make = crossTenant[routeKey(r)];
  return make ? make() : null;
}

/** Refused by the access rule (not by the route's own logic, like a wrong password). */
const isDenied = (res: { status: number; body: { error?: { message?: string } } }) =>
  res.status === 403 || (res.status === 401 && res.body?.error?.message === 'Not signed in');

const snapshotB = () =>
  Promise.all([
    t.sql('select * from companies where id = $1', [b.companyId]),
    t.sql('select * from organizations where company_id = $1 order by id', [b.companyId]),
    t.sql('select * from entities where company_id = $1 order by id', [b.companyId]),
    t.sql('select id, email, role, company_id, first_name from users where company_id = $1 order by id', [b.companyId]),
    t.sql('select * from company_product_access where company_id = $1 order by product_id', [b.companyId]),
    t.sql('select * from entity_product_access where company_id = $1 order by entity_id, product_id', [b.companyId]),
    t.sql('select * from user_product_access where company_id = $1 order by user_id', [b.companyId]),
    t.sql('select s.id from sessions s join users u on u.id = s.user_id where u.company_id = $1 order by s.id', [b.companyId]),
    t.sql('select id, action from audit_events where company_id = $1 order by id', [b.companyId]),
    ...HRMS_TABLES.map((table) => t.sql(`select * from ${table} where company_id = $1 order by id`, [b.companyId])),
    ...CRM_TABLES.map((table) => t.sql(`select * from ${table} where company_id = $1 order by id`, [b.companyId])),
    ...atsSnapshotQueries.map((q) => t.sql(q, [b.companyId])),
    ...PROJECTS_TABLES.map((table) => t.sql(`select * from ${table} where company_id = $1 order by 1, 2`, [b.companyId])),
  ]);

describe('the route table', () => {
  it('documents every registered API route with an access rule', async () => {
    const documented = new Set(routes.map(routeKey));
    for (const key of registeredApiRoutes(t)) expect(documented, `${key} has no defineRoute()`).toContain(key);
    for (const r of routes) expect(['public', 'user', 'super_admin'], routeKey(r)).toContain(r.access);
  });
});

describe('function-level authorization: anonymous, member, super admin × every route', () => {
  it('anonymous callers reach only public routes', async () => {
    for (const r of routes) {
      const req = ownRequest(r);
      const res = await new Client(t).request(r.method, req.path, req.body);
      expect(isDenied(res), routeKey(r)).toBe(r.access !== 'public');
      if (r.access !== 'public') expect(res.status, routeKey(r)).toBe(401);
    }
  });

  it('members reach public and signed-in routes, and get 403 from administration routes', async () => {
    for (const r of routes) {
      if (routeKey(r) === 'POST /auth/sign-out') continue; // would end the member's session; covered elsewhere
      const req = ownRequest(r);
      const res = await member.request(r.method, req.path, req.body);
      expect(isDenied(res), routeKey(r)).toBe(r.access === 'super_admin');
      if (r.access === 'super_admin') expect(res.status, routeKey(r)).toBe(403);
    }
  });

  it('super admins reach every route', async () => {
    for (const r of routes) {
      if (routeKey(r) === 'POST /auth/sign-out') continue;
      const req = ownRequest(r);
      const res = await a.client.request(r.method, req.path, req.body);
      expect(isDenied(res), `${routeKey(r)} → ${res.status} ${JSON.stringify(res.body)}`).toBe(false);
      expect(res.status, routeKey(r)).toBeLessThan(500);
    }
  });
});

describe("tenant isolation: company A's super admin aimed at company B", () => {
  it("every route answers 404 or 4xx, returns none of B's data, and B's rows are unchanged", async () => {
    const before = await snapshotB();
    const bSecrets = [b.companyId, b.organizationId, b.entityId, b.userId, bMemberId, b.email, b.organizationName, ...Object.values(hrmsB), ...Object.values(atsB), ...Object.values(projectsB), ...Object.values(crmB)];
    for (const r of routes) {
      if (routeKey(r) === 'POST /auth/sign-out') continue; // ends A's own session, touches nothing of B
      const attack = attackRequest(r);
      const req = attack ?? ownRequest(r);
      const res = await a.client.request(r.method, req.path, req.body);
      if (attack) expect(attack.expected, `${routeKey(r)} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      const text = JSON.stringify(res.body ?? '');
      for (const secret of bSecrets) expect(text, `${routeKey(r)} leaked ${secret}`).not.toContain(secret);
    }
    expect(await snapshotB()).toEqual(before);
  });
});

describe('mass assignment', () => {
  const extras = { role: 'super_admin', companyId: '00000000-0000-4000-8000-000000000000', company_id: 'x', id: 'x', createdBy: 'x', __proto__: { admin: true } };

  it('rejects keys a body may not set on every create and update', async () => {
    for (const r of routes.filter((x) => ['POST', 'PATCH'].includes(x.method) && x.access !== 'public')) {
      const req = ownRequest(r);
      for (const [key, value] of Object.entries(extras)) {
        if (userLifecycleBodyKeys[routeKey(r)]?.includes(key)) continue; // the route's own field
        const body = JSON.parse(JSON.stringify(req.body ?? {}));
        body[key] = value;
        const res = await a.client.request(r.method, req.path, body);
        expect(res.status, `${routeKey(r)} with ${key}`).toBe(400);
      }
      // __proto__ as a JSON key, as an attacker would send it.
      const raw = JSON.stringify(req.body ?? {}).replace(/^\{/, '{"__proto__":{"role":"super_admin"},');
      const res = await a.client.request(r.method, req.path, raw);
      expect(res.status, `${routeKey(r)} with __proto__`).toBe(400);
    }
  });

  it('never answers with a password hash or a session token', async () => {
    const [session] = await t.sql<{ token: string }>('select token from sessions limit 1');
    const [account] = await t.sql<{ password: string }>("select password from accounts where password is not null limit 1");
    for (const r of routes.filter((x) => x.method === 'GET')) {
      const res = await a.client.request('GET', ownRequest(r).path);
      const text = JSON.stringify(res.body ?? '');
      expect(text).not.toContain(session!.token);
      expect(text).not.toContain(account!.password);
      expect(text).not.toMatch(/"password"/);
    }
  });
});
