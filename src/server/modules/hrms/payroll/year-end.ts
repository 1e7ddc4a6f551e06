import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { formatMoney, PAY_RUN_MESSAGES, payLineLabel, type YearEnd } from '@/shared/payroll';
import type { Db } from '../../../db/client';
import { hrmsPayRunLines, hrmsPayRuns } from '../../../db/schema';
import type { Tx } from '../../../db/tenant';
import { badRequest, notFound } from '../../../http/errors';
import { hrms } from '../module';
import { amount, min, money, ZERO, type Money } from './money';
import { Sheet } from './payslip';
import { taxYearCovered } from './periods';
import { US_TAX_YEARS } from './rules/us';
import { requireSettings } from './setup';

/**
 * Year-end figures per employee from the entity's approved and paid runs of a tax year: the UK's
 * P60 (pay, tax, employee National Insurance in this employment) and the US Form W-2's boxes 1 to 6
 * and box 12 code D (box 1 is the gross less deductions before tax, a traditional 401(k)'s elective
 * deferrals: they are not federal income tax wages; boxes 3 and 5 keep them, as Social Security and
 * Medicare wages do, box 3 up to the year's wage base; box 12 code D reports the year's elective
 * deferrals to a 401(k): General Instructions for Forms W-2 and W-3, boxes 1, 3, 5 and box 12 code D).
 * A US deduction before tax is a traditional 401(k) deferral throughout the pack (engine.ts), so
 * box 12 D is their total (0.00 when there were none: every employee has the same columns in the CSV;
 * the form itself reports code D only when there is an amount).
 * The P60's pay is taxable pay: after a pension under a net pay arrangement.
 * Another country: gross and each of its rules' totals. The figures for
 * filing, not the authorities' forms, and nothing is submitted.
 */

type Totals = { name: string; gross: Money; byCode: Map<string, { label: string; total: Money }>; byKind: Map<string, Money> };

async function totalsOf(tx: Tx, entityId: string, taxYear: string): Promise<Map<string, Totals>> {
  const rows = await tx
    .select({ employeeId: hrmsPayRunLines.employeeId, name: hrmsPayRunLines.employeeName, grossMinor: hrmsPayRunLines.grossMinor, items: hrmsPayRunLines.items })
    .from(hrmsPayRunLines)
    .innerJoin(hrmsPayRuns, eq(hrmsPayRuns.id, hrmsPayRunLines.runId))
    .where(and(eq(hrmsPayRuns.entityId, entityId), eq(hrmsPayRuns.taxYear, taxYear), inArray(hrmsPayRuns.status, ['approved', 'paid'])))
    .orderBy(hrmsPayRunLines.employeeName, hrmsPayRunLines.employeeId);
  const totals = new Map<string, Totals>();
  for (const row of rows) {
    const t = totals.get(row.employeeId) ?? { name: row.name, gross: ZERO, byCode: new Map(), byKind: new Map() };
    t.gross = t.gross.plus(money(row.grossMinor.toString()).dividedBy(100));
    for (const item of row.items) {
      const value = money(item.minor).dividedBy(100);
      // Pay components share their kind's code: each is a figure of its own by its name.
      const key = `${item.code}\u0000${item.label ?? ''}`;
      const entry = t.byCode.get(key) ?? { label: payLineLabel(item), total: ZERO };
      t.byCode.set(key, { ...entry, total: entry.total.plus(value) });
      t.byKind.set(item.code, (t.byKind.get(item.code) ?? ZERO).plus(value));
    }
    totals.set(row.employeeId, t);
  }
  return totals;
}

/** Box 12's code D, as the W-2 instructions name it. */
export const W2_BOX_12_D = 'Box 12 code D 401(k) elective deferrals';

const code = (t: Totals, ...codes: string[]) => codes.reduce((sum, c) => sum.plus(t.byKind.get(c) ?? ZERO), ZERO);

function figuresOf(country: string, taxYear: string, t: Totals): YearEnd['items'][number]['figures'] {
  const f = (label: string, value: Money) => ({ label, amount: amount(value) });
  if (country === 'GB')
    return [f('Pay in this employment', t.gross.minus(code(t, 'deduction_pre_tax'))), f('Tax deducted in this employment', code(t, 'income_tax')), f('Employee National Insurance contributions', code(t, 'employee_ni'))];
  if (country === 'US') {
    const base = US_TAX_YEARS[taxYear as keyof typeof US_TAX_YEARS].socialSecurity.wageBase;
    return [
      f('Box 1 Wages, tips, other compensation', t.gross.minus(code(t, 'deduction_pre_tax'))),
      f('Box 2 Federal income tax withheld', code(t, 'federal_income_tax')),
      f('Box 3 Social security wages', min(t.gross, base)),
      f('Box 4 Social security tax withheld', code(t, 'social_security')),
      f('Box 5 Medicare wages and tips', t.gross),
      f('Box 6 Medicare tax withheld', code(t, 'medicare', 'additional_medicare')),
      f(W2_BOX_12_D, code(t, 'deduction_pre_tax')),
    ];
  }
  return [f('Gross pay', t.gross), ...[...t.byCode.values()].map((e) => f(e.label, e.total))];
}

export async function readYearEnd(tx: Tx, entityId: string, taxYear: string): Promise<YearEnd> {
  const settings = await requireSettings(tx, entityId);
  const notCovered = taxYearCovered(settings.country, taxYear);
  if (notCovered) throw badRequest(PAY_RUN_MESSAGES.taxYearNotCovered(notCovered));
  const totals = await totalsOf(tx, entityId, taxYear);
  return {
    entityId,
    country: settings.country,
    currency: settings.currency,
    taxYear,
    form: settings.country === 'GB' ? 'P60' : settings.country === 'US' ? 'W-2' : 'Year-end summary',
    items: [...totals].map(([employeeId, t]) => ({ employeeId, employeeName: t.name, figures: figuresOf(settings.country, taxYear, t) })),
  };
}

export const yearEnd = (db: Db, user: SessionUser, query: { entityId: string; taxYear: string }) =>
  hrms.scope(db, user, 'app_admin', (tx) => readYearEnd(tx, query.entityId, query.taxYear), query.entityId);

/** The year's figures as CSV rows: an employee per row, a column per figure. */
export async function yearEndCsv(db: Db, user: SessionUser, query: { entityId: string; taxYear: string }) {
  const figures = await yearEnd(db, user, query);
  const labels = figures.items[0]?.figures.map((f) => f.label) ?? [];
  return {
    fileName: `${figures.form.replace(/\W+/g, '-').toLowerCase()}-${query.taxYear}.csv`,
    header: ['Employee', 'Tax Year', 'Currency', ...labels],
    rows: figures.items.map((i) => [i.employeeName, query.taxYear, figures.currency, ...i.figures.map((f) => f.amount)]),
  };
}

/** One employee's year-end figures as a PDF. */
export function yearEndPdf(db: Db, user: SessionUser, employeeId: string, query: { entityId: string; taxYear: string }) {
  return hrms.scope(
    db,
    user,
    'app_admin',
    async (tx) => {
      const figures = await readYearEnd(tx, query.entityId, query.taxYear);
      const mine = figures.items.find((i) => i.employeeId === employeeId);
      if (!mine) throw notFound(PAY_RUN_MESSAGES.yearEndNotFound);
      const title = figures.form === 'W-2' ? 'Form W-2 figures, boxes 1 to 6 and 12' : figures.form === 'P60' ? 'P60 End of Year Certificate figures' : 'Year-end summary';
      const { doc, sheet } = await Sheet.create(`${title} ${mine.employeeName} ${query.taxYear}`);
      sheet.text(title, { size: 18, bold: true });
      sheet.text(`Employee: ${mine.employeeName}    Tax year ${query.taxYear}`);
      sheet.text('The figures for the official form, from approved and paid pay runs; not the form itself.', { size: 9, grey: true });
      sheet.heading('Figures');
      for (const f of mine.figures) sheet.row(f.label, formatMoney(f.amount, figures.currency));
      return { fileName: `${figures.form.replace(/\W+/g, '-').toLowerCase()}-${query.taxYear}-${mine.employeeName}.pdf`, bytes: await doc.save() };
    },
    query.entityId,
  );
}
