import { formatMoney, type Money } from '@/shared/crm';

/** "Feb 1, 2027" for a calendar day (YYYY-MM-DD), the same day in every time zone. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatWhen = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * Sums in several currencies: "$12,000.00 + €3,000.00". No sum at all is zero in `currency`, the
 * scope's (see scopeCurrency): "$0.00", as a sum of zero-amount deals reads.
 */
export const formatMoneyList = (list: Money[], currency: string, compact = false) =>
  list.length === 0 ? formatMoney(0, currency, compact) : list.map((m) => formatMoney(m.amountMinor, m.currency, compact)).join(' + ');

/**
 * The currency of an empty sum in a scope: its entities' (one entity, or all of them when they
 * share one); in a scope of several currencies, the one most of its entities use.
 */
export function scopeCurrency(entities: readonly { currency: string }[]) {
  const counts = new Map<string, number>();
  for (const e of entities) counts.set(e.currency, (counts.get(e.currency) ?? 0) + 1);
  return [...counts].sort((x, y) => y[1] - x[1])[0]?.[0] ?? 'USD';
}
