/**
 * Who the caller is as an employee (the module kit's self-service scope, platform/scope.ts) is cached
 * with the session on PostgreSQL and checked by the database in each request's first pipeline
 * (app_check_self_scope, migration 0044): a change of records, managers or links made anywhere —
 * another server process, or the database behind every server's back — holds from the next request,
 * reads and writes alike. On PGlite (no cache) the same answers are read fresh each time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpCompany, type TestApp } from '../test/harness';
import { addEmployee, addUser, type Company } from '../modules/hrms/test-fixtures';

let t: TestApp;
let a: Company;
/** Another server process on the same database (its own pool and session cache on PostgreSQL). */
let hrOnB: Client;

type Person = { client: Client; userId: string; employeeId: string };

/** A user without an HRMS grant (a CRM Viewer) linked to a new employee, whose portal has been read twice (cached). */
async function linked(managerId: string | null = null): Promise<Person> {
  const user = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer', productId: a.productIds.crm }]);
  const record = await addEmployee(a.client, a.entityId, { userId: user.id, managerId, workEmail: user.email });
  for (let i = 0; i < 2; i++) expect((await user.client.get('/hrms/me')).status).toBe(200);
  return { client: user.client, userId: user.id, employeeId: record.id };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  hrOnB = new Client({ app: await t.peer() });
  hrOnB.cookie = a.client.cookie;
}, 120_000);
afterAll(() => t.close());

describe('the self-service scope follows a change at once, wherever it was made', () => {
  it('a manager loses a report moved away by HR on another process, and sees one given to them', async () => {
    const manager = await linked();
    const report = await addEmployee(a.client, a.entityId, { managerId: manager.employeeId });
    const profile = () => manager.client.get(`/hrms/employees/${report.id}`);
    expect((await profile()).status).toBe(200);
    expect((await profile()).status).toBe(200);

    const moved = await hrOnB.patch(`/hrms/employees/${report.id}`, { managerId: null, version: report.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await profile()).status).toBe(404);
    expect((await manager.client.get('/hrms/me')).body.employees[0].hasReports).toBe(false);

    const back = await hrOnB.patch(`/hrms/employees/${report.id}`, { managerId: manager.employeeId, version: moved.body.version });
    expect(back.status).toBe(200);
    expect((await profile()).status).toBe(200);
  });

  it('a change behind every server’s back (SQL, no event): unlinked, the employee loses the portal at once; linked again, has it back', async () => {
    const employee = await linked();
    await t.sql('update hrms_employees set user_id = null where id = $1', [employee.employeeId]);
    expect((await employee.client.get('/hrms/me')).status).toBe(403);
    expect((await employee.client.get(`/hrms/employees/${employee.employeeId}`)).status).toBe(403);
    await t.sql('update hrms_employees set user_id = $2 where id = $1', [employee.employeeId, employee.userId]);
    const me = await employee.client.get('/hrms/me');
    expect(me.status).toBe(200);
    expect(me.body.employees.map((e: { id: string }) => e.id)).toEqual([employee.employeeId]);
  });

  it('a record past its last day stops counting the day it ends (judged by the database, not the cache)', async () => {
    const employee = await linked();
    await t.sql("update hrms_employees set status = 'terminated', end_date = current_date - 1 where id = $1", [employee.employeeId]);
    expect((await employee.client.get('/hrms/me')).status).toBe(403);
  });

  it('a write judged on a scope that changed is refused and writes nothing: the contact change of an employee unlinked meanwhile', async () => {
    const employee = await linked();
    const before = (await employee.client.get('/hrms/me')).body.employees[0];
    await t.sql('update hrms_employees set user_id = null where id = $1', [employee.employeeId]);
    const res = await employee.client.patch(`/hrms/me/${employee.employeeId}`, { phone: '+1 555 0199', version: before.version });
    expect(res.status).toBe(403);
    const [row] = await t.sql<{ phone: string | null; version: number }>('select phone, version from hrms_employees where id = $1', [employee.employeeId]);
    expect(row!.version).toBe(before.version);
    expect(row!.phone).not.toBe('+1 555 0199');
  });

  it('requests racing a change all answer by it once it has committed: eight reads of a report just moved away', async () => {
    const manager = await linked();
    const report = await addEmployee(a.client, a.entityId, { managerId: manager.employeeId });
    expect((await manager.client.get(`/hrms/employees/${report.id}`)).status).toBe(200);
    await t.sql('update hrms_employees set manager_id = null where id = $1', [report.id]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => manager.client.get(`/hrms/employees/${report.id}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(404));
    // And the scope read afresh is cached again: the next answers are the same.
    expect((await manager.client.get(`/hrms/employees/${report.id}`)).status).toBe(404);
  });

  it('one user’s cached scope is never another’s: two employees on one process each see only their own record', async () => {
    const [one, two] = [await linked(), await linked()];
    for (let i = 0; i < 3; i++) {
      const [x, y] = await Promise.all([one.client.get('/hrms/me'), two.client.get('/hrms/me')]);
      expect(x.body.employees.map((e: { id: string }) => e.id)).toEqual([one.employeeId]);
      expect(y.body.employees.map((e: { id: string }) => e.id)).toEqual([two.employeeId]);
    }
    expect((await one.client.get(`/hrms/employees/${two.employeeId}`)).status).toBe(404);
  });
});
