import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ATTENDANCE_MESSAGES } from '@/shared/attendance';
import { MODULE_MESSAGES } from '@/shared/modules';
import { createTestApp, signUpCompany, type Client, type TestApp } from '../../test/harness';
import { addEmployee, addEntity, addUser, type Company } from './test-fixtures';

/*
 * Attendance (issue 34), on both databases. People of company A, entity A:
 * - `emp`: an employee linked to a user with no HRMS grant (CRM only), managed by `mgr`;
 * - `mgr`: also linked, no HRMS grant: a manager by having a report;
 * - `hr`: an HRMS Member (HR staff), `viewer`: an HRMS Viewer; `peer`: linked, no grant, no reports.
 * The clock is moved with fake Dates to a fixed past week (the server's clock; the database's
 * now() only stamps decisions).
 */

let t: TestApp;
let a: Company;
let b: Company;
type Person = { client: Client; id: string; employeeId: string };
let emp: Person;
let mgr: Person;
let peer: Person;
let hr: { client: Client; id: string };
let viewer: { client: Client; id: string };

const WEEK = '2025-03-03'; // a Monday
/** `day` days after WEEK's Monday, at a UTC time. */
const at = (day: number, time: string) => new Date(Date.parse(`${WEEK}T${time}:00Z`) + day * 86_400_000);

async function linked(company: Company, entityId: string, overrides: Record<string, unknown> = {}): Promise<Person> {
  const user = await addUser(t, company, [
    {
      entityId: company.entityId,
      role: 'viewer',
      productId: company.productIds.crm,
    },
  ]);
  const employee = await addEmployee(company.client, entityId, {
    userId: user.id,
    workEmail: user.email,
    ...overrides,
  });
  return { client: user.client, id: user.id, employeeId: employee.id };
}

/** One worked day: clock in and out at the given UTC times with a break. */
async function workDay(p: Person, day: number, from: string, to: string, breakMinutes: number, note = '') {
  vi.setSystemTime(at(day, from));
  const entry = await p.client.post('/hrms/attendance/entries', {
    employeeId: p.employeeId,
    note,
  });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  vi.setSystemTime(at(day, to));
  const out = await p.client.post(`/hrms/attendance/entries/${entry.body.id}/clock-out`, { breakMinutes });
  expect(out.status, JSON.stringify(out.body)).toBe(200);
  return out.body as { id: string; workedMinutes: number };
}

async function week(p: Person, viewerClient = p.client, weekStart = WEEK) {
  const res = await viewerClient.get(`/hrms/attendance/week?employeeId=${p.employeeId}&weekStart=${weekStart}`);
  return res;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  b = await signUpCompany(t, ['crm', 'hrms']);
  mgr = await linked(a, a.entityId, { firstName: 'Mona', lastName: 'Manager' });
  emp = await linked(a, a.entityId, {
    firstName: 'Eddie',
    lastName: 'Employee',
    managerId: mgr.employeeId,
  });
  peer = await linked(a, a.entityId, {
    firstName: 'Pat',
    lastName: 'Peer',
    managerId: mgr.employeeId,
  });
  hr = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
  viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
  // The entity works 37.5 hours a week (App Admin).
  const settings = await a.client.get(`/hrms/attendance/settings?entityId=${a.entityId}`);
  expect(settings.body).toMatchObject({
    weeklyHours: '40.00',
    lateAfter: '10:00',
  });
  const saved = await a.client.patch(`/hrms/attendance/settings/${settings.body.id}`, { weeklyHours: '37.5', lateAfter: '09:30', version: settings.body.version });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({
    weeklyHours: '37.50',
    lateAfter: '09:30',
  });
  vi.useFakeTimers({ toFake: ['Date'] });
}, 180_000);
afterEach(() => vi.setSystemTime(new Date('2025-03-20T12:00:00Z')));
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe('clocking in and out', () => {
  it('clocks in and out with a break and a multi-line note; a second clock-in is refused while one is open', async () => {
    vi.setSystemTime(at(0, '08:00'));
    const entry = await emp.client.post('/hrms/attendance/entries', {
      employeeId: emp.employeeId,
      note: 'Early start\nsite visit',
    });
    expect(entry.status).toBe(201);
    expect(entry.body).toMatchObject({
      clockIn: '2025-03-03T08:00:00+00:00',
      clockOut: null,
      note: 'Early start\nsite visit',
    });
    vi.setSystemTime(at(0, '09:00'));
    const again = await emp.client.post('/hrms/attendance/entries', {
      employeeId: emp.employeeId,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ATTENDANCE_MESSAGES.alreadyClockedIn);
    // The open entry counts up to now on the card.
    const open = await week(emp);
    expect(open.body.openEntry).toMatchObject({
      id: entry.body.id,
      workedMinutes: 60,
    });
    vi.setSystemTime(at(0, '17:30'));
    // A break longer than the time worked is refused; so is a break that is not whole minutes.
    expect((await emp.client.post(`/hrms/attendance/entries/${entry.body.id}/clock-out`, { breakMinutes: 600 })).body.error.message).toBe(ATTENDANCE_MESSAGES.breakTooLong);
    expect((await emp.client.post(`/hrms/attendance/entries/${entry.body.id}/clock-out`, { breakMinutes: 1.5 })).status).toBe(400);
    // Nobody clocks out for someone else, not even HR staff or the manager.
    expect((await hr.client.post(`/hrms/attendance/entries/${entry.body.id}/clock-out`, { breakMinutes: 0 })).status).toBe(403);
    expect((await mgr.client.post(`/hrms/attendance/entries/${entry.body.id}/clock-out`, { breakMinutes: 0 })).status).toBe(403);
    const out = await emp.client.post(`/hrms/attendance/entries/${entry.body.id}/clock-out`, { breakMinutes: 30 });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({
      clockOut: '2025-03-03T17:30:00+00:00',
      breakMinutes: 30,
      workedMinutes: 540,
    });
    expect((await emp.client.post(`/hrms/attendance/entries/${entry.body.id}/clock-out`, { breakMinutes: 0 })).body.error.message).toBe(ATTENDANCE_MESSAGES.alreadyClockedOut);
  });

  it('nobody clocks in for someone else: HR staff get 403, another entity’s or company’s record 404', async () => {
    vi.setSystemTime(at(1, '07:00'));
    const byHr = await hr.client.post('/hrms/attendance/entries', {
      employeeId: emp.employeeId,
    });
    expect(byHr.status).toBe(403);
    expect(byHr.body.error.message).toBe(ATTENDANCE_MESSAGES.onlyOwnClock);
    expect(
      (
        await peer.client.post('/hrms/attendance/entries', {
          employeeId: emp.employeeId,
        })
      ).status,
    ).toBe(404);
    const inB = await addEmployee(b.client, b.entityId);
    expect(
      (
        await emp.client.post('/hrms/attendance/entries', {
          employeeId: inB.id,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await b.client.post('/hrms/attendance/entries', {
          employeeId: emp.employeeId,
        })
      ).status,
    ).toBe(404);
    // A user with no employee record and no HRMS grant is refused outright.
    const stranger = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer', productId: a.productIds.crm }]);
    expect(
      (
        await stranger.client.post('/hrms/attendance/entries', {
          employeeId: emp.employeeId,
        })
      ).status,
    ).toBe(403);
  });
});

describe('weekly totals, overtime and approval', () => {
  it('adds up the week and shows the hours over 37.5 as overtime (worked example)', async () => {
    // Monday is already 08:00–17:30 less 30 min = 540 min (first test). Then:
    await workDay(emp, 1, '08:00', '18:00', 60); // 600 - 60 = 540
    await workDay(emp, 2, '09:00', '17:00', 30); // 480 - 30 = 450
    await workDay(emp, 3, '08:00', '17:00', 30); // 540 - 30 = 510
    await workDay(emp, 4, '08:00', '16:15', 45); // 495 - 45 = 450
    // 540 + 540 + 450 + 510 + 450 = 2490 min = 41.50 h; 37.5 h = 2250 min; overtime 240 min = 4.00 h.
    const res = await week(emp);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      weekStart: WEEK,
      workedMinutes: 2490,
      expectedMinutes: 2250,
      overtimeMinutes: 240,
      openEntry: null,
    });
    expect(res.body.entries).toHaveLength(5);
    expect(res.body.timesheet).toMatchObject({
      status: 'draft',
      workedMinutes: 2490,
      overtimeMinutes: 240,
      canSubmit: true,
      canDecide: false,
    });
    // The manager and HR staff read it; a peer does not (404, as if it did not exist).
    expect((await week(emp, mgr.client)).status).toBe(200);
    expect((await week(emp, viewer.client)).status).toBe(200);
    expect((await week(emp, peer.client)).status).toBe(404);
    expect((await week(emp, b.client)).status).toBe(404);
  });

  it('submit → the manager approves (App Admins notified); nobody approves their own', async () => {
    const sheet = (await week(emp)).body.timesheet;
    expect((await mgr.client.post(`/hrms/attendance/timesheets/${sheet.id}/submit`, {})).status).toBe(403);
    const admin = await addUser(t, a, [{ entityId: a.entityId, role: 'app_admin' }]);
    vi.setSystemTime(new Date('2025-03-08T10:00:00Z'));
    const submitted = await emp.client.post(`/hrms/attendance/timesheets/${sheet.id}/submit`, {});
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      status: 'submitted',
      canSubmit: false,
    });
    // A submitted week takes no more entries.
    vi.setSystemTime(at(5, '09:00'));
    expect(
      (
        await emp.client.post('/hrms/attendance/entries', {
          employeeId: emp.employeeId,
        })
      ).body.error.message,
    ).toBe(ATTENDANCE_MESSAGES.weekClosed);
    // The employee cannot approve it: no grant, and it is their own.
    const own = await emp.client.post(`/hrms/attendance/timesheets/${sheet.id}/approve`, { comment: '' });
    expect(own.status).toBe(403);
    // The manager sees it to approve, without any HRMS grant; a peer sees nothing of it.
    const list = await mgr.client.get('/hrms/attendance/timesheets?status=submitted');
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: string; canDecide: boolean }) => [i.id, i.canDecide])).toEqual([[sheet.id, true]]);
    expect((await peer.client.get('/hrms/attendance/timesheets')).body.items).toEqual([]);
    const approved = await mgr.client.post(`/hrms/attendance/timesheets/${sheet.id}/approve`, { comment: 'Thanks' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      comment: 'Thanks',
      overtimeMinutes: 240,
    });
    expect(
      (
        await hr.client.post(`/hrms/attendance/timesheets/${sheet.id}/return`, {
          comment: 'Late',
        })
      ).body.error.message,
    ).toBe(ATTENDANCE_MESSAGES.notSubmitted);
    const events = await t.sql<{ action: string }>('select action from audit_events where target_id = $1 order by created_at', [sheet.id]);
    expect(events.map((e) => e.action).sort()).toEqual(['hrms.timesheet.approved', 'hrms.timesheet.submitted']);
    // The entity's HRMS App Admins and the manager hear of the submission, the employee of the
    // decision: the manager and the employee have no grant, and hear as current employees of the
    // entity (canReadRecord, migration 0037).
    const heard = await t.sql<{ user_id: string; title: string }>("select user_id, title from notifications where category = 'timesheets' and record_id = $1", [sheet.id]);
    const submission = 'Eddie Employee submitted the timesheet for the week of 2025-03-03 (41.50 hours)';
    expect(heard).toEqual(
      expect.arrayContaining([
        { user_id: admin.id, title: submission },
        { user_id: mgr.id, title: submission },
        { user_id: emp.id, title: 'Your timesheet for the week of 2025-03-03 was approved: Thanks' },
      ]),
    );
    expect(heard).toHaveLength(3);
  });

  it('HR returns a week with a comment; the employee corrects and submits it again; nobody decides their own, HR included', async () => {
    const week2 = '2025-03-10';
    const day = (d: number, time: string) => at(7 + d, time);
    vi.setSystemTime(day(0, '09:45')); // after 09:30: late
    const entry = await emp.client.post('/hrms/attendance/entries', {
      employeeId: emp.employeeId,
    });
    vi.setSystemTime(day(0, '12:00'));
    await emp.client.post(`/hrms/attendance/entries/${entry.body.id}/clock-out`, { breakMinutes: 0 });
    const sheet = (await week(emp, emp.client, week2)).body.timesheet;
    await emp.client.post(`/hrms/attendance/timesheets/${sheet.id}/submit`, {});
    // A return says what to correct.
    const bare = await hr.client.post(`/hrms/attendance/timesheets/${sheet.id}/return`, { comment: '  ' });
    expect(bare.status).toBe(400);
    expect(bare.body.error.message).toBe(ATTENDANCE_MESSAGES.returnComment);
    // A Viewer is not HR staff enough to decide.
    expect((await viewer.client.post(`/hrms/attendance/timesheets/${sheet.id}/return`, { comment: 'x' })).status).toBe(403);
    const returned = await hr.client.post(`/hrms/attendance/timesheets/${sheet.id}/return`, { comment: 'Monday is short:\nadd the afternoon' });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({
      status: 'returned',
      comment: 'Monday is short:\nadd the afternoon',
    });
    const mine = await week(emp, emp.client, week2);
    expect(mine.body.timesheet).toMatchObject({
      status: 'returned',
      canSubmit: true,
    });
    await workDay(emp, 8, '13:00', '17:00', 0); // Tuesday 2025-03-11
    expect((await emp.client.post(`/hrms/attendance/timesheets/${sheet.id}/submit`, {})).body.status).toBe('submitted');

    // HR staff who are also employees do not decide their own week.
    const hrEmployee = await addEmployee(a.client, a.entityId, {
      userId: hr.id,
      firstName: 'Hana',
      lastName: 'Hr',
    });
    const hrPerson = {
      client: hr.client,
      id: hr.id,
      employeeId: hrEmployee.id,
    };
    await workDay(hrPerson, 7, '08:00', '12:00', 0); // 2025-03-10
    const hrSheet = (await week(hrPerson, hr.client, week2)).body.timesheet;
    expect(hrSheet.canDecide).toBe(false);
    await hr.client.post(`/hrms/attendance/timesheets/${hrSheet.id}/submit`, {});
    const self = await hr.client.post(`/hrms/attendance/timesheets/${hrSheet.id}/approve`, { comment: '' });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(ATTENDANCE_MESSAGES.ownTimesheet);
    // Neither does a super admin linked to their own record.
    const adminEmployee = await addEmployee(a.client, a.entityId, {
      userId: a.userId,
      firstName: 'Ada',
      lastName: 'Admin',
    });
    await workDay({ client: a.client, id: a.userId, employeeId: adminEmployee.id }, 7, '13:00', '15:00', 0);
    const adminSheet = (await a.client.get(`/hrms/attendance/week?employeeId=${adminEmployee.id}&weekStart=${week2}`)).body.timesheet;
    await a.client.post(`/hrms/attendance/timesheets/${adminSheet.id}/submit`, {});
    expect((await a.client.post(`/hrms/attendance/timesheets/${adminSheet.id}/approve`, { comment: '' })).status).toBe(403);
    // Another company never sees or decides it.
    expect((await b.client.post(`/hrms/attendance/timesheets/${hrSheet.id}/approve`, { comment: '' })).status).toBe(404);
    expect((await b.client.get(`/hrms/attendance/timesheets?entityId=${a.entityId}`)).status).toBe(404);
  });

  it('another entity’s HR staff neither see nor decide the timesheet', async () => {
    const entityB = await addEntity(a);
    const otherHr = await addUser(t, a, [{ entityId: entityB, role: 'app_admin' }]);
    const sheets = (await a.client.get(`/hrms/attendance/timesheets?entityId=${a.entityId}&status=submitted`)).body.items as { id: string }[];
    expect(sheets.length).toBeGreaterThan(0);
    expect((await otherHr.client.post(`/hrms/attendance/timesheets/${sheets[0]!.id}/approve`, { comment: '' })).status).toBe(404);
    expect((await otherHr.client.get('/hrms/attendance/timesheets')).body.items).toEqual([]);
    expect((await otherHr.client.get(`/hrms/attendance/timesheets?entityId=${a.entityId}`)).status).toBe(404);
    expect((await otherHr.client.get(`/hrms/attendance/week?employeeId=${emp.employeeId}`)).status).toBe(404);
  });
});

describe('export and today', () => {
  it('exports a period’s timesheets as CSV with hours and overtime (HR staff only)', async () => {
    const res = await hr.client.get(`/hrms/attendance/timesheets/export?entityId=${a.entityId}&from=${WEEK}&to=${WEEK}`);
    expect(res.status).toBe(200);
    const lines = String(res.body).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Employee,Work Email,Week Start,Status,Worked Hours,Weekly Hours,Overtime Hours,Comment');
    const eddie = lines.find((l) => l.startsWith('Eddie Employee'));
    expect(eddie).toMatch(/,2025-03-03,approved,41\.50,37\.50,4\.00,Thanks$/);
    expect(lines).toHaveLength(2);
    expect((await emp.client.get(`/hrms/attendance/timesheets/export?entityId=${a.entityId}`)).status).toBe(403);
    expect((await b.client.get(`/hrms/attendance/timesheets/export?entityId=${a.entityId}`)).status).toBe(404);
    expect((await hr.client.get(`/hrms/attendance/timesheets/export?from=2025-03-10&to=${WEEK}`)).status).toBe(400);
  });

  it('today: who is in, late and missing, for HR staff and managers; 403 for a plain employee', async () => {
    vi.useRealTimers();
    // Whether "missing" applies depends on the real clock (weekend, before 09:30 UTC): checked from the counts' shape only.
    const inNow = await peer.client.post('/hrms/attendance/entries', {
      employeeId: peer.employeeId,
    });
    expect(inNow.status).toBe(201);
    const asHr = await hr.client.get(`/hrms/attendance/today?entityId=${a.entityId}`);
    expect(asHr.status).toBe(200);
    expect(asHr.body.in.map((p: { employeeName: string }) => p.employeeName)).toContain('Pat Peer');
    expect(asHr.body.counts.in).toBeGreaterThanOrEqual(1);
    const asManager = await mgr.client.get('/hrms/attendance/today');
    expect(asManager.status).toBe(200);
    expect(asManager.body.in.map((p: { employeeId: string }) => p.employeeId)).toEqual([peer.employeeId]);
    expect(asManager.body.missing.every((p: { employeeId: string }) => [emp.employeeId, peer.employeeId].includes(p.employeeId))).toBe(true);
    const asEmployee = await emp.client.get('/hrms/attendance/today');
    expect(asEmployee.status).toBe(403);
    expect(asEmployee.body.error.message).toBe(MODULE_MESSAGES.noAccess);
    expect((await b.client.get(`/hrms/attendance/today?entityId=${a.entityId}`)).status).toBe(404);
    vi.useFakeTimers({ toFake: ['Date'] });
  });

  it('a day: who clocked in, was late and was missing on an earlier working day; a later day is refused', async () => {
    const names = (people: { employeeName: string }[]) => people.map((p) => p.employeeName);
    // Tuesday 2025-03-11: Eddie clocked in at 13:00, after the 09:30 late-after time; Pat did not.
    const day = '2025-03-11';
    const asHr = await hr.client.get(`/hrms/attendance/today?entityId=${a.entityId}&day=${day}`);
    expect(asHr.status).toBe(200);
    expect(asHr.body).toMatchObject({ date: day, isToday: false, more: { in: false, late: false, missing: false } });
    expect(asHr.body.in).toEqual([expect.objectContaining({ employeeName: 'Eddie Employee', since: '2025-03-11T13:00:00+00:00' })]);
    expect(asHr.body.late).toEqual([expect.objectContaining({ employeeName: 'Eddie Employee', firstClockIn: '2025-03-11T13:00:00+00:00' })]);
    expect(names(asHr.body.missing)).toEqual(expect.arrayContaining(['Mona Manager', 'Pat Peer']));
    expect(names(asHr.body.missing)).not.toContain('Eddie Employee');
    expect(asHr.body.counts).toEqual({ in: 1, late: 1, missing: asHr.body.missing.length });
    // The manager: their reports only.
    const asManager = await mgr.client.get(`/hrms/attendance/today?day=${day}`);
    expect(names(asManager.body.missing)).toEqual(['Pat Peer']);
    expect(names(asManager.body.late)).toEqual(['Eddie Employee']);
    // A weekend has nobody missing; a day after today (2025-03-20 here) or not a day is refused.
    expect((await hr.client.get(`/hrms/attendance/today?entityId=${a.entityId}&day=2025-03-15`)).body.missing).toEqual([]);
    const ahead = await hr.client.get(`/hrms/attendance/today?entityId=${a.entityId}&day=2025-03-21`);
    expect(ahead.status).toBe(400);
    expect(ahead.body.error.message).toBe(ATTENDANCE_MESSAGES.dayAhead);
    expect((await hr.client.get(`/hrms/attendance/today?entityId=${a.entityId}&day=2025-02-30`)).body.error.message).toBe(ATTENDANCE_MESSAGES.dayInvalid);
    expect((await emp.client.get(`/hrms/attendance/today?day=${day}`)).status).toBe(403);
  });

  it('settings: App Admin only; a Member is refused', async () => {
    const settings = await hr.client.get(`/hrms/attendance/settings?entityId=${a.entityId}`);
    expect(settings.status).toBe(200);
    expect(
      (
        await hr.client.patch(`/hrms/attendance/settings/${settings.body.id}`, {
          weeklyHours: '20',
          lateAfter: '09:00',
          version: settings.body.version,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await a.client.patch(`/hrms/attendance/settings/${settings.body.id}`, {
          weeklyHours: '100',
          lateAfter: '09:00',
          version: settings.body.version,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await b.client.patch(`/hrms/attendance/settings/${settings.body.id}`, {
          weeklyHours: '20',
          lateAfter: '09:00',
          version: settings.body.version,
        })
      ).status,
    ).toBe(404);
    expect((await emp.client.get(`/hrms/attendance/settings?entityId=${a.entityId}`)).status).toBe(403);
  });
});
