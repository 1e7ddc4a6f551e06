import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { generateKeyBetween } from 'fractional-indexing';
import type { SessionUser } from '@/shared/auth';
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
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import {
  entityProductAccess,
  products,
  projectsProjects,
  projectsTaskActivity,
  projectsTaskComments,
  projectsTasks,
  userProductAccess,
  users,
} from '../../db/schema';
import { commitWith, isForeignKeyViolation, setLocal, withTenant, type Tx } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';
import { importRows, parseCsv, rowRefusal } from '../../platform/csv';
import { publishEvent } from '../../platform/events';
import { columnPages, sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { entityOf, scopeCondition, type ModuleScope } from '../../platform/scope';
import { checkMentions } from '../../platform/mentions';
import { arrayLiteral, isoText, textArray, uuidArray } from '../../platform/sql';
import { addFollowers, followersInsert, followState, tellAssignee, tellFollowers, tellMentioned } from './followers';
import { projects } from './module';
import { eligibleNames, eligibleUserByEmail, readProject, requireEligible, today } from './projects';

type TaskCreate = z.output<typeof taskCreateInput>;
type TaskUpdate = z.output<typeof taskUpdateInput>;
type TaskMove = z.output<typeof taskMoveInput>;

/** A task as `t` (the name the sorts, filters and board conditions below use), its project `p` and assignee `u`. */
const t = alias(projectsTasks, 't');
const p = alias(projectsProjects, 'p');
const u = alias(users, 'u');

const taskFields = {
  id: t.id,
  entityId: t.entityId,
  projectId: t.projectId,
  projectKey: p.key,
  projectName: p.name,
  number: t.number,
  title: t.title,
  description: t.description,
  status: sql<TaskStatus>`${t.status}`,
  priority: sql<Task['priority']>`${t.priority}`,
  assigneeId: t.assigneeId,
  assigneeName: sql<string | null>`case when ${u.id} is null then null else ${u.firstName} || ' ' || ${u.lastName} end`,
  dueDate: t.dueDate,
  labels: t.labels,
  rank: t.rank,
  version: t.version,
  createdAt: isoText(t.createdAt),
  updatedAt: isoText(t.updatedAt),
};

function selectTasks<X extends Record<string, SQL>>(tx: Tx, extra: X = {} as X) {
  return tx
    .select({ ...taskFields, ...extra })
    .from(t)
    .innerJoin(p, eq(p.id, t.projectId))
    .leftJoin(u, eq(u.id, t.assigneeId));
}

type TaskRow = Awaited<ReturnType<typeof selectTasks>>[number];

/**
 * The same rows as SQL text for the board's one statement (columnPages), each field named as
 * selectTasks names it: none of taskFields maps its value, so the rows are TaskRow as they come.
 */
const boardSelect = (extra: SQL) => {
  const fields = sql.join(
    Object.entries(taskFields).map(([name, field]: [string, SQLWrapper]) => sql`${field} as ${sql.identifier(name)}`),
    sql`, `,
  );
  return sql`select ${fields} ${extra} from ${projectsTasks} t join ${projectsProjects} p on p.id = t.project_id left join ${users} u on u.id = t.assignee_id`;
};

const toTask = (r: TaskRow): Task => ({
  id: r.id,
  entityId: r.entityId,
  projectId: r.projectId,
  projectKey: r.projectKey,
  projectName: r.projectName,
  number: r.number,
  code: `${r.projectKey}-${r.number}`,
  title: r.title,
  description: r.description,
  status: r.status,
  priority: r.priority,
  assignee: r.assigneeId && r.assigneeName !== null ? { id: r.assigneeId, name: r.assigneeName } : null,
  dueDate: r.dueDate,
  labels: r.labels,
  rank: r.rank,
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
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
  const parts: SQL[] = [scopeCondition('t', scope)];
  if (query.projectId) parts.push(sql`${t.projectId} = ${query.projectId}`);
  if (query.status) parts.push(sql`${t.status} = ${query.status}`);
  if (query.assigneeId === 'none') parts.push(sql`${t.assigneeId} is null`);
  else if (query.assigneeId) parts.push(sql`${t.assigneeId} = ${query.assigneeId}`);
  if (query.label) parts.push(sql`${t.labels} @> array[${query.label}]::text[]`);
  if (query.overdue === 'true') parts.push(sql`${t.status} <> 'done' and ${t.dueDate} < ${today()}::date`);
  // Words anywhere in the title, any case (strpos: no wildcards to escape).
  if (query.q) parts.push(sql`strpos(lower(${t.title}), ${query.q.toLowerCase()}) > 0`);
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
  const pageIds = tx
    .select({ id: t.id })
    .from(t)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  const rows = await selectTasks(tx, { cursorValues: page.cursorValues })
    .where(inArray(t.id, pageIds))
    .orderBy(...page.orderBy);
  return toSortedPage(rows, query.limit, toTask);
}

export function listTasks(db: Db, user: SessionUser, query: TaskListQuery) {
  return projects.scope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export async function* taskCsvPages(db: Db, user: SessionUser, query: Omit<TaskListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await projects.scope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    const emails = new Map<string, string>();
    const ids = [...new Set(page.items.map((x) => x.assignee?.id).filter((id): id is string => Boolean(id)))];
    if (ids.length > 0) {
      await projects.scope(db, user, 'viewer', async (tx) => {
        const rows = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(sql`${users.id} = any(${uuidArray(ids)})`);
        for (const r of rows) emails.set(r.id, r.email);
      });
    }
    yield page.items.map((x) => [
      x.code,
      x.projectKey,
      x.title,
      x.description,
      TASK_STATUS_LABELS[x.status],
      PRIORITY_LABELS[x.priority],
      x.assignee ? (emails.get(x.assignee.id) ?? '') : '',
      x.dueDate ?? '',
      x.labels.join('; '),
      x.createdAt,
    ]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export async function readTask(tx: Tx, id: string): Promise<Task> {
  const [row] = await selectTasks(tx).where(eq(t.id, id));
  if (!row) throw notFound(PROJECTS_MESSAGES.taskNotFound);
  return toTask(row);
}

export function getTask(db: Db, user: SessionUser, id: string): Promise<TaskDetail> {
  return projects.scope(db, user, 'viewer', async (tx, scope) => {
    const c = projectsTaskComments;
    const a = projectsTaskActivity;
    // Read together: one round trip. A task the caller may not read is readTask's 404 (row-level
    // security hides its comments, activity and followers too).
    const [task, following, comments, activity] = await Promise.all([
      readTask(tx, id),
      followState(tx, scope.userId, id),
      tx
        .select({
          id: c.id,
          authorId: c.authorId,
          authorName: c.authorName,
          currentName: sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`,
          body: c.body,
          createdAt: isoText(c.createdAt),
        })
        .from(c)
        .leftJoin(u, eq(u.id, c.authorId))
        .where(eq(c.taskId, id))
        .orderBy(c.createdAt, c.id)
        .limit(500),
      tx
        .select({ id: a.id, kind: sql<Activity['kind']>`${a.kind}`, actorName: a.actorName, changes: a.changes, createdAt: isoText(a.createdAt) })
        .from(a)
        .where(eq(a.taskId, id))
        .orderBy(desc(a.createdAt), desc(a.id))
        .limit(200),
    ]);
    return {
      ...task,
      ...following,
      comments: comments.map(
        (x): Comment => ({
          id: x.id,
          author: x.authorId && x.currentName !== null ? { id: x.authorId, name: x.currentName } : null,
          authorName: x.authorName,
          body: x.body,
          createdAt: x.createdAt,
        }),
      ),
      activity: activity.map((x) => ({ ...x, changes: x.changes as Activity['changes'] })),
    };
  });
}

/**
 * A project's cards, named as projects_tasks_scope_board_idx leads (company, entity, project). The
 * entity may be SQL (`entityOf`), so the cards are read in the same round trip as the project.
 */
type ProjectRef = { companyId: string; entityId: string | SQL; projectId: string };

/**
 * The condition that puts a read of a project's cards on projects_tasks_scope_board_idx (company,
 * entity, project, status, rank, id). Row-level security still applies; naming the company and
 * entity only gives the planner the range, where the policy's conditions alone left it to guess.
 */
const ofProject = (ref: ProjectRef) => sql`${t.companyId} = ${ref.companyId} and ${t.entityId} = ${ref.entityId} and ${t.projectId} = ${ref.projectId}`;

/** The first page of every column of a project's board, read through the board index. */
async function boardPages(tx: Tx, project: ProjectRef) {
  const pages = await columnPages(
    tx,
    {
      table: 'projects_tasks',
      alias: 't',
      column: 'status',
      range: ofProject(project),
      sort: SORTS.rank,
      select: boardSelect,
      columnOf: (row: TaskRow & { cursorValues: string[] }) => row.status,
    },
    TASK_STATUSES,
    { limit: BOARD_PAGE_SIZE },
    toTask,
  );
  return (status: TaskStatus) => pages.get(status)!;
}

/**
 * The board: a column per status, each its first page in rank order, with its size. One round
 * trip: the project's entity is a subquery (entityOf), so a project the caller may not read has
 * empty columns and readProject's 404.
 */
export function getBoard(db: Db, user: SessionUser, projectId: string): Promise<Board> {
  return projects.scope(db, user, 'viewer', async (tx, scope) => {
    const ref: ProjectRef = { companyId: scope.companyId, entityId: entityOf(projectsProjects, projectId), projectId };
    // Every column's size in one index-only pass over the project's cards; the project's own
    // figures (tasks, done, progress) are their sums, not counted again.
    const sizes = tx
      .select({ status: t.status, n: sql<number>`count(*)::int` })
      .from(t)
      .where(ofProject(ref))
      .groupBy(t.status)
      .then((rows) => (status: TaskStatus) => Number(rows.find((r) => r.status === status)?.n ?? 0));
    const known = sizes.then((size) => ({ tasks: TASK_STATUSES.reduce((n, s) => n + size(s), 0), done: size('done') }));
    const [size, project, firstPage] = await Promise.all([sizes, readProject(tx, projectId, known), boardPages(tx, ref)]);
    return { project, columns: TASK_STATUSES.map((status) => ({ status, total: size(status), ...firstPage(status) })) };
  });
}

/** What the audit log keeps of a task. */
type TaskContent = Pick<Task, 'title' | 'description' | 'status' | 'priority' | 'assignee' | 'dueDate' | 'labels'>;

const auditView = (x: TaskContent) => ({
  title: x.title,
  description: x.description,
  status: x.status,
  priority: x.priority,
  assignee: x.assignee?.name ?? null,
  dueDate: x.dueDate,
  labels: x.labels,
});

/** The task's audit event: its target, with its content before and after. */
const auditTask = (tx: Tx, scope: ModuleScope, audit: AuditContext, action: 'task.created' | 'task.updated' | 'task.moved' | 'task.commented', task: Pick<Task, 'id' | 'code' | 'title'>, before?: object, after?: object) =>
  projects.audit(tx, scope, audit, action, { type: 'task', id: task.id, label: `${task.code} ${task.title}` }, before as Record<string, unknown>, after as Record<string, unknown>);

/** The task's activity entry: the statement, to run (await it) or to send with others (commitWith). */
function writeActivity(tx: Tx, scope: ModuleScope, task: Pick<Task, 'id' | 'entityId'>, kind: Activity['kind'], audit: AuditContext, changes: unknown[] = []) {
  return tx.insert(projectsTaskActivity).values({
    companyId: scope.companyId,
    entityId: task.entityId,
    taskId: task.id,
    actorId: audit.actor?.id ?? null,
    actorName: audit.actor?.name ?? 'Someone',
    kind,
    changes,
  });
}

/** The task's live event (the boards' streams), not a notification. */
const publish = (tx: Tx, scope: ModuleScope, task: Pick<Task, 'id' | 'entityId' | 'projectId'>, kind: 'created' | 'updated' | 'moved') =>
  publishEvent(tx, { topic: 'projects.task', kind, companyId: scope.companyId, entityId: task.entityId, id: task.id, parentId: task.projectId });

/** The end of a column: after its last card. */
async function lastRank(tx: Tx, project: ProjectRef, status: TaskStatus, exceptId?: string) {
  const [row] = await tx
    .select({ rank: t.rank })
    .from(t)
    .where(and(ofProject(project), eq(t.status, status), exceptId ? ne(t.id, exceptId) : undefined))
    .orderBy(desc(t.rank))
    .limit(1);
  return row?.rank ?? null;
}

function rethrow(error: unknown): never {
  if (isForeignKeyViolation(error, 'projects_tasks_assignee_fk')) throw badRequest(PROJECTS_MESSAGES.userNotEligible);
  throw error;
}

/**
 * A task as number n+1 of its project, at the end of its column: what it needs is read in one
 * round trip, and its writes (`writes`, in order) and what tells of it (`announce`: the audit
 * event, the live event, the assignee's notification) are left to the caller. The counter is
 * incremented under the project row's lock, held to the end of the transaction: concurrent
 * creations in one project queue there, and a creation that rolls back gives its number back, so
 * numbers have neither gaps nor twins.
 */
async function newTask(tx: Tx, scope: ModuleScope, input: TaskCreate, audit: AuditContext) {
  const entityId = entityOf(projectsProjects, input.projectId);
  // Sent in this order: the counter's update first (its `then` called now), so the end of the
  // column is read by a statement that starts once the project's lock is held, and sees the card
  // of a creation that held it before. (One statement, an update in a CTE, would read the column
  // as it was before waiting for the lock.)
  const counted = tx
    .update(projectsProjects)
    .set({ taskCounter: sql`${projectsProjects.taskCounter} + 1` })
    .where(and(eq(projectsProjects.id, input.projectId), scopeCondition('projects_projects', scope)))
    .returning({ entityId: projectsProjects.entityId, taskCounter: projectsProjects.taskCounter, key: projectsProjects.key })
    .then(([row]) => row);
  const [project, last, names] = await Promise.all([
    counted,
    lastRank(tx, { companyId: scope.companyId, entityId, projectId: input.projectId }, input.status),
    eligibleNames(tx, scope, entityId, [input.assigneeId]),
  ]);
  if (!project) throw notFound(PROJECTS_MESSAGES.projectNotFound);
  scope.require(project.entityId, 'member');
  requireEligible(names, [input.assigneeId]);
  const id = randomUUID();
  const task = {
    id,
    entityId: project.entityId,
    projectId: input.projectId,
    code: `${project.key}-${project.taskCounter}`,
    title: input.title,
    description: input.description,
    status: input.status,
    priority: input.priority,
    assignee: input.assigneeId ? { id: input.assigneeId, name: names.get(input.assigneeId)! } : null,
    dueDate: input.dueDate,
    labels: input.labels,
  };
  const writes = [
    tx.insert(projectsTasks).values({
      id,
      companyId: scope.companyId,
      entityId: project.entityId,
      projectId: input.projectId,
      number: project.taskCounter,
      title: input.title,
      description: input.description,
      status: input.status,
      priority: input.priority,
      assigneeId: input.assigneeId,
      dueDate: input.dueDate,
      labels: textArray(input.labels),
      rank: generateKeyBetween(last, null),
      doneAt: input.status === 'done' ? sql`now()` : null,
    }),
    writeActivity(tx, scope, task, 'created', audit),
    // Its creator and its assignee follow it.
    followersInsert(tx, scope, task, [scope.userId, input.assigneeId])!,
  ];
  const announce = async () => {
    await auditTask(tx, scope, audit, 'task.created', task, undefined, auditView(task));
    await publish(tx, scope, task, 'created');
    await tellAssignee(tx, scope, task, audit);
  };
  return { id, writes, announce };
}

export async function createTask(db: Db, user: SessionUser, input: TaskCreate, audit: AuditContext): Promise<Task> {
  try {
    return await projects.scope(db, user, 'member', async (tx, scope) => {
      const { id, writes, announce } = await newTask(tx, scope, input, audit);
      // The audit and live events go with the commit; the assignee's notification reads its
      // recipient first, a round trip more only when someone else is assigned.
      await announce();
      return commitWith(tx, writes, () => readTask(tx, id));
    });
  } catch (error) {
    rethrow(error);
  }
}

/** Content edits take the version the client read: 409 when someone changed the content since. Moves do not count. */
export async function updateTask(db: Db, user: SessionUser, id: string, input: TaskUpdate, audit: AuditContext): Promise<Task> {
  try {
    return await projects.scope(db, user, 'member', async (tx, scope) => {
      // One round trip: the lock (404, 409), the task as it is, and the new assignee's
      // eligibility at the task's entity (refused after the lock's answers, as before).
      const [, before, names] = await Promise.all([
        projects.lock(tx, projectsTasks, id, input.version, PROJECTS_MESSAGES.taskNotFound),
        readTask(tx, id),
        eligibleNames(tx, scope, entityOf(projectsTasks, id), [input.assigneeId]),
      ]);
      requireEligible(names, [input.assigneeId]);
      // The task after the save, as far as its content goes: what the audit event and the activity
      // entry record (the answer is read again, with the commit).
      const after = {
        ...before,
        title: input.title ?? before.title,
        description: input.description ?? before.description,
        priority: input.priority ?? before.priority,
        assignee:
          input.assigneeId === undefined ? before.assignee : input.assigneeId === null ? null : { id: input.assigneeId, name: names.get(input.assigneeId)! },
        dueDate: input.dueDate === undefined ? before.dueDate : input.dueDate,
        labels: input.labels ?? before.labels,
      };
      const changes = diff(auditView(before), auditView(after));
      const newAssignee = after.assignee && after.assignee.id !== before.assignee?.id ? after.assignee : null;
      await auditTask(tx, scope, audit, 'task.updated', after, auditView(before), auditView(after));
      await publish(tx, scope, after, 'updated');
      if (newAssignee) await tellAssignee(tx, scope, after, audit);
      const writes: PromiseLike<unknown>[] = [
        projects.save(tx, projectsTasks, id, {
          title: input.title,
          description: input.description,
          priority: input.priority,
          assigneeId: input.assigneeId,
          dueDate: input.dueDate,
          labels: input.labels === undefined ? undefined : textArray(input.labels),
        }),
        writeActivity(tx, scope, after, 'updated', audit, changes),
      ];
      // A new assignee follows the task.
      if (newAssignee) writes.push(followersInsert(tx, scope, after, [newAssignee.id])!);
      return commitWith(tx, writes, () => readTask(tx, id));
    });
  } catch (error) {
    rethrow(error);
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
  return projects.scope(db, user, 'member', async (tx, scope) => {
    const [row] = await tx
      .select({ entityId: projectsTasks.entityId, projectId: projectsTasks.projectId, status: projectsTasks.status, rank: projectsTasks.rank })
      .from(projectsTasks)
      .where(eq(projectsTasks.id, id))
      .for('update');
    if (!row) throw notFound(PROJECTS_MESSAGES.taskNotFound);
    const column: ProjectRef = { companyId: scope.companyId, entityId: row.entityId, projectId: row.projectId };
    // Both named neighbours in one read: each must be another card of the target column.
    const named = [input.afterId, input.beforeId].filter((n): n is string => n !== null);
    if (named.includes(id)) throw conflict(PROJECTS_MESSAGES.neighbourNotFound);
    const ranks = new Map<string, string>();
    if (named.length > 0) {
      const found = await tx
        .select({ id: projectsTasks.id, rank: projectsTasks.rank })
        .from(projectsTasks)
        .where(and(sql`${projectsTasks.id} = any(${uuidArray(named)})`, eq(projectsTasks.projectId, row.projectId), eq(projectsTasks.status, input.status)));
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
      const [found] = await tx
        .select({ rank: t.rank })
        .from(t)
        .where(and(ofProject(column), eq(t.status, input.status), ne(t.id, id), direction === 'after' ? sql`${t.rank} > ${rank}` : sql`${t.rank} < ${rank}`))
        .orderBy(direction === 'after' ? t.rank : desc(t.rank))
        .limit(1);
      return found?.rank ?? null;
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
    await tx
      .update(projectsTasks)
      .set({
        status: input.status,
        rank,
        updatedAt: sql`now()`,
        doneAt: input.status === 'done' ? sql`coalesce(${projectsTasks.doneAt}, now())` : null,
      })
      .where(eq(projectsTasks.id, id));
    const task = await readTask(tx, id);
    if (row.status !== input.status) await writeActivity(tx, scope, task, 'moved', audit, [{ field: 'status', before: row.status, after: input.status }]);
    await auditTask(tx, scope, audit, 'task.moved', task, { status: row.status, rank: row.rank }, { status: task.status, rank: task.rank });
    await publish(tx, scope, task, 'moved');
    if (row.status !== input.status) await tellFollowers(tx, scope, task, audit);
    return task;
  });
}

/**
 * A comment: its mentions checked (only people who may read the task stay mentions, and hear of
 * it), and its author follows the task from now on.
 */
export function addComment(db: Db, user: SessionUser, id: string, text: string, audit: AuditContext): Promise<Comment> {
  return projects.scope(db, user, 'member', async (tx, scope) => {
    const task = await readTask(tx, id);
    const authorName = actorOf(user).name || user.email;
    const { text: body, mentioned } = await checkMentions(tx, { companyId: scope.companyId, product: 'projects', entityId: task.entityId }, text);
    const c = projectsTaskComments;
    const [created] = await tx
      .insert(c)
      .values({ companyId: scope.companyId, entityId: task.entityId, taskId: id, authorId: user.id, authorName, body })
      .returning({ id: c.id, createdAt: isoText(c.createdAt) });
    await writeActivity(tx, scope, task, 'commented', audit);
    await auditTask(tx, scope, audit, 'task.commented', task);
    await addFollowers(tx, scope, task, [scope.userId]);
    await tellMentioned(tx, scope, task, mentioned, audit);
    return { id: created!.id, author: { id: user.id, name: authorName }, authorName, body, createdAt: created!.createdAt };
  });
}

const STATUS_BY_LABEL = new Map<string, TaskStatus>(TASK_STATUSES.flatMap((s) => [[s, s], [TASK_STATUS_LABELS[s].toLowerCase(), s]]));
const PRIORITY_BY_LABEL = new Map<string, (typeof PRIORITIES)[number]>(PRIORITIES.flatMap((x) => [[x, x], [PRIORITY_LABELS[x].toLowerCase(), x]]));
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
  return projects.scope(
    db,
    user,
    'member',
    (tx, scope) =>
      importRows(
        tx,
        rows,
        async ({ values }) => {
          const key = values['Project Key']!.toUpperCase();
          const [found] = await tx
            .select({ id: projectsProjects.id })
            .from(projectsProjects)
            .where(and(eq(projectsProjects.companyId, scope.companyId), eq(projectsProjects.entityId, input.entityId), eq(projectsProjects.key, key)));
          if (!found) throw badRequest(`Project Key: no project with the key ${key || '(empty)'} in this entity.`);
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
            projectId: found.id,
            title: values['Title'],
            description: values['Description'],
            status: status ? (STATUS_BY_LABEL.get(status) ?? status) : undefined,
            priority: priority ? (PRIORITY_BY_LABEL.get(priority) ?? priority) : undefined,
            assigneeId,
            dueDate: values['Due Date'] || null,
            labels: values['Labels']!
              .split(/[;,]/)
              .map((x) => x.trim())
              .filter(Boolean),
          });
          if (!parsed.success) throw rowRefusal(parsed.error, CSV_COLUMN_OF);
          const { writes, announce } = await newTask(tx, scope, parsed.data, audit);
          // In the row's savepoint, in order; its events only once its writes went in.
          for (const write of writes) await write;
          await announce();
        },
        (error) => (isForeignKeyViolation(error) ? PROJECTS_MESSAGES.userNotEligible : undefined),
      ),
    input.entityId,
  );
}

/** The task as `user` may read it now, or null: what an event stream sends them. */
export function visibleTask(db: Db, user: SessionUser, id: string, entityId?: string): Promise<Task | null> {
  return projects.scope(
    db,
    user,
    'viewer',
    async (tx) => {
      const [row] = await selectTasks(tx).where(eq(t.id, id));
      return row ? toTask(row) : null;
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
    await setLocal(tx, 'app.entity_ids', arrayLiteral([event.entityId]));
    const [row] = await selectTasks(tx).where(and(eq(t.id, event.id), eq(t.entityId, event.entityId)));
    const a = userProductAccess;
    const e = entityProductAccess;
    const granted = await tx
      .select({ userId: a.userId })
      .from(a)
      .innerJoin(products, eq(products.id, a.productId))
      .where(
        and(
          eq(a.companyId, event.companyId),
          eq(a.entityId, event.entityId),
          eq(products.type, 'projects'),
          sql`${a.roleType} = any(${textArray(ACCESS_ROLES)})`,
          sql`${a.userId} = any(${uuidArray(userIds)})`,
        ),
      )
      .unionAll(
        tx
          .select({ userId: sql<string>`super_admin` })
          .from(sql`unnest(${uuidArray(superAdmins)}) super_admin`)
          .where(
            sql`exists (${tx
              .select({ one: sql`1` })
              .from(e)
              .innerJoin(products, eq(products.id, e.productId))
              .where(and(eq(e.companyId, event.companyId), eq(e.entityId, event.entityId), eq(products.type, 'projects')))})`,
          ),
      );
    return { task: row ? toTask(row) : null, allowed: new Set(granted.map((r) => r.userId)) };
  });
}
