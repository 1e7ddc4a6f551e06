/** Random and hostile values at every endpoint: never a 5xx, always a clear 4xx, nothing written. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpCompany, type TestApp } from '../test/harness';
import { routeKey, routeTable, type RouteInfo } from './route-table';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let routes: RouteInfo[];
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES: '100000', SIGN_UP_MAX_ATTEMPTS: '100000' });
  // HRMS too, so the module routes parse the hostile bodies rather than refuse the caller first.
  a = await signUpCompany(t, ['crm', 'hrms']);
  routes = await routeTable(t);
}, 120_000);
afterAll(() => t.close());

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '\u0000',
    '\ud800',
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    '${jndi:ldap://x}',
    'a'.repeat(5000),
    '🙂'.repeat(300),
    '\u202e\u0041',
  ),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
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

const urlSafe = hostileString.filter((s) => s.isWellFormed());

const writtenRows = async () => {
  const rows = await t.sql<{ n: string }>(
    'select (select count(*) from companies) + (select count(*) from organizations) + (select count(*) from entities) + (select count(*) from users) + (select count(*) from user_product_access) + (select count(*) from hrms_employees) + (select count(*) from hrms_leave_types) + (select count(*) from hrms_leave_requests) as n',
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

  it('path ids and query strings: never 5xx', async () => {
    for (const r of routes) {
      if (routeKey(r) === 'POST /auth/sign-out') continue;
      await fc.assert(
        // A URL cannot carry a lone surrogate at all; the client could not send one.
        fc.asyncProperty(urlSafe, urlSafe, async (id, query) => {
          const path = `${pathFor(r, id)}?limit=${encodeURIComponent(query)}&cursor=${encodeURIComponent(query)}`;
          const res = await a.client.request(r.method, path, r.method === 'GET' || r.method === 'DELETE' ? undefined : {});
          expect(res.status, `${routeKey(r)} ${path.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: 15 },
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
