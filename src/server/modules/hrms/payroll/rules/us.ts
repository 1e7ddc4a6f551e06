import { PERIODS_PER_YEAR, type PayFrequency, type UsFilingStatus, type UsTaxYear } from '@/shared/payroll';
import { above, max, min, money, roundHalfUp, ZERO, type Money, type PayLine } from '../money';

/**
 * United States, federal: income tax withholding by IRS Publication 15-T (2025), Worksheet 1A
 * "Employer's Withholding Worksheet for Percentage Method Tables for Automated Payroll Systems",
 * for a 2020-or-later Form W-4; Social Security and Medicare (FICA) with the employer's shares.
 * State and local taxes are not part of this pack.
 *
 * Rounding: the worksheet's per-period amounts (line 2h, the tentative withholding, and line 3b,
 * the Step 3 credit per period) and each FICA tax are rounded to the nearest cent, half a cent up;
 * annual figures keep their full precision until then.
 */

/** A row of an annual percentage method table: wages of at least `from` → `base` plus `rate` of the excess over `from`. */
interface Row {
  from: Money;
  base: Money;
  rate: Money;
}

interface UsYear {
  /** Worksheet 1A line 1g: taken off annual wages when the Step 2 box is not checked. */
  line1g: Record<UsFilingStatus, Money>;
  /** The annual tables: STANDARD (Step 2 unchecked) and the Form W-4 Step 2 checkbox tables. */
  standard: Record<UsFilingStatus, Row[]>;
  step2: Record<UsFilingStatus, Row[]>;
  socialSecurity: { rate: Money; wageBase: Money };
  medicare: { rate: Money; additionalRate: Money; additionalOver: Money };
}

const rows = (...table: [number, number | string, string][]): Row[] => table.map(([from, base, rate]) => ({ from: money(from), base: money(base), rate: money(rate) }));

/**
 * Tables as data, by tax year. 2025: Publication 15-T (2025), section 1, "2025 Percentage Method
 * Tables for Automated Payroll Systems and Withholding on Periodic Payments of Pensions and
 * Annuities" (columns A, C and D; B is the next row's A). Social Security 6.2% to the 2025 wage
 * base of $176,100 (SSA); Medicare 1.45%, and 0.9% Additional Medicare withheld on wages over
 * $200,000 in the calendar year (Publication 15 (2025), section 9).
 */
export const US_TAX_YEARS: Record<UsTaxYear, UsYear> = {
  '2025': {
    line1g: { married_jointly: money(12_900), single: money(8_600), head_of_household: money(8_600) },
    standard: {
      married_jointly: rows(
        [0, 0, '0'],
        [17_100, 0, '0.10'],
        [40_950, '2385.00', '0.12'],
        [114_050, '11157.00', '0.22'],
        [223_800, '35302.00', '0.24'],
        [411_700, '80398.00', '0.32'],
        [518_150, '114462.00', '0.35'],
        [768_700, '202154.50', '0.37'],
      ),
      single: rows(
        [0, 0, '0'],
        [6_400, 0, '0.10'],
        [18_325, '1192.50', '0.12'],
        [54_875, '5578.50', '0.22'],
        [109_750, '17651.00', '0.24'],
        [203_700, '40199.00', '0.32'],
        [256_925, '57231.00', '0.35'],
        [632_750, '188769.75', '0.37'],
      ),
      head_of_household: rows(
        [0, 0, '0'],
        [13_900, 0, '0.10'],
        [30_900, '1700.00', '0.12'],
        [78_750, '7442.00', '0.22'],
        [117_250, '15912.00', '0.24'],
        [211_200, '38460.00', '0.32'],
        [264_400, '55484.00', '0.35'],
        [640_250, '187031.50', '0.37'],
      ),
    },
    step2: {
      married_jointly: rows(
        [0, 0, '0'],
        [15_000, 0, '0.10'],
        [26_925, '1192.50', '0.12'],
        [63_475, '5578.50', '0.22'],
        [118_350, '17651.00', '0.24'],
        [212_300, '40199.00', '0.32'],
        [265_525, '57231.00', '0.35'],
        [390_800, '101077.25', '0.37'],
      ),
      single: rows(
        [0, 0, '0'],
        [7_500, 0, '0.10'],
        [13_463, '596.25', '0.12'],
        [31_738, '2789.25', '0.22'],
        [59_175, '8825.50', '0.24'],
        [106_150, '20099.50', '0.32'],
        [132_763, '28615.50', '0.35'],
        [320_675, '94384.88', '0.37'],
      ),
      head_of_household: rows(
        [0, 0, '0'],
        [11_250, 0, '0.10'],
        [19_750, '850.00', '0.12'],
        [43_675, '3721.00', '0.22'],
        [62_925, '7956.00', '0.24'],
        [109_900, '19230.00', '0.32'],
        [136_500, '27742.00', '0.35'],
        [324_425, '93515.75', '0.37'],
      ),
    },
    socialSecurity: { rate: money('0.062'), wageBase: money(176_100) },
    medicare: { rate: money('0.0145'), additionalRate: money('0.009'), additionalOver: money(200_000) },
  },
};

/** The Form W-4 entries: Step 3 and 4(a)(b) are annual amounts, 4(c) is extra withholding per period. */
export interface W4 {
  filingStatus: UsFilingStatus;
  step2: boolean;
  step3: Money;
  step4a: Money;
  step4b: Money;
  step4c: Money;
}

export interface UsInput {
  taxYear: UsTaxYear;
  frequency: PayFrequency;
  gross: Money;
  w4: W4;
  /** Wages before this period in the calendar year that were subject to each tax. */
  ytd: { socialSecurityWages: Money; medicareWages: Money };
  /** Earlier payments of this same payroll period: their federal income tax wages and the tax withheld from them. */
  samePeriod?: { taxable: Money; tax: Money };
}

/** Worksheet 1A, Steps 1 to 4, line by line: the federal income tax to withhold this period. */
export function federalIncomeTax(input: UsInput): Money {
  const year = US_TAX_YEARS[input.taxYear];
  const { w4 } = input;
  const periods = PERIODS_PER_YEAR[input.frequency]; // 1b
  const annual = input.gross.times(periods); // 1c
  const withOtherIncome = annual.plus(w4.step4a); // 1e
  const line1g = w4.step2 ? ZERO : year.line1g[w4.filingStatus];
  const adjusted = above(withOtherIncome, w4.step4b.plus(line1g)); // 1h, 1i (zero or less: 0)
  const table = (w4.step2 ? year.step2 : year.standard)[w4.filingStatus];
  const row = table.findLast((r) => adjusted.greaterThanOrEqualTo(r.from))!; // 2a–2d
  const tentativeAnnual = row.base.plus(adjusted.minus(row.from).times(row.rate)); // 2e–2g
  const tentative = roundHalfUp(tentativeAnnual.dividedBy(periods)); // 2h
  const credit = roundHalfUp(w4.step3.dividedBy(periods)); // 3a, 3b
  return max(tentative.minus(credit), ZERO).plus(w4.step4c); // 3c, 4a, 4b
}

/** Social Security to the wage base, Medicare, and Additional Medicare on this period's wages past the threshold. */
export function fica(input: Pick<UsInput, 'taxYear' | 'gross' | 'ytd'>) {
  const { socialSecurity, medicare } = US_TAX_YEARS[input.taxYear];
  const socialSecurityWages = min(input.gross, above(socialSecurity.wageBase, input.ytd.socialSecurityWages));
  const overThreshold = above(input.ytd.medicareWages.plus(input.gross), medicare.additionalOver).minus(above(input.ytd.medicareWages, medicare.additionalOver));
  return {
    socialSecurity: roundHalfUp(socialSecurityWages.times(socialSecurity.rate)),
    medicare: roundHalfUp(input.gross.times(medicare.rate)),
    additionalMedicare: roundHalfUp(overThreshold.times(medicare.additionalRate)),
  };
}

/**
 * Federal income tax on a payment made in a payroll period that already had one (an off-cycle run:
 * supplemental wages paid separately from the regular wages), by the aggregate procedure of
 * Publication 15 (2025), section 7 "Supplemental wages" (Treas. Reg. 31.3402(g)-1): the
 * withholding on the period's wages as a single payment, less the tax withheld from the earlier
 * payments, never below zero. Without an earlier payment: Worksheet 1A on this payment.
 */
export function periodFederalIncomeTax(input: UsInput): Money {
  const earlier = input.samePeriod;
  if (!earlier) return federalIncomeTax(input);
  return max(federalIncomeTax({ ...input, gross: earlier.taxable.plus(input.gross) }).minus(earlier.tax), ZERO);
}

/**
 * The US lines, in the order of the example; the employer pays the same Social Security and
 * Medicare, no Additional Medicare. `gross` is the wages subject to federal income tax withholding;
 * `ficaWages` the Social Security and Medicare wages when they differ: an employee's elective
 * deferral to a traditional 401(k) is exempt from federal income tax withholding but subject to
 * Social Security and Medicare (IRS Publication 15 (2025), section 15 "Special Rules for Various
 * Types of Services and Payments", Deferred compensation plans: elective deferrals; Publication
 * 15-T Worksheet 1A line 1a then takes the wages after the deferral). Absent: `gross`.
 */
export function calculateUs(input: UsInput & { ficaWages?: Money }): PayLine[] {
  const taxes = fica({ ...input, gross: input.ficaWages ?? input.gross });
  return [
    { code: 'federal_income_tax', amount: periodFederalIncomeTax(input) },
    { code: 'social_security', amount: taxes.socialSecurity },
    { code: 'medicare', amount: taxes.medicare },
    { code: 'additional_medicare', amount: taxes.additionalMedicare },
    { code: 'employer_social_security', amount: taxes.socialSecurity, employer: true },
    { code: 'employer_medicare', amount: taxes.medicare, employer: true },
  ];
}
