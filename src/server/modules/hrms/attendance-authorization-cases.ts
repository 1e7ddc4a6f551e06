/**
 * Attendance's routes for the authorization walks (src/server/security/authorization.test.ts):
 * each with company A's entity, or aimed at ids that name nothing (404 for A's HRMS App Admin).
 * attendance.test.ts walks them with real records as an employee without a grant, their manager,
 * a Viewer, a Member, another entity's admin and another company.
 */
const NONE = '00000000-0000-4000-8000-000000000000';

export function attendanceOwnRequests(entityId: () => string): Record<string, () => { path: string; body?: unknown }> {
  const timesheet = `/hrms/attendance/timesheets/${NONE}`;
  return {
    'GET /hrms/attendance/today': () => ({
      path: `/hrms/attendance/today?entityId=${entityId()}`,
    }),
    'GET /hrms/attendance/week': () => ({
      path: `/hrms/attendance/week?employeeId=${NONE}`,
    }),
    'GET /hrms/attendance/settings': () => ({
      path: `/hrms/attendance/settings?entityId=${entityId()}`,
    }),
    'PATCH /hrms/attendance/settings/{id}': () => ({
      path: `/hrms/attendance/settings/${NONE}`,
      body: { weeklyHours: '40', lateAfter: '10:00', version: 1 },
    }),
    'POST /hrms/attendance/entries': () => ({
      path: '/hrms/attendance/entries',
      body: { employeeId: NONE },
    }),
    'POST /hrms/attendance/entries/{id}/clock-out': () => ({
      path: `/hrms/attendance/entries/${NONE}/clock-out`,
      body: { breakMinutes: 0 },
    }),
    'PATCH /hrms/attendance/entries/{id}': () => ({
      path: `/hrms/attendance/entries/${NONE}`,
      body: { clockOut: '2025-03-03T17:00:00Z', reason: 'Forgot to clock out', version: 1 },
    }),
    'DELETE /hrms/attendance/entries/{id}': () => ({
      path: `/hrms/attendance/entries/${NONE}?version=1&reason=Duplicate`,
    }),
    'GET /hrms/attendance/timesheets': () => ({
      path: `/hrms/attendance/timesheets?entityId=${entityId()}`,
    }),
    'GET /hrms/attendance/timesheets/export': () => ({
      path: `/hrms/attendance/timesheets/export?entityId=${entityId()}`,
    }),
    'POST /hrms/attendance/timesheets/{id}/submit': () => ({
      path: `${timesheet}/submit`,
      body: {},
    }),
    'POST /hrms/attendance/timesheets/{id}/approve': () => ({
      path: `${timesheet}/approve`,
      body: { comment: '' },
    }),
    'POST /hrms/attendance/timesheets/{id}/return': () => ({
      path: `${timesheet}/return`,
      body: { comment: 'Fix Monday' },
    }),
  };
}

/** The same routes' valid bodies for the hostile-input walk (src/server/security/hostile-input.test.ts). */
export const ATTENDANCE_VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'PATCH /hrms/attendance/settings/{id}': () => ({
    weeklyHours: '37.5',
    lateAfter: '09:30',
    version: 1,
  }),
  'POST /hrms/attendance/entries': () => ({
    employeeId: NONE,
    note: 'Started early\nfrom home',
  }),
  'POST /hrms/attendance/entries/{id}/clock-out': () => ({
    breakMinutes: 30,
    note: 'Lunch',
    clockOut: '2025-03-03T17:00:00Z',
  }),
  'PATCH /hrms/attendance/entries/{id}': () => ({
    clockIn: '2025-03-03T08:00:00Z',
    clockOut: '2025-03-03T17:00:00Z',
    breakMinutes: 30,
    note: 'Site visit\nthen the office',
    reason: 'Forgot to clock out',
    version: 1,
  }),
  'POST /hrms/attendance/timesheets/{id}/submit': () => ({}),
  'POST /hrms/attendance/timesheets/{id}/approve': () => ({
    comment: 'Thanks',
  }),
  'POST /hrms/attendance/timesheets/{id}/return': () => ({
    comment: 'Monday is short',
  }),
};
