import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { MODULE_MESSAGES } from '@/shared/modules';
import {
  PRIORITIES,
  PRIORITY_LABELS,
  PROJECT_STATUS_LABELS,
  PROJECTS_MESSAGES,
  TASK_STATUSES,
  type Project,
  type ProjectListQuery,
  type projectCreateInput,
  type projectUpdateInput,
} from '@/shared/projects';
import type { z } from 'zod';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation, type Tx } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, withModuleScope, type ModuleScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';

type ProjectCreate = z.output<typeof projectCreateInput>;
type ProjectUpdate = z.output<typeof projectUpdateInput>;

/** Projects scope: every Projects route goes through here (docs/modules.md). */
export const projectsScope = <T>(
  db: Db,
  user: SessionUser,
  minRole: Parameters<typeof withModuleScope>[3],
  work: (tx: Tx, scope: ModuleScope) => Promise<T>,
  entityId?: string,
) => withModuleScope(db, user, 'projects', minRole, work, { entityId });

/** The scope as a condition on a Projects table (platform/scope.ts, scopeCondition). */
export const inScope = scopeCondition;

export const today = () => new Date().toISOString().slice(0, 10);

/** Task counts the caller already has (the board counts its columns) spare counting them twice. */
type KnownCounts = { tasks: number; done: number };

const SELECT = (extra: SQL = sql``, known?: KnownCounts) => sql`
  select p.id, p.entity_id, en.name as entity_name, p.key, p.name, p.description, p.status, p.priority,
    p.lead_id, case when l.id is null then null else l.first_name || ' ' || l.last_name end as lead_name,
    p.start_date::text as start_date, p.due_date::text as due_date, p.version, to_json(p.created_at) #>> '{}' as created_at,
    ${
      known
        ? sql`${known.tasks}::int as task_count, ${known.done}::int as done_count,`
        : sql`(select count(*)::int from projects_tasks t where t.project_id = p.id) as task_count,
    (select count(*)::int from projects_tasks t where t.project_id = p.id and t.status = 'done') as done_count,`
    }
    (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) order by u.last_name, u.first_name, u.id), '[]'::json)::text
       from projects_members m join users u on u.id = m.user_id where m.project_id = p.id) as members_json
    ${extra}
  from projects_projects p
  join entities en on en.id = p.entity_id
  left join users l on l.id = p.lead_id`;

interface ProjectRow {
  id: string;
  entity_id: string;
  entity_name: string;
  key: string;
  name: string;
  description: string;
  status: Project['status'];
  priority: Project['priority'];
  lead_id: string | null;
  lead_name: string | null;
  start_date: string | null;
  due_date: string | null;
  version: number;
  created_at: string;
  task_count: number;
  done_count: number;
  members_json: string;
  [key: string]: unknown;
}

export const toProject = (r: ProjectRow): Project => {
  const taskCount = Number(r.task_count);
  const doneCount = Number(r.done_count);
  return {
    id: r.id,
    entityId: r.entity_id,
    entityName: r.entity_name,
    key: r.key,
    name: r.name,
    description: r.description,
    status: r.status,
    priority: r.priority,
    lead: r.lead_id && r.lead_name !== null ? { id: r.lead_id, name: r.lead_name } : null,
    members: JSON.parse(r.members_json) as Project['members'],
    startDate: r.start_date,
    dueDate: r.due_date,
    taskCount,
    doneCount,
    progress: taskCount === 0 ? 0 : Math.round((doneCount * 100) / taskCount),
    version: Number(r.version),
    createdAt: r.created_at,
  };
};

const SORTS: Record<ProjectListQuery['sort'], SortSpec> = {
  name: { columns: [sql`p.name`], types: ['text'] },
  key: { columns: [sql`p.key`], types: ['text'] },
  dueDate: { columns: [sql`coalesce(p.due_date, '9999-12-31'::date)`], types: ['date'] },
  createdAt: { columns: [sql`p.created_at`], types: ['timestamptz'] },
};

function filters(scope: ModuleScope, query: Pick<ProjectListQuery, 'q' | 'status' | 'priority'>): SQL {
  const parts: SQL[] = [inScope('p', scope)];
  if (query.q) {
    // A prefix of the name or the key, any case (^@: starts with, no wildcards to escape).
    const q = query.q.toLowerCase();
    parts.push(sql`(lower(p.name) ^@ ${q} or lower(p.key) ^@ ${q})`);
  }
  if (query.status) parts.push(sql`p.status = ${query.status}`);
  if (query.priority) parts.push(sql`p.priority = ${query.priority}`);
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: ProjectListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`p.id`, query);
  const where = page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query);
  const { rows } = await tx.execute<ProjectRow & { cursorValues: string[] }>(
    sql`${SELECT(sql`, ${page.cursorValues} as "cursorValues"`)} where ${where} order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`,
  );
  return toSortedPage(rows, query.limit, toProject);
}

export function listProjects(db: Db, user: SessionUser, query: ProjectListQuery) {
  return projectsScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export async function* projectCsvPages(db: Db, user: SessionUser, query: Omit<ProjectListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await projectsScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    yield page.items.map((p) => [
      p.key,
      p.name,
      PROJECT_STATUS_LABELS[p.status],
      PRIORITY_LABELS[p.priority],
      p.lead?.name ?? '',
      p.startDate ?? '',
      p.dueDate ?? '',
      p.taskCount,
      p.doneCount,
      `${p.progress}%`,
      p.entityName,
    ]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export async function readProject(tx: Tx, id: string, known?: KnownCounts): Promise<Project> {
  const { rows } = await tx.execute<ProjectRow>(sql`${SELECT(sql``, known)} where p.id = ${id}`);
  if (!rows[0]) throw notFound(PROJECTS_MESSAGES.projectNotFound);
  return toProject(rows[0]);
}

export function getProject(db: Db, user: SessionUser, id: string) {
  return projectsScope(db, user, 'viewer', (tx) => readProject(tx, id));
}

/** The users `u` who may be named on the entity's work: of the company, holding Projects there (super admins hold every product). */
const eligible = (scope: ModuleScope, entityId: string) => sql`u.company_id = ${scope.companyId} and (u.role = 'super_admin' or exists (
      select 1 from user_product_access a join products pr on pr.id = a.product_id
      where a.user_id = u.id and a.entity_id = ${entityId} and pr.type = 'projects'))`;

/**
 * Refuses any of `ids` that is not a user of the company holding Projects at the entity (super
 * admins hold every product): a lead, member or assignee must be able to see the work.
 */
export async function checkEligible(tx: Tx, scope: ModuleScope, entityId: string, ids: (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return;
  const { rows } = await tx.execute<{ id: string }>(sql`select u.id from users u where u.id = any(${uuidArray(wanted)}) and ${eligible(scope, entityId)}`);
  if (rows.length !== wanted.length) throw badRequest(PROJECTS_MESSAGES.userNotEligible);
}

/**
 * The eligible user with this email (lower-cased), or null: only among those the caller may list
 * (eligibleUsers), so a user of the company without Projects here is not found either.
 */
export async function eligibleUserByEmail(tx: Tx, scope: ModuleScope, entityId: string, email: string): Promise<string | null> {
  const { rows } = await tx.execute<{ id: string }>(sql`select u.id from users u where lower(u.email) = ${email} and ${eligible(scope, entityId)}`);
  return rows[0]?.id ?? null;
}

export function eligibleUsers(db: Db, user: SessionUser, entityId: string) {
  return projectsScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const { rows } = await tx.execute<{ id: string; name: string; email: string }>(sql`
        select u.id, u.first_name || ' ' || u.last_name as name, u.email from users u
        where ${eligible(scope, entityId)}
        order by u.last_name, u.first_name, u.id limit 500`);
      return { items: rows };
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

async function setMembers(tx: Tx, scope: ModuleScope, projectId: string, entityId: string, memberIds: string[]) {
  await tx.execute(sql`delete from projects_members where project_id = ${projectId} and not (user_id = any(${uuidArray(memberIds)}))`);
  if (memberIds.length > 0) {
    await tx.execute(sql`
      insert into projects_members (project_id, user_id, company_id, entity_id)
      select ${projectId}::uuid, u, ${scope.companyId}::uuid, ${entityId}::uuid from unnest(${uuidArray(memberIds)}) as u
      on conflict do nothing`);
  }
}

/** What the audit log keeps of a project. */
const auditView = (p: Project) => ({
  key: p.key,
  name: p.name,
  status: p.status,
  priority: p.priority,
  lead: p.lead?.name ?? null,
  members: p.members.map((m) => m.name),
  startDate: p.startDate,
  dueDate: p.dueDate,
  description: p.description,
});

export async function createProject(db: Db, user: SessionUser, input: ProjectCreate, audit: AuditContext): Promise<Project> {
  try {
    return await projectsScope(
      db,
      user,
      'member',
      async (tx, scope) => {
        await checkEligible(tx, scope, input.entityId, [input.leadId, ...input.memberIds]);
        const { rows } = await tx.execute<{ id: string }>(sql`
          insert into projects_projects (company_id, entity_id, key, name, description, status, priority, lead_id, start_date, due_date)
          values (${scope.companyId}, ${input.entityId}, ${input.key}, ${input.name}, ${input.description}, ${input.status}, ${input.priority},
            ${input.leadId}, ${input.startDate}::date, ${input.dueDate}::date)
          returning id`);
        const id = rows[0]!.id;
        await setMembers(tx, scope, id, input.entityId, input.memberIds);
        const project = await readProject(tx, id);
        await recordEvent(tx, {
          context: audit,
          companyId: scope.companyId,
          action: 'project.created',
          target: { type: 'project', id, label: `${project.key} ${project.name}` },
          after: auditView(project),
        });
        return project;
      },
      input.entityId,
    );
  } catch (e) {
    rethrow(e);
  }
}

export async function updateProject(db: Db, user: SessionUser, id: string, input: ProjectUpdate, audit: AuditContext): Promise<Project> {
  try {
    return await projectsScope(db, user, 'member', async (tx, scope) => {
      const { rows } = await tx.execute<{ entity_id: string; version: number; start_date: string | null; due_date: string | null }>(
        sql`select entity_id, version, start_date::text as start_date, due_date::text as due_date from projects_projects where id = ${id} for update`,
      );
      const row = rows[0];
      if (!row) throw notFound(PROJECTS_MESSAGES.projectNotFound);
      if (Number(row.version) !== input.version) throw conflict(MODULE_MESSAGES.staleVersion);
      const start = input.startDate !== undefined ? input.startDate : row.start_date;
      const due = input.dueDate !== undefined ? input.dueDate : row.due_date;
      if (start && due && due < start) throw badRequest(PROJECTS_MESSAGES.dueBeforeStart);
      await checkEligible(tx, scope, row.entity_id, [input.leadId, ...(input.memberIds ?? [])]);
      const before = await readProject(tx, id);
      const set: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
      const columns = { name: 'name', key: 'key', description: 'description', status: 'status', priority: 'priority', leadId: 'lead_id' } as const;
      for (const [field, column] of Object.entries(columns)) {
        const value = input[field as keyof typeof columns];
        if (value !== undefined) set.push(sql`${sql.identifier(column)} = ${value}`);
      }
      if (input.startDate !== undefined) set.push(sql`start_date = ${input.startDate}::date`);
      if (input.dueDate !== undefined) set.push(sql`due_date = ${input.dueDate}::date`);
      await tx.execute(sql`update projects_projects set ${sql.join(set, sql`, `)} where id = ${id}`);
      if (input.memberIds) await setMembers(tx, scope, id, row.entity_id, input.memberIds);
      const after = await readProject(tx, id);
      await recordEvent(tx, {
        context: audit,
        companyId: scope.companyId,
        action: 'project.updated',
        target: { type: 'project', id, label: `${after.key} ${after.name}` },
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });
  } catch (e) {
    rethrow(e);
  }
}

/** The dashboard's figures for the scope (one entity or all of the caller's). */
export function dashboard(db: Db, user: SessionUser, entityId?: string) {
  return projectsScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const day = today();
      const { rows: [figures] } = await tx.execute<{ active: number; open: number; overdue: number; done_week: number }>(sql`
        select
          (select count(*)::int from projects_projects p where ${inScope('p', scope)} and p.status <> 'completed') as active,
          (select count(*)::int from projects_tasks t where ${inScope('t', scope)} and t.status <> 'done') as open,
          (select count(*)::int from projects_tasks t where ${inScope('t', scope)} and t.status <> 'done' and t.due_date < ${day}::date) as overdue,
          (select count(*)::int from projects_tasks t where ${inScope('t', scope)} and t.status = 'done' and t.done_at >= date_trunc('week', now())) as done_week`);
      const { rows: byStatus } = await tx.execute<{ status: string; n: number }>(
        sql`select t.status, count(*)::int as n from projects_tasks t where ${inScope('t', scope)} group by t.status`,
      );
      const { rows: byPriority } = await tx.execute<{ priority: string; n: number }>(
        sql`select p.priority, count(*)::int as n from projects_projects p where ${inScope('p', scope)} group by p.priority`,
      );
      return {
        activeProjects: Number(figures!.active),
        openTasks: Number(figures!.open),
        overdueTasks: Number(figures!.overdue),
        doneThisWeek: Number(figures!.done_week),
        tasksByStatus: TASK_STATUSES.map((status) => ({ status, tasks: Number(byStatus.find((r) => r.status === status)?.n ?? 0) })),
        projectsByPriority: PRIORITIES.map((priority) => ({ priority, projects: Number(byPriority.find((r) => r.priority === priority)?.n ?? 0) })),
      };
    },
    entityId,
  );
}
