import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { MODULE_MESSAGES } from '@/shared/modules';
import { createTestApp, signUpCompany, type TestApp } from '../../test/harness';
import { addEmployee, addEntity, addUser, leaveTypeId, NEXT_YEAR, type Company } from './test-fixtures';

/*
 * Leave that follows policies (issue 34), through the API: accrual, pro-rating, carry-over and its
 * expiry, public holidays of the entity's country (date-holidays) and the company's own, half days,
 * years. The sign-up entity is in the United Kingdom; a second is in Germany, a third in "Other"
 * (no public holidays, so its dates need no calendar of a year not yet known).
 */

let t: TestApp;
let a: Company;
let germany: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['hrms']);
  germany = await addEntity(a, 'Berlin', 'Germany');
  other = await addEntity(a, 'Elsewhere', 'Other');
}, 180_000);
afterAll(() => t.close());

type Balance = Record<string, unknown> & { name: string };
const balanceOf = async (employeeId: string, year: number, type: string) =>
  ((await a.client.get(`/hrms/employees/${employeeId}/balances?year=${year}`)).body.items as Balance[]).find((b) => b.name === type)!;
const request = (body: Record<string, unknown>) => a.client.post('/hrms/leave-requests', body);
const newType = async (entityId: string, body: Record<string, unknown>) => {
  const res = await a.client.post('/hrms/leave-types', { entityId, ...body });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

/** The day `offset` days after the first Monday of a month (YYYY-MM-DD). */
const fromFirstMonday = (year: number, month: number) => (offset: number) => {
  const d = new Date(Date.UTC(year, month - 1, 1));
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7) + offset);
  return d.toISOString().slice(0, 10);
};

describe('accrual and pro-rating', () => {
  it('a mid-year starter with monthly accrual earns a twelfth a month from their start, and may use only what has accrued by the leave', async () => {
    // Worked example: 12 days a year, accrued monthly, start on Sunday 16 March 2025 (UK).
    // Share of 2025 employed: March 16/31 + April–December 9 = 9.516 months.
    // Entitlement: 12 × 9.516 / 12 = 9.52 → 9.5 (nearest half day). By the end of June:
    // 12 × (16/31 + 3) / 12 = 3.52 → 3.5. Leave Mon 2 – Thu 5 June (no UK holiday) is 4 days: too
    // many; ending on Thursday morning, 3.5: fits. Then 9.5 − 3.5 pending = 6 remain.
    const type = await newType(a.entityId, { name: 'Accrued', allowanceDays: 12, accrual: 'monthly' });
    const e = await addEmployee(a.client, a.entityId, { startDate: '2025-03-16' });
    expect(await balanceOf(e.id, 2025, 'Accrued')).toMatchObject({ accrual: 'monthly', entitlement: 9.5, accrued: 9.5, remaining: 9.5, overdrawn: false });
    const four = await request({ employeeId: e.id, leaveTypeId: type, startDate: '2025-06-02', endDate: '2025-06-05' });
    expect(four.status).toBe(409);
    expect(four.body.error.message).toBe('Not enough Accrued leave: 3.5 days remaining, 4 days requested.');
    const fits = await request({ employeeId: e.id, leaveTypeId: type, startDate: '2025-06-02', endDate: '2025-06-05', endHalf: true });
    expect(fits.status).toBe(201);
    expect(fits.body.days).toBe(3.5);
    expect(await balanceOf(e.id, 2025, 'Accrued')).toMatchObject({ entitlement: 9.5, pending: 3.5, taken: 0, remaining: 6 });
    // Before the start date there is nothing: 2024's balance is zero.
    expect(await balanceOf(e.id, 2024, 'Accrued')).toMatchObject({ entitlement: 0, remaining: 0 });
  });

  it('a leaver’s yearly allowance is pro-rated to their last day', async () => {
    // 20 days granted yearly, employed all of 2025's first half only (terminated on 30 June):
    // 20 × 6 / 12 = 10.
    const e = await addEmployee(a.client, a.entityId, { startDate: '2020-01-06' });
    const done = await a.client.post(`/hrms/employees/${e.id}/terminate`, { endDate: '2025-06-30', version: e.version });
    expect(done.status).toBe(200);
    expect(await balanceOf(e.id, 2025, 'Annual')).toMatchObject({ accrual: 'yearly', entitlement: 10, remaining: 10 });
  });
});

describe('carry-over', () => {
  it('carries unused days to the next year up to the cap; those not taken in the first months expire', async () => {
    // Worked example ("Other": no public holidays). Flexi: 10 days a year, up to 5 carried over,
    // expiring after 3 months (usable to 31 March), created this year. Y1 (next year): 5 carried
    // from this year (none taken) all expire at the end of March; 3 days taken in June →
    // 10 + 5 − 5 − 3 = 7 left → 5 (the cap) carried to Y2.
    // Y2: 2 days in February use carried days; by the end of March 3 carried days are unused and
    // expire. A request in May: 10 + 5 carried − 3 expired − 2 booked = 10 days left, so 11 are
    // refused and 10 fit, leaving 0.
    const y1 = NEXT_YEAR;
    const y2 = NEXT_YEAR + 1;
    const type = await newType(other, { name: 'Flexi', allowanceDays: 10, carryOverDays: 5, carryOverExpiryMonths: 3 });
    const e = await addEmployee(a.client, other, { startDate: '2024-01-15' });
    const june = fromFirstMonday(y1, 6);
    const taken = await request({ employeeId: e.id, leaveTypeId: type, startDate: june(0), endDate: june(2) });
    expect(taken.body.days).toBe(3);
    expect((await a.client.post(`/hrms/leave-requests/${taken.body.id}/approve`, {})).status).toBe(200);
    expect(await balanceOf(e.id, y1, 'Flexi')).toMatchObject({ taken: 3, carriedOver: 5, expiring: 5, remaining: 7 });
    expect(await balanceOf(e.id, y2, 'Flexi')).toMatchObject({ entitlement: 10, carriedOver: 5, carryOverExpiresOn: `${y2}-03-31`, expiring: 5, remaining: 10 });

    const feb = fromFirstMonday(y2, 2);
    expect((await request({ employeeId: e.id, leaveTypeId: type, startDate: feb(1), endDate: feb(2) })).body.days).toBe(2);
    expect(await balanceOf(e.id, y2, 'Flexi')).toMatchObject({ carriedOver: 5, expiring: 3, pending: 2, remaining: 10 });

    const may = fromFirstMonday(y2, 5);
    const eleven = await request({ employeeId: e.id, leaveTypeId: type, startDate: may(0), endDate: may(14) });
    expect(eleven.status).toBe(409);
    expect(eleven.body.error.message).toBe('Not enough Flexi leave: 10 days remaining, 11 days requested.');
    const ten = await request({ employeeId: e.id, leaveTypeId: type, startDate: may(0), endDate: may(11) });
    expect(ten.status).toBe(201);
    expect(ten.body.days).toBe(10);
    expect(await balanceOf(e.id, y2, 'Flexi')).toMatchObject({ pending: 12, expiring: 3, remaining: 0, overdrawn: false });
  });
});

describe('public and company holidays', () => {
  it('Germany: a week with German Unity Day (Friday 3 October 2025) uses 4 days', async () => {
    // Mon 29 Sep – Fri 3 Oct 2025 at the Berlin entity: 5 weekdays, less the national holiday.
    const e = await addEmployee(a.client, germany);
    const days = await a.client.get(`/hrms/leave/days?employeeId=${e.id}&startDate=2025-09-29&endDate=2025-10-03`);
    expect(days.body).toEqual({ days: 4, byYear: { 2025: 4 }, holidays: [{ date: '2025-10-03', name: 'National Holiday' }] });
    const annual = await leaveTypeId(a.client, germany, 'Annual');
    const res = await request({ employeeId: e.id, leaveTypeId: annual, startDate: '2025-09-29', endDate: '2025-10-03' });
    expect(res.status).toBe(201);
    expect(res.body.days).toBe(4);
    const listed = await a.client.get(`/hrms/leave-requests?employeeId=${e.id}`);
    expect(listed.body.items.map((r: { days: number }) => r.days)).toEqual([4]);
  });

  it('United Kingdom: Thursday 17 – Tuesday 22 April 2025 around Good Friday (18th) and Easter Monday (21st) uses 2 days', async () => {
    const e = await addEmployee(a.client, a.entityId);
    const days = await a.client.get(`/hrms/leave/days?employeeId=${e.id}&startDate=2025-04-17&endDate=2025-04-22`);
    expect(days.body.holidays).toEqual([
      { date: '2025-04-18', name: 'Good Friday' },
      { date: '2025-04-21', name: 'Easter Monday' },
    ]);
    const res = await request({ employeeId: e.id, leaveTypeId: await leaveTypeId(a.client, a.entityId, 'Annual'), startDate: '2025-04-17', endDate: '2025-04-22' });
    expect(res.body.days).toBe(2);
    // The same days at the "Other" entity: no public holidays, 4 days.
    const elsewhere = await addEmployee(a.client, other);
    expect((await a.client.get(`/hrms/leave/days?employeeId=${elsewhere.id}&startDate=2025-04-17&endDate=2025-04-22`)).body.days).toBe(4);
  });

  it('a company holiday added by an App Admin is not counted; Members and Viewers cannot add, change or delete one', async () => {
    // Founders Day on Wednesday 6 August 2025 (UK): Mon 4 – Fri 8 August uses 4 days.
    const added = await a.client.post('/hrms/holidays', { entityId: a.entityId, date: '2025-08-06', name: 'Founders Day' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ date: '2025-08-06', name: 'Founders Day', source: 'company', version: 1 });
    const e = await addEmployee(a.client, a.entityId);
    const res = await request({ employeeId: e.id, leaveTypeId: await leaveTypeId(a.client, a.entityId, 'Annual'), startDate: '2025-08-04', endDate: '2025-08-08' });
    expect(res.body.days).toBe(4);
    const list = await a.client.get(`/hrms/holidays?entityId=${a.entityId}&year=2025`);
    expect(list.body.country).toBe('United Kingdom');
    expect(list.body.items.map((h: { date: string; source: string }) => `${h.date} ${h.source}`)).toEqual([
      '2025-01-01 public',
      '2025-04-18 public',
      '2025-04-21 public',
      '2025-05-05 public',
      '2025-05-26 public',
      '2025-08-06 company',
      '2025-12-25 public',
      '2025-12-26 public',
    ]);
    expect((await a.client.post('/hrms/holidays', { entityId: a.entityId, date: '2025-08-06', name: 'Again' })).body.error.message).toBe(HRMS_MESSAGES.holidayTaken);

    const member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    for (const who of [member, viewer]) {
      expect((await who.client.get(`/hrms/holidays?entityId=${a.entityId}&year=2025`)).status).toBe(200);
      const refused = await who.client.post('/hrms/holidays', { entityId: a.entityId, date: '2025-08-07', name: 'Mine' });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(MODULE_MESSAGES.appAdminRequired);
      expect((await who.client.patch(`/hrms/holidays/${added.body.id}`, { name: 'Renamed', version: 1 })).status).toBe(403);
      expect((await who.client.delete(`/hrms/holidays/${added.body.id}?version=1`)).status).toBe(403);
      expect((await who.client.patch(`/hrms/leave-types/${await leaveTypeId(a.client, a.entityId, 'Annual')}`, { carryOverDays: 30, version: 1 })).status).toBe(403);
    }
    // An App Admin of the Berlin entity only: London's holidays are not theirs to see or change.
    const berlinAdmin = await addUser(t, a, [{ entityId: germany, role: 'app_admin' }]);
    expect((await berlinAdmin.client.get(`/hrms/holidays?entityId=${a.entityId}&year=2025`)).status).toBe(404);
    expect((await berlinAdmin.client.patch(`/hrms/holidays/${added.body.id}`, { name: 'Renamed', version: 1 })).status).toBe(404);
    expect((await berlinAdmin.client.delete(`/hrms/holidays/${added.body.id.toUpperCase()}?version=1`)).status).toBe(404);
    expect((await berlinAdmin.client.get(`/hrms/leave/days?employeeId=${e.id}&startDate=2025-08-04&endDate=2025-08-08`)).status).toBe(404);
    // Another company: 404 for the holiday and the employee alike.
    const b = await signUpCompany(t, ['hrms']);
    expect((await b.client.patch(`/hrms/holidays/${added.body.id}`, { name: 'Hijacked', version: 1 })).status).toBe(404);
    expect((await b.client.get(`/hrms/leave/days?employeeId=${e.id}&startDate=2025-08-04&endDate=2025-08-08`)).status).toBe(404);

    const renamed = await a.client.patch(`/hrms/holidays/${added.body.id}`, { name: 'Founders’ Day', date: '2025-08-07', version: 1 });
    expect(renamed.body).toMatchObject({ name: 'Founders’ Day', date: '2025-08-07', version: 2 });
    expect((await a.client.delete(`/hrms/holidays/${added.body.id}?version=1`)).status).toBe(409);
    expect((await a.client.delete(`/hrms/holidays/${added.body.id}?version=2`)).status).toBe(200);
    const [row] = await t.sql<{ n: number }>('select count(*)::int as n from hrms_holidays where id = $1', [added.body.id]);
    expect(row!.n).toBe(0);
    // The request made before keeps its count.
    expect((await a.client.get(`/hrms/leave-requests?employeeId=${e.id}`)).body.items[0].days).toBe(4);
  });
});

describe('half days and years', () => {
  it('a single half day counts 0.5; a type in whole days refuses halves', async () => {
    const e = await addEmployee(a.client, a.entityId);
    const half = await request({ employeeId: e.id, leaveTypeId: await leaveTypeId(a.client, a.entityId, 'Annual'), startDate: '2025-07-02', endDate: '2025-07-02', startHalf: true });
    expect(half.status).toBe(201);
    expect(half.body).toMatchObject({ days: 0.5, startHalf: true });
    expect(await balanceOf(e.id, 2025, 'Annual')).toMatchObject({ pending: 0.5, remaining: 19.5 });
    const whole = await newType(a.entityId, { name: 'Whole Days', allowanceDays: 5, halfDays: false });
    const refused = await request({ employeeId: e.id, leaveTypeId: whole, startDate: '2025-07-09', endDate: '2025-07-10', endHalf: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(HRMS_MESSAGES.halfDaysNotAllowed);
  });

  it('a request over the year end counts each day in its own year', async () => {
    // Berlin, Mon 29 Dec 2025 – Fri 2 Jan 2026: 29, 30, 31 December (3 days of 2025; 31 December
    // is not a public holiday), 1 January (New Year's Day, not counted), 2 January (1 day of 2026).
    const e = await addEmployee(a.client, germany);
    const annual = await leaveTypeId(a.client, germany, 'Annual');
    const res = await request({ employeeId: e.id, leaveTypeId: annual, startDate: '2025-12-29', endDate: '2026-01-02' });
    expect(res.status).toBe(201);
    expect(res.body.days).toBe(4);
    expect(await balanceOf(e.id, 2025, 'Annual')).toMatchObject({ pending: 3, remaining: 17 });
    expect(await balanceOf(e.id, 2026, 'Annual')).toMatchObject({ pending: 1, remaining: 19 });
    // Longer than a year is refused in words.
    const long = await request({ employeeId: e.id, leaveTypeId: annual, startDate: '2027-01-04', endDate: '2028-01-05' });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(HRMS_MESSAGES.tooLong);
  });

  it('an allowance lowered below what is taken shows a negative balance, and no more leave fits', async () => {
    // Study: 10 days; 8 taken in 2025 (Mon 3 – Wed 12 March, UK: no holiday). Lowered to 5:
    // 5 − 8 = −3, shown as it is.
    const type = await newType(a.entityId, { name: 'Study', allowanceDays: 10 });
    const e = await addEmployee(a.client, a.entityId);
    const req = await request({ employeeId: e.id, leaveTypeId: type, startDate: '2025-03-03', endDate: '2025-03-12' });
    expect(req.body.days).toBe(8);
    expect((await a.client.post(`/hrms/leave-requests/${req.body.id}/approve`, {})).status).toBe(200);
    const lowered = await a.client.patch(`/hrms/leave-types/${type}`, { allowanceDays: 5, version: 1 });
    expect(lowered.status).toBe(200);
    expect(await balanceOf(e.id, 2025, 'Study')).toMatchObject({ allowanceDays: 5, entitlement: 5, taken: 8, remaining: -3, overdrawn: true });
    const more = await request({ employeeId: e.id, leaveTypeId: type, startDate: '2025-09-01', endDate: '2025-09-01' });
    expect(more.status).toBe(409);
    expect(more.body.error.message).toBe('Not enough Study leave: 0 days remaining, 1 day requested.');
  });

  it('App Admins set a type’s policy; out-of-range values are refused in words', async () => {
    const type = await newType(a.entityId, { name: 'Policy', allowanceDays: 12 });
    const set = await a.client.patch(`/hrms/leave-types/${type}`, { accrual: 'monthly', carryOverDays: 3, carryOverExpiryMonths: 6, halfDays: false, version: 1 });
    expect(set.body).toMatchObject({ accrual: 'monthly', carryOverDays: 3, carryOverExpiryMonths: 6, halfDays: false, version: 2 });
    const bad = await a.client.patch(`/hrms/leave-types/${type}`, { carryOverExpiryMonths: 13, version: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(HRMS_MESSAGES.carryOverExpiryInvalid);
    expect((await a.client.patch(`/hrms/leave-types/${type}`, { accrual: 'weekly', version: 2 })).body.error.message).toBe(HRMS_MESSAGES.accrualInvalid);
    const cleared = await a.client.patch(`/hrms/leave-types/${type}`, { carryOverExpiryMonths: null, version: 2 });
    expect(cleared.body.carryOverExpiryMonths).toBeNull();
  });
});
