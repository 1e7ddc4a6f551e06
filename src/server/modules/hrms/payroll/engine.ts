import type { GbTaxYear, PayrollPreview, PayrollPreviewInput, UsTaxYear } from '@/shared/payroll';
import { amount, money, sum, type Money, type PayLine } from './money';
import { calculateCustom } from './rules/custom';
import { calculateGb } from './rules/gb';
import { calculateUs } from './rules/us';

/**
 * The payroll engine: one employee, one pay period. A pure function of its input (the period's
 * gross, the employee's tax details, the year-to-date figures before the period) that answers the
 * period's lines and net pay; it reads and stores nothing, so the preview, a pay run and a test
 * get the same answer for the same case. The country picks the rule pack (rules/*.ts): GB and US
 * are the authorities' rules for their tax years, any other country the administrator's own.
 *
 * Net pay is gross less every line that is not an employer cost (a refund of tax adds to it).
 */
export function calculate(input: PayrollPreviewInput): PayrollPreview {
  const gross = money(input.gross);
  const lines = linesOf(input, gross);
  const deducted = sum(lines.filter((line) => !line.employer).map((line) => line.amount));
  return {
    lines: lines.map(({ code, amount: value, label }) => (label === undefined ? { code, amount: amount(value) } : { code, amount: amount(value), label })),
    net: amount(gross.minus(deducted)),
  };
}

/** The request schema has checked that the country's section is there and its tax year is covered. */
function linesOf(input: PayrollPreviewInput, gross: Money): PayLine[] {
  const ytd = (field: keyof NonNullable<PayrollPreviewInput['ytd']>) => money(input.ytd?.[field] ?? 0);
  if (input.country === 'GB') {
    const uk = required(input.uk);
    if (input.frequency === 'semimonthly') throw new Error('UK PAYE has no semi-monthly tables (refused by the request schema)');
    return calculateGb({
      taxYear: input.taxYear as GbTaxYear,
      frequency: input.frequency,
      period: input.period,
      gross,
      taxCode: uk.taxCode,
      basis: uk.basis,
      ytd: { gross: ytd('gross'), tax: ytd('tax') },
    });
  }
  if (input.country === 'US') {
    const w4 = required(input.us);
    return calculateUs({
      taxYear: input.taxYear as UsTaxYear,
      frequency: input.frequency,
      gross,
      w4: { ...w4, step3: money(w4.step3), step4a: money(w4.step4a), step4b: money(w4.step4b), step4c: money(w4.step4c) },
      ytd: { socialSecurityWages: ytd('socialSecurityWages'), medicareWages: ytd('medicareWages') },
    });
  }
  return calculateCustom({ frequency: input.frequency, gross, rules: required(input.custom) });
}

function required<T>(section: T | undefined): T {
  if (section === undefined) throw new Error('The request schema requires the country’s section');
  return section;
}
