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
