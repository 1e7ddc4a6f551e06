import { PAYROLL_TAX_YEARS, PERIODS_PER_YEAR, type PayFrequency, type PayPeriod } from '@/shared/payroll';
import { addDays } from '../dates';

/**
 * Pay periods: the dates a schedule pays on, and the periods they close.
 *
 * A schedule's first pay date anchors a pattern that runs both ways (so a schedule set up in
 * June still numbers its periods from the start of the tax year, as HMRC's tax months and weeks do):
 * - weekly and bi-weekly: every 7 or 14 days from the first pay date;
 * - monthly: the first pay date's day of the month (the last day of a shorter month; the last
 *   day of every month when the first pay date is a month's last day);
 * - semi-monthly: the 15th and the last day of every month.
 * A period ends on its pay date and starts the day after the previous pay date. Periods are
 * numbered 1, 2, … by pay date within the tax year (GB: 6 April to 5 April; US and any other
 * country: the calendar year). A 53rd weekly (or 27th bi-weekly) pay date of a year is not offered:
 * the rule packs hold no tables for it.
 */

export interface TaxYearBounds {
  start: string;
  end: string;
}

export function taxYearBounds(country: string, taxYear: string): TaxYearBounds {
  const year = Number(taxYear.slice(0, 4));
  return country === 'GB' ? { start: `${year}-04-06`, end: `${year + 1}-04-05` } : { start: `${year}-01-01`, end: `${year}-12-31` };
}

/** The tax year a pay date falls in, written as the country's rules name it ("2025-26", "2025"). */
export function taxYearOf(country: string, payDate: string): string {
  const year = Number(payDate.slice(0, 4));
  if (country !== 'GB') return String(year);
  const start = payDate >= `${year}-04-06` ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The tax years a country's payroll may run: the rule packs' years for GB and US, any year for the others. */
export function taxYearCovered(country: string, taxYear: string): readonly string[] | null {
  if (country === 'GB' || country === 'US') {
    const years: readonly string[] = PAYROLL_TAX_YEARS[country];
    return years.includes(taxYear) ? null : years;
  }
  return /^\d{4}$/.test(taxYear) ? null : ['a calendar year such as 2025'];
}

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const ymd = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Every pay date of the pattern from the last one before `from` through `to`. */
function payDates(frequency: PayFrequency, firstPayDate: string, from: string, to: string): string[] {
  const dates: string[] = [];
  if (frequency === 'weekly' || frequency === 'biweekly') {
    const step = frequency === 'weekly' ? 7 : 14;
    let k = Math.floor(daysBetween(firstPayDate, from) / step);
    for (let date = addDays(firstPayDate, k * step); date <= to; date = addDays(firstPayDate, ++k * step)) dates.push(date);
    return dates.at(0)! < from ? dates : [addDays(dates[0]!, -step), ...dates];
  }
  const [anchorYear, anchorMonth, anchorDay] = firstPayDate.split('-').map(Number) as [number, number, number];
  const monthEnd = anchorDay === lastDayOfMonth(anchorYear, anchorMonth);
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7)) - 1;
  if (month === 0) [year, month] = [year - 1, 12];
  for (; ymd(year, month, 1) <= to; month === 12 ? ([year, month] = [year + 1, 1]) : month++) {
    const last = lastDayOfMonth(year, month);
    if (frequency === 'semimonthly') dates.push(ymd(year, month, 15), ymd(year, month, last));
    else dates.push(ymd(year, month, monthEnd ? last : Math.min(anchorDay, last)));
  }
  const inRange = dates.filter((d) => d <= to);
  const before = inRange.filter((d) => d < from);
  return [...before.slice(-1), ...inRange.filter((d) => d >= from)];
}

/** The schedule's pay periods of a tax year, numbered from 1. */
export function periodsOfYear(country: string, taxYear: string, frequency: PayFrequency, firstPayDate: string): PayPeriod[] {
  const { start, end } = taxYearBounds(country, taxYear);
  const dates = payDates(frequency, firstPayDate, start, end);
  return dates
    .slice(1)
    .map((payDate, i) => ({ period: i + 1, start: addDays(dates[i]!, 1), end: payDate, payDate }))
    .slice(0, PERIODS_PER_YEAR[frequency]);
}

/** Calendar days from `start` to `end`, both counted. */
export const daysInclusive = (start: string, end: string) => daysBetween(start, end) + 1;
