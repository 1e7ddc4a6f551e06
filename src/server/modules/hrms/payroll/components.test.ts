/**
 * Pay components (issue 35 item 1 and 2): earnings, deductions before and after tax, employer
 * contributions; hourly pay from approved timesheets with overtime; a bonus entered on a draft run.
 *
 * The worked examples are computed here by each authority's own method, by hand:
 *
 * UK, 2025-26, month 1, code 1257L, £3,000 gross, pension 5 % under a net pay arrangement (HMRC
 * "Pension schemes: relief at source and net pay arrangements", PTM044220: the contribution is
 * deducted from pay before PAYE is worked out; NIM01010 / CWG2: it is not deducted before Class 1
 * NICs), employer pension 3 %:
 *   pension 5 % of 3,000.00 = 150.00; PAYE pay 3,000.00 − 150.00 = 2,850.00;
 *   free pay month 1 (12,579 ÷ 12, rounded up) = 1,048.25; taxable 1,801.75 → £1,801 (down to the pound);
 *   tax 1,801 × 20 % = 360.20 (the basic-rate limit for month 1 is 3,141.67);
 *   employee NI on the full 3,000.00: (3,000 − 1,048) × 8 % = 156.16; employer NI (3,000 − 417) × 15 % = 387.45;
 *   employer pension 3 % = 90.00 (an employer cost); net 3,000.00 − 150.00 − 360.20 − 156.16 = 2,333.64.
 * Month 2, the same pay, cumulative: taxable pay to date 5,700.00 − free pay 2,096.50 = 3,603.50 → 3,603;
 *   tax due to date 720.60 less 360.20 paid = 360.40 (with gross, not taxable pay, to date it would be 420.40).
 *
 * US, 2025, monthly, single, Step 2 unchecked, $6,000, traditional 401(k) 6 % (IRS Publication 15,
 * section 15, deferred compensation: elective deferrals are not subject to income tax withholding,
 * are subject to Social Security and Medicare), employer match 3 %. Publication 15-T Worksheet 1A:
 *   401(k) 360.00; line 1a wages 6,000.00 − 360.00 = 5,640.00; 1c × 12 = 67,680.00; 1g 8,600 → 1i 59,080.00;
 *   single table: 59,080 ≥ 54,875 → 5,578.50 + 22 % × 4,205.00 = 6,503.60; ÷ 12 = 541.966… → 541.97;
 *   Social Security 6.2 % × 6,000.00 = 372.00; Medicare 1.45 % × 6,000.00 = 87.00;
 *   match 180.00 (employer cost); net 6,000 − 360 − 541.97 − 372 − 87 = 4,639.03.
 *   Form W-2: box 1 5,640.00 (without the deferral), boxes 3 and 5 6,000.00.
 */
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAY_COMPONENT_MESSAGES, PAYROLL_PREVIEW_EXAMPLES, type PayComponent, type PayRun, type PayrollPreviewInput } from '@/shared/payroll';
import { ORIGIN, createTestApp, signUpCompany, type Client, type TestApp } from '../../../test/harness';
import { addEmployee, addEntity, addUser, type Company } from '../test-fixtures';
import { calculate } from './engine';

const GB = PAYROLL_PREVIEW_EXAMPLES.GB as unknown as PayrollPreviewInput;
const US = PAYROLL_PREVIEW_EXAMPLES.US as unknown as PayrollPreviewInput;
const PENSION = { name: 'Pension', kind: 'deduction_pre_tax', percent: '5' } as const;
const EMPLOYER_PENSION = { name: 'Employer pension', kind: 'employer_contribution', percent: '3' } as const;
const K401 = { name: '401(k)', kind: 'deduction_pre_tax', percent: '6' } as const;
const MATCH = { name: '401(k) match', kind: 'employer_contribution', percent: '3' } as const;

describe('the engine: worked examples by the authorities’ methods', () => {
  it('UK pension under a net pay arrangement lowers PAYE taxable pay, not NI-able pay (HMRC PTM044220, NIM01010)', () => {
    expect(calculate({ ...GB, components: [PENSION, EMPLOYER_PENSION] })).toEqual({
      lines: [
        { code: 'deduction_pre_tax', amount: '150.00', label: 'Pension' },
        { code: 'income_tax', amount: '360.20' },
        { code: 'employee_ni', amount: '156.16' },
        { code: 'employer_ni', amount: '387.45' },
        { code: 'employer_contribution', amount: '90.00', label: 'Employer pension' },
      ],
      net: '2333.64',
    });
  });

  it('UK month 2, cumulative: taxable pay to date (after pension) gives 360.40', () => {
    const month2 = calculate({ ...GB, period: 2, ytd: { gross: '2850.00', tax: '360.20' }, components: [PENSION] });
    expect(month2.lines.find((l) => l.code === 'income_tax')!.amount).toBe('360.40');
  });

  it('US traditional 401(k) lowers federal income tax wages, not Social Security or Medicare wages (IRS Pub 15, Pub 15-T Worksheet 1A)', () => {
    expect(calculate({ ...US, components: [K401, MATCH] })).toEqual({
      lines: [
        { code: 'deduction_pre_tax', amount: '360.00', label: '401(k)' },
        { code: 'federal_income_tax', amount: '541.97' },
        { code: 'social_security', amount: '372.00' },
        { code: 'medicare', amount: '87.00' },
        { code: 'additional_medicare', amount: '0.00' },
        { code: 'employer_social_security', amount: '372.00' },
        { code: 'employer_medicare', amount: '87.00' },
        { code: 'employer_contribution', amount: '180.00', label: '401(k) match' },
      ],
      net: '4639.03',
    });
  });

  it('a deduction after tax lowers net pay only; without components the issue’s examples are unchanged', () => {
    const dues = calculate({ ...GB, components: [{ name: 'Union dues', kind: 'deduction_post_tax', amount: '25.00' }] });
    expect(dues.lines.find((l) => l.code === 'income_tax')!.amount).toBe('390.20');
    expect(dues.net).toBe('2428.64');
    expect(calculate(GB).net).toBe('2453.64');
    expect(calculate(US).net).toBe('4919.83');
  });
});

// ----- through the API, on both databases ---------------------------------------------------------

let t: TestApp;
let a: Company;
let b: Company;

const WEEK1 = '2025-03-03'; // a Monday: its week ends on Sunday 9 March, in March
const at = (monday: string, day: number, time: string) => new Date(Date.parse(`${monday}T${time}:00Z`) + day * 86_400_000);

async function created<T = { id: string }>(res: { status: number; body: unknown }, what: string): Promise<T> {
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}
const ok = <T>(res: { status: number; body: unknown }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as T;
};

async function download(client: Client, path: string) {
  const res = await t.app.request(`/api${path}`, { headers: { cookie: client.cookie, origin: ORIGIN } });
  return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString('latin1') };
}
/** The strings a PDF draws (pdf-lib writes hex strings in deflated content streams). */
function pdfText(raw: string) {
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const tj of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) texts.push(Buffer.from(tj[1]!, 'hex').toString('latin1'));
  }
  return texts.join('\n');
}

const component = async (entityId: string, body: Record<string, unknown>) => created<PayComponent>(await a.client.post('/hrms/payroll/components', { entityId, ...body }), `component ${String(body.name)}`);
const newRun = async (scheduleId: string, taxYear: string, period: number) => created<PayRun>(await a.client.post('/hrms/payroll/runs', { scheduleId, taxYear, period }), 'run');
const approve = async (r: PayRun) => ok<PayRun>(await a.client.post(`/hrms/payroll/runs/${r.id}/approve`, { version: r.version }));
const lineOf = (r: PayRun, employeeId: string) => r.lines.find((l) => l.employeeId === employeeId)!;
const taxLines = (line: PayRun['lines'][number]) => line.lines.map(({ code, amount, label }) => ({ code, amount, ...(label ? { label } : {}) }));

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  b = await signUpCompany(t, ['hrms']);
}, 240_000);
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe('pay components: setup (App Admin)', () => {
  it('creates, lists, edits and deletes; refuses what does not fit; names are unique per entity', async () => {
    const entityId = await addEntity(a, 'Components Ltd');
    await created(await a.client.post('/hrms/payroll/settings', { entityId, country: 'GB', currency: 'GBP' }), 'settings');
    const pension = await component(entityId, { name: 'Pension', kind: 'deduction_pre_tax', method: 'percent', percent: '5' });
    expect(pension).toMatchObject({ name: 'Pension', kind: 'deduction_pre_tax', method: 'percent', percent: '5', amount: null, employees: 0, version: 1 });
    const refuse = async (body: Record<string, unknown>) => (await a.client.post('/hrms/payroll/components', { entityId, ...body })).body.error?.message;
    expect(await refuse({ name: 'Overtime %', kind: 'earning', method: 'percent', percent: '10' })).toBe(PAY_COMPONENT_MESSAGES.percentNotForEarning);
    expect(await refuse({ name: 'Dues', kind: 'deduction_post_tax', method: 'one_off' })).toBe(PAY_COMPONENT_MESSAGES.oneOffOnlyEarning);
    expect(await refuse({ name: 'Dues', kind: 'deduction_post_tax', method: 'fixed' })).toBe(PAY_COMPONENT_MESSAGES.fixedNeedsAmount);
    expect(await refuse({ name: 'Dues', kind: 'deduction_post_tax', method: 'percent', percent: '100.5' })).toBe(PAY_COMPONENT_MESSAGES.percent);
    expect(await refuse({ name: 'Dues', kind: 'tax', method: 'fixed', amount: '1.00' })).toBe(PAY_COMPONENT_MESSAGES.kind);
    const taken = await a.client.post('/hrms/payroll/components', { entityId, name: 'pension', kind: 'deduction_post_tax', method: 'fixed', amount: '10.00' });
    expect([taken.status, taken.body.error.message]).toEqual([409, PAY_COMPONENT_MESSAGES.taken]);
    const edited = ok<PayComponent>(await a.client.patch(`/hrms/payroll/components/${pension.id}`, { name: 'Pension scheme', kind: 'deduction_pre_tax', method: 'percent', percent: '4.5', version: 1 }));
    expect(edited).toMatchObject({ name: 'Pension scheme', percent: '4.5', version: 2 });
    expect((await a.client.patch(`/hrms/payroll/components/${pension.id}`, { name: 'Stale', kind: 'deduction_pre_tax', method: 'percent', percent: '1', version: 1 })).status).toBe(409);
    const list = ok<{ items: PayComponent[] }>(await a.client.get(`/hrms/payroll/components?entityId=${entityId}`));
    expect(list.items.map((c) => c.name)).toEqual(['Pension scheme']);
    // Only the entity's App Admins: a Member, and another company, are refused.
    const member = await addUser(t, a, [{ entityId, role: 'member' }]);
    expect((await member.client.get(`/hrms/payroll/components?entityId=${entityId}`)).status).toBe(403);
    expect((await b.client.patch(`/hrms/payroll/components/${pension.id}`, { name: 'Theirs', kind: 'deduction_pre_tax', method: 'percent', percent: '1', version: 2 })).status).toBe(404);
    expect((await b.client.delete(`/hrms/payroll/components/${pension.id}?version=2`)).status).toBe(404);
    expect((await a.client.delete(`/hrms/payroll/components/${pension.id}?version=1`)).status).toBe(409);
    expect(ok<PayComponent>(await a.client.delete(`/hrms/payroll/components/${pension.id}?version=2`)).id).toBe(pension.id);
    expect(ok<{ items: PayComponent[] }>(await a.client.get(`/hrms/payroll/components?entityId=${entityId}`)).items).toEqual([]);
    const events = await t.sql<{ action: string }>('select action from audit_events where target_id = $1 order by created_at', [pension.id]);
    expect(events.map((e) => e.action)).toEqual(['hrms.pay_component.created', 'hrms.pay_component.updated', 'hrms.pay_component.deleted']);
  });
});

describe('a UK run with a pension under a net pay arrangement', () => {
  it('matches the worked example in month 1, carries taxable pay to date into month 2; P60, payslip and journal carry the lines', async () => {
    const entityId = await addEntity(a, 'Pension UK Ltd');
    await created(await a.client.post('/hrms/payroll/settings', { entityId, country: 'GB', currency: 'GBP' }), 'settings');
    const schedule = await created(await a.client.post('/hrms/payroll/schedules', { entityId, name: 'Monthly', frequency: 'monthly', firstPayDate: '2025-04-30' }), 'schedule');
    const pension = await component(entityId, { name: 'Pension', kind: 'deduction_pre_tax', method: 'percent', percent: '5' });
    // The company's default is 4 %: this employee's own 3 % overrides it.
    const employerPension = await component(entityId, { name: 'Employer pension', kind: 'employer_contribution', method: 'percent', percent: '4' });
    const employee = await addEmployee(a.client, entityId);
    const record = await created<{ id: string; components: unknown[] }>(
      await a.client.post('/hrms/payroll/pay-records', {
        employeeId: employee.id,
        scheduleId: schedule.id,
        payBasis: 'salary',
        annualSalary: '36000.00',
        currency: 'GBP',
        startDate: '2024-01-01',
        uk: { taxCode: '1257L', basis: 'cumulative', niCategory: 'A' },
        components: [{ componentId: pension.id }, { componentId: employerPension.id, percent: '3' }],
      }),
      'pay record',
    );
    expect(ok<{ items: PayComponent[] }>(await a.client.get(`/hrms/payroll/components?entityId=${entityId}`)).items.map((c) => [c.name, c.employees])).toEqual([
      ['Pension', 1],
      ['Employer pension', 1],
    ]);
    expect(record.components).toEqual([
      { componentId: pension.id, name: 'Pension', kind: 'deduction_pre_tax', method: 'percent', amount: null, percent: null },
      { componentId: employerPension.id, name: 'Employer pension', kind: 'employer_contribution', method: 'percent', amount: null, percent: '3' },
    ]);

    const month1 = await newRun(schedule.id, '2025-26', 1);
    const line1 = lineOf(month1, employee.id);
    expect(line1.earnings).toEqual([{ code: 'salary', label: 'Salary', amount: '3000.00', rule: 'GBP 36,000.00 a year ÷ 12' }]);
    expect(taxLines(line1)).toEqual(calculate({ ...GB, components: [PENSION, EMPLOYER_PENSION] }).lines);
    expect(line1.net).toBe('2333.64');
    expect(line1.ytd).toMatchObject({ gross: '3000.00', taxable: '2850.00', tax: '360.20', preTaxDeductions: '150.00', employerContributions: '90.00' });
    expect(month1.totals).toEqual({ gross: '3000.00', deductions: '666.36', net: '2333.64', employerCosts: '477.45', employees: 1 });
    await approve(month1);

    const month2 = await approve(await newRun(schedule.id, '2025-26', 2));
    const line2 = lineOf(month2, employee.id);
    expect(line2.lines.find((l) => l.code === 'income_tax')!.amount).toBe('360.40');
    expect(line2.ytd).toMatchObject({ gross: '6000.00', taxable: '5700.00', tax: '720.60', preTaxDeductions: '300.00', postTaxDeductions: '0.00', employerContributions: '180.00' });

    const p60 = ok<{ items: { employeeId: string; figures: { label: string; amount: string }[] }[] }>(await a.client.get(`/hrms/payroll/year-end?entityId=${entityId}&taxYear=2025-26`));
    expect(p60.items[0]!.figures.slice(0, 2)).toEqual([
      { label: 'Pay in this employment', amount: '5700.00' },
      { label: 'Tax deducted in this employment', amount: '720.60' },
    ]);
    const payslip = pdfText((await download(a.client, `/hrms/payroll/runs/${month2.id}/payslips/${employee.id}.pdf`)).text);
    expect(payslip).toContain('Salary: GBP 36,000.00 a year');
    expect(payslip).toContain('Pension');
    expect(payslip).toContain('Employer pension');
    expect(payslip).toContain('Taxable pay');
    const journal = (await download(a.client, `/hrms/payroll/runs/${month2.id}/journal`)).text;
    expect(journal).toContain(',Pension payable,GBP,,150.00');
    expect(journal).toContain(',Employer pension expense,GBP,90.00,');
  });
});

describe('a US run: hourly pay and overtime from approved timesheets, a bonus, a 401(k)', () => {
  it('pays approved weeks ending in the period, overtime × 1.5, the bonus entered on the draft; W-2 box 1 excludes the 401(k)', async () => {
    const entityId = await addEntity(a, 'Hourly US Inc');
    const settings = await created<{ overtimeMultiplier: string }>(await a.client.post('/hrms/payroll/settings', { entityId, country: 'US', currency: 'USD' }), 'settings');
    expect(settings.overtimeMultiplier).toBe('1.50');
    const schedule = await created(await a.client.post('/hrms/payroll/schedules', { entityId, name: 'Monthly', frequency: 'monthly', firstPayDate: '2025-01-31' }), 'schedule');
    const k401 = await component(entityId, { name: '401(k)', kind: 'deduction_pre_tax', method: 'percent', percent: '6' });
    const match = await component(entityId, { name: '401(k) match', kind: 'employer_contribution', method: 'percent', percent: '3' });
    const dues = await component(entityId, { name: 'Union dues', kind: 'deduction_post_tax', method: 'fixed', amount: '30.00' });
    const bonus = await component(entityId, { name: 'Bonus', kind: 'earning', method: 'one_off' });
    const w4 = { filingStatus: 'single', step2: false, step3: '0.00', step4a: '0.00', step4b: '0.00', step4c: '0.00' };

    const salaried = await addEmployee(a.client, entityId);
    await created(
      await a.client.post('/hrms/payroll/pay-records', {
        employeeId: salaried.id,
        scheduleId: schedule.id,
        payBasis: 'salary',
        annualSalary: '72000.00',
        currency: 'USD',
        startDate: '2024-01-01',
        us: w4,
        components: [{ componentId: k401.id }, { componentId: match.id }],
      }),
      'salaried record',
    );
    // The hourly employee clocks in themselves: a user linked to the record, without an HRMS grant.
    const user = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer', productId: a.productIds.crm }]);
    const hourly = await addEmployee(a.client, entityId, { userId: user.id, workEmail: user.email });
    await created(
      await a.client.post('/hrms/payroll/pay-records', {
        employeeId: hourly.id,
        scheduleId: schedule.id,
        payBasis: 'hourly',
        hourlyRate: '20.00',
        currency: 'USD',
        startDate: '2024-01-01',
        us: w4,
        components: [{ componentId: dues.id, amount: '25.00' }],
      }),
      'hourly record',
    );
    // A one-off component is entered on a run, never assigned:
    const records = ok<{ items: { id: string; employeeId: string; version: number }[] }>(await a.client.get(`/hrms/payroll/pay-records?entityId=${entityId}`));
    const salariedRecord = records.items.find((r) => r.employeeId === salaried.id)!;
    const oneOff = await a.client.patch(`/hrms/payroll/pay-records/${salariedRecord.id}`, {
      scheduleId: schedule.id,
      payBasis: 'salary',
      annualSalary: '72000.00',
      currency: 'USD',
      startDate: '2024-01-01',
      us: w4,
      components: [{ componentId: bonus.id }],
      version: salariedRecord.version,
    });
    expect([oneOff.status, oneOff.body.error.message]).toEqual([400, PAY_COMPONENT_MESSAGES.assignmentComponent]);

    // Timesheets (the entity works 40 hours a week, the default): week 1, five 9-hour days = 45 h, 5 h
    // overtime; week 2, four 8-hour days = 32 h; both approved. Week 3 is left a draft, and a week
    // ending in April (from 31 March) is approved: neither is paid in March.
    vi.useFakeTimers({ toFake: ['Date'] });
    const clock = async (monday: string, days: number, from: string, to: string) => {
      for (let day = 0; day < days; day++) {
        vi.setSystemTime(at(monday, day, from));
        const entry = await created(await user.client.post('/hrms/attendance/entries', { employeeId: hourly.id }), 'clock in');
        vi.setSystemTime(at(monday, day, to));
        ok(await user.client.post(`/hrms/attendance/entries/${entry.id}/clock-out`, { breakMinutes: 0 }));
      }
      vi.setSystemTime(at(monday, 6, '18:00'));
      const sheet = ok<{ timesheet: { id: string } }>(await user.client.get(`/hrms/attendance/week?employeeId=${hourly.id}&weekStart=${monday}`)).timesheet;
      return sheet.id;
    };
    const approveWeek = async (id: string) => {
      ok(await user.client.post(`/hrms/attendance/timesheets/${id}/submit`, {}));
      expect(ok<{ status: string }>(await a.client.post(`/hrms/attendance/timesheets/${id}/approve`, { comment: '' })).status).toBe('approved');
    };
    await approveWeek(await clock(WEEK1, 5, '08:00', '17:00'));
    await approveWeek(await clock('2025-03-10', 4, '09:00', '17:00'));
    await clock('2025-03-17', 2, '09:00', '17:00');
    await approveWeek(await clock('2025-03-31', 1, '09:00', '17:00'));
    vi.useRealTimers();

    const draft = await newRun(schedule.id, '2025', 3);
    const pay = lineOf(draft, hourly.id);
    expect(pay.earnings).toEqual([
      { code: 'hourly', label: 'Hourly pay', amount: '1440.00', rule: '72 hours × USD 20.00 an hour (2 approved timesheets)' },
      { code: 'overtime', label: 'Overtime', amount: '150.00', rule: '5 hours × USD 20.00 × 1.5' },
    ]);
    expect(pay.gross).toBe('1590.00');

    // The bonus, entered on the draft: the run is calculated again with it.
    const put = (items: unknown[], version: number) => a.client.request('PUT', `/hrms/payroll/runs/${draft.id}/bonuses`, { items, version });
    expect((await put([{ employeeId: hourly.id, componentId: dues.id, amount: '500.00' }], draft.version)).body.error.message).toBe(PAY_COMPONENT_MESSAGES.bonusComponent);
    expect((await put([{ employeeId: user.id, componentId: bonus.id, amount: '500.00' }], draft.version)).body.error.message).toBe(PAY_COMPONENT_MESSAGES.bonusEmployee);
    const withBonus = ok<PayRun>(await put([{ employeeId: hourly.id, componentId: bonus.id, amount: '500' }], draft.version));
    expect(withBonus.bonuses).toEqual([{ employeeId: hourly.id, componentId: bonus.id, amount: '500.00' }]);
    const paid = lineOf(withBonus, hourly.id);
    expect(paid.earnings.map((e) => [e.code, e.label, e.amount])).toEqual([
      ['hourly', 'Hourly pay', '1440.00'],
      ['overtime', 'Overtime', '150.00'],
      ['bonus', 'Bonus', '500.00'],
    ]);
    expect(paid.gross).toBe('2090.00');
    const hourlyInput = { ...US, period: 3, gross: '2090.00', components: [{ name: 'Union dues', kind: 'deduction_post_tax', amount: '25.00' }] } as PayrollPreviewInput;
    expect(taxLines(paid)).toEqual(calculate(hourlyInput).lines);
    expect(paid.net).toBe(calculate(hourlyInput).net);
    // The calculator (preview) gives the same answer for the same case.
    expect(ok<{ net: string }>(await a.client.post('/hrms/payroll/preview', hourlyInput)).net).toBe(paid.net);

    const worked = lineOf(withBonus, salaried.id);
    expect(taxLines(worked)).toEqual(calculate({ ...US, period: 3, components: [K401, MATCH] }).lines);
    expect(worked.net).toBe('4639.03');
    expect(worked.ytd).toMatchObject({ gross: '6000.00', federalWages: '5640.00', socialSecurityWages: '6000.00', medicareWages: '6000.00', preTaxDeductions: '360.00', employerContributions: '180.00' });

    const approved = await approve(withBonus);
    expect((await a.client.request('PUT', `/hrms/payroll/runs/${approved.id}/bonuses`, { items: [], version: approved.version })).status).toBe(409);
    const w2 = ok<{ items: { employeeId: string; figures: { label: string; amount: string }[] }[] }>(await a.client.get(`/hrms/payroll/year-end?entityId=${entityId}&taxYear=2025`));
    const boxes = w2.items.find((i) => i.employeeId === salaried.id)!.figures.map((f) => f.amount);
    // Box 12 code D: the year's elective deferrals to the 401(k), 6 % × 6,000.00 = 360.00 in the one approved month.
    expect(boxes).toEqual(['5640.00', '541.97', '6000.00', '372.00', '6000.00', '87.00', '360.00']);
    expect(w2.items[0]!.figures.at(-1)!.label).toBe('Box 12 code D 401(k) elective deferrals');
    // The hourly employee has no deferral: box 12 D 0.00, so the CSV's columns are the same for everyone.
    expect(w2.items.find((i) => i.employeeId === hourly.id)!.figures.at(-1)!.amount).toBe('0.00');
    const journal = (await download(a.client, `/hrms/payroll/runs/${approved.id}/journal`)).text;
    expect(journal).toContain('2025-03-31,Salaries and wages expense,USD,7440.00,');
    expect(journal).toContain('2025-03-31,Overtime expense,USD,150.00,');
    expect(journal).toContain('2025-03-31,Bonus expense,USD,500.00,');
    expect(journal).toContain('2025-03-31,Union dues payable,USD,,25.00');

    // April: the week ending 6 April, 8 hours.
    const april = await newRun(schedule.id, '2025', 4);
    expect(lineOf(april, hourly.id).earnings).toEqual([{ code: 'hourly', label: 'Hourly pay', amount: '160.00', rule: '8 hours × USD 20.00 an hour (1 approved timesheet)' }]);
    expect(lineOf(april, salaried.id).ytd).toMatchObject({ gross: '12000.00', federalWages: '11280.00', preTaxDeductions: '720.00', employerContributions: '360.00' });

    // Approved, April's deferral joins March's: box 12 D 360.00 + 360.00 = 720.00, box 1 5,640.00 × 2 = 11,280.00, in the figures and the PDF.
    await approve(april);
    const year = ok<{ items: { employeeId: string; figures: { label: string; amount: string }[] }[] }>(await a.client.get(`/hrms/payroll/year-end?entityId=${entityId}&taxYear=2025`));
    const salariedFigures = year.items.find((i) => i.employeeId === salaried.id)!.figures;
    expect([salariedFigures[0]!.amount, salariedFigures.at(-1)!.amount]).toEqual(['11280.00', '720.00']);
    const w2Pdf = pdfText((await download(a.client, `/hrms/payroll/year-end/${salaried.id}.pdf?entityId=${entityId}&taxYear=2025`)).text);
    expect(w2Pdf).toContain('Box 12 code D 401(k) elective deferrals');
    expect(w2Pdf).toContain('USD 720.00');

    // An off-cycle run in April (a correction or bonus paid after the regular run): percent components
    // apply to what it pays (the 401(k) 6 % and its 3 % match), fixed ones do not: the hourly
    // employee's union dues of 25.00 were taken in April's regular run and are not taken again.
    const offCycle = await created<PayRun>(
      await a.client.post('/hrms/payroll/runs', {
        scheduleId: schedule.id,
        taxYear: '2025',
        period: 4,
        kind: 'off_cycle',
        items: [
          { employeeId: salaried.id, gross: '1000.00' },
          { employeeId: hourly.id, gross: '200.00' },
        ],
      }),
      'off-cycle run',
    );
    const extra = lineOf(offCycle, salaried.id);
    // Federal income tax by the aggregate procedure (Publication 15 (2025), section 7): April's regular
    // federal wages 5,640.00 (withheld 541.97) + this payment's 1,000.00 − 60.00 = 940.00 → 6,580.00;
    // × 12 = 78,960; − 8,600 = 70,360; 5,578.50 + 22 % × (70,360 − 54,875 = 15,485) = 3,406.70 → 8,985.20;
    // ÷ 12 = 748.766… → 748.77; less 541.97 = 206.80. FICA on the full 1,000.00: 62.00 and 14.50.
    // Net 1,000.00 − 60.00 − 206.80 − 62.00 − 14.50 = 656.70.
    expect(extra.lines.map((l) => [l.code, l.label ?? null, l.amount])).toEqual([
      ['deduction_pre_tax', '401(k)', '60.00'],
      ['federal_income_tax', null, '206.80'],
      ['social_security', null, '62.00'],
      ['medicare', null, '14.50'],
      ['additional_medicare', null, '0.00'],
      ['employer_social_security', null, '62.00'],
      ['employer_medicare', null, '14.50'],
      ['employer_contribution', '401(k) match', '30.00'],
    ]);
    expect(extra.net).toBe('656.70');
    const hourlyExtra = lineOf(offCycle, hourly.id);
    expect(hourlyExtra.lines.map((l) => l.code)).not.toContain('deduction_post_tax');
    // 200.00 − Social Security 12.40 − Medicare 2.90 (no income tax: April's 160.00 + 200.00 = 360.00 × 12 is under line 1g's 8,600).
    expect(hourlyExtra.net).toBe('184.70');
  });
});
