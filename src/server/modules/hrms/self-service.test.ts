/**
 * Who may do what in HRMS (issue 34): every HRMS route walked as a plain linked employee without a
 * grant, as a manager without a grant, as Viewer, Member and App Admin, as an unlinked user, after
 * unlinking, after deactivation, and from another company. An employee reaches their own records
 * (the Employee Portal) and nothing else; a manager also their reports' profiles and leave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { Client, createTestApp, signUpCompany, type TestApp } from '../../test/harness';
import { routeKey, routeTable, type RouteInfo } from '../../security/route-table';
import { hrmsOwnRequests, hrmsRecords, type HrmsRecords } from './authorization-cases';
import { attendanceOwnRequests } from './attendance-authorization-cases';
import { onboardingOwnRequests } from './onboarding-authorization-cases';
import { payrollOwnRequests } from './payroll/authorization-cases';
import { addEmployee, addUser, leaveTypeId, monday, type Company } from './test-fixtures';

let t: TestApp;
let a: Company;
let routes: RouteInfo[];
/** HR's records of the entity, none of them the employee's or the manager's reports': what must not leak. */
let hr: HrmsRecords;
let annual: string;
type Person = { client: Client; id: string; employeeId: string };
let manager: Person;
let employee: Person;
let peer: Person;

/** A user without an HRMS grant (a CRM Viewer: every user holds something), linked to a new employee. */
async function linkedEmployee(managerId: string | null, lastName: string): Promise<Person> {
  const user = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer', productId: a.productIds.crm }]);
  const record = await addEmployee(a.client, a.entityId, { userId: user.id, managerId, lastName, workEmail: user.email });
  return { client: user.client, id: user.id, employeeId: record.id };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  hr = await hrmsRecords(a.client, a.entityId);
  annual = await leaveTypeId(a.client, a.entityId, 'Annual');
  manager = await linkedEmployee(null, 'Manager');
  employee = await linkedEmployee(manager.employeeId, 'Employee');
  peer = await linkedEmployee(manager.employeeId, 'Peer');
  routes = (await routeTable(t)).filter((r) => r.path.startsWith('/hrms/'));
}, 180_000);
afterAll(() => t.close());

/** Every HRMS route's request with HR's records (another employee's): the same table the authorization walk uses. */
const requests = () => ({
  ...hrmsOwnRequests(() => a.entityId, () => hr),
  ...payrollOwnRequests(() => a.entityId),
  ...onboardingOwnRequests(() => a.entityId),
  ...attendanceOwnRequests(() => a.entityId),
  // A file that would import (the walk's own case is refused for its columns before anyone's rights).
  'POST /hrms/employees/import': () => ({
    path: '/hrms/employees/import',
    body: { entityId: a.entityId, csv: 'First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email\nIn,Side,inside@example.com,,,Full-time,2024-01-01,' },
  }),
});

/**
 * Walks every HRMS route as `client`: no answer names `secrets`; this file's routes (leave,
 * employees, the portal) are refused unless `allowed`. Payroll, onboarding and attendance have
 * self-service routes of their own, whose rules their tests walk: here they only must not leak.
 */
async function walk(client: Client, allowed: Set<string>, secrets: string[]) {
  const table = requests() as Record<string, () => { path: string; body?: unknown }>;
  const strict = new Set(Object.keys(hrmsOwnRequests(() => a.entityId, () => hr)));
  const seen: string[] = [];
  for (const r of routes) {
    const key = routeKey(r);
    const make = table[key];
    expect(make, `${key} has no case`).toBeDefined();
    const req = make!();
    const res = await client.request(r.method, req.path, req.body);
    expect(res.status, `${key} → ${res.status}`).toBeLessThan(500);
    if (strict.has(key) && !allowed.has(key)) expect([403, 404], `${key} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    const text = JSON.stringify(res.body ?? '');
    for (const secret of secrets) expect(text, `${key} leaked ${secret}`).not.toContain(secret);
    seen.push(key);
  }
  return seen;
}

/** Routes of the portal an employee reaches with another employee's ids: none but their own lists. */
const PORTAL_LISTS = new Set(['GET /hrms/me', 'GET /hrms/me/away', 'GET /hrms/leave-types', 'GET /hrms/leave-requests']);

describe('a plain employee (linked, no HRMS grant)', () => {
  it('walks every HRMS route: only the portal’s own lists answer, nothing of a colleague leaks', async () => {
    const seen = await walk(employee.client, PORTAL_LISTS, [hr.employeeId, hr.requestId, hr.holidayId, 'Walk Target']);
    expect(seen.length).toBeGreaterThan(25);
  });

  it('sees HRMS on the products hub; an unlinked user without a grant does not', async () => {
    expect((await employee.client.get('/me/products')).body.items.map((p: { type: string }) => p.type)).toEqual(['crm', 'hrms']);
    const unlinked = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer', productId: a.productIds.crm }]);
    expect((await unlinked.client.get('/me/products')).body.items.map((p: { type: string }) => p.type)).toEqual(['crm']);
    await walk(unlinked.client, new Set(), [hr.employeeId, hr.requestId, 'Walk Target']);
  });

  it('reads their own record, manager and balances, corrects their contact details, requests and cancels leave', async () => {
    const me = await employee.client.get('/hrms/me');
    expect(me.status).toBe(200);
    expect(me.body.employees).toHaveLength(1);
    const mine = me.body.employees[0];
    expect(mine).toMatchObject({ id: employee.employeeId, managerName: 'Grace Manager', hasReports: false, personal: { personalEmail: '', phone: '', address: '' } });
    const contact = { personalEmail: 'Me@Home.example', phone: '+44 20 7946 0000', address: '1 High Street\r\nLondon', version: mine.version };
    const saved = await employee.client.patch(`/hrms/me/${employee.employeeId}`, contact);
    expect(saved.status).toBe(200);
    expect(saved.body.personal).toEqual({ personalEmail: 'me@home.example', phone: '+44 20 7946 0000', address: '1 High Street\nLondon' });
    // Stale, invalid, or someone else's: refused in words, nothing changed.
    expect((await employee.client.patch(`/hrms/me/${employee.employeeId}`, contact)).status).toBe(409);
    const bad = await employee.client.patch(`/hrms/me/${employee.employeeId}`, { personalEmail: 'not-an-email', version: saved.body.version });
    expect(bad.body.error.message).toBe(HRMS_MESSAGES.invalidPersonalEmail);
    expect((await employee.client.patch(`/hrms/me/${peer.employeeId}`, { phone: 'x', version: 1 })).status).toBe(404);
    expect((await employee.client.patch(`/hrms/me/${employee.employeeId.toUpperCase()}`, { phone: '1', version: saved.body.version })).status).toBe(200);
    // Their profile and balances; not a peer's, not their manager's.
    expect((await employee.client.get(`/hrms/employees/${employee.employeeId}`)).body.personal.personalEmail).toBe('me@home.example');
    expect((await employee.client.get(`/hrms/employees/${employee.employeeId}/balances`)).status).toBe(200);
    for (const other of [peer.employeeId, manager.employeeId]) {
      expect((await employee.client.get(`/hrms/employees/${other}`)).status).toBe(404);
      expect((await employee.client.get(`/hrms/employees/${other}/balances`)).status).toBe(404);
    }
    // Leave for themselves; not for a peer (as unknown as a made-up id).
    const d = monday(3);
    const req = await employee.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: d(0), endDate: d(1) });
    expect(req.status).toBe(201);
    expect(req.body).toMatchObject({ days: 2, canDecide: false, canCancel: true });
    expect((await employee.client.post('/hrms/leave-requests', { employeeId: peer.employeeId, leaveTypeId: annual, startDate: d(7), endDate: d(8) })).status).toBe(404);
    const list = await employee.client.get('/hrms/leave-requests');
    expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([req.body.id]);
    expect((await employee.client.post(`/hrms/leave-requests/${req.body.id}/approve`, {})).status).toBe(403);
    expect((await employee.client.post(`/hrms/leave-requests/${req.body.id}/cancel`, {})).body.status).toBe('cancelled');
  });
});

describe('a manager (direct reports, no HRMS grant)', () => {
  it('walks every HRMS route: HR’s records stay refused', async () => {
    await walk(manager.client, PORTAL_LISTS, [hr.employeeId, hr.requestId, 'Walk Target']);
  });

  it('sees their reports’ profiles (not their contact details) and decides their leave; a peer sees who on the team is away', async () => {
    const me = (await manager.client.get('/hrms/me')).body.employees[0];
    expect(me.hasReports).toBe(true);
    const report = await manager.client.get(`/hrms/employees/${employee.employeeId}`);
    expect(report.status).toBe(200);
    expect(report.body.personal).toBeNull();
    expect((await manager.client.get(`/hrms/employees/${employee.employeeId}/balances`)).status).toBe(200);
    const own = await manager.client.get(`/hrms/employees/${manager.employeeId}`);
    expect(own.body.directReports.map((r: { id: string }) => r.id).sort()).toEqual([employee.employeeId, peer.employeeId].sort());

    // Today through the next six days: a week holds working days whatever today is.
    const today = new Date().toISOString().slice(0, 10);
    const inSixDays = new Date(Date.now() + 6 * 86400_000).toISOString().slice(0, 10);
    const unpaid = await leaveTypeId(a.client, a.entityId, 'Unpaid');
    const req = await employee.client.post('/hrms/leave-requests', { leaveTypeId: unpaid, startDate: today, endDate: inSixDays });
    expect(req.status).toBe(201);
    const pending = await manager.client.get('/hrms/leave-requests?status=pending');
    expect(pending.body.items.find((r: { id: string }) => r.id === req.body.id)).toMatchObject({ canDecide: true });
    expect(pending.body.items.some((r: { id: string }) => r.id === hr.requestId)).toBe(false);
    const approved = await manager.client.post(`/hrms/leave-requests/${req.body.id}/approve`, { comment: 'Enjoy' });
    expect(approved.status).toBe(200);
    // HR's request of another employee: as unknown to the manager as a made-up id.
    expect((await manager.client.post(`/hrms/leave-requests/${hr.requestId}/approve`, {})).status).toBe(404);
    // Who is away on the team: the peer (same manager) and the manager see the employee; HR's employee is not their team.
    for (const who of [peer, manager]) {
      const away = (await who.client.get('/hrms/me/away')).body.items.map((x: { employeeId: string }) => x.employeeId);
      expect(away).toEqual([employee.employeeId]);
    }
  });

  it('nobody decides their own request, a super admin neither', async () => {
    const mine = await addEmployee(a.client, a.entityId, { userId: a.userId, workEmail: a.email });
    const d = monday(10);
    const req = await a.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: d(0), endDate: d(0) });
    expect(req.status).toBe(201);
    expect(req.body.canDecide).toBe(false);
    for (const decision of ['approve', 'reject']) {
      const res = await a.client.post(`/hrms/leave-requests/${req.body.id}/${decision}`, {});
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(HRMS_MESSAGES.cannotDecideOwn);
    }
    // Filing for someone else and deciding it is HR's work, not one's own.
    const other = await a.client.post('/hrms/leave-requests', { employeeId: hr.employeeId, leaveTypeId: annual, startDate: d(7), endDate: d(7) });
    expect((await a.client.post(`/hrms/leave-requests/${other.body.id}/approve`, {})).status).toBe(200);
    expect(mine.id).toBeTruthy();
  });
});

describe('HR roles', () => {
  it('a Viewer reads the directory, decides nothing; a Member edits and approves but neither terminates nor changes managers; an App Admin does', async () => {
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    const member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const admin = await addUser(t, a, [{ entityId: a.entityId, role: 'app_admin' }]);
    const target = await addEmployee(a.client, a.entityId, { lastName: 'Target' });
    expect((await viewer.client.get('/hrms/employees')).status).toBe(200);
    expect((await viewer.client.patch(`/hrms/employees/${target.id}`, { jobTitle: 'X', version: target.version })).status).toBe(403);

    const edited = await member.client.patch(`/hrms/employees/${target.id}`, { jobTitle: 'Lead', version: target.version });
    expect(edited.status).toBe(200);
    const terminate = await member.client.post(`/hrms/employees/${target.id}/terminate`, { endDate: '2099-01-01', version: edited.body.version });
    expect(terminate.status).toBe(403);
    expect((await member.client.patch(`/hrms/employees/${target.id}`, { managerId: manager.employeeId, version: edited.body.version })).body.error.message).toBe(
      HRMS_MESSAGES.managerAdminOnly,
    );
    const d = monday(20);
    const req = await a.client.post('/hrms/leave-requests', { employeeId: target.id, leaveTypeId: annual, startDate: d(0), endDate: d(0) });
    expect((await viewer.client.post(`/hrms/leave-requests/${req.body.id}/approve`, {})).status).toBe(403);
    expect((await member.client.post(`/hrms/leave-requests/${req.body.id}/approve`, {})).status).toBe(200);

    const [row] = await t.sql<{ status: string }>('select status from hrms_employees where id = $1', [target.id]);
    expect(row!.status).toBe('active');
    expect((await admin.client.post(`/hrms/employees/${target.id}/terminate`, { endDate: '2099-01-01', version: edited.body.version })).status).toBe(200);
  });

  it('HR (Member) corrects an employee’s personal contact details on the edit form; a Viewer neither reads nor changes them', async () => {
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    const member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const target = await addEmployee(a.client, a.entityId, { lastName: 'Contact' });
    const contact = { personalEmail: 'Home@Example.org', phone: '+1 555 0100', address: '5 Elm Row\r\nLeeds', version: target.version };
    expect((await viewer.client.patch(`/hrms/employees/${target.id}`, contact)).status).toBe(403);
    const saved = await member.client.patch(`/hrms/employees/${target.id}`, { ...contact, jobTitle: 'Clerk' });
    expect(saved.status).toBe(200);
    const page = await member.client.get(`/hrms/employees/${target.id}`);
    expect(page.body).toMatchObject({ jobTitle: 'Clerk', personal: { personalEmail: 'home@example.org', phone: '+1 555 0100', address: '5 Elm Row\nLeeds' } });
    // Not in the directory, and not for a Viewer.
    expect((await viewer.client.get(`/hrms/employees/${target.id}`)).body.personal).toBeNull();
    expect(JSON.stringify((await member.client.get('/hrms/employees?limit=100')).body)).not.toContain('5 Elm Row');
    const bad = await member.client.patch(`/hrms/employees/${target.id}`, { personalEmail: 'nowhere', version: saved.body.version });
    expect(bad.body.error.message).toBe(HRMS_MESSAGES.invalidPersonalEmail);
    // The log says which contact fields changed, not what they hold; an edit of other fields adds no contact event.
    await member.client.patch(`/hrms/employees/${target.id}`, { department: 'Ops', phone: '+1 555 0100', version: saved.body.version });
    const events = await t.sql<{ changes: unknown }>("select changes from audit_events where action = 'hrms.employee.contact_updated' and target_id = $1", [target.id]);
    expect(events.map((e) => e.changes)).toEqual([[{ field: 'changed', after: ['personalEmail', 'phone', 'address'] }]]);
    expect(JSON.stringify(events)).not.toContain('Elm');
  });

  it('an App Admin links and unlinks; unlinked or deactivated, the employee loses the portal', async () => {
    const person = await linkedEmployee(null, 'Leaver');
    expect((await person.client.get('/hrms/me')).status).toBe(200);
    const options = await a.client.get(`/hrms/user-options?entityId=${a.entityId}`);
    expect(options.body.items.map((u: { id: string }) => u.id)).toContain(person.id);
    const record = (await a.client.get(`/hrms/employees/${person.employeeId}`)).body;
    expect((await a.client.patch(`/hrms/employees/${person.employeeId}`, { userId: null, version: record.version })).status).toBe(200);
    expect((await person.client.get('/hrms/me')).status).toBe(403);
    expect((await person.client.get('/me/products')).body.items.map((p: { type: string }) => p.type)).toEqual(['crm']);
    await walk(person.client, new Set(), [person.employeeId, hr.employeeId]);

    const again = await linkedEmployee(null, 'Deactivated');
    expect((await a.client.post(`/users/${again.id}/deactivate`, {})).status).toBeLessThan(300);
    expect((await again.client.get('/hrms/me')).status).toBe(401);
  });

  it('another company’s employee reaches nothing of this one', async () => {
    const b = await signUpCompany(t, ['crm', 'hrms']);
    const user = await addUser(t, b, [{ entityId: b.entityId, role: 'viewer', productId: b.productIds.crm }]);
    await addEmployee(b.client, b.entityId, { userId: user.id });
    const res = await user.client.get(`/hrms/employees/${employee.employeeId}`);
    expect(res.status).toBe(404);
    expect((await user.client.patch(`/hrms/me/${employee.employeeId}`, { phone: 'x', version: 1 })).status).toBe(404);
    expect((await user.client.get('/hrms/leave-requests')).body.items).toEqual([]);
    await walk(user.client, PORTAL_LISTS, [employee.employeeId, hr.employeeId, hr.requestId, 'Walk Target', a.entityId]);
  });
});
