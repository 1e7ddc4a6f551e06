/**
 * Payroll figures (issue 35, "Scale"): a pay run of 10,000 employees calculates within 60 s (PR1),
 * and generating all of its payslips keeps the server's memory growth under 200 MB (PR2).
 *
 * Data: a company of its own, signed up through the API with HRMS only ("Bench payroll"), so the
 * other modules' entities keep their sizes. Its entity gets payroll settings (GB, GBP) and a
 * monthly schedule (pay date the last day of the month, from 30 April 2025) through the API, then
 * BENCH_PAYROLL_EMPLOYEES employees (10,000) with a pay record each, bulk-inserted like the other
 * modules' data (md5-derived, set-based): an annual salary of £18,000 to £150,000 (whole pounds),
 * tax code 1257L for most, and BR, D0, K475, 1100L and 0T for some (one in twenty on the week 1 /
 * month 1 basis), NI category A; one in fifty started during April 2025 (a pro-rated period 1).
 *
 * Measured through the API as the company's signed-up admin (the entity's HRMS App Admin):
 *
 * 1. period 1 of 2025-26 calculated (POST /api/hrms/payroll/runs), approved (which calculates it
 *    again to check nothing changed) and marked as paid (which notifies the employees);
 * 2. every employee's payslip of that run downloaded as the product offers it, one PDF per
 *    employee (GET /api/hrms/payroll/runs/{id}/payslips/{employeeId}.pdf), on
 *    BENCH_PAYROLL_PAYSLIP_CONNECTIONS (4) connections, while the server's resident memory (VmRSS of
 *    /proc/<pid>/status) is sampled every 50 ms: PR2 is its peak less its value just before;
 * 3. period 2 calculated: it reads period 1's lines as year to date (cumulative PAYE).
 *
 * PR1 is the slower of the two calculations (each one request, as the "Calculate" button sends it).
 * Each answer is checked: 201/200, every employee on the run, and each payslip a PDF.
 *
 * PR3, a US entity: a second company of its own ("Bench payroll US", HRMS only), US settings and a
 * monthly schedule from 31 January 2025 through the API, a 401(k) (6 % before tax) and its match
 * (3 %, employer) as pay components through the API, then BENCH_PAYROLL_EMPLOYEES employees with a
 * pay record each, bulk-inserted: $24,000 to $300,000 a year (whole dollars), a 2020-or-later
 * Form W-4 (single for most, married filing jointly or head of household for some, the Step 2 box
 * for one in ten, a Step 3 credit and Step 4(c) extra withholding for some); three in five have the
 * 401(k) and its match assigned (the run reads the entity's assignments, migration 0041's index).
 * Measured: period 1 (January 2025) calculated, approved and marked as paid, then period 2; then an
 * off-cycle run in period 2 paying a bonus to one in ten employees (each added to period 2's
 * payments: US federal income tax by the aggregate procedure). PR3 is the slower of the two
 * regular calculations; approve, mark as paid and the off-cycle run are timed in its note.
 */
import { readFileSync } from 'node:fs';
import { ApiClient, signUpCompany } from '../lib/api';
import { num } from '../lib/common';
import type { ModuleBench, ModuleMeasureContext, ModuleSeedContext } from '../lib/module-bench';
import { sleep } from '../lib/proc';
import { arr, FIRST, h, LAST } from '../lib/seed-modules';
import type { Exec } from '../lib/seed';

const SETTINGS = {
  employees: num('BENCH_PAYROLL_EMPLOYEES', 10_000),
  payslipConnections: num('BENCH_PAYROLL_PAYSLIP_CONNECTIONS', 4),
};
const GOAL_SECONDS = 60;
const GOAL_MB = 200;
const TAX_YEAR = '2025-26';
const TAX_CODES = ['1257L', '1257L', '1257L', '1257L', '1257L', '1257L', '1257L', '1257L', '1257L', '1257L', '1257L', '1257L', '1257L', '1257L', 'BR', 'D0', 'K475', '1100L', '0T', '1257L'];

interface Seeded {
  cookie: string;
  companyId: string;
  entityId: string;
  scheduleId: string;
  us: { cookie: string; entityId: string; scheduleId: string; employeeIds: string[] };
}

const FILING = ['single', 'single', 'single', 'single', 'single', 'married_jointly', 'married_jointly', 'married_jointly', 'head_of_household', 'single'];

async function seedPayroll(exec: Exec, ctx: ModuleSeedContext) {
  const hrmsProduct = ctx.products.find((p) => p.type === 'hrms')!.id;
  const account = await signUpCompany(ctx.big.client.origin, 'payroll', [hrmsProduct]);
  const { client, entityId, companyId } = account;
  await client.expect(201, 'POST', '/hrms/payroll/settings', { entityId, country: 'GB', currency: 'GBP' });
  const schedule = await client.expect(201, 'POST', '/hrms/payroll/schedules', { entityId, name: 'Monthly', frequency: 'monthly', firstPayDate: '2025-04-30' });

  const n = SETTINGS.employees;
  const emp = (k: string) => `md5('bench-pay-emp-' || ${k})::uuid`;
  const steps: [string, string, unknown[]][] = [
    [
      'employees',
      `insert into hrms_employees (id, company_id, entity_id, first_name, last_name, work_email, job_title, department, employment_type, start_date, created_at)
        select ${emp('k')}, $1::uuid, $2::uuid,
               (${arr(FIRST)})[1 + ${h(`'pfn' || k`)} % ${FIRST.length}],
               (${arr(LAST)})[1 + ${h(`'pln' || k`)} % ${LAST.length}],
               'payroll.' || k || '@seed.example', 'Specialist', 'Operations', 'full_time', date '2015-01-01' + (${h(`'psd' || k`)} % 3000),
               timestamptz '2021-01-01 00:00:00+00' + k * interval '1 second'
        from generate_series(1, $3::int) k`,
      [companyId, entityId, n],
    ],
    [
      'pay records',
      `insert into hrms_pay_records (id, company_id, entity_id, employee_id, schedule_id, pay_basis, annual_salary_minor, currency, start_date, uk, created_at, updated_at)
        select md5('bench-pay-rec-' || k)::uuid, $1::uuid, $2::uuid, ${emp('k')}, $3::uuid, 'salary',
               (18000 + ${h(`'psa' || k`)} % 132001)::bigint * 100, 'GBP',
               case when k % 50 = 0 then date '2025-04-02' + k / 50 % 28 else date '2020-01-01' end,
               jsonb_build_object('taxCode', (${arr(TAX_CODES)})[1 + ${h(`'ptc' || k`)} % ${TAX_CODES.length}],
                                  'basis', case when k % 20 = 7 then 'week1month1' else 'cumulative' end, 'niCategory', 'A'),
               now(), now()
        from generate_series(1, $4::int) k`,
      [companyId, entityId, schedule.id, n],
    ],
    ['analyze', `analyze hrms_employees, hrms_pay_records`, []],
  ];
  for (const [name, statement, params] of steps) {
    const t0 = performance.now();
    await exec(statement, params.length ? params : undefined);
    ctx.log(`seed ${name}: ${Math.round(performance.now() - t0)} ms`);
  }
  const { rows } = await exec(
    `select (select count(*) from hrms_employees where entity_id = $1)::int as payroll_employees,
            (select count(*) from hrms_pay_records where entity_id = $1 and schedule_id = $2)::int as payroll_pay_records`,
    [entityId, schedule.id],
  );
  const counts = rows[0] as Record<string, number>;
  if (counts.payroll_pay_records !== n) throw new Error(`payroll seed: ${JSON.stringify(counts)}`);
  const us = await seedUs(exec, ctx, hrmsProduct);
  return { counts: { ...counts, ...us.counts }, data: { cookie: client.cookie, companyId, entityId, scheduleId: schedule.id, us: us.data } satisfies Seeded };
}

/** The US company of PR3: settings, schedule and the 401(k) through the API; employees, pay records and assignments in bulk. */
async function seedUs(exec: Exec, ctx: ModuleSeedContext, hrmsProduct: string) {
  const account = await signUpCompany(ctx.big.client.origin, 'payroll-us', [hrmsProduct]);
  const { client, entityId, companyId } = account;
  await client.expect(201, 'POST', '/hrms/payroll/settings', { entityId, country: 'US', currency: 'USD' });
  const schedule = await client.expect(201, 'POST', '/hrms/payroll/schedules', { entityId, name: 'Monthly', frequency: 'monthly', firstPayDate: '2025-01-31' });
  const k401 = await client.expect(201, 'POST', '/hrms/payroll/components', { entityId, name: '401(k)', kind: 'deduction_pre_tax', method: 'percent', percent: '6' });
  const match = await client.expect(201, 'POST', '/hrms/payroll/components', { entityId, name: '401(k) match', kind: 'employer_contribution', method: 'percent', percent: '3' });
  const n = SETTINGS.employees;
  // Version 4 in form (the API's uuid check refuses an md5 as it is; the off-cycle run names employees).
  const emp = (k: string) => `overlay(overlay(md5('bench-pay-us-emp-' || ${k}) placing '4' from 13) placing '8' from 17)::uuid`;
  const steps: [string, string, unknown[]][] = [
    [
      'US employees',
      `insert into hrms_employees (id, company_id, entity_id, first_name, last_name, work_email, job_title, department, employment_type, start_date, created_at)
        select ${emp('k')}, $1::uuid, $2::uuid,
               (${arr(FIRST)})[1 + ${h(`'ufn' || k`)} % ${FIRST.length}],
               (${arr(LAST)})[1 + ${h(`'uln' || k`)} % ${LAST.length}],
               'payroll-us.' || k || '@seed.example', 'Specialist', 'Operations', 'full_time', date '2015-01-01' + (${h(`'usd' || k`)} % 3000),
               timestamptz '2021-01-01 00:00:00+00' + k * interval '1 second'
        from generate_series(1, $3::int) k`,
      [companyId, entityId, n],
    ],
    [
      'US pay records',
      `insert into hrms_pay_records (id, company_id, entity_id, employee_id, schedule_id, pay_basis, annual_salary_minor, currency, start_date, us, created_at, updated_at)
        select md5('bench-pay-us-rec-' || k)::uuid, $1::uuid, $2::uuid, ${emp('k')}, $3::uuid, 'salary',
               (24000 + ${h(`'usa' || k`)} % 276001)::bigint * 100, 'USD', date '2020-01-01',
               jsonb_build_object('filingStatus', (${arr(FILING)})[1 + ${h(`'ufs' || k`)} % ${FILING.length}],
                                  'step2', k % 10 = 3,
                                  'step3', case when k % 7 = 0 then '2000.00' else '0.00' end,
                                  'step4a', '0.00', 'step4b', '0.00',
                                  'step4c', case when k % 13 = 0 then '50.00' else '0.00' end),
               now(), now()
        from generate_series(1, $4::int) k`,
      [companyId, entityId, schedule.id, n],
    ],
    [
      'US 401(k) assignments',
      `insert into hrms_pay_component_assignments (company_id, entity_id, employee_id, component_id)
        select $1::uuid, $2::uuid, ${emp('k')}, c.id
        from generate_series(1, $3::int) k cross join (values ($4::uuid), ($5::uuid)) c(id)
        where k % 5 < 3`,
      [companyId, entityId, n, k401.id, match.id],
    ],
    ['US analyze', `analyze hrms_employees, hrms_pay_records, hrms_pay_component_assignments`, []],
  ];
  for (const [name, statement, params] of steps) {
    const t0 = performance.now();
    await exec(statement, params.length ? params : undefined);
    ctx.log(`seed ${name}: ${Math.round(performance.now() - t0)} ms`);
  }
  const { rows } = await exec(
    `select (select count(*) from hrms_pay_records where entity_id = $1)::int as payroll_us_pay_records,
            (select count(*) from hrms_pay_component_assignments where entity_id = $1)::int as payroll_us_assignments,
            array(select ${emp('k')}::text from generate_series(1, $2::int) k where k % 10 = 1) as bonus_ids`,
    [entityId, n],
  );
  const row = rows[0] as { payroll_us_pay_records: number; payroll_us_assignments: number; bonus_ids: string[] };
  if (row.payroll_us_pay_records !== n) throw new Error(`payroll US seed: ${row.payroll_us_pay_records} pay records`);
  return {
    counts: { payroll_us_pay_records: row.payroll_us_pay_records, payroll_us_assignments: row.payroll_us_assignments },
    data: { cookie: client.cookie, entityId, scheduleId: schedule.id, employeeIds: row.bonus_ids },
  };
}

/** Resident memory of a process in bytes (VmRSS). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const MB = 1024 * 1024;

/** One request with a long timeout (ApiClient's is 30 s): status, body and the time it took. */
async function timed(client: ApiClient, method: string, path: string, body: unknown, expected: number) {
  const t0 = performance.now();
  const res = await fetch(`${client.origin}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: client.origin, cookie: client.cookie },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(600_000),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${res.status} ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text), bytes: text.length };
}

async function measurePayroll(ctx: ModuleMeasureContext) {
  const seeded = ctx.seeded.data as unknown as Seeded;
  const client = Object.assign(new ApiClient(ctx.server.origin), { cookie: seeded.cookie });
  const n = SETTINGS.employees;
  const rssStart = rssOf(ctx.server.pid);
  const runOf = async (period: number) => {
    const r = await timed(client, 'POST', '/hrms/payroll/runs', { scheduleId: seeded.scheduleId, taxYear: TAX_YEAR, period }, 201);
    if (r.body.lines.length !== n || r.body.totals.employees !== n) throw new Error(`PR1: period ${period} has ${r.body.lines.length} lines, not ${n}`);
    ctx.log(`period ${period} calculated in ${(r.ms / 1000).toFixed(1)} s (answer ${(r.bytes / MB).toFixed(1)} MB), gross ${r.body.totals.gross}`);
    return r;
  };

  const first = await runOf(1);
  const approved = await timed(client, 'POST', `/hrms/payroll/runs/${first.body.id}/approve`, { version: first.body.version }, 200);
  ctx.log(`period 1 approved in ${(approved.ms / 1000).toFixed(1)} s`);
  const paid = await timed(client, 'POST', `/hrms/payroll/runs/${first.body.id}/mark-paid`, { version: approved.body.version }, 200);
  ctx.log(`period 1 marked as paid in ${(paid.ms / 1000).toFixed(1)} s`);

  // Every payslip of the run, one PDF per employee, while sampling the server's memory.
  const pid = ctx.server.pid;
  await sleep(1000);
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, rssOf(pid));
      await sleep(50);
    }
  })();
  const employeeIds: string[] = first.body.lines.map((l: { employeeId: string }) => l.employeeId);
  let next = 0;
  let pdfBytes = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < employeeIds.length) {
      const employeeId = employeeIds[next++]!;
      const res = await fetch(`${client.origin}/api/hrms/payroll/runs/${first.body.id}/payslips/${employeeId}.pdf`, { headers: { cookie: client.cookie }, signal: AbortSignal.timeout(60_000) });
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (res.status !== 200 || res.headers.get('content-type') !== 'application/pdf' || new TextDecoder().decode(bytes.subarray(0, 5)) !== '%PDF-') {
        throw new Error(`PR2: payslip of ${employeeId} answered ${res.status} ${res.headers.get('content-type')}`);
      }
      pdfBytes += bytes.length;
    }
  };
  try {
    await Promise.all(Array.from({ length: SETTINGS.payslipConnections }, worker));
  } finally {
    sampling = false;
    await sampler;
  }
  const payslipMs = performance.now() - t0;
  const rssAfter = rssOf(pid);
  const growthMb = (rssPeak - rssBefore) / MB;
  ctx.log(`${n} payslips in ${(payslipMs / 1000).toFixed(1)} s; RSS ${(rssBefore / MB).toFixed(0)} MB before, peak ${(rssPeak / MB).toFixed(0)} MB, ${(rssAfter / MB).toFixed(0)} MB after`);

  const second = await runOf(2);
  const calcMs = Math.max(first.ms, second.ms);
  const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

  // PR3: the US entity, two regular periods and an off-cycle bonus run in period 2.
  const us = seeded.us;
  const usClient = Object.assign(new ApiClient(ctx.server.origin), { cookie: us.cookie });
  const usRun = async (period: number) => {
    const r = await timed(usClient, 'POST', '/hrms/payroll/runs', { scheduleId: us.scheduleId, taxYear: '2025', period }, 201);
    if (r.body.lines.length !== n) throw new Error(`PR3: period ${period} has ${r.body.lines.length} lines, not ${n}`);
    ctx.log(`US period ${period} calculated in ${sec(r.ms)}, gross ${r.body.totals.gross}`);
    return r;
  };
  const usFirst = await usRun(1);
  const usApproved = await timed(usClient, 'POST', `/hrms/payroll/runs/${usFirst.body.id}/approve`, { version: usFirst.body.version }, 200);
  const usPaid = await timed(usClient, 'POST', `/hrms/payroll/runs/${usFirst.body.id}/mark-paid`, { version: usApproved.body.version }, 200);
  const usSecond = await usRun(2);
  const usSecondApproved = await timed(usClient, 'POST', `/hrms/payroll/runs/${usSecond.body.id}/approve`, { version: usSecond.body.version }, 200);
  const items = us.employeeIds.map((employeeId) => ({ employeeId, gross: '1000.00' }));
  const offCycles = [];
  for (let i = 0; i < items.length; i += 500) {
    const r = await timed(usClient, 'POST', '/hrms/payroll/runs', { scheduleId: us.scheduleId, taxYear: '2025', period: 2, kind: 'off_cycle', items: items.slice(i, i + 500) }, 201);
    if (r.body.lines.length !== Math.min(500, items.length - i)) throw new Error(`PR3: off-cycle run has ${r.body.lines.length} lines`);
    offCycles.push(r.ms);
  }
  const offCycleMs = offCycles.reduce((a, b) => a + b, 0);
  const usCalcMs = Math.max(usFirst.ms, usSecond.ms);
  ctx.log(`US: approve ${sec(usApproved.ms)}, mark as paid ${sec(usPaid.ms)}, period 2 approve ${sec(usSecondApproved.ms)}; ${offCycles.length} off-cycle runs of 500 in ${sec(offCycleMs)}`);
  ctx.measurements.us = {
    period1Ms: Math.round(usFirst.ms),
    period2Ms: Math.round(usSecond.ms),
    approveMs: Math.round(usApproved.ms),
    markPaidMs: Math.round(usPaid.ms),
    period2ApproveMs: Math.round(usSecondApproved.ms),
    offCycleRuns: offCycles.length,
    offCycleMs: Math.round(offCycleMs),
  };

  ctx.measurements.calculate = { period1Ms: Math.round(first.ms), period2Ms: Math.round(second.ms), approveMs: Math.round(approved.ms), markPaidMs: Math.round(paid.ms), answerBytes: first.bytes };
  ctx.measurements.payslips = { count: n, connections: SETTINGS.payslipConnections, ms: Math.round(payslipMs), pdfBytes, rssServerStartBytes: rssStart, rssBeforeBytes: rssBefore, rssPeakBytes: rssPeak, rssAfterBytes: rssAfter };
  const employees = n.toLocaleString('en-US');
  ctx.figures.push({
    id: 'PR1',
    name: `Payroll: calculate a pay run of ${employees} employees (POST /api/hrms/payroll/runs, GB monthly; the slower of period 1 and period 2, which reads period 1 as year to date)`,
    ours: sec(calcMs),
    baseline: '—',
    ratio: null,
    goal: `≤ ${GOAL_SECONDS} s`,
    pass: calcMs <= GOAL_SECONDS * 1000,
    note: `period 1 ${sec(first.ms)}, period 2 ${sec(second.ms)} (each answer the run with every line, ${(first.bytes / MB).toFixed(1)} MB); approve (calculates again to compare) ${sec(approved.ms)}, mark as paid ${sec(paid.ms)}`,
  });
  ctx.figures.push({
    id: 'PR2',
    name: `Payroll: all ${employees} payslips of the run (GET /api/hrms/payroll/runs/{id}/payslips/{employeeId}.pdf, ${SETTINGS.payslipConnections} connections): the server's RSS growth`,
    ours: `${growthMb.toFixed(0)} MB`,
    baseline: '—',
    ratio: null,
    goal: `< ${GOAL_MB} MB`,
    pass: growthMb < GOAL_MB,
    note: `VmRSS sampled every 50 ms: ${(rssStart / MB).toFixed(0)} MB at the server's start (before the run was calculated), ${(rssBefore / MB).toFixed(0)} MB before the payslips, peak ${(rssPeak / MB).toFixed(0)} MB, ${(rssAfter / MB).toFixed(0)} MB after; ${sec(payslipMs)} in all (${(n / (payslipMs / 1000)).toFixed(0)} payslips/s, ${(pdfBytes / n / 1024).toFixed(1)} KB each)`,
  });
  ctx.figures.push({
    id: 'PR3',
    name: `Payroll: calculate a US pay run of ${employees} employees (POST /api/hrms/payroll/runs, monthly, Form W-4s, 401(k) and match for three in five; the slower of period 1 and period 2)`,
    ours: sec(usCalcMs),
    baseline: '—',
    ratio: null,
    goal: `≤ ${GOAL_SECONDS} s`,
    pass: usCalcMs <= GOAL_SECONDS * 1000,
    note: `period 1 ${sec(usFirst.ms)}, period 2 ${sec(usSecond.ms)}; approve ${sec(usApproved.ms)}, mark as paid ${sec(usPaid.ms)}; ${offCycles.length} off-cycle runs of 500 bonuses in period 2 (added to period 2's pay) ${sec(offCycleMs)} in all`,
  });
}

export const payroll: ModuleBench = { name: 'payroll', seed: seedPayroll, measure: measurePayroll };
