import { sql, type SQL } from 'drizzle-orm';
import { generateKeyBetween } from 'fractional-indexing';
import type { SessionUser } from '@/shared/auth';
import { MODULE_MESSAGES } from '@/shared/modules';
import { ACCESS_ROLES } from '@/shared/roles';
import {
  BOARD_PAGE_SIZE,
  PRIORITIES,
  PRIORITY_LABELS,
  PROJECTS_MESSAGES,
  TASK_CSV_COLUMNS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  taskCreateInput,
  type Activity,
  type Board,
  type Comment,
  type Task,
  type TaskDetail,
  type TaskListQuery,
  type TaskStatus,
  type taskMoveInput,
  type taskUpdateInput,
} from '@/shared/projects';
import type { z } from 'zod';
import { actorOf } from '../../audit/context';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, withTenant, type Tx } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';
import { importRows, parseCsv, rowRefusal } from '../../platform/csv';
import { publishEvent } from '../../platform/events';
import { columnPages, sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import type { ModuleScope } from '../../platform/scope';
import { arrayLiteral, textArray, uuidArray } from '../../platform/sql';
import { checkEligible, eligibleUserByEmail, inScope, projectsScope, readProject, today } from './projects';

type TaskCreate = z.output<typeof taskCreateInput>;
type TaskUpdate = z.output<typeof taskUpdateInput>;
type TaskMove = z.output<typeof taskMoveInput>;

const SELECT = (extra: SQL = sql``) => sql`
  select t.id, t.entity_id, t.project_id, p.key as project_key, p.name as project_name, t.number, t.title, t.description, t.status, t.priority,
    t.assignee_id, case when u.id is null then null else u.first_name || ' ' || u.last_name end as assignee_name,
    t.due_date::text as due_date, to_json(t.labels)::text as labels_json, t.rank, t.version,
    to_json(t.created_at) #>> '{}' as created_at, to_json(t.updated_at) #>> '{}' as updated_at ${extra}
  from projects_tasks t
  join projects_projects p on p.id = t.project_id
  left join users u on u.id = t.assignee_id`;

interface TaskRow {
  id: string;
  entity_id: string;
  project_id: string;
  project_key: string;
  project_name: string;
  number: number;
  title: string;
  description: string;
  status: Task['status'];
  priority: Task['priority'];
  assignee_id: string | null;
  assignee_name: string | null;
  due_date: string | null;
  labels_json: string;
  rank: string;
  version: number;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

const toTask = (r: TaskRow): Task => ({
  id: r.id,
  entityId: r.entity_id,
  projectId: r.project_id,
  projectKey: r.project_key,
  projectName: r.project_name,
  number: Number(r.number),
  code: `${r.project_key}-${r.number}`,
  title: r.title,
  description: r.description,
  status: r.status,
  priority: r.priority,
  assignee: r.assignee_id && r.assignee_name !== null ? { id: r.assignee_id, name: r.assignee_name } : null,
  dueDate: r.due_date,
  labels: JSON.parse(r.labels_json) as string[],
  rank: r.rank,
  version: Number(r.version),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const SORTS: Record<TaskListQuery['sort'], SortSpec> = {
  number: { columns: [sql`t.number`], types: ['int'] },
  dueDate: { columns: [sql`coalesce(t.due_date, '9999-12-31'::date)`], types: ['date'] },
  createdAt: { columns: [sql`t.created_at`], types: ['timestamptz'] },
  updatedAt: { columns: [sql`t.updated_at`], types: ['timestamptz'] },
  // The column compares byte-wise (COLLATE "C"), as fractional ranks are made.
  rank: { columns: [sql`t.rank`], types: ['text'] },
};

type Filters = Pick<TaskListQuery, 'projectId' | 'status' | 'assigneeId' | 'label' | 'overdue' | 'q'>;

function filters(scope: ModuleScope, query: Filters): SQL {
  const parts: SQL[] = [inScope('t', scope)];
  if (query.projectId) parts.push(sql`t.project_id = ${query.projectId}`);
  if (query.status) parts.push(sql`t.status = ${query.status}`);
  if (query.assigneeId === 'none') parts.push(sql`t.assignee_id is null`);
  else if (query.assigneeId) parts.push(sql`t.assignee_id = ${query.assigneeId}`);
  if (query.label) parts.push(sql`t.labels @> array[${query.label}]::text[]`);
  if (query.overdue === 'true') parts.push(sql`t.status <> 'done' and t.due_date < ${today()}::date`);
  // Words anywhere in the title, any case (strpos: no wildcards to escape).
  if (query.q) parts.push(sql`strpos(lower(t.title), ${query.q.toLowerCase()}) > 0`);
  return sql.join(parts, sql` and `);
}

/**
 * One keyset page. The page's ids are found first, on the task table alone, then joined: a board
 * column (a caller with one entity, a project, a status, rank order) is then an index-only scan of
 * its next rows on projects_tasks_scope_board_idx, where the planner, asked for the joined rows at
 * once, read and sorted the whole column (bench figure P1).
 */
async function pageOf(tx: Tx, scope: ModuleScope, query: TaskListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`t.id`, query);
  const where = page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query);
  const orderBy = sql.join(page.orderBy, sql`, `);
  const { rows } = await tx.execute<TaskRow & { cursorValues: string[] }>(sql`
    ${SELECT(sql`, ${page.cursorValues} as "cursorValues"`)}
    where t.id in (select t.id from projects_tasks t where ${where} order by ${orderBy} limit ${page.limit})
    order by ${orderBy}`);
  return toSortedPage(rows, query.limit, toTask);
}

export function listTasks(db: Db, user: SessionUser, query: TaskListQuery) {
  return projectsScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export async function* taskCsvPages(db: Db, user: SessionUser, query: Omit<TaskListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await projectsScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    const emails = new Map<string, string>();
    const ids = [...new Set(page.items.map((t) => t.assignee?.id).filter((id): id is string => Boolean(id)))];
    if (ids.length > 0) {
      await projectsScope(db, user, 'viewer', async (tx) => {
        const { rows } = await tx.execute<{ id: string; email: string }>(sql`select id, email from users where id = any(${uuidArray(ids)})`);
        for (const r of rows) emails.set(r.id, r.email);
      });
    }
    yield page.items.map((t) => [
      t.code,
      t.projectKey,
      t.title,
      t.description,
      TASK_STATUS_LABELS[t.status],
      PRIORITY_LABELS[t.priority],
      t.assignee ? (emails.get(t.assignee.id) ?? '') : '',
      t.dueDate ?? '',
      t.labels.join('; '),
      t.createdAt,
    ]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export async function readTask(tx: Tx, id: string): Promise<Task> {
  const { rows } = await tx.execute<TaskRow>(sql`${SELECT()} where t.id = ${id}`);
  if (!rows[0]) throw notFound(PROJECTS_MESSAGES.taskNotFound);
  return toTask(rows[0]);
}

export function getTask(db: Db, user: SessionUser, id: string): Promise<TaskDetail> {
  return projectsScope(db, user, 'viewer', async (tx) => {
    const task = await readTask(tx, id);
    const { rows: comments } = await tx.execute<{ id: string; author_id: string | null; author_name: string; current_name: string | null; body: string; created_at: string }>(sql`
      select c.id, c.author_id, c.author_name, u.first_name || ' ' || u.last_name as current_name, c.body, to_json(c.created_at) #>> '{}' as created_at
      from projects_task_comments c left join users u on u.id = c.author_id
      where c.task_id = ${id} order by c.created_at, c.id limit 500`);
    const { rows: activity } = await tx.execute<{ id: string; kind: Activity['kind']; actor_name: string; changes: string; created_at: string }>(sql`
      select a.id, a.kind, a.actor_name, a.changes::text as changes, to_json(a.created_at) #>> '{}' as created_at
      from projects_task_activity a where a.task_id = ${id} order by a.created_at desc, a.id desc limit 200`);
    return {
      ...task,
      comments: comments.map(
        (c): Comment => ({
          id: c.id,
          author: c.author_id && c.current_name !== null ? { id: c.author_id, name: c.current_name } : null,
          authorName: c.author_name,
          body: c.body,
          createdAt: c.created_at,
        }),
      ),
      activity: activity.map((a) => ({ id: a.id, kind: a.kind, actorName: a.actor_name, changes: JSON.parse(a.changes) as Activity['changes'], createdAt: a.created_at })),
    };
  });
}

/** A project's cards, named as projects_tasks_scope_board_idx leads (company, entity, project). */
type ProjectRef = { companyId: string; entityId: string; projectId: string };

/**
 * The condition that puts a read of a project's cards on projects_tasks_scope_board_idx (company,
 * entity, project, status, rank, id). Row-level security still applies; naming the company and
 * entity only gives the planner the range, where the policy's conditions alone left it to guess.
 */
const ofProject = (p: ProjectRef) => sql`t.company_id = ${p.companyId} and t.entity_id = ${p.entityId} and t.project_id = ${p.projectId}`;

/** The first page of every column of a project's board, read through the board index. */
async function boardPages(tx: Tx, project: ProjectRef) {
  const pages = await columnPages(
    tx,
    { table: 'projects_tasks', alias: 't', column: 'status', range: ofProject(project), sort: SORTS.rank, select: SELECT, columnOf: (row: TaskRow & { cursorValues: string[] }) => row.status },
    TASK_STATUSES,
    { limit: BOARD_PAGE_SIZE },
    toTask,
  );
  return (status: TaskStatus) => pages.get(status)!;
}

/** The board: a column per status, each its first page in rank order, with its size. */
export function getBoard(db: Db, user: SessionUser, projectId: string): Promise<Board> {
  return projectsScope(db, user, 'viewer', async (tx, scope) => {
    const { rows: found } = await tx.execute<{ entity_id: string }>(sql`select entity_id from projects_projects where id = ${projectId}`);
    if (!found[0]) throw notFound(PROJECTS_MESSAGES.projectNotFound);
    const ref: ProjectRef = { companyId: scope.companyId, entityId: found[0].entity_id, projectId };
    // Every column's size in one index-only pass over the project's cards; the project's own
    // figures (tasks, done, progress) are their sums, not counted again.
    const { rows } = await tx.execute<{ status: TaskStatus; n: number }>(
      sql`select t.status, count(*)::int as n from projects_tasks t where ${ofProject(ref)} group by t.status`,
    );
    const size = (status: TaskStatus) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    const project = await readProject(tx, projectId, { tasks: TASK_STATUSES.reduce((n, s) => n + size(s), 0), done: size('done') });
    const firstPage = await boardPages(tx, ref);
    return { project, columns: TASK_STATUSES.map((status) => ({ status, total: size(status), ...firstPage(status) })) };
  });
}

const auditView = (t: Task) => ({
  title: t.title,
  description: t.description,
  status: t.status,
  priority: t.priority,
  assignee: t.assignee?.name ?? null,
  dueDate: t.dueDate,
  labels: t.labels,
});

async function writeActivity(tx: Tx, scope: ModuleScope, task: Pick<Task, 'id' | 'entityId'>, kind: Activity['kind'], audit: AuditContext, changes: unknown[] = []) {
  await tx.execute(sql`
    insert into projects_task_activity (company_id, entity_id, task_id, actor_id, actor_name, kind, changes)
    values (${scope.companyId}, ${task.entityId}, ${task.id}, ${audit.actor?.id ?? null}, ${audit.actor?.name ?? 'Someone'}, ${kind}, ${JSON.stringify(changes)}::jsonb)`);
}

const notify = (tx: Tx, scope: ModuleScope, task: Task, kind: 'created' | 'updated' | 'moved') =>
  publishEvent(tx, { topic: 'projects.task', kind, companyId: scope.companyId, entityId: task.entityId, id: task.id, parentId: task.projectId });

/** The end of a column: after its last card. */
async function lastRank(tx: Tx, project: ProjectRef, status: TaskStatus, exceptId?: string) {
  const { rows } = await tx.execute<{ rank: string }>(
    sql`select t.rank from projects_tasks t where ${ofProject(project)} and t.status = ${status} ${exceptId ? sql`and t.id <> ${exceptId}` : sql``} order by t.rank desc limit 1`,
  );
  return rows[0]?.rank ?? null;
}

function rethrow(error: unknown): never {
  if (isForeignKeyViolation(error, 'projects_tasks_assignee_fk')) throw badRequest(PROJECTS_MESSAGES.userNotEligible);
  throw error;
}

/**
 * Inserts a task as number n+1 of its project. The counter is incremented under the project row's
 * lock, held to the end of the transaction: concurrent creations in one project queue there, and
 * a creation that rolls back gives its number back, so numbers have neither gaps nor twins.
 */
async function insertTask(tx: Tx, scope: ModuleScope, input: TaskCreate, audit: AuditContext): Promise<Task> {
  const { rows } = await tx.execute<{ entity_id: string; task_counter: number }>(
    sql`update projects_projects set task_counter = task_counter + 1 where id = ${input.projectId} and ${inScope('projects_projects', scope)} returning entity_id, task_counter`,
  );
  const project = rows[0];
  if (!project) throw notFound(PROJECTS_MESSAGES.projectNotFound);
  scope.require(project.entity_id, 'member');
  await checkEligible(tx, scope, project.entity_id, [input.assigneeId]);
  const rank = generateKeyBetween(await lastRank(tx, { companyId: scope.companyId, entityId: project.entity_id, projectId: input.projectId }, input.status), null);
  const { rows: inserted } = await tx.execute<{ id: string }>(sql`
    insert into projects_tasks (company_id, entity_id, project_id, number, title, description, status, priority, assignee_id, due_date, labels, rank, done_at)
    values (${scope.companyId}, ${project.entity_id}, ${input.projectId}, ${project.task_counter}, ${input.title}, ${input.description}, ${input.status},
      ${input.priority}, ${input.assigneeId}, ${input.dueDate}::date, ${textArray(input.labels)}, ${rank},
      ${input.status === 'done' ? sql`now()` : sql`null`})
    returning id`);
  const task = await readTask(tx, inserted[0]!.id);
  await writeActivity(tx, scope, task, 'created', audit);
  await recordEvent(tx, { context: audit, companyId: scope.companyId, action: 'task.created', target: { type: 'task', id: task.id, label: `${task.code} ${task.title}` }, after: auditView(task) });
  await notify(tx, scope, task, 'created');
  return task;
}

export async function createTask(db: Db, user: SessionUser, input: TaskCreate, audit: AuditContext): Promise<Task> {
  try {
    return await projectsScope(db, user, 'member', (tx, scope) => insertTask(tx, scope, input, audit));
  } catch (e) {
    rethrow(e);
  }
}

/** Content edits take the version the client read: 409 when someone changed the content since. Moves do not count. */
export async function updateTask(db: Db, user: SessionUser, id: string, input: TaskUpdate, audit: AuditContext): Promise<Task> {
  try {
    return await projectsScope(db, user, 'member', async (tx, scope) => {
      const { rows } = await tx.execute<{ entity_id: string; version: number }>(sql`select entity_id, version from projects_tasks where id = ${id} for update`);
      const row = rows[0];
      if (!row) throw notFound(PROJECTS_MESSAGES.taskNotFound);
      if (Number(row.version) !== input.version) throw conflict(MODULE_MESSAGES.staleVersion);
      await checkEligible(tx, scope, row.entity_id, [input.assigneeId]);
      const before = await readTask(tx, id);
      const set: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
      const columns = { title: 'title', description: 'description', priority: 'priority', assigneeId: 'assignee_id' } as const;
      for (const [field, column] of Object.entries(columns)) {
        const value = input[field as keyof typeof columns];
        if (value !== undefined) set.push(sql`${sql.identifier(column)} = ${value}`);
      }
      if (input.dueDate !== undefined) set.push(sql`due_date = ${input.dueDate}::date`);
      if (input.labels !== undefined) set.push(sql`labels = ${textArray(input.labels)}`);
      await tx.execute(sql`update projects_tasks set ${sql.join(set, sql`, `)} where id = ${id}`);
      const after = await readTask(tx, id);
      const changes = diff(auditView(before), auditView(after));
      await writeActivity(tx, scope, after, 'updated', audit, changes);
      await recordEvent(tx, { context: audit, companyId: scope.companyId, action: 'task.updated', target: { type: 'task', id, label: `${after.code} ${after.title}` }, before: auditView(before), after: auditView(after) });
      await notify(tx, scope, after, 'updated');
      return after;
    });
  } catch (e) {
    rethrow(e);
  }
}

const diff = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys(after)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((field) => (field === 'description' ? { field } : { field, before: before[field], after: after[field] }));

/**
 * Puts a task between two cards of a column (or at its end): one row written, its status and a
 * fractional rank between the neighbours'. No version: a move is not blocked by, and does not
 * block, an edit of the task's content.
 */
export function moveTask(db: Db, user: SessionUser, id: string, input: TaskMove, audit: AuditContext): Promise<Task> {
  return projectsScope(db, user, 'member', async (tx, scope) => {
    const { rows } = await tx.execute<{ entity_id: string; project_id: string; status: TaskStatus; rank: string }>(
      sql`select entity_id, project_id, status, rank from projects_tasks where id = ${id} for update`,
    );
    const row = rows[0];
    if (!row) throw notFound(PROJECTS_MESSAGES.taskNotFound);
    const column: ProjectRef = { companyId: scope.companyId, entityId: row.entity_id, projectId: row.project_id };
    // Both named neighbours in one read: each must be another card of the target column.
    const named = [input.afterId, input.beforeId].filter((n): n is string => n !== null);
    if (named.includes(id)) throw conflict(PROJECTS_MESSAGES.neighbourNotFound);
    const ranks = new Map<string, string>();
    if (named.length > 0) {
      const { rows: found } = await tx.execute<{ id: string; rank: string }>(
        sql`select id, rank from projects_tasks where id = any(${uuidArray(named)}) and project_id = ${row.project_id} and status = ${input.status}`,
      );
      for (const r of found) ranks.set(r.id, r.rank);
    }
    const neighbour = (neighbourId: string | null) => {
      if (!neighbourId) return null;
      const rank = ranks.get(neighbourId);
      if (rank === undefined) throw conflict(PROJECTS_MESSAGES.neighbourNotFound);
      return rank;
    };
    let after = neighbour(input.afterId);
    let before = neighbour(input.beforeId);
    // One neighbour named: the other is the card really beside it now (the mover may not have had
    // it loaded, or someone put a card there since), so the new rank falls strictly between.
    const beside = async (rank: string, direction: 'after' | 'before') => {
      const { rows: found } = await tx.execute<{ rank: string }>(sql`
        select t.rank from projects_tasks t where ${ofProject(column)} and t.status = ${input.status} and t.id <> ${id}
          and ${direction === 'after' ? sql`t.rank > ${rank}` : sql`t.rank < ${rank}`}
        order by t.rank ${direction === 'after' ? sql`asc` : sql`desc`} limit 1`);
      return found[0]?.rank ?? null;
    };
    if (after !== null && before === null) before = await beside(after, 'after');
    else if (before !== null && after === null) after = await beside(before, 'before');
    else if (!input.afterId && !input.beforeId) after = await lastRank(tx, column, input.status, id);
    let rank: string;
    if (after !== null && before !== null && after >= before) {
      // Two cards that share a rank (concurrent moves into one gap): order falls back to the id.
      if (after !== before) throw conflict(PROJECTS_MESSAGES.neighbourNotFound);
      rank = after;
    } else {
      rank = generateKeyBetween(after, before);
    }
    await tx.execute(sql`
      update projects_tasks set status = ${input.status}, rank = ${rank}, updated_at = now(),
        done_at = case when ${input.status} = 'done' then coalesce(done_at, now()) else null end
      where id = ${id}`);
    const task = await readTask(tx, id);
    if (row.status !== input.status) await writeActivity(tx, scope, task, 'moved', audit, [{ field: 'status', before: row.status, after: input.status }]);
    await recordEvent(tx, {
      context: audit,
      companyId: scope.companyId,
      action: 'task.moved',
      target: { type: 'task', id, label: `${task.code} ${task.title}` },
      before: { status: row.status, rank: row.rank },
      after: { status: task.status, rank: task.rank },
    });
    await notify(tx, scope, task, 'moved');
    return task;
  });
}

export function addComment(db: Db, user: SessionUser, id: string, body: string, audit: AuditContext): Promise<Comment> {
  return projectsScope(db, user, 'member', async (tx, scope) => {
    const task = await readTask(tx, id);
    const authorName = actorOf(user).name || user.email;
    const { rows } = await tx.execute<{ id: string; created_at: string }>(sql`
      insert into projects_task_comments (company_id, entity_id, task_id, author_id, author_name, body)
      values (${scope.companyId}, ${task.entityId}, ${id}, ${user.id}, ${authorName}, ${body})
      returning id, to_json(created_at) #>> '{}' as created_at`);
    await writeActivity(tx, scope, task, 'commented', audit);
    await recordEvent(tx, { context: audit, companyId: scope.companyId, action: 'task.commented', target: { type: 'task', id, label: `${task.code} ${task.title}` } });
    return { id: rows[0]!.id, author: { id: user.id, name: authorName }, authorName, body, createdAt: rows[0]!.created_at };
  });
}

const STATUS_BY_LABEL = new Map<string, TaskStatus>(TASK_STATUSES.flatMap((s) => [[s, s], [TASK_STATUS_LABELS[s].toLowerCase(), s]]));
const PRIORITY_BY_LABEL = new Map<string, (typeof PRIORITIES)[number]>(PRIORITIES.flatMap((p) => [[p, p], [PRIORITY_LABELS[p].toLowerCase(), p]]));
const CSV_COLUMN_OF: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  priority: 'Priority',
  assigneeId: 'Assignee Email',
  dueDate: 'Due Date',
  labels: 'Labels',
};

/** CSV import into the projects of one entity (named by key); each row its own savepoint. */
export function importTasks(db: Db, user: SessionUser, input: { entityId: string; csv: string }, audit: AuditContext) {
  const rows = parseCsv(input.csv, TASK_CSV_COLUMNS);
  return projectsScope(
    db,
    user,
    'member',
    (tx, scope) =>
      importRows(
        tx,
        rows,
        async ({ values }) => {
          const key = values['Project Key']!.toUpperCase();
          const { rows: found } = await tx.execute<{ id: string }>(
            sql`select id from projects_projects where company_id = ${scope.companyId} and entity_id = ${input.entityId} and key = ${key}`,
          );
          if (!found[0]) throw badRequest(`Project Key: no project with the key ${key || '(empty)'} in this entity.`);
          let assigneeId: string | null = null;
          const email = values['Assignee Email']!.toLowerCase();
          if (email) {
            // Looked up among the users the caller may list only, with one message: a user of the
            // company without Projects here reads as no user at all (who works at the company is
            // not this import's to tell).
            assigneeId = await eligibleUserByEmail(tx, scope, input.entityId, email);
            if (!assigneeId) throw badRequest(`Assignee Email: no user with Projects access in this entity has the email ${email}.`);
          }
          const status = values['Status']!.toLowerCase();
          const priority = values['Priority']!.toLowerCase();
          const parsed = taskCreateInput.safeParse({
            projectId: found[0].id,
            title: values['Title'],
            description: values['Description'],
            status: status ? (STATUS_BY_LABEL.get(status) ?? status) : undefined,
            priority: priority ? (PRIORITY_BY_LABEL.get(priority) ?? priority) : undefined,
            assigneeId,
            dueDate: values['Due Date'] || null,
            labels: values['Labels']!
              .split(/[;,]/)
              .map((l) => l.trim())
              .filter(Boolean),
          });
          if (!parsed.success) throw rowRefusal(parsed.error, CSV_COLUMN_OF);
          await insertTask(tx, scope, parsed.data, audit);
        },
        (error) => (isForeignKeyViolation(error) ? PROJECTS_MESSAGES.userNotEligible : undefined),
      ),
    input.entityId,
  );
}

/** The task as `user` may read it now, or null: what an event stream sends them. */
export function visibleTask(db: Db, user: SessionUser, id: string, entityId?: string): Promise<Task | null> {
  return projectsScope(
    db,
    user,
    'viewer',
    async (tx) => {
      const { rows } = await tx.execute<TaskRow>(sql`${SELECT()} where t.id = ${id}`);
      return rows[0] ? toTask(rows[0]) : null;
    },
    entityId,
  );
}

/**
 * An event's task for many open streams at once (bench figure P3: 200 boards on one project), in
 * one transaction instead of one per stream: the task, read within its own company and entity
 * (row-level security on both), and which of `userIds` may read it there now: a user holding
 * Projects at the entity, any role (what visibleTask's scope would allow), or a super admin when
 * the entity holds Projects (`superAdmins`, from the callers' sessions, as withModuleScope reads
 * them). Anyone not in `allowed` must go through visibleTask: it also says whether they lost
 * access altogether.
 */
export async function taskForSubscribers(
  db: Db,
  event: { companyId: string; entityId: string; id: string },
  userIds: string[],
  superAdmins: string[],
): Promise<{ task: Task | null; allowed: Set<string> }> {
  return withTenant(db, event.companyId, async (tx) => {
    await tx.execute(sql`select set_config('app.entity_ids', ${arrayLiteral([event.entityId])}, true)`);
    const { rows } = await tx.execute<TaskRow>(sql`${SELECT()} where t.id = ${event.id} and t.entity_id = ${event.entityId}`);
    const { rows: granted } = await tx.execute<{ user_id: string }>(sql`
      select a.user_id from user_product_access a join products p on p.id = a.product_id
      where a.company_id = ${event.companyId} and a.entity_id = ${event.entityId} and p.type = 'projects'
        and a.role_type = any(${textArray(ACCESS_ROLES)}) and a.user_id = any(${uuidArray(userIds)})
      union all
      select u from unnest(${uuidArray(superAdmins)}) u
      where exists (select 1 from entity_product_access a join products p on p.id = a.product_id
                    where a.company_id = ${event.companyId} and a.entity_id = ${event.entityId} and p.type = 'projects')`);
    return { task: rows[0] ? toTask(rows[0]) : null, allowed: new Set(granted.map((r) => r.user_id)) };
  });
}
