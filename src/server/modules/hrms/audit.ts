import type { AuditAction } from '@/shared/audit';
import { EMPLOYMENT_TYPE_LABELS, type Employee, type LeaveType } from '@/shared/hrms';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Tx } from '../../db/tenant';

/*
 * HRMS records in the audit log: each write's event goes in through recordEvent inside the
 * module's own transaction (withModuleScope), so a change and its event commit together.
 */

/** What the log keeps of an employee: the fields people change, as the screens name them. */
export const employeeFields = (e: Employee) => ({
  firstName: e.firstName,
  lastName: e.lastName,
  workEmail: e.workEmail,
  jobTitle: e.jobTitle,
  department: e.department,
  manager: e.managerName,
  employmentType: EMPLOYMENT_TYPE_LABELS[e.employmentType],
  startDate: e.startDate,
  status: e.status === 'terminated' ? 'Terminated' : 'Active',
  endDate: e.endDate,
  linkedUser: e.userId,
});

export const leaveTypeFields = (t: LeaveType) => ({ name: t.name, allowanceDays: t.allowanceDays });

/** A leave request as the log keeps it (not its reason: that can be personal). */
export interface LeaveRequestFacts {
  id: string;
  employee_name: string;
  leave_type_name: string;
  start_date: string;
  end_date: string;
  days: string | number;
  status: string;
  decision_comment: string;
}

export const leaveRequestFields = (r: LeaveRequestFacts) => ({
  employee: r.employee_name,
  leaveType: r.leave_type_name,
  startDate: r.start_date,
  endDate: r.end_date,
  days: Number(r.days),
  status: r.status,
  comment: r.decision_comment || null,
});

const requestLabel = (r: LeaveRequestFacts) => `${r.employee_name}: ${r.leave_type_name}, ${r.start_date} to ${r.end_date}`;

export function recordEmployeeEvent(
  tx: Tx,
  audit: AuditContext,
  companyId: string,
  action: Extract<AuditAction, `hrms.employee.${string}`>,
  employee: Employee,
  before?: Employee,
) {
  return recordEvent(tx, {
    context: audit,
    companyId,
    action,
    target: { type: 'employee', id: employee.id, label: `${employee.firstName} ${employee.lastName} <${employee.workEmail}>` },
    before: before ? employeeFields(before) : undefined,
    after: { ...(before ? {} : { entity: employee.entityName }), ...employeeFields(employee) },
  });
}

export function recordLeaveTypeEvent(
  tx: Tx,
  audit: AuditContext,
  companyId: string,
  action: Extract<AuditAction, `hrms.leave_type.${string}`>,
  type: LeaveType,
  before?: LeaveType,
) {
  return recordEvent(tx, {
    context: audit,
    companyId,
    action,
    target: { type: 'leave_type', id: type.id, label: type.name },
    before: before ? leaveTypeFields(before) : undefined,
    after: leaveTypeFields(type),
  });
}

export function recordLeaveRequestEvent(
  tx: Tx,
  audit: AuditContext,
  companyId: string,
  action: Extract<AuditAction, `hrms.leave.${string}`>,
  request: LeaveRequestFacts,
  before?: LeaveRequestFacts,
) {
  return recordEvent(tx, {
    context: audit,
    companyId,
    action,
    target: { type: 'leave_request', id: request.id, label: requestLabel(request) },
    before: before ? leaveRequestFields(before) : undefined,
    after: leaveRequestFields(request),
  });
}
