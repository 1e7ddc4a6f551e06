/**
 * The HRMS routes' cases for the authorization walks (src/server/security/authorization.test.ts):
 * each route with company A's own records, and aimed at company B's expecting 404.
 */
import { uniqueEmail, type Client } from '../../test/harness';

/** A company's HRMS records for the walk: an employee, a leave type, a leave request and a company holiday. */
export interface HrmsRecords {
  employeeId: string;
  leaveTypeId: string;
  requestId: string;
  holidayId: string;
}

type Request = { path: string; body?: unknown };
type Attack = Request & { expected: number[] };

export async function hrmsRecords(admin: Client, entityId: string): Promise<HrmsRecords> {
  const employee = await admin.post('/hrms/employees', {
    entityId,
    firstName: 'Walk',
    lastName: 'Target',
    workEmail: uniqueEmail('walk'),
    employmentType: 'full_time',
    startDate: '2024-01-01',
  });
  if (employee.status !== 201) throw new Error(`employee: ${employee.status} ${JSON.stringify(employee.body)}`);
  const types = await admin.get(`/hrms/leave-types?entityId=${entityId}`);
  const unpaid = types.body.items.find((x: { name: string }) => x.name === 'Unpaid');
  const year = new Date().getUTCFullYear() + 1;
  const request = await admin.post('/hrms/leave-requests', {
    employeeId: employee.body.id,
    leaveTypeId: unpaid.id,
    startDate: `${year}-03-01`,
    endDate: `${year}-03-31`,
  });
  if (request.status !== 201) throw new Error(`leave request: ${request.status} ${JSON.stringify(request.body)}`);
  const holiday = await admin.post('/hrms/holidays', { entityId, date: `${year}-06-15`, name: 'Company Day' });
  if (holiday.status !== 201) throw new Error(`holiday: ${holiday.status} ${JSON.stringify(holiday.body)}`);
  return { employeeId: employee.body.id as string, leaveTypeId: unpaid.id as string, requestId: request.body.id as string, holidayId: holiday.body.id as string };
}

/** Each HRMS route with company A's own records. */
export function hrmsOwnRequests(entityId: () => string, own: () => HrmsRecords): Record<string, () => Request> {
  const year = new Date().getUTCFullYear() + 1;
  return {
    'GET /hrms/context': () => ({ path: '/hrms/context' }),
    'GET /hrms/me': () => ({ path: '/hrms/me' }),
    'GET /hrms/me/away': () => ({ path: '/hrms/me/away' }),
    // Not the caller's own record (the walk's callers are not linked): 404 without a word on it.
    'PATCH /hrms/me/{id}': () => ({ path: `/hrms/me/${own().employeeId}`, body: { phone: '+1 555 0100', version: 1 } }),
    'GET /hrms/dashboard': () => ({ path: `/hrms/dashboard?entityId=${entityId()}` }),
    'GET /hrms/away': () => ({ path: '/hrms/away' }),
    'GET /hrms/employees': () => ({ path: `/hrms/employees?entityId=${entityId()}` }),
    'GET /hrms/employees/export': () => ({ path: '/hrms/employees/export' }),
    'POST /hrms/employees/import': () => ({ path: '/hrms/employees/import', body: { entityId: entityId(), csv: 'First Name\nx' } }),
    'POST /hrms/employees': () => ({
      path: '/hrms/employees',
      body: { entityId: entityId(), firstName: 'New', lastName: 'Hire', workEmail: uniqueEmail('hire'), employmentType: 'part_time', startDate: '2024-05-01' },
    }),
    'GET /hrms/employees/{id}': () => ({ path: `/hrms/employees/${own().employeeId}` }),
    'PATCH /hrms/employees/{id}': () => ({ path: `/hrms/employees/${own().employeeId}`, body: { jobTitle: 'Walked', version: 1 } }),
    'POST /hrms/employees/{id}/terminate': () => ({ path: `/hrms/employees/${own().employeeId}/terminate`, body: { endDate: '2099-01-01', version: 999 } }),
    'GET /hrms/employees/{id}/balances': () => ({ path: `/hrms/employees/${own().employeeId}/balances` }),
    'GET /hrms/user-options': () => ({ path: `/hrms/user-options?entityId=${entityId()}` }),
    'GET /hrms/leave-types': () => ({ path: '/hrms/leave-types' }),
    'POST /hrms/leave-types': () => ({ path: '/hrms/leave-types', body: { entityId: entityId(), name: `Type ${Math.random()}`, allowanceDays: 3 } }),
    'PATCH /hrms/leave-types/{id}': () => ({ path: `/hrms/leave-types/${own().leaveTypeId}`, body: { allowanceDays: 0, version: 999 } }),
    'GET /hrms/leave-requests': () => ({ path: '/hrms/leave-requests' }),
    'POST /hrms/leave-requests': () => ({
      path: '/hrms/leave-requests',
      body: { employeeId: own().employeeId, leaveTypeId: own().leaveTypeId, startDate: `${year}-03-02`, endDate: `${year}-03-03` },
    }),
    'POST /hrms/leave-requests/{id}/approve': () => ({ path: `/hrms/leave-requests/${own().requestId}/approve`, body: {} }),
    'POST /hrms/leave-requests/{id}/reject': () => ({ path: `/hrms/leave-requests/${own().requestId}/reject`, body: {} }),
    'POST /hrms/leave-requests/{id}/cancel': () => ({ path: `/hrms/leave-requests/${own().requestId}/cancel`, body: {} }),
    'GET /hrms/leave/days': () => ({ path: `/hrms/leave/days?employeeId=${own().employeeId}&startDate=${year}-03-01&endDate=${year}-03-05` }),
    'GET /hrms/holidays': () => ({ path: `/hrms/holidays?entityId=${entityId()}&year=${year}` }),
    'POST /hrms/holidays': () => ({ path: '/hrms/holidays', body: { entityId: entityId(), date: `${year}-07-02`, name: 'Walk Day' } }),
    'PATCH /hrms/holidays/{id}': () => ({ path: `/hrms/holidays/${own().holidayId}`, body: { name: 'Walked', version: 999 } }),
    'DELETE /hrms/holidays/{id}': () => ({ path: `/hrms/holidays/${own().holidayId}?version=999` }),
  };
}

/** Each HRMS route aimed at company B's entity and records: 404, as if they did not exist. */
export function hrmsAttacks(entityId: () => string, own: () => HrmsRecords, theirEntityId: () => string, theirs: () => HrmsRecords): Record<string, () => Attack> {
  const mine = hrmsOwnRequests(entityId, own);
  const swap = (key: string, path: () => string, body?: () => unknown) => () => ({ path: path(), body: body ? body() : mine[key]!().body, expected: [404] });
  const year = new Date().getUTCFullYear() + 1;
  return {
    'GET /hrms/dashboard': swap('GET /hrms/dashboard', () => `/hrms/dashboard?entityId=${theirEntityId()}`),
    'GET /hrms/away': swap('GET /hrms/away', () => `/hrms/away?entityId=${theirEntityId()}`),
    'GET /hrms/employees': swap('GET /hrms/employees', () => `/hrms/employees?entityId=${theirEntityId()}`),
    'GET /hrms/employees/export': swap('GET /hrms/employees/export', () => `/hrms/employees/export?entityId=${theirEntityId()}`),
    'POST /hrms/employees/import': swap('POST /hrms/employees/import', () => '/hrms/employees/import', () => ({
      entityId: theirEntityId(),
      csv: 'First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email\nIn,B,inb@example.com,,,Full-time,2024-01-01,',
    })),
    'POST /hrms/employees': swap('POST /hrms/employees', () => '/hrms/employees', () => ({
      entityId: theirEntityId(),
      firstName: 'In',
      lastName: 'B',
      workEmail: uniqueEmail('inb'),
      employmentType: 'full_time',
      startDate: '2024-01-01',
    })),
    'GET /hrms/employees/{id}': swap('GET /hrms/employees/{id}', () => `/hrms/employees/${theirs().employeeId}`),
    'PATCH /hrms/me/{id}': swap('PATCH /hrms/me/{id}', () => `/hrms/me/${theirs().employeeId}`, () => ({ phone: 'Hijacked', version: 1 })),
    'PATCH /hrms/employees/{id}': swap('PATCH /hrms/employees/{id}', () => `/hrms/employees/${theirs().employeeId}`, () => ({ jobTitle: 'Hijacked', version: 1 })),
    'POST /hrms/employees/{id}/terminate': swap('POST /hrms/employees/{id}/terminate', () => `/hrms/employees/${theirs().employeeId}/terminate`, () => ({ endDate: '2099-01-01', version: 1 })),
    'GET /hrms/employees/{id}/balances': swap('GET /hrms/employees/{id}/balances', () => `/hrms/employees/${theirs().employeeId}/balances`),
    'GET /hrms/user-options': swap('GET /hrms/user-options', () => `/hrms/user-options?entityId=${theirEntityId()}`),
    'GET /hrms/leave-types': swap('GET /hrms/leave-types', () => `/hrms/leave-types?entityId=${theirEntityId()}`),
    'POST /hrms/leave-types': swap('POST /hrms/leave-types', () => '/hrms/leave-types', () => ({ entityId: theirEntityId(), name: 'Hijack', allowanceDays: 1 })),
    'PATCH /hrms/leave-types/{id}': swap('PATCH /hrms/leave-types/{id}', () => `/hrms/leave-types/${theirs().leaveTypeId}`, () => ({ allowanceDays: 1, version: 1 })),
    'GET /hrms/leave-requests': swap('GET /hrms/leave-requests', () => `/hrms/leave-requests?entityId=${theirEntityId()}`),
    'POST /hrms/leave-requests': swap('POST /hrms/leave-requests', () => '/hrms/leave-requests', () => ({
      employeeId: theirs().employeeId,
      leaveTypeId: theirs().leaveTypeId,
      startDate: `${year}-04-01`,
      endDate: `${year}-04-02`,
    })),
    'POST /hrms/leave-requests/{id}/approve': swap('POST /hrms/leave-requests/{id}/approve', () => `/hrms/leave-requests/${theirs().requestId}/approve`, () => ({})),
    'POST /hrms/leave-requests/{id}/reject': swap('POST /hrms/leave-requests/{id}/reject', () => `/hrms/leave-requests/${theirs().requestId}/reject`, () => ({})),
    'POST /hrms/leave-requests/{id}/cancel': swap('POST /hrms/leave-requests/{id}/cancel', () => `/hrms/leave-requests/${theirs().requestId}/cancel`, () => ({})),
    'GET /hrms/leave/days': swap('GET /hrms/leave/days', () => `/hrms/leave/days?employeeId=${theirs().employeeId}&startDate=${year}-03-01&endDate=${year}-03-05`),
    'GET /hrms/holidays': swap('GET /hrms/holidays', () => `/hrms/holidays?entityId=${theirEntityId()}&year=${year}`),
    'POST /hrms/holidays': swap('POST /hrms/holidays', () => '/hrms/holidays', () => ({ entityId: theirEntityId(), date: `${year}-07-01`, name: 'Hijack Day' })),
    'PATCH /hrms/holidays/{id}': swap('PATCH /hrms/holidays/{id}', () => `/hrms/holidays/${theirs().holidayId}`, () => ({ name: 'Hijacked', version: 1 })),
    'DELETE /hrms/holidays/{id}': swap('DELETE /hrms/holidays/{id}', () => `/hrms/holidays/${theirs().holidayId}?version=1`),
  };
}

/** Company B's HRMS rows, for the walk's before/after snapshot. */
export const HRMS_TABLES = ['hrms_employees', 'hrms_leave_types', 'hrms_leave_requests', 'hrms_holidays'] as const;
