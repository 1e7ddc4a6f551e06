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
  timeEntryCorrectionInput,
  timeEntryDeleteQuery,
  weekQuery,
} from '@/shared/attendance';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { auditContext } from '../../audit/context';
import { idParams } from '../../http/params';
import { defineRoute, errorContent, jsonContent } from '../../http/route';
import {
  attendanceToday,
  attendanceWeek,
  clockIn,
  clockOut,
  correctTimeEntry,
  decideTimesheet,
  deleteTimeEntry,
  getAttendanceSettings,
  listTimesheets,
  submitTimesheet,
  timesheetCsvPages,
  updateAttendanceSettings,
} from './attendance';
import { hrms } from './module';

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
      { 400: errorContent(ATTENDANCE_MESSAGES.dayAhead) },
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
      update: {
        summary:
          'Correct a time entry (HR staff, Member and up, never their own): clock-in and clock-out times, break, note (the fields sent), with a reason and the version read. Times in order, not in the future, not overlapping another entry of the employee; not on an approved week (409). A submitted week stays submitted with its hours counted again; an entry moved to another week moves to its timesheet. Audited; the employee is notified',
        body: timeEntryCorrectionInput,
        response: timeEntry,
        errors: {
          400: errorContent(
            ATTENDANCE_MESSAGES.clockInAhead,
            ATTENDANCE_MESSAGES.clockOutAhead,
            ATTENDANCE_MESSAGES.clockOutBeforeClockIn,
            ATTENDANCE_MESSAGES.keepClockOut,
            ATTENDANCE_MESSAGES.breakTooLong,
          ),
          403: errorContent(ATTENDANCE_MESSAGES.ownCorrection),
          409: errorContent(ATTENDANCE_MESSAGES.overlap, ATTENDANCE_MESSAGES.weekApproved),
        },
        run: correctTimeEntry,
      },
      actions: {
        'clock-out': {
          summary: 'Clock out now, with the break taken (minutes) and a note; for one’s own entry of an earlier day (a forgotten clock-out), at the `clockOut` time given',
          body: clockOutInput,
          response: timeEntry,
          errors: {
            400: errorContent(
              ATTENDANCE_MESSAGES.breakTooLong,
              ATTENDANCE_MESSAGES.clockOutTimeToday,
              ATTENDANCE_MESSAGES.clockOutAhead,
              ATTENDANCE_MESSAGES.clockOutBeforeClockIn,
            ),
            403: errorContent(ATTENDANCE_MESSAGES.onlyOwnClock),
            409: errorContent(ATTENDANCE_MESSAGES.alreadyClockedOut, ATTENDANCE_MESSAGES.overlap),
          },
          run: clockOut,
        },
      },
    })
    .route(
      defineRoute('user', {
        method: 'delete',
        path: '/hrms/attendance/entries/{id}',
        tags: hrms.tags,
        summary: 'Delete a time entry with a reason (HR staff, Member and up, never their own; send the version you read); not on an approved week (409). Its week’s hours are counted again; audited; the employee is notified',
        request: { params: idParams, query: timeEntryDeleteQuery },
        responses: {
          200: jsonContent(timeEntry),
          ...hrms.errors.withVersion({
            403: errorContent(ATTENDANCE_MESSAGES.ownCorrection),
            404: errorContent(ATTENDANCE_MESSAGES.entryNotFound),
            409: errorContent(ATTENDANCE_MESSAGES.weekApproved),
          }),
        },
      }),
      async (c) => {
        const query = c.req.valid('query' as never) as { version: number; reason: string };
        const id = hrms.id(c.req.param('id') ?? '', ATTENDANCE_MESSAGES.entryNotFound);
        return c.json(await deleteTimeEntry(c.get('database').db, c.get('user'), id, query, auditContext(c)), 200);
      },
    )
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
