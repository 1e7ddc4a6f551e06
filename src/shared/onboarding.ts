import { z } from 'zod';
import { entityFilter, moduleTextRules, versionField } from './modules';
import { multilineText, nameText } from './text';

/**
 * Onboarding and offboarding checklists (issue 34). An entity's App Admins keep checklist
 * templates; starting an employee copies the entity's default onboarding template into the
 * employee's checklist, and scheduling a termination its default offboarding template. Each task
 * is due a number of days before or after the anchor day (the start date, or the last day) and is
 * assigned to HR, the employee's manager, the employee, or a named user.
 */
export const CHECKLIST_KINDS = ['onboarding', 'offboarding'] as const;
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];
export const CHECKLIST_KIND_LABELS: Record<ChecklistKind, string> = { onboarding: 'Onboarding', offboarding: 'Offboarding' };
/** The day a kind's due dates count from. */
export const CHECKLIST_ANCHOR_LABELS: Record<ChecklistKind, string> = { onboarding: 'Start date', offboarding: 'Last day' };

export const ASSIGNEE_KINDS = ['hr', 'manager', 'employee', 'user'] as const;
export type AssigneeKind = (typeof ASSIGNEE_KINDS)[number];
export const ASSIGNEE_KIND_LABELS: Record<AssigneeKind, string> = { hr: 'HR', manager: 'Manager', employee: 'Employee', user: 'A named user' };

/** A task is due at most a year before or after its anchor day. */
export const MAX_DUE_OFFSET_DAYS = 365;

export const ONBOARDING_MESSAGES = {
  templateNameRequired: 'Template name is required',
  templateTaken: 'A template with this name already exists for this kind in this entity.',
  templateNotFound: 'Checklist template not found',
  kindRequired: 'Choose onboarding or offboarding',
  taskTitleRequired: 'Task title is required',
  assigneeKindRequired: 'Choose who the task is for',
  assigneeUserRequired: 'Choose the user the task is for',
  assigneeUserNotFound: 'The named user must hold HRMS at this entity.',
  dueOffsetInvalid: `Due must be a whole number of days from -${MAX_DUE_OFFSET_DAYS} to ${MAX_DUE_OFFSET_DAYS}.`,
  templateTaskNotFound: 'Template task not found',
  taskNotFound: 'Checklist task not found',
  cannotComplete: 'Only HR or the person the task is assigned to can tick it.',
  templateCreated: 'Template created',
  templateUpdated: 'Template updated',
  taskAdded: 'Task added',
  taskUpdated: 'Task updated',
  taskRemoved: 'Task removed',
} as const;

const templateName = nameText({ required: ONBOARDING_MESSAGES.templateNameRequired, ...moduleTextRules(100) });
const kind = z.enum(CHECKLIST_KINDS, { error: ONBOARDING_MESSAGES.kindRequired });

export const checklistTemplateCreateInput = z
  .object({ entityId: z.uuid({ error: 'Choose an entity' }), kind, name: templateName, isDefault: z.boolean().default(false) })
  .strict();
export const checklistTemplateUpdateInput = z.object({ name: templateName.optional(), isDefault: z.boolean().optional(), version: versionField }).strict();
export type ChecklistTemplateCreateInput = z.input<typeof checklistTemplateCreateInput>;
export type ChecklistTemplateUpdateInput = z.input<typeof checklistTemplateUpdateInput>;

const dueOffsetDays = z
  .number({ error: ONBOARDING_MESSAGES.dueOffsetInvalid })
  .int(ONBOARDING_MESSAGES.dueOffsetInvalid)
  .min(-MAX_DUE_OFFSET_DAYS, ONBOARDING_MESSAGES.dueOffsetInvalid)
  .max(MAX_DUE_OFFSET_DAYS, ONBOARDING_MESSAGES.dueOffsetInvalid);

const templateTaskFields = {
  title: nameText({ required: ONBOARDING_MESSAGES.taskTitleRequired, ...moduleTextRules(200) }),
  description: multilineText(moduleTextRules(2000)),
  assigneeKind: z.enum(ASSIGNEE_KINDS, { error: ONBOARDING_MESSAGES.assigneeKindRequired }),
  assigneeUserId: z.uuid({ error: ONBOARDING_MESSAGES.assigneeUserNotFound }).toLowerCase().nullable(),
  dueOffsetDays,
};

/** A named user goes with "a named user", and only with it. */
const namedUserRule = <T extends { assigneeKind?: AssigneeKind; assigneeUserId?: string | null }>(v: T) => (v.assigneeKind === 'user') === Boolean(v.assigneeUserId);
const namedUserIssue = { message: ONBOARDING_MESSAGES.assigneeUserRequired, path: ['assigneeUserId'] };

export const templateTaskCreateInput = z
  .object({
    ...templateTaskFields,
    description: templateTaskFields.description.default(''),
    assigneeUserId: templateTaskFields.assigneeUserId.default(null),
    dueOffsetDays: dueOffsetDays.default(0),
  })
  .strict()
  .refine(namedUserRule, namedUserIssue);
/** An edit sends the whole task (the dialog's fields), so the assignee rule can be checked as one. */
export const templateTaskUpdateInput = z
  .object({ ...templateTaskFields, version: versionField })
  .strict()
  .refine(namedUserRule, namedUserIssue);
export type TemplateTaskCreateInput = z.input<typeof templateTaskCreateInput>;
export type TemplateTaskUpdateInput = z.input<typeof templateTaskUpdateInput>;

export const templateTask = z.object({
  id: z.uuid(),
  templateId: z.uuid(),
  title: z.string(),
  description: z.string(),
  assigneeKind: z.enum(ASSIGNEE_KINDS),
  assigneeUserId: z.uuid().nullable(),
  assigneeName: z.string().nullable(),
  dueOffsetDays: z.number().int(),
  version: z.number().int(),
});
export type TemplateTask = z.infer<typeof templateTask>;

export const checklistTemplate = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  kind: z.enum(CHECKLIST_KINDS),
  name: z.string(),
  isDefault: z.boolean(),
  tasks: z.array(templateTask),
  version: z.number().int(),
});
export type ChecklistTemplate = z.infer<typeof checklistTemplate>;
export const checklistTemplateList = z.object({ items: z.array(checklistTemplate) });

export const CHECKLIST_STATUSES = ['open', 'done'] as const;
export const checklistListQuery = entityFilter.extend({
  kind: z.enum(CHECKLIST_KINDS).optional(),
  status: z.enum(CHECKLIST_STATUSES).optional(),
  employeeId: z.uuid().optional(),
  /** Only the caller's own checklist and the tasks assigned to them, even where they are HR (the portal). */
  mine: z.enum(['true', 'false']).optional(),
});
export type ChecklistListQuery = z.infer<typeof checklistListQuery>;

export const checklistTask = z.object({
  id: z.uuid(),
  checklistId: z.uuid(),
  title: z.string(),
  description: z.string(),
  assigneeKind: z.enum(ASSIGNEE_KINDS),
  /** null: nobody resolved (no manager, no linked account), so HR does it. */
  assigneeUserId: z.uuid().nullable(),
  assigneeName: z.string().nullable(),
  dueDate: z.string(),
  doneAt: z.string().nullable(),
  doneByName: z.string().nullable(),
  /** The caller may tick or untick it. */
  canComplete: z.boolean(),
});
export type ChecklistTask = z.infer<typeof checklistTask>;

export const checklist = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  kind: z.enum(CHECKLIST_KINDS),
  name: z.string(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  jobTitle: z.string(),
  /** The start date (onboarding) or the last day (offboarding). */
  anchorDate: z.string(),
  totalTasks: z.number().int(),
  doneTasks: z.number().int(),
  overdueTasks: z.number().int(),
  /** The earliest due date of a task not done yet; null when all are done. */
  nextDueDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The tasks the caller may see: all of them for HR, else those assigned to the caller. */
  tasks: z.array(checklistTask),
});
export type Checklist = z.infer<typeof checklist>;
/** At most CHECKLIST_LIST_LIMIT checklists, overdue first; `more` says some were left out. */
export const CHECKLIST_LIST_LIMIT = 100;
export const checklistList = z.object({ items: z.array(checklist), more: z.boolean() });
export type ChecklistList = z.infer<typeof checklistList>;

export const taskDoneInput = z.object({ done: z.boolean() }).strict();
