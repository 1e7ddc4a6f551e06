import { queryOptions } from '@tanstack/react-query';
import type * as Hrms from '@/shared/hrms';
import type { Page } from '@/shared/pagination';
import { api } from '@/web/lib/api';
import { moduleQueries } from '@/web/lib/record-queries';

/** Every HRMS mutation refreshes every HRMS query: figures depend on each other (balances, dashboard, status). */
const hrms = moduleQueries('hrms');

export const hrmsKeys = hrms.keys;

export const employeesQuery = hrms.list<Hrms.EmployeePage>('employees', '/hrms/employees');
export const employeeQuery = hrms.one<Hrms.Employee & { directReports: Hrms.Employee[]; personal: Hrms.PersonalContact | null }>('employee', '/hrms/employees');

/** An employee's balances for a year (the server's this year when none is given). */
export const balancesQuery = (id: string, year?: number) =>
  queryOptions({
    queryKey: ['hrms', 'balances', id, year ?? 'current'],
    queryFn: () => api.get<{ year: number; items: Hrms.Balance[] }>(`/hrms/employees/${id}/balances`, null, { year }),
  });

/** The working days a request would use (the server counts with the entity's holidays). */
export const leaveDaysQuery = (query: { employeeId: string; startDate: string; endDate: string; startHalf: boolean; endHalf: boolean }) =>
  queryOptions({
    queryKey: ['hrms', 'leave-days', query],
    queryFn: () => api.get<Hrms.LeaveDays>('/hrms/leave/days', null, { ...query, startHalf: String(query.startHalf), endHalf: String(query.endHalf) }),
  });

export const holidaysQuery = (entityId: string, year: number) =>
  queryOptions({ queryKey: ['hrms', 'holidays', entityId, year], queryFn: () => api.get<Hrms.HolidayList>('/hrms/holidays', null, { entityId, year }) });

export const leaveTypesQuery = hrms.forScope<{ items: Hrms.LeaveType[] }>('leave-types', '/hrms/leave-types');
export const leaveRequestsQuery = hrms.list<Page<Hrms.LeaveRequest>>('leave-requests', '/hrms/leave-requests');
export const dashboardQuery = hrms.forScope<Hrms.HrmsDashboard>('dashboard', '/hrms/dashboard');
export const awayQuery = hrms.forScope<{ items: Hrms.HrmsDashboard['upcomingLeave'] }>('away', '/hrms/away');

/** The signed-in user's own employee records (the Employee Portal; no grant needed). */
export const meQuery = queryOptions({ queryKey: ['hrms', 'me'], queryFn: () => api.get<Hrms.HrmsMe>('/hrms/me') });
/** Who on the signed-in user's team is away (the portal). */
export const teamAwayQuery = queryOptions({ queryKey: ['hrms', 'me', 'away'], queryFn: () => api.get<{ items: Hrms.HrmsDashboard['upcomingLeave'] }>('/hrms/me/away') });
/** The employee corrects their own contact details. */
export const useUpdateContact = hrms.updates<Hrms.ContactInput, Hrms.MyEmployee>('/hrms/me');

export const userOptionsQuery = hrms.options<{ id: string; name: string; email: string }>('user-options', '/hrms/user-options');

export const useCreateEmployee = hrms.creates<Hrms.EmployeeCreateInput, Hrms.Employee>('/hrms/employees');
export const useUpdateEmployee = hrms.updates<Hrms.EmployeeUpdateInput, Hrms.Employee>('/hrms/employees');
export const useTerminateEmployee = () =>
  hrms.useMutation(({ id, ...input }: { id: string; endDate: string; version: number }) => api.post<Hrms.Employee>(`/hrms/employees/${id}/terminate`, null, input));
export const useCreateLeaveType = hrms.creates<Hrms.LeaveTypeCreateInput, Hrms.LeaveType>('/hrms/leave-types');
export const useUpdateLeaveType = hrms.updates<Hrms.LeaveTypeUpdateInput, Hrms.LeaveType>('/hrms/leave-types');
export const useCreateHoliday = hrms.creates<Hrms.HolidayCreateInput, Hrms.Holiday>('/hrms/holidays');
export const useUpdateHoliday = hrms.updates<Hrms.HolidayUpdateInput, Hrms.Holiday>('/hrms/holidays');
export const useDeleteHoliday = () => hrms.useMutation(({ id, version }: { id: string; version: number }) => api.delete(`/hrms/holidays/${id}?version=${version}`));
export const useRequestLeave = hrms.creates<Hrms.LeaveRequestInput, Hrms.LeaveRequest>('/hrms/leave-requests');
export const useLeaveAction = () =>
  hrms.useMutation(({ id, action, comment }: { id: string; action: 'approve' | 'reject' | 'cancel'; comment?: string }) =>
    api.post<Hrms.LeaveRequest>(`/hrms/leave-requests/${id}/${action}`, null, action === 'cancel' ? {} : { comment: comment ?? '' }),
  );
