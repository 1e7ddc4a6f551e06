import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpCompany, type TestApp } from '../../test/harness';
import { addEmployee, addUser, employeeBody, leaveTypeId, monday, type Company } from './test-fixtures';

let t: TestApp;
let a: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
}, 120_000);
afterAll(() => t.close());

interface EventRow {
  action: string;
  actor_id: string | null;
  target_type: string;
  target_id: string;
  target_label: string;
  changes: { field: string; before?: unknown; after?: unknown }[];
}

const eventsFor = (targetId: string) =>
  t.sql<EventRow>('select action, actor_id, target_type, target_id, target_label, changes from audit_events where target_id = $1 order by created_at, id', [
    targetId,
  ]);

const change = (e: EventRow | undefined, field: string) => e?.changes.find((c) => c.field === field);

describe('HRMS records write their audit events', () => {
  it('employees: created, updated (only the changed fields), terminated, with the pending leave it cancels', async () => {
    const employee = await addEmployee(a.client, a.entityId, { firstName: 'Ada', lastName: 'Audit' });
    const updated = await a.client.patch(`/hrms/employees/${employee.id}`, { jobTitle: 'Principal Engineer', version: employee.version });
    expect(updated.status).toBe(200);
    const day = monday(3);
    const unpaid = await leaveTypeId(a.client, a.entityId, 'Unpaid');
    const later = await a.client.post('/hrms/leave-requests', { employeeId: employee.id, leaveTypeId: unpaid, startDate: day(0), endDate: day(1) });
    expect(later.status).toBe(201);
    const terminated = await a.client.post(`/hrms/employees/${employee.id}/terminate`, { endDate: '2025-12-31', version: updated.body.version });
    expect(terminated.status).toBe(200);

    const events = await eventsFor(employee.id);
    expect(events.map((e) => e.action)).toEqual(['hrms.employee.created', 'hrms.employee.updated', 'hrms.employee.terminated']);
    expect(events[0]).toMatchObject({ actor_id: a.userId, target_type: 'employee', target_label: `Ada Audit <${employee.workEmail}>` });
    expect(change(events[0], 'jobTitle')).toEqual({ field: 'jobTitle', after: 'Engineer' });
    expect(change(events[0], 'employmentType')).toEqual({ field: 'employmentType', after: 'Full-time' });
    expect(events[1]!.changes).toEqual([{ field: 'jobTitle', before: 'Engineer', after: 'Principal Engineer' }]);
    expect(events[2]!.changes).toEqual([
      { field: 'status', before: 'Active', after: 'Terminated' },
      { field: 'endDate', before: null, after: '2025-12-31' },
    ]);
    const leave = await eventsFor(later.body.id);
    expect(leave.map((e) => e.action)).toEqual(['hrms.leave.requested', 'hrms.leave.cancelled']);
    expect(leave[1]!.changes).toEqual([
      { field: 'status', before: 'pending', after: 'cancelled' },
      { field: 'comment', before: null, after: 'Cancelled: employment ended' },
    ]);
  });

  it('leave requests: requested, approved, rejected, cancelled; never the reason', async () => {
    const employee = await addEmployee(a.client, a.entityId, { firstName: 'Lea', lastName: 'Ve' });
    const unpaid = await leaveTypeId(a.client, a.entityId, 'Unpaid');
    const day = monday(6);
    const ask = (from: number, to: number) =>
      a.client.post('/hrms/leave-requests', { employeeId: employee.id, leaveTypeId: unpaid, startDate: day(from), endDate: day(to), reason: 'A private matter' });
    const first = (await ask(0, 0)).body;
    const second = (await ask(1, 1)).body;
    const third = (await ask(2, 2)).body;
    expect((await a.client.post(`/hrms/leave-requests/${first.id}/approve`, { comment: 'Enjoy' })).status).toBe(200);
    expect((await a.client.post(`/hrms/leave-requests/${second.id}/reject`, { comment: 'Busy week' })).status).toBe(200);
    expect((await a.client.post(`/hrms/leave-requests/${third.id}/cancel`, {})).status).toBe(200);

    const [requested, approved] = await eventsFor(first.id);
    expect(requested).toMatchObject({ action: 'hrms.leave.requested', target_type: 'leave_request', target_label: `Lea Ve: Unpaid, ${day(0)} to ${day(0)}` });
    expect(change(requested, 'days')).toEqual({ field: 'days', after: 1 });
    expect(approved!.action).toBe('hrms.leave.approved');
    expect(approved!.changes).toEqual([
      { field: 'status', before: 'pending', after: 'approved' },
      { field: 'comment', before: null, after: 'Enjoy' },
    ]);
    expect((await eventsFor(second.id)).map((e) => e.action)).toEqual(['hrms.leave.requested', 'hrms.leave.rejected']);
    expect((await eventsFor(third.id)).map((e) => e.action)).toEqual(['hrms.leave.requested', 'hrms.leave.cancelled']);
    expect(JSON.stringify(await t.sql('select changes from audit_events where company_id = $1', [a.companyId]))).not.toContain('A private matter');
  });

  it('leave types: created and updated; imports write one event per employee', async () => {
    const created = await a.client.post('/hrms/leave-types', { entityId: a.entityId, name: 'Study', allowanceDays: 5 });
    expect(created.status).toBe(201);
    expect((await a.client.patch(`/hrms/leave-types/${created.body.id}`, { allowanceDays: 8, version: created.body.version })).status).toBe(200);
    const events = await eventsFor(created.body.id);
    expect(events.map((e) => e.action)).toEqual(['hrms.leave_type.created', 'hrms.leave_type.updated']);
    expect(events[1]!.changes).toEqual([{ field: 'allowanceDays', before: 5, after: 8 }]);

    const csv = `First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email\r\nImp,One,imp-one-${created.body.id.slice(0, 6)}@example.com,Clerk,Ops,Full-time,2024-01-01,\r\nBad,Row,not-an-email,Clerk,Ops,Full-time,2024-01-01,\r\n`;
    const report = await a.client.post('/hrms/employees/import', { entityId: a.entityId, csv });
    expect(report.status).toBe(200);
    const imported = await t.sql<{ id: string }>("select id from hrms_employees where first_name = 'Imp' and last_name = 'One'");
    expect((await eventsFor(imported[0]!.id)).map((e) => e.action)).toEqual(['hrms.employee.created']);
    expect(await t.sql("select 1 from audit_events where target_label like 'Bad Row%'")).toHaveLength(0);
  });

  it('refused changes write no event', async () => {
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    const holder = await addEmployee(a.client, a.entityId);
    const employee = await addEmployee(a.client, a.entityId);
    const before = await t.sql('select id from audit_events where company_id = $1', [a.companyId]);
    expect((await viewer.client.post('/hrms/leave-types', { entityId: a.entityId, name: 'Nope', allowanceDays: 1 })).status).toBe(403);
    expect((await a.client.patch(`/hrms/employees/${employee.id}`, { jobTitle: 'Stale', version: employee.version + 100 })).status).toBe(409);
    // Refused by the database after the event was queued (the work email taken): the event goes with the change, not without it.
    expect((await a.client.post('/hrms/employees', employeeBody(a.entityId, { workEmail: holder.workEmail }))).status).toBe(409);
    expect((await a.client.patch(`/hrms/employees/${employee.id}`, { workEmail: holder.workEmail, version: employee.version })).status).toBe(409);
    const after = await t.sql('select id from audit_events where company_id = $1', [a.companyId]);
    expect(after.length - before.length).toBe(0);
  });
});

describe('no HRMS change without its event', () => {
  async function withFailingEvents<T>(run: () => Promise<T>) {
    await t.sql(`create or replace function inject_failure() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`);
    await t.sql("create trigger inject_failure before insert on audit_events for each row when (new.action like 'hrms.%') execute function inject_failure()");
    try {
      return await run();
    } finally {
      await t.sql('drop trigger inject_failure on audit_events');
    }
  }

  it('employee, leave type and leave request writes are rolled back when their event cannot be written', async () => {
    const count = async (table: string) => Number((await t.sql<{ n: string }>(`select count(*) as n from ${table} where company_id = $1`, [a.companyId]))[0]!.n);
    const employee = await addEmployee(a.client, a.entityId);
    const unpaid = await leaveTypeId(a.client, a.entityId, 'Unpaid');
    const day = monday(9);
    const pending = (await a.client.post('/hrms/leave-requests', { employeeId: employee.id, leaveTypeId: unpaid, startDate: day(0), endDate: day(0) })).body;
    const [employees, types, requests] = [await count('hrms_employees'), await count('hrms_leave_types'), await count('hrms_leave_requests')];

    await withFailingEvents(async () => {
      expect((await a.client.post('/hrms/employees', employeeBody(a.entityId))).status).toBe(500);
      expect((await a.client.patch(`/hrms/employees/${employee.id}`, { jobTitle: 'Changed', version: employee.version })).status).toBe(500);
      expect((await a.client.post(`/hrms/employees/${employee.id}/terminate`, { endDate: '2025-12-31', version: employee.version })).status).toBe(500);
      expect((await a.client.post('/hrms/leave-types', { entityId: a.entityId, name: 'Never', allowanceDays: 1 })).status).toBe(500);
      expect((await a.client.post('/hrms/leave-requests', { employeeId: employee.id, leaveTypeId: unpaid, startDate: day(1), endDate: day(1) })).status).toBe(500);
      expect((await a.client.post(`/hrms/leave-requests/${pending.id}/approve`, {})).status).toBe(500);
      expect((await a.client.post(`/hrms/leave-requests/${pending.id}/cancel`, {})).status).toBe(500);
    });

    expect([await count('hrms_employees'), await count('hrms_leave_types'), await count('hrms_leave_requests')]).toEqual([employees, types, requests]);
    const [row] = await t.sql<{ job_title: string; status: string }>('select job_title, status from hrms_employees where id = $1', [employee.id]);
    expect(row).toEqual({ job_title: 'Engineer', status: 'active' });
    expect((await t.sql<{ status: string }>('select status from hrms_leave_requests where id = $1', [pending.id]))[0]!.status).toBe('pending');
  });
});
