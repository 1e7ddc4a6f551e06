/**
 * My Payslips (issue 35): an employee without an HRMS grant lists and downloads their own payslips
 * of paid runs, and nothing else: not a colleague's line, not a draft or approved run, not another
 * company's, not a report's for a manager, nothing for HR staff who are not employees themselves.
 * Marking a run paid tells each linked employee of the run once, never the administrator who did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_RUN_MESSAGES, type PayRun, type PayslipSummary } from '@/shared/payroll';
import { createTestApp, signUpCompany, type Client, type TestApp } from '../../../test/harness';
import { addEmployee, addUser, type Company } from '../test-fixtures';

let t: TestApp;
let a: Company;
let b: Company;
type Person = { client: Client; id: string; employeeId: string; lastName: string };
/** Without any HRMS grant (a CRM Viewer each): the manager, their report, and the report's peer. */
let boss: Person;
let emp: Person;
let peer: Person;
/** HRMS staff who are not employees. */
let member: Awaited<ReturnType<typeof addUser>>;
let viewer: Awaited<ReturnType<typeof addUser>>;
let unlinkedEmployeeId: string;
let adminEmployeeId: string;
let schedule: string;
/** Company A's runs: periods 1 and 2 paid, an off-cycle paid to `peer` only, period 3 approved, period 4 a draft. */
const runs = {} as Record<'first' | 'second' | 'offCycle' | 'approved' | 'draft', PayRun>;
/** Company B's paid run, with B's own linked employee. */
let bRun: PayRun;
let bPerson: Person;

const GB_W = { taxCode: '1257L', basis: 'cumulative', niCategory: 'A' } as const;

const ok = <T>(res: { status: number; body: T }, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

/** A user of `company` holding only CRM (no HRMS grant), linked to a new employee of its entity. */
async function linkedEmployee(company: Company, lastName: string, managerId: string | null = null): Promise<Person> {
  const user = await addUser(t, company, [{ entityId: company.entityId, role: 'viewer', productId: company.productIds.crm }]);
  const record = await addEmployee(company.client, company.entityId, { userId: user.id, managerId, lastName, workEmail: user.email });
  return { client: user.client, id: user.id, employeeId: record.id, lastName };
}

/** GB payroll at the company's entity: settings, a monthly schedule, a £36,000 pay record per employee. */
async function payroll(company: Company, employeeIds: string[]) {
  ok(await company.client.post('/hrms/payroll/settings', { entityId: company.entityId, country: 'GB', currency: 'GBP' }), 201);
  const schedule = ok(await company.client.post('/hrms/payroll/schedules', { entityId: company.entityId, name: 'Monthly', frequency: 'monthly', firstPayDate: '2025-04-30' }), 201) as { id: string };
  for (const employeeId of employeeIds) {
    ok(
      await company.client.post('/hrms/payroll/pay-records', { employeeId, scheduleId: schedule.id, payBasis: 'salary', annualSalary: '36000.00', currency: 'GBP', startDate: '2024-01-01', uk: GB_W }),
      201,
    );
  }
  return schedule.id;
}

const createRun = async (company: Company, scheduleId: string, body: Record<string, unknown>) =>
  ok(await company.client.post('/hrms/payroll/runs', { scheduleId, taxYear: '2025-26', ...body }), 201) as PayRun;
const act = async (company: Company, run: PayRun, action: 'approve' | 'mark-paid') => ok(await company.client.post(`/hrms/payroll/runs/${run.id}/${action}`, { version: run.version })) as PayRun;
const paid = async (company: Company, run: PayRun) => act(company, await act(company, run, 'approve'), 'mark-paid');

const payslipsOf = async (client: Client) => ok(await client.get('/hrms/me/payslips')).items as PayslipSummary[];
const payslipNotifications = async (client: Client) =>
  ((await client.get('/notifications')).body.items as { category: string; title: string; url: string }[]).filter((n) => n.category === 'payslips');

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  b = await signUpCompany(t, ['crm', 'hrms']);
  boss = await linkedEmployee(a, 'Boss');
  emp = await linkedEmployee(a, 'Report', boss.employeeId);
  peer = await linkedEmployee(a, 'Peer', boss.employeeId);
  member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
  viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
  unlinkedEmployeeId = (await addEmployee(a.client, a.entityId, { lastName: 'Unlinked' })).id;
  // The administrator who marks runs paid is paid on them too: never notified of their own action.
  adminEmployeeId = (await addEmployee(a.client, a.entityId, { userId: a.userId, lastName: 'Admin' })).id;
  schedule = await payroll(a, [boss.employeeId, emp.employeeId, peer.employeeId, unlinkedEmployeeId, adminEmployeeId]);
  runs.first = await act(a, await createRun(a, schedule, { period: 1 }), 'approve');

  bPerson = await linkedEmployee(b, 'Elsewhere');
  bRun = await paid(b, await createRun(b, await payroll(b, [bPerson.employeeId]), { period: 1 }));
}, 240_000);
afterAll(() => t.close());

describe('marking a run paid', () => {
  it('approval tells nobody: the figures are not paid yet', async () => {
    expect(await payslipNotifications(emp.client)).toEqual([]);
    expect(await payslipsOf(emp.client)).toEqual([]);
  });

  it('tells each linked employee of the run once, in the app and by email, never the administrator who marked it', async () => {
    runs.first = await act(a, runs.first, 'mark-paid');
    for (const person of [boss, emp, peer]) {
      expect(await payslipNotifications(person.client), person.lastName).toEqual([expect.objectContaining({ title: 'Your payslip for 2025-04-30 is ready', url: '/hrms/portal' })]);
    }
    expect(await payslipNotifications(a.client)).toEqual([]);
    const rows = await t.sql<{ user_id: string; title: string }>("select user_id, title from notifications where category = 'payslips' and company_id = $1", [a.companyId]);
    expect(rows.map((r) => r.user_id).sort()).toEqual([boss.id, emp.id, peer.id].sort());
    // Each is emailed too (immediately, the default).
    const mail = await t.sql<{ to_address: string }>('select o.to_address from email_outbox o join notifications n on n.id = o.notification_id where n.category = $1 and n.company_id = $2', ['payslips', a.companyId]);
    expect(mail.map((m) => m.to_address)).toHaveLength(3);
  });

  it('the rest of the runs: another paid period, an off-cycle paid to one employee, an approved and a draft run', async () => {
    runs.second = await paid(a, await createRun(a, schedule, { period: 2 }));
    runs.offCycle = await paid(a, await createRun(a, schedule, { period: 2, kind: 'off_cycle', items: [{ employeeId: peer.employeeId, gross: '250.00' }] }));
    runs.approved = await act(a, await createRun(a, schedule, { period: 3 }), 'approve');
    runs.draft = await createRun(a, schedule, { period: 4 });
    // Told of each paid run they are in, and of nothing else.
    expect((await payslipNotifications(emp.client)).map((n) => n.title)).toEqual(['Your payslip for 2025-05-31 is ready', 'Your payslip for 2025-04-30 is ready']);
    expect(await payslipNotifications(peer.client)).toHaveLength(3);
  });
});

describe('GET /hrms/me/payslips', () => {
  it('an employee without a grant lists only their own payslips of paid runs, newest first, with the run’s figures', async () => {
    const mine = await payslipsOf(emp.client);
    expect(mine.map((p) => p.runId)).toEqual([runs.second.id, runs.first.id]);
    const line = runs.first.lines.find((l) => l.employeeId === emp.employeeId)!;
    expect(mine[1]).toEqual({
      runId: runs.first.id,
      payDate: '2025-04-30',
      periodStart: '2025-04-01',
      periodEnd: '2025-04-30',
      kind: 'regular',
      currency: 'GBP',
      gross: line.gross,
      net: line.net,
    });
    expect(line.net).toBe('2453.64');
    // The peer also has the off-cycle payment; same pay date, the later run first.
    expect((await payslipsOf(peer.client)).map((p) => [p.runId, p.kind])).toEqual([
      [runs.offCycle.id, 'off_cycle'],
      [runs.second.id, 'regular'],
      [runs.first.id, 'regular'],
    ]);
  });

  it('a manager lists their own payslips, none of their reports’', async () => {
    const mine = await payslipsOf(boss.client);
    expect(mine.map((p) => p.runId)).toEqual([runs.second.id, runs.first.id]);
    expect(JSON.stringify(mine)).not.toContain(runs.offCycle.id);
  });

  it('HRMS staff who are not employees list nothing; someone neither staff nor employee is refused', async () => {
    expect(await payslipsOf(member.client)).toEqual([]);
    expect(await payslipsOf(viewer.client)).toEqual([]);
    const outsider = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer', productId: a.productIds.crm }]);
    expect((await outsider.client.get('/hrms/me/payslips')).status).toBe(403);
  });
});

describe('GET /hrms/me/payslips/{runId}', () => {
  const download = (client: Client, runId: string) => client.get(`/hrms/me/payslips/${runId}`);

  it('downloads the caller’s own payslip of a paid run as a PDF, with or without .pdf', async () => {
    for (const path of [runs.first.id, `${runs.first.id}.pdf`, `${runs.first.id.toUpperCase()}.PDF`]) {
      const res = await t.app.request(`/api/hrms/me/payslips/${path}`, { headers: { cookie: emp.client.cookie } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain(emp.lastName);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('404 alike for a run without the caller’s line, an approved or draft run, another company’s, nothing, or not an id', async () => {
    for (const runId of [runs.offCycle.id, runs.approved.id, runs.draft.id, bRun.id, '00000000-0000-4000-8000-000000000000', 'not-an-id', `${runs.first.id}.csv`]) {
      const res = await download(emp.client, runId);
      expect(res.status, runId).toBe(404);
      expect(res.body.error.message).toBe(PAY_RUN_MESSAGES.myPayslipNotFound);
    }
    // The colleague's own line of the off-cycle run is theirs.
    expect((await download(peer.client, runs.offCycle.id)).status).toBe(200);
  });

  it('a manager cannot read a report’s payslip, here or through the administrators’ route', async () => {
    expect((await download(boss.client, runs.offCycle.id)).status).toBe(404);
    expect((await boss.client.get(`/hrms/payroll/runs/${runs.first.id}/payslips/${emp.employeeId}.pdf`)).status).toBe(403);
  });

  it('Members and Viewers of HRMS read no one’s payslip', async () => {
    for (const staff of [member, viewer]) {
      expect((await download(staff.client, runs.first.id)).status).toBe(404);
      expect((await staff.client.get(`/hrms/payroll/runs/${runs.first.id}/payslips/${emp.employeeId}.pdf`)).status).toBe(403);
    }
  });

  it('another company’s employee cannot read ours, nor ours theirs', async () => {
    expect((await download(bPerson.client, runs.first.id)).status).toBe(404);
    expect((await download(bPerson.client, bRun.id)).status).toBe(200);
    expect((await payslipsOf(bPerson.client)).map((p) => p.runId)).toEqual([bRun.id]);
  });

  it('once unlinked from their record, the employee reads nothing more', async () => {
    const gone = await linkedEmployee(a, 'Leaver');
    const before = ok(await a.client.get(`/hrms/employees/${gone.employeeId}`)) as { version: number };
    ok(await a.client.patch(`/hrms/employees/${gone.employeeId}`, { userId: null, version: before.version }));
    expect((await gone.client.get('/hrms/me/payslips')).status).toBe(403);
    expect((await download(gone.client, runs.first.id)).status).toBe(403);
  });
});
