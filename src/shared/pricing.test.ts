import { describe, expect, it } from 'vitest';
import {
  ANNUAL_DISCOUNT,
  CUSTOM_QUOTE_OVER_USERS,
  FREE_TRIAL_DAYS,
  MODULE_LABELS,
  MODULE_PRICES,
  PRICING_MODULES,
  VOLUME_DISCOUNT_OVER_USERS,
  bundleDiscount,
  formatPercent,
  formatUsd,
  quote,
  type PricingModule,
} from './pricing';

const base = { users: 1, entities: 1, billing: 'monthly' as const };

describe('module prices (USD per user per entity per month)', () => {
  it('are the spec figures: CRM 5, ATS 10, HRMS 2, Payroll 20, Projects 5', () => {
    expect(MODULE_PRICES).toEqual({ crm: 5, ats: 10, hrms: 2, payroll: 20, projects: 5 });
    expect(PRICING_MODULES.map((m) => MODULE_LABELS[m])).toEqual(['CRM', 'ATS', 'HRMS', 'Payroll', 'Projects']);
  });
  it('price one user in one entity at the module price', () => {
    for (const m of PRICING_MODULES) expect(quote({ ...base, modules: [m] }).totalPerMonth).toBe(MODULE_PRICES[m]);
  });
  it('multiply by users and by entities', () => {
    const q = quote({ ...base, modules: ['ats'], users: 7, entities: 3 });
    expect(q.subtotal).toBe(10 * 7 * 3);
    expect(q.totalPerMonth).toBe(210);
  });
  it('add up across modules, counting a module once', () => {
    const q = quote({ ...base, modules: ['crm', 'hrms', 'crm'] });
    expect(q.modules).toEqual(['crm', 'hrms']);
    expect(q.pricePerUserPerEntity).toBe(7);
    expect(q.subtotal).toBe(7);
  });
  it('cost nothing with no module chosen', () => {
    expect(quote({ ...base, modules: [], users: 40 })).toMatchObject({ subtotal: 0, totalPerMonth: 0, bundleDiscountRate: 0 });
  });
});

describe('bundle discount', () => {
  it('is nothing for one or two modules', () => {
    expect(bundleDiscount(0)).toBe(0);
    expect(bundleDiscount(1)).toBe(0);
    expect(bundleDiscount(2)).toBe(0);
  });
  it('is 10% for any 3 modules, 15% for 4, 20% for all 5', () => {
    expect(bundleDiscount(3)).toBe(0.1);
    expect(bundleDiscount(4)).toBe(0.15);
    expect(bundleDiscount(5)).toBe(0.2);
  });
  it('applies to any three modules alike', () => {
    const combos: PricingModule[][] = [
      ['crm', 'ats', 'hrms'],
      ['payroll', 'projects', 'hrms'],
      ['crm', 'payroll', 'projects'],
    ];
    for (const modules of combos) expect(quote({ ...base, modules }).bundleDiscountRate).toBe(0.1);
  });
  it('takes its rate off the list price', () => {
    // CRM + ATS + HRMS = 17 per user; 10 users, 1 entity: 170 list, 17 off.
    const q = quote({ ...base, modules: ['crm', 'ats', 'hrms'], users: 10 });
    expect(q).toMatchObject({ subtotal: 170, bundleDiscount: 17, totalPerMonth: 153 });
    // Four modules without payroll: 22 per user, 15% off.
    const four = quote({ ...base, modules: ['crm', 'ats', 'hrms', 'projects'], users: 10 });
    expect(four).toMatchObject({ subtotal: 220, bundleDiscountRate: 0.15, bundleDiscount: 33, totalPerMonth: 187 });
    // All five: 42 per user, 20% off.
    const all = quote({ ...base, modules: [...PRICING_MODULES], users: 10 });
    expect(all).toMatchObject({ subtotal: 420, bundleDiscountRate: 0.2, bundleDiscount: 84, totalPerMonth: 336 });
  });
});

describe('annual billing', () => {
  it('is 20% off and says what a year costs', () => {
    expect(ANNUAL_DISCOUNT).toBe(0.2);
    const q = quote({ ...base, modules: ['payroll'], users: 10, billing: 'annual' });
    expect(q).toMatchObject({ subtotal: 200, annualDiscountRate: 0.2, annualDiscount: 40, totalPerMonth: 160, totalPerYear: 1920 });
  });
  it('gives no annual discount and no yearly total on monthly billing', () => {
    expect(quote({ ...base, modules: ['payroll'], users: 10 })).toMatchObject({ annualDiscount: 0, annualDiscountRate: 0, totalPerYear: null });
  });
  it('applies after the bundle discount, on the discounted amount', () => {
    // All five, 10 users, 2 entities: 840 list; bundle 20% → 672; annual 20% of 672 = 134.40 → 537.60.
    const q = quote({ modules: [...PRICING_MODULES], users: 10, entities: 2, billing: 'annual' });
    expect(q).toMatchObject({ subtotal: 840, bundleDiscount: 168, annualDiscount: 134.4, totalPerMonth: 537.6, totalPerYear: 6451.2 });
    // The two compound (64% of list), they do not add up to 40% off.
    expect(q.totalPerMonth).toBeCloseTo(q.subtotal * 0.8 * 0.8, 10);
    expect(q.totalPerMonth).not.toBe(q.subtotal * 0.6);
  });
  it('keeps cents exact', () => {
    // HRMS + CRM + Projects = 12 per user; 3 users: 36 list; 10% off → 32.40; annual 20% off → 25.92.
    const q = quote({ ...base, modules: ['hrms', 'crm', 'projects'], users: 3, billing: 'annual' });
    expect(q).toMatchObject({ subtotal: 36, bundleDiscount: 3.6, annualDiscount: 6.48, totalPerMonth: 25.92 });
  });
});

describe('large teams', () => {
  it('qualify for volume discounts over 500 users', () => {
    expect(VOLUME_DISCOUNT_OVER_USERS).toBe(500);
    expect(quote({ ...base, modules: ['crm'], users: 500 }).volumeDiscount).toBe(false);
    expect(quote({ ...base, modules: ['crm'], users: 501 }).volumeDiscount).toBe(true);
  });
  it('get a custom quote over 1,000 users', () => {
    expect(CUSTOM_QUOTE_OVER_USERS).toBe(1000);
    expect(quote({ ...base, modules: ['crm'], users: 1000 })).toMatchObject({ customQuote: false, volumeDiscount: true });
    expect(quote({ ...base, modules: ['crm'], users: 1001 })).toMatchObject({ customQuote: true, volumeDiscount: true });
  });
  it('are flagged on users, not on users times entities', () => {
    expect(quote({ ...base, modules: ['crm'], users: 400, entities: 3 })).toMatchObject({ volumeDiscount: false, customQuote: false });
  });
  it('still get the list-based estimate', () => {
    expect(quote({ ...base, modules: ['ats'], users: 600 }).totalPerMonth).toBe(6000);
  });
});

describe('input', () => {
  it('needs at least one user and one entity, in whole numbers', () => {
    expect(() => quote({ ...base, modules: ['crm'], users: 0 })).toThrow(RangeError);
    expect(() => quote({ ...base, modules: ['crm'], users: 2.5 })).toThrow(RangeError);
    expect(() => quote({ ...base, modules: ['crm'], users: Number.NaN })).toThrow(RangeError);
    expect(() => quote({ ...base, modules: ['crm'], entities: 0 })).toThrow(RangeError);
    expect(() => quote({ ...base, modules: ['crm'], entities: -1 })).toThrow(RangeError);
  });
});

describe('constants and formatting', () => {
  it('offers a 14-day free trial', () => {
    expect(FREE_TRIAL_DAYS).toBe(14);
  });
  it('formats dollars with cents only when there are some', () => {
    expect(formatUsd(6000)).toBe('$6,000');
    expect(formatUsd(537.6)).toBe('$537.60');
    expect(formatUsd(25.92)).toBe('$25.92');
    expect(formatUsd(0)).toBe('$0');
  });
  it('formats rates as whole percentages', () => {
    expect(formatPercent(0.15)).toBe('15%');
    expect(formatPercent(0.2)).toBe('20%');
  });
});
