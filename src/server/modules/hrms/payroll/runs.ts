import { and, desc, eq, inArray, isNotNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import {
  EARNING_LABELS,
  formatMoney,
  PAY_COMPONENT_MESSAGES,
  PAY_RUN_MESSAGES,
  PERIODS_PER_YEAR,
  type PayrollPreviewInput,
  type PayRun,
  type PayRunBonusesInput,
  type PayRunCreateInput,
  type PayRunLine,
  type PayRunSummary,
  type PayslipSummary,
} from '@/shared/payroll';
import type { AuditContext } from '../../../audit/record-event';
import type { Db } from '../../../db/client';
import { hrmsEmployees, hrmsPayComponents, hrmsPayRecords, hrmsPayRunLines, hrmsPayRuns, hrmsPaySchedules } from '../../../db/schema';
import type { Tx } from '../../../db/tenant';
import { badRequest, conflict, notFound } from '../../../http/errors';
import type { ModuleScope } from '../../../platform/scope';
import { hrms, uniqueOr409 } from '../module';
import { recordPayrollEvent } from './audit';
import { calculate, type EngineInput, type SamePeriod } from './engine';
import { amount, fromMinor, money, sum, toMinor, ZERO, type Money } from './money';
import { daysInclusive, periodsOfYear, taxYearCovered } from './periods';
import { findSchedule, payRecordOf, payRecordRows, requireSettings } from './setup';
import { employeePay, grossOf, hourlyPay, loadRunExtras, type Earning } from './components';

/*
 * Pay runs: a schedule's period calculated for every employee paid on it, with the payroll engine
 * (engine.ts `calculate`, the same as the preview), kept as a draft until approved.
 *
 * Gross for a period: a salary is the annual salary ÷ the schedule's periods a year; hourly pay is
 * the rate × hours a week × 52 ÷ the periods a year. When the pay record's start or end date (or
 * the employee's last day) cuts the period, that is pro-rated by calendar days: × days paid ÷ days
 * of the period, rounded to the nearest cent (half a cent up). An off-cycle run pays what the
 * administrator enters, taxed in the same period as the regular run (its year to date included), its
 * UK NICs and US federal income tax worked out on the period's payments together (engine.ts).
 *
 * Year to date: the employee's lines in the entity's approved and paid runs of the tax year paid on
 * or before this run's pay date (never drafts, never the run itself).
 */

const ADMIN = 'app_admin' as const;
type RunRow = typeof hrmsPayRuns.$inferSelect;
type Item = { code: string; minor: string; employer: boolean; label?: string };
interface Calculated {
  employeeId: string;
  employeeName: string;
  grossMinor: bigint;
  netMinor: bigint;
  grossRule: string;
  items: Item[];
  earnings: { code: string; label: string; minor: string; rule?: string }[];
  ytd: Record<string, string>;
}
type RunFacts = Pick<RunRow, 'entityId' | 'scheduleId' | 'kind' | 'taxYear' | 'period' | 'periodStart' | 'periodEnd' | 'payDate' | 'offCycleGross'> & {
  id?: string;
  bonuses?: RunRow['bonuses'];
};
type Ytd = { gross: Money; tax: Money; preTax: Money; postTax: Money; employer: Money; samePeriod: SamePeriod | null };

/** Income tax lines: summed into the UK's "tax paid to date". */
const INCOME_TAX = 'income_tax';

/**
 * The year-to-date figures the country's rules read, before this run (decimal amounts per employee):
 * one query summing, per employee of the entity, the gross and the income tax lines in minor units
 * (integers, exact) of the tax year's approved and paid runs, so a run of 10,000 employees reads
 * 10,000 rows rather than every earlier line (the entity's employees on other schedules come along, unused).
 * The same query sums the earlier payments of this run's own pay period (the schedule's period
 * number: a regular run and its off-cycle runs), which the engine adds this payment to (`samePeriod`).
 */
async function ytdBefore(tx: Tx, run: RunFacts): Promise<Map<string, Ytd>> {
  const samePeriodRun = sql`${hrmsPayRuns.scheduleId} = ${run.scheduleId} and ${hrmsPayRuns.period} = ${run.period}`;
  const itemsOfLine = (codes: string[]) =>
    sql`(select coalesce(sum((i->>'minor')::numeric), 0) from jsonb_array_elements(${hrmsPayRunLines.items}) i where i->>'code' in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )}))`;
  const itemsMinor = (...codes: string[]) => sql<string>`coalesce(sum(${itemsOfLine(codes)}), 0)::text`;
  const inPeriod = (value: SQL) => sql<string>`coalesce(sum(${value}) filter (where ${samePeriodRun}), 0)::text`;
  const rows = await tx
    .select({
      employeeId: hrmsPayRunLines.employeeId,
      grossMinor: sql<string>`sum(${hrmsPayRunLines.grossMinor})::text`,
      taxMinor: itemsMinor(INCOME_TAX),
      preTaxMinor: itemsMinor('deduction_pre_tax'),
      postTaxMinor: itemsMinor('deduction_post_tax'),
      employerMinor: itemsMinor('employer_contribution'),
      periodRuns: sql<number>`count(*) filter (where ${samePeriodRun})::int`.mapWith(Number),
      periodGrossMinor: inPeriod(sql`${hrmsPayRunLines.grossMinor}`),
      periodPreTaxMinor: inPeriod(itemsOfLine(['deduction_pre_tax'])),
      periodTaxMinor: inPeriod(itemsOfLine([INCOME_TAX, 'federal_income_tax'])),
      periodEmployeeNiMinor: inPeriod(itemsOfLine(['employee_ni'])),
      periodEmployerNiMinor: inPeriod(itemsOfLine(['employer_ni'])),
    })
    .from(hrmsPayRunLines)
    .innerJoin(hrmsPayRuns, eq(hrmsPayRuns.id, hrmsPayRunLines.runId))
    .where(
      and(
        eq(hrmsPayRuns.entityId, run.entityId),
        eq(hrmsPayRuns.taxYear, run.taxYear),
        inArray(hrmsPayRuns.status, ['approved', 'paid']),
        lte(hrmsPayRuns.payDate, run.payDate),
        run.id ? ne(hrmsPayRuns.id, run.id) : undefined,
      ),
    )
    .groupBy(hrmsPayRunLines.employeeId);
  const d = (minor: string) => money(minor).dividedBy(100);
  return new Map(
    rows.map((row) => [
      row.employeeId,
      {
        gross: d(row.grossMinor),
        tax: d(row.taxMinor),
        preTax: d(row.preTaxMinor),
        postTax: d(row.postTaxMinor),
        employer: d(row.employerMinor),
        samePeriod: row.periodRuns
          ? {
              gross: d(row.periodGrossMinor),
              taxable: d(row.periodGrossMinor).minus(d(row.periodPreTaxMinor)),
              tax: d(row.periodTaxMinor),
              employeeNi: d(row.periodEmployeeNiMinor),
              employerNi: d(row.periodEmployerNiMinor),
            }
          : null,
      },
    ]),
  );
}
const NO_YTD: Ytd = { gross: ZERO, tax: ZERO, preTax: ZERO, postTax: ZERO, employer: ZERO, samePeriod: null };

/** The period's salary and how it was found, in words (shown on the review and the payslip). Hourly pay: components.ts hourlyPay. */
function periodGross(record: ReturnType<typeof payRecordOf>, employeeEnd: string | null, run: RunFacts, periods: number): { gross: Money; rule: string } {
  const m = (value: string) => formatMoney(value, record.currency);
  const full = { value: money(record.annualSalary!).dividedBy(periods), rule: `${m(record.annualSalary!)} a year ÷ ${periods}` };
  const ends = [record.endDate, employeeEnd, run.periodEnd].filter((d): d is string => d !== null).sort();
  const from = record.startDate > run.periodStart ? record.startDate : run.periodStart;
  const to = ends[0]!;
  const periodDays = daysInclusive(run.periodStart, run.periodEnd);
  const paidDays = Math.max(0, daysInclusive(from, to));
  if (paidDays >= periodDays) return { gross: full.value.toDecimalPlaces(2), rule: full.rule };
  return { gross: full.value.times(paidDays).dividedBy(periodDays).toDecimalPlaces(2), rule: `(${full.rule}) × ${paidDays} of ${periodDays} days` };
}

/** Every employee's gross-to-net for the run, by the engine. */
async function calculateRun(tx: Tx, run: RunFacts): Promise<{ country: string; currency: string; lines: Calculated[] }> {
  const settings = await requireSettings(tx, run.entityId);
  const schedule = await findSchedule(tx, run.scheduleId);
  if (settings.country === 'GB' && schedule.frequency === 'semimonthly') throw badRequest(PAY_RUN_MESSAGES.ukFrequency);
  const periods = PERIODS_PER_YEAR[schedule.frequency];
  const records = (await payRecordRows(tx, eq(hrmsPayRecords.scheduleId, run.scheduleId))).filter(({ row, employeeEnd }) =>
    run.offCycleGross
      ? row.employeeId in run.offCycleGross
      : row.startDate <= run.periodEnd && (row.endDate ?? run.periodStart) >= run.periodStart && (employeeEnd ?? run.periodStart) >= run.periodStart,
  );
  if (run.offCycleGross && records.length !== Object.keys(run.offCycleGross).length) throw badRequest(PAY_RUN_MESSAGES.offCycleEmployee);
  if (!records.length) throw badRequest(PAY_RUN_MESSAGES.noEmployees);
  const before = await ytdBefore(tx, run);
  const extras = await loadRunExtras(tx, run);
  const lines = records.map((row): Calculated => {
    const record = payRecordOf(row);
    const base = baseEarnings(record, row.employeeEnd, run, periods, extras.hours.get(record.employeeId), settings.overtimeMultiplier);
    const pay = employeePay(extras, record.employeeId, base.earnings, { offCycle: run.offCycleGross !== null, bonuses: run.bonuses ?? [] });
    const gross = grossOf(pay.earnings);
    const rule = base.rule;
    const ytd = before.get(record.employeeId) ?? NO_YTD;
    const input = { ...engineInput(settings, schedule.frequency, run, gross, record, ytd), ...(pay.components.length ? { components: pay.components } : {}) };
    const result = calculate(input);
    const items = result.lines.map((line): Item => {
      const employer = EMPLOYER_CODES.has(line.code) || isEmployerCustom(settings.customRules, line.code);
      return { code: line.code, minor: toMinor(line.amount).toString(), employer, ...(line.label ? { label: line.label } : {}) };
    });
    const of = (code: string) => sum(result.lines.filter((l) => l.code === code).map((l) => money(l.amount)));
    const grossToDate = amount(ytd.gross.plus(gross));
    const preTaxToDate = ytd.preTax.plus(of('deduction_pre_tax'));
    /** Pay income tax is figured on, to date: gross less deductions before tax (UK taxable pay, US federal income tax wages). */
    const taxableToDate = amount(ytd.gross.plus(gross).minus(preTaxToDate));
    const components = {
      preTaxDeductions: amount(preTaxToDate),
      postTaxDeductions: amount(ytd.postTax.plus(of('deduction_post_tax'))),
      employerContributions: amount(ytd.employer.plus(of('employer_contribution'))),
    };
    const ytdAfter: Record<string, string> =
      settings.country === 'GB'
        ? { gross: grossToDate, taxable: taxableToDate, tax: amount(ytd.tax.plus(of(INCOME_TAX))), ...components }
        : settings.country === 'US'
          ? { gross: grossToDate, federalWages: taxableToDate, socialSecurityWages: grossToDate, medicareWages: grossToDate, ...components }
          : { gross: grossToDate, ...components };
    const earnings = pay.earnings.map((e) => ({ code: e.code, label: e.label, minor: toMinor(e.amount).toString(), ...(e.rule ? { rule: e.rule } : {}) }));
    return { employeeId: record.employeeId, employeeName: record.employeeName, grossMinor: toMinor(gross), netMinor: toMinor(result.net), grossRule: rule, items, earnings, ytd: ytdAfter };
  });
  return { country: settings.country, currency: settings.currency, lines };
}

/** The period's pay before components: an off-cycle payment, a salary, or hourly pay and overtime from approved timesheets. */
function baseEarnings(
  record: ReturnType<typeof payRecordOf>,
  employeeEnd: string | null,
  run: RunFacts,
  periods: number,
  hours: Parameters<typeof hourlyPay>[2],
  overtimeMultiplier: string,
): { earnings: Earning[]; rule: string } {
  if (run.offCycleGross) {
    const rule = EARNING_LABELS.off_cycle!;
    return { earnings: [{ code: 'off_cycle', label: rule, amount: money(run.offCycleGross[record.employeeId]!), rule }], rule };
  }
  if (record.payBasis === 'hourly') return hourlyPay(record.hourlyRate!, record.currency, hours, overtimeMultiplier);
  const { gross, rule } = periodGross(record, employeeEnd, run, periods);
  return { earnings: [{ code: 'salary', label: EARNING_LABELS.salary!, amount: gross, rule }], rule };
}

/** The employer's own costs among the packs' lines (not deducted from pay). */
const EMPLOYER_CODES = new Set(['employer_ni', 'employer_social_security', 'employer_medicare', 'employer_contribution']);
const isEmployerCustom = (rules: { components: { code: string; kind: string }[] } | null, code: string) => rules?.components.some((c) => c.code === code && c.kind === 'employer') ?? false;

/** The engine's request for one employee, as the preview takes it (its schema has checked the same shapes on the pay record). */
function engineInput(
  settings: Awaited<ReturnType<typeof requireSettings>>,
  frequency: PayrollPreviewInput['frequency'],
  run: RunFacts,
  gross: Money,
  record: ReturnType<typeof payRecordOf>,
  ytd: Ytd,
): EngineInput {
  const base = {
    country: settings.country,
    taxYear: run.taxYear,
    frequency,
    period: run.period,
    gross: amount(gross),
    currency: settings.currency,
    // An earlier payment of the same period: GB NICs and US federal income tax on the period's total (engine.ts).
    ...(ytd.samePeriod && (settings.country === 'GB' || settings.country === 'US') ? { samePeriod: ytd.samePeriod } : {}),
  };
  if (settings.country === 'GB') {
    if (!record.uk) throw badRequest(PAY_RUN_MESSAGES.ukRequired);
    // PAYE's pay to date is taxable pay: gross less pension under a net pay arrangement (engine.ts).
    return { ...base, uk: record.uk, ytd: { gross: amount(ytd.gross.minus(ytd.preTax)), tax: amount(ytd.tax) } };
  }
  if (settings.country === 'US') {
    if (!record.us) throw badRequest(PAY_RUN_MESSAGES.usRequired);
    const wages = amount(ytd.gross);
    return { ...base, us: record.us, ytd: { gross: wages, socialSecurityWages: wages, medicareWages: wages } };
  }
  return { ...base, custom: settings.customRules!, ytd: { gross: amount(ytd.gross) } };
}

const totalsOf = (lines: Calculated[]) => {
  const all = lines.flatMap((l) => l.items);
  const total = (items: Item[]) => items.reduce((t, i) => t + BigInt(i.minor), 0n);
  return {
    grossMinor: lines.reduce((t, l) => t + l.grossMinor, 0n),
    netMinor: lines.reduce((t, l) => t + l.netMinor, 0n),
    deductionsMinor: total(all.filter((i) => !i.employer)),
    employerCostMinor: total(all.filter((i) => i.employer)),
    employeeCount: lines.length,
  };
};

/**
 * Lines a statement inserts: a run of 10,000 employees is ten statements. One statement for all of
 * them would pass PostgreSQL's limit of 65,535 parameters (a dozen a line) at about 5,000 employees.
 */
const LINES_PER_INSERT = 1_000;

async function writeLines(tx: Tx, scope: ModuleScope, run: RunRow, lines: Calculated[]) {
  await tx.delete(hrmsPayRunLines).where(eq(hrmsPayRunLines.runId, run.id));
  for (let i = 0; i < lines.length; i += LINES_PER_INSERT) {
    const chunk = lines.slice(i, i + LINES_PER_INSERT);
    await tx.insert(hrmsPayRunLines).values(chunk.map((l) => ({ ...l, companyId: scope.companyId, entityId: run.entityId, runId: run.id, currency: run.currency })));
  }
}

// ----- reading ----------------------------------------------------------------------------------

const summaryOf = (row: RunRow, scheduleName: string): PayRunSummary => ({
  id: row.id,
  entityId: row.entityId,
  scheduleId: row.scheduleId,
  scheduleName,
  kind: row.kind as PayRunSummary['kind'],
  status: row.status as PayRunSummary['status'],
  country: row.country,
  currency: row.currency,
  taxYear: row.taxYear,
  period: row.period,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  payDate: row.payDate,
  totals: {
    gross: fromMinor(row.grossMinor),
    deductions: fromMinor(row.deductionsMinor),
    net: fromMinor(row.netMinor),
    employerCosts: fromMinor(row.employerCostMinor),
    employees: row.employeeCount,
  },
  version: row.version,
});

const runWithSchedule = { run: hrmsPayRuns, scheduleName: hrmsPaySchedules.name };

export function listRuns(db: Db, user: SessionUser, entityId: string | undefined): Promise<{ items: PayRunSummary[] }> {
  return hrms.scope(
    db,
    user,
    ADMIN,
    async (tx, scope) => {
      const rows = await tx
        .select(runWithSchedule)
        .from(hrmsPayRuns)
        .innerJoin(hrmsPaySchedules, eq(hrmsPaySchedules.id, hrmsPayRuns.scheduleId))
        .where(inArray(hrmsPayRuns.entityId, entityId ? [entityId] : scope.entityIds))
        .orderBy(desc(hrmsPayRuns.payDate), desc(hrmsPayRuns.createdAt))
        .limit(200);
      return { items: rows.map((r) => summaryOf(r.run, r.scheduleName)) };
    },
    entityId,
  );
}

async function findRun(tx: Tx, id: string) {
  const [row] = await tx.select(runWithSchedule).from(hrmsPayRuns).innerJoin(hrmsPaySchedules, eq(hrmsPaySchedules.id, hrmsPayRuns.scheduleId)).where(eq(hrmsPayRuns.id, id));
  if (!row) throw notFound(PAY_RUN_MESSAGES.runNotFound);
  return row;
}

export const runLines = (tx: Tx, runId: string) => tx.select().from(hrmsPayRunLines).where(eq(hrmsPayRunLines.runId, runId)).orderBy(hrmsPayRunLines.employeeName, hrmsPayRunLines.employeeId);

export type StoredLine = Awaited<ReturnType<typeof runLines>>[number];

/** A stored line as the API shows it: amounts as decimal strings. */
export const lineItems = (line: StoredLine) => line.items.map((i) => ({ code: i.code, amount: fromMinor(i.minor), employer: i.employer, ...(i.label ? { label: i.label } : {}) }));

/** The schedule's regular run before this one (the review's "what changed" compares against it). */
async function previousRunOf(tx: Tx, run: RunRow) {
  const [previous] = await tx
    .select({ id: hrmsPayRuns.id })
    .from(hrmsPayRuns)
    .where(and(eq(hrmsPayRuns.scheduleId, run.scheduleId), eq(hrmsPayRuns.kind, 'regular'), lt(hrmsPayRuns.payDate, run.payDate)))
    .orderBy(desc(hrmsPayRuns.payDate))
    .limit(1);
  return previous;
}

/** A stored line as the review shows it, with the change against the employee's line of the previous run. */
const runLineOf = (line: StoredLine, last: StoredLine | undefined): PayRunLine => ({
  employeeId: line.employeeId,
  employeeName: line.employeeName,
  gross: fromMinor(line.grossMinor),
  grossRule: line.grossRule,
  lines: lineItems(line),
  earnings: line.earnings.map((e) => ({ code: e.code, label: e.label, amount: fromMinor(e.minor), ...(e.rule ? { rule: e.rule } : {}) })),
  net: fromMinor(line.netMinor),
  ytd: line.ytd,
  change: {
    previousGross: last ? fromMinor(last.grossMinor) : null,
    previousNet: last ? fromMinor(last.netMinor) : null,
    gross: fromMinor(line.grossMinor - (last?.grossMinor ?? 0n)),
    net: fromMinor(line.netMinor - (last?.netMinor ?? 0n)),
  },
});

/** The run with each employee's gross-to-net, and what changed against the schedule's previous regular run. */
export async function readRun(tx: Tx, id: string): Promise<PayRun> {
  const { run, scheduleName } = await findRun(tx, id);
  const previous = await previousRunOf(tx, run);
  const before = new Map((previous ? await runLines(tx, previous.id) : []).map((l) => [l.employeeId, l]));
  const lines = (await runLines(tx, id)).map((line) => runLineOf(line, before.get(line.employeeId)));
  return { ...summaryOf(run, scheduleName), lines, previousRunId: previous?.id ?? null, bonuses: run.bonuses };
}

/**
 * One employee's line of a run, as `readRun` shows it, with the run's summary (a payslip): reads
 * that employee's rows only, so a run's 10,000 payslips cost 10,000 small reads, not 10,000 whole runs.
 * Null when the employee is not on the run.
 */
export async function readRunLine(tx: Tx, id: string, employeeId: string): Promise<{ run: PayRunSummary; line: PayRunLine } | null> {
  const { run, scheduleName } = await findRun(tx, id);
  const lineOf = (runId: string) => tx.select().from(hrmsPayRunLines).where(and(eq(hrmsPayRunLines.runId, runId), eq(hrmsPayRunLines.employeeId, employeeId)));
  const [line] = await lineOf(id);
  if (!line) return null;
  const previous = await previousRunOf(tx, run);
  const [last] = previous ? await lineOf(previous.id) : [];
  return { run: summaryOf(run, scheduleName), line: runLineOf(line, last) };
}

/** The run without its lines: what the audit log keeps of a run before a change (runFields). */
async function readRunSummary(tx: Tx, id: string): Promise<PayRunSummary> {
  const { run, scheduleName } = await findRun(tx, id);
  return summaryOf(run, scheduleName);
}

export const getRun = (db: Db, user: SessionUser, id: string) => hrms.scope(db, user, ADMIN, (tx) => readRun(tx, id));

// ----- writing ----------------------------------------------------------------------------------

const runTarget = (run: Pick<PayRun, 'id' | 'scheduleName' | 'payDate' | 'kind'>) => ({
  type: 'pay_run' as const,
  id: run.id,
  label: `${run.scheduleName}: ${run.kind === 'off_cycle' ? 'off-cycle ' : ''}pay date ${run.payDate}`,
});
const runFields = (run: PayRunSummary) => ({ status: run.status, taxYear: run.taxYear, period: run.period, payDate: run.payDate, gross: run.totals.gross, net: run.totals.net, employees: run.totals.employees });

/** Calculates a draft run for a schedule's period (regular), or an off-cycle run paying what `items` say. */
export function createRun(db: Db, user: SessionUser, input: PayRunCreateInput, audit: AuditContext): Promise<PayRun> {
  return uniqueOr409('hrms_pay_runs_regular_key', PAY_RUN_MESSAGES.runTaken, () =>
    hrms.scope(db, user, ADMIN, async (tx, scope) => {
      const schedule = await findSchedule(tx, input.scheduleId);
      const settings = await requireSettings(tx, schedule.entityId);
      const notCovered = taxYearCovered(settings.country, input.taxYear);
      if (notCovered) throw badRequest(PAY_RUN_MESSAGES.taxYearNotCovered(notCovered));
      const periods = periodsOfYear(settings.country, input.taxYear, schedule.frequency, schedule.firstPayDate);
      const period = periods[input.period - 1];
      if (!period) throw badRequest(PAY_RUN_MESSAGES.periodOutOfYear(periods.length));
      const facts: RunFacts = {
        entityId: schedule.entityId,
        scheduleId: schedule.id,
        kind: input.kind,
        taxYear: input.taxYear,
        period: period.period,
        periodStart: period.start,
        periodEnd: period.end,
        payDate: period.payDate,
        offCycleGross: input.items ? Object.fromEntries(input.items.map((i) => [i.employeeId, i.gross])) : null,
      };
      const calculated = await calculateRun(tx, facts);
      const [run] = await tx
        .insert(hrmsPayRuns)
        .values({ ...facts, companyId: scope.companyId, country: calculated.country, currency: calculated.currency, ...totalsOf(calculated.lines) })
        .returning();
      await writeLines(tx, scope, run!, calculated.lines);
      const created = await readRun(tx, run!.id);
      await recordPayrollEvent(tx, scope, audit, 'hrms.pay_run.calculated', runTarget(created), runFields(created));
      return created;
    }),
  );
}

/** Locks a run for a change; an approved or paid run is never changed again (`refusal` says why not). */
async function lockRun(tx: Tx, id: string, version: number, expected: RunRow['status'], refusal: string) {
  const run = await hrms.lock(tx, hrmsPayRuns, id, version, PAY_RUN_MESSAGES.runNotFound);
  if (run.status !== expected) throw conflict(refusal);
  return run;
}

/** Whether a calculation gives the stored figures (jsonb keeps an item's keys in its own order: compared field by field). */
function sameFigures(calculated: Calculated[], stored: StoredLine[]) {
  const fingerprint = (line: { employeeId: string; grossMinor: bigint; netMinor: bigint; items: Item[]; earnings: { code: string; minor: string; label: string }[] }) =>
    JSON.stringify([line.employeeId, String(line.grossMinor), String(line.netMinor), line.items.map((i) => [i.code, i.minor, i.employer, i.label ?? null]), line.earnings.map((e) => [e.code, e.minor, e.label])]);
  const storedPrints = new Set(stored.map(fingerprint));
  return calculated.length === stored.length && calculated.every((line) => storedPrints.has(fingerprint(line)));
}

export function recalculateRun(db: Db, user: SessionUser, id: string, input: { version: number }, audit: AuditContext): Promise<PayRun> {
  return hrms.scope(db, user, ADMIN, async (tx, scope) => {
    const locked = await lockRun(tx, id, input.version, 'draft', PAY_RUN_MESSAGES.runLocked);
    const before = await readRunSummary(tx, id);
    const calculated = await calculateRun(tx, locked);
    const saved = await hrms.save(tx, hrmsPayRuns, id, totalsOf(calculated.lines));
    await writeLines(tx, scope, saved, calculated.lines);
    const after = await readRun(tx, id);
    await recordPayrollEvent(tx, scope, audit, 'hrms.pay_run.recalculated', runTarget(after), runFields(after), runFields(before));
    return after;
  });
}

/**
 * Sets a draft regular run's one-off amounts (bonuses): all of them, replacing those it had, and
 * calculates the run again with them. Each names an employee of the run and a one-off earning of its entity.
 */
export function setRunBonuses(db: Db, user: SessionUser, id: string, input: PayRunBonusesInput, audit: AuditContext): Promise<PayRun> {
  return hrms.scope(db, user, ADMIN, async (tx, scope) => {
    const locked = await lockRun(tx, id, input.version, 'draft', PAY_RUN_MESSAGES.runLocked);
    if (locked.kind !== 'regular') throw badRequest(PAY_COMPONENT_MESSAGES.bonusOffCycle);
    const before = await readRun(tx, id);
    const employees = new Set(before.lines.map((l) => l.employeeId));
    const oneOffs = new Set(
      (
        await tx
          .select({ id: hrmsPayComponents.id })
          .from(hrmsPayComponents)
          .where(and(eq(hrmsPayComponents.entityId, locked.entityId), eq(hrmsPayComponents.method, 'one_off')))
      ).map((c) => c.id),
    );
    const bonuses = input.items.map((i) => ({ employeeId: i.employeeId.toLowerCase(), componentId: i.componentId.toLowerCase(), amount: amount(money(i.amount)) }));
    for (const bonus of bonuses) {
      if (!employees.has(bonus.employeeId)) throw badRequest(PAY_COMPONENT_MESSAGES.bonusEmployee);
      if (!oneOffs.has(bonus.componentId)) throw badRequest(PAY_COMPONENT_MESSAGES.bonusComponent);
    }
    const calculated = await calculateRun(tx, { ...locked, bonuses });
    const saved = await hrms.save(tx, hrmsPayRuns, id, { bonuses, ...totalsOf(calculated.lines) });
    await writeLines(tx, scope, saved, calculated.lines);
    const after = await readRun(tx, id);
    await recordPayrollEvent(tx, scope, audit, 'hrms.pay_run.bonuses_set', runTarget(after), { ...runFields(after), oneOffAmounts: bonuses.length }, runFields(before));
    return after;
  });
}

/**
 * Approves a draft: its figures are then final. Refused while an earlier run of the entity's tax
 * year is still a draft (this run's year to date would miss it), and when a pay record or an
 * earlier approval has changed the figures since the draft was calculated (review them again).
 */
export function approveRun(db: Db, user: SessionUser, id: string, input: { version: number }, audit: AuditContext): Promise<PayRun> {
  return hrms.scope(db, user, ADMIN, async (tx, scope) => {
    const locked = await lockRun(tx, id, input.version, 'draft', PAY_RUN_MESSAGES.runLocked);
    const [earlier] = await tx
      .select({ payDate: hrmsPayRuns.payDate })
      .from(hrmsPayRuns)
      .where(and(eq(hrmsPayRuns.entityId, locked.entityId), eq(hrmsPayRuns.taxYear, locked.taxYear), eq(hrmsPayRuns.status, 'draft'), lt(hrmsPayRuns.payDate, locked.payDate)))
      .orderBy(hrmsPayRuns.payDate)
      .limit(1);
    if (earlier) throw conflict(PAY_RUN_MESSAGES.earlierDraft(earlier.payDate));
    if (!sameFigures((await calculateRun(tx, locked)).lines, await runLines(tx, id))) throw conflict(PAY_RUN_MESSAGES.staleFigures);
    const before = await readRunSummary(tx, id);
    await hrms.save(tx, hrmsPayRuns, id, { status: 'approved', approvedBy: scope.userId, approvedAt: sql`now()` });
    const after = await readRun(tx, id);
    await recordPayrollEvent(tx, scope, audit, 'hrms.pay_run.approved', runTarget(after), runFields(after), runFields(before));
    return after;
  });
}

export function markRunPaid(db: Db, user: SessionUser, id: string, input: { version: number }, audit: AuditContext): Promise<PayRun> {
  return hrms.scope(db, user, ADMIN, async (tx, scope) => {
    await lockRun(tx, id, input.version, 'approved', PAY_RUN_MESSAGES.runNotApproved);
    const before = await readRunSummary(tx, id);
    await hrms.save(tx, hrmsPayRuns, id, { status: 'paid', paidBy: scope.userId, paidAt: sql`now()` });
    const after = await readRun(tx, id);
    await recordPayrollEvent(tx, scope, audit, 'hrms.pay_run.paid', runTarget(after), runFields(after), runFields(before));
    await tellPayslipsReady(tx, scope, after);
    return after;
  });
}

/** Where an employee finds their payslips (My Payslips). */
const PORTAL_PAGE = '/hrms/portal';

/**
 * A paid run's payslips are the employees' to download now: each employee of the run with a linked
 * user hears of it (the administrator marking it paid does not, the notification kit's rule). The
 * title names no amount: it is emailed, and pay stays in the app.
 */
async function tellPayslipsReady(tx: Tx, scope: ModuleScope, run: PayRun) {
  const linked = await tx
    .select({ userId: hrmsEmployees.userId })
    .from(hrmsEmployees)
    .where(
      and(
        eq(hrmsEmployees.entityId, run.entityId),
        inArray(hrmsEmployees.id, tx.select({ id: hrmsPayRunLines.employeeId }).from(hrmsPayRunLines).where(eq(hrmsPayRunLines.runId, run.id))),
        isNotNull(hrmsEmployees.userId),
      ),
    );
  await hrms.notify(tx, scope, {
    recipients: linked.flatMap((r) => (r.userId ? [r.userId] : [])),
    category: 'payslips',
    title: `Your payslip for ${run.payDate} is ready`,
    url: PORTAL_PAGE,
    entityId: run.entityId,
    record: { type: 'hrms_pay_run', id: run.id },
  });
}

/** The schedule's pay periods of a tax year (for the "New pay run" dialog). */
export function schedulePeriods(db: Db, user: SessionUser, scheduleId: string, taxYear: string) {
  return hrms.scope(db, user, ADMIN, async (tx) => {
    const schedule = await findSchedule(tx, scheduleId);
    const settings = await requireSettings(tx, schedule.entityId);
    const notCovered = taxYearCovered(settings.country, taxYear);
    if (notCovered) throw badRequest(PAY_RUN_MESSAGES.taxYearNotCovered(notCovered));
    return { taxYear, items: periodsOfYear(settings.country, taxYear, schedule.frequency, schedule.firstPayDate) };
  });
}

/**
 * For the employee portal: the employees' payslips (their lines in paid runs), newest first. Runs in
 * the caller's transaction, whose scope must already have established that the caller is these
 * employees (or runs their payroll): it filters by nothing else.
 */
export async function payslipsOfEmployees(tx: Tx, employeeIds: readonly string[]): Promise<PayslipSummary[]> {
  if (employeeIds.length === 0) return [];
  const rows = await tx
    .select({ run: hrmsPayRuns, grossMinor: hrmsPayRunLines.grossMinor, netMinor: hrmsPayRunLines.netMinor })
    .from(hrmsPayRunLines)
    .innerJoin(hrmsPayRuns, eq(hrmsPayRuns.id, hrmsPayRunLines.runId))
    .where(and(inArray(hrmsPayRunLines.employeeId, [...employeeIds]), eq(hrmsPayRuns.status, 'paid')))
    .orderBy(desc(hrmsPayRuns.payDate), desc(hrmsPayRuns.createdAt));
  return rows.map(({ run, grossMinor, netMinor }) => ({
    runId: run.id,
    payDate: run.payDate,
    periodStart: run.periodStart,
    periodEnd: run.periodEnd,
    kind: run.kind as PayslipSummary['kind'],
    currency: run.currency,
    gross: fromMinor(grossMinor),
    net: fromMinor(netMinor),
  }));
}
