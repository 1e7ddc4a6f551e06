import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { MODULE_MESSAGES } from '@/shared/modules';
import { hrmsEmployees } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { Client, createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';
import { addEmployee, addEntity, addUser, employeeBody, leaveTypeId, monday, NEXT_YEAR, type Company } from './test-fixtures';

let t: TestApp;
let a: Company;
let entityB: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  entityB = await addEntity(a);
}, 180_000);
afterAll(() => t.close());

/** Answers compared byte for byte: one request id for both, so only what the server says differs. */
const SAME_REQUEST = 'same-request';
async function answer(client: Client, method: string, path: string, body: unknown) {
  const res = await client.request(method, path, body, { 'x-request-id': SAME_REQUEST });
  return `${res.status} ${JSON.stringify(res.body)}`;
}

describe('module scope', () => {
  it("a member with HRMS at entity A sees A's employees and gets 404 for entity B's", async () => {
    const mine = await addEmployee(a.client, a.entityId);
    const theirs = await addEmployee(a.client, entityB);
    const member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const list = await member.client.get('/hrms/employees?limit=100');
    expect(list.status).toBe(200);
    const ids = list.body.items.map((e: { id: string }) => e.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await member.client.get(`/hrms/employees/${theirs.id}`)).status).toBe(404);
    expect((await member.client.patch(`/hrms/employees/${theirs.id}`, { jobTitle: 'Taken', version: theirs.version })).status).toBe(404);
    // Terminating is App Admin only (issue 34): a Member is refused before any record is looked at.
    expect((await member.client.post(`/hrms/employees/${theirs.id}/terminate`, { endDate: '2025-01-01', version: 1 })).status).toBe(403);
    expect((await member.client.post('/hrms/employees', employeeBody(entityB))).status).toBe(404);
    expect((await member.client.get(`/hrms/employees?entityId=${entityB}`)).status).toBe(404);
    // The upper-cased id names the same record, and is refused the same way.
    expect((await member.client.get(`/hrms/employees/${theirs.id.toUpperCase()}`)).status).toBe(404);
    expect((await member.client.get(`/hrms/employees/${mine.id.toUpperCase()}`)).status).toBe(200);
    const [row] = await t.sql<{ job_title: string }>('select job_title from hrms_employees where id = $1', [theirs.id]);
    expect(row!.job_title).toBe('Engineer');
  });

  it('a super admin sees every entity of the company; ?entityId narrows to one', async () => {
    const inA = await addEmployee(a.client, a.entityId);
    const inB = await addEmployee(a.client, entityB);
    const all = (await a.client.get('/hrms/employees?limit=100')).body.items.map((e: { id: string }) => e.id);
    expect(all).toEqual(expect.arrayContaining([inA.id, inB.id]));
    const onlyB = (await a.client.get(`/hrms/employees?limit=100&entityId=${entityB}`)).body.items.map((e: { id: string }) => e.id);
    expect(onlyB).toContain(inB.id);
    expect(onlyB).not.toContain(inA.id);
    const context = await a.client.get('/hrms/context');
    expect(context.body.entities.map((e: { id: string; role: string }) => [e.id, e.role]).sort()).toEqual(
      [[a.entityId, 'app_admin'], [entityB, 'app_admin']].sort(),
    );
  });

  it('a viewer reads but cannot change anything; a user without HRMS gets 403', async () => {
    const target = await addEmployee(a.client, a.entityId);
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    expect((await viewer.client.get(`/hrms/employees/${target.id}`)).status).toBe(200);
    const create = await viewer.client.post('/hrms/employees', employeeBody(a.entityId));
    expect(create.status).toBe(403);
    expect(create.body.error.message).toBe(MODULE_MESSAGES.memberRequired);
    expect((await viewer.client.patch(`/hrms/employees/${target.id}`, { jobTitle: 'x', version: target.version })).status).toBe(403);
    expect((await viewer.client.post('/hrms/leave-types', { entityId: a.entityId, name: 'Study', allowanceDays: 5 })).status).toBe(403);
    const crmOnly = await addUser(t, a, [{ entityId: a.entityId, role: 'app_admin', productId: a.productIds.crm }]);
    const denied = await crmOnly.client.get('/hrms/employees');
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(MODULE_MESSAGES.noAccess);
  });

  it('row-level security hides module rows without the entity setting and refuses writes outside it', async () => {
    await addEmployee(a.client, entityB);
    const db = t.database.db;
    const none = await withTenant(db, a.companyId, (tx) => tx.execute(sql`select count(*)::int as n from hrms_employees`));
    expect(none.rows[0]).toEqual({ n: 0 });
    const onlyA = await withTenant(db, a.companyId, async (tx) => {
      await tx.execute(sql`select set_config('app.entity_ids', ${`{${a.entityId}}`}, true)`);
      return tx.selectDistinct({ entityId: hrmsEmployees.entityId }).from(hrmsEmployees);
    });
    expect(onlyA.map((r) => r.entityId)).toEqual([a.entityId]);
    await expect(
      withTenant(db, a.companyId, async (tx) => {
        await tx.execute(sql`select set_config('app.entity_ids', ${`{${a.entityId}}`}, true)`);
        await tx.execute(sql`insert into hrms_employees (company_id, entity_id, first_name, last_name, work_email, employment_type, start_date)
          values (${a.companyId}, ${entityB}, 'X', 'Y', 'rls@example.com', 'full_time', '2024-01-01')`);
      }),
    ).rejects.toThrow();
  });
});

describe('employees', () => {
  it('keeps work emails unique per company, whatever the case, across entities', async () => {
    const first = await addEmployee(a.client, a.entityId);
    const dup = await a.client.post('/hrms/employees', employeeBody(entityB, { workEmail: first.workEmail.toUpperCase() }));
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(HRMS_MESSAGES.emailTaken);
    // Another company may use the same address.
    const other = await signUpCompany(t, ['hrms']);
    expect((await other.client.post('/hrms/employees', employeeBody(other.entityId, { workEmail: first.workEmail }))).status).toBe(201);
  });

  it('refuses a work email held outside the caller’s entities in the same answer as one held inside them, naming no record', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const elsewhere = await addEntity(c);
    const member = await addUser(t, c, [{ entityId: c.entityId, role: 'member' }]);
    const own = await addEmployee(c.client, c.entityId);
    const email = uniqueEmail('held');
    const header = 'First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email';
    const tries = async () => [
      await answer(member.client, 'POST', '/hrms/employees', employeeBody(c.entityId, { workEmail: email, lastName: 'Same' })),
      await answer(member.client, 'PATCH', `/hrms/employees/${own.id}`, { workEmail: email, version: own.version }),
      await answer(member.client, 'POST', '/hrms/employees/import', { entityId: c.entityId, csv: `${header}\nAda,Same,${email},,,Full-time,2024-01-01,` }),
    ];
    // Held at another entity, which the member cannot read.
    const holder = await addEmployee(c.client, elsewhere, { workEmail: email });
    expect((await member.client.get(`/hrms/employees/${holder.id}`)).status).toBe(404);
    const outside = await tries();
    // Then held at the member's own entity instead.
    expect((await c.client.patch(`/hrms/employees/${holder.id}`, { workEmail: uniqueEmail('moved'), version: holder.version })).status).toBe(200);
    await addEmployee(c.client, c.entityId, { workEmail: email });
    const inside = await tries();
    expect(outside).toEqual(inside);
    expect(outside[0]).toBe(`409 ${JSON.stringify({ error: { code: 'email_taken', message: HRMS_MESSAGES.emailTaken, requestId: SAME_REQUEST } })}`);
    expect(outside[2]).toBe(`200 ${JSON.stringify({ created: 0, errors: [{ row: 2, message: HRMS_MESSAGES.emailTaken }] })}`);
    // It says the address is taken (the rule spans the company) and nothing about who holds it or where.
    expect(HRMS_MESSAGES.emailTaken).not.toMatch(/employee|company|entit/i);
    const [row] = await t.sql<{ work_email: string; version: number }>('select work_email, version from hrms_employees where id = $1', [own.id]);
    expect(row).toMatchObject({ work_email: own.workEmail, version: own.version });
  });

  it('refuses manager cycles, a manager of another entity, and stale versions', async () => {
    const boss = await addEmployee(a.client, a.entityId);
    const mid = await addEmployee(a.client, a.entityId, { managerId: boss.id });
    const low = await addEmployee(a.client, a.entityId, { managerId: mid.id });
    const cycle = await a.client.patch(`/hrms/employees/${boss.id}`, { managerId: low.id, version: boss.version });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error).toMatchObject({ code: 'manager_cycle', message: HRMS_MESSAGES.managerCycle });
    expect((await a.client.patch(`/hrms/employees/${boss.id}`, { managerId: boss.id, version: boss.version })).status).toBe(400);
    const elsewhere = await addEmployee(a.client, entityB);
    const cross = await a.client.patch(`/hrms/employees/${low.id}`, { managerId: elsewhere.id, version: low.version });
    expect(cross.status).toBe(400);
    expect(cross.body.error.message).toBe(HRMS_MESSAGES.managerNotFound);
    const ok = await a.client.patch(`/hrms/employees/${low.id}`, { jobTitle: 'Lead', version: low.version });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ jobTitle: 'Lead', version: low.version + 1, managerName: expect.stringContaining('Grace') });
    const stale = await a.client.patch(`/hrms/employees/${low.id}`, { jobTitle: 'Stale', version: low.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version_conflict', message: MODULE_MESSAGES.staleVersion });
    const profile = await a.client.get(`/hrms/employees/${mid.id}`);
    expect(profile.body.directReports.map((e: { id: string }) => e.id)).toEqual([low.id]);
  });

  it('two concurrent manager changes cannot make a cycle together', async () => {
    const x = await addEmployee(a.client, a.entityId);
    const y = await addEmployee(a.client, a.entityId);
    const peer = new Client({ app: await t.peer() });
    peer.cookie = a.client.cookie;
    const [r1, r2] = await Promise.all([
      a.client.patch(`/hrms/employees/${x.id}`, { managerId: y.id, version: x.version }),
      peer.patch(`/hrms/employees/${y.id}`, { managerId: x.id, version: y.version }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 400]);
  });

  it('terminates with a date, keeps the record, and filters by status', async () => {
    const e = await addEmployee(a.client, a.entityId, { department: 'Finance' });
    const early = await a.client.post(`/hrms/employees/${e.id}/terminate`, { endDate: '2020-01-01', version: e.version });
    expect(early.status).toBe(400);
    const done = await a.client.post(`/hrms/employees/${e.id}/terminate`, { endDate: '2025-06-30', version: e.version });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'terminated', endDate: '2025-06-30' });
    expect((await a.client.post(`/hrms/employees/${e.id}/terminate`, { endDate: '2025-06-30', version: done.body.version })).status).toBe(409);
    const terminated = await a.client.get('/hrms/employees?status=terminated&department=Finance');
    expect(terminated.body.items.map((x: { id: string }) => x.id)).toEqual([e.id]);
    const active = await a.client.get('/hrms/employees?status=active&department=Finance');
    expect(active.body.items).toEqual([]);
  });

  it('pages through the directory by name without gaps or repeats, and searches by prefix with literal wildcards', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const names = ['Zed', 'adams', 'Brown', 'brown', 'Cole', 'Diaz', 'Eve', '100%', 'Ng'];
    for (const lastName of names) await addEmployee(c.client, c.entityId, { lastName });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { items: { lastName: string }[]; nextCursor: string | null } } = await c.client.get(
        `/hrms/employees?limit=2&sort=name${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.body.items, JSON.stringify(res.body)).toBeDefined();
      seen.push(...res.body.items.map((e) => e.lastName));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect([...seen].sort()).toEqual([...names].sort());
    expect(new Set(seen).size).toBe(names.length);
    const desc = await c.client.get('/hrms/employees?limit=100&sort=name&dir=desc');
    expect(desc.body.items.map((e: { lastName: string }) => e.lastName)).toEqual([...seen].reverse());
    const search = await c.client.get('/hrms/employees?q=BRO');
    expect(search.body.items.map((e: { lastName: string }) => e.lastName).sort()).toEqual(['Brown', 'brown']);
    expect((await c.client.get('/hrms/employees?q=%25')).body.items).toEqual([]);
    expect((await c.client.get('/hrms/employees?q=100%25')).body.items.map((e: { lastName: string }) => e.lastName)).toEqual(['100%']);
    expect((await c.client.get('/hrms/employees?cursor=bm9wZQ')).status).toBe(400);
    const forged = Buffer.from(JSON.stringify(['2026-02-31', '00000000-0000-4000-8000-000000000000'])).toString('base64url');
    expect((await c.client.get(`/hrms/employees?sort=startDate&cursor=${forged}`)).status).toBe(400);
  });

  it('searches the start of the full name, the last name or the email, page by page in name order', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const people = [
      ['Ada', 'Lovelace', 'countess@analytical.example'],
      ['Byron', 'Lovelace', 'b.lovelace@analytical.example'],
      ['Ada', 'Byron', 'ada.b@analytical.example'],
      ['Charles', 'Babbage', 'LOVELACE.fan@engine.example'],
      ['Zoe', 'Lovelace-Smith', 'zoe@example.com'],
      ['Lovelace', 'Adams', 'la@example.com'],
    ];
    for (const [firstName, lastName, workEmail] of people) await addEmployee(c.client, c.entityId, { firstName, lastName, workEmail });
    const all = async (q: string) => {
      const names: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; body: { items: { firstName: string; lastName: string }[]; nextCursor: string | null } } = await c.client.get(
          `/hrms/employees?limit=1&q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.status).toBe(200);
        names.push(...res.body.items.map((e) => `${e.firstName} ${e.lastName}`));
        cursor = res.body.nextCursor;
      } while (cursor);
      return names;
    };
    // Last name, first name, email (any case), each a prefix; in name order across pages.
    expect(await all('LOVELACE')).toEqual(['Lovelace Adams', 'Charles Babbage', 'Ada Lovelace', 'Byron Lovelace', 'Zoe Lovelace-Smith']);
    expect(await all('ada l')).toEqual(['Ada Lovelace']);
    expect(await all('ada')).toEqual(['Lovelace Adams', 'Ada Byron', 'Ada Lovelace']);
    expect(await all('countess@')).toEqual(['Ada Lovelace']);
    // A prefix only: the middle of a name or an email matches nothing.
    expect(await all('velace')).toEqual([]);
    expect(await all('analytical')).toEqual([]);
  });

  it('links a user of the company (App Admin only), refuses a user of another company', async () => {
    const member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const byMember = await member.client.post('/hrms/employees', employeeBody(a.entityId, { userId: member.id }));
    expect(byMember.status).toBe(403);
    const linked = await a.client.post('/hrms/employees', employeeBody(a.entityId, { userId: member.id }));
    expect(linked.status).toBe(201);
    expect((await member.client.get('/hrms/me')).body.employees.map((e: { id: string }) => e.id)).toEqual([linked.body.id]);
    const other = await signUpCompany(t, ['hrms']);
    const foreign = await a.client.post('/hrms/employees', employeeBody(a.entityId, { userId: other.userId }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe(HRMS_MESSAGES.userNotFound);
    const options = await a.client.get(`/hrms/user-options?entityId=${a.entityId}`);
    expect(options.body.items.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([member.id, a.userId]));
    expect((await member.client.get(`/hrms/user-options?entityId=${a.entityId}`)).status).toBe(403);
    // Deleting the user unlinks the employee record instead of being refused by it.
    expect((await a.client.delete(`/users/${member.id}`)).status).toBe(204);
    expect((await a.client.get(`/hrms/employees/${linked.body.id}`)).body.userId).toBeNull();
  });

  it('rejects control characters in text fields', async () => {
    const res = await a.client.post('/hrms/employees', employeeBody(a.entityId, { firstName: 'Ev\u202eil' }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MODULE_MESSAGES.invalidText);
  });
});

describe('the edit form (issue 31)', () => {
  it('an App Admin links an existing employee to a company user with the body the edit form sends; a body naming the entity is refused and changes nothing', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const hrAdmin = await addUser(t, c, [{ entityId: c.entityId, role: 'app_admin' }]);
    const staff = await addUser(t, c, [{ entityId: c.entityId, role: 'member' }]);
    const e = await addEmployee(c.client, c.entityId, { firstName: 'Ada', lastName: 'Staff' });
    // Every field the form shows, and the version it read (employee-dialog.tsx).
    const form = {
      firstName: 'Ada',
      lastName: 'Staff',
      workEmail: e.workEmail,
      jobTitle: 'Lead Engineer',
      department: 'Platform',
      employmentType: 'part_time',
      startDate: '2024-01-15',
      managerId: null,
      userId: staff.id,
      version: e.version,
    };
    const withEntity = await hrAdmin.client.patch(`/hrms/employees/${e.id}`, { ...form, entityId: c.entityId });
    expect(withEntity.status).toBe(400);
    const [row] = await t.sql<{ user_id: string | null; version: number }>('select user_id, version from hrms_employees where id = $1', [e.id]);
    expect(row).toEqual({ user_id: null, version: e.version });

    const saved = await hrAdmin.client.patch(`/hrms/employees/${e.id}`, form);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ userId: staff.id, jobTitle: 'Lead Engineer', department: 'Platform', employmentType: 'part_time', version: e.version + 1 });
    // The linked user now has an employee record: their own leave page offers Request Leave.
    expect((await staff.client.get('/hrms/me')).body.employees.map((x: { id: string }) => x.id)).toEqual([e.id]);
    expect((await c.client.get(`/hrms/employees/${e.id}`)).body.userId).toBe(staff.id);
  });
});

/** A day `days` after the server's today (UTC, YYYY-MM-DD); tests keep two days from midnight either side. */
const fromToday = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);

describe('statuses follow their dates, not the day of the click (issue 31)', () => {
  let c: Company;
  let leaverUser: Awaited<ReturnType<typeof addUser>>;
  const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((x) => x.id).sort();
  beforeAll(async () => {
    c = await signUpCompany(t, ['hrms']);
    leaverUser = await addUser(t, c, [{ entityId: c.entityId, role: 'member' }]);
  }, 180_000);

  it('a hire dated ahead is Starting and not counted; a termination dated ahead stays Active and counted until the last day; then each changes with no one clicking', async () => {
    const lastDay = monday(20)(4); // a Friday next year
    const hire = await addEmployee(c.client, c.entityId, { department: 'Dates', startDate: fromToday(30) });
    const present = await addEmployee(c.client, c.entityId, { department: 'Dates' });
    const leaver = await addEmployee(c.client, c.entityId, { department: 'Dates', userId: leaverUser.id });
    const gone = await addEmployee(c.client, c.entityId, { department: 'Dates' });

    const leaving = await c.client.post(`/hrms/employees/${leaver.id}/terminate`, { endDate: lastDay, version: leaver.version });
    expect(leaving.status).toBe(200);
    expect(leaving.body).toMatchObject({ status: 'active', endDate: lastDay });
    // One termination per record, whether its last day has come or not.
    expect((await c.client.post(`/hrms/employees/${leaver.id}/terminate`, { endDate: lastDay, version: leaving.body.version })).status).toBe(409);
    const ended = await c.client.post(`/hrms/employees/${gone.id}/terminate`, { endDate: fromToday(-2), version: gone.version });
    expect(ended.body).toMatchObject({ status: 'terminated', endDate: fromToday(-2) });
    expect((await c.client.get(`/hrms/employees/${hire.id}`)).body).toMatchObject({ status: 'starting', startDate: fromToday(30) });

    const byStatus = async (status: string) => ids(await c.client.get(`/hrms/employees?status=${status}&department=Dates`));
    expect(await byStatus('active')).toEqual([present.id, leaver.id].sort());
    expect(await byStatus('starting')).toEqual([hire.id]);
    expect(await byStatus('terminated')).toEqual([gone.id]);
    expect(await byStatus('on_leave')).toEqual([]);
    const dashboard = (await c.client.get('/hrms/dashboard')).body;
    expect(dashboard).toMatchObject({ headcount: 2, newHiresThisMonth: 0, byDepartment: [{ department: 'Dates', employees: 2 }] });

    // The leaver takes leave up to the last day, not past it; their leave page still knows them.
    const annual = await leaveTypeId(c.client, c.entityId, 'Annual');
    const week = monday(20);
    expect((await leaverUser.client.get('/hrms/me')).body.employees.map((x: { id: string }) => x.id)).toEqual([leaver.id]);
    expect((await leaverUser.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: week(0), endDate: week(1) })).status).toBe(201);
    const past = await leaverUser.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: week(3), endDate: week(7) });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(HRMS_MESSAGES.afterLastDay);
    const afterEnd = await c.client.post('/hrms/leave-requests', { employeeId: gone.id, leaveTypeId: annual, startDate: week(0), endDate: week(1) });
    expect(afterEnd.status).toBe(400);
    expect(afterEnd.body.error.message).toBe(HRMS_MESSAGES.terminatedEmployee);

    // Time passes (the dates move back instead): the hire's first day is today, the leaver's last
    // day was the day before yesterday. Nobody saves anything; the statuses and counts follow.
    await t.sql('update hrms_employees set start_date = $1::date where id = $2', [fromToday(0), hire.id]);
    await t.sql('update hrms_employees set end_date = $1::date where id = $2', [fromToday(-2), leaver.id]);
    expect((await c.client.get(`/hrms/employees/${hire.id}`)).body.status).toBe('active');
    expect((await c.client.get(`/hrms/employees/${leaver.id}`)).body.status).toBe('terminated');
    expect(await byStatus('active')).toEqual([present.id, hire.id].sort());
    expect(await byStatus('terminated')).toEqual([gone.id, leaver.id].sort());
    expect(await byStatus('starting')).toEqual([]);
    expect((await c.client.get('/hrms/dashboard')).body).toMatchObject({ headcount: 2, newHiresThisMonth: 1 });
    expect((await leaverUser.client.get('/hrms/me')).body.employees).toEqual([]);
  });
});

describe('who reports to whom: App Admin only', () => {
  let c: Company;
  let member: Awaited<ReturnType<typeof addUser>>;
  let colleague: Awaited<ReturnType<typeof addUser>>;
  let memberEmployee: { id: string; version: number; workEmail: string };
  beforeAll(async () => {
    c = await signUpCompany(t, ['hrms']);
    member = await addUser(t, c, [{ entityId: c.entityId, role: 'member' }]);
    colleague = await addUser(t, c, [{ entityId: c.entityId, role: 'member' }]);
    memberEmployee = await addEmployee(c.client, c.entityId, { userId: member.id });
  }, 180_000);

  it('a Member cannot make themselves a colleague’s manager, so cannot approve their leave; an App Admin can set the manager', async () => {
    const target = await addEmployee(c.client, c.entityId, { userId: colleague.id });
    const attack = await member.client.patch(`/hrms/employees/${target.id}`, { managerId: memberEmployee.id, version: target.version });
    expect(attack.status).toBe(403);
    expect(attack.body.error.message).toBe(HRMS_MESSAGES.managerAdminOnly);
    const [row] = await t.sql<{ manager_id: string | null; version: number }>('select manager_id, version from hrms_employees where id = $1', [target.id]);
    expect(row).toEqual({ manager_id: null, version: target.version });
    // Nor on a new record: the Add Employee dialog's manager is optional ("No manager").
    const created = await member.client.post('/hrms/employees', employeeBody(c.entityId, { managerId: memberEmployee.id }));
    expect(created.status).toBe(403);
    expect(created.body.error.message).toBe(HRMS_MESSAGES.managerAdminOnly);

    const d = monday(40);
    const annual = await leaveTypeId(c.client, c.entityId, 'Annual');
    const request = await colleague.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: d(0), endDate: d(1) });
    expect(request.status).toBe(201);

    // An App Admin of the entity (not a super admin) decides it; the manager then approves.
    const hrAdmin = await addUser(t, c, [{ entityId: c.entityId, role: 'app_admin' }]);
    const set = await hrAdmin.client.patch(`/hrms/employees/${target.id}`, { managerId: memberEmployee.id, version: target.version });
    expect(set.status).toBe(200);
    expect(set.body.managerId).toBe(memberEmployee.id);
    expect((await member.client.post(`/hrms/leave-requests/${request.body.id}/approve`, {})).status).toBe(200);
  });

  it('a Member may still edit a record with a manager (sending it unchanged) but not clear or change it', async () => {
    const target = await addEmployee(c.client, c.entityId, { managerId: memberEmployee.id });
    const edit = await member.client.patch(`/hrms/employees/${target.id}`, { jobTitle: 'Lead', managerId: memberEmployee.id.toUpperCase(), version: target.version });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ jobTitle: 'Lead', managerId: memberEmployee.id });
    const cleared = await member.client.patch(`/hrms/employees/${target.id}`, { managerId: null, version: edit.body.version });
    expect(cleared.status).toBe(403);
    expect(cleared.body.error.message).toBe(HRMS_MESSAGES.managerAdminOnly);
    const [row] = await t.sql<{ manager_id: string | null; version: number }>('select manager_id, version from hrms_employees where id = $1', [target.id]);
    expect(row).toEqual({ manager_id: memberEmployee.id, version: edit.body.version });
  });

  it('a Member cannot set managers through the CSV import; an App Admin can', async () => {
    const header = 'First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email';
    const reporting = uniqueEmail('rep');
    const csv = (rows: string[]) => [header, ...rows].join('\n');
    const byMember = await member.client.post('/hrms/employees/import', {
      entityId: c.entityId,
      csv: csv([`Rita,Report,${reporting},,,Full-time,2024-01-01,${memberEmployee.workEmail}`, `Nia,Nobody,${uniqueEmail('nm')},,,Full-time,2024-01-01,`]),
    });
    expect(byMember.status).toBe(200);
    expect(byMember.body).toEqual({ created: 1, errors: [{ row: 2, message: HRMS_MESSAGES.managerAdminOnly }] });
    expect(await t.sql('select 1 from hrms_employees where work_email = $1', [reporting])).toEqual([]);
    const hrAdmin = await addUser(t, c, [{ entityId: c.entityId, role: 'app_admin' }]);
    const byAdmin = await hrAdmin.client.post('/hrms/employees/import', { entityId: c.entityId, csv: csv([`Rita,Report,${reporting},,,Full-time,2024-01-01,${memberEmployee.workEmail}`]) });
    expect(byAdmin.body).toEqual({ created: 1, errors: [] });
    const [row] = await t.sql<{ manager_id: string }>('select manager_id from hrms_employees where work_email = $1', [reporting]);
    expect(row!.manager_id).toBe(memberEmployee.id);
  });
});

describe('CSV', () => {
  it('exports the current filter with formula cells neutralised', async () => {
    const c = await signUpCompany(t, ['hrms']);
    await addEmployee(c.client, c.entityId, { firstName: '=HYPERLINK("http://evil")', lastName: 'Formula', department: 'Sales' });
    const other = await addEmployee(c.client, c.entityId, { lastName: 'Other', department: 'Ops' });
    await addEmployee(c.client, c.entityId, { lastName: 'Managed', department: 'Sales', managerId: other.id });
    const res = await c.client.get('/hrms/employees/export?department=Sales&sort=createdAt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = String(res.body).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email,Entity,Status,End Date');
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes('Formula'))).toContain(`"'=HYPERLINK(""http://evil"")",Formula`);
    // The manager's work email, in the column the import reads back.
    expect(lines.find((l) => l.includes('Managed'))!.split(',')[7]).toBe(other.workEmail);
  });

  it('imports good rows and reports each bad one by row number', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const csv = [
      'First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email',
      'Ann,Boss,ann@imp.example,CEO,Exec,Full-time,2024-01-01,',
      'Bad,Date,bad@imp.example,,,Full-time,2024-02-31,',
      'Bob,Report,bob@imp.example,Dev,Eng,contractor,2024-03-01,ANN@imp.example',
      'Dup,Email,ann@imp.example,,,Part-time,2024-01-01,',
      'No,Manager,nm@imp.example,,,Part-time,2024-01-01,ghost@imp.example',
    ].join('\n');
    const res = await c.client.post('/hrms/employees/import', { entityId: c.entityId, csv });
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.errors.map((e: { row: number }) => e.row)).toEqual([3, 5, 6]);
    expect(res.body.errors[0].message).toBe(`Start Date: ${HRMS_MESSAGES.startDateRequired}`);
    expect(res.body.errors[1].message).toBe(HRMS_MESSAGES.emailTaken);
    expect(res.body.errors[2].message).toBe('No employee with the manager email ghost@imp.example in this entity.');
    const list = await c.client.get('/hrms/employees?limit=100');
    expect(list.body.items.map((e: { workEmail: string; managerName: string | null }) => [e.workEmail, e.managerName]).sort()).toEqual([
      ['ann@imp.example', null],
      ['bob@imp.example', 'Ann Boss'],
    ]);
    const header = await c.client.post('/hrms/employees/import', { entityId: c.entityId, csv: 'Name\nx' });
    expect(header.status).toBe(400);
    const viewer = await addUser(t, c, [{ entityId: c.entityId, role: 'viewer' }]);
    expect((await viewer.client.post('/hrms/employees/import', { entityId: c.entityId, csv })).status).toBe(403);
  });
});

describe('leave', () => {
  let admin: Company;
  let requester: Awaited<ReturnType<typeof addUser>>;
  let manager: Awaited<ReturnType<typeof addUser>>;
  let employee: { id: string };
  let annual: string;
  beforeAll(async () => {
    admin = await signUpCompany(t, ['hrms']);
    requester = await addUser(t, admin, [{ entityId: admin.entityId, role: 'member' }]);
    manager = await addUser(t, admin, [{ entityId: admin.entityId, role: 'member' }]);
    const boss = await addEmployee(admin.client, admin.entityId, { userId: manager.id, department: 'Eng' });
    employee = await addEmployee(admin.client, admin.entityId, { userId: requester.id, managerId: boss.id, department: 'Eng' });
    annual = await leaveTypeId(admin.client, admin.entityId, 'Annual');
  }, 180_000);

  it('creates the default leave types on first use, once', async () => {
    const res = await admin.client.get(`/hrms/leave-types?entityId=${admin.entityId}`);
    expect(res.body.items.map((x: { name: string; allowanceDays: number }) => [x.name, x.allowanceDays])).toEqual([
      ['Annual', 20],
      ['Sick', 10],
      ['Unpaid', 0],
    ]);
    const again = await admin.client.get(`/hrms/leave-types?entityId=${admin.entityId}`);
    expect(again.body.items).toHaveLength(3);
  });

  it('counts working days only, with half days, and refuses overlaps and requests beyond the balance', async () => {
    const d = monday(0);
    // Friday to Monday: two working days, the Monday a morning only.
    const fri = await requester.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: d(4), endDate: d(7), endHalf: true, reason: 'Trip' });
    expect(fri.status).toBe(201);
    expect(fri.body).toMatchObject({ days: 1.5, status: 'pending', employeeId: employee.id, canCancel: true, canDecide: false });
    const overlap = await requester.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: d(7), endDate: d(8) });
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.message).toBe(HRMS_MESSAGES.overlap);
    const weekend = await requester.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: d(12), endDate: d(13) });
    expect(weekend.status).toBe(400);
    expect(weekend.body.error.message).toBe(HRMS_MESSAGES.noWorkingDays);
    // 18.5 days left: four weeks (20 days) is too many.
    const tooMuch = await requester.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: d(14), endDate: d(14 + 25) });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.message).toBe('Not enough Annual leave: 18.5 days remaining, 20 days requested.');
    const unpaid = await leaveTypeId(admin.client, admin.entityId, 'Unpaid');
    expect((await requester.client.post('/hrms/leave-requests', { leaveTypeId: unpaid, startDate: d(14), endDate: d(14 + 25) })).status).toBe(201);
    const bal = await requester.client.get(`/hrms/employees/${employee.id}/balances?year=${NEXT_YEAR}`);
    expect(bal.body.items.find((b: { name: string }) => b.name === 'Annual')).toMatchObject({ allowanceDays: 20, taken: 0, pending: 1.5, remaining: 18.5 });
    expect(bal.body.items.find((b: { name: string }) => b.name === 'Unpaid')).toMatchObject({ pending: 20, remaining: null });
  });

  it('approval by the manager or HR staff (Member, App Admin) only, never by oneself, and only once', async () => {
    const d = monday(8);
    const req = await requester.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: d(0), endDate: d(1) });
    expect(req.status).toBe(201);
    const own = await requester.client.post(`/hrms/leave-requests/${req.body.id}/approve`, {});
    expect(own.status).toBe(403);
    const stranger = await addUser(t, admin, [{ entityId: admin.entityId, role: 'viewer' }]);
    expect((await stranger.client.post(`/hrms/leave-requests/${req.body.id}/approve`, {})).status).toBe(403);
    const listed = await manager.client.get('/hrms/leave-requests?status=pending');
    expect(listed.body.items.find((r: { id: string }) => r.id === req.body.id)).toMatchObject({ canDecide: true });
    const ok = await manager.client.post(`/hrms/leave-requests/${req.body.id}/approve`, { comment: 'Enjoy' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'approved', decisionComment: 'Enjoy' });
    const again = await admin.client.post(`/hrms/leave-requests/${req.body.id}/reject`, {});
    expect(again.status).toBe(409);
    // The requester cannot cancel once approved; an App Admin can.
    expect((await requester.client.post(`/hrms/leave-requests/${req.body.id}/cancel`, {})).status).toBe(403);
    const cancelled = await admin.client.post(`/hrms/leave-requests/${req.body.id}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    expect((await admin.client.post(`/hrms/leave-requests/${req.body.id}/cancel`, {})).status).toBe(409);
  });

  it('tells the manager and the entity’s App Admins of a request, and the requester of the decision (notifications)', async () => {
    const hrAdmin = await addUser(t, admin, [{ entityId: admin.entityId, role: 'app_admin' }]);
    const viewer = await addUser(t, admin, [{ entityId: admin.entityId, role: 'viewer' }]);
    const titles = async (who: { client: typeof admin.client }, category: string) =>
      ((await who.client.get('/notifications')).body.items as { category: string; title: string; url: string }[]).filter((n) => n.category === category);
    const d = monday(20);
    const req = await requester.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: d(0), endDate: d(1), reason: 'Trip' });
    expect(req.status).toBe(201);
    for (const reviewer of [manager, hrAdmin]) {
      const told = await titles(reviewer, 'leave_requests');
      expect(told.some((n) => n.title.includes(`${d(0)} to ${d(1)}`) && n.title.includes('requested') && n.url === '/hrms/leaves')).toBe(true);
    }
    // Not the one who asked, not a viewer of the entity.
    expect((await titles(requester, 'leave_requests')).some((n) => n.title.includes(d(0)))).toBe(false);
    expect((await titles(viewer, 'leave_requests')).some((n) => n.title.includes(d(0)))).toBe(false);
    const rejected = await manager.client.post(`/hrms/leave-requests/${req.body.id}/reject`, { comment: 'Busy week' });
    expect(rejected.status).toBe(200);
    const decisions = await titles(requester, 'leave_decisions');
    expect(decisions.some((n) => n.title.includes(`${d(0)} to ${d(1)}, was rejected: Busy week`))).toBe(true);
    expect((await titles(manager, 'leave_decisions')).some((n) => n.title.includes(d(0)))).toBe(false);
  });

  it('nobody decides their own request: not an App Admin of the entity either', async () => {
    const hrAdmin = await addUser(t, admin, [{ entityId: admin.entityId, role: 'app_admin' }]);
    await addEmployee(admin.client, admin.entityId, { userId: hrAdmin.id });
    const d = monday(12);
    const req = await hrAdmin.client.post('/hrms/leave-requests', { leaveTypeId: annual, startDate: d(0), endDate: d(1) });
    expect(req.status).toBe(201);
    expect(req.body.canDecide).toBe(false);
    for (const decision of ['approve', 'reject']) {
      const own = await hrAdmin.client.post(`/hrms/leave-requests/${req.body.id}/${decision}`, {});
      expect(own.status).toBe(403);
      expect(own.body.error.message).toBe(HRMS_MESSAGES.cannotDecideOwn);
    }
    const [row] = await t.sql<{ status: string; decided_by: string | null }>('select status, decided_by from hrms_leave_requests where id = $1', [req.body.id]);
    expect(row).toEqual({ status: 'pending', decided_by: null });
  });

  it('shows On Leave for approved leave covering today, and counts it on the dashboard and in who is away', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const e = await addEmployee(c.client, c.entityId, { department: 'Ops', startDate: new Date().toISOString().slice(0, 10) });
    const start = new Date().toISOString().slice(0, 10);
    const endDate = new Date(Date.now() + 6 * 86400_000).toISOString().slice(0, 10);
    const sick = await leaveTypeId(c.client, c.entityId, 'Unpaid');
    const before = await c.client.get('/hrms/dashboard');
    expect(before.body).toMatchObject({ headcount: 1, newHiresThisMonth: 1, onLeaveToday: 0, pendingRequests: 0 });
    const req = await c.client.post('/hrms/leave-requests', {
      employeeId: e.id,
      leaveTypeId: sick,
      startDate: start,
      endDate: endDate.slice(0, 4) === start.slice(0, 4) ? endDate : `${start.slice(0, 4)}-12-31`,
    });
    expect(req.status).toBe(201);
    expect((await c.client.get('/hrms/dashboard')).body.pendingRequests).toBe(1);
    expect((await c.client.post(`/hrms/leave-requests/${req.body.id}/approve`, {})).status).toBe(200);
    expect((await c.client.get(`/hrms/employees/${e.id}`)).body.status).toBe('on_leave');
    expect((await c.client.get('/hrms/employees?status=on_leave')).body.items.map((x: { id: string }) => x.id)).toEqual([e.id]);
    const after = await c.client.get('/hrms/dashboard');
    expect(after.body).toMatchObject({ headcount: 1, onLeaveToday: 1, pendingRequests: 0, byDepartment: [{ department: 'Ops', employees: 1 }] });
    expect(after.body.upcomingLeave.map((x: { employeeId: string }) => x.employeeId)).toEqual([e.id]);
    expect((await c.client.get('/hrms/away')).body.items).toHaveLength(1);
  });

  it('App Admins configure leave types; names are unique per entity; stale edits get 409', async () => {
    const res = await admin.client.post('/hrms/leave-types', { entityId: admin.entityId, name: 'Study', allowanceDays: 5 });
    expect(res.status).toBe(201);
    expect((await admin.client.post('/hrms/leave-types', { entityId: admin.entityId, name: 'study', allowanceDays: 3 })).status).toBe(409);
    expect((await requester.client.post('/hrms/leave-types', { entityId: admin.entityId, name: 'Mine', allowanceDays: 3 })).status).toBe(403);
    const edit = await admin.client.patch(`/hrms/leave-types/${res.body.id}`, { allowanceDays: 7, version: res.body.version });
    expect(edit.body).toMatchObject({ allowanceDays: 7, version: 2 });
    expect((await admin.client.patch(`/hrms/leave-types/${res.body.id}`, { allowanceDays: 8, version: 1 })).status).toBe(409);
    expect((await admin.client.patch(`/hrms/leave-types/${res.body.id}`, { name: 'Annual', version: 2 })).status).toBe(409);
  });
});

describe('concurrency (two server processes on PostgreSQL; one connection on PGlite)', () => {
  it('two approvers at once: one wins, the other gets 409', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const e = await addEmployee(c.client, c.entityId);
    const unpaid = await leaveTypeId(c.client, c.entityId, 'Unpaid');
    const d = monday(20);
    for (let i = 0; i < 3; i++) {
      const req = await c.client.post('/hrms/leave-requests', { employeeId: e.id, leaveTypeId: unpaid, startDate: d(i * 7), endDate: d(i * 7 + 1) });
      const peer = new Client({ app: await t.peer() });
      peer.cookie = c.client.cookie;
      const results = await Promise.all([
        c.client.post(`/hrms/leave-requests/${req.body.id}/approve`, {}),
        peer.post(`/hrms/leave-requests/${req.body.id}/reject`, {}),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    }
  });

  it('concurrent requests never take a balance below zero', async () => {
    const c = await signUpCompany(t, ['hrms']);
    const e = await addEmployee(c.client, c.entityId);
    const type = await c.client.post('/hrms/leave-types', { entityId: c.entityId, name: 'Short', allowanceDays: 6 });
    const d = monday(30);
    const peers = await Promise.all([0, 1, 2, 3].map(async () => {
      const p = new Client({ app: await t.peer() });
      p.cookie = c.client.cookie;
      return p;
    }));
    // Four non-overlapping weeks of 2 working days each (8 days) against an allowance of 6.
    const results = await Promise.all(
      peers.map((p, i) => p.post('/hrms/leave-requests', { employeeId: e.id, leaveTypeId: type.body.id, startDate: d(i * 7), endDate: d(i * 7 + 1) })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(1);
    const [sum] = await t.sql<{ days: string }>("select sum(days)::text as days from hrms_leave_requests where employee_id = $1 and status = 'pending'", [e.id]);
    expect(Number(sum!.days)).toBe(6);
  });
});
