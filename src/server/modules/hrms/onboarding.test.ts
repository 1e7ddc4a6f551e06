import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_MESSAGES } from '@/shared/modules';
import { ONBOARDING_MESSAGES, type Checklist } from '@/shared/onboarding';
import { createTestApp, signUpCompany, type Client, type TestApp } from '../../test/harness';
import { addEmployee, addEntity, addUser, type Company } from './test-fixtures';

let t: TestApp;
let a: Company;
let b: Company;
type Person = Awaited<ReturnType<typeof addUser>>;
/** HR: an App Admin and a Member of entity A; a viewer named on tasks; people without grants. */
let hrAdmin: Person;
let hrMember: Person;
let named: Person;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['hrms', 'ats']);
  b = await signUpCompany(t, ['hrms']);
  hrAdmin = await addUser(t, a, [{ entityId: a.entityId, role: 'app_admin' }]);
  hrMember = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
  named = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
}, 180_000);
afterAll(() => t.close());

const ok = <T>(res: { status: number; body: T }, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

/** A default template of `kind` at the entity with one task per assignee kind, due -3, 0, +1 and +7 days. */
async function defaultTemplate(admin: Client, entityId: string, kind: 'onboarding' | 'offboarding', namedUserId: string) {
  const template = ok(await admin.post('/hrms/onboarding/templates', { entityId, kind, name: `${kind} ${Math.random()}`, isDefault: true }), 201) as { id: string };
  const tasks = [
    { title: 'Prepare the contract', assigneeKind: 'hr', dueOffsetDays: -3, description: 'Two copies.\nOne signed.' },
    { title: 'Meet the team', assigneeKind: 'manager', dueOffsetDays: 0 },
    { title: 'Read the handbook', assigneeKind: 'employee', dueOffsetDays: 1 },
    { title: 'Set up the laptop', assigneeKind: 'user', assigneeUserId: namedUserId, dueOffsetDays: 7 },
  ];
  for (const task of tasks) ok(await admin.post(`/hrms/onboarding/templates/${template.id}/tasks`, task), 201);
  return template.id;
}

const checklists = async (client: Client, query: string) => ok(await client.get(`/hrms/onboarding/checklists?${query}`)).items as Checklist[];
const notified = async (who: { client: Client }, text: string) =>
  ((await who.client.get('/notifications')).body.items as { category: string; title: string; url: string }[]).filter((n) => n.category === 'onboarding' && n.title.includes(text));

describe('onboarding: starting an employee', () => {
  let manager: Person;
  let employee: Person;
  let employeeId: string;
  let list: Checklist;

  beforeAll(async () => {
    await defaultTemplate(hrAdmin.client, a.entityId, 'onboarding', named.id);
    // The manager and the employee hold only a viewer grant: they may read notifications of the entity, not act as HR.
    manager = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    employee = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    const managerRecord = await addEmployee(a.client, a.entityId, { userId: manager.id, startDate: '2020-01-01' });
    employeeId = (await addEmployee(a.client, a.entityId, { userId: employee.id, managerId: managerRecord.id, firstName: 'Ada', lastName: 'Newstart', startDate: '2030-03-10' })).id;
    list = (await checklists(hrMember.client, `kind=onboarding&employeeId=${employeeId}`))[0]!;
  });

  it('creates the checklist from the default template, due dates counted from the start date, assignees resolved', () => {
    expect(list).toMatchObject({ kind: 'onboarding', employeeName: 'Ada Newstart', anchorDate: '2030-03-10', totalTasks: 4, doneTasks: 0, nextDueDate: '2030-03-07', completedAt: null });
    expect(list.tasks.map((x) => [x.title, x.dueDate, x.assigneeKind, x.assigneeUserId])).toEqual([
      ['Prepare the contract', '2030-03-07', 'hr', null],
      ['Meet the team', '2030-03-10', 'manager', manager.id],
      ['Read the handbook', '2030-03-11', 'employee', employee.id],
      ['Set up the laptop', '2030-03-17', 'user', named.id],
    ]);
    expect(list.tasks[0]!.description).toBe('Two copies.\nOne signed.');
  });

  it('tells each assignee of their task (HR for HR’s), never the actor', async () => {
    for (const [who, title] of [
      [hrAdmin, 'Prepare the contract'],
      [hrMember, 'Prepare the contract'],
      [manager, 'Meet the team'],
      [employee, 'Read the handbook'],
      [named, 'Set up the laptop'],
    ] as const) {
      const told = await notified(who, `Ada Newstart: ${title}`);
      expect(told, `${title}`).toHaveLength(1);
    }
    expect((await notified(named, 'Ada Newstart: Meet the team')).length).toBe(0);
    expect((await notified(manager, 'Ada Newstart: Read the handbook')).length).toBe(0);
    expect((await notified(a, 'Ada Newstart')).length).toBe(0);
    expect((await notified(named, 'Set up the laptop'))[0]!.url).toBe(`/hrms/onboarding?checklist=${list.id}`);
    expect((await notified(employee, 'Read the handbook'))[0]!.url).toBe('/hrms/portal');
  });

  it('HR sees every task; the employee their whole checklist; an assignee only their own task', async () => {
    expect((await checklists(employee.client, 'kind=onboarding')).map((c) => [c.id, c.tasks.length])).toEqual([[list.id, 4]]);
    const forNamed = (await checklists(named.client, 'kind=onboarding')).find((c) => c.id === list.id)!;
    expect(forNamed.tasks.map((x) => x.title)).toEqual(['Set up the laptop']);
    expect(forNamed.totalTasks).toBe(4);
    // HR asking for their own (the portal) sees none of this.
    expect((await checklists(hrMember.client, 'mine=true')).map((c) => c.id)).not.toContain(list.id);
  });

  it('the assignee and HR tick tasks; the employee may not tick another’s task, others are told it does not exist', async () => {
    const [contract, meet, handbook, laptop] = list.tasks;
    const own = ok(await employee.client.post(`/hrms/onboarding/tasks/${handbook!.id}/done`, { done: true }));
    expect(own).toMatchObject({ id: handbook!.id, canComplete: true, doneByName: 'Hr User', doneAt: expect.any(String) });
    const notHers = await employee.client.post(`/hrms/onboarding/tasks/${meet!.id}/done`, { done: true });
    expect([notHers.status, notHers.body.error.message]).toEqual([403, ONBOARDING_MESSAGES.cannotComplete]);
    // The named user sees only their task: another's is not there for them, in any letter case.
    expect((await named.client.post(`/hrms/onboarding/tasks/${contract!.id}/done`, { done: true })).status).toBe(404);
    expect((await named.client.post(`/hrms/onboarding/tasks/${contract!.id.toUpperCase()}/done`, { done: true })).status).toBe(404);
    ok(await named.client.post(`/hrms/onboarding/tasks/${laptop!.id.toUpperCase()}/done`, { done: true }));
    ok(await manager.client.post(`/hrms/onboarding/tasks/${meet!.id}/done`, { done: true }));
    ok(await hrMember.client.post(`/hrms/onboarding/tasks/${contract!.id}/done`, { done: true }));
    // Twice is the same as once: no second event.
    ok(await hrMember.client.post(`/hrms/onboarding/tasks/${contract!.id}/done`, { done: true }));
    const events = await t.sql<{ n: number }>(`select count(*)::int as n from audit_events where action = 'hrms.checklist_task.completed' and target_id = $1`, [contract!.id]);
    expect(events[0]!.n).toBe(1);
    const [done] = await checklists(hrMember.client, `employeeId=${employeeId}`);
    expect(done).toMatchObject({ doneTasks: 4, nextDueDate: null, completedAt: expect.any(String) });
    expect((await checklists(hrMember.client, `employeeId=${employeeId}&status=open`)).length).toBe(0);
    // Back to not done: open again, due next on that task.
    ok(await hrAdmin.client.post(`/hrms/onboarding/tasks/${meet!.id}/done`, { done: false }));
    const [reopened] = await checklists(hrMember.client, `employeeId=${employeeId}&status=open`);
    expect(reopened).toMatchObject({ doneTasks: 3, nextDueDate: '2030-03-10', completedAt: null });
  });

  it('another entity’s HR and another company see none of it and tick nothing', async () => {
    const entityB = await addEntity(a);
    const otherHr = await addUser(t, a, [{ entityId: entityB, role: 'app_admin' }]);
    expect((await checklists(otherHr.client, '')).map((c) => c.id)).not.toContain(list.id);
    expect((await otherHr.client.get(`/hrms/onboarding/checklists?entityId=${a.entityId}`)).status).toBe(404);
    expect((await otherHr.client.post(`/hrms/onboarding/tasks/${list.tasks[0]!.id}/done`, { done: false })).status).toBe(404);
    expect((await checklists(b.client, '')).length).toBe(0);
    expect((await b.client.post(`/hrms/onboarding/tasks/${list.tasks[0]!.id}/done`, { done: false })).status).toBe(404);
    expect((await b.client.get(`/hrms/onboarding/templates?entityId=${a.entityId}`)).status).toBe(404);
  });
});

describe('an employee without any HRMS grant (self-service)', () => {
  it('sees their own checklist and ticks their own task, nothing of anyone else', async () => {
    const c = await signUpCompany(t, ['hrms', 'crm']);
    const viewer = await addUser(t, c, [{ entityId: c.entityId, role: 'viewer' }]);
    await defaultTemplate(c.client, c.entityId, 'onboarding', viewer.id);
    // A user must hold some product: CRM here, nothing of HRMS.
    const plain = await addUser(t, c, [{ entityId: c.entityId, role: 'viewer', productId: c.productIds.crm }]);
    const mine = await addEmployee(c.client, c.entityId, { userId: plain.id, startDate: '2031-01-06' });
    const other = await addEmployee(c.client, c.entityId, { startDate: '2031-01-06' });
    const seen = await checklists(plain.client, '');
    expect(seen.map((x) => x.employeeId)).toEqual([mine.id]);
    const handbook = seen[0]!.tasks.find((x) => x.assigneeKind === 'employee')!;
    expect(handbook.canComplete).toBe(true);
    expect(seen[0]!.tasks.filter((x) => x.canComplete)).toHaveLength(1);
    ok(await plain.client.post(`/hrms/onboarding/tasks/${handbook.id}/done`, { done: true }));
    const [theirs] = await checklists(c.client, `employeeId=${other.id}`);
    expect((await plain.client.post(`/hrms/onboarding/tasks/${theirs!.tasks[0]!.id}/done`, { done: true })).status).toBe(404);
    expect((await plain.client.get('/hrms/onboarding/templates')).status).toBe(403);
  });
});

describe('offboarding: scheduling a termination', () => {
  it('creates the checklist from the last day; a last day already past creates none', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const viewer = await addUser(t, c, [{ entityId: c.entityId, role: 'viewer' }]);
    await defaultTemplate(c.client, c.entityId, 'offboarding', viewer.id);
    const leaver = await addEmployee(c.client, c.entityId, { startDate: '2020-01-01' });
    expect(await checklists(c.client, `kind=onboarding&employeeId=${leaver.id}`)).toEqual([]); // no onboarding template here
    ok(await c.client.post(`/hrms/employees/${leaver.id}/terminate`, { endDate: '2031-06-30', version: leaver.version }));
    const [off] = await checklists(c.client, `kind=offboarding&employeeId=${leaver.id}`);
    expect(off).toMatchObject({ kind: 'offboarding', anchorDate: '2031-06-30', totalTasks: 4 });
    expect(off!.tasks.map((x) => x.dueDate)).toEqual(['2031-06-27', '2031-06-30', '2031-07-01', '2031-07-07']);
    // No manager and no linked account: those tasks fall to HR.
    expect(off!.tasks.map((x) => x.assigneeUserId)).toEqual([null, null, null, viewer.id]);
    expect(await notified(viewer, 'Offboarding of')).toHaveLength(1);
    const past = await addEmployee(c.client, c.entityId, { startDate: '2020-01-01' });
    ok(await c.client.post(`/hrms/employees/${past.id}/terminate`, { endDate: '2021-01-01', version: past.version }));
    expect(await checklists(c.client, `kind=offboarding&employeeId=${past.id}`)).toEqual([]);
  });
});

describe('the ATS hire', () => {
  it('starts onboarding for the new employee in the same change', async () => {
    // Through the ATS's API: its fixtures are the ATS's own.
    const job = ok(await a.client.post('/ats/jobs', { entityId: a.entityId, title: 'Analyst', department: 'Data', location: 'London', employmentType: 'full_time', openings: 1, status: 'open' }), 201) as { id: string };
    const candidate = ok(await a.client.post('/ats/candidates', { entityId: a.entityId, firstName: 'Hired', lastName: 'Fromats', email: `hired-${Math.random()}@example.com` }), 201) as { id: string };
    const app = ok(await a.client.post('/ats/applications', { candidateId: candidate.id, jobId: job.id }), 201) as { id: string; version: number };
    const hired = ok(await a.client.post(`/ats/applications/${app.id}/move`, { stage: 'hired', createEmployee: { startDate: '2030-09-01' }, version: app.version })) as { employeeId: string };
    const [list] = await checklists(hrAdmin.client, `kind=onboarding&employeeId=${hired.employeeId}`);
    expect(list).toMatchObject({ employeeName: 'Hired Fromats', anchorDate: '2030-09-01', totalTasks: 4 });
    expect(await notified(hrAdmin, 'Hired Fromats: Prepare the contract')).toHaveLength(1);
  });
});

describe('the CSV import', () => {
  it('starts onboarding for each imported employee, as the form does', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const viewer = await addUser(t, c, [{ entityId: c.entityId, role: 'viewer' }]);
    await defaultTemplate(c.client, c.entityId, 'onboarding', viewer.id);
    const header = 'First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email';
    const email = `ima-${Math.random()}@example.com`;
    const rows = [`Ima,Ported,${email},,,Full-time,2031-02-03,`, `Dup,Licate,${email},,,Full-time,2031-02-03,`];
    const result = ok(await c.client.post('/hrms/employees/import', { entityId: c.entityId, csv: `${header}\n${rows.join('\n')}` })) as { created: number };
    expect(result.created).toBe(1);
    const items = await checklists(c.client, 'kind=onboarding');
    // The refused row (the same work email) made no checklist: only the imported employee has one.
    expect(items.map((x) => [x.employeeName, x.anchorDate, x.totalTasks])).toEqual([['Ima Ported', '2031-02-03', 4]]);
    expect(await notified(viewer, 'Ima Ported: Set up the laptop')).toHaveLength(1);
  });
});

describe('the list', () => {
  it('puts checklists with overdue tasks first, and counts them', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const viewer = await addUser(t, c, [{ entityId: c.entityId, role: 'viewer' }]);
    await defaultTemplate(c.client, c.entityId, 'onboarding', viewer.id);
    const later = await addEmployee(c.client, c.entityId, { startDate: '2032-01-05' });
    const late = await addEmployee(c.client, c.entityId, { startDate: '2022-01-05' });
    const items = await checklists(c.client, 'kind=onboarding&status=open');
    expect(items.map((x) => x.employeeId)).toEqual([late.id, later.id]);
    expect(items.map((x) => x.overdueTasks)).toEqual([4, 0]);
  });
});

describe('templates', () => {
  it('App Admins manage them; Members read them; Viewers and other companies neither', async () => {
    const template = ok(await hrAdmin.client.post('/hrms/onboarding/templates', { entityId: a.entityId, kind: 'offboarding', name: 'Leavers' }), 201) as { id: string; version: number };
    expect((await hrMember.client.post('/hrms/onboarding/templates', { entityId: a.entityId, kind: 'offboarding', name: 'Mine' })).status).toBe(403);
    expect((await hrMember.client.get('/hrms/onboarding/templates')).body.items.map((x: { id: string }) => x.id)).toContain(template.id);
    expect((await named.client.get('/hrms/onboarding/templates')).status).toBe(403);
    const taken = await hrAdmin.client.post('/hrms/onboarding/templates', { entityId: a.entityId, kind: 'offboarding', name: 'LEAVERS' });
    expect([taken.status, taken.body.error.message]).toEqual([409, ONBOARDING_MESSAGES.templateTaken]);
    expect((await b.client.patch(`/hrms/onboarding/templates/${template.id}`, { name: 'Hijack', version: 1 })).status).toBe(404);
    expect((await b.client.post(`/hrms/onboarding/templates/${template.id}/tasks`, { title: 'Hijack', assigneeKind: 'hr' })).status).toBe(404);
  });

  it('one default per kind: a new default takes it from the old one', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const first = ok(await c.client.post('/hrms/onboarding/templates', { entityId: c.entityId, kind: 'onboarding', name: 'First', isDefault: true }), 201) as { id: string };
    const second = ok(await c.client.post('/hrms/onboarding/templates', { entityId: c.entityId, kind: 'onboarding', name: 'Second' }), 201) as { id: string; version: number };
    ok(await c.client.patch(`/hrms/onboarding/templates/${second.id}`, { isDefault: true, version: second.version }));
    const items = (await c.client.get('/hrms/onboarding/templates')).body.items as { id: string; isDefault: boolean }[];
    expect(items.map((x) => [x.id, x.isDefault]).sort()).toEqual([[first.id, false], [second.id, true]].sort());
  });

  it('a task names a user holding HRMS at the entity, only with "a named user"; edits and removals take the version', async () => {
    const template = ok(await hrAdmin.client.post('/hrms/onboarding/templates', { entityId: a.entityId, kind: 'onboarding', name: `Tasks ${Math.random()}` }), 201) as { id: string };
    const add = (body: Record<string, unknown>) => hrAdmin.client.post(`/hrms/onboarding/templates/${template.id}/tasks`, { title: 'Badge', ...body });
    const outsider = await addUser(t, b, [{ entityId: b.entityId, role: 'viewer' }]);
    const refused = await add({ assigneeKind: 'user', assigneeUserId: outsider.id });
    expect([refused.status, refused.body.error.message]).toEqual([400, ONBOARDING_MESSAGES.assigneeUserNotFound]);
    expect((await add({ assigneeKind: 'user' })).body.error.message).toBe(ONBOARDING_MESSAGES.assigneeUserRequired);
    expect((await add({ assigneeKind: 'hr', assigneeUserId: named.id })).status).toBe(400);
    expect((await add({ assigneeKind: 'hr', dueOffsetDays: 366 })).body.error.message).toBe(ONBOARDING_MESSAGES.dueOffsetInvalid);
    const task = ok(await add({ assigneeKind: 'user', assigneeUserId: named.id.toUpperCase(), dueOffsetDays: -1 }), 201) as { id: string; version: number; assigneeName: string };
    expect(task.assigneeName).toBe('Hr User');
    const options = (await hrAdmin.client.get(`/hrms/onboarding/assignee-options?entityId=${a.entityId}`)).body.items.map((x: { id: string }) => x.id);
    expect(options).toEqual(expect.arrayContaining([named.id, hrMember.id]));
    expect(options).not.toContain(outsider.id);
    expect((await hrMember.client.get(`/hrms/onboarding/assignee-options?entityId=${a.entityId}`)).status).toBe(403);
    expect((await b.client.get(`/hrms/onboarding/assignee-options?entityId=${a.entityId}`)).status).toBe(404);
    const edit = { title: 'Badge and keys', description: 'Line one\nLine two', assigneeKind: 'hr', assigneeUserId: null, dueOffsetDays: 2 };
    expect((await hrAdmin.client.patch(`/hrms/onboarding/template-tasks/${task.id}`, { ...edit, version: task.version + 1 })).status).toBe(409);
    const edited = ok(await hrAdmin.client.patch(`/hrms/onboarding/template-tasks/${task.id}`, { ...edit, version: task.version })) as { version: number };
    expect(edited).toMatchObject({ title: 'Badge and keys', description: 'Line one\nLine two', assigneeKind: 'hr', assigneeUserId: null, dueOffsetDays: 2 });
    expect((await hrMember.client.delete(`/hrms/onboarding/template-tasks/${task.id}?version=${edited.version}`)).body.error.message).toBe(MODULE_MESSAGES.appAdminRequired);
    expect((await b.client.delete(`/hrms/onboarding/template-tasks/${task.id}?version=${edited.version}`)).status).toBe(404);
    ok(await hrAdmin.client.delete(`/hrms/onboarding/template-tasks/${task.id}?version=${edited.version}`));
    const after = (await hrAdmin.client.get('/hrms/onboarding/templates')).body.items.find((x: { id: string }) => x.id === template.id);
    expect(after.tasks).toEqual([]);
  });
});
