import type { GbTaxYear, PayrollPreview, PayrollPreviewInput, UsTaxYear } from '@/shared/payroll';
import { amount, max, money, roundHalfUp, sum, ZERO, type Money, type PayLine } from './money';
import { calculateCustom } from './rules/custom';
import { calculateGb } from './rules/gb';
import { calculateUs } from './rules/us';

/**
 * The payroll engine: one employee, one pay period. A pure function of its input (the period's
 * gross, the employee's tax details, the year-to-date figures before the period, the pay
 * components) that answers the period's lines and net pay; it reads and stores nothing, so the
 * preview, a pay run and a test get the same answer for the same case. The country picks the rule
 * pack (rules/*.ts): GB and US are the authorities' rules for their tax years, any other country
 * the administrator's own.
 *
 * Pay components (issue 35): `gross` already holds every earning (salary or hourly pay, overtime,
 * bonus, others). A percent component is that percent of `gross`, to the nearest cent (half up).
 * Deductions before tax lower the pay income tax is figured on, as each authority says:
 * - GB: a pension under a net pay arrangement lowers PAYE taxable pay (and its year to date), not
 *   the pay Class 1 NICs are due on (HMRC PTM044220, NIM01010);
 * - US: a traditional 401(k) deferral lowers federal income tax wages, not Social Security or
 *   Medicare wages (IRS Publication 15, section 15; Publication 15-T Worksheet 1A);
 * - custom rules: the administrator's rules apply to the pay after them.
 * Deductions after tax lower net pay only; employer contributions are employer costs, not in net.
 * For GB, `ytd.gross` is taxable pay to date (after such deductions).
 *
 * Net pay is gross less every line that is not an employer cost (a refund of tax adds to it).
 *
 * A second payment in the same pay period (an off-cycle run after the regular one, or the regular
 * run after an off-cycle one) is added to what was paid before in that period (`samePeriod`):
 * - GB: Class 1 NICs are due on the period's total earnings; this payment's NICs are those on the
 *   total less those already worked out on the earlier payments (HMRC "Extra payments on a day other
 *   than the usual payday"; NIM08600, NIM08510). PAYE on the cumulative basis already counts the
 *   earlier payment in pay and tax to date at the same period number; on the week 1 / month 1 basis
 *   the period's pay and tax so far stand in for them, so the period's free pay is given once;
 * - US: federal income tax by the aggregate procedure (Publication 15 (2025), section 7,
 *   "Supplemental wages"; Treas. Reg. 31.3402(g)-1): withholding on the period's wages as one
 *   payment less what the earlier payments withheld. Social Security and Medicare follow the year's
 *   wages to date already;
 * - custom rules: not aggregated (the administrator's rules say nothing of it).
 */
export function calculate(input: EngineInput): PayrollPreview {
  const { net, lines } = calculateLines(input);
  return {
    lines: lines.map(({ code, amount: value, label }) => (label === undefined ? { code, amount: amount(value) } : { code, amount: amount(value), label })),
    net: amount(net),
  };
}

/**
 * What earlier payments of the same pay period (approved or paid runs of the schedule's period)
 * came to: gross pay (NI-able pay, FICA wages), the pay income tax was figured on, income tax and
 * (GB) employee and employer NICs. A run passes it; the preview has no earlier payments.
 */
export interface SamePeriod {
  gross: Money;
  taxable: Money;
  tax: Money;
  employeeNi: Money;
  employerNi: Money;
}

export type EngineInput = PayrollPreviewInput & { samePeriod?: SamePeriod };

/** As `calculate`, with decimals and each line's employer flag, and the pay income tax was figured on. */
export function calculateLines(input: EngineInput): { lines: PayLine[]; net: Money; taxable: Money } {
  const gross = money(input.gross);
  const components = (input.components ?? []).map((c) => ({
    kind: c.kind,
    line: {
      code: c.kind,
      amount: c.amount !== undefined ? money(c.amount) : roundHalfUp(gross.times(c.percent!).dividedBy(100)),
      label: c.name,
      ...(c.kind === 'employer_contribution' ? { employer: true } : {}),
    } satisfies PayLine,
  }));
  const of = (kind: string) => components.filter((c) => c.kind === kind).map((c) => c.line);
  const preTax = of('deduction_pre_tax');
  const taxable = max(gross.minus(sum(preTax.map((l) => l.amount))), ZERO);
  const lines = [...preTax, ...taxLines(input, gross, taxable), ...of('deduction_post_tax'), ...of('employer_contribution')];
  const deducted = sum(lines.filter((line) => !line.employer).map((line) => line.amount));
  return { lines, net: gross.minus(deducted), taxable };
}

/** The request schema has checked that the country's section is there and its tax year is covered. */
function taxLines(input: EngineInput, gross: Money, taxable: Money): PayLine[] {
  const ytd = (field: keyof NonNullable<PayrollPreviewInput['ytd']>) => money(input.ytd?.[field] ?? 0);
  if (input.country === 'GB') {
    const uk = required(input.uk);
    if (input.frequency === 'semimonthly') throw new Error('UK PAYE has no semi-monthly tables (refused by the request schema)');
    return calculateGb({
      taxYear: input.taxYear as GbTaxYear,
      frequency: input.frequency,
      period: input.period,
      gross: taxable,
      niPay: gross,
      taxCode: uk.taxCode,
      basis: uk.basis,
      ytd: { gross: ytd('gross'), tax: ytd('tax') },
      ...(input.samePeriod ? { samePeriod: input.samePeriod } : {}),
    });
  }
  if (input.country === 'US') {
    const w4 = required(input.us);
    return calculateUs({
      taxYear: input.taxYear as UsTaxYear,
      frequency: input.frequency,
      gross: taxable,
      ficaWages: gross,
      w4: { ...w4, step3: money(w4.step3), step4a: money(w4.step4a), step4b: money(w4.step4b), step4c: money(w4.step4c) },
      ytd: { socialSecurityWages: ytd('socialSecurityWages'), medicareWages: ytd('medicareWages') },
      ...(input.samePeriod ? { samePeriod: { taxable: input.samePeriod.taxable, tax: input.samePeriod.tax } } : {}),
    });
  }
  return calculateCustom({ frequency: input.frequency, gross: taxable, rules: required(input.custom) });
}

function required<T>(section: T | undefined): T {
  if (section === undefined) throw new Error('The request schema requires the country’s section');
  return section;
}
