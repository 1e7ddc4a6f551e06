import { TIMESHEET_STATUS_LABELS, type TimesheetStatus } from '@/shared/attendance';
import { cn } from '@/web/lib/utils';

const TONES: Record<TimesheetStatus, string> = {
  draft: 'border-slate-300 bg-slate-100 text-slate-700',
  submitted: 'border-amber-300 bg-amber-50 text-amber-800',
  approved: 'border-green-300 bg-green-50 text-green-800',
  returned: 'border-red-300 bg-red-50 text-red-800',
};

export function TimesheetBadge({ status }: { status: TimesheetStatus }) {
  return <span className={cn('inline-flex whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium', TONES[status])}>{TIMESHEET_STATUS_LABELS[status]}</span>;
}

/** An instant as the time of day in UTC ("08:05"): the page's days and weeks are UTC days. */
export const clockTime = (iso: string) => new Date(iso).toISOString().slice(11, 16);

/** A Monday as "Week of 3 Mar 2025". */
export const weekLabel = (weekStart: string) =>
  `Week of ${new Date(`${weekStart}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;

/** An instant's day in UTC ("Mon 3 Mar"). */
export const dayLabel = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A time entry as "Mon 3 Mar, 08:00–17:00" (UTC; "08:00–now" while open; the clock-out's day when it is another). */
export const entryLabel = (entry: { clockIn: string; clockOut: string | null }) => {
  const out = entry.clockOut ? (dayLabel(entry.clockOut) === dayLabel(entry.clockIn) ? clockTime(entry.clockOut) : `${dayLabel(entry.clockOut)}, ${clockTime(entry.clockOut)}`) : 'now';
  return `${dayLabel(entry.clockIn)}, ${clockTime(entry.clockIn)}–${out}`;
};
