import { PERIODS_PER_YEAR, type CustomComponent, type PayFrequency } from '@/shared/payroll';
import { above, min, money, roundHalfUp, sum, type Money, type PayLine } from '../money';

/**
 * Any other country: rules an administrator configured, not an authority's. They are an input of
 * the engine (the pay run will read them from the entity's settings), and every line they produce
 * carries a label that says so, down to the payslip.
 *
 * - A flat rate: the rate × the period's gross pay.
 * - Brackets: annual amounts, applied the way the US percentage method applies its tables: the
 *   period's pay × the periods in a year, each bracket's rate on the part of that annual pay
 *   between its `from` and the next bracket's, ÷ the periods again.
 * Each amount is rounded to the nearest cent (half up), the rounding most countries' rules use
 * when an administrator has not said otherwise.
 */
export interface CustomInput {
  frequency: PayFrequency;
  gross: Money;
  rules: { label: string; components: CustomComponent[] };
}

/** Tax on annual pay by brackets that start at 0 and rise (the request schema checks both). */
function byBrackets(annual: Money, brackets: NonNullable<CustomComponent['brackets']>): Money {
  return sum(
    brackets.map((bracket, i) => {
      const next = brackets[i + 1];
      const upper = next ? min(annual, money(next.from)) : annual;
      return above(upper, money(bracket.from)).times(bracket.rate);
    }),
  );
}

export function calculateCustom(input: CustomInput): PayLine[] {
  const periods = PERIODS_PER_YEAR[input.frequency];
  return input.rules.components.map((component) => {
    const amount = component.brackets
      ? byBrackets(input.gross.times(periods), component.brackets).dividedBy(periods)
      : input.gross.times(component.rate ?? 0);
    return {
      code: component.code,
      amount: roundHalfUp(amount),
      employer: component.kind === 'employer',
      label: `${component.label} · ${input.rules.label} (administrator-configured)`,
    };
  });
}
