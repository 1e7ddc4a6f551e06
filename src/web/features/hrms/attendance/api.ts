import { queryOptions } from '@tanstack/react-query';
import type { AttendanceToday, AttendanceWeek, ClockInInput, ClockOutInput, TimeEntry, TimeEntryCorrectionInput, Timesheet } from '@/shared/attendance';
import type { Page } from '@/shared/pagination';
import { api } from '@/web/lib/api';
import { moduleQueries } from '@/web/lib/record-queries';

/** Attendance is part of HRMS: its changes refresh every HRMS query (and the other way round). */
const hrms = moduleQueries('hrms');

/** A day's attendance at the entity (default today, UTC). */
export const attendanceDayQuery = (entityId?: string, day?: string) =>
  queryOptions({
    queryKey: ['hrms', 'attendance-today', entityId ?? 'all', day ?? 'today'],
    queryFn: () => api.get<AttendanceToday>('/hrms/attendance/today', null, { entityId, day }),
  });
export const timesheetsQuery = hrms.list<Page<Timesheet>>('timesheets', '/hrms/attendance/timesheets');

/** One employee's week (this week unless `weekStart`): the clock card. */
export const attendanceWeekQuery = (employeeId: string, weekStart?: string) =>
  queryOptions({
    queryKey: ['hrms', 'attendance-week', employeeId, weekStart ?? 'current'],
    queryFn: () =>
      api.get<AttendanceWeek>('/hrms/attendance/week', null, {
        employeeId,
        weekStart,
      }),
  });

export const useClockIn = hrms.creates<ClockInInput, TimeEntry>('/hrms/attendance/entries');
export const useClockOut = () =>
  hrms.useMutation(({ id, ...input }: ClockOutInput & { id: string }) => api.post<TimeEntry>(`/hrms/attendance/entries/${id}/clock-out`, null, input));

/** HR staff correct an entry (the fields changed, a reason, the version read). */
export const useCorrectEntry = hrms.updates<TimeEntryCorrectionInput, TimeEntry>('/hrms/attendance/entries');
/** HR staff delete an entry, saying why (the version read). */
export const useDeleteEntry = () =>
  hrms.useMutation(({ id, version, reason }: { id: string; version: number; reason: string }) =>
    api.delete(`/hrms/attendance/entries/${id}?${new URLSearchParams({ version: String(version), reason })}`),
  );

export type TimesheetAction = 'submit' | 'approve' | 'return';
export const useTimesheetAction = () =>
  hrms.useMutation(({ id, action, comment }: { id: string; action: TimesheetAction; comment?: string }) =>
    api.post<Timesheet>(`/hrms/attendance/timesheets/${id}/${action}`, null, action === 'submit' ? {} : { comment: comment ?? '' }),
  );
