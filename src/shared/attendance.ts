import { z } from 'zod';
import { isoDate, isoDateTime } from './dates';
import { moduleTextRules, MODULE_MESSAGES, versionField } from './modules';
import { page, pageQuery } from './pagination';
import { multilineText, plainText } from './text';

/**
 * Attendance (issue 34): clocking in and out, weekly timesheets and their approval, overtime.
 *
 * Times are instants (UTC). A day and a week are UTC days: an entry belongs to the week (Monday
 * to Sunday) of the UTC day it was clocked in on, and "today" on the attendance page is the UTC
 * day. Weeks in each entity's own time zone are out of scope for now. Durations are whole
 * minutes (integers, never floats); the CSV shows hours with two decimals.
 */

export const ATTENDANCE_MESSAGES = {
  alreadyClockedIn: 'You are already clocked in. Clock out first.',
  entryNotFound: 'Time entry not found',
  alreadyClockedOut: 'This time entry is already clocked out.',
  onlyOwnClock: 'You can clock in and out only for yourself.',
  timesheetNotFound: 'Timesheet not found',
  weekClosed: 'This week’s timesheet is submitted or approved, so its hours cannot change.',
  clockOutFirst: 'Clock out before submitting the week.',
  nothingToSubmit: 'There are no hours to submit for this week.',
  onlyOwnSubmit: 'You can submit only your own timesheet.',
  notSubmittable: 'Only a draft or returned timesheet can be submitted.',
  notSubmitted: 'Only a submitted timesheet can be approved or returned.',
  ownTimesheet: 'You cannot approve or return your own timesheet.',
  cannotDecideTimesheet: 'Only the employee’s manager or HR staff of the entity can approve or return this timesheet.',
  returnComment: 'Say what to correct when you return a timesheet.',
  breakInvalid: 'Break must be whole minutes from 0 to 1440.',
  breakTooLong: 'The break is longer than the time between clocking in and out.',
  weekStartInvalid: 'The week start must be a Monday (YYYY-MM-DD).',
  periodInvalid: 'The period’s last week must not be before its first.',
  weeklyHoursInvalid: 'Weekly hours must be a number from 1 to 99.99 with at most two decimals.',
  lateAfterInvalid: 'Use a time of day such as 09:30.',
  dayInvalid: 'Choose a day (YYYY-MM-DD).',
  dayAhead: 'Choose today or an earlier day.',
  clockedIn: 'Clocked in',
  clockedOut: 'Clocked out',
  submitted: 'Timesheet submitted',
  approved: 'Timesheet approved',
  returned: 'Timesheet returned',
  settingsNotFound: 'Attendance settings not found',
  settingsSaved: 'Attendance settings saved',
  // Corrections of a time entry (HR), and closing one's own forgotten entry.
  clockInInvalid: 'Enter the clock-in date and time.',
  clockOutInvalid: 'Enter the clock-out date and time.',
  reasonRequired: 'Say why the time entry is changed.',
  deleteReasonRequired: 'Say why the time entry is deleted.',
  clockOutBeforeClockIn: 'The clock-out time must be after the clock-in time.',
  clockInAhead: 'The clock-in time cannot be in the future.',
  clockOutAhead: 'The clock-out time cannot be in the future.',
  keepClockOut: 'A clocked-out entry keeps a clock-out time: enter one, or delete the entry.',
  overlap: 'These times overlap another time entry of the same employee. Correct or delete that entry first.',
  weekApproved:
    'This entry’s week is approved, so its hours can no longer change (payroll may already have paid them). Pay or deduct the difference as a one-off amount on the next pay run.',
  ownCorrection: 'You cannot correct or delete your own time entries. Another HR staff member can.',
  clockOutTimeToday: 'A clock-out time can be given only for an entry clocked in on an earlier day. Clock out now instead.',
  entryUpdated: 'Time entry updated',
  entryDeleted: 'Time entry deleted',
} as const;

export const TIMESHEET_STATUSES = ['draft', 'submitted', 'approved', 'returned'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
export const TIMESHEET_STATUS_LABELS: Record<TimesheetStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  returned: 'Returned',
};

/** Whether a YYYY-MM-DD day is a Monday (UTC). */
export const isMonday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;

/** The Monday of the UTC week holding `instant` (YYYY-MM-DD). */
export function weekStartOf(instant: Date): string {
  const d = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * Minutes as hours with two decimals ("41.50"), for the CSV and the page: hundredths of an hour
 * rounded from whole minutes, so no float reaches the text.
 */
export function hoursText(minutes: number): string {
  const hundredths = Math.round((Math.abs(minutes) * 5) / 3);
  return `${minutes < 0 ? '-' : ''}${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** Minutes as "7 h 30 min" (the clock card and the page). */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const weekStart = isoDate(ATTENDANCE_MESSAGES.weekStartInvalid).refine(isMonday, ATTENDANCE_MESSAGES.weekStartInvalid);
const employeeId = z.uuid({ error: 'Employee not found' });
const note = () => multilineText(moduleTextRules(1000));
/** Why HR changes or deletes an entry: kept in the audit log and told to the employee. */
const reason = (required: string) => plainText({ required, ...moduleTextRules(500) });

// ----- time entries ---------------------------------------------------------------------------

/** `POST /hrms/attendance/entries`: clock in now, for oneself. */
export const clockInInput = z.object({ employeeId, note: note().default('') }).strict();
export type ClockInInput = z.input<typeof clockInInput>;

/**
 * `POST /hrms/attendance/entries/{id}/clock-out`: clock out now, with the break taken and a note;
 * or, for an entry clocked in on an earlier day (a forgotten clock-out), at `clockOut`.
 */
export const clockOutInput = z
  .object({
    clockOut: isoDateTime(ATTENDANCE_MESSAGES.clockOutInvalid).optional(),
    breakMinutes: z
      .number({ error: ATTENDANCE_MESSAGES.breakInvalid })
      .int(ATTENDANCE_MESSAGES.breakInvalid)
      .min(0, ATTENDANCE_MESSAGES.breakInvalid)
      .max(1440, ATTENDANCE_MESSAGES.breakInvalid)
      .default(0),
    note: note().optional(),
  })
  .strict();
export type ClockOutInput = z.input<typeof clockOutInput>;

const breakMinutes = () =>
  z
    .number({ error: ATTENDANCE_MESSAGES.breakInvalid })
    .int(ATTENDANCE_MESSAGES.breakInvalid)
    .min(0, ATTENDANCE_MESSAGES.breakInvalid)
    .max(1440, ATTENDANCE_MESSAGES.breakInvalid);

/**
 * `PATCH /hrms/attendance/entries/{id}`: HR staff correct an entry (the fields sent; `clockOut`
 * null keeps an open entry open), with the reason and the version read.
 */
export const timeEntryCorrectionInput = z
  .object({
    clockIn: isoDateTime(ATTENDANCE_MESSAGES.clockInInvalid).optional(),
    clockOut: isoDateTime(ATTENDANCE_MESSAGES.clockOutInvalid).nullable().optional(),
    breakMinutes: breakMinutes().optional(),
    note: note().optional(),
    reason: reason(ATTENDANCE_MESSAGES.reasonRequired),
    version: versionField,
  })
  .strict();
export type TimeEntryCorrectionInput = z.input<typeof timeEntryCorrectionInput>;

/** `DELETE /hrms/attendance/entries/{id}?version=&reason=`: HR staff delete an entry, saying why. */
export const timeEntryDeleteQuery = z.object({
  version: z.coerce.number({ error: MODULE_MESSAGES.versionInvalid }).pipe(versionField),
  reason: reason(ATTENDANCE_MESSAGES.deleteReasonRequired),
});

export const timeEntry = z
  .object({
    id: z.uuid(),
    entityId: z.uuid(),
    employeeId: z.uuid(),
    clockIn: z.iso.datetime({ offset: true }),
    clockOut: z.iso.datetime({ offset: true }).nullable(),
    breakMinutes: z.number().int(),
    /** Clocked-out time less the break; an open entry counts up to now. */
    workedMinutes: z.number().int(),
    note: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'TimeEntry' });
export type TimeEntry = z.infer<typeof timeEntry>;

// ----- timesheets -----------------------------------------------------------------------------

export const timesheet = z
  .object({
    id: z.uuid(),
    entityId: z.uuid(),
    employeeId: z.uuid(),
    employeeName: z.string(),
    workEmail: z.string(),
    weekStart: z.iso.date(),
    status: z.enum(TIMESHEET_STATUSES),
    /** Clocked-out entries of the week, less their breaks. */
    workedMinutes: z.number().int(),
    /** The entity's weekly hours, in minutes. */
    expectedMinutes: z.number().int(),
    /** Worked beyond the weekly hours (0 when under). */
    overtimeMinutes: z.number().int(),
    comment: z.string(),
    submittedAt: z.iso.datetime({ offset: true }).nullable(),
    decidedAt: z.iso.datetime({ offset: true }).nullable(),
    canSubmit: z.boolean(),
    canDecide: z.boolean(),
    version: z.number().int(),
  })
  .meta({ id: 'Timesheet' });
export type Timesheet = z.infer<typeof timesheet>;

/** `GET /hrms/attendance/week`: one employee's week, its entries and its timesheet (null before the first clock-in). */
export const weekQuery = z.object({
  employeeId,
  weekStart: weekStart.optional(),
});
export const attendanceWeek = z
  .object({
    employeeId: z.uuid(),
    weekStart: z.iso.date(),
    /** Every entry of the week, the open one included (its minutes up to now). */
    workedMinutes: z.number().int(),
    expectedMinutes: z.number().int(),
    overtimeMinutes: z.number().int(),
    openEntry: timeEntry.nullable(),
    entries: z.array(timeEntry),
    timesheet: timesheet.nullable(),
    /** Whether the caller may correct and delete the employee's entries (HR staff, Member and up, never their own); an approved week's still answer 409. */
    canCorrect: z.boolean(),
  })
  .meta({ id: 'AttendanceWeek' });
export type AttendanceWeek = z.infer<typeof attendanceWeek>;

const period = {
  entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }).optional(),
  status: z.enum(TIMESHEET_STATUSES, { error: 'Choose a timesheet status' }).optional(),
  from: weekStart.optional(),
  to: weekStart.optional(),
};
const periodInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/** The timesheets of a period (weeks from `from` to `to`), newest week first; `status` narrows them. */
export const timesheetListQuery = pageQuery.extend(period).refine(periodInOrder, {
  message: ATTENDANCE_MESSAGES.periodInvalid,
  path: ['to'],
});
export const timesheetFilters = z.object(period).refine(periodInOrder, {
  message: ATTENDANCE_MESSAGES.periodInvalid,
  path: ['to'],
});
export const timesheetPage = page(timesheet);

export const timesheetDecisionInput = z.object({ comment: multilineText(moduleTextRules(1000)).default('') }).strict();
export const timesheetReturnInput = z
  .object({
    comment: multilineText({
      ...moduleTextRules(1000),
      required: ATTENDANCE_MESSAGES.returnComment,
    }),
  })
  .strict();

export const TIMESHEET_CSV_COLUMNS = ['Employee', 'Work Email', 'Week Start', 'Status', 'Worked Hours', 'Weekly Hours', 'Overtime Hours', 'Comment'] as const;

// ----- today, settings -------------------------------------------------------------------------

const person = z.object({
  employeeId: z.uuid(),
  employeeName: z.string(),
  entityId: z.uuid(),
});

/** `GET /hrms/attendance/today`: the entity (default all of the caller's) and the day (default today, UTC; not after today). */
export const attendanceDayQuery = z.object({
  entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }).optional(),
  day: isoDate(ATTENDANCE_MESSAGES.dayInvalid).optional(),
});

/** How many people each list of a day shows at most; `more` says whether there are others. */
export const ATTENDANCE_DAY_LIST = 50;

/**
 * `GET /hrms/attendance/today`: a day's attendance (default today, UTC). Today: who is in (clocked
 * in now); an earlier day: who clocked in that day (`since`: their first clock-in). Late: first
 * clock-in of the day after the entity's "late after" time. Missing: no entry that day once that
 * time has passed, on a working day, not on approved leave. Each list holds its first 50 people
 * (`counts`: how many it holds) and `more` says whether there are others: a count of a whole
 * 10,000-employee entity would cost the page its speed (bench figure H2).
 */
export const attendanceToday = z
  .object({
    date: z.iso.date(),
    /** Whether `date` is today (UTC): "in" means clocked in now, otherwise clocked in that day. */
    isToday: z.boolean(),
    counts: z.object({
      in: z.number().int(),
      late: z.number().int(),
      missing: z.number().int(),
    }),
    more: z.object({
      in: z.boolean(),
      late: z.boolean(),
      missing: z.boolean(),
    }),
    in: z.array(person.extend({ since: z.iso.datetime({ offset: true }) })),
    late: z.array(person.extend({ firstClockIn: z.iso.datetime({ offset: true }) })),
    missing: z.array(person),
  })
  .meta({ id: 'AttendanceToday' });
export type AttendanceToday = z.infer<typeof attendanceToday>;

export const attendanceSettings = z
  .object({
    id: z.uuid(),
    entityId: z.uuid(),
    /** Decimal text, two places ("40.00"). */
    weeklyHours: z.string(),
    /** HH:MM, UTC. */
    lateAfter: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'AttendanceSettings' });
export type AttendanceSettings = z.infer<typeof attendanceSettings>;

export const attendanceSettingsQuery = z.object({
  entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }),
});
export const attendanceSettingsInput = z
  .object({
    weeklyHours: z
      .string({ error: ATTENDANCE_MESSAGES.weeklyHoursInvalid })
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, ATTENDANCE_MESSAGES.weeklyHoursInvalid)
      .refine((v) => Number(v) >= 1, ATTENDANCE_MESSAGES.weeklyHoursInvalid),
    lateAfter: z.string({ error: ATTENDANCE_MESSAGES.lateAfterInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, ATTENDANCE_MESSAGES.lateAfterInvalid),
    version: versionField,
  })
  .strict();
export type AttendanceSettingsInput = z.input<typeof attendanceSettingsInput>;
