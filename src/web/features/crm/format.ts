import { formatMoney, type Money } from '@/shared/crm';

/** "Feb 1, 2027" for a calendar day (YYYY-MM-DD), the same day in every time zone. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatWhen = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Sums in several currencies: "$12,000.00 + €3,000.00"; nothing is "0". */
export const formatMoneyList = (list: Money[], compact = false) => (list.length === 0 ? '0' : list.map((m) => formatMoney(m.amountMinor, m.currency, compact)).join(' + '));
