/**
 * The shared date, date-time and version rules (src/shared/dates.ts, `versionField` in
 * src/shared/modules.ts) at the API: issue 30, finding 5. A year PostgreSQL cannot hold (0000),
 * one an offset pushes past 9999, or a version past its integer column answered 500; every route
 * that takes one now answers 400 with a message in words, and an offset is read as an instant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATS_MESSAGES } from '@/shared/ats';
import { AUDIT_MESSAGES } from '@/shared/audit';
import { DATE_MESSAGES } from '@/shared/dates';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { MODULE_MESSAGES } from '@/shared/modules';
import { addCandidate, addJob, apply } from '../modules/ats/test-fixtures';
import { addClient } from '../modules/crm/test-fixtures';
import { addEmployee, leaveTypeId } from '../modules/hrms/test-fixtures';
import { addProject, addTask } from '../modules/projects/test-fixtures';
import { createTestApp, signUpCompany, type TestApp } from '../test/harness';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms', 'ats', 'projects']);
}, 120_000);
afterAll(() => t.close());

/** The same instant written with an offset of `minutes` east of UTC (e.g. +14:00 is 840). */
const withOffset = (iso: string, minutes: number) => {
  const local = new Date(Date.parse(iso) + minutes * 60_000).toISOString().slice(0, 23);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

/** Dates and times outside 1900–2200 (UTC), some only once their offset is applied. */
const outOfRangeDateTimes = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '1899-12-31T23:59:59Z',
  '1900-01-01T00:00:00+14:00',
  '2201-01-01T00:00:00Z',
  '2200-12-31T23:00:00-12:00',
  '9999-12-31T23:59:59-12:00',
  '9999-12-31T23:59:59Z',
];

describe('dates and times (finding 5)', () => {
  it('the audit list and its export answer 400 in words for a date and time out of range, never 500 or a header-only file', async () => {
    for (const value of outOfRangeDateTimes) {
      for (const key of ['from', 'to']) {
        const list = await a.client.get(`/audit-events?${key}=${encodeURIComponent(value)}`);
        expect(list.status, `${key}=${value}`).toBe(400);
        expect(list.body.error.message).toBe(DATE_MESSAGES.dateTimeOutOfRange);
        const csv = await a.client.get(`/audit-events/export?${key}=${encodeURIComponent(value)}`);
        expect(csv.status, `export ${key}=${value}`).toBe(400);
        expect(csv.headers.get('content-type')).toMatch(/^application\/json/);
        expect(csv.body.error.message).toBe(DATE_MESSAGES.dateTimeOutOfRange);
      }
    }
    // Not a date and time at all: the field's own message.
    for (const value of ['10000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '2026-01-01T00:00:00']) {
      const res = await a.client.get(`/audit-events/export?from=${encodeURIComponent(value)}`);
      expect(res.status, value).toBe(400);
      expect(res.body.error.message).toBe(AUDIT_MESSAGES.invalidFrom);
    }
  });

  it('reads an offset (+14:00, -12:00) as the instant it names', async () => {
    await a.client.post('/organizations', { name: `Offsets ${Date.now()}` });
    const [event] = (await a.client.get('/audit-events?action=organization.created&limit=1')).body.items as { id: string; createdAt: string }[];
    const at = event!.createdAt;
    const after = new Date(Date.parse(at) + 1).toISOString();
    for (const minutes of [840, -720, 0, 330]) {
      const from = (await a.client.get(`/audit-events?action=organization.created&from=${encodeURIComponent(withOffset(at, minutes))}`)).body.items;
      expect(from.map((e: { id: string }) => e.id), `from ${withOffset(at, minutes)}`).toContain(event!.id);
      const later = (await a.client.get(`/audit-events?action=organization.created&from=${encodeURIComponent(withOffset(after, minutes))}`)).body.items;
      expect(later.map((e: { id: string }) => e.id), `from ${withOffset(after, minutes)}`).not.toContain(event!.id);
    }
  });

  it('an interview and an activity refuse a date and time out of range with 400 and write nothing; an offset is kept as its instant', async () => {
    const job = await addJob(a.client, a.entityId);
    const candidate = await addCandidate(a.client, a.entityId);
    const application = await apply(a.client, candidate.id, job.id);
    const client = await addClient(a.client, a.entityId);
    const rows = async () => Number((await t.sql<{ n: string }>('select (select count(*) from ats_interviews) + (select count(*) from crm_activities) as n'))[0]!.n);
    const before = await rows();
    for (const value of outOfRangeDateTimes) {
      const interview = await a.client.post('/ats/interviews', { applicationId: application.id, startsAt: value, durationMinutes: 30, interviewerIds: [a.userId] });
      expect(interview.status, value).toBe(400);
      expect(interview.body.error.message).toBe(DATE_MESSAGES.dateTimeOutOfRange);
      const activity = await a.client.post('/crm/activities', { type: 'note', body: 'Edge', clientId: client.id, occurredAt: value });
      expect(activity.status, value).toBe(400);
      expect(activity.body.error.message).toBe(DATE_MESSAGES.dateTimeOutOfRange);
    }
    const nonsense = await a.client.post('/ats/interviews', { applicationId: application.id, startsAt: '10000-01-01T10:00:00Z', durationMinutes: 30, interviewerIds: [a.userId] });
    expect(nonsense.body.error.message).toBe(ATS_MESSAGES.startsAtRequired);
    expect(await rows()).toBe(before);

    const east = await a.client.post('/ats/interviews', { applicationId: application.id, startsAt: '2099-01-01T10:00:00+14:00', durationMinutes: 30, interviewerIds: [a.userId] });
    expect(east.status).toBe(201);
    expect(Date.parse(east.body.startsAt)).toBe(Date.parse('2098-12-31T20:00:00Z'));
    const west = await a.client.post('/crm/activities', { type: 'note', body: 'West', clientId: client.id, occurredAt: '2200-12-31T11:59:59-12:00' });
    expect(west.status).toBe(201);
    expect(Date.parse(west.body.occurredAt)).toBe(Date.parse('2200-12-31T23:59:59Z'));
  });
});

describe('dates (finding 5)', () => {
  const outOfRange = ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31'];

  it('every kind of date field answers 400 "Dates must be in the years 1900 to 2200." and writes nothing', async () => {
    const project = await addProject(a.client, a.entityId);
    const client = await addClient(a.client, a.entityId);
    const annual = await leaveTypeId(a.client, a.entityId, 'Annual');
    const employee = await addEmployee(a.client, a.entityId);
    const bodies = (day: string): [string, string, Record<string, unknown>][] => [
      ['POST', '/hrms/employees', { entityId: a.entityId, firstName: 'Edge', lastName: 'Case', workEmail: `edge-${Date.now()}@example.com`, employmentType: 'full_time', startDate: day }],
      ['POST', `/hrms/employees/${employee.id}/terminate`, { endDate: day, version: employee.version }],
      ['POST', '/hrms/leave-requests', { leaveTypeId: annual, startDate: day, endDate: day }],
      ['POST', '/projects/tasks', { projectId: project.id, title: 'Edge', dueDate: day }],
      ['PATCH', `/projects/projects/${project.id}`, { dueDate: day, version: project.version }],
      ['POST', '/crm/opportunities', { entityId: a.entityId, clientId: client.id, name: 'Edge', amountMinor: 100, expectedCloseDate: day }],
    ];
    const rows = async () =>
      Number((await t.sql<{ n: string }>("select (select count(*) from hrms_employees where end_date is not null or first_name = 'Edge') + (select count(*) from hrms_leave_requests) + (select count(*) from projects_tasks) + (select count(*) from crm_opportunities) as n"))[0]!.n);
    const before = await rows();
    for (const day of outOfRange) {
      for (const [method, path, body] of bodies(day)) {
        const res = await a.client.request(method, path, body);
        expect(res.status, `${method} ${path} ${day}`).toBe(400);
        expect(res.body.error.message, `${method} ${path} ${day}`).toBe(DATE_MESSAGES.dateOutOfRange);
      }
    }
    // Five digits is not the YYYY-MM-DD shape: the field's own message.
    const [, , leave] = bodies('10000-01-01')[2]!;
    expect((await a.client.post('/hrms/leave-requests', leave)).body.error.message).toBe(HRMS_MESSAGES.firstDayRequired);
    expect(await rows()).toBe(before);
    expect((await a.client.get(`/projects/projects/${project.id}`)).body.dueDate).toBeNull();
  });

  it('the leave balances year is a whole number from 1900 to 2200, said in words', async () => {
    const employee = await addEmployee(a.client, a.entityId);
    for (const year of ['0', '-1', '1899', '2201', '10000', '1e20', '2026.5', 'abc']) {
      const res = await a.client.get(`/hrms/employees/${employee.id}/balances?year=${year}`);
      expect(res.status, year).toBe(400);
      expect(res.body.error.message).toBe(DATE_MESSAGES.year);
    }
    expect((await a.client.get(`/hrms/employees/${employee.id}/balances?year=2200`)).status).toBe(200);
  });
});

describe('versions (finding 5)', () => {
  it('every kind of record refuses a version outside 1..2147483647 with 400 in words, and compares 2147483647 (409)', async () => {
    const leaveType = await a.client.post('/hrms/leave-types', { entityId: a.entityId, name: `Edge ${Date.now()}`, allowanceDays: 5 });
    expect(leaveType.status).toBe(201);
    const project = await addProject(a.client, a.entityId);
    const task = await addTask(a.client, project.id);
    const client = await addClient(a.client, a.entityId);
    const job = await addJob(a.client, a.entityId);
    const edits: [string, Record<string, unknown>][] = [
      [`/hrms/leave-types/${leaveType.body.id}`, { allowanceDays: 6 }],
      [`/projects/tasks/${task.id}`, { title: 'Edge' }],
      [`/crm/clients/${client.id}`, { industry: 'Edge' }],
      [`/ats/jobs/${job.id}`, { title: 'Edge' }],
    ];
    for (const [path, body] of edits) {
      for (const version of [0, -1, 1.5, 2147483648, 1e20, '1', null]) {
        const res = await a.client.patch(path, { ...body, version });
        expect(res.status, `${path} ${version}`).toBe(400);
        expect(res.body.error.message, `${path} ${version}`).toBe(MODULE_MESSAGES.versionInvalid);
      }
      const missing = await a.client.patch(path, body);
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toBe(MODULE_MESSAGES.versionRequired);
      const largest = await a.client.patch(path, { ...body, version: 2147483647 });
      expect(largest.status, path).toBe(409);
      expect(largest.body.error.message).toBe(MODULE_MESSAGES.staleVersion);
    }
  });
});
