/**
 * Pay runs (issue 35): a UK and a US entity's runs match the engine per employee over two
 * consecutive periods (year to date carried); approval locks a run (409); an off-cycle run
 * corrects; paid; audited; only the entity's HRMS App Admins read pay; SEPA and NACHA files
 * checked by arithmetic of the test's own; a payslip PDF holds the employee's net pay.
 */
import { inflateSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_MESSAGES } from '@/shared/modules';
import { PAY_RUN_MESSAGES, type PayRun, type PayrollPreviewInput } from '@/shared/payroll';
import { Client, createTestApp, ORIGIN, signUpCompany, type TestApp } from '../../../test/harness';
import { addEmployee, addEntity, addUser, type Company } from '../test-fixtures';
import { calculate } from './engine';

let t: TestApp;
let a: Company;
let b: Company;
let gb: Ids;
let us: Ids;
let eu: Ids;

interface Ids {
  entityId: string;
  settingsId: string;
  scheduleId: string;
  employees: { id: string; recordId: string }[];
}

const GB_W = { taxCode: '1257L', basis: 'cumulative', niCategory: 'A' } as const;
const US_W4 = { filingStatus: 'single', step2: false, step3: '0.00', step4a: '0.00', step4b: '0.00', step4c: '0.00' } as const;
const EU_RULES = {
  label: 'Estonia flat tax as set by our payroll team',
  components: [
    { code: 'income_tax', label: 'Income tax', kind: 'employee', rate: '0.22' },
    { code: 'social_tax', label: 'Social tax', kind: 'employer', rate: '0.33' },
  ],
} as const;

async function created(res: { status: number; body: { id: string } }, what: string) {
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** An entity with payroll settings, a monthly schedule and employees with pay records. */
async function payrollEntity(
  entityId: string,
  settings: Record<string, unknown>,
  firstPayDate: string,
  people: { salary: string; startDate?: string; endDate?: string; extra?: Record<string, unknown> }[],
): Promise<Ids> {
  const settingsId = await created(await a.client.post('/hrms/payroll/settings', { entityId, ...settings }), 'settings');
  const scheduleId = await created(await a.client.post('/hrms/payroll/schedules', { entityId, name: 'Monthly', frequency: 'monthly', firstPayDate }), 'schedule');
  const employees = [];
  for (const person of people) {
    const employee = await addEmployee(a.client, entityId);
    const recordId = await created(
      await a.client.post('/hrms/payroll/pay-records', {
        employeeId: employee.id,
        scheduleId,
        payBasis: 'salary',
        annualSalary: person.salary,
        currency: settings.currency,
        startDate: person.startDate ?? '2024-01-01',
        ...(person.endDate ? { endDate: person.endDate } : {}),
        ...person.extra,
      }),
      'pay record',
    );
    employees.push({ id: employee.id, recordId });
  }
  return { entityId, settingsId, scheduleId, employees };
}

const originator = { name: 'Acme Payroll Ltd', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', routingNumber: '021000021', companyIdentification: '1123456789' };

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['hrms']);
  b = await signUpCompany(t, ['hrms']);
  gb = await payrollEntity(a.entityId, { country: 'GB', currency: 'GBP' }, '2025-04-30', [
    { salary: '36000.00', extra: { uk: GB_W } },
    // Starts on 16 April: 15 of April's 30 days in period 1 (pro-rated), a full period 2.
    { salary: '48000.00', startDate: '2025-04-16', extra: { uk: { ...GB_W, taxCode: 'BR' } } },
  ]);
  us = await payrollEntity(await addEntity(a, 'US Inc'), { country: 'US', currency: 'USD', bank: { name: originator.name, routingNumber: originator.routingNumber, companyIdentification: originator.companyIdentification } }, '2025-01-31', [
    { salary: '72000.00', extra: { us: US_W4, bank: { routingNumber: '011000015', accountNumber: '123456789', accountType: 'checking' } } },
    { salary: '250000.00', extra: { us: { ...US_W4, filingStatus: 'married_jointly' }, bank: { routingNumber: '026009593', accountNumber: '987654321012', accountType: 'savings' } } },
  ]);
  eu = await payrollEntity(await addEntity(a, 'EU OU'), { country: 'EE', currency: 'EUR', custom: EU_RULES, bank: { name: originator.name, iban: originator.iban, bic: originator.bic } }, '2025-01-31', [
    { salary: '30000.00', extra: { bank: { iban: 'FR14 2004 1010 0505 0001 3M02 606', bic: 'BNPAFRPP' } } },
    { salary: '42000.00', extra: { bank: { iban: 'GB29NWBK60161331926819' } } },
  ]);
}, 240_000);
afterAll(() => t.close());

/** An amount in cents, read without floating point. */
const cents = (value: string) => Number(value.replace('.', ''));

const run = async (ids: Ids, taxYear: string, period: number, client = a.client) => {
  const res = await client.post('/hrms/payroll/runs', { scheduleId: ids.scheduleId, taxYear, period });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as PayRun;
};
const act = async (r: PayRun, action: string, client = a.client) => client.post(`/hrms/payroll/runs/${r.id}/${action}`, { version: r.version });
const approve = async (r: PayRun) => {
  const res = await act(r, 'approve');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as PayRun;
};

/** The engine's answer as the run shows it: the same lines (employer flag aside) and net. */
function expectEngine(line: PayRun['lines'][number], input: PayrollPreviewInput) {
  const answer = calculate(input);
  expect(line.lines.map(({ code, amount, label }) => ({ code, amount, ...(label ? { label } : {}) }))).toEqual(answer.lines);
  expect(line.net).toBe(answer.net);
}

describe('a UK run: the engine per employee over two periods, year to date carried', () => {
  let first: PayRun;
  let second: PayRun;

  it('period 1 (April 2025): the periods rule, pro-rating, and the issue’s £3,000 example to the penny', async () => {
    const periods = await a.client.get(`/hrms/payroll/schedules/${gb.scheduleId}/periods?taxYear=2025-26`);
    expect(periods.body.items).toHaveLength(12);
    expect(periods.body.items[0]).toEqual({ period: 1, start: '2025-04-01', end: '2025-04-30', payDate: '2025-04-30' });
    first = await run(gb, '2025-26', 1);
    expect(first).toMatchObject({ status: 'draft', kind: 'regular', periodStart: '2025-04-01', periodEnd: '2025-04-30', payDate: '2025-04-30', currency: 'GBP' });
    const [full, partial] = gb.employees.map((e) => first.lines.find((l) => l.employeeId === e.id)!);
    expect(full!.gross).toBe('3000.00');
    expect(full!.lines.find((l) => l.code === 'income_tax')!.amount).toBe('390.20');
    expect(full!.net).toBe('2453.64');
    // £48,000 ÷ 12 = £4,000 × 15 of 30 days.
    expect(partial!.gross).toBe('2000.00');
    expect(partial!.grossRule).toBe('(GBP 48,000.00 a year ÷ 12) × 15 of 30 days');
    const base = { country: 'GB', taxYear: '2025-26', frequency: 'monthly', period: 1, currency: 'GBP', ytd: { gross: '0.00', tax: '0.00' } } as const;
    expectEngine(full!, { ...base, gross: '3000.00', uk: GB_W });
    expectEngine(partial!, { ...base, gross: '2000.00', uk: { ...GB_W, taxCode: 'BR' } });
    expect(first.totals).toMatchObject({ gross: '5000.00', net: ((cents(full!.net) + cents(partial!.net)) / 100).toFixed(2), employees: 2 });
    first = await approve(first);
  });

  it('period 2 carries period 1’s figures to date (cumulative PAYE) and shows what changed', async () => {
    second = await run(gb, '2025-26', 2);
    for (const employee of gb.employees) {
      const before = first.lines.find((l) => l.employeeId === employee.id)!;
      const line = second.lines.find((l) => l.employeeId === employee.id)!;
      const tax = before.lines.find((l) => l.code === 'income_tax')!.amount;
      expectEngine(line, {
        country: 'GB',
        taxYear: '2025-26',
        frequency: 'monthly',
        period: 2,
        gross: line.gross,
        currency: 'GBP',
        uk: employee === gb.employees[0] ? GB_W : { ...GB_W, taxCode: 'BR' },
        ytd: { gross: before.gross, tax },
      });
      expect(line.change.previousGross).toBe(before.gross);
      expect(line.ytd.gross).toBe((Number(before.gross) + Number(line.gross)).toFixed(2));
    }
    const grown = second.lines.find((l) => l.employeeId === gb.employees[1]!.id)!;
    expect(grown.change).toMatchObject({ previousGross: '2000.00', gross: '2000.00' });
    expect(second.previousRunId).toBe(first.id);
  });

  it('an approved run cannot change: recalculate and approve again answer 409 in words; a draft recalculates', async () => {
    for (const action of ['recalculate', 'approve']) {
      const res = await act(first, action);
      expect(res.status, action).toBe(409);
      expect(res.body.error.message).toBe(PAY_RUN_MESSAGES.runLocked);
    }
    const again = await a.client.post('/hrms/payroll/runs', { scheduleId: gb.scheduleId, taxYear: '2025-26', period: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(PAY_RUN_MESSAGES.runTaken);
    const recalculated = await act(second, 'recalculate');
    expect(recalculated.status).toBe(200);
    expect(recalculated.body.version).toBe(second.version + 1);
    expect((await act(second, 'approve')).status).toBe(409); // the version it read is stale
  });

  it('a draft whose pay record changed since is not approved until recalculated', async () => {
    const draft = (await a.client.get(`/hrms/payroll/runs/${second.id}`)).body as PayRun;
    const record = (await a.client.get(`/hrms/payroll/pay-records/${gb.employees[0]!.recordId}`)).body;
    const { id: _id, entityId: _e, employeeId: _m, employeeName: _n, scheduleName: _s, version, ...fields } = record;
    expect((await a.client.patch(`/hrms/payroll/pay-records/${record.id}`, { ...fields, annualSalary: '39000.00', version })).status).toBe(200);
    const stale = await act(draft, 'approve');
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(PAY_RUN_MESSAGES.staleFigures);
    second = (await act(draft, 'recalculate')).body;
    expect(second.lines.find((l) => l.employeeId === gb.employees[0]!.id)!.change.gross).toBe('250.00');
    second = await approve(second);
  });

  it('an off-cycle run naming an employee twice is refused: one amount would silently replace the other', async () => {
    const employeeId = gb.employees[0]!.id;
    const res = await a.client.post('/hrms/payroll/runs', {
      scheduleId: gb.scheduleId,
      taxYear: '2025-26',
      period: 2,
      kind: 'off_cycle',
      items: [
        { employeeId, gross: '500.00' },
        { employeeId: employeeId.toUpperCase(), gross: '20.00' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(PAY_RUN_MESSAGES.offCycleItems);
    const runs = (await a.client.get(`/hrms/payroll/runs?entityId=${gb.entityId}`)).body as { items: { kind: string }[] };
    expect(runs.items.filter((r) => r.kind === 'off_cycle')).toEqual([]);
  });

  it('an off-cycle run corrects: taxed in the same period with the regular run in its year to date, NICs on the period’s total', async () => {
    const res = await a.client.post('/hrms/payroll/runs', { scheduleId: gb.scheduleId, taxYear: '2025-26', period: 2, kind: 'off_cycle', items: [{ employeeId: gb.employees[0]!.id, gross: '500.00' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const correction = res.body as PayRun;
    expect(correction).toMatchObject({ kind: 'off_cycle', period: 2, payDate: second.payDate });
    const regular = second.lines.find((l) => l.employeeId === gb.employees[0]!.id)!;
    const amountOf = (l: PayRun['lines'][number], code: string) => l.lines.find((x) => x.code === code)!.amount;
    const [line] = correction.lines;
    // PAYE: month 2's pay and tax to date with the regular run in them, still month 2 (not month 3's free pay).
    const paye = calculate({ country: 'GB', taxYear: '2025-26', frequency: 'monthly', period: 2, gross: '500.00', currency: 'GBP', uk: GB_W, ytd: { gross: regular.ytd.gross!, tax: regular.ytd.tax! } });
    expect(amountOf(line!, 'income_tax')).toBe(paye.lines.find((l) => l.code === 'income_tax')!.amount);
    // NICs (HMRC "Extra payments on a day other than the usual payday"; NIM08600): on the month's
    // 3,250.00 + 500.00 = 3,750.00 less those on the regular 3,250.00.
    // Employee: (3,750 − 1,048) × 8% = 216.16, less (3,250 − 1,048) × 8% = 176.16 → 40.00 (alone: 0.00, under the PT).
    // Employer: (3,750 − 417) × 15% = 499.95, less (3,250 − 417) × 15% = 424.95 → 75.00 (alone: 12.45).
    expect(regular.gross).toBe('3250.00');
    expect([amountOf(regular, 'employee_ni'), amountOf(regular, 'employer_ni')]).toEqual(['176.16', '424.95']);
    expect([amountOf(line!, 'employee_ni'), amountOf(line!, 'employer_ni')]).toEqual(['40.00', '75.00']);
    expect(line!.net).toBe(((cents('500.00') - cents(amountOf(line!, 'income_tax')) - cents('40.00')) / 100).toFixed(2));
    expect(line!.grossRule).toBe('Off-cycle payment');
  });

  it('mark as paid: only an approved run; then every step is in the audit log', async () => {
    const paid = await act(second, 'mark-paid');
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    const twice = await act(paid.body, 'mark-paid');
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(PAY_RUN_MESSAGES.runNotApproved);
    const events = await t.sql<{ action: string }>('select action from audit_events where target_id = $1 order by created_at, id', [second.id]);
    expect(events.map((e) => e.action)).toEqual(['hrms.pay_run.calculated', 'hrms.pay_run.recalculated', 'hrms.pay_run.recalculated', 'hrms.pay_run.approved', 'hrms.pay_run.paid']);
    const setup = await t.sql<{ action: string }>("select distinct action from audit_events where company_id = $1 and action like 'hrms.pay%' order by action", [a.companyId]);
    expect(setup.map((e) => e.action)).toEqual(
      expect.arrayContaining(['hrms.payroll_settings.saved', 'hrms.pay_schedule.created', 'hrms.pay_record.created', 'hrms.pay_record.updated']),
    );
    // Bank details and tax codes stay out of the log.
    expect(JSON.stringify(await t.sql('select changes from audit_events where company_id = $1', [a.companyId]))).not.toMatch(/1257L|DE89|011000015/);
  });
});

describe('a US run: Publication 15-T per employee, Social Security wages carried', () => {
  it('January and February 2025 match the engine with year-to-date wages', async () => {
    const january = await approve(await run(us, '2025', 1));
    const issue = january.lines.find((l) => l.employeeId === us.employees[0]!.id)!;
    expect(issue.lines.slice(0, 3)).toEqual([
      { code: 'federal_income_tax', amount: '621.17', employer: false },
      { code: 'social_security', amount: '372.00', employer: false },
      { code: 'medicare', amount: '87.00', employer: false },
    ]);
    const february = await run(us, '2025', 2);
    for (const [i, employee] of us.employees.entries()) {
      const before = january.lines.find((l) => l.employeeId === employee.id)!;
      const line = february.lines.find((l) => l.employeeId === employee.id)!;
      expectEngine(line, {
        country: 'US',
        taxYear: '2025',
        frequency: 'monthly',
        period: 2,
        gross: line.gross,
        currency: 'USD',
        us: i === 0 ? US_W4 : { ...US_W4, filingStatus: 'married_jointly' },
        ytd: { gross: before.gross, socialSecurityWages: before.gross, medicareWages: before.gross },
      });
    }
  });

  it('NACHA: 94-character records, blocked by ten, entry hash and totals as the test computes them', async () => {
    const drafts = (await a.client.get(`/hrms/payroll/runs?entityId=${us.entityId}`)).body.items as PayRun[];
    const january = drafts.find((r) => r.period === 1)!;
    const february = await approve(drafts.find((r) => r.period === 2)!);
    expect((await download(a.client, `/hrms/payroll/runs/${february.id}/bank-file`)).status).toBe(200);
    const res = await download(a.client, `/hrms/payroll/runs/${january.id}/bank-file`);
    expect(res.status).toBe(200);
    const records = new TextDecoder().decode(res.bytes).trimEnd().split('\n');
    expect(records.every((r) => r.length === 94)).toBe(true);
    expect(records.length % 10).toBe(0);
    const lines = (await a.client.get(`/hrms/payroll/runs/${january.id}`)).body.lines as PayRun['lines'];
    const entries = records.filter((r) => r.startsWith('6'));
    expect(entries).toHaveLength(2);
    const routings = ['011000015', '026009593'];
    const hash = String(routings.reduce((s, r) => s + Number(r.slice(0, 8)), 0) % 1e10).padStart(10, '0');
    const total = lines.reduce((s, l) => s + cents(l.net), 0);
    const [batchControl] = records.filter((r) => r.startsWith('8'));
    const [fileControl] = records.filter((r) => r.startsWith('9') && !/^9+$/.test(r));
    expect(batchControl!.slice(4, 10)).toBe('000002');
    expect(batchControl!.slice(10, 20)).toBe(hash);
    expect(Number(batchControl!.slice(20, 32))).toBe(0);
    expect(Number(batchControl!.slice(32, 44))).toBe(total);
    expect(fileControl!.slice(1, 7)).toBe('000001');
    expect(Number(fileControl!.slice(7, 13))).toBe(records.length / 10);
    expect(fileControl!.slice(21, 31)).toBe(hash);
    expect(Number(fileControl!.slice(43, 55))).toBe(total);
    expect(entries.map((e) => e.slice(1, 3))).toEqual(['22', '32']);
    expect(entries.reduce((s, e) => s + Number(e.slice(29, 39)), 0)).toBe(total);
  });
});

describe('a euro run: SEPA pain.001.001.03', () => {
  it('the administrator’s rules labelled on each line; the XML parses with NbOfTxs and CtrlSum right', async () => {
    const draft = await run(eu, '2025', 1);
    expect(draft.lines[0]!.lines[0]!.label).toContain('(administrator-configured)');
    const refused = await download(a.client, `/hrms/payroll/runs/${draft.id}/bank-file`);
    expect(refused.status).toBe(409);
    const approved = await approve(draft);
    const res = await download(a.client, `/hrms/payroll/runs/${approved.id}/bank-file`);
    expect(res.status).toBe(200);
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(new TextDecoder().decode(res.bytes));
    const initiation = doc.Document.CstmrCdtTrfInitn;
    const transfers = [initiation.PmtInf.CdtTrfTxInf].flat();
    const total = approved.lines.reduce((s, l) => s + cents(l.net), 0);
    expect(initiation.GrpHdr.NbOfTxs).toBe(String(approved.lines.length));
    expect(initiation.GrpHdr.CtrlSum).toBe((total / 100).toFixed(2));
    expect(initiation.PmtInf.CtrlSum).toBe((total / 100).toFixed(2));
    expect(transfers.map((x: { CdtrAcct: { Id: { IBAN: string } } }) => x.CdtrAcct.Id.IBAN).sort()).toEqual(['FR1420041010050500013M02606', 'GB29NWBK60161331926819']);
    expect(transfers.reduce((s: number, x: { Amt: { InstdAmt: { '#text': string } } }) => s + cents(x.Amt.InstdAmt['#text']), 0)).toBe(total);
    const journal = await download(a.client, `/hrms/payroll/runs/${approved.id}/journal`);
    expect(new TextDecoder().decode(journal.bytes)).toContain('Net pay payable');
  });

  it('an IBAN with a wrong check digit is refused, naming the field', async () => {
    const record = (await a.client.get(`/hrms/payroll/pay-records/${eu.employees[1]!.recordId}`)).body;
    const res = await a.client.patch(`/hrms/payroll/pay-records/${record.id}`, {
      scheduleId: record.scheduleId,
      payBasis: 'salary',
      annualSalary: '42000.00',
      currency: 'EUR',
      startDate: record.startDate,
      bank: { iban: 'GB28NWBK60161331926819' },
      version: record.version,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(PAY_RUN_MESSAGES.iban);
  });
});

/** A download's bytes as the server sent them. */
async function download(client: Client, path: string) {
  const res = await t.app.request(`/api${path}`, { headers: { cookie: client.cookie, origin: ORIGIN } });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

/** The text a PDF draws: its content streams inflated, the strings of each Tj read (pdf-lib writes hex strings). */
function pdfText(bytes: Uint8Array) {
  const raw = Buffer.from(bytes).toString('latin1');
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

describe('payslips', () => {
  it('a PDF per employee per run holding the net pay, the year to date and the labels', async () => {
    const runs = (await a.client.get(`/hrms/payroll/runs?entityId=${gb.entityId}`)).body.items as PayRun[];
    const paid = runs.find((r) => r.status === 'paid')!;
    const detail = (await a.client.get(`/hrms/payroll/runs/${paid.id}`)).body as PayRun;
    const line = detail.lines[0]!;
    const res = await download(a.client, `/hrms/payroll/runs/${paid.id}/payslips/${line.employeeId}.pdf`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(Buffer.from(res.bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(res.bytes);
    expect(text).toContain(line.employeeName);
    expect(text).toContain(`GBP ${Number(line.net).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    expect(text).toContain('Year to date');
    expect(text).toContain('Employer National Insurance');
    const other = await download(a.client, `/hrms/payroll/runs/${paid.id}/payslips/${us.employees[0]!.id}.pdf`);
    expect(other.status).toBe(404);
  });
});

describe('year-end figures: P60 and W-2 boxes 1 to 6 and 12', () => {
  /** Each employee's approved and paid lines of a year, summed by the test: gross and the totals of `codes`. */
  async function sums(ids: Ids, employeeId: string, codes: string[]) {
    const runs = ((await a.client.get(`/hrms/payroll/runs?entityId=${ids.entityId}`)).body.items as PayRun[]).filter((r) => r.status !== 'draft');
    let gross = 0;
    let taxes = 0;
    for (const r of runs) {
      const line = ((await a.client.get(`/hrms/payroll/runs/${r.id}`)).body as PayRun).lines.find((l) => l.employeeId === employeeId);
      gross += line ? cents(line.gross) : 0;
      taxes += line ? line.lines.filter((l) => codes.includes(l.code)).reduce((s, l) => s + cents(l.amount), 0) : 0;
    }
    return { gross: (gross / 100).toFixed(2), taxes: (taxes / 100).toFixed(2) };
  }

  it('UK: pay and tax in this employment from approved and paid runs only (the off-cycle draft is not counted)', async () => {
    const res = await a.client.get(`/hrms/payroll/year-end?entityId=${gb.entityId}&taxYear=2025-26`);
    expect(res.status).toBe(200);
    expect(res.body.form).toBe('P60');
    const employee = gb.employees[0]!.id;
    const mine = res.body.items.find((i: { employeeId: string }) => i.employeeId === employee);
    const expected = await sums(gb, employee, ['income_tax']);
    expect(mine.figures.slice(0, 2)).toEqual([
      { label: 'Pay in this employment', amount: expected.gross },
      { label: 'Tax deducted in this employment', amount: expected.taxes },
    ]);
    const csv = await download(a.client, `/hrms/payroll/year-end/export?entityId=${gb.entityId}&taxYear=2025-26`);
    expect(new TextDecoder().decode(csv.bytes)).toContain('Pay in this employment');
  });

  it('US: boxes 1 to 6 and box 12 code D, as CSV and as a PDF per employee', async () => {
    const res = await a.client.get(`/hrms/payroll/year-end?entityId=${us.entityId}&taxYear=2025`);
    const employee = us.employees[1]!.id;
    const mine = res.body.items.find((i: { employeeId: string }) => i.employeeId === employee);
    const medicare = await sums(us, employee, ['medicare', 'additional_medicare']);
    expect(mine.figures.map((f: { label: string }) => f.label.split(' ').slice(0, 2).join(' '))).toEqual(['Box 1', 'Box 2', 'Box 3', 'Box 4', 'Box 5', 'Box 6', 'Box 12']);
    // No 401(k) here: box 12 code D is 0.00.
    expect(mine.figures[6]).toEqual({ label: 'Box 12 code D 401(k) elective deferrals', amount: '0.00' });
    expect(mine.figures[0].amount).toBe(medicare.gross);
    expect(mine.figures[5].amount).toBe(medicare.taxes);
    const pdf = await download(a.client, `/hrms/payroll/year-end/${employee}.pdf?entityId=${us.entityId}&taxYear=2025`);
    expect(Buffer.from(pdf.bytes.slice(0, 5)).toString()).toBe('%PDF-');
    expect(pdfText(pdf.bytes)).toContain('Box 6 Medicare tax withheld');
    const viewer = await addUser(t, a, [{ entityId: us.entityId, role: 'viewer' }]);
    expect((await download(viewer.client, `/hrms/payroll/year-end/${employee}.pdf?entityId=${us.entityId}&taxYear=2025`)).status).toBe(403);
    expect((await download(b.client, `/hrms/payroll/year-end?entityId=${us.entityId}&taxYear=2025`)).status).toBe(404);
  });
});

describe('who reads pay: only the entity’s HRMS App Admins', () => {
  it('App Admin of the entity reads; Member, Viewer, a manager, another entity’s admin and another company do not', async () => {
    const [gbRun] = (await a.client.get(`/hrms/payroll/runs?entityId=${gb.entityId}`)).body.items as PayRun[];
    const employee = gb.employees[0]!.id;
    const admin = await addUser(t, a, [{ entityId: gb.entityId, role: 'app_admin' }]);
    const member = await addUser(t, a, [{ entityId: gb.entityId, role: 'member' }]);
    const viewer = await addUser(t, a, [{ entityId: gb.entityId, role: 'viewer' }]);
    const manager = await addUser(t, a, [{ entityId: gb.entityId, role: 'member' }]);
    const managerRecord = await addEmployee(a.client, gb.entityId, { userId: manager.id });
    const paidEmployee = (await a.client.get(`/hrms/employees/${employee}`)).body;
    expect((await a.client.patch(`/hrms/employees/${employee}`, { managerId: managerRecord.id, version: paidEmployee.version })).status).toBe(200);
    const otherEntityAdmin = await addUser(t, a, [{ entityId: us.entityId, role: 'app_admin' }]);

    const reads = [
      `/hrms/payroll/settings?entityId=${gb.entityId}`,
      `/hrms/payroll/schedules?entityId=${gb.entityId}`,
      `/hrms/payroll/schedules/${gb.scheduleId}/periods?taxYear=2025-26`,
      `/hrms/payroll/pay-records?entityId=${gb.entityId}`,
      `/hrms/payroll/pay-records/${gb.employees[0]!.recordId}`,
      `/hrms/payroll/runs?entityId=${gb.entityId}`,
      `/hrms/payroll/runs/${gbRun!.id}`,
      `/hrms/payroll/runs/${gbRun!.id}/payslips/${employee}.pdf`,
      `/hrms/payroll/runs/${gbRun!.id}/journal`,
      `/hrms/payroll/year-end?entityId=${gb.entityId}&taxYear=2025-26`,
      `/hrms/payroll/year-end/export?entityId=${gb.entityId}&taxYear=2025-26`,
      `/hrms/payroll/year-end/${employee}.pdf?entityId=${gb.entityId}&taxYear=2025-26`,
    ];
    const writes: [string, string, unknown][] = [
      ['POST', '/hrms/payroll/settings', { entityId: gb.entityId, country: 'GB', currency: 'GBP' }],
      ['PATCH', `/hrms/payroll/settings/${gb.settingsId}`, { country: 'GB', currency: 'GBP', version: 1 }],
      ['POST', '/hrms/payroll/schedules', { entityId: gb.entityId, name: 'Weekly', frequency: 'weekly', firstPayDate: '2025-04-11' }],
      ['PATCH', `/hrms/payroll/schedules/${gb.scheduleId}`, { name: 'Hijacked', frequency: 'monthly', firstPayDate: '2025-04-30', version: 1 }],
      ['PATCH', `/hrms/payroll/pay-records/${gb.employees[0]!.recordId}`, { scheduleId: gb.scheduleId, payBasis: 'salary', annualSalary: '1.00', currency: 'GBP', startDate: '2024-01-01', uk: GB_W, version: 2 }],
      ['POST', '/hrms/payroll/pay-records', { employeeId: employee, scheduleId: gb.scheduleId, payBasis: 'salary', annualSalary: '1.00', currency: 'GBP', startDate: '2024-01-01', uk: GB_W }],
      ['POST', '/hrms/payroll/runs', { scheduleId: gb.scheduleId, taxYear: '2025-26', period: 5 }],
      ['POST', `/hrms/payroll/runs/${gbRun!.id}/recalculate`, { version: gbRun!.version }],
      ['POST', `/hrms/payroll/runs/${gbRun!.id}/approve`, { version: gbRun!.version }],
      ['POST', `/hrms/payroll/runs/${gbRun!.id}/mark-paid`, { version: gbRun!.version }],
    ];
    for (const path of reads) {
      const ok = await download(admin.client, path);
      expect(ok.status, path).toBe(200);
      for (const [who, client, expected] of [
        ['member', member.client, 403],
        ['viewer', viewer.client, 403],
        ['manager', manager.client, 403],
        ['other entity admin', otherEntityAdmin.client, 404],
        ['other company', b.client, 404],
      ] as const) {
        const res = await download(client, path);
        expect(res.status, `${who} ${path}`).toBe(expected);
        expect(new TextDecoder().decode(res.bytes), `${who} ${path}`).not.toMatch(/gross|net|"items":\[\{/i);
      }
    }
    const before = await t.sql('select * from hrms_pay_runs where company_id = $1 order by id', [a.companyId]);
    for (const [method, path, body] of writes)
      for (const [who, client] of [
        ['member', member.client],
        ['viewer', viewer.client],
        ['manager', manager.client],
        ['other entity admin', otherEntityAdmin.client],
        ['other company', b.client],
      ] as const) {
        const res = await client.request(method, path, body);
        expect([403, 404], `${who} ${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        if (who === 'member' || who === 'viewer' || who === 'manager') expect(res.body.error.message, `${who} ${path}`).toBe(MODULE_MESSAGES.appAdminRequired);
      }
    expect(await t.sql('select * from hrms_pay_runs where company_id = $1 order by id', [a.companyId])).toEqual(before);
    // Path ids in other cases are the same records.
    expect((await download(admin.client, `/hrms/payroll/runs/${gbRun!.id.toUpperCase()}`)).status).toBe(200);
  });
});
