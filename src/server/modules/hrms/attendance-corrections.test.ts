import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ATTENDANCE_MESSAGES } from '@/shared/attendance';
import { MODULE_MESSAGES } from '@/shared/modules';
import { createTestApp, signUpCompany, type Client, type TestApp } from '../../test/harness';
import { addEmployee, addEntity, addUser, type Company } from './test-fixtures';

/*
 * Correcting a time entry (issue 34, the forgotten clock-out), on both databases. Company A,
 * entity A: `emp` is linked to a user with no HRMS grant and managed by `mgr` (also linked, no
 * grant); `hr` is an HRMS Member (HR staff), `viewer` an HRMS Viewer. Each describe works in its
 * own past week; the server's clock is moved with fake Dates.
 */

let t: TestApp;
let a: Company;
let b: Company;
type Person = { client: Client; id: string; employeeId: string };
let emp: Person;
let mgr: Person;
let hr: { client: Client; id: string };
let viewer: { client: Client; id: string };

/** `day` days after the Monday `week` at a UTC time, as an ISO instant. */
const at = (week: string, day: number, time: string) => new Date(Date.parse(`${week}T${time}:00Z`) + day * 86_400_000).toISOString();
const iso = (instant: string) => instant.replace('.000Z', '+00:00');

async function linked(overrides: Record<string, unknown> = {}): Promise<Person> {
  const user = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer', productId: a.productIds.crm }]);
  const employee = await addEmployee(a.client, a.entityId, { userId: user.id, workEmail: user.email, ...overrides });
  return { client: user.client, id: user.id, employeeId: employee.id };
}

type Entry = { id: string; version: number; clockIn: string; clockOut: string | null; workedMinutes: number; note: string; breakMinutes: number };

async function clockIn(p: Person, when: string): Promise<Entry> {
  vi.setSystemTime(new Date(when));
  const res = await p.client.post('/hrms/attendance/entries', { employeeId: p.employeeId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function workDay(p: Person, week: string, day: number, from: string, to: string, breakMinutes = 0): Promise<Entry> {
  const entry = await clockIn(p, at(week, day, from));
  vi.setSystemTime(new Date(at(week, day, to)));
  const out = await p.client.post(`/hrms/attendance/entries/${entry.id}/clock-out`, { breakMinutes });
  expect(out.status, JSON.stringify(out.body)).toBe(200);
  return out.body;
}

const weekOf = async (p: Person, week: string, client: Client = hr.client) => (await client.get(`/hrms/attendance/week?employeeId=${p.employeeId}&weekStart=${week}`)).body;
const correct = (client: Client, id: string, body: Record<string, unknown>) => client.patch(`/hrms/attendance/entries/${id}`, body);
const remove = (client: Client, id: string, version: number, reason = 'Clocked in twice') =>
  client.delete(`/hrms/attendance/entries/${id}?version=${version}&reason=${encodeURIComponent(reason)}`);

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  b = await signUpCompany(t, ['crm', 'hrms']);
  mgr = await linked({ firstName: 'Mona', lastName: 'Manager' });
  emp = await linked({ firstName: 'Eddie', lastName: 'Employee', managerId: mgr.employeeId });
  hr = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
  viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
  vi.useFakeTimers({ toFake: ['Date'] });
}, 180_000);
afterEach(() => vi.setSystemTime(new Date('2025-05-20T12:00:00Z')));
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe('HR corrects a forgotten clock-out', () => {
  const W = '2025-03-03';

  it('closes an entry left open since Monday: the week counts it, the log keeps old and new values with the reason, the employee is told', async () => {
    const open = await clockIn(emp, at(W, 0, '08:00'));
    vi.setSystemTime(new Date(at(W, 2, '12:00'))); // Wednesday: still "clocked in" since Monday
    const before = await weekOf(emp, W);
    expect(before.openEntry).toMatchObject({ id: open.id });
    expect(before.canCorrect).toBe(true);
    // Only HR staff may correct: the employee, their manager and a Viewer read the week but may not.
    expect((await weekOf(emp, W, emp.client)).canCorrect).toBe(false);
    expect((await weekOf(emp, W, mgr.client)).canCorrect).toBe(false);
    expect((await weekOf(emp, W, viewer.client)).canCorrect).toBe(false);

    const res = await correct(hr.client, open.id, {
      clockOut: '2025-03-03T17:00:00Z',
      breakMinutes: 30,
      note: 'Left at five\nforgot the clock',
      reason: 'Forgot to clock out',
      version: open.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 08:00–17:00 is 540 minutes, less the 30-minute break: 510.
    expect(res.body).toMatchObject({ clockIn: '2025-03-03T08:00:00+00:00', clockOut: '2025-03-03T17:00:00+00:00', breakMinutes: 30, workedMinutes: 510, note: 'Left at five\nforgot the clock' });
    expect(res.body.version).toBe(open.version + 1);
    const after = await weekOf(emp, W);
    expect(after).toMatchObject({ workedMinutes: 510, openEntry: null, timesheet: { workedMinutes: 510, status: 'draft' } });

    const [event] = await t.sql<{ changes: { field: string; before?: unknown; after?: unknown }[]; target_label: string }>(
      "select changes, target_label from audit_events where action = 'hrms.time_entry.corrected' and target_id = $1",
      [open.id],
    );
    expect(event!.target_label).toBe('Eddie Employee: 2025-03-03 08:00 UTC');
    expect(event!.changes).toEqual(
      expect.arrayContaining([
        { field: 'clockOut', before: null, after: '2025-03-03T17:00:00+00:00' },
        { field: 'breakMinutes', before: 0, after: 30 },
        { field: 'note', before: '', after: 'Left at five\nforgot the clock' },
        { field: 'reason', after: 'Forgot to clock out' },
      ]),
    );
    const told = await t.sql<{ user_id: string; title: string }>("select user_id, title from notifications where record_type = 'hrms_time_entry' and record_id = $1", [open.id]);
    expect(told).toEqual([{ user_id: emp.id, title: 'HR corrected your time entry of 2025-03-03: now 2025-03-03 08:00–17:00 UTC. Reason: Forgot to clock out' }]);

    // The version read is checked: an edit made on the old one is refused, nothing changed.
    const stale = await correct(hr.client, open.id, { breakMinutes: 0, reason: 'Again', version: open.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MODULE_MESSAGES.staleVersion);
    expect((await weekOf(emp, W)).workedMinutes).toBe(510);
  });

  it('refuses times out of order, in the future, a reopened entry, a too-long break and a missing reason, in words; nothing changes', async () => {
    const entry = await workDay(emp, W, 1, '08:00', '16:00'); // Tuesday, 480 minutes
    vi.setSystemTime(new Date(at(W, 1, '18:00')));
    const cases: [Record<string, unknown>, number, string][] = [
      [{ clockOut: at(W, 1, '07:00') }, 400, ATTENDANCE_MESSAGES.clockOutBeforeClockIn],
      [{ clockIn: at(W, 1, '16:00') }, 400, ATTENDANCE_MESSAGES.clockOutBeforeClockIn],
      [{ clockOut: at(W, 1, '19:00') }, 400, ATTENDANCE_MESSAGES.clockOutAhead],
      [{ clockIn: at(W, 1, '18:30'), clockOut: null }, 400, ATTENDANCE_MESSAGES.clockInAhead],
      [{ clockOut: null }, 400, ATTENDANCE_MESSAGES.keepClockOut],
      [{ breakMinutes: 500 }, 400, ATTENDANCE_MESSAGES.breakTooLong],
      [{ breakMinutes: 10.5 }, 400, ATTENDANCE_MESSAGES.breakInvalid],
      [{ clockIn: 'Tuesday morning' }, 400, ATTENDANCE_MESSAGES.clockInInvalid],
      [{ reason: '   ' }, 400, ATTENDANCE_MESSAGES.reasonRequired],
      [{ reason: 'Fix\u0007' }, 400, MODULE_MESSAGES.invalidText],
    ];
    for (const [change, status, message] of cases) {
      const res = await correct(hr.client, entry.id, { reason: 'Correction', version: entry.version, ...change });
      expect([res.status, res.body.error?.message], JSON.stringify(change)).toEqual([status, message]);
    }
    expect((await correct(hr.client, entry.id, { clockOut: at(W, 1, '15:00'), version: entry.version })).body.error.message).toBe(ATTENDANCE_MESSAGES.reasonRequired);
    const week = await weekOf(emp, W);
    expect(week.entries.find((e: Entry) => e.id === entry.id)).toMatchObject({ clockOut: '2025-03-04T16:00:00+00:00', version: entry.version });
  });

  it('refuses an overlap with another entry of the employee; touching ends are fine', async () => {
    const morning = await workDay(emp, W, 3, '08:00', '12:00'); // Thursday
    const afternoon = await workDay(emp, W, 3, '13:00', '17:00');
    const overlap = await correct(hr.client, afternoon.id, { clockIn: at(W, 3, '11:00'), reason: 'Came back early', version: afternoon.version });
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.message).toBe(ATTENDANCE_MESSAGES.overlap);
    // Spanning the other entry whole is an overlap too.
    expect((await correct(hr.client, afternoon.id, { clockIn: at(W, 3, '07:00'), reason: 'x', version: afternoon.version })).status).toBe(409);
    const touching = await correct(hr.client, afternoon.id, { clockIn: at(W, 3, '12:00'), reason: 'Came back at noon', version: afternoon.version });
    expect(touching.status).toBe(200);
    expect(touching.body.workedMinutes).toBe(300);
    expect((await weekOf(emp, W)).entries.map((e: Entry) => e.id)).toEqual(expect.arrayContaining([morning.id, afternoon.id]));
  });
});

describe('who may correct and delete', () => {
  const W = '2025-03-10';
  let entry: Entry;
  const body = () => ({ breakMinutes: 15, reason: 'Lunch break missing', version: entry.version });

  it('HR staff (Member and up) of the entity only; never on their own entries; 404 for another company or entity', async () => {
    entry = await workDay(emp, W, 0, '09:00', '17:00');
    // The employee, their manager (no grant) and a Viewer are refused; so is another entity's App Admin (404) and company B (404).
    expect((await correct(emp.client, entry.id, body())).status).toBe(403);
    expect((await correct(mgr.client, entry.id, body())).status).toBe(403);
    const byViewer = await correct(viewer.client, entry.id, body());
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error.message).toBe(MODULE_MESSAGES.memberRequired);
    expect((await remove(viewer.client, entry.id, entry.version)).status).toBe(403);
    const otherHr = await addUser(t, a, [{ entityId: await addEntity(a), role: 'app_admin' }]);
    expect((await correct(otherHr.client, entry.id, body())).status).toBe(404);
    expect((await remove(otherHr.client, entry.id, entry.version)).status).toBe(404);
    const other = await correct(b.client, entry.id, body());
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(ATTENDANCE_MESSAGES.entryNotFound);
    expect((await remove(b.client, entry.id, entry.version)).status).toBe(404);
    expect((await correct(hr.client, '00000000-0000-4000-8000-000000000000', body())).status).toBe(404);

    // HR staff who are employees do not correct their own entries (nor does a super admin).
    const hrEmployee = await addEmployee(a.client, a.entityId, { userId: hr.id, firstName: 'Hana', lastName: 'Hr' });
    const own = await workDay({ client: hr.client, id: hr.id, employeeId: hrEmployee.id }, W, 1, '09:00', '12:00');
    const self = await correct(hr.client, own.id, { breakMinutes: 0, reason: 'Mine', version: own.version });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(ATTENDANCE_MESSAGES.ownCorrection);
    expect((await remove(hr.client, own.id, own.version)).body.error.message).toBe(ATTENDANCE_MESSAGES.ownCorrection);
    // The App Admin (the company's super admin here) corrects it instead.
    expect((await correct(a.client, own.id, { breakMinutes: 10, reason: 'Coffee', version: own.version })).status).toBe(200);
    expect((await weekOf(emp, W)).entries).toHaveLength(1);
    expect((await correct(hr.client, entry.id, body())).status).toBe(200);
  });

  it('a demoted HR user is refused at once; a deactivated one is signed out', async () => {
    const current = (await weekOf(emp, W)).entries[0] as Entry;
    const demoted = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const lost = await a.client.patch(`/users/${demoted.id}`, { access: [{ productId: a.productIds.hrms, entityId: a.entityId, roleType: 'viewer' }] });
    expect(lost.status).toBe(200);
    const res = await correct(demoted.client, current.id, { breakMinutes: 0, reason: 'x', version: current.version });
    expect(res.status).toBe(403);
    expect((await remove(demoted.client, current.id, current.version)).status).toBe(403);
    const leaving = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    expect((await a.client.post(`/users/${leaving.id}/deactivate`, {})).status).toBeLessThan(300);
    expect((await correct(leaving.client, current.id, { breakMinutes: 0, reason: 'x', version: current.version })).status).toBe(401);
    expect((await remove(leaving.client, current.id, current.version)).status).toBe(401);
    expect(await weekOf(emp, W)).toMatchObject({ entries: [{ id: current.id, version: current.version, breakMinutes: 15 }] });
  });
});

describe('submitted and approved weeks, moving an entry to another week', () => {
  const W = '2025-03-17';
  const NEXT = '2025-03-24';

  it('a submitted week takes the correction and stays submitted with its hours counted again; an approved week is refused with what to do', async () => {
    const monday = await workDay(emp, W, 0, '08:00', '16:00'); // 480
    await workDay(emp, W, 1, '08:00', '12:00'); // 240
    vi.setSystemTime(new Date(at(W, 5, '10:00')));
    const sheet = (await weekOf(emp, W)).timesheet;
    expect((await emp.client.post(`/hrms/attendance/timesheets/${sheet.id}/submit`, {})).body.status).toBe('submitted');
    const fixed = await correct(hr.client, monday.id, { clockOut: at(W, 0, '17:00'), reason: 'Stayed until five', version: monday.version });
    expect(fixed.status).toBe(200);
    expect((await weekOf(emp, W)).timesheet).toMatchObject({ status: 'submitted', workedMinutes: 540 + 240 });

    expect((await hr.client.post(`/hrms/attendance/timesheets/${sheet.id}/approve`, { comment: '' })).status).toBe(200);
    const late = await correct(hr.client, monday.id, { clockOut: at(W, 0, '18:00'), reason: 'Later still', version: fixed.body.version });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(ATTENDANCE_MESSAGES.weekApproved);
    const gone = await remove(hr.client, monday.id, fixed.body.version);
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toBe(ATTENDANCE_MESSAGES.weekApproved);
    expect((await weekOf(emp, W)).timesheet).toMatchObject({ status: 'approved', workedMinutes: 780 });
  });

  it('an entry whose clock-in moves to another week moves to that week’s timesheet; both weeks count again; not into an approved week', async () => {
    const entry = await workDay(emp, NEXT, 0, '08:00', '10:00'); // Monday 24 March, 120 minutes
    expect((await weekOf(emp, NEXT)).timesheet.workedMinutes).toBe(120);
    // Into Sunday 23 March: the approved week of 17 March refuses it.
    const intoApproved = await correct(hr.client, entry.id, { clockIn: at(W, 6, '20:00'), clockOut: at(W, 6, '22:00'), reason: 'Was Sunday', version: entry.version });
    expect(intoApproved.status).toBe(409);
    expect(intoApproved.body.error.message).toBe(ATTENDANCE_MESSAGES.weekApproved);
    // Into the week after (Monday 31 March, a week with no timesheet yet).
    vi.setSystemTime(new Date('2025-04-02T12:00:00Z'));
    const moved = await correct(hr.client, entry.id, { clockIn: '2025-03-31T08:00:00Z', clockOut: '2025-03-31T11:00:00Z', reason: 'Wrong week', version: entry.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await weekOf(emp, NEXT)).timesheet.workedMinutes).toBe(0);
    expect(await weekOf(emp, '2025-03-31')).toMatchObject({ workedMinutes: 180, entries: [{ id: entry.id }], timesheet: { status: 'draft', workedMinutes: 180 } });
  });
});

describe('deleting an entry', () => {
  const W = '2025-04-07';

  it('HR deletes an entry with a reason: the week counts again, the log keeps what it held, the employee is told', async () => {
    const kept = await workDay(emp, W, 0, '08:00', '12:00');
    const twice = await workDay(emp, W, 0, '12:00', '12:30');
    expect((await weekOf(emp, W)).timesheet.workedMinutes).toBe(270);
    const noReason = await hr.client.delete(`/hrms/attendance/entries/${twice.id}?version=${twice.version}`);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe(ATTENDANCE_MESSAGES.deleteReasonRequired);
    expect((await remove(hr.client, twice.id, twice.version + 1)).body.error.message).toBe(MODULE_MESSAGES.staleVersion);
    const res = await remove(hr.client, twice.id, twice.version, 'Clocked in twice');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: twice.id, clockIn: iso(at(W, 0, '12:00')) });
    expect(await weekOf(emp, W)).toMatchObject({ workedMinutes: 240, entries: [{ id: kept.id }], timesheet: { workedMinutes: 240 } });
    expect((await remove(hr.client, twice.id, twice.version)).status).toBe(404);
    const [event] = await t.sql<{ changes: { field: string; before?: unknown; after?: unknown }[] }>("select changes from audit_events where action = 'hrms.time_entry.deleted' and target_id = $1", [twice.id]);
    expect(event!.changes).toEqual(
      expect.arrayContaining([
        { field: 'clockIn', before: '2025-04-07T12:00:00+00:00' },
        { field: 'workedMinutes', before: 30 },
        { field: 'reason', after: 'Clocked in twice' },
      ]),
    );
    const told = await t.sql<{ user_id: string; title: string }>("select user_id, title from notifications where record_type = 'hrms_time_entry' and record_id = $1", [twice.id]);
    expect(told).toEqual([{ user_id: emp.id, title: 'HR deleted your time entry of 2025-04-07 12:00–12:30 UTC. Reason: Clocked in twice' }]);
  });

  it('two corrections at once cannot make an overlap between them, even across two weeks’ timesheets: one waits for the other and is refused', async () => {
    // A night shift on Sunday (this week's timesheet) and an early start on Monday (next week's):
    // the two corrections lock different timesheets, so only the employee's row puts them in line.
    const sunday = await workDay(emp, W, 6, '20:00', '23:00');
    const monday = await workDay(emp, W, 7, '01:00', '05:00');
    // Each alone is fine; together they would overlap (00:30–00:45 on Monday).
    const [first, second] = await Promise.all([
      correct(hr.client, sunday.id, { clockOut: at(W, 7, '00:45'), reason: 'Stayed past midnight', version: sunday.version }),
      correct(a.client, monday.id, { clockIn: at(W, 7, '00:30'), reason: 'Came in early', version: monday.version }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.error.message).toBe(ATTENDANCE_MESSAGES.overlap);
    const overlapping = await t.sql(
      `select 1 from hrms_time_entries x join hrms_time_entries y on x.employee_id = y.employee_id and x.id < y.id
       where x.employee_id = $1 and x.clock_in < coalesce(y.clock_out, 'infinity') and y.clock_in < coalesce(x.clock_out, 'infinity')`,
      [emp.employeeId],
    );
    expect(overlapping).toEqual([]);
  });
});

describe('the employee closes their own forgotten entry', () => {
  const W = '2025-04-21';

  it('gives the time they left for an entry of an earlier day; not for today’s, not ahead of now, not before the clock-in', async () => {
    const open = await clockIn(emp, at(W, 0, '08:30'));
    vi.setSystemTime(new Date(at(W, 0, '18:00')));
    // Today's entry clocks out now.
    const today = await emp.client.post(`/hrms/attendance/entries/${open.id}/clock-out`, { breakMinutes: 0, clockOut: at(W, 0, '17:00') });
    expect(today.status).toBe(400);
    expect(today.body.error.message).toBe(ATTENDANCE_MESSAGES.clockOutTimeToday);
    vi.setSystemTime(new Date(at(W, 1, '09:00'))); // the next morning
    const ahead = await emp.client.post(`/hrms/attendance/entries/${open.id}/clock-out`, { breakMinutes: 0, clockOut: at(W, 1, '10:00') });
    expect(ahead.body.error.message).toBe(ATTENDANCE_MESSAGES.clockOutAhead);
    const before = await emp.client.post(`/hrms/attendance/entries/${open.id}/clock-out`, { breakMinutes: 0, clockOut: at(W, 0, '08:00') });
    expect(before.body.error.message).toBe(ATTENDANCE_MESSAGES.clockOutBeforeClockIn);
    // HR does not clock out for them (HR corrects instead); their manager neither.
    expect((await hr.client.post(`/hrms/attendance/entries/${open.id}/clock-out`, { breakMinutes: 0, clockOut: at(W, 0, '17:00') })).status).toBe(403);
    const out = await emp.client.post(`/hrms/attendance/entries/${open.id}/clock-out`, { breakMinutes: 30, clockOut: at(W, 0, '17:00'), note: 'Forgot to clock out' });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ clockOut: '2025-04-21T17:00:00+00:00', workedMinutes: 480, note: 'Forgot to clock out' });
    expect((await weekOf(emp, W, emp.client)).timesheet.workedMinutes).toBe(480);
    const [event] = await t.sql<{ changes: { field: string; after?: unknown }[] }>("select changes from audit_events where action = 'hrms.time_entry.clocked_out' and target_id = $1", [open.id]);
    expect(event!.changes).toEqual(expect.arrayContaining([{ field: 'clockOutEntered', after: true }]));
  });
});
