/**
 * The US rule pack (rules/us.ts) against IRS Publication 15-T (2025), Worksheet 1A (percentage
 * method tables for automated payroll systems, 2020-or-later Form W-4), and FICA as Publication 15
 * (2025) states it: Social Security 6.2% to the $176,100 wage base, Medicare 1.45%, Additional
 * Medicare 0.9% withheld on wages over $200,000. Every expected figure is worked line by line.
 */
import { describe, expect, it } from 'vitest';
import { PAYROLL_PREVIEW_EXAMPLES, payrollPreviewInput } from '@/shared/payroll';
import { calculate } from './engine';
import { amount, money } from './money';

/** Form W-4 entries that differ from the example (single, nothing else entered). */
type W4 = Partial<Record<'filingStatus' | 'step3' | 'step4a' | 'step4b' | 'step4c', string>> & { step2?: boolean };
type Ytd = { socialSecurityWages: string; medicareWages: string };

/** One period through the request schema and the engine: its lines by code, and net. */
function us(gross: string, w4: W4 = {}, frequency = 'monthly', ytd: Ytd = { socialSecurityWages: '0.00', medicareWages: '0.00' }, period = 1) {
  const example = PAYROLL_PREVIEW_EXAMPLES.US;
  const input = payrollPreviewInput.parse({ ...example, gross, frequency, period, us: { ...example.us, ...w4 }, ytd: { gross: ytd.medicareWages, ...ytd } });
  const result = calculate(input);
  return { ...Object.fromEntries(result.lines.map((l) => [l.code, l.amount])), net: result.net } as Record<string, string>;
}

/** Consecutive periods of the same pay, the wages to date carried as a pay run would. */
function year(gross: string, periods: number, frequency = 'monthly') {
  let wages = money(0);
  return Array.from({ length: periods }, (_, i) => {
    const period = us(gross, {}, frequency, { socialSecurityWages: amount(wages), medicareWages: amount(wages) }, i + 1);
    wages = wages.plus(gross);
    return period;
  });
}

describe('the issue’s example (issue 35): single, Step 2 unchecked, $6,000 monthly', () => {
  it('federal income tax $621.17, Social Security $372.00, Medicare $87.00, net $4,919.83', () => {
    // 1c: 6,000 × 12 = 72,000; 1g: 8,600; 1i: 63,400. STANDARD Single row "54,875 – 109,750": 5,578.50 + 22% of
    // (63,400 − 54,875 = 8,525) = 1,875.50 → 7,454.00 a year; 2h: 7,454 / 12 = 621.166… → 621.17.
    // FICA: 6,000 × 6.2% = 372.00; × 1.45% = 87.00; no Additional Medicare. Net: 6,000 − 621.17 − 372 − 87 = 4,919.83.
    expect(us('6000.00')).toEqual({
      federal_income_tax: '621.17',
      social_security: '372.00',
      medicare: '87.00',
      additional_medicare: '0.00',
      employer_social_security: '372.00',
      employer_medicare: '87.00',
      net: '4919.83',
    });
  });
});

describe('Worksheet 1A by filing status and W-4 step', () => {
  it('married filing jointly, $6,000 monthly: 380.25', () => {
    // 72,000 − 12,900 = 59,100; MFJ row "40,950 – 114,050": 2,385 + 12% × 18,150 = 2,178 → 4,563 / 12 = 380.25
    expect(us('6000.00', { filingStatus: 'married_jointly' }).federal_income_tax).toBe('380.25');
  });

  it('head of household, $6,000 monthly: 466.67', () => {
    // 72,000 − 8,600 = 63,400; HoH row "30,900 – 78,750": 1,700 + 12% × 32,500 = 3,900 → 5,600 / 12 = 466.666… → 466.67
    expect(us('6000.00', { filingStatus: 'head_of_household' }).federal_income_tax).toBe('466.67');
  });

  it('Step 2 checked (single, $6,000 monthly): no line 1g and the checkbox table: 991.96', () => {
    // 1g: 0 → 1i: 72,000; Step 2 Single row "59,175 – 106,150": 8,825.50 + 24% × 12,825 = 3,078 → 11,903.50 / 12 = 991.958… → 991.96
    expect(us('6000.00', { step2: true }).federal_income_tax).toBe('991.96');
  });

  it('Step 2 checked, married filing jointly, $4,000 biweekly: 557.46', () => {
    // 4,000 × 26 = 104,000; Step 2 MFJ row "63,475 – 118,350": 5,578.50 + 22% × 40,525 = 8,915.50 → 14,494 / 26 = 557.461… → 557.46
    expect(us('4000.00', { filingStatus: 'married_jointly', step2: true }, 'biweekly').federal_income_tax).toBe('557.46');
  });

  it('Steps 3, 4(a), 4(b) and 4(c) together (single, $3,000 biweekly): 243.23', () => {
    // 1c 78,000; 1e + 4(a) 5,000 = 83,000; 1h = 4(b) 10,000 + 8,600 = 18,600; 1i = 64,400.
    // Row "54,875 – 109,750": 5,578.50 + 22% × 9,525 = 2,095.50 → 7,674.00; 2h 7,674 / 26 = 295.153… → 295.15.
    // 3b: 2,000 / 26 = 76.923… → 76.92; 3c 218.23; 4b: + 4(c) 25.00 = 243.23.
    expect(us('3000.00', { step3: '2000.00', step4a: '5000.00', step4b: '10000.00', step4c: '25.00' }, 'biweekly').federal_income_tax).toBe('243.23');
  });

  it('a Step 3 credit larger than the tentative amount withholds nothing but Step 4(c)', () => {
    // 2,000 × 12 = 24,000 − 8,600 = 15,400: 10% × (15,400 − 6,400) = 900 / 12 = 75.00; 3b: 6,000 / 12 = 500 → 3c 0; + 4(c) 10.00
    expect(us('2000.00', { step3: '6000.00', step4c: '10.00' }).federal_income_tax).toBe('10.00');
  });

  it('wages under line 1g withhold no income tax', () => {
    // 500 × 12 = 6,000 − 8,600 < 0 → 1i 0 → first row: 0
    expect(us('500.00').federal_income_tax).toBe('0.00');
  });

  it('weekly, single, $1,000: 80.80; FICA 62.00 and 14.50', () => {
    // 52,000 − 8,600 = 43,400; row "18,325 – 54,875": 1,192.50 + 12% × 25,075 = 3,009 → 4,201.50 / 52 = 80.798… → 80.80
    expect(us('1000.00', {}, 'weekly')).toMatchObject({ federal_income_tax: '80.80', social_security: '62.00', medicare: '14.50', net: '842.70' });
  });

  it('semi-monthly, single, $2,500: 24 periods', () => {
    // 60,000 − 8,600 = 51,400; row "18,325 – 54,875": 1,192.50 + 12% × 33,075 = 3,969 → 5,161.50 / 24 = 215.0625 → 215.06
    expect(us('2500.00', {}, 'semimonthly').federal_income_tax).toBe('215.06');
  });
});

describe('Social Security wage base ($176,100 in 2025) reached mid-year', () => {
  it('$20,000 a month: 1,240.00 for eight months, 998.20 in month 9 (the last $16,100), then nothing', () => {
    // Months 1–8: 20,000 × 6.2% = 1,240.00, 160,000 of wages to date. Month 9: 176,100 − 160,000 = 16,100 × 6.2% = 998.20.
    const months = year('20000.00', 12);
    expect(months.map((m) => m.social_security)).toEqual([...Array(8).fill('1240.00'), '998.20', '0.00', '0.00', '0.00']);
    expect(months.map((m) => m.employer_social_security)).toEqual(months.map((m) => m.social_security));
    // The year's total is exactly the wage base × 6.2%: 176,100 × 0.062 = 10,918.20.
    expect(amount(months.reduce((total, m) => total.plus(m.social_security!), money(0)))).toBe('10918.20');
    // Medicare has no wage base: 20,000 × 1.45% = 290.00 every month.
    expect(new Set(months.map((m) => m.medicare))).toEqual(new Set(['290.00']));
  });
});

describe('Additional Medicare Tax: 0.9% withheld on wages over $200,000 in the year (employee only)', () => {
  it('$20,000 a month: none until month 10 reaches exactly $200,000; month 11 withholds 180.00', () => {
    const months = year('20000.00', 12);
    expect(months.map((m) => m.additional_medicare)).toEqual([...Array(10).fill('0.00'), '180.00', '180.00']);
    expect(months[10]!.employer_medicare).toBe('290.00'); // no employer share of Additional Medicare
  });

  it('only the part of the period’s wages above $200,000: $9,000 biweekly, period 23 → 7,000 × 0.9% = 63.00', () => {
    // Wages to date before the period: 22 × 9,000 = 198,000; with it 207,000 → 7,000 over the threshold.
    const period = us('9000.00', {}, 'biweekly', { socialSecurityWages: '176100.00', medicareWages: '198000.00' }, 23);
    expect(period).toMatchObject({ additional_medicare: '63.00', medicare: '130.50', social_security: '0.00', employer_medicare: '130.50' });
  });
});

describe('supplemental wages paid separately in the same payroll period (an off-cycle run)', () => {
  /*
   * Publication 15 (2025), section 7 "Supplemental wages": supplemental wages paid separately from
   * regular wages from which income tax was withheld may be withheld on by the aggregate procedure:
   * add them to the regular wages of the current payroll period, figure the withholding as if the
   * total were a single payment, subtract the tax already withheld from the regular wages (Treas.
   * Reg. 31.3402(g)-1). The optional flat rate (22%) is the other choice; the engine uses the
   * aggregate procedure. (The section's wording was not read from the 2025 publication itself: not verified.)
   */
  function supplemental(gross: string, regular: { gross: string; tax: string }) {
    const example = PAYROLL_PREVIEW_EXAMPLES.US;
    const ytd = { gross: regular.gross, socialSecurityWages: regular.gross, medicareWages: regular.gross };
    const input = payrollPreviewInput.parse({ ...example, gross, ytd });
    const result = calculate({ ...input, samePeriod: { gross: money(regular.gross), taxable: money(regular.gross), tax: money(regular.tax), employeeNi: money(0), employerNi: money(0) } });
    return { ...Object.fromEntries(result.lines.map((l) => [l.code, l.amount])), net: result.net } as Record<string, string>;
  }

  it('$6,000 regular (withheld 621.17) and a $1,000 bonus in the same month: 841.17 − 621.17 = 220.00', () => {
    // Total 7,000 × 12 = 84,000; − 8,600 = 75,400; 5,578.50 + 22% × (75,400 − 54,875 = 20,525) = 4,515.50 → 10,094.00;
    // ÷ 12 = 841.166… → 841.17; less 621.17 = 220.00. FICA on the 1,000: 62.00 and 14.50. Net 1,000 − 220 − 62 − 14.50 = 703.50.
    // (Worksheet 1A on the 1,000 alone: 12,000 − 8,600 = 3,400, under the 6,400 of the zero row: nothing withheld.)
    expect(supplemental('1000.00', { gross: '6000.00', tax: '621.17' })).toMatchObject({ federal_income_tax: '220.00', social_security: '62.00', medicare: '14.50', net: '703.50' });
  });

  it('$3,000 regular and a $2,000 bonus: the aggregate procedure at the 12% bracket, 240.00 (not the flat 22%, 440.00)', () => {
    // Regular: 36,000 − 8,600 = 27,400; 1,192.50 + 12% × (27,400 − 18,325 = 9,075) = 1,089.00 → 2,281.50; ÷ 12 = 190.125 → 190.13.
    // Total 5,000: 60,000 − 8,600 = 51,400; 1,192.50 + 12% × 33,075 = 3,969.00 → 5,161.50; ÷ 12 = 430.125 → 430.13.
    // Bonus: 430.13 − 190.13 = 240.00.
    expect(us('3000.00').federal_income_tax).toBe('190.13');
    expect(supplemental('2000.00', { gross: '3000.00', tax: '190.13' }).federal_income_tax).toBe('240.00');
  });
});
