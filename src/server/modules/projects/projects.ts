import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import {
  PRIORITIES,
  PRIORITY_LABELS,
  PROJECT_STATUS_LABELS,
  PROJECTS_MESSAGES,
  TASK_STATUSES,
  type Person,
  type Project,
  type ProjectListQuery,
  type projectCreateInput,
  type projectUpdateInput,
} from '@/shared/projects';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { entities, projectsMembers, projectsProjects, projectsTasks, users } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation, type Tx } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, type ModuleScope } from '../../platform/scope';
import { isoText, uuidArray } from '../../platform/sql';
import { projects } from './module';

type ProjectCreate = z.output<typeof projectCreateInput>;
type ProjectUpdate = z.output<typeof projectUpdateInput>;

export const today = () => new Date().toISOString().slice(0, 10);

/** A project as `p` (the name the sorts and filters below use), its entity `en` and lead `l`; `u` a user who may work on it. */
const p = alias(projectsProjects, 'p');
const en = alias(entities, 'en');
const l = alias(users, 'l');
const u = alias(users, 'u');

/** Task counts the caller reads itself (the board counts its columns) spare counting them twice. */
type KnownCounts = { tasks: number; done: number };

const projectFields = {
  id: p.id,
  entityId: p.entityId,
  entityName: en.name,
  key: p.key,
  name: p.name,
  description: p.description,
  status: sql<Project['status']>`${p.status}`,
  priority: sql<Project['priority']>`${p.priority}`,
  leadId: p.leadId,
  leadName: sql<string | null>`case when ${l.id} is null then null else ${l.firstName} || ' ' || ${l.lastName} end`,
  startDate: p.startDate,
  dueDate: p.dueDate,
  version: p.version,
  createdAt: isoText(p.createdAt),
  members: sql<string>`(select coalesce(json_agg(json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) order by u.last_name, u.first_name, u.id), '[]'::json)::text
       from projects_members m join users u on u.id = m.user_id where m.project_id = ${p.id})`.mapWith((json: string) => JSON.parse(json) as Person[]),
};

/** The project's task counts, counted in its row's statement. */
const counted = {
  taskCount: sql<number>`(select count(*)::int from projects_tasks t where t.project_id = ${p.id})`,
  doneCount: sql<number>`(select count(*)::int from projects_tasks t where t.project_id = ${p.id} and t.status = 'done')`,
};

/** Projects with `extra` fields (`counted`, unless the caller has the counts: `{}`). */
function selectProjects<X extends Record<string, SQL>>(tx: Tx, extra: X) {
  return tx
    .select({ ...projectFields, ...extra })
    .from(p)
    .innerJoin(en, eq(en.id, p.entityId))
    .leftJoin(l, eq(l.id, p.leadId));
}

type ProjectRow = Awaited<ReturnType<typeof selectProjects<typeof counted>>>[number];

export const toProject = (r: ProjectRow): Project => {
  const taskCount = Number(r.taskCount);
  const doneCount = Number(r.doneCount);
  return {
    id: r.id,
    entityId: r.entityId,
    entityName: r.entityName,
    key: r.key,
    name: r.name,
    description: r.description,
    status: r.status,
    priority: r.priority,
    lead: r.leadId && r.leadName !== null ? { id: r.leadId, name: r.leadName } : null,
    members: r.members,
    startDate: r.startDate,
    dueDate: r.dueDate,
    taskCount,
    doneCount,
    progress: taskCount === 0 ? 0 : Math.round((doneCount * 100) / taskCount),
    version: r.version,
    createdAt: r.createdAt,
  };
};

const SORTS: Record<ProjectListQuery['sort'], SortSpec> = {
  name: { columns: [sql`p.name`], types: ['text'] },
  key: { columns: [sql`p.key`], types: ['text'] },
  dueDate: { columns: [sql`coalesce(p.due_date, '9999-12-31'::date)`], types: ['date'] },
  createdAt: { columns: [sql`p.created_at`], types: ['timestamptz'] },
};

function filters(scope: ModuleScope, query: Pick<ProjectListQuery, 'q' | 'status' | 'priority'>): SQL {
  const parts: SQL[] = [scopeCondition('p', scope)];
  if (query.q) {
    // A prefix of the name or the key, any case (^@: starts with, no wildcards to escape).
    const q = query.q.toLowerCase();
    parts.push(sql`(lower(${p.name}) ^@ ${q} or lower(${p.key}) ^@ ${q})`);
  }
  if (query.status) parts.push(sql`${p.status} = ${query.status}`);
  if (query.priority) parts.push(sql`${p.priority} = ${query.priority}`);
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: ProjectListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`p.id`, query);
  const where = page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query);
  const rows = await selectProjects(tx, { ...counted, cursorValues: page.cursorValues })
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return toSortedPage(rows, query.limit, toProject);
}

export function listProjects(db: Db, user: SessionUser, query: ProjectListQuery) {
  return projects.scope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const projectCsvPages = (db: Db, user: SessionUser, query: Omit<ProjectListQuery, 'limit' | 'cursor'>) =>
  projects.csvPages(db, user, query, pageOf, (x) => [
    x.key,
    x.name,
    PROJECT_STATUS_LABELS[x.status],
    PRIORITY_LABELS[x.priority],
    x.lead?.name ?? '',
    x.startDate ?? '',
    x.dueDate ?? '',
    x.taskCount,
    x.doneCount,
    `${x.progress}%`,
    x.entityName,
  ]);

/**
 * The project, 404 when the caller may not read it. `known`: its task counts, read by the caller
 * (the board counts its columns, in the same round trip), so they are not counted twice.
 */
export async function readProject(tx: Tx, id: string, known?: Promise<KnownCounts>): Promise<Project> {
  if (!known) {
    const [row] = await selectProjects(tx, counted).where(eq(p.id, id));
    if (!row) throw notFound(PROJECTS_MESSAGES.projectNotFound);
    return toProject(row);
  }
  const [[row], counts] = await Promise.all([selectProjects(tx, {}).where(eq(p.id, id)), known]);
  if (!row) throw notFound(PROJECTS_MESSAGES.projectNotFound);
  return toProject({ ...row, taskCount: counts.tasks, doneCount: counts.done });
}

export function getProject(db: Db, user: SessionUser, id: string) {
  return projects.scope(db, user, 'viewer', (tx) => readProject(tx, id));
}

/**
 * The users `u` who may be named on the entity's work: of the company, holding Projects there
 * (super admins hold every product). The entity may be SQL: a subquery naming a record's entity,
 * so the check goes in the same round trip as the read of the record.
 */
const eligible = (scope: ModuleScope, entityId: string | SQL) =>
  and(
    eq(u.companyId, scope.companyId),
    sql`(${u.role} = 'super_admin' or exists (
      select 1 from user_product_access a join products pr on pr.id = a.product_id
      where a.user_id = ${u.id} and a.entity_id = ${entityId} and pr.type = 'projects'))`,
  );

/** Those of `ids` who may be named on the entity's work (see `eligible`), with their names, by id. */
export async function eligibleNames(tx: Tx, scope: ModuleScope, entityId: string | SQL, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: u.id, name: sql<string>`${u.firstName} || ' ' || ${u.lastName}` })
    .from(u)
    .where(and(sql`${u.id} = any(${uuidArray(wanted)})`, eligible(scope, entityId)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Refuses any of `ids` that is not a user of the company holding Projects at the entity (super
 * admins hold every product): a lead, member or assignee must be able to see the work.
 * `names`: eligibleNames' answer for them.
 */
export function requireEligible(names: Map<string, string>, ids: (string | null | undefined)[]) {
  if (ids.some((id) => typeof id === 'string' && !names.has(id))) throw badRequest(PROJECTS_MESSAGES.userNotEligible);
}

export async function checkEligible(tx: Tx, scope: ModuleScope, entityId: string, ids: (string | null | undefined)[]) {
  requireEligible(await eligibleNames(tx, scope, entityId, ids), ids);
}

/**
 * The eligible user with this email (lower-cased), or null: only among those the caller may list
 * (eligibleUsers), so a user of the company without Projects here is not found either.
 */
export async function eligibleUserByEmail(tx: Tx, scope: ModuleScope, entityId: string, email: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: u.id })
    .from(u)
    .where(and(sql`lower(${u.email}) = ${email}`, eligible(scope, entityId)));
  return row?.id ?? null;
}

export function eligibleUsers(db: Db, user: SessionUser, entityId: string) {
  return projects.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const items = await tx
        .select({ id: u.id, name: sql<string>`${u.firstName} || ' ' || ${u.lastName}`, email: u.email })
        .from(u)
        .where(eligible(scope, entityId))
        .orderBy(u.lastName, u.firstName, u.id)
        .limit(500);
      return { items };
    },
    entityId,
  );
}

function rethrow(error: unknown): never {
  if (isUniqueViolation(error, 'projects_projects_entity_key_key')) throw conflict(PROJECTS_MESSAGES.keyTaken);
  if (isForeignKeyViolation(error, 'projects_projects_lead_fk') || isForeignKeyViolation(error, 'projects_members_user_fk')) {
    throw badRequest(PROJECTS_MESSAGES.userNotEligible);
  }
  throw error;
}

/** The project's members become `memberIds` (one uuid[] parameter, whatever their number). */
async function setMembers(tx: Tx, scope: ModuleScope, projectId: string, entityId: string, memberIds: string[]) {
  const members = uuidArray(memberIds);
  await tx.delete(projectsMembers).where(and(eq(projectsMembers.projectId, projectId), sql`not (${projectsMembers.userId} = any(${members}))`));
  if (memberIds.length > 0) {
    await tx
      .insert(projectsMembers)
      .select(
        tx
          .select({
            projectId: sql<string>`${projectId}::uuid`.as('project_id'),
            userId: sql<string>`member`.as('user_id'),
            companyId: sql<string>`${scope.companyId}::uuid`.as('company_id'),
            entityId: sql<string>`${entityId}::uuid`.as('entity_id'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(sql`unnest(${members}) as member`),
      )
      .onConflictDoNothing();
  }
}

/** What the audit log keeps of a project. */
const auditView = (x: Project) => ({
  key: x.key,
  name: x.name,
  status: x.status,
  priority: x.priority,
  lead: x.lead?.name ?? null,
  members: x.members.map((m) => m.name),
  startDate: x.startDate,
  dueDate: x.dueDate,
  description: x.description,
});

export async function createProject(db: Db, user: SessionUser, input: ProjectCreate, audit: AuditContext): Promise<Project> {
  try {
    return await projects.scope(
      db,
      user,
      'member',
      async (tx, scope) => {
        await checkEligible(tx, scope, input.entityId, [input.leadId, ...input.memberIds]);
        const [created] = await tx
          .insert(projectsProjects)
          .values({
            companyId: scope.companyId,
            entityId: input.entityId,
            key: input.key,
            name: input.name,
            description: input.description,
            status: input.status,
            priority: input.priority,
            leadId: input.leadId,
            startDate: input.startDate,
            dueDate: input.dueDate,
          })
          .returning({ id: projectsProjects.id });
        const id = created!.id;
        await setMembers(tx, scope, id, input.entityId, input.memberIds);
        const project = await readProject(tx, id);
        await projects.audit(tx, scope, audit, 'project.created', { type: 'project', id, label: `${project.key} ${project.name}` }, undefined, auditView(project));
        return project;
      },
      input.entityId,
    );
  } catch (error) {
    rethrow(error);
  }
}

export async function updateProject(db: Db, user: SessionUser, id: string, input: ProjectUpdate, audit: AuditContext): Promise<Project> {
  try {
    return await projects.scope(db, user, 'member', async (tx, scope) => {
      const row = await projects.lock(tx, projectsProjects, id, input.version, PROJECTS_MESSAGES.projectNotFound);
      const start = input.startDate !== undefined ? input.startDate : row.startDate;
      const due = input.dueDate !== undefined ? input.dueDate : row.dueDate;
      if (start && due && due < start) throw badRequest(PROJECTS_MESSAGES.dueBeforeStart);
      await checkEligible(tx, scope, row.entityId, [input.leadId, ...(input.memberIds ?? [])]);
      const before = await readProject(tx, id);
      await projects.save(tx, projectsProjects, id, {
        name: input.name,
        key: input.key,
        description: input.description,
        status: input.status,
        priority: input.priority,
        leadId: input.leadId,
        startDate: input.startDate,
        dueDate: input.dueDate,
      });
      if (input.memberIds) await setMembers(tx, scope, id, row.entityId, input.memberIds);
      const after = await readProject(tx, id);
      await projects.audit(tx, scope, audit, 'project.updated', { type: 'project', id, label: `${after.key} ${after.name}` }, auditView(before), auditView(after));
      return after;
    });
  } catch (error) {
    rethrow(error);
  }
}

/** The dashboard's four counts: one statement of scalar subqueries (raw SQL: there is no one table to select them from), read by this schema. */
const dashboardFigures = z.object({ active: z.coerce.number(), open: z.coerce.number(), overdue: z.coerce.number(), done_week: z.coerce.number() });

/** The dashboard's figures for the scope (one entity or all of the caller's). */
export function dashboard(db: Db, user: SessionUser, entityId?: string) {
  return projects.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const day = today();
      const t = alias(projectsTasks, 't');
      // Read together: one round trip.
      const [{ rows }, byStatus, byPriority] = await Promise.all([
        tx.execute(sql`
        select
          (select count(*)::int from projects_projects p where ${scopeCondition('p', scope)} and p.status <> 'completed') as active,
          (select count(*)::int from projects_tasks t where ${scopeCondition('t', scope)} and t.status <> 'done') as open,
          (select count(*)::int from projects_tasks t where ${scopeCondition('t', scope)} and t.status <> 'done' and t.due_date < ${day}::date) as overdue,
          (select count(*)::int from projects_tasks t where ${scopeCondition('t', scope)} and t.status = 'done' and t.done_at >= date_trunc('week', now())) as done_week`),
        tx
          .select({ status: t.status, n: sql<number>`count(*)::int` })
          .from(t)
          .where(scopeCondition('t', scope))
          .groupBy(t.status),
        tx
          .select({ priority: p.priority, n: sql<number>`count(*)::int` })
          .from(p)
          .where(scopeCondition('p', scope))
          .groupBy(p.priority),
      ]);
      const figures = dashboardFigures.parse(rows[0]);
      return {
        activeProjects: figures.active,
        openTasks: figures.open,
        overdueTasks: figures.overdue,
        doneThisWeek: figures.done_week,
        tasksByStatus: TASK_STATUSES.map((status) => ({ status, tasks: Number(byStatus.find((r) => r.status === status)?.n ?? 0) })),
        projectsByPriority: PRIORITIES.map((priority) => ({ priority, projects: Number(byPriority.find((r) => r.priority === priority)?.n ?? 0) })),
      };
    },
    entityId,
  );
}
