import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import {
  CHECKLIST_KIND_LABELS,
  CHECKLIST_LIST_LIMIT,
  ONBOARDING_MESSAGES,
  type AssigneeKind,
  type Checklist,
  type ChecklistKind,
  type ChecklistList,
  type ChecklistListQuery,
  type ChecklistTemplate,
  type ChecklistTask,
  type TemplateTask,
  type checklistTemplateCreateInput,
  type checklistTemplateUpdateInput,
  type templateTaskCreateInput,
  type templateTaskUpdateInput,
} from '@/shared/onboarding';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { hrmsChecklists, hrmsChecklistTasks, hrmsChecklistTemplates, hrmsChecklistTemplateTasks, hrmsEmployees, users } from '../../db/schema';
import { pipelined, type Tx } from '../../db/tenant';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { productUsers, scopeCondition, type ModuleScope } from '../../platform/scope';
import { isoTextOrNull, uuidArray } from '../../platform/sql';
import { addDays, today } from './dates';
import { hrms, uniqueOr409 } from './module';

/*
 * Onboarding and offboarding (issue 34). An entity's App Admins keep checklist templates; the
 * entity's default template of a kind is copied into an employee's checklist when they start
 * (startChecklist, called from the employee's creation and from the ATS hire) or are given a last
 * day that has not passed (from the termination), in that change's transaction. Each task's
 * assignee is resolved then, once: HR (nobody in particular), the employee's manager's account,
 * the employee's own account, or the named user; a manager or employee without an account leaves
 * the task to HR.
 *
 * Who sees what (the list and the tick run under hrms.selfScope, so an employee or a manager
 * without an HRMS grant is admitted on their own records): HR (Member or App Admin at the entity)
 * sees every checklist of the entity and ticks any task; anyone else sees their own checklist and
 * the tasks assigned to them, and ticks only the latter.
 */

const userName = (u: { id: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`case when ${u.id} is null then null else ${u.firstName} || ' ' || ${u.lastName} end`;
const named = alias(users, 'named');
const doneBy = alias(users, 'done_by_user');

// ----- templates (HRMS settings) -----------------------------------------------------------------

const templateTaskFields = {
  id: hrmsChecklistTemplateTasks.id,
  templateId: hrmsChecklistTemplateTasks.templateId,
  title: hrmsChecklistTemplateTasks.title,
  description: hrmsChecklistTemplateTasks.description,
  assigneeKind: sql<AssigneeKind>`${hrmsChecklistTemplateTasks.assigneeKind}`,
  assigneeUserId: hrmsChecklistTemplateTasks.assigneeUserId,
  assigneeName: userName(named),
  dueOffsetDays: hrmsChecklistTemplateTasks.dueOffsetDays,
  version: hrmsChecklistTemplateTasks.version,
};

const selectTemplateTasks = (tx: Tx, where: SQL | undefined) =>
  tx
    .select(templateTaskFields)
    .from(hrmsChecklistTemplateTasks)
    .leftJoin(named, eq(named.id, hrmsChecklistTemplateTasks.assigneeUserId))
    .where(where)
    .orderBy(asc(hrmsChecklistTemplateTasks.dueOffsetDays), asc(hrmsChecklistTemplateTasks.createdAt), asc(hrmsChecklistTemplateTasks.id));

async function readTemplates(tx: Tx, where: SQL): Promise<ChecklistTemplate[]> {
  const t = hrmsChecklistTemplates;
  const templates = await tx
    .select({ id: t.id, entityId: t.entityId, kind: sql<ChecklistKind>`${t.kind}`, name: t.name, isDefault: t.isDefault, version: t.version })
    .from(t)
    .where(where)
    .orderBy(asc(t.kind), asc(t.name), asc(t.id));
  if (templates.length === 0) return [];
  const tasks = await selectTemplateTasks(tx, inArray(hrmsChecklistTemplateTasks.templateId, templates.map((x) => x.id)));
  return templates.map((x) => ({ ...x, tasks: tasks.filter((task) => task.templateId === x.id) }));
}

async function readTemplate(tx: Tx, id: string): Promise<ChecklistTemplate> {
  const [template] = await readTemplates(tx, eq(hrmsChecklistTemplates.id, id));
  if (!template) throw notFound(ONBOARDING_MESSAGES.templateNotFound);
  return template;
}

/** The templates of the caller's entities (HR reads them; App Admins change them). */
export function listTemplates(db: Db, user: SessionUser, query: { entityId?: string }) {
  return hrms.scope(db, user, 'member', async (tx, scope) => ({ items: await readTemplates(tx, scopeCondition('hrms_checklist_templates', scope)) }), query.entityId);
}

/** What the log keeps of a template: its facts, not its tasks' free text. */
const templateFacts = (t: ChecklistTemplate) => ({ kind: CHECKLIST_KIND_LABELS[t.kind], name: t.name, isDefault: t.isDefault, tasks: t.tasks.length });
const templateTarget = (t: ChecklistTemplate) => ({ type: 'checklist_template' as const, id: t.id, label: `${CHECKLIST_KIND_LABELS[t.kind]}: ${t.name}` });
const taskFacts = (t: TemplateTask) => ({ task: t.title, assignee: t.assigneeName ?? t.assigneeKind, dueOffsetDays: t.dueOffsetDays });

/**
 * One default template per entity and kind (a unique index): making one the default first takes
 * it from the others (`except`: the template being changed).
 */
async function clearDefault(tx: Tx, of: { entityId: string; kind: string }, except?: string) {
  const t = hrmsChecklistTemplates;
  await tx
    .update(t)
    .set({ isDefault: false, version: sql`${t.version} + 1`, updatedAt: new Date() })
    .where(and(eq(t.entityId, of.entityId), eq(t.kind, of.kind), eq(t.isDefault, true), except ? sql`${t.id} <> ${except}` : undefined));
}

const uniqueName = <T>(write: () => Promise<T>) => uniqueOr409('hrms_checklist_templates_entity_name_key', ONBOARDING_MESSAGES.templateTaken, write);

export function createTemplate(db: Db, user: SessionUser, input: z.output<typeof checklistTemplateCreateInput>, audit: AuditContext): Promise<ChecklistTemplate> {
  return uniqueName(() =>
    hrms.scope(
      db,
      user,
      'app_admin',
      async (tx, scope) => {
        if (input.isDefault) await clearDefault(tx, input);
        const [row] = await tx.insert(hrmsChecklistTemplates).values({ companyId: scope.companyId, ...input }).returning();
        const created = await readTemplate(tx, row!.id);
        await hrms.audit(tx, scope, audit, 'hrms.checklist_template.created', templateTarget(created), undefined, templateFacts(created));
        return created;
      },
      input.entityId,
    ),
  );
}

export function updateTemplate(db: Db, user: SessionUser, id: string, input: z.output<typeof checklistTemplateUpdateInput>, audit: AuditContext): Promise<ChecklistTemplate> {
  return uniqueName(() =>
    hrms.scope(db, user, 'app_admin', async (tx, scope) => {
      const row = await hrms.lock(tx, hrmsChecklistTemplates, id, input.version, ONBOARDING_MESSAGES.templateNotFound);
      const before = await readTemplate(tx, id);
      if (input.isDefault) await clearDefault(tx, row, id);
      await hrms.save(tx, hrmsChecklistTemplates, id, { name: input.name, isDefault: input.isDefault });
      const after = await readTemplate(tx, id);
      await hrms.audit(tx, scope, audit, 'hrms.checklist_template.updated', templateTarget(after), templateFacts(before), templateFacts(after));
      return after;
    }),
  );
}

/** Who a template task may name at the entity (App Admin): the users holding HRMS there. */
export function assigneeOptions(db: Db, user: SessionUser, entityId: string) {
  return hrms.scope(db, user, 'app_admin', async (tx, scope) => ({ items: await productUsers(tx, scope.companyId, 'hrms', entityId) }), entityId);
}

/** A named assignee must hold HRMS at the template's entity: someone who can open the task. */
async function checkNamedUser(tx: Tx, scope: ModuleScope, entityId: string, userId: string | null) {
  if (userId === null) return;
  const found = await productUsers(tx, scope.companyId, 'hrms', entityId, [userId]);
  if (found.length === 0) throw badRequest(ONBOARDING_MESSAGES.assigneeUserNotFound);
}

async function readTemplateTask(tx: Tx, id: string): Promise<TemplateTask> {
  const [task] = await selectTemplateTasks(tx, eq(hrmsChecklistTemplateTasks.id, id));
  if (!task) throw notFound(ONBOARDING_MESSAGES.templateTaskNotFound);
  return task;
}

/** Adds a task to a template (App Admin of its entity). */
export function addTemplateTask(db: Db, user: SessionUser, templateId: string, input: z.output<typeof templateTaskCreateInput>, audit: AuditContext): Promise<TemplateTask> {
  return hrms.scope(db, user, 'app_admin', async (tx, scope) => {
    // Locked, so the template's task count in its event is the one this change made.
    const [template] = await tx.select().from(hrmsChecklistTemplates).where(eq(hrmsChecklistTemplates.id, templateId)).for('update');
    if (!template) throw notFound(ONBOARDING_MESSAGES.templateNotFound);
    await checkNamedUser(tx, scope, template.entityId, input.assigneeUserId);
    const [row] = await tx
      .insert(hrmsChecklistTemplateTasks)
      .values({ companyId: scope.companyId, entityId: template.entityId, templateId, ...input })
      .returning({ id: hrmsChecklistTemplateTasks.id });
    const task = await readTemplateTask(tx, row!.id);
    await hrms.audit(tx, scope, audit, 'hrms.checklist_template.task_added', templateTarget(await readTemplate(tx, templateId)), undefined, taskFacts(task));
    return task;
  });
}

export function updateTemplateTask(db: Db, user: SessionUser, id: string, input: z.output<typeof templateTaskUpdateInput>, audit: AuditContext): Promise<TemplateTask> {
  return hrms.scope(db, user, 'app_admin', async (tx, scope) => {
    const row = await hrms.lock(tx, hrmsChecklistTemplateTasks, id, input.version, ONBOARDING_MESSAGES.templateTaskNotFound);
    await checkNamedUser(tx, scope, row.entityId, input.assigneeUserId);
    const before = await readTemplateTask(tx, id);
    const { version: _, ...values } = input;
    await hrms.save(tx, hrmsChecklistTemplateTasks, id, values);
    const after = await readTemplateTask(tx, id);
    await hrms.audit(tx, scope, audit, 'hrms.checklist_template.task_updated', templateTarget(await readTemplate(tx, row.templateId)), taskFacts(before), taskFacts(after));
    return after;
  });
}

/** Removes a task from a template; checklists already made keep their copy. */
export function deleteTemplateTask(db: Db, user: SessionUser, id: string, version: number, audit: AuditContext): Promise<TemplateTask> {
  return hrms.scope(db, user, 'app_admin', async (tx, scope) => {
    const row = await hrms.lock(tx, hrmsChecklistTemplateTasks, id, version, ONBOARDING_MESSAGES.templateTaskNotFound);
    const before = await readTemplateTask(tx, id);
    await tx.delete(hrmsChecklistTemplateTasks).where(eq(hrmsChecklistTemplateTasks.id, id));
    await hrms.audit(tx, scope, audit, 'hrms.checklist_template.task_removed', templateTarget(await readTemplate(tx, row.templateId)), taskFacts(before));
    return before;
  });
}

// ----- starting a checklist ------------------------------------------------------------------------

/** The page an assignee opens: HR and named users hold HRMS and work from the list; the others from the portal. */
const taskUrl = (kind: ChecklistKind, assigneeKind: AssigneeKind, checklistId: string) =>
  assigneeKind === 'manager' || assigneeKind === 'employee' ? '/hrms/portal' : `/hrms/${kind}?checklist=${checklistId}`;

/** HR at an entity: the users holding HRMS there as Member or App Admin. */
async function hrUsers(tx: Tx, companyId: string, entityId: string): Promise<string[]> {
  const { rows } = await tx.execute(sql`
    select a.user_id from user_product_access a join products p on p.id = a.product_id
    where a.company_id = ${companyId} and a.entity_id = ${entityId} and p.type = 'hrms' and a.role_type in ('member', 'app_admin')`);
  return rows.map((r) => String((r as { user_id: string }).user_id));
}

/** What making an employee's checklist needs to know: the employee, and the entity's default template of the kind. */
export interface ChecklistStart {
  entityId: string;
  name: string;
  anchor: string;
  userId: string | null;
  managerUserId: string | null;
  template: { id: string; name: string };
}

/**
 * Reads, in one statement, what `startChecklist` needs: null when there is nothing to make (no
 * such employee, no date to count from, an offboarding whose last day has passed, no default
 * template). One statement, so a caller can send it with the statements before it (the employee's
 * insert) and pass its answer to `startChecklist`. `endDate`: the last day the caller is setting
 * (a termination, saved after this read).
 */
export async function readChecklistStart(tx: Tx, employeeId: string, kind: ChecklistKind, endDate?: string): Promise<ChecklistStart | null> {
  const e = hrmsEmployees;
  const m = alias(hrmsEmployees, 'm');
  const t = hrmsChecklistTemplates;
  const [found] = await tx
    .select({
      entityId: e.entityId,
      name: sql<string>`${e.firstName} || ' ' || ${e.lastName}`,
      startDate: e.startDate,
      endDate: e.endDate,
      userId: e.userId,
      managerUserId: m.userId,
      templateId: t.id,
      templateName: t.name,
    })
    .from(e)
    .leftJoin(m, eq(m.id, e.managerId))
    // One default template per entity and kind (a unique index): one row at most.
    .leftJoin(t, and(eq(t.entityId, e.entityId), eq(t.kind, kind), eq(t.isDefault, true)))
    .where(eq(e.id, employeeId));
  const anchor = kind === 'onboarding' ? found?.startDate : (endDate ?? found?.endDate);
  if (!found || !anchor || (kind === 'offboarding' && anchor < today())) return null;
  if (found.templateId === null || found.templateName === null) return null;
  const { entityId, name, userId, managerUserId } = found;
  return { entityId, name, anchor, userId, managerUserId, template: { id: found.templateId, name: found.templateName } };
}

/**
 * Makes the employee's checklist of `kind` from the entity's default template, in the caller's
 * transaction (the employee's creation, the ATS hire, the termination), and tells each task's
 * assignee. Nothing when the entity has no default template, when the employee already has a
 * checklist of that kind, or for an offboarding whose last day has passed (a termination recorded
 * after the fact has nobody left to offboard). `start`: `readChecklistStart`'s answer when the
 * caller has read it already (with its own statements); read here otherwise.
 */
export async function startChecklist(tx: Tx, scope: ModuleScope, employeeId: string, kind: ChecklistKind, start?: ChecklistStart | null): Promise<void> {
  const employee = start === undefined ? await readChecklistStart(tx, employeeId, kind) : start;
  if (!employee) return;
  const { anchor, template } = employee;
  // One round trip: the checklist, its template's tasks and the entity's HR (for the tasks nobody else is given).
  const [[checklist], templateTasks, hrAll] = await pipelined(
    tx,
    () =>
      tx
        .insert(hrmsChecklists)
        .values({ companyId: scope.companyId, entityId: employee.entityId, employeeId, kind, name: template.name, anchorDate: anchor })
        .onConflictDoNothing({ target: [hrmsChecklists.employeeId, hrmsChecklists.kind] })
        .returning({ id: hrmsChecklists.id }),
    () => selectTemplateTasks(tx, eq(hrmsChecklistTemplateTasks.templateId, template.id)),
    () => hrUsers(tx, scope.companyId, employee.entityId),
  );
  if (!checklist) return;
  const resolved: Record<AssigneeKind, (named: string | null) => string | null> = {
    hr: () => null,
    manager: () => employee.managerUserId,
    employee: () => employee.userId,
    user: (named) => named,
  };
  const tasks = templateTasks.map((t) => ({
    companyId: scope.companyId,
    entityId: employee.entityId,
    checklistId: checklist.id,
    title: t.title,
    description: t.description,
    assigneeKind: t.assigneeKind,
    assigneeUserId: resolved[t.assigneeKind](t.assigneeUserId),
    dueDate: addDays(anchor, t.dueOffsetDays),
  }));
  const hr = tasks.some((t) => t.assigneeUserId === null) ? hrAll : [];
  // The tasks, the progress and the notifications' reads of their recipients in one round trip.
  await pipelined(
    tx,
    () => (tasks.length > 0 ? tx.insert(hrmsChecklistTasks).values(tasks) : undefined),
    () => refreshProgress(tx, checklist.id),
    ...tasks.map((task) => () =>
      hrms.notify(tx, scope, {
        recipients: task.assigneeUserId ? [task.assigneeUserId] : hr,
        category: 'onboarding',
        title: `${CHECKLIST_KIND_LABELS[kind]} of ${employee.name}: ${task.title}, due ${task.dueDate}`,
        url: taskUrl(kind, task.assigneeKind, checklist.id),
        entityId: employee.entityId,
        record: { type: 'hrms_checklist', id: checklist.id },
      }),
    ),
  );
}

/** Keeps the checklist's next due date and completion in step with its tasks (the list's order). */
async function refreshProgress(tx: Tx, checklistId: string) {
  await tx.execute(sql`
    update hrms_checklists c set
      next_due_date = (select min(t.due_date) from hrms_checklist_tasks t where t.checklist_id = c.id and t.done_at is null),
      completed_at = case when exists (select 1 from hrms_checklist_tasks t where t.checklist_id = c.id and t.done_at is null) then null
                          else coalesce(c.completed_at, now()) end,
      version = c.version + 1, updated_at = now()
    where c.id = ${checklistId}`);
}

// ----- checklists: the lists and the ticks -------------------------------------------------------

/** Where the caller is HR: Member or App Admin. Elsewhere they see only their own (see the file's note). */
const hrEntities = (scope: ModuleScope) => scope.entityIds.filter((id) => scope.has(id, 'member'));

/**
 * Checklists the caller may see, in progress first by their next due date (so the overdue come
 * first), at most CHECKLIST_LIST_LIMIT, each with the tasks the caller may see.
 */
export function listChecklists(db: Db, user: SessionUser, query: ChecklistListQuery): Promise<ChecklistList> {
  return hrms.selfScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const c = hrmsChecklists;
      const e = hrmsEmployees;
      const hr = query.mine === 'true' ? [] : hrEntities(scope);
      const mine = sql`exists (select 1 from hrms_checklist_tasks t where t.checklist_id = ${c.id} and t.assignee_user_id = ${scope.userId})`;
      const own = scope.self.employeeIds.length > 0 ? sql`${c.employeeId} = any(${uuidArray(scope.self.employeeIds)})` : sql`false`;
      const visible = hr.length > 0 ? sql`(${c.entityId} = any(${uuidArray(hr)}) or ${own} or ${mine})` : sql`(${own} or ${mine})`;
      const conditions = [scopeCondition('hrms_checklists', scope), visible];
      if (query.kind) conditions.push(eq(c.kind, query.kind));
      if (query.employeeId) conditions.push(eq(c.employeeId, query.employeeId));
      if (query.status) conditions.push(query.status === 'open' ? sql`${c.completedAt} is null` : sql`${c.completedAt} is not null`);
      const day = today();
      const rows = await tx
        .select({
          id: c.id,
          entityId: c.entityId,
          kind: sql<ChecklistKind>`${c.kind}`,
          name: c.name,
          employeeId: c.employeeId,
          employeeName: sql<string>`${e.firstName} || ' ' || ${e.lastName}`,
          jobTitle: e.jobTitle,
          anchorDate: c.anchorDate,
          nextDueDate: c.nextDueDate,
          completedAt: isoTextOrNull(c.completedAt),
        })
        .from(c)
        .innerJoin(e, eq(e.id, c.employeeId))
        .where(and(...conditions))
        .orderBy(sql`${c.nextDueDate} asc nulls last`, asc(c.anchorDate), asc(c.id))
        .limit(CHECKLIST_LIST_LIMIT + 1);
      const page = rows.slice(0, CHECKLIST_LIST_LIMIT);
      const tasks = page.length === 0 ? [] : await readTasks(tx, scope, inArray(hrmsChecklistTasks.checklistId, page.map((r) => r.id)));
      const items = page.map((r): Checklist => {
        const all = tasks.filter((t) => t.checklistId === r.id);
        const seesAll = hr.includes(r.entityId) || scope.self.employeeIds.includes(r.employeeId);
        return {
          ...r,
          totalTasks: all.length,
          doneTasks: all.filter((t) => t.doneAt !== null).length,
          overdueTasks: all.filter((t) => t.doneAt === null && t.dueDate < day).length,
          tasks: seesAll ? all : all.filter((t) => t.assigneeUserId === scope.userId),
        };
      });
      return { items, more: rows.length > CHECKLIST_LIST_LIMIT };
    },
    query.entityId,
  );
}

/** Tasks with their assignee's and ticker's names, and whether the caller may tick them. */
async function readTasks(tx: Tx, scope: ModuleScope, where: SQL): Promise<ChecklistTask[]> {
  const t = hrmsChecklistTasks;
  const rows = await tx
    .select({
      id: t.id,
      entityId: t.entityId,
      checklistId: t.checklistId,
      title: t.title,
      description: t.description,
      assigneeKind: sql<AssigneeKind>`${t.assigneeKind}`,
      assigneeUserId: t.assigneeUserId,
      assigneeName: userName(named),
      dueDate: t.dueDate,
      doneAt: isoTextOrNull(t.doneAt),
      doneByName: userName(doneBy),
    })
    .from(t)
    .leftJoin(named, eq(named.id, t.assigneeUserId))
    .leftJoin(doneBy, eq(doneBy.id, t.doneBy))
    .where(where)
    .orderBy(asc(t.dueDate), asc(t.createdAt), asc(t.id));
  return rows.map(({ entityId, ...task }) => ({ ...task, canComplete: mayComplete(scope, { entityId, assigneeUserId: task.assigneeUserId }) }));
}

/** HR at the task's entity, or the task's assignee. */
const mayComplete = (scope: ModuleScope, task: { entityId: string; assigneeUserId: string | null }) => scope.has(task.entityId, 'member') || task.assigneeUserId === scope.userId;

/**
 * Ticks a task done (or back to not done). HR at the entity or the task's assignee; the employee
 * whose checklist it is may read it but not tick another's task (403); anyone else is told it
 * does not exist (404). Ticking twice is the same as once.
 */
export function setTaskDone(db: Db, user: SessionUser, id: string, input: { done: boolean }, audit: AuditContext): Promise<ChecklistTask> {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => {
    const t = hrmsChecklistTasks;
    const [task] = await tx
      .select({ entityId: t.entityId, checklistId: t.checklistId, assigneeUserId: t.assigneeUserId, doneAt: t.doneAt, title: t.title, employeeId: hrmsChecklists.employeeId })
      .from(t)
      .innerJoin(hrmsChecklists, eq(hrmsChecklists.id, t.checklistId))
      .where(eq(t.id, id))
      .for('update', { of: t });
    if (!task) throw notFound(ONBOARDING_MESSAGES.taskNotFound);
    if (!mayComplete(scope, task)) {
      if (scope.self.employeeIds.includes(task.employeeId)) throw forbidden(ONBOARDING_MESSAGES.cannotComplete);
      throw notFound(ONBOARDING_MESSAGES.taskNotFound);
    }
    if ((task.doneAt !== null) !== input.done) {
      await tx
        .update(t)
        .set(input.done ? { doneAt: sql`now()`, doneBy: scope.userId } : { doneAt: null, doneBy: null })
        .where(eq(t.id, id));
      await refreshProgress(tx, task.checklistId);
      const action = input.done ? 'hrms.checklist_task.completed' : 'hrms.checklist_task.reopened';
      await hrms.audit(tx, scope, audit, action, { type: 'checklist_task', id, label: task.title }, { done: !input.done }, { done: input.done });
    }
    const [after] = await readTasks(tx, scope, eq(t.id, id));
    return after!;
  });
}
