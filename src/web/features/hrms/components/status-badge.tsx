import { EMPLOYEE_STATUS_LABELS, LEAVE_STATUS_LABELS, type Employee, type EmployeeStatus, type LeaveStatus } from '@/shared/hrms';
import { cn } from '@/web/lib/utils';
import { employeeStatusLabel } from '../format';

const TONES: Record<EmployeeStatus | LeaveStatus, string> = {
  active: 'border-green-300 bg-green-50 text-green-800',
  on_leave: 'border-amber-300 bg-amber-50 text-amber-800',
  starting: 'border-sky-300 bg-sky-50 text-sky-800',
  terminated: 'border-slate-300 bg-slate-100 text-slate-700',
  pending: 'border-amber-300 bg-amber-50 text-amber-800',
  approved: 'border-green-300 bg-green-50 text-green-800',
  rejected: 'border-red-300 bg-red-50 text-red-800',
  cancelled: 'border-slate-300 bg-slate-100 text-slate-700',
};
/** An Active employee with a last day ahead. */
const LEAVING = 'border-orange-300 bg-orange-50 text-orange-800';

const badge = 'inline-flex whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium';

export function StatusBadge({ status }: { status: EmployeeStatus | LeaveStatus }) {
  const label = status in EMPLOYEE_STATUS_LABELS ? EMPLOYEE_STATUS_LABELS[status as EmployeeStatus] : LEAVE_STATUS_LABELS[status as LeaveStatus];
  return <span className={cn(badge, TONES[status])}>{label}</span>;
}

/** An employee's status with the date that changes it ("Starting 4 Jan 2027", "Leaving 31 Dec"). */
export function EmployeeStatusBadge({ employee }: { employee: Pick<Employee, 'status' | 'startDate' | 'endDate'> }) {
  const leaving = employee.status === 'active' && employee.endDate !== null;
  return <span className={cn(badge, leaving ? LEAVING : TONES[employee.status])}>{employeeStatusLabel(employee)}</span>;
}
