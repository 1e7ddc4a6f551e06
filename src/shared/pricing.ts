/**
 * Pricing rules of the marketing site (spec §9). Pure functions, no UI: the pricing page, its
 * calculator and their tests all read these.
 *
 * Order of the discounts (the spec names both but not their order; we pick one and say so on the
 * pricing page): the bundle discount applies first, to the list price; the annual-billing discount
 * then applies to that bundled amount. The two therefore compound rather than add up: all five
 * modules billed annually cost 0.8 × 0.8 = 64% of list, not 60%.
 *
 * Money is computed in whole cents so that totals never show floating-point dust.
 */

/** The modules sold on the marketing site, in the order the pricing page lists them. */
export const PRICING_MODULES = ['crm', 'ats', 'hrms', 'payroll', 'projects'] as const;
export type PricingModule = (typeof PRICING_MODULES)[number];

export const MODULE_LABELS: Record<PricingModule, string> = {
  crm: 'CRM',
  ats: 'ATS',
  hrms: 'HRMS',
  payroll: 'Payroll',
  projects: 'Projects',
};

/** USD per user per entity per month (spec §9). */
export const MODULE_PRICES: Record<PricingModule, number> = {
  crm: 5,
  ats: 10,
  hrms: 2,
  payroll: 20,
  projects: 5,
};

/** Bundle discount by number of modules: any 3 → 10%, 4 → 15%, all 5 → 20%. */
export const BUNDLE_DISCOUNTS: readonly { modules: number; rate: number }[] = [
  { modules: 3, rate: 0.1 },
  { modules: 4, rate: 0.15 },
  { modules: 5, rate: 0.2 },
];
export const ANNUAL_DISCOUNT = 0.2;
export const FREE_TRIAL_DAYS = 14;
/** Teams of more than this many users qualify for volume discounts (agreed with sales). */
export const VOLUME_DISCOUNT_OVER_USERS = 500;
/** Teams of more than this many users get a custom quote instead of list prices. */
export const CUSTOM_QUOTE_OVER_USERS = 1000;
/** The platform scales from 5 to 50,000 users (spec §1, §9); the calculator accepts up to the top. */
export const MIN_PLATFORM_USERS = 5;
export const MAX_PLATFORM_USERS = 50_000;

export type Billing = 'monthly' | 'annual';

/** The bundle discount rate (0 to 0.2) for a number of distinct modules. */
export function bundleDiscount(moduleCount: number): number {
  let rate = 0;
  for (const tier of BUNDLE_DISCOUNTS) if (moduleCount >= tier.modules) rate = tier.rate;
  return rate;
}

export interface QuoteInput {
  modules: readonly PricingModule[];
  users: number;
  entities: number;
  billing: Billing;
}

export interface Quote {
  /** Distinct modules priced, in PRICING_MODULES order. */
  modules: PricingModule[];
  /** Sum of the chosen modules' prices: USD per user per entity per month. */
  pricePerUserPerEntity: number;
  /** List price per month before any discount. */
  subtotal: number;
  bundleDiscountRate: number;
  /** Amount taken off per month by the bundle discount. */
  bundleDiscount: number;
  annualDiscountRate: number;
  /** Amount taken off per month by annual billing (computed after the bundle discount). */
  annualDiscount: number;
  /** What the customer pays per month. */
  totalPerMonth: number;
  /** What an annual invoice comes to (totalPerMonth × 12), or null on monthly billing. */
  totalPerYear: number | null;
  /** More than 500 users: volume discounts are available on top (through sales). */
  volumeDiscount: boolean;
  /** More than 1,000 users: price on a custom quote. */
  customQuote: boolean;
}

const isCount = (n: number) => Number.isInteger(n) && n >= 1;

/** Prices a configuration. Bundle discount first, then the annual discount on the discounted amount. */
export function quote({ modules, users, entities, billing }: QuoteInput): Quote {
  if (!isCount(users)) throw new RangeError('users must be a whole number of at least 1');
  if (!isCount(entities)) throw new RangeError('entities must be a whole number of at least 1');
  const chosen = PRICING_MODULES.filter((m) => modules.includes(m));
  const pricePerUserPerEntity = chosen.reduce((sum, m) => sum + MODULE_PRICES[m], 0);

  const subtotalCents = pricePerUserPerEntity * 100 * users * entities;
  const bundleDiscountRate = bundleDiscount(chosen.length);
  const bundleCents = Math.round(subtotalCents * bundleDiscountRate);
  const afterBundleCents = subtotalCents - bundleCents;
  const annualDiscountRate = billing === 'annual' ? ANNUAL_DISCOUNT : 0;
  const annualCents = Math.round(afterBundleCents * annualDiscountRate);
  const totalCents = afterBundleCents - annualCents;

  return {
    modules: chosen,
    pricePerUserPerEntity,
    subtotal: subtotalCents / 100,
    bundleDiscountRate,
    bundleDiscount: bundleCents / 100,
    annualDiscountRate,
    annualDiscount: annualCents / 100,
    totalPerMonth: totalCents / 100,
    totalPerYear: billing === 'annual' ? (totalCents * 12) / 100 : null,
    volumeDiscount: users > VOLUME_DISCOUNT_OVER_USERS,
    customQuote: users > CUSTOM_QUOTE_OVER_USERS,
  };
}

/** US dollars as the pricing page shows them: "$1,234" for whole amounts, "$1,234.50" otherwise. */
export function formatUsd(amount: number): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** "10%" from 0.1. */
export const formatPercent = (rate: number) => `${Math.round(rate * 100)}%`;
