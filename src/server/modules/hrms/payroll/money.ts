import Decimal from 'decimal.js';

/**
 * Money for the payroll engine: decimal.js, never a JS number, so £0.10 is 0.10 and a rate times an
 * amount is exact until a rule says how to round it. Each authority's rounding is named here once
 * and chosen by the rule that applies it (HMRC rounds taxable pay down to the pound and tax down
 * to the penny; National Insurance rounds to the nearest penny with a halfpenny down; the IRS
 * rounds to the nearest cent).
 *
 * A private clone: 40 significant digits leave room for annualised pay times a rate, and no other
 * user of decimal.js in the process can change its settings under us.
 */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

/** An amount the request schema accepted ("3000", "3000.5", "3000.00"), or a whole number of the rules' tables. */
export const money = (value: string | number): Money => new D(value);
export const ZERO = money(0);

/** The amount as the API writes it: two decimal places, no exponent. */
export const amount = (value: Money): string => value.toFixed(2);

export const sum = (values: Money[]): Money => values.reduce((total, value) => total.plus(value), ZERO);
export const max = (a: Money, b: Money): Money => (a.greaterThan(b) ? a : b);
export const min = (a: Money, b: Money): Money => (a.lessThan(b) ? a : b);
/** The part of `value` above `floor`, or zero. */
export const above = (value: Money, floor: Money): Money => max(value.minus(floor), ZERO);

/** Nearest cent, half a cent up: the ordinary rounding the IRS worksheets use. */
export const roundHalfUp = (value: Money): Money => value.toDecimalPlaces(2, D.ROUND_HALF_UP);
/** Nearest penny, a halfpenny or less disregarded: Class 1 NICs (Social Security (Contributions) Regulations 2001, reg. 12(1); HMRC NIM11002). */
export const roundHalfDown = (value: Money): Money => value.toDecimalPlaces(2, D.ROUND_HALF_DOWN);
/** Down to the penny: PAYE tax due to date. */
export const floorPenny = (value: Money): Money => value.toDecimalPlaces(2, D.ROUND_DOWN);
/** Up to the next penny: HMRC's free pay per period (the Tables A figures). */
export const ceilPenny = (value: Money): Money => value.toDecimalPlaces(2, D.ROUND_UP);
/** Down to the whole pound: PAYE taxable pay. */
export const floorPound = (value: Money): Money => value.toDecimalPlaces(0, D.ROUND_FLOOR);

/** A line a rule pack answers: a tax, a contribution or an employer cost (not deducted from pay). */
export interface PayLine {
  code: string;
  amount: Money;
  employer?: boolean;
  /** Rules an administrator configured (rules/custom.ts) say so on each line. */
  label?: string;
}

/**
 * Minor units (pence, cents) as the database keeps them: every currency paid here has two decimal
 * places (GBP, USD, EUR and the custom packs' currencies are treated alike).
 */
export const toMinor = (value: Money | string): bigint => BigInt(money(value.toString()).times(100).toFixed(0));
export const fromMinor = (value: bigint | string): string => amount(money(value.toString()).dividedBy(100));
