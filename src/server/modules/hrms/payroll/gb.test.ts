/**
 * The UK rule pack (rules/gb.ts) against HMRC's method: "Specification for PAYE Tax Table
 * Routines" (Tables A pay adjustments, taxable pay rounded down to the pound, tax due rounded down
 * to the penny), HMRC's payroll test data, and the exact percentage method for Class 1 NICs
 * (SSCR 2001 reg. 12(1), NIM11002). Every expected figure is worked by hand in the comments.
 *
 * Free pay of 1257L, used throughout: 1257 = 2 × 500 + 257.
 *   monthly: 257 → (2,570 + 9) / 12 = 214.9166… → 214.92 (up); 500 → 5,000 / 12 → 416.67 (up) × 2 = 833.34; month: 1,048.26
 *   weekly:  257 → 2,579 / 52 = 49.596… → 49.60;               500 → 5,000 / 52 → 96.16 × 2 = 192.32;     week: 241.92
 */
import { describe, expect, it } from 'vitest';
import { PAYROLL_PREVIEW_EXAMPLES, payrollPreviewInput } from '@/shared/payroll';
import { calculate } from './engine';
import { amount, money } from './money';
import { payAdjustmentToDate, taxDueToDate } from './rules/gb';

type Case = { gross: string; period?: number; taxCode?: string; basis?: 'cumulative' | 'week1month1'; frequency?: string; ytd?: { gross: string; tax: string } };

/** One period through the request schema and the engine, as the preview runs it: its lines by code, and net. */
function gb({ gross, period = 1, taxCode = '1257L', basis = 'cumulative', frequency = 'monthly', ytd = { gross: '0.00', tax: '0.00' } }: Case) {
  const input = payrollPreviewInput.parse({ ...PAYROLL_PREVIEW_EXAMPLES.GB, gross, period, frequency, uk: { taxCode, basis, niCategory: 'A' }, ytd });
  const result = calculate(input);
  const line = Object.fromEntries(result.lines.map((l) => [l.code, l.amount]));
  return { tax: line.income_tax!, employeeNi: line.employee_ni!, employerNi: line.employer_ni!, net: result.net, codes: result.lines.map((l) => l.code) };
}

/** A run of consecutive periods on the cumulative basis: each period's tax, the year to date carried as a pay run would. */
function run(grosses: string[], taxCode = '1257L', frequency = 'monthly') {
  let ytd = { gross: money(0), tax: money(0) };
  return grosses.map((gross, i) => {
    const period = gb({ gross, period: i + 1, taxCode, frequency, ytd: { gross: amount(ytd.gross), tax: amount(ytd.tax) } });
    ytd = { gross: ytd.gross.plus(gross), tax: ytd.tax.plus(period.tax) };
    return period.tax;
  });
}

describe('the issue’s example (issue 35): £3,000 in month 1 on 1257L', () => {
  it('income tax £390.20, employee NI £156.16, employer NI £387.45, net £2,453.64', () => {
    // Taxable pay: 3,000 − 1,048.26 = 1,951.74 → £1,951 (down to the pound). Basic rate band to
    // month 1: 37,700 / 12 = 3,141.67, so all at 20%: 1,951 × 0.20 = 390.20.
    // NI: (3,000 − PT 1,048) × 8% = 1,952 × 0.08 = 156.16; employer (3,000 − ST 417) × 15% = 2,583 × 0.15 = 387.45.
    // Net: 3,000 − 390.20 − 156.16 = 2,453.64 (employer NI is a cost, not a deduction).
    expect(gb({ gross: '3000.00' })).toEqual({ tax: '390.20', employeeNi: '156.16', employerNi: '387.45', net: '2453.64', codes: ['income_tax', 'employee_ni', 'employer_ni'] });
  });
});

describe('HMRC payroll test data (Notes for Payroll Software Developers, Annex B, 2009-10): Tables A pay adjustments', () => {
  it.each([
    // 510 = 500 + 10: 109 / 52 = 2.096… → 2.10; + 96.16 = 98.26 a week; × 8 = 786.08, × 29 = 2,849.54
    ['510L week 8', 510, 'week', 8, '786.08'],
    ['510L week 29', 510, 'week', 29, '2849.54'],
    // 560 = 500 + 60: 609 / 12 = 50.75; + 416.67 = 467.42 a month; × 3 = 1,402.26, × 10 = 4,674.20
    ['560T month 3', 560, 'month', 3, '1402.26'],
    ['560T month 10', 560, 'month', 10, '4674.20'],
    // K255: 2,559 / 12 = 213.25 additional pay a month; × 5 = 1,066.25, × 8 = 1,706.00
    ['K255 month 5', 255, 'month', 5, '1066.25'],
    ['K255 month 8', 255, 'month', 8, '1706.00'],
  ] as const)('%s → %s', (_name, code, unit, units, expected) => {
    expect(amount(payAdjustmentToDate(code, unit, units))).toBe(expected);
  });

  it('a code that 500 divides exactly keeps its +9: 1000L is 500 + a remainder of 500 (5,009 / 12 → 417.42 + 416.67 = 834.09)', () => {
    expect(amount(payAdjustmentToDate(1000, 'month', 1))).toBe('834.09');
  });

  it('tax due to date on the same data: 510L week 8 → 252.00; 560T month 10 → 3,322.60; K255 month 8 → 8,815.33', () => {
    // 2009-10: basic rate 20% on the first £37,400 of taxable pay, 40% above.
    const bands2009 = [
      { upTo: money(37_400), rate: money('0.20') },
      { upTo: null, rate: money('0.40') },
    ];
    // 2,046.15 − 786.08 = 1,260.07 → 1,260 × 0.20 = 252.00
    expect(amount(taxDueToDate(money(1260), bands2009, 8, 52))).toBe('252.00');
    // 21,287.75 − 4,674.20 = 16,613.55 → 16,613 × 0.20 = 3,322.60
    expect(amount(taxDueToDate(money(16_613), bands2009, 10, 12))).toBe('3322.60');
    // 32,799.98 + 1,706.00 = 34,505.98 → 34,505. Band to month 8: 37,400 × 8 / 12 = 24,933.33…
    // 24,933.33… × 0.20 = 4,986.666… + (34,505 − 24,933.33…) × 0.40 = 3,828.666… = 8,815.333… → 8,815.33.
    // (A band limit rounded to the pound, 24,934, would give 8,815.20: HMRC's figure rules it out.)
    expect(amount(taxDueToDate(money(34_505), bands2009, 8, 12))).toBe('8815.33');
  });
});

describe('cumulative basis across consecutive months (1257L)', () => {
  it('twelve months of £3,000: the cumulative rounding moves a few pence between months; the year totals £4,684.00', () => {
    // Month n: taxable = ⌊3,000n − 1,048.26n⌋ = ⌊1,951.74n⌋, tax due to date 20% of it.
    // 1: 1,951 → 390.20. 2: 3,903.48 → 3,903 → 780.60, less 390.20 = 390.40. 3: 5,855.22 → 5,855 → 1,171.00 − 780.60 = 390.40.
    // 4: 7,806.96 → 7,806 → 1,561.20 − 1,171.00 = 390.20. … 12: free pay 12,579.12, 36,000 − 12,579.12 = 23,420.88 → 23,420 → 4,684.00.
    const taxes = run(Array(12).fill('3000.00'));
    expect(taxes.slice(0, 4)).toEqual(['390.20', '390.40', '390.40', '390.20']);
    expect(amount(taxes.reduce((total, tax) => total.plus(tax), money(0)))).toBe('4684.00');
  });

  it('a bonus month: £8,000 in month 3 crosses into the higher rate band', () => {
    // Months 1–2 as above: tax paid 780.60. Month 3: pay to date 14,000; free pay 3 × 1,048.26 = 3,144.78;
    // taxable 10,855.22 → 10,855. Band to month 3: 37,700 × 3 / 12 = 9,425.
    // Due: 9,425 × 0.20 = 1,885.00 + (10,855 − 9,425) × 0.40 = 572.00 → 2,457.00; this month 2,457.00 − 780.60 = 1,676.40.
    // NI: (4,189 − 1,048) × 8% = 251.28 + (8,000 − 4,189) × 2% = 76.22 → 327.50; employer (8,000 − 417) × 15% = 1,137.45.
    expect(run(['3000.00', '3000.00', '8000.00'])).toEqual(['390.20', '390.40', '1676.40']);
    const month3 = gb({ gross: '8000.00', period: 3, ytd: { gross: '6000.00', tax: '780.60' } });
    expect([month3.employeeNi, month3.employerNi, month3.net]).toEqual(['327.50', '1137.45', '5996.10']);
  });

  it('a month where pay drops refunds tax: £500 in month 4 after three months of £3,000', () => {
    // Pay to date 9,500; free pay 4 × 1,048.26 = 4,193.04; taxable 5,306.96 → 5,306; due 1,061.20.
    // Paid 1,171.00 (months 1–3), so −109.80: a refund. NI: 500 is under the PT → 0.00; employer (500 − 417) × 15% = 12.45.
    // Net: 500 + 109.80 = 609.80.
    expect(run(['3000.00', '3000.00', '3000.00', '500.00'])[3]).toBe('-109.80');
    expect(gb({ gross: '500.00', period: 4, ytd: { gross: '9000.00', tax: '1171.00' } })).toMatchObject({ employeeNi: '0.00', employerNi: '12.45', net: '609.80' });
  });
});

describe('week 1 / month 1 basis', () => {
  it('every month is month 1: the year to date is ignored, so month 4 of £3,000 is £390.20 and a drop refunds nothing', () => {
    const ytd = { gross: '9000.00', tax: '1171.00' };
    expect(gb({ gross: '3000.00', period: 4, basis: 'week1month1', ytd }).tax).toBe('390.20');
    // £500 against month 1's free pay of 1,048.26: nothing taxable, nothing refunded.
    expect(gb({ gross: '500.00', period: 4, basis: 'week1month1', ytd }).tax).toBe('0.00');
  });
});

describe('codes without an allowance', () => {
  it('BR: every pound at 20%, cumulatively; on month 1 basis the pay is rounded down to the pound first', () => {
    // Month 5, pay to date 12,000 + 3,000 = 15,000 × 0.20 = 3,000.00 less 2,400.00 paid = 600.00.
    expect(gb({ gross: '3000.00', period: 5, taxCode: 'BR', ytd: { gross: '12000.00', tax: '2400.00' } }).tax).toBe('600.00');
    // 1,234.56 → 1,234 × 0.20 = 246.80
    expect(gb({ gross: '1234.56', taxCode: 'BR', basis: 'week1month1' }).tax).toBe('246.80');
  });

  it('D0 at the higher rate (40%) and D1 at the additional rate (45%)', () => {
    expect(gb({ gross: '3000.00', taxCode: 'D0' }).tax).toBe('1200.00'); // 3,000 × 0.40
    expect(gb({ gross: '3000.99', taxCode: 'D1' }).tax).toBe('1350.00'); // 3,000 × 0.45
  });

  it('0T: no free pay, the bands still apply', () => {
    // Taxable 3,000 under the month-1 basic rate band of 3,141.67: 3,000 × 0.20 = 600.00
    expect(gb({ gross: '3000.00', taxCode: '0T' }).tax).toBe('600.00');
  });

  it('NT: no tax deducted and none refunded; NI is still due', () => {
    // NI: (4,189 − 1,048) × 8% = 251.28 + (5,000 − 4,189) × 2% = 16.22 → 267.50; net 5,000 − 267.50 = 4,732.50
    expect(gb({ gross: '5000.00', period: 6, taxCode: 'NT', ytd: { gross: '25000.00', tax: '4000.00' } })).toMatchObject({ tax: '0.00', employeeNi: '267.50', net: '4732.50' });
  });

  it('tax codes are read as people type them: 1257l is 1257L', () => {
    expect(gb({ gross: '3000.00', taxCode: '1257l' }).tax).toBe('390.20');
  });
});

describe('K codes and the overriding limit (50% of the period’s pay)', () => {
  it('K475 adds its additional pay to taxable pay', () => {
    // 4,759 / 12 = 396.583… → 396.59; 1,000 + 396.59 = 1,396.59 → 1,396 × 0.20 = 279.20 (under the 500.00 limit)
    expect(gb({ gross: '1000.00', taxCode: 'K475' }).tax).toBe('279.20');
  });

  it('K2000 on £500: 433.40 is due but only 250.00 (50%) is deducted; the next month collects the rest', () => {
    // 2000 = 3 × 500 + a remainder of 500: 417.42 + 3 × 416.67 = 1,667.43 a month.
    // Month 1: 500 + 1,667.43 = 2,167.43 → 2,167 × 0.20 = 433.40; limit 500 × 50% = 250.00.
    expect(gb({ gross: '500.00', taxCode: 'K2000' }).tax).toBe('250.00');
    // Month 2: pay to date 3,500 + 3,334.86 = 6,834.86 → 6,834. Band to month 2: 6,283.33…
    // 6,283.33… × 0.20 = 1,256.666… + (6,834 − 6,283.33…) × 0.40 = 220.266… = 1,476.933… → 1,476.93, less 250.00 = 1,226.93 (limit 1,500.00).
    expect(run(['500.00', '3000.00'], 'K2000')).toEqual(['250.00', '1226.93']);
  });
});

describe('the higher and additional rate bands', () => {
  it('£5,000 in month 1: 952.06', () => {
    // Taxable 5,000 − 1,048.26 = 3,951.74 → 3,951. Basic band 3,141.666…: 628.333… + (3,951 − 3,141.666…) × 0.40 = 323.733… → 952.066… → 952.06 (down)
    expect(gb({ gross: '5000.00' }).tax).toBe('952.06');
  });

  it('£15,000 in month 1 reaches the additional rate: 5,128.20', () => {
    // Taxable 13,951.74 → 13,951. Limits to month 1: 3,141.666… and 125,140 / 12 = 10,428.333…
    // 628.333… + (10,428.333… − 3,141.666…) × 0.40 = 2,914.666… + (13,951 − 10,428.333…) × 0.45 = 1,585.20 → 5,128.20
    expect(gb({ gross: '15000.00' }).tax).toBe('5128.20');
  });
});

describe('weekly and two-weekly pay', () => {
  it('week 1, £700 on 1257L: tax 91.60, NI 36.64, employer 90.60', () => {
    // Free pay 241.92; 700 − 241.92 = 458.08 → 458 (band 37,700 / 52 = 725) × 0.20 = 91.60.
    // NI: (700 − 242) × 8% = 36.64; employer (700 − 96) × 15% = 90.60.
    expect(gb({ gross: '700.00', frequency: 'weekly' })).toMatchObject({ tax: '91.60', employeeNi: '36.64', employerNi: '90.60', net: '571.76' });
  });

  it('weekly cumulative: week 2 is taxed on two weeks’ free pay and band', () => {
    // Week 2: pay 1,400, free pay 483.84, taxable 916.16 → 916 × 0.20 = 183.20, less 91.60 paid = 91.60
    expect(run(['700.00', '700.00'], '1257L', 'weekly')).toEqual(['91.60', '91.60']);
  });

  it('two-weekly period 1 counts as week 2: £1,400 → tax 183.20, NI on twice the weekly thresholds', () => {
    // Free pay 2 × 241.92 = 483.84; 916.16 → 916 × 0.20 = 183.20 (band 2 × 725 = 1,450).
    // NI: (1,400 − 484) × 8% = 73.28; employer (1,400 − 192) × 15% = 181.20.
    expect(gb({ gross: '1400.00', frequency: 'biweekly' })).toMatchObject({ tax: '183.20', employeeNi: '73.28', employerNi: '181.20' });
  });
});

describe('National Insurance rounding: nearest penny, a halfpenny or less disregarded (SSCR 2001 reg. 12(1))', () => {
  it('employer 15% of £0.10 above the ST is 1.5p → 1p; of £0.11, 1.65p → 2p', () => {
    expect(gb({ gross: '417.10' }).employerNi).toBe('0.01');
    expect(gb({ gross: '417.11' }).employerNi).toBe('0.02');
  });

  it('employee: 3,141 × 8% = 251.28 plus 2% of £0.25 above the UEL (0.5p) → 251.28, not 251.29', () => {
    expect(gb({ gross: '4189.25' }).employeeNi).toBe('251.28');
  });
});

describe('a second payment in the same pay period (an off-cycle run after the regular run)', () => {
  /*
   * HMRC, "Extra payments on a day other than the usual payday" (PAYE guidance for employers,
   * hmrc.gov.uk/paye/payroll/paydays/extra-payments.htm, an archived page of the old HMRC site
   * whose date was not verified): treat the extra payment as part of the
   * gross pay of the earnings period it is paid in, add the normal and extra payments together and
   * work out the NICs on the total; for PAYE, likewise add them and work out the tax on the total.
   * National Insurance Manual NIM08600 (a one-off bonus is earnings of the period it is paid in) and
   * NIM08510 (NICs so that the total "are the same as if the two payments had been added together").
   * So the second payment's NICs = NICs on the period's total − NICs already worked out on the first.
   * (CWG2's own section on this: not verified.)
   */
  type Earlier = { gross: string; tax: string; employeeNi: string; employerNi: string };
  /** A second payment, after `earlier` in the same month, as a pay run hands it to the engine. */
  function second(gross: string, earlier: Earlier, period = 1, basis: 'cumulative' | 'week1month1' = 'cumulative') {
    const ytd = basis === 'cumulative' ? { gross: earlier.gross, tax: earlier.tax } : { gross: '0.00', tax: '0.00' };
    const input = payrollPreviewInput.parse({ ...PAYROLL_PREVIEW_EXAMPLES.GB, gross, period, uk: { taxCode: '1257L', basis, niCategory: 'A' }, ytd });
    const m = (value: string) => money(value);
    const result = calculate({
      ...input,
      samePeriod: { gross: m(earlier.gross), taxable: m(earlier.gross), tax: m(earlier.tax), employeeNi: m(earlier.employeeNi), employerNi: m(earlier.employerNi) },
    });
    const line = Object.fromEntries(result.lines.map((l) => [l.code, l.amount]));
    return { tax: line.income_tax!, employeeNi: line.employee_ni!, employerNi: line.employer_ni!, net: result.net };
  }
  const regular = { gross: '3000.00', tax: '390.20', employeeNi: '156.16', employerNi: '387.45' };

  it('£3,000 regular pay then a £1,000 bonus in month 1: NICs on £4,000 less NICs on £3,000; tax on pay to date £4,000', () => {
    // Employee NI on the month's £4,000: (4,000 − PT 1,048) × 8% = 2,952 × 0.08 = 236.16 (below the UEL of 4,189);
    // already worked out on the £3,000: 156.16 (the example). On the bonus: 236.16 − 156.16 = 80.00.
    // Employer NI on £4,000: (4,000 − ST 417) × 15% = 3,583 × 0.15 = 537.45; less 387.45 = 150.00.
    // (On the £1,000 alone with a whole month's thresholds it would be 0.00 and (1,000 − 417) × 15% = 87.45.)
    // PAYE, cumulative, still month 1: pay to date 4,000.00 − free pay 1,048.26 = 2,951.74 → £2,951;
    // 2,951 × 20% = 590.20 (under the month 1 basic rate limit of 3,141.67); less 390.20 paid = 200.00.
    // Net: 1,000.00 − 200.00 − 80.00 = 720.00.
    expect(second('1000.00', regular)).toEqual({ tax: '200.00', employeeNi: '80.00', employerNi: '150.00', net: '720.00' });
  });

  it('a bonus that takes the month over the upper earnings limit: 2% on the part above it', () => {
    // £3,000 + £2,000 = £5,000. Employee: (4,189 − 1,048) × 8% = 3,141 × 0.08 = 251.28, plus (5,000 − 4,189) × 2%
    // = 811 × 0.02 = 16.22 → 267.50; less 156.16 = 111.34. Employer: (5,000 − 417) × 15% = 4,583 × 0.15 = 687.45; less 387.45 = 300.00.
    // PAYE: 5,000.00 − 1,048.26 = 3,951.74 → £3,951; month 1 basic rate limit 37,700 / 12 = 3,141.666…: × 20% = 628.333… + (3,951 − 3,141.666… = 809.333…) × 40% = 323.733…
    // → 952.066… → 952.06 (down to the penny); less 390.20 = 561.86.
    expect(second('2000.00', regular)).toMatchObject({ tax: '561.86', employeeNi: '111.34', employerNi: '300.00' });
  });

  it('week 1 / month 1 basis: the month’s pay and tax so far stand in for "to date", so free pay is given once', () => {
    // Month 4 on the month 1 basis: the regular £3,000 was taxed 390.20 (every month is month 1). The
    // £1,000 bonus of the same month: tax on the month's 4,000.00 at month 1 → 590.20, less 390.20 = 200.00.
    // (Alone it would get a whole month's free pay of 1,048.26 again and pay no tax.)
    expect(second('1000.00', regular, 4, 'week1month1')).toEqual({ tax: '200.00', employeeNi: '80.00', employerNi: '150.00', net: '720.00' });
  });
});
