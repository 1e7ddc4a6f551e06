import { queryOptions } from '@tanstack/react-query';
import type * as Hrms from '@/shared/hrms';
import type { Page } from '@/shared/pagination';
import { api } from '@/web/lib/api';
import { moduleQueries } from '@/web/lib/record-queries';

/** Every HRMS mutation refreshes every HRMS query: figures depend on each other (balances, dashboard, status). */
const hrms = moduleQueries('hrms');

export const hrmsKeys = hrms.keys;

export const employeesQuery = hrms.list<Hrms.EmployeePage>('employees', '/hrms/employees');
export const employeeQuery = hrms.one<Hrms.Employee & { directReports: Hrms.Employee[] }>('employee', '/hrms/employees');

export const balancesQuery = (id: string) =>
  queryOptions({ queryKey: ['hrms', 'balances', id], queryFn: () => api.get<{ year: number; items: Hrms.Balance[] }>(`/hrms/employees/${id}/balances`) });

export const leaveTypesQuery = hrms.forScope<{ items: Hrms.LeaveType[] }>('leave-types', '/hrms/leave-types');
export const leaveRequestsQuery = hrms.list<Page<Hrms.LeaveRequest>>('leave-requests', '/hrms/leave-requests');
export const dashboardQuery = hrms.forScope<Hrms.HrmsDashboard>('dashboard', '/hrms/dashboard');
export const awayQuery = hrms.forScope<{ items: Hrms.HrmsDashboard['upcomingLeave'] }>('away', '/hrms/away');

export const meQuery = queryOptions({
  queryKey: ['hrms', 'me'],
  queryFn: () => api.get<{ employees: { id: string; entityId: string; name: string }[] }>('/hrms/me'),
});

export const userOptionsQuery = hrms.options<{ id: string; name: string; email: string }>('user-options', '/hrms/user-options');

export const useCreateEmployee = hrms.creates<Hrms.EmployeeCreateInput, Hrms.Employee>('/hrms/employees');
export const useUpdateEmployee = hrms.updates<Hrms.EmployeeUpdateInput, Hrms.Employee>('/hrms/employees');
export const useTerminateEmployee = () =>
  hrms.useMutation(({ id, ...input }: { id: string; endDate: string; version: number }) => api.post<Hrms.Employee>(`/hrms/employees/${id}/terminate`, null, input));
export const useCreateLeaveType = hrms.creates<{ entityId: string; name: string; allowanceDays: number }, Hrms.LeaveType>('/hrms/leave-types');
export const useUpdateLeaveType = hrms.updates<{ name?: string; allowanceDays?: number; version: number }, Hrms.LeaveType>('/hrms/leave-types');
export const useRequestLeave = hrms.creates<Hrms.LeaveRequestInput, Hrms.LeaveRequest>('/hrms/leave-requests');
export const useLeaveAction = () =>
  hrms.useMutation(({ id, action, comment }: { id: string; action: 'approve' | 'reject' | 'cancel'; comment?: string }) =>
    api.post<Hrms.LeaveRequest>(`/hrms/leave-requests/${id}/${action}`, null, action === 'cancel' ? {} : { comment: comment ?? '' }),
  );
