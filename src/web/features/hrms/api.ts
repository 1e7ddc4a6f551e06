import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Balance,
  Employee,
  EmployeeCreateInput,
  EmployeePage,
  EmployeeUpdateInput,
  HrmsDashboard,
  LeaveRequest,
  LeaveRequestInput,
  LeaveType,
} from '@/shared/hrms';
import type { Page } from '@/shared/pagination';
import { api } from '@/web/lib/api';

type Query = Record<string, string | number | undefined>;

export const hrmsKeys = { all: ['hrms'] as const };

export const employeesQuery = (query: Query) =>
  queryOptions({ queryKey: ['hrms', 'employees', query], queryFn: () => api.get<EmployeePage>('/hrms/employees', null, query), placeholderData: keepPreviousData });

export const employeeQuery = (id: string) =>
  queryOptions({ queryKey: ['hrms', 'employee', id], queryFn: () => api.get<Employee & { directReports: Employee[] }>(`/hrms/employees/${id}`) });

export const balancesQuery = (id: string) =>
  queryOptions({ queryKey: ['hrms', 'balances', id], queryFn: () => api.get<{ year: number; items: Balance[] }>(`/hrms/employees/${id}/balances`) });

export const leaveTypesQuery = (entityId?: string) =>
  queryOptions({ queryKey: ['hrms', 'leave-types', entityId ?? 'all'], queryFn: () => api.get<{ items: LeaveType[] }>('/hrms/leave-types', null, { entityId }) });

export const leaveRequestsQuery = (query: Query) =>
  queryOptions({
    queryKey: ['hrms', 'leave-requests', query],
    queryFn: () => api.get<Page<LeaveRequest>>('/hrms/leave-requests', null, query),
    placeholderData: keepPreviousData,
  });

export const dashboardQuery = (entityId?: string) =>
  queryOptions({ queryKey: ['hrms', 'dashboard', entityId ?? 'all'], queryFn: () => api.get<HrmsDashboard>('/hrms/dashboard', null, { entityId }) });

export const awayQuery = (entityId?: string) =>
  queryOptions({
    queryKey: ['hrms', 'away', entityId ?? 'all'],
    queryFn: () => api.get<{ items: HrmsDashboard['upcomingLeave'] }>('/hrms/away', null, { entityId }),
  });

export const meQuery = queryOptions({
  queryKey: ['hrms', 'me'],
  queryFn: () => api.get<{ employees: { id: string; entityId: string; name: string }[] }>('/hrms/me'),
});

export const userOptionsQuery = (entityId: string) =>
  queryOptions({
    queryKey: ['hrms', 'user-options', entityId],
    queryFn: () => api.get<{ items: { id: string; name: string; email: string }[] }>('/hrms/user-options', null, { entityId }),
  });

/** Every HRMS mutation refreshes every HRMS query: figures depend on each other (balances, dashboard, status). */
function useHrmsMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: hrmsKeys.all }) });
}

export const useCreateEmployee = () => useHrmsMutation((input: EmployeeCreateInput) => api.post<Employee>('/hrms/employees', null, input));
export const useUpdateEmployee = () =>
  useHrmsMutation(({ id, ...input }: EmployeeUpdateInput & { id: string }) => api.patch<Employee>(`/hrms/employees/${id}`, null, input));
export const useTerminateEmployee = () =>
  useHrmsMutation(({ id, ...input }: { id: string; endDate: string; version: number }) => api.post<Employee>(`/hrms/employees/${id}/terminate`, null, input));
export const useCreateLeaveType = () =>
  useHrmsMutation((input: { entityId: string; name: string; allowanceDays: number }) => api.post<LeaveType>('/hrms/leave-types', null, input));
export const useUpdateLeaveType = () =>
  useHrmsMutation(({ id, ...input }: { id: string; name?: string; allowanceDays?: number; version: number }) =>
    api.patch<LeaveType>(`/hrms/leave-types/${id}`, null, input),
  );
export const useRequestLeave = () => useHrmsMutation((input: LeaveRequestInput) => api.post<LeaveRequest>('/hrms/leave-requests', null, input));
export const useLeaveAction = () =>
  useHrmsMutation(({ id, action, comment }: { id: string; action: 'approve' | 'reject' | 'cancel'; comment?: string }) =>
    api.post<LeaveRequest>(`/hrms/leave-requests/${id}/${action}`, null, action === 'cancel' ? {} : { comment: comment ?? '' }),
  );

export const useEmployees = (query: Query) => useQuery(employeesQuery(query));
