import type { AuditAction } from '@/shared/audit';
import { ACCRUAL_LABELS, EMPLOYMENT_TYPE_LABELS, type Employee, type Holiday, type LeaveRequest, type LeaveType } from '@/shared/hrms';
import type { AuditContext, AuditTarget } from '../../audit/record-event';
import type { Tx } from '../../db/tenant';
import type { ModuleScope } from '../../platform/scope';
import { hrms } from './module';

/*
 * HRMS records in the audit log: each write's event goes in through the kit's audit (recordEvent)
 * inside the module's own transaction (hrms.scope), so a change and its event commit together.
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

export const leaveTypeFields = (t: LeaveType) => ({
  name: t.name,
  allowanceDays: t.allowanceDays,
  accrual: ACCRUAL_LABELS[t.accrual],
  carryOverDays: t.carryOverDays,
  carryOverExpiryMonths: t.carryOverExpiryMonths,
  halfDays: t.halfDays,
});

/** A leave request as the log keeps it (not its reason: that can be personal). */
export type LeaveRequestFacts = Pick<LeaveRequest, 'id' | 'employeeName' | 'leaveTypeName' | 'startDate' | 'endDate' | 'days' | 'decisionComment'> & { status: string };

export const leaveRequestFields = (r: LeaveRequestFacts) => ({
  employee: r.employeeName,
  leaveType: r.leaveTypeName,
  startDate: r.startDate,
  endDate: r.endDate,
  days: Number(r.days),
  status: r.status,
  comment: r.decisionComment || null,
});

const requestLabel = (r: LeaveRequestFacts) => `${r.employeeName}: ${r.leaveTypeName}, ${r.startDate} to ${r.endDate}`;

/**
 * The event writer of one record type: its target, and its fields before and after the change
 * (a creation's `created` fields too, such as an employee's entity).
 */
const recorder =
  <R, A extends AuditAction>(target: (record: R) => AuditTarget, fields: (record: R) => Record<string, unknown>, created: (record: R) => Record<string, unknown> = () => ({})) =>
  (tx: Tx, scope: ModuleScope, audit: AuditContext, action: A, record: R, before?: R) =>
    hrms.audit(tx, scope, audit, action, target(record), before ? fields(before) : undefined, { ...(before ? {} : created(record)), ...fields(record) });

export const recordEmployeeEvent = recorder<Employee, Extract<AuditAction, `hrms.employee.${string}`>>(
  (e) => ({ type: 'employee', id: e.id, label: `${e.firstName} ${e.lastName} <${e.workEmail}>` }),
  employeeFields,
  (e) => ({ entity: e.entityName }),
);

export const recordLeaveTypeEvent = recorder<LeaveType, Extract<AuditAction, `hrms.leave_type.${string}`>>((t) => ({ type: 'leave_type', id: t.id, label: t.name }), leaveTypeFields);

export const recordLeaveRequestEvent = recorder<LeaveRequestFacts, Extract<AuditAction, `hrms.leave.${string}`>>(
  (r) => ({ type: 'leave_request', id: r.id, label: requestLabel(r) }),
  leaveRequestFields,
);

const holidayTarget = (h: Holiday): AuditTarget => ({ type: 'holiday', id: h.id!, label: `${h.date} ${h.name}` });
const holidayFields = (h: Holiday) => ({ date: h.date, name: h.name });

export const recordHolidayEvent = recorder<Holiday, 'hrms.holiday.created' | 'hrms.holiday.updated'>(holidayTarget, holidayFields);

/** A deleted company holiday: what it was, nothing after. */
export const recordHolidayDeleted = (tx: Tx, scope: ModuleScope, audit: AuditContext, h: Holiday) =>
  hrms.audit(tx, scope, audit, 'hrms.holiday.deleted', holidayTarget(h), holidayFields(h));
