/** Random and hostile values at every endpoint: never a 5xx, always a clear 4xx, nothing written. */
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Client, createTestApp, signUpBody, signUpCompany, uniqueEmail, type TestApp } from '../test/harness';
import { routeKey, routeTable, type RouteInfo } from './route-table';
import { userLifecycleValidBodies } from '../modules/users/security-cases';
import { twoFactorValidBodies } from '../modules/two-factor/route-cases';
import { atsStoredText, atsValidBodies, atsWrittenRows } from '../modules/ats/hostile-cases';
import { notificationsValidBodies } from '../modules/notifications/security-cases';
import { onboardingValidBodies } from '../modules/hrms/onboarding-authorization-cases';
import { ATTENDANCE_VALID_BODIES } from '../modules/hrms/attendance-authorization-cases';
import { atsRecords } from '../modules/ats/authorization-cases';
import { crmRecords } from '../modules/crm/test-fixtures';
import { projectsRecords, type ProjectsRecords } from '../modules/projects/authorization-cases';
import { newKey } from '../modules/projects/test-fixtures';
import { PAYROLL_PREVIEW_EXAMPLES } from '@/shared/payroll';

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

/**
 * Text a spreadsheet could split into a live formula: a separator some locale or import dialog
 * uses (semicolon, comma, tab, pipe), then a formula character, also after spaces.
 */
const SEPARATOR_EDGES = ['x;=1+1;', 'x,=1+1', 'x|@SUM(A1)', 'x; -1', 'a;+1;b', 'x\t=1', ';=HYPERLINK("http://x")', 'x;=cmd|\' /C calc\'!A0'];

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
    ...SEPARATOR_EDGES,
  ),
  fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...SEPARATOR_EDGES), fc.string({ maxLength: 6 })).map((parts) => parts.join('')),
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

/**
 * Values at the edges of what a date, a date and time, a version or a year can be (issue 30,
 * finding 5): PostgreSQL has no year 0, JavaScript writes year 10000 as "+010000", an offset
 * (+14:00, -12:00, +23:59) moves an instant across a year, and a version column is a 32-bit integer.
 */
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const edgeYear = fc.oneof(fc.constantFrom(0, 1, 1899, 1900, 2200, 2201, 9999, 10000, 99999, 275760), fc.integer({ min: 0, max: 10000 }));
const edgeDay = fc.tuple(edgeYear, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })).map(([y, m, d]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`);
const edgeDate = fc.oneof(fc.constantFrom('0000-01-01', '0000-02-29', '0001-01-01', '1899-12-31', '1900-01-01', '2200-12-31', '2201-01-01', '9999-12-31', '10000-01-01', '+010000-01-01'), edgeDay);
const edgeDateTime = fc.oneof(
  fc.constantFrom(
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '0001-01-01T00:00:00+14:00',
    '1900-01-01T00:00:00+14:00',
    '2026-01-01T00:00:00+14:00',
    '2026-01-01T00:00:00-12:00',
    '2026-01-01T00:00:00+23:59',
    '2200-12-31T23:59:59-12:00',
    '9999-12-31T23:59:59Z',
    '9999-12-31T23:59:59-12:00',
    '10000-01-01T00:00:00Z',
    '+010000-01-01T00:00:00Z',
  ),
  fc
    .tuple(edgeDay, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom('', '.5', '.999999999'), fc.constantFrom('Z', '+14:00', '-12:00', '+23:59', '-23:59', '+00:00', '+05:45'))
    .map(([day, h, m, fraction, offset]) => `${day}T${pad(h)}:${pad(m)}:00${fraction}${offset}`),
);
const edgeVersion = fc.oneof(fc.constantFrom(0, -1, 1, 2147483647, 2147483648, 4294967296, -2147483649, Number.MAX_SAFE_INTEGER, 1e20, 1.5), fc.integer(), fc.double());
const edgeYearParam = fc.oneof(edgeYear.map(String), fc.constantFrom('-1', '1e20', '2026.5', '2147483648', ''));
const EDGES = { dateTime: edgeDateTime, date: edgeDate, version: edgeVersion, year: edgeYearParam } satisfies Record<string, fc.Arbitrary<unknown>>;
type EdgeKind = keyof typeof EDGES;

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
  // The company holds every product already: a valid add that changes nothing.
  'POST /company/products': () => ({ productId: a.productIds.crm }),
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
  'PATCH /hrms/me/{id}': () => ({ personalEmail: 'home@example.com', phone: '+44 20 7946 0000', address: 'Flat 2\n1 High Street', version: 1 }),
  'POST /hrms/holidays': () => ({ entityId: a.entityId, date: `2031-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}`, name: `Holiday ${randomUUID()}` }),
  'PATCH /hrms/holidays/{id}': () => ({ name: `Holiday ${randomUUID()}`, version: 1 }),
  'POST /hrms/leave-requests': () => ({ leaveTypeId: randomUUID(), startDate: '2026-03-02', endDate: '2026-03-03', reason: 'Trip' }),
  'POST /hrms/leave-requests/{id}/approve': () => ({ comment: 'Fine' }),
  'POST /hrms/leave-requests/{id}/reject': () => ({ comment: 'Not now' }),
  'POST /hrms/leave-requests/{id}/cancel': () => ({}),
  'POST /hrms/payroll/preview': () => ({ ...PAYROLL_PREVIEW_EXAMPLES.GB }),
  'POST /hrms/payroll/settings': () => ({ entityId: a.entityId, country: 'GB', currency: 'GBP' }),
  'PATCH /hrms/payroll/settings/{id}': () => ({ country: 'GB', currency: 'GBP', version: 1 }),
  'POST /hrms/payroll/schedules': () => ({ entityId: a.entityId, name: `Monthly ${randomUUID()}`, frequency: 'monthly', firstPayDate: '2025-04-30' }),
  'PATCH /hrms/payroll/schedules/{id}': () => ({ name: `Weekly ${randomUUID()}`, frequency: 'weekly', firstPayDate: '2025-04-11', version: 1 }),
  'POST /hrms/payroll/components': () => ({ entityId: a.entityId, name: `Pension ${randomUUID()}`, kind: 'deduction_pre_tax', method: 'percent', percent: '5' }),
  'PATCH /hrms/payroll/components/{id}': () => ({ name: `Pension ${randomUUID()}`, kind: 'deduction_pre_tax', method: 'percent', percent: '5', version: 1 }),
  'PUT /hrms/payroll/runs/{id}/bonuses': () => ({ items: [{ employeeId: randomUUID(), componentId: randomUUID(), amount: '500.00' }], version: 1 }),
  'POST /hrms/payroll/pay-records': () => ({ employeeId: randomUUID(), scheduleId: randomUUID(), payBasis: 'salary', annualSalary: '30000.00', currency: 'GBP', startDate: '2025-01-01' }),
  'PATCH /hrms/payroll/pay-records/{id}': () => ({ scheduleId: randomUUID(), payBasis: 'salary', annualSalary: '30000.00', currency: 'GBP', startDate: '2025-01-01', version: 1 }),
  'POST /hrms/payroll/runs': () => ({ scheduleId: randomUUID(), taxYear: '2025-26', period: 1 }),
  'POST /hrms/payroll/runs/{id}/recalculate': () => ({ version: 1 }),
  'POST /hrms/payroll/runs/{id}/approve': () => ({ version: 1 }),
  'POST /hrms/payroll/runs/{id}/mark-paid': () => ({ version: 1 }),
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
  ...notificationsValidBodies,
  ...onboardingValidBodies(() => a.entityId),
  ...ATTENDANCE_VALID_BODIES,
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
  'POST /projects/tasks/{id}/follow': () => ({}),
  'POST /projects/tasks/{id}/unfollow': () => ({}),
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

type Schema = { type?: string | string[]; format?: string; pattern?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; $ref?: string };
type OpenApi = {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses?: Record<string, { content?: Record<string, unknown> }> }>>;
  components?: { schemas?: Record<string, Schema> };
};
const openApi = async () => (await (await t.app.request('/api/openapi.json')).json()) as OpenApi;

/** A date, date-and-time, version or year field of a route: where it is, and which edges it takes. */
interface EdgeField {
  in: 'body' | 'query';
  path: string[];
  kind: EdgeKind;
}

/**
 * Every field and query parameter that takes a date, a date and time, a version or a year, read
 * from each route's schema in /api/openapi.json (its `date-time` format, the YYYY-MM-DD pattern, an
 * integer named version or year), so a future route's date or version is tested without a line here.
 */
function edgeFieldsByRoute(doc: OpenApi): Map<string, EdgeField[]> {
  const kindOf = (name: string, s: Schema): EdgeKind | undefined => {
    const types = [s.type].flat();
    if (s.format === 'date-time') return 'dateTime';
    if (s.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return 'date';
    if (types.includes('integer') || types.includes('number')) return name === 'version' ? 'version' : name === 'year' ? 'year' : undefined;
    return undefined;
  };
  const byRoute = new Map<string, EdgeField[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const fields: EdgeField[] = [];
      const walk = (schema: Schema | undefined, at: string[]) => {
        if (!schema) return;
        const s = schema.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
        if (!s) return;
        const kind = at.length > 0 ? kindOf(at[at.length - 1]!, s) : undefined;
        if (kind) fields.push({ in: 'body', path: at, kind });
        for (const [key, child] of Object.entries(s.properties ?? {})) walk(child, [...at, key]);
        for (const child of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(child, at);
      };
      walk(op.requestBody?.content['application/json']?.schema, []);
      for (const p of op.parameters ?? []) {
        const kind = p.in === 'query' ? kindOf(p.name, p.schema) : undefined;
        if (kind) fields.push({ in: 'query', path: [p.name], kind });
      }
      if (fields.length > 0) byRoute.set(`${method.toUpperCase()} ${path.replace(/^\/api/, '')}`, fields);
    }
  }
  return byRoute;
}

/** A copy of `body` with `value` at `path` (creating the objects on the way). */
const withValueAt = (body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> => {
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...body, [head!]: value };
  const inner = body[head!];
  return { ...body, [head!]: withValueAt(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest, value) };
};

/** A 400's message is the rule's, in words: never zod's own wording ("Too big: expected number to be <=…"). */
const RAW_SCHEMA_MESSAGE = /^(Invalid (input|string|option|number|ISO|key|element)\b|Too (small|big):|Unrecognized keys?\b)/;

/** The characters a spreadsheet may split a cell at (a locale's list separator, an import dialog). */
const CELL_SEPARATORS = /[,;\t|]/;

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

  it('names with spreadsheet separators (; , tab |) and formulas: every CSV export quotes them, and no part of any cell starts a formula', async () => {
    // Each text field of each valid body in turn carries separators and formulas, so every kind of
    // record that an export shows holds some (a refused one is fine: the rules of that field said no).
    const separated = ';=1+1;|@SUM(A1), -2';
    for (const r of routes.filter((x) => x.method === 'POST' && x.access !== 'public' && validBodies[routeKey(x)])) {
      const base = validBodies[routeKey(r)]!();
      for (const [key, value] of Object.entries(base)) {
        if (typeof value !== 'string' || key === 'csv' || /^[0-9a-f-]{36}$/i.test(value)) continue;
        const res = await a.client.request('POST', pathFor(r, a.organizationId), JSON.stringify({ ...base, [key]: `${value}${separated}` }));
        expect(res.status, `${routeKey(r)} ${key}`).toBeLessThan(500);
      }
    }
    // The valid bodies of an opportunity and an interview name records that do not exist, and a
    // project's key is taken after its first use: these are made here.
    expect((await a.client.post('/projects/projects', { entityId: a.entityId, name: `Plan${separated}`, key: newKey() })).status).toBe(201);
    const crm = await crmRecords(a.client, a.entityId);
    expect((await a.client.post('/crm/opportunities', { entityId: a.entityId, clientId: crm.clientId, name: `Deal${separated}`, amountMinor: 100 })).status).toBe(201);
    const ats = await atsRecords(a.client, a.entityId, [a.userId]);
    const interview = { applicationId: ats.applicationId, startsAt: '2099-01-01T10:00:00Z', durationMinutes: 30, interviewerIds: [a.userId], location: `Room${separated}` };
    expect((await a.client.post('/ats/interviews', interview)).status).toBe(201);
    const doc = await openApi();
    const exports = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => op.responses?.['200']?.content?.['text/csv']).map(([method]) => `${method.toUpperCase()} ${path.replace(/^\/api/, '')}`));
    expect(exports.length).toBeGreaterThanOrEqual(10);
    const withSeparators = new Set<string>();
    // Files that hold text only after more than one request: payroll's need an entity set up for
    // payroll and a paid pay run (payruns.test.ts), timesheets a linked employee's clocked week
    // (attendance.test.ts). They are written by the same csvResponse as every export here.
    const needsMore = new Set(['GET /hrms/payroll/year-end/export', 'GET /hrms/payroll/runs/{id}/journal', 'GET /hrms/attendance/timesheets/export']);
    for (const key of exports) {
      if (needsMore.has(key)) continue;
      const res = await t.app.request(`/api${key.slice(key.indexOf(' ') + 1)}`, { headers: { cookie: a.client.cookie } });
      expect(res.status, key).toBe(200);
      const text = await res.text();
      const cells = (parse(text, { bom: true, relax_column_count: true }) as string[][]).flat();
      for (const cell of cells) {
        // However a spreadsheet splits the cell (its locale's separator, "Text to Columns"), no part is a formula…
        for (const part of cell.split(CELL_SEPARATORS)) expect(part, `${key}: ${JSON.stringify(cell)}`).not.toMatch(/^ *[=+\-@\r]/);
        // …and the file quotes it, so a spreadsheet splitting at ; | or tab still reads one cell.
        if (/[;|\t]/.test(cell)) {
          withSeparators.add(key);
          expect(text, `${key}: ${JSON.stringify(cell)}`).toContain(`"${cell.replace(/"/g, '""')}"`);
        }
      }
    }
    // Every export showed some: the rule was tried on each.
    expect(exports.filter((key) => !withSeparators.has(key) && !needsMore.has(key))).toEqual([]);
  }, 180_000);

  it('dates, dates and times, versions and years at their edges, in every field and query parameter that takes one: never 5xx, a message in words, nothing written when refused', async () => {
    // Real records of this company, so a version or a date reaches the update that reads it.
    const crm = await crmRecords(a.client, a.entityId);
    const ats = await atsRecords(a.client, a.entityId, [a.userId]);
    const employee = await a.client.post('/hrms/employees', validBodies['POST /hrms/employees']!());
    const leaveTypes = await a.client.get(`/hrms/leave-types?entityId=${a.entityId}`);
    const recordOf: Record<string, string> = {
      '/hrms/employees': employee.body.id,
      '/hrms/leave-types': leaveTypes.body.items[0].id,
      '/crm/clients': crm.clientId,
      '/crm/contacts': crm.contactId,
      '/crm/leads': crm.leadId,
      '/crm/opportunities': crm.opportunityId,
      '/ats/jobs': ats.jobId,
      '/ats/candidates': ats.candidateId,
      '/ats/applications': ats.applicationId,
      '/ats/interviews': ats.interviewId,
      '/projects/projects': projectsA.projectId,
      '/projects/tasks': projectsA.taskId,
    };
    const edgeFields = edgeFieldsByRoute(await openApi());
    expect([...edgeFields.values()].flat().map((f) => f.kind).sort()).toEqual(expect.arrayContaining(['date', 'dateTime', 'version', 'year']));
    for (const [key, fields] of edgeFields) {
      const r = routes.find((x) => routeKey(x) === key)!;
      const path = pathFor(r, recordOf[r.path.split('/{id}')[0]!] ?? a.organizationId);
      const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
      await fc.assert(
        fc.asyncProperty(
          fc.subarray(fields, { minLength: 1 }).chain((chosen) => fc.tuple(...chosen.map((f) => EDGES[f.kind].map((value) => [f, value] as const)))),
          async (changes) => {
            const before = await writtenRows();
            let body = hasBody ? (validBodies[key]?.() ?? {}) : undefined;
            const query = new URLSearchParams();
            for (const [f, value] of changes) {
              if (f.in === 'query') query.set(f.path[0]!, String(value));
              else body = withValueAt(body ?? {}, f.path, value);
            }
            const res = await a.client.request(r.method, `${path}${query.size > 0 ? `?${query}` : ''}`, body === undefined ? undefined : JSON.stringify(body));
            const label = `${key} ${query} ${JSON.stringify(body)?.slice(0, 300)}`;
            expect(res.status, label).toBeLessThan(500);
            if (res.status >= 400) {
              expect(res.body.error.message, label).toEqual(expect.any(String));
              expect(res.body.error.message, label).not.toMatch(RAW_SCHEMA_MESSAGE);
              expect(await writtenRows(), label).toBe(before);
            }
          },
        ),
        { numRuns: 25 },
      );
    }
  }, 300_000);

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
