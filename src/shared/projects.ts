import { z } from 'zod';
import { entityFilter, isoDate, moduleTextRules, versionField } from './modules';
import { cursorParam, MAX_PAGE_SIZE } from './pagination';
import { multilineText, nameText, optionalNameText, optionalPlainText, plainText, uuid } from './text';

/** Spec §4's project labels, now real values. */
export const PROJECT_STATUSES = ['planning', 'in_progress', 'review', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planning: 'Planning',
  in_progress: 'In Progress',
  review: 'Review',
  completed: 'Completed',
};

export const PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_LABELS: Record<Priority, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

/** The board's columns, in order (issue 16). */
export const TASK_STATUSES = ['todo', 'in_progress', 'in_review', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { todo: 'To Do', in_progress: 'In Progress', in_review: 'In Review', done: 'Done' };

export const PROJECTS_MESSAGES = {
  nameRequired: 'Project name is required',
  keyInvalid: 'The key must be 2 to 6 capital letters (A–Z), e.g. WEB.',
  keyTaken: 'A project with this key already exists in this entity.',
  statusRequired: 'Choose a status',
  priorityRequired: 'Choose a priority',
  startDateInvalid: 'Start date must be a date (YYYY-MM-DD)',
  dueDateInvalid: 'Due date must be a date (YYYY-MM-DD)',
  dueBeforeStart: 'The due date cannot be before the start date.',
  projectNotFound: 'Project not found',
  userNotEligible: 'Lead, members and assignees must be users with Projects access in this entity.',
  projectCreated: 'Project created',
  projectUpdated: 'Project updated',
  titleRequired: 'Task title is required',
  taskNotFound: 'Task not found',
  taskCreated: 'Task created',
  taskUpdated: 'Task updated',
  neighbourNotFound: 'The task to place this one beside is not in that column any more. Reload the board and try again.',
  commentRequired: 'Write a comment first',
  commentAdded: 'Comment added',
  followed: 'You will hear when this task changes status',
  unfollowed: 'You will no longer hear about this task',
  labelInvalid: 'Labels are 1 to 30 characters each, at most 10 per task.',
  projectRequired: 'Choose a project',
  moveFailed: 'The card could not be moved; it is back where it was.',
} as const;

const text = (max: number) => optionalPlainText(moduleTextRules(max));
/** Markdown: line breaks and tabs are its structure (the shared multi-line rule). */
const markdown = (max: number) => multilineText(moduleTextRules(max));

export const projectKey = z
  .string({ error: PROJECTS_MESSAGES.keyInvalid })
  .trim()
  .regex(/^[A-Z]{2,6}$/, PROJECTS_MESSAGES.keyInvalid);

const optionalDate = (message: string) => isoDate(message).nullable();
const userId = uuid(PROJECTS_MESSAGES.userNotEligible);

const projectFields = {
  name: nameText({ required: PROJECTS_MESSAGES.nameRequired, ...moduleTextRules(100) }),
  key: projectKey,
  description: markdown(10_000),
  status: z.enum(PROJECT_STATUSES, { error: PROJECTS_MESSAGES.statusRequired }),
  priority: z.enum(PRIORITIES, { error: PROJECTS_MESSAGES.priorityRequired }),
  leadId: userId.nullable(),
  memberIds: z.array(userId).max(200),
  startDate: optionalDate(PROJECTS_MESSAGES.startDateInvalid),
  dueDate: optionalDate(PROJECTS_MESSAGES.dueDateInvalid),
};

const datesInOrder = (v: { startDate?: string | null; dueDate?: string | null }) => !v.startDate || !v.dueDate || v.dueDate >= v.startDate;

export const projectCreateInput = z
  .object({
    entityId: uuid('Choose an entity'),
    name: projectFields.name,
    key: projectFields.key,
    description: projectFields.description.default(''),
    status: projectFields.status.default('planning'),
    priority: projectFields.priority.default('medium'),
    leadId: projectFields.leadId.default(null),
    memberIds: projectFields.memberIds.default([]),
    startDate: projectFields.startDate.default(null),
    dueDate: projectFields.dueDate.default(null),
  })
  .strict()
  .refine(datesInOrder, { message: PROJECTS_MESSAGES.dueBeforeStart, path: ['dueDate'] });
export type ProjectCreateInput = z.input<typeof projectCreateInput>;

export const projectUpdateInput = z
  .object({
    name: projectFields.name.optional(),
    key: projectFields.key.optional(),
    description: projectFields.description.optional(),
    status: projectFields.status.optional(),
    priority: projectFields.priority.optional(),
    leadId: projectFields.leadId.optional(),
    memberIds: projectFields.memberIds.optional(),
    startDate: projectFields.startDate.optional(),
    dueDate: projectFields.dueDate.optional(),
    version: versionField,
  })
  .strict()
  .refine(datesInOrder, { message: PROJECTS_MESSAGES.dueBeforeStart, path: ['dueDate'] });
export type ProjectUpdateInput = z.input<typeof projectUpdateInput>;

const person = z.object({ id: z.uuid(), name: z.string() });
export type Person = z.infer<typeof person>;

export const project = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  entityName: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  priority: z.enum(PRIORITIES),
  lead: person.nullable(),
  members: z.array(person),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  taskCount: z.number().int(),
  doneCount: z.number().int(),
  /** Share of tasks done, 0–100 (0 without tasks). */
  progress: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof project>;

const limit = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);

export const PROJECT_SORTS = ['name', 'key', 'dueDate', 'createdAt'] as const;
export const projectFilters = entityFilter.extend({
  q: text(100).optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  priority: z.enum(PRIORITIES).optional(),
  sort: z.enum(PROJECT_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export const projectListQuery = projectFilters.extend({ limit: limit.default(25), cursor: cursorParam(2000).optional() });
export type ProjectListQuery = z.infer<typeof projectListQuery>;
export const projectPage = z.object({ items: z.array(project), nextCursor: z.string().nullable() });
export type ProjectPage = z.infer<typeof projectPage>;

export const PROJECT_CSV_COLUMNS = ['Key', 'Name', 'Status', 'Priority', 'Lead', 'Start Date', 'Due Date', 'Tasks', 'Done', 'Progress', 'Entity'] as const;

// ---------------------------------------------------------------------------------------------
// Tasks
// ---------------------------------------------------------------------------------------------

export const label = optionalNameText({ max: 30, maxMessage: PROJECTS_MESSAGES.labelInvalid }).pipe(z.string().min(1, PROJECTS_MESSAGES.labelInvalid));
const labels = z.array(label).max(10, PROJECTS_MESSAGES.labelInvalid);

const taskFields = {
  title: plainText({ required: PROJECTS_MESSAGES.titleRequired, ...moduleTextRules(200) }),
  description: markdown(20_000),
  priority: z.enum(PRIORITIES, { error: PROJECTS_MESSAGES.priorityRequired }),
  assigneeId: userId.nullable(),
  dueDate: optionalDate(PROJECTS_MESSAGES.dueDateInvalid),
  labels,
};

export const taskCreateInput = z
  .object({
    projectId: uuid(PROJECTS_MESSAGES.projectRequired),
    title: taskFields.title,
    description: taskFields.description.default(''),
    status: z.enum(TASK_STATUSES, { error: PROJECTS_MESSAGES.statusRequired }).default('todo'),
    priority: taskFields.priority.default('medium'),
    assigneeId: taskFields.assigneeId.default(null),
    dueDate: taskFields.dueDate.default(null),
    labels: labels.default([]),
  })
  .strict();
export type TaskCreateInput = z.input<typeof taskCreateInput>;

/** Content only: where a task sits (status, order) changes by a move, which takes no version. */
export const taskUpdateInput = z
  .object({
    title: taskFields.title.optional(),
    description: taskFields.description.optional(),
    priority: taskFields.priority.optional(),
    assigneeId: taskFields.assigneeId.optional(),
    dueDate: taskFields.dueDate.optional(),
    labels: labels.optional(),
    version: versionField,
  })
  .strict();
export type TaskUpdateInput = z.input<typeof taskUpdateInput>;

/**
 * A move on the board: the column, and the cards it lands between as the mover saw them (either
 * may be null: the top or the bottom of the column). Only the moved task's rank is written.
 */
export const taskMoveInput = z
  .object({
    status: z.enum(TASK_STATUSES, { error: PROJECTS_MESSAGES.statusRequired }),
    afterId: uuid(PROJECTS_MESSAGES.neighbourNotFound).nullable().default(null),
    beforeId: uuid(PROJECTS_MESSAGES.neighbourNotFound).nullable().default(null),
  })
  .strict();
export type TaskMoveInput = z.input<typeof taskMoveInput>;

export const task = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  projectId: z.uuid(),
  projectKey: z.string(),
  projectName: z.string(),
  number: z.number().int(),
  /** KEY-number, e.g. WEB-12. */
  code: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(PRIORITIES),
  assignee: person.nullable(),
  dueDate: z.string().nullable(),
  labels: z.array(z.string()),
  rank: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof task>;

export const TASK_SORTS = ['number', 'dueDate', 'createdAt', 'updatedAt', 'rank'] as const;
export const taskFilters = entityFilter.extend({
  projectId: uuid(PROJECTS_MESSAGES.projectNotFound).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  assigneeId: z.union([z.literal('none'), uuid(PROJECTS_MESSAGES.userNotEligible)]).optional(),
  label: label.optional(),
  overdue: z.enum(['true', 'false']).optional(),
  q: text(100).optional(),
  sort: z.enum(TASK_SORTS).default('number'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export const taskListQuery = taskFilters.extend({ limit: limit.default(25), cursor: cursorParam(2000).optional() });
export type TaskListQuery = z.infer<typeof taskListQuery>;
export const taskPage = z.object({ items: z.array(task), nextCursor: z.string().nullable() });
export type TaskPage = z.infer<typeof taskPage>;

/** The board: one project's columns, each with its first page in rank order and its size. */
export const BOARD_PAGE_SIZE = 50;
export const board = z.object({
  project: project,
  columns: z.array(z.object({ status: z.enum(TASK_STATUSES), total: z.number().int(), items: z.array(task), nextCursor: z.string().nullable() })),
});
export type Board = z.infer<typeof board>;

export const commentInput = z.object({ body: multilineText({ required: PROJECTS_MESSAGES.commentRequired, ...moduleTextRules(5000) }) }).strict();
export const comment = z.object({ id: z.uuid(), author: person.nullable(), authorName: z.string(), body: z.string(), createdAt: z.string() });
export type Comment = z.infer<typeof comment>;

export const ACTIVITY_KINDS = ['created', 'updated', 'moved', 'commented'] as const;
export const activity = z.object({
  id: z.uuid(),
  kind: z.enum(ACTIVITY_KINDS),
  actorName: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() })),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activity>;

/** Whether the caller follows a task (hears of its status changes), and how many people do. */
export const taskFollowing = z.object({ following: z.boolean(), followers: z.number().int() }).meta({ id: 'TaskFollowing' });
export type TaskFollowing = z.infer<typeof taskFollowing>;

export const taskDetail = task.extend({ comments: z.array(comment), activity: z.array(activity), ...taskFollowing.shape });
export type TaskDetail = z.infer<typeof taskDetail>;

/** Import columns (the header row names them; any order). */
export const TASK_CSV_COLUMNS = ['Project Key', 'Title', 'Description', 'Status', 'Priority', 'Assignee Email', 'Due Date', 'Labels'] as const;
export const TASK_EXPORT_COLUMNS = ['Code', 'Project Key', 'Title', 'Description', 'Status', 'Priority', 'Assignee Email', 'Due Date', 'Labels', 'Created At'] as const;

/** Users who may lead, join or be assigned in an entity: those holding Projects there. */
export const eligibleUser = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type EligibleUser = z.infer<typeof eligibleUser>;

export const projectsDashboard = z.object({
  activeProjects: z.number().int(),
  openTasks: z.number().int(),
  overdueTasks: z.number().int(),
  doneThisWeek: z.number().int(),
  tasksByStatus: z.array(z.object({ status: z.enum(TASK_STATUSES), tasks: z.number().int() })),
  projectsByPriority: z.array(z.object({ priority: z.enum(PRIORITIES), projects: z.number().int() })),
});
export type ProjectsDashboard = z.infer<typeof projectsDashboard>;

/** What the event stream sends: a task as the receiver may read it, or that it is gone from their view. */
export const taskEvent = z.object({ kind: z.enum(['created', 'updated', 'moved']), task });
export type TaskEvent = z.infer<typeof taskEvent>;

export const eventsQuery = entityFilter.extend({ projectId: uuid(PROJECTS_MESSAGES.projectNotFound).optional() });
