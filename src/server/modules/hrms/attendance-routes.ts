import { z } from '@hono/zod-openapi';
import {
  ATTENDANCE_MESSAGES,
  attendanceSettings,
  attendanceSettingsInput,
  attendanceDayQuery,
  attendanceSettingsQuery,
  attendanceToday as attendanceTodayResponse,
  attendanceWeek as attendanceWeekResponse,
  clockInInput,
  clockOutInput,
  TIMESHEET_CSV_COLUMNS,
  timesheet,
  timesheetDecisionInput,
  timesheetFilters,
  timesheetListQuery,
  timesheetPage,
  timesheetReturnInput,
  timeEntry,
  weekQuery,
} from '@/shared/attendance';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { errorContent } from '../../http/route';
import {
  attendanceToday,
  attendanceWeek,
  clockIn,
  clockOut,
  decideTimesheet,
  getAttendanceSettings,
  listTimesheets,
  submitTimesheet,
  timesheetCsvPages,
  updateAttendanceSettings,
} from './attendance';
import type { hrms } from './module';

type HrmsRouteTable = ReturnType<typeof hrms.routes>;

const decision = (verdict: 'approved' | 'returned', summary: string, body: typeof timesheetDecisionInput | typeof timesheetReturnInput) => ({
  summary,
  body,
  response: timesheet,
  errors: {
    403: errorContent(ATTENDANCE_MESSAGES.ownTimesheet, ATTENDANCE_MESSAGES.cannotDecideTimesheet),
    409: errorContent(ATTENDANCE_MESSAGES.notSubmitted),
  },
  run: (
    db: Parameters<typeof decideTimesheet>[0],
    user: Parameters<typeof decideTimesheet>[1],
    id: string,
    input: { comment: string },
    audit: Parameters<typeof decideTimesheet>[5],
  ) => decideTimesheet(db, user, id, verdict, input.comment, audit),
});

/**
 * Attendance's routes on HRMS's route table: `withAttendanceRoutes(hrms.routes())`. Clocking and
 * one's own week need no grant (self-service); managers read and decide their reports' weeks;
 * HR staff (Viewer reads, Member decides) the whole entity; App Admins set the weekly hours.
 */
export const withAttendanceRoutes = (table: HrmsRouteTable): HrmsRouteTable =>
  table
    .get(
      '/attendance/today',
      'A day’s attendance (default today, UTC; `day` not after today): who is clocked in (today: now; an earlier day: that day), late (first clock-in after the entity’s late-after time) and missing (no entry by then on a working day, not on leave), each the first 50 and whether there are more; HR staff see their entities, managers their reports',
      attendanceDayQuery,
      attendanceTodayResponse,
      attendanceToday,
    )
    .get(
      '/attendance/week',
      'One employee’s week (Monday, UTC; default this week): entries, the open entry, worked and overtime minutes, the timesheet (the employee, their manager, HR staff)',
      weekQuery,
      attendanceWeekResponse,
      attendanceWeek,
    )
    .get(
      '/attendance/settings',
      'An entity’s attendance settings: weekly hours and the late-after time (HR staff)',
      attendanceSettingsQuery,
      attendanceSettings,
      (db, user, query) => getAttendanceSettings(db, user, query.entityId),
    )
    .records('attendance/settings', {
      noun: 'attendance settings',
      notFound: ATTENDANCE_MESSAGES.settingsNotFound,
      update: {
        summary: 'Change an entity’s weekly hours and late-after time (App Admin; send the version you read)',
        body: attendanceSettingsInput,
        response: attendanceSettings,
        run: updateAttendanceSettings,
      },
    })
    .records('attendance/entries', {
      noun: 'time entry',
      notFound: ATTENDANCE_MESSAGES.entryNotFound,
      create: {
        summary: 'Clock in now (for oneself: the employee record must be the caller’s own)',
        body: clockInInput,
        response: timeEntry,
        errors: {
          403: errorContent(ATTENDANCE_MESSAGES.onlyOwnClock),
          404: errorContent(HRMS_MESSAGES.employeeNotFound),
          409: errorContent(ATTENDANCE_MESSAGES.alreadyClockedIn, ATTENDANCE_MESSAGES.weekClosed),
        },
        run: clockIn,
      },
      actions: {
        'clock-out': {
          summary: 'Clock out now, with the break taken (minutes) and a note',
          body: clockOutInput,
          response: timeEntry,
          errors: {
            400: errorContent(ATTENDANCE_MESSAGES.breakTooLong),
            403: errorContent(ATTENDANCE_MESSAGES.onlyOwnClock),
            409: errorContent(ATTENDANCE_MESSAGES.alreadyClockedOut),
          },
          run: clockOut,
        },
      },
    })
    .records('attendance/timesheets', {
      noun: 'timesheet',
      notFound: ATTENDANCE_MESSAGES.timesheetNotFound,
      list: {
        summary: 'Timesheets of a period, newest week first, with worked and overtime minutes (HR staff: the entity; managers: their reports; employees: their own)',
        query: timesheetListQuery,
        page: timesheetPage,
        run: listTimesheets,
      },
      export: {
        filters: timesheetFilters,
        columns: TIMESHEET_CSV_COLUMNS,
        run: timesheetCsvPages,
      },
      actions: {
        submit: {
          summary: 'Submit one’s own week for approval (nothing clocked in, some hours worked); tells the manager and the App Admins',
          body: z.object({}).strict(),
          response: timesheet,
          errors: {
            400: errorContent(ATTENDANCE_MESSAGES.nothingToSubmit),
            403: errorContent(ATTENDANCE_MESSAGES.onlyOwnSubmit),
            409: errorContent(ATTENDANCE_MESSAGES.notSubmittable, ATTENDANCE_MESSAGES.clockOutFirst),
          },
          run: (db, user, id, _body, audit) => submitTimesheet(db, user, id, audit),
        },
        approve: decision('approved', 'Approve a submitted timesheet (HR staff, Member and up, or the employee’s manager; never one’s own)', timesheetDecisionInput),
        return: decision('returned', 'Return a submitted timesheet with a comment saying what to correct (HR staff or the manager; never one’s own)', timesheetReturnInput),
      },
    });
