import { describe, expect, it } from 'vitest';
import { accruedBy, carriedInto, countLeave, entitlement, roundHalf, shortfall, yearBalance, type LeavePolicy } from './leave-policy';

const policy = (p: Partial<LeavePolicy> = {}): LeavePolicy => ({ allowanceDays: 20, accrual: 'yearly', carryOverDays: 0, carryOverExpiryMonths: null, since: 2020, ...p });
const always = { startDate: '2020-01-01', endDate: null };
const months = (entries: Record<string, number>) => new Map(Object.entries(entries));
const noHolidays = () => false;

describe('rounding and pro-rating', () => {
  it('rounds to the nearest half day, a quarter up', () => {
    expect([9.24, 9.25, 9.5, 9.74, 9.75, 10.1].map(roundHalf)).toEqual([9, 9.5, 9.5, 9.5, 10, 10]);
  });

  it('pro-rates from the start date and to the last day, by the share of each month employed', () => {
    // From 16 March: 20 × (16/31 + 9) / 12 = 15.86 → 16.
    expect(entitlement(policy(), { startDate: '2025-03-16', endDate: null }, 2025)).toBe(16);
    // To 30 June: 20 × 6 / 12 = 10.
    expect(entitlement(policy(), { startDate: '2019-05-01', endDate: '2025-06-30' }, 2025)).toBe(10);
    // Not employed that year at all: nothing.
    expect(entitlement(policy(), { startDate: '2026-01-05', endDate: null }, 2025)).toBe(0);
    expect(entitlement(policy(), always, 2025)).toBe(20);
  });

  it('monthly accrual: by the end of each month, the same sum so far; December is the entitlement', () => {
    const p = policy({ allowanceDays: 12, accrual: 'monthly' });
    const e = { startDate: '2025-03-16', endDate: null };
    // 12 × (16/31 + 3) / 12 = 3.52 → 3.5 by the end of June; 9.52 → 9.5 by December.
    expect(accruedBy(p, e, 2025, 2)).toBe(0);
    expect(accruedBy(p, e, 2025, 6)).toBe(3.5);
    expect(accruedBy(p, e, 2025, 12)).toBe(entitlement(p, e, 2025));
  });
});

describe('counting a request', () => {
  it('counts working days per month and year: weekends and holidays out, half days 0.5', () => {
    // Wed 31 Dec 2025 (afternoon) to Fri 2 Jan 2026, 1 Jan a holiday.
    const count = countLeave('2025-12-31', '2026-01-02', true, false, (d) => d === '2026-01-01');
    expect(count.days).toBe(1.5);
    expect(count.byYear).toEqual({ 2025: 0.5, 2026: 1 });
    expect(Object.fromEntries(count.byMonth)).toEqual({ '2025-12': 0.5, '2026-01': 1 });
    // A single half day; a weekend alone is nothing.
    expect(countLeave('2025-07-02', '2025-07-02', true, false, noHolidays).days).toBe(0.5);
    expect(countLeave('2025-07-05', '2025-07-06', false, true, noHolidays).days).toBe(0);
  });
});

describe('carry-over', () => {
  const p = policy({ allowanceDays: 10, carryOverDays: 5, carryOverExpiryMonths: 3, since: 2024 });

  it('carries the remainder up to the cap, year after year, never from before the type existed', () => {
    // 2024: 3 used → 7 left → 5 carried. 2025: 10 + 5 − 5 (none used by March) − 0 = 10 → 5 carried.
    const booked = months({ '2024-06': 3 });
    expect(carriedInto(p, always, booked, 2024)).toBe(0);
    expect(carriedInto(p, always, booked, 2025)).toBe(5);
    expect(carriedInto(p, always, months({ '2024-06': 8 }), 2025)).toBe(2);
    expect(carriedInto(p, always, booked, 2026)).toBe(5);
    expect(carriedInto({ ...p, since: 2025 }, always, booked, 2025)).toBe(0);
  });

  it('expires what is not used in the first months: the balance says how much and when', () => {
    const booked = months({ '2024-06': 3, '2025-02': 2 });
    expect(yearBalance(p, always, booked, 2025, '2026-06-01')).toEqual({
      entitlement: 10,
      accrued: 10,
      carriedOver: 5,
      carryOverExpiresOn: '2025-03-31',
      expiring: 3,
      remaining: 10,
    });
  });

  it('a request after the expiry cannot use expired days; one before it can', () => {
    const booked = months({ '2024-06': 3, '2025-02': 2 });
    // In May: 10 + 5 carried − 3 expired − 2 booked = 10 left.
    expect(shortfall(p, always, booked, months({ '2025-05': 11 }), 2025)).toEqual({ remaining: 10 });
    expect(shortfall(p, always, booked, months({ '2025-05': 10 }), 2025)).toBeNull();
    // In March the 3 carried days are still there: 13 fit.
    expect(shortfall(p, always, booked, months({ '2025-03': 13 }), 2025)).toBeNull();
  });
});

describe('monthly accrual checks every month from the request on', () => {
  it('an early request cannot take days a later, already booked one relies on', () => {
    const p = policy({ allowanceDays: 12, accrual: 'monthly' });
    // 6 days booked in June use all accrued by June's end (6); 1 more in March would leave June short.
    const booked = months({ '2025-06': 6 });
    expect(shortfall(p, always, booked, months({ '2025-03': 1 }), 2025)).toEqual({ remaining: 0 });
    expect(shortfall(p, always, booked, months({ '2025-07': 1 }), 2025)).toBeNull();
    expect(shortfall(p, always, new Map(), months({ '2025-03': 3 }), 2025)).toBeNull();
    expect(shortfall(p, always, new Map(), months({ '2025-03': 3.5 }), 2025)).toEqual({ remaining: 3 });
  });
});
