import { EMPLOYEE_STATUS_LABELS, type Employee } from '@/shared/hrms';

/** "Feb 1, 2027" for a calendar day (YYYY-MM-DD), the same day in every time zone. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatRange = (start: string, end: string) => (start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`);

export const todayIso = () => new Date().toISOString().slice(0, 10);

// Written out rather than from Intl: en-GB's short September is "Sept" in some ICU versions.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "4 Jan 2027" for a calendar day, or "31 Dec" when it falls in the year of `today`. */
export function formatStatusDay(day: string, today = todayIso()) {
  const [year, month, date] = day.split('-');
  const short = `${Number(date)} ${MONTHS[Number(month) - 1]}`;
  return year === today.slice(0, 4) ? short : `${short} ${year}`;
}

/**
 * What an employee's status reads: the server's status on its today, with the date that will
 * change it: "Starting 4 Jan 2027" before the first day, "Leaving 31 Dec" for an Active employee
 * with a last day ahead (the server says Terminated once it has passed).
 */
export function employeeStatusLabel(e: Pick<Employee, 'status' | 'startDate' | 'endDate'>, today = todayIso()) {
  if (e.status === 'starting') return `Starting ${formatStatusDay(e.startDate, today)}`;
  if (e.status === 'active' && e.endDate) return `Leaving ${formatStatusDay(e.endDate, today)}`;
  return EMPLOYEE_STATUS_LABELS[e.status];
}
