import { z } from 'zod';
import { isoDateTime } from './dates';
import { MAX_PAGE_SIZE, page, pageQuery } from './pagination';
import { optionalPlainText } from './text';

/**
 * The fixed vocabulary of audit actions. A new kind of change adds its action here first; the
 * server's recordEvent accepts only these, and the audit log's action filter offers them.
 */
export const AUDIT_ACTIONS = [
  'company.signed_up',
  'company.two_factor_requirement_changed',
  'company.product_added',
  'company.product_removed',
  'organization.created',
  'organization.updated',
  'entity.created',
  'entity.updated',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.deactivated',
  'user.reactivated',
  'user.role_changed',
  'user.access_granted',
  'user.access_revoked',
  'user.invitation_sent',
  'user.invitation_accepted',
  'user.invitation_revoked',
  'user.password_reset_requested',
  'user.password_reset_completed',
  'user.password_changed',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'user.notification_preferences_changed',
  'user.notifications_unsubscribed',
  'auth.sign_in.succeeded',
  'auth.sign_in.failed',
  'auth.signed_out',
  'session.revoked',
  'session.revoked_others',
  'session.revoked_all',
  'hrms.employee.created',
  'hrms.employee.updated',
  'hrms.employee.terminated',
  'hrms.employee.contact_updated',
  'hrms.leave.requested',
  'hrms.leave.approved',
  'hrms.leave.rejected',
  'hrms.leave.cancelled',
  'hrms.leave_type.created',
  'hrms.leave_type.updated',
  'hrms.holiday.created',
  'hrms.holiday.updated',
  'hrms.holiday.deleted',
  'hrms.time_entry.clocked_in',
  'hrms.time_entry.clocked_out',
  'hrms.time_entry.corrected',
  'hrms.time_entry.deleted',
  'hrms.timesheet.submitted',
  'hrms.timesheet.approved',
  'hrms.timesheet.returned',
  'hrms.attendance_settings.updated',
  'hrms.payroll_settings.saved',
  'hrms.pay_schedule.created',
  'hrms.pay_schedule.updated',
  'hrms.pay_record.created',
  'hrms.pay_record.updated',
  'hrms.pay_run.calculated',
  'hrms.pay_run.recalculated',
  'hrms.pay_run.approved',
  'hrms.pay_run.paid',
  'hrms.pay_run.bonuses_set',
  'hrms.pay_component.created',
  'hrms.pay_component.updated',
  'hrms.pay_component.deleted',
  'hrms.checklist_template.created',
  'hrms.checklist_template.updated',
  'hrms.checklist_template.task_added',
  'hrms.checklist_template.task_updated',
  'hrms.checklist_template.task_removed',
  'hrms.checklist_task.completed',
  'hrms.checklist_task.reopened',
  'crm.client.created',
  'crm.client.updated',
  'crm.contact.created',
  'crm.contact.updated',
  'crm.lead.created',
  'crm.lead.updated',
  'crm.lead.converted',
  'crm.opportunity.created',
  'crm.opportunity.updated',
  'crm.activity.logged',
  'ats.job.created',
  'ats.job.updated',
  'ats.candidate.created',
  'ats.candidate.updated',
  'ats.candidates.imported',
  'ats.resume.uploaded',
  'ats.application.created',
  'ats.application.moved',
  'ats.interview.scheduled',
  'ats.interview.updated',
  'ats.interview.cancelled',
  'ats.feedback.submitted',
  'project.created',
  'project.updated',
  'task.created',
  'task.updated',
  'task.moved',
  'task.commented',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a person reads in the Action column and filter. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'company.signed_up': 'Company signed up',
  'company.two_factor_requirement_changed': 'Two-factor requirement changed',
  'company.product_added': 'Product added',
  'company.product_removed': 'Product removed',
  'organization.created': 'Organization created',
  'organization.updated': 'Organization updated',
  'entity.created': 'Entity created',
  'entity.updated': 'Entity updated',
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.deleted': 'User deleted',
  'user.deactivated': 'User deactivated',
  'user.reactivated': 'User reactivated',
  'user.role_changed': 'Role changed',
  'user.access_granted': 'Access granted',
  'user.access_revoked': 'Access revoked',
  'user.invitation_sent': 'Invitation sent',
  'user.invitation_accepted': 'Invitation accepted',
  'user.invitation_revoked': 'Invitation revoked',
  'user.password_reset_requested': 'Password reset requested',
  'user.password_reset_completed': 'Password reset completed',
  'user.password_changed': 'Password changed',
  'user.two_factor_enabled': 'Two-factor enabled',
  'user.two_factor_disabled': 'Two-factor disabled',
  'user.notification_preferences_changed': 'Notification preferences changed',
  'user.notifications_unsubscribed': 'Unsubscribed from notification emails',
  'auth.sign_in.succeeded': 'Signed in',
  'auth.sign_in.failed': 'Sign-in failed',
  'auth.signed_out': 'Signed out',
  'session.revoked': 'Session signed out',
  'session.revoked_others': 'Other sessions signed out',
  'session.revoked_all': 'Signed out everywhere',
  'hrms.employee.created': 'Employee created',
  'hrms.employee.updated': 'Employee updated',
  'hrms.employee.terminated': 'Employee terminated',
  'hrms.employee.contact_updated': 'Employee contact details updated',
  'hrms.leave.requested': 'Leave requested',
  'hrms.leave.approved': 'Leave approved',
  'hrms.leave.rejected': 'Leave rejected',
  'hrms.leave.cancelled': 'Leave cancelled',
  'hrms.leave_type.created': 'Leave type created',
  'hrms.leave_type.updated': 'Leave type updated',
  'hrms.holiday.created': 'Company holiday added',
  'hrms.holiday.updated': 'Company holiday updated',
  'hrms.holiday.deleted': 'Company holiday deleted',
  'hrms.time_entry.clocked_in': 'Clocked in',
  'hrms.time_entry.clocked_out': 'Clocked out',
  'hrms.time_entry.corrected': 'Time entry corrected',
  'hrms.time_entry.deleted': 'Time entry deleted',
  'hrms.timesheet.submitted': 'Timesheet submitted',
  'hrms.timesheet.approved': 'Timesheet approved',
  'hrms.timesheet.returned': 'Timesheet returned',
  'hrms.attendance_settings.updated': 'Attendance settings updated',
  'hrms.payroll_settings.saved': 'Payroll settings saved',
  'hrms.pay_schedule.created': 'Pay schedule created',
  'hrms.pay_schedule.updated': 'Pay schedule updated',
  'hrms.pay_record.created': 'Pay record created',
  'hrms.pay_record.updated': 'Pay record updated',
  'hrms.pay_run.calculated': 'Pay run calculated',
  'hrms.pay_run.recalculated': 'Pay run recalculated',
  'hrms.pay_run.approved': 'Pay run approved',
  'hrms.pay_run.paid': 'Pay run marked as paid',
  'hrms.pay_run.bonuses_set': 'Pay run one-off amounts entered',
  'hrms.pay_component.created': 'Pay component created',
  'hrms.pay_component.updated': 'Pay component updated',
  'hrms.pay_component.deleted': 'Pay component deleted',
  'hrms.checklist_template.created': 'Checklist template created',
  'hrms.checklist_template.updated': 'Checklist template updated',
  'hrms.checklist_template.task_added': 'Checklist template task added',
  'hrms.checklist_template.task_updated': 'Checklist template task updated',
  'hrms.checklist_template.task_removed': 'Checklist template task removed',
  'hrms.checklist_task.completed': 'Checklist task done',
  'hrms.checklist_task.reopened': 'Checklist task reopened',
  'crm.client.created': 'CRM client created',
  'crm.client.updated': 'CRM client updated',
  'crm.contact.created': 'CRM contact created',
  'crm.contact.updated': 'CRM contact updated',
  'crm.lead.created': 'CRM lead created',
  'crm.lead.updated': 'CRM lead updated',
  'crm.lead.converted': 'CRM lead converted',
  'crm.opportunity.created': 'CRM opportunity created',
  'crm.opportunity.updated': 'CRM opportunity updated',
  'crm.activity.logged': 'CRM activity logged',
  'ats.job.created': 'Job created',
  'ats.job.updated': 'Job updated',
  'ats.candidate.created': 'Candidate added',
  'ats.candidate.updated': 'Candidate updated',
  'ats.candidates.imported': 'Candidates imported',
  'ats.resume.uploaded': 'Résumé uploaded',
  'ats.application.created': 'Application added',
  'ats.application.moved': 'Application moved',
  'ats.interview.scheduled': 'Interview scheduled',
  'ats.interview.updated': 'Interview changed',
  'ats.interview.cancelled': 'Interview cancelled',
  'ats.feedback.submitted': 'Interview feedback submitted',
  'project.created': 'Project created',
  'project.updated': 'Project updated',
  'task.created': 'Task created',
  'task.updated': 'Task updated',
  'task.moved': 'Task moved',
  'task.commented': 'Task commented',
};

export const AUDIT_TARGET_TYPES = [
  'company',
  'organization',
  'entity',
  'user',
  'session',
  'job',
  'candidate',
  'application',
  'interview',
  'employee',
  'leave_type',
  'leave_request',
  'holiday',
  'time_entry',
  'timesheet',
  'attendance_settings',
  'payroll_settings',
  'pay_schedule',
  'pay_record',
  'pay_run',
  'pay_component',
  'checklist_template',
  'checklist_task',
  'project',
  'task',
  'crm_client',
  'crm_contact',
  'crm_lead',
  'crm_opportunity',
  'crm_activity',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_MESSAGES = {
  invalidFrom: 'From must be a date and time',
  invalidTo: 'To must be a date and time',
  fromAfterTo: 'From must not be after To',
  loadFailed: 'Failed to load audit events. Please try again.',
  exportFailed: 'Failed to export audit events. Please try again.',
} as const;

/**
 * Fields that keep records in order or in step (a board card's rank, the edit version, the last
 * write time, the tenant), not facts a person changed: they never reach an event's before and
 * after (record-event.ts leaves them out; the log's page hides them in events kept from before).
 * Compared after lower-casing and removing `_` and `-`, so `sort_order` is `sortOrder`.
 */
const INTERNAL_AUDIT_FIELDS = new Set(['rank', 'version', 'position', 'sortorder', 'updatedat', 'companyid', 'searchvector', 'searchtext']);
export const isInternalAuditField = (field: string) => INTERNAL_AUDIT_FIELDS.has(field.toLowerCase().replace(/[_\-\s]/g, ''));

/** A changed value as the log keeps it: JSON scalars, lists of them, or nothing. */
export type AuditValue = string | number | boolean | null | AuditValue[];

export const auditChange = z.object({
  field: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditChange = z.infer<typeof auditChange>;

export const auditEvent = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  changes: z.array(auditChange),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const auditEventPage = page(auditEvent);

const optionalText = optionalPlainText({ max: 200 })
  .optional()
  .transform((v) => (v ? v : undefined));

/** An ISO 8601 date and time with its offset (Z or ±hh:mm), as the web app sends it: the shared rule. */
const instant = (message: string) => isoDateTime(message).optional();

/** The filters of the list and of its CSV export (the same view). */
export const auditFilterShape = {
  actor: optionalText.describe("Part of the actor's name or email, any case"),
  action: z.enum(AUDIT_ACTIONS).optional(),
  target: optionalText.describe("Part of the target's label, or its exact id"),
  from: instant(AUDIT_MESSAGES.invalidFrom).describe('Earliest time, inclusive (ISO 8601)'),
  to: instant(AUDIT_MESSAGES.invalidTo).describe('Latest time, exclusive (ISO 8601)'),
};

const fromNotAfterTo = (v: { from?: string; to?: string }) => !v.from || !v.to || Date.parse(v.from) <= Date.parse(v.to);

export const auditFilter = z.object(auditFilterShape).refine(fromNotAfterTo, { message: AUDIT_MESSAGES.fromAfterTo, path: ['from'] });
export type AuditFilter = z.infer<typeof auditFilter>;

export const auditListQuery = z
  .object({ ...auditFilterShape, ...pageQuery.shape })
  .refine(fromNotAfterTo, { message: AUDIT_MESSAGES.fromAfterTo, path: ['from'] });
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const AUDIT_PAGE_SIZE = Math.min(50, MAX_PAGE_SIZE);

/** CSV columns of the export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'time',
  'actor_id',
  'actor_name',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'target_label',
  'changes',
  'ip_address',
  'user_agent',
  'request_id',
] as const;
