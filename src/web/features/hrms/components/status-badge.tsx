import { EMPLOYEE_STATUS_LABELS, LEAVE_STATUS_LABELS, type EmployeeStatus, type LeaveStatus } from '@/shared/hrms';
import { cn } from '@/web/lib/utils';

const TONES: Record<EmployeeStatus | LeaveStatus, string> = {
  active: 'border-green-300 bg-green-50 text-green-800',
  on_leave: 'border-amber-300 bg-amber-50 text-amber-800',
  terminated: 'border-slate-300 bg-slate-100 text-slate-700',
  pending: 'border-amber-300 bg-amber-50 text-amber-800',
  approved: 'border-green-300 bg-green-50 text-green-800',
  rejected: 'border-red-300 bg-red-50 text-red-800',
  cancelled: 'border-slate-300 bg-slate-100 text-slate-700',
};

export function StatusBadge({ status }: { status: EmployeeStatus | LeaveStatus }) {
  const label = status in EMPLOYEE_STATUS_LABELS ? EMPLOYEE_STATUS_LABELS[status as EmployeeStatus] : LEAVE_STATUS_LABELS[status as LeaveStatus];
  return <span className={cn('inline-flex rounded-full border px-2 py-0.5 text-xs font-medium', TONES[status])}>{label}</span>;
}
