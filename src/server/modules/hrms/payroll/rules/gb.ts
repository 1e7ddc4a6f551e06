import type { GbTaxYear, PayFrequency } from '@/shared/payroll';
import { above, ceilPenny, floorPenny, floorPound, max, min, money, roundHalfDown, sum, ZERO, type Money, type PayLine } from '../money';

/**
 * United Kingdom: PAYE income tax (England and Northern Ireland rates) and Class 1 National
 * Insurance category A, for one employee and one pay period.
 *
 * Income tax follows HMRC's "Specification for PAYE Tax Table Routines" (the method of the PAYE
 * tax tables, Tables A pay adjustments and Tables B to D):
 * - free pay (or, for a K code, additional pay) to date comes from the code's number: the
 *   number × 10 + 9 is the year's allowance, divided by 52 or 12 and rounded UP to the penny (the
 *   Tables A figure for a week or month) and multiplied by the week or month number. A number over
 *   500 is split: each whole 500 is £5,000 a year (£96.16 a week, £416.67 a month, again rounded
 *   up), the remainder (500 when it divides exactly) as above. HMRC's own test data reproduces
 *   this: 510L week 8 → 786.08, 560T month 3 → 1,402.26, K255 month 5 → 1,066.25 (gb.test.ts);
 * - taxable pay to date (pay to date less free pay, or plus additional pay) is rounded DOWN to the
 *   pound; the band limits to date are the year's limits × the period number ÷ 52 or 12, not
 *   rounded; tax due to date is rounded DOWN to the penny; this period's tax is tax due to date
 *   less tax paid to date, a refund when negative (cumulative basis). On the week 1 / month 1
 *   basis every period is the first: nothing to date counts, so there is never a refund;
 * - BR, D0 and D1 tax all taxable pay (rounded down to the pound) at the basic, higher and
 *   additional rate; NT deducts nothing and refunds nothing; 0T has no free pay;
 * - a K code's deduction never exceeds the overriding limit of the Income Tax (PAYE) Regulations
 *   2003 (the spec's "regulatory limit"): 50% of the period's pay, rounded down to the penny; what
 *   it holds back is collected by the cumulative basis later;
 * - two-weekly pay counts in weeks, as the spec does for pay at other than weekly or monthly
 *   intervals: period n is week 2n, and on the week 1 basis the week 1 figures × 2. Semi-monthly
 *   pay has no PAYE tables and is refused by the request schema.
 *
 * A second payment in a period already paid (`samePeriod`: an off-cycle run after the regular run)
 * is added to the earlier ones, as HMRC says of extra payments in the same earnings period (HMRC
 * "Extra payments on a day other than the usual payday": add the normal and extra payments together
 * and work out the NICs, and the tax, on the total; NIM08600: a one-off payment is part of the
 * earnings of the period it is paid in; NIM08510: the total NICs are "the same as if the two
 * payments had been added together"). NICs on this payment: those on the period's total less those
 * already worked out. PAYE on the cumulative basis needs nothing more (the earlier payment is in
 * pay and tax to date, at the same period number); on the week 1 / month 1 basis the period's
 * earlier pay and tax are its "to date".
 *
 * National Insurance uses the exact percentage method on the period's pay (not cumulative): 8%
 * between the primary threshold and the upper earnings limit, 2% above it, employer 15% above the
 * secondary threshold, each rounded to the nearest penny with a halfpenny or less disregarded
 * (SSCR 2001 reg. 12(1), HMRC NIM11002). Thresholds are HMRC's published weekly and monthly
 * figures, not a division of the annual ones; two-weekly are the weekly × 2.
 */

type UkFrequency = Exclude<PayFrequency, 'semimonthly'>;
type Unit = 'week' | 'month';

interface NiThresholds {
  /** Primary threshold: employee NI starts above it. */
  primary: Money;
  /** Upper earnings limit: employee NI falls to the upper rate above it. */
  upper: Money;
  /** Secondary threshold: employer NI starts above it. */
  secondary: Money;
}

interface GbYear {
  /** Bands of taxable pay for a year, from the bottom: basic, higher, additional (its upper limit: none). */
  bands: { upTo: Money | null; rate: Money }[];
  ni: { thresholds: Record<Unit, NiThresholds>; employeeMain: Money; employeeUpper: Money; employer: Money };
}

const nt = (primary: number, upper: number, secondary: number): NiThresholds => ({ primary: money(primary), upper: money(upper), secondary: money(secondary) });

/**
 * Tables as data, by tax year. 2025-26: HMRC "Rates and thresholds for employers 2025 to 2026":
 * basic rate 20% on the first £37,700 of taxable pay, higher 40% to £125,140, additional 45%
 * above; NI category A: PT £242 a week / £1,048 a month, UEL £967 / £4,189, ST £96 / £417,
 * employee 8% and 2%, employer 15%.
 */
export const GB_TAX_YEARS: Record<GbTaxYear, GbYear> = {
  '2025-26': {
    bands: [
      { upTo: money(37_700), rate: money('0.20') },
      { upTo: money(125_140), rate: money('0.40') },
      { upTo: null, rate: money('0.45') },
    ],
    ni: {
      thresholds: { week: nt(242, 967, 96), month: nt(1048, 4189, 417) },
      employeeMain: money('0.08'),
      employeeUpper: money('0.02'),
      employer: money('0.15'),
    },
  },
};

/** A pay frequency in HMRC's units: the week or month number advances by `length` each period. */
const UNITS: Record<UkFrequency, { unit: Unit; length: number }> = {
  weekly: { unit: 'week', length: 1 },
  biweekly: { unit: 'week', length: 2 },
  monthly: { unit: 'month', length: 1 },
};
const PER_YEAR: Record<Unit, number> = { week: 52, month: 12 };

/** A tax code as the tables read it. */
export type TaxCode =
  | { kind: 'allowance'; number: number }
  | { kind: 'k'; number: number }
  /** BR, D0, D1: every pound at the rate of band 0, 1 or 2. */
  | { kind: 'flat'; band: 0 | 1 | 2 }
  | { kind: 'nt' };

/** Reads a code the request schema accepted (UK_TAX_CODE in shared/payroll.ts). */
export function parseTaxCode(code: string): TaxCode {
  if (code === 'NT') return { kind: 'nt' };
  if (code === 'BR') return { kind: 'flat', band: 0 };
  if (code === 'D0') return { kind: 'flat', band: 1 };
  if (code === 'D1') return { kind: 'flat', band: 2 };
  if (code.startsWith('K')) return { kind: 'k', number: Number(code.slice(1)) };
  return { kind: 'allowance', number: Number(code.slice(0, -1)) };
}

/**
 * The Tables A pay adjustment to date: free pay for a suffix code, additional pay for a K code,
 * at week or month `units` (the period number in weeks or months).
 */
export function payAdjustmentToDate(codeNumber: number, unit: Unit, units: number): Money {
  if (codeNumber === 0) return ZERO; // 0T: no allowance at all
  const perYear = PER_YEAR[unit];
  let blocks = Math.floor(codeNumber / 500);
  let remainder = codeNumber % 500;
  if (remainder === 0) {
    blocks -= 1;
    remainder = 500;
  }
  const remainderPerPeriod = ceilPenny(money(remainder * 10 + 9).dividedBy(perYear));
  const blockPerPeriod = ceilPenny(money(5000).dividedBy(perYear));
  return remainderPerPeriod.plus(blockPerPeriod.times(blocks)).times(units);
}

/**
 * Tax due on taxable pay to date (whole pounds) under the year's bands apportioned to `units`
 * of `perYear`, rounded down to the penny. Exported for HMRC's test data of other years.
 */
export function taxDueToDate(taxable: Money, bands: GbYear['bands'], units: number, perYear: number): Money {
  let due = ZERO;
  let floor = ZERO;
  for (const band of bands) {
    const limit = band.upTo ? band.upTo.times(units).dividedBy(perYear) : null;
    const inBand = above(limit ? min(taxable, limit) : taxable, floor);
    due = due.plus(inBand.times(band.rate));
    if (!limit || taxable.lessThanOrEqualTo(limit)) break;
    floor = limit;
  }
  return floorPenny(due);
}

export interface GbInput {
  taxYear: GbTaxYear;
  frequency: UkFrequency;
  period: number;
  gross: Money;
  taxCode: string;
  basis: 'cumulative' | 'week1month1';
  /** Before this period, in this employment and tax year: taxable pay and tax deducted (cumulative basis only). */
  ytd: { gross: Money; tax: Money };
  /** Earlier payments of this same period: taxable pay and tax (read on the week 1 / month 1 basis), NI-able pay and the NICs worked out on it. */
  samePeriod?: { gross: Money; taxable: Money; tax: Money; employeeNi: Money; employerNi: Money };
}

/** This period's PAYE income tax (negative: a refund). */
export function incomeTax(input: GbInput): Money {
  const year = GB_TAX_YEARS[input.taxYear];
  const { unit, length } = UNITS[input.frequency];
  const code = parseTaxCode(input.taxCode);
  if (code.kind === 'nt') return ZERO;
  const cumulative = input.basis === 'cumulative';
  const units = cumulative ? input.period * length : length;
  const payToDate = (cumulative ? input.ytd.gross : (input.samePeriod?.taxable ?? ZERO)).plus(input.gross);
  const paidToDate = cumulative ? input.ytd.tax : (input.samePeriod?.tax ?? ZERO);

  let due: Money;
  if (code.kind === 'flat') {
    due = floorPenny(floorPound(payToDate).times(year.bands[code.band]!.rate));
  } else {
    const adjustment = payAdjustmentToDate(code.number, unit, units);
    const taxable = floorPound(code.kind === 'k' ? payToDate.plus(adjustment) : max(payToDate.minus(adjustment), ZERO));
    due = taxDueToDate(taxable, year.bands, units, PER_YEAR[unit]);
  }
  const tax = due.minus(paidToDate);
  return code.kind === 'k' ? min(tax, floorPenny(input.gross.times('0.5'))) : tax;
}

/** Employee and employer Class 1 NICs, category A, on the period's pay. */
export function nationalInsurance(input: Pick<GbInput, 'taxYear' | 'frequency' | 'gross'>): { employee: Money; employer: Money } {
  const { ni } = GB_TAX_YEARS[input.taxYear];
  const { unit, length } = UNITS[input.frequency];
  const thresholds = ni.thresholds[unit];
  const scaled = (threshold: Money) => threshold.times(length);
  const main = above(min(input.gross, scaled(thresholds.upper)), scaled(thresholds.primary)).times(ni.employeeMain);
  const top = above(input.gross, scaled(thresholds.upper)).times(ni.employeeUpper);
  const employer = above(input.gross, scaled(thresholds.secondary)).times(ni.employer);
  return { employee: roundHalfDown(sum([main, top])), employer: roundHalfDown(employer) };
}

/**
 * This payment's NICs: on the period's earnings as one (the earlier payments' NI-able pay and this
 * one) less the NICs already worked out on the earlier payments, never below zero.
 */
export function periodNi(input: Pick<GbInput, 'taxYear' | 'frequency' | 'samePeriod'>, niPay: Money): { employee: Money; employer: Money } {
  const earlier = input.samePeriod;
  if (!earlier) return nationalInsurance({ ...input, gross: niPay });
  const total = nationalInsurance({ ...input, gross: earlier.gross.plus(niPay) });
  return { employee: max(total.employee.minus(earlier.employeeNi), ZERO), employer: max(total.employer.minus(earlier.employerNi), ZERO) };
}

/**
 * The UK lines, in the order of the example: income tax, employee NI, employer NI.
 * `gross` (and `ytd.gross`) is PAYE taxable pay; `niPay` the pay NI is due on when it differs: a
 * pension under a net pay arrangement is taken off pay before PAYE, not before NI (HMRC: "Pension
 * schemes: net pay arrangement", PTM044220; NIM01010: employee pension contributions are not
 * deducted from earnings for Class 1 NICs). Absent: NI on `gross`.
 */
export function calculateGb(input: GbInput & { niPay?: Money }): PayLine[] {
  const ni = periodNi(input, input.niPay ?? input.gross);
  return [
    { code: 'income_tax', amount: incomeTax(input) },
    { code: 'employee_ni', amount: ni.employee },
    { code: 'employer_ni', amount: ni.employer, employer: true },
  ];
}
