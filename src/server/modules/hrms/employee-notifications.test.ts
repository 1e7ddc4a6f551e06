/**
 * Notifications reach employees without an HRMS grant (issues 33/34): for HRMS, being a current
 * employee of the entity is enough to read its notifications (platform/notifications.ts,
 * canReadRecord; migration 0037). A manager who uses HRMS only through self-service hears of their
 * reports' leave requests in the app and by email, and stops hearing (list and email) once
 * unlinked from their record or past their last day; an employee hears of their onboarding tasks.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverableEmail } from '../../mail/outbox';
import { deliverPendingEmail } from '../../mail/sender';
import { withTenant } from '../../db/tenant';
import { notificationMailComposer, notify } from '../../platform/notifications';
import { createTestApp, ORIGIN, signUpCompany, type Client, type TestApp } from '../../test/harness';
import { addEmployee, addEntity, addUser, leaveTypeId, monday, type Company } from './test-fixtures';

let t: TestApp;
let a: Company;
let annual: string;
type Person = { client: Client; id: string; email: string; employeeId: string };

/** A user holding only CRM (no HRMS grant anywhere), linked to a new employee of the entity. */
async function linkedEmployee(lastName: string, managerId: string | null = null, overrides: Record<string, unknown> = {}): Promise<Person> {
  const user = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer', productId: a.productIds.crm }]);
  const record = await addEmployee(a.client, a.entityId, { userId: user.id, managerId, lastName, workEmail: user.email, ...overrides });
  return { ...user, employeeId: record.id };
}

/** A manager and their report, neither holding HRMS. */
const managerAndReport = async (name: string) => {
  const manager = await linkedEmployee(`${name}Manager`);
  return { manager, report: await linkedEmployee(`${name}Report`, manager.employeeId) };
};

let week = 1;
/** The report asks for a day off; the manager is told. */
async function requestLeave(report: Person) {
  const day = monday(week++)(0);
  const res = await report.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: day, endDate: day });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const listed = async (who: Person, category: string) => ((await who.client.get('/notifications')).body.items as { category: string; title: string }[]).filter((n) => n.category === category);

const outboxFor = (email: string) => t.sql<{ status: string }>('select status from email_outbox where to_address = $1 and notification_id is not null order by created_at', [email]);

/** Delivers every due email as the mail sender does (composing notifications as they are now); returns what was sent. */
async function deliver() {
  const sent: DeliverableEmail[] = [];
  const transport = { kind: 'smtp' as const, send: async (mail: DeliverableEmail) => void sent.push(mail), close: () => {} };
  const compose = notificationMailComposer(t.database.db, { baseUrl: ORIGIN, secret: 'unused: the links are not followed here' });
  while ((await deliverPendingEmail(t.database.db, transport, pino({ level: 'silent' }), { compose })).claimed > 0);
  return sent;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  annual = await leaveTypeId(a.client, a.entityId, 'Annual');
}, 120_000);
afterAll(() => t.close());

describe('a manager without an HRMS grant', () => {
  it('hears of their report’s leave request in the app and by email', async () => {
    const { manager, report } = await managerAndReport('Told');
    await requestLeave(report);
    const told = await listed(manager, 'leave_requests');
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toContain('ToldReport');
    expect((await manager.client.get('/notifications/unread-count')).body).toEqual({ count: 1 });
    const sent = await deliver();
    expect(sent.filter((m) => m.to === manager.email).map((m) => m.subject)).toEqual([expect.stringContaining('ToldReport')]);
    expect(await outboxFor(manager.email)).toEqual([{ status: 'sent' }]);
    // The report is the actor: not told of their own request.
    expect(await listed(report, 'leave_requests')).toEqual([]);
  });

  it('unlinked from their record before delivery: no email (skipped), nothing listed', async () => {
    const { manager, report } = await managerAndReport('Unlinked');
    await requestLeave(report);
    expect(await listed(manager, 'leave_requests')).toHaveLength(1);
    const record = (await a.client.get(`/hrms/employees/${manager.employeeId}`)).body as { version: number };
    expect((await a.client.patch(`/hrms/employees/${manager.employeeId}`, { userId: null, version: record.version })).status).toBe(200);
    expect(await listed(manager, 'leave_requests')).toEqual([]);
    expect((await manager.client.get('/notifications/unread-count')).body).toEqual({ count: 0 });
    expect((await deliver()).filter((m) => m.to === manager.email)).toEqual([]);
    expect(await outboxFor(manager.email)).toEqual([{ status: 'skipped' }]);
  });

  it('past their last day before delivery: no email (skipped), nothing listed; a last day still ahead keeps them told', async () => {
    const { manager, report } = await managerAndReport('Leaving');
    await requestLeave(report);
    const record = (await a.client.get(`/hrms/employees/${manager.employeeId}`)).body as { version: number };
    const ahead = await a.client.post(`/hrms/employees/${manager.employeeId}/terminate`, { endDate: '2099-12-31', version: record.version });
    expect(ahead.status, JSON.stringify(ahead.body)).toBe(200);
    expect(await listed(manager, 'leave_requests')).toHaveLength(1);
    // Their last day moved into the past (the API dates a termination from today on).
    await t.sql("update hrms_employees set end_date = '2024-06-30' where id = $1", [manager.employeeId]);
    expect(await listed(manager, 'leave_requests')).toEqual([]);
    expect((await deliver()).filter((m) => m.to === manager.email)).toEqual([]);
    expect(await outboxFor(manager.email)).toEqual([{ status: 'skipped' }]);
  });

  it('is told only of HRMS records of an entity where they are employed; a user who is no employee, of none', async () => {
    const { manager } = await managerAndReport('Elsewhere');
    const other = await addEntity(a, 'Elsewhere Ltd');
    const crmOnly = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer', productId: a.productIds.crm }]);
    const tell = (recipient: string, entityId: string) =>
      withTenant(t.database.db, a.companyId, (tx) =>
        notify(tx, { companyId: a.companyId, actorId: a.userId, recipients: [recipient], category: 'leave_requests', title: 'Test', url: '/hrms/leaves', product: 'hrms', entityId }),
      );
    expect(await tell(manager.id, a.entityId)).toEqual([manager.id]);
    expect(await tell(manager.id, other)).toEqual([]);
    expect(await tell(crmOnly.id, a.entityId)).toEqual([]);
  });

  it('the employment check answers within the transaction’s company only: another company cannot probe ours', async () => {
    const { manager } = await managerAndReport('Probed');
    const b = await signUpCompany(t, ['hrms']);
    const probe = (companyId: string) =>
      withTenant(t.database.db, companyId, async (tx) => (await tx.execute<{ yes: boolean }>(sql`select app_is_current_employee(${manager.id}, ${a.entityId}) as yes`)).rows[0]!.yes);
    expect(await probe(a.companyId)).toBe(true);
    expect(await probe(b.companyId)).toBe(false);
  });
});

describe('an employee without an HRMS grant', () => {
  it('is told of the onboarding task assigned to them', async () => {
    const template = await a.client.post('/hrms/onboarding/templates', { entityId: a.entityId, kind: 'onboarding', name: 'Starters', isDefault: true });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const task = await a.client.post(`/hrms/onboarding/templates/${template.body.id}/tasks`, { title: 'Read the handbook', assigneeKind: 'employee', dueOffsetDays: 1 });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    const starter = await linkedEmployee('Starter', null, { firstName: 'Ada', startDate: '2030-03-10' });
    expect((await listed(starter, 'onboarding')).map((n) => n.title)).toEqual([expect.stringContaining('Ada Starter: Read the handbook')]);
    expect((await deliver()).filter((m) => m.to === starter.email)).toHaveLength(1);
  });
});
