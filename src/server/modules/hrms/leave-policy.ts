import { daysBetween, type Accrual } from '@/shared/hrms';
import { addDays } from './dates';

/*
 * The leave policy's arithmetic (issue 34), pure: no database, no clock. leave.ts feeds it a leave
 * type's policy, the employee's dates and the leave they have booked, per month.
 *
 * The rules, as HR reads them:
 * - Entitlement: a type's yearly allowance, pro-rated to the part of each month the employee is
 *   employed (from their start date, to their last day), summed over the year's months and
 *   rounded to the nearest half day (a quarter rounds up). 20 days from 16 March:
 *   20 × (16/31 + 9) / 12 = 15.86 → 16.
 * - Accrual: `yearly` grants the whole entitlement at the year's start (or the start date);
 *   `monthly` earns it month by month: by the end of month M, the same sum over months 1..M
 *   (rounded the same way), so December's figure is the entitlement. Leave in a month may use
 *   what has accrued by that month's end.
 * - Carry-over: what is left at a year's end (never less than zero), up to the type's cap, moves
 *   to the next year. Leave booked in the first N months of the year (the expiry) uses carried
 *   days first; those not used by then are lost. Years before the leave type existed, or before the
 *   employee started, carry nothing.
 * - Booked leave is approved and pending leave: a pending request holds its days until decided.
 * - The policy is today's: changing an allowance changes every year's figures, so lowering it
 *   below what was taken shows a negative remainder instead of hiding it.
 */

export interface LeavePolicy {
  /** Days per full year; 0: unlimited (no balance). */
  allowanceDays: number;
  accrual: Accrual;
  carryOverDays: number;
  carryOverExpiryMonths: number | null;
  /** The year the leave type was created: nothing carries into it. */
  since: number;
}

export interface Employment {
  startDate: string;
  endDate: string | null;
}

/** Days of booked leave per month, keyed "YYYY-MM". */
export type Booked = ReadonlyMap<string, number>;

/** Nearest half day; a quarter (x.25, x.75) rounds up, in the employee's favour. */
export const roundHalf = (days: number) => Math.round(days * 2 + 1e-9) / 2;

export const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
const lastDayOfMonth = (year: number, month: number) => `${monthKey(year, month)}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;

/** The share (0 to 1) of a month during which the person is employed. */
function employedShare(e: Employment, year: number, month: number) {
  const first = `${monthKey(year, month)}-01`;
  const last = lastDayOfMonth(year, month);
  const from = e.startDate > first ? e.startDate : first;
  const to = e.endDate !== null && e.endDate < last ? e.endDate : last;
  if (to < from) return 0;
  return (daysBetween(from, to) + 1) / (daysBetween(first, last) + 1);
}

/** The allowance earned by the end of month `through` (1–12) of a year, pro-rated and rounded. */
export function accruedBy(policy: LeavePolicy, e: Employment, year: number, through: number) {
  let months = 0;
  for (let month = 1; month <= through; month++) months += employedShare(e, year, month);
  return roundHalf((policy.allowanceDays * months) / 12);
}

export const entitlement = (policy: LeavePolicy, e: Employment, year: number) => accruedBy(policy, e, year, 12);

/** What may be used by the end of month M: under monthly accrual, only what has accrued by then. */
const availableBy = (policy: LeavePolicy, e: Employment, year: number, month: number) =>
  policy.accrual === 'monthly' ? accruedBy(policy, e, year, month) : entitlement(policy, e, year);

/** Booked days in months `from`..`to` of a year. */
export function bookedIn(booked: Booked, year: number, from = 1, to = 12) {
  let days = 0;
  for (let month = from; month <= to; month++) days += booked.get(monthKey(year, month)) ?? 0;
  return days;
}

/** Carried-over days not used in the months before they expire (as booked). */
function expiring(policy: LeavePolicy, booked: Booked, year: number, carried: number) {
  if (carried === 0 || policy.carryOverExpiryMonths === null) return 0;
  return Math.max(0, carried - bookedIn(booked, year, 1, policy.carryOverExpiryMonths));
}

/** A year's figures, given what was carried into it. */
function position(policy: LeavePolicy, e: Employment, booked: Booked, year: number, carriedOver: number) {
  const granted = entitlement(policy, e, year);
  const lost = expiring(policy, booked, year, carriedOver);
  const used = bookedIn(booked, year);
  return { entitlement: granted, carriedOver, expiring: lost, remaining: granted + carriedOver - lost - used };
}

/** Days carried into `year`: each year from the first that counts, its remainder capped, in turn. */
export function carriedInto(policy: LeavePolicy, e: Employment, booked: Booked, year: number) {
  if (policy.carryOverDays === 0 || policy.allowanceDays === 0) return 0;
  let carried = 0;
  for (let y = Math.max(policy.since, Number(e.startDate.slice(0, 4))); y < year; y++) {
    carried = Math.min(policy.carryOverDays, Math.max(0, position(policy, e, booked, y, carried).remaining));
  }
  return carried;
}

/** A year's balance figures (the Balance schema's, less the names and the counts by status). */
export function yearBalance(policy: LeavePolicy, e: Employment, booked: Booked, year: number, today: string) {
  const carriedOver = carriedInto(policy, e, booked, year);
  const p = position(policy, e, booked, year, carriedOver);
  const todayYear = Number(today.slice(0, 4));
  // Accrued so far: all of it for a year gone by, nothing for one ahead, this year to this month.
  const accrued = year < todayYear ? p.entitlement : year > todayYear ? 0 : accruedBy(policy, e, year, Number(today.slice(5, 7)));
  const expiry = policy.carryOverExpiryMonths;
  return {
    entitlement: p.entitlement,
    accrued: policy.accrual === 'yearly' ? p.entitlement : accrued,
    carriedOver,
    carryOverExpiresOn: carriedOver > 0 && expiry !== null ? lastDayOfMonth(year, expiry) : null,
    expiring: p.expiring,
    remaining: p.remaining,
  };
}

/**
 * Whether a new request fits, for one year it touches: at the end of each month from its first in
 * that year through December, what may be used by then (accrued, plus carried days not yet
 * expired) must cover what is booked by then, the request included. Returns null when it fits,
 * else what was left for it at the tightest month.
 */
export function shortfall(policy: LeavePolicy, e: Employment, booked: Booked, request: Booked, year: number): { remaining: number } | null {
  const withRequest = new Map(booked);
  for (const [month, days] of request) withRequest.set(month, (withRequest.get(month) ?? 0) + days);
  const carried = carriedInto(policy, e, withRequest, year);
  const firstMonth = [...request.keys()].filter((k) => k.startsWith(`${year}-`)).map((k) => Number(k.slice(5, 7)))[0] ?? 1;
  const expiry = policy.carryOverExpiryMonths;
  const left = (b: Booked, month: number) => {
    const lost = expiry !== null && month > expiry ? expiring(policy, b, year, carried) : 0;
    return availableBy(policy, e, year, month) + carried - lost - bookedIn(b, year, 1, month);
  };
  let tightest: number | null = null;
  for (let month = firstMonth; month <= 12; month++) {
    if (left(withRequest, month) >= 0) continue;
    const before = Math.max(0, left(booked, month));
    tightest = tightest === null ? before : Math.min(tightest, before);
  }
  return tightest === null ? null : { remaining: tightest };
}

/** A day that is not worked: a Saturday, a Sunday, or a holiday of the calendar given. */
export type IsHoliday = (day: string) => boolean;
export const isWeekend = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/**
 * The working days from start to end inclusive, per month: weekends and holidays are not counted;
 * a half day (the first day's afternoon, the last day's morning) counts 0.5, and a one-day request
 * with a half is half a day. Dates are YYYY-MM-DD.
 */
export function countLeave(startDate: string, endDate: string, startHalf: boolean, endHalf: boolean, isHoliday: IsHoliday) {
  const byMonth = new Map<string, number>();
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) {
    if (isWeekend(day) || isHoliday(day)) continue;
    const half = (day === startDate && startHalf) || (day === endDate && endHalf);
    byMonth.set(day.slice(0, 7), (byMonth.get(day.slice(0, 7)) ?? 0) + (half ? 0.5 : 1));
  }
  let days = 0;
  const byYear: Record<string, number> = {};
  for (const [month, n] of byMonth) {
    days += n;
    byYear[month.slice(0, 4)] = (byYear[month.slice(0, 4)] ?? 0) + n;
  }
  return { days, byMonth, byYear };
}
