import { and, count, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { PROJECTS_MESSAGES, TASK_STATUS_LABELS, type Task, type TaskFollowing } from '@/shared/projects';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { projectsTaskFollowers, projectsTasks } from '../../db/schema';
import type { Tx } from '../../db/tenant';
import { notFound } from '../../http/errors';
import { mentionableUsers } from '../../platform/mentions';
import { entityOf, type ModuleScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';
import { projects } from './module';

/*
 * Who hears about a task (issue 33): its assignee when it is assigned to them, its followers when
 * its status changes, and whoever a comment mentions. Followers are the creator, each assignee and
 * each commenter, added as they take part, and anyone who follows it by hand. Each notification
 * goes through the kit (projects.notify): never to the actor, and only to those who may read the
 * task at its entity now, so a follower who lost access hears nothing.
 */

/** The task's page in the web app: where each notification links. */
const taskUrl = (task: Pick<Task, 'id'>) => `/projects/tickets/${task.id}`;
const named = (task: Pick<Task, 'code' | 'title'>) => `${task.code} ${task.title}`;
const actorName = (audit: AuditContext) => audit.actor?.name || 'Someone';
const about = (task: Pick<Task, 'id' | 'entityId'>) => ({ url: taskUrl(task), entityId: task.entityId, record: { type: 'projects_task', id: task.id } });

/**
 * Adds people to the task's followers (those already following stay as they are): the statement,
 * to run (await it) or to send with others (commitWith); undefined when there is no one to add.
 */
export function followersInsert(tx: Tx, scope: ModuleScope, task: Pick<Task, 'id' | 'entityId'>, userIds: (string | null | undefined)[]) {
  const ids = [...new Set(userIds.filter((id): id is string => typeof id === 'string'))];
  if (ids.length === 0) return undefined;
  return tx
    .insert(projectsTaskFollowers)
    .select(
      tx
        .select({
          taskId: sql<string>`${task.id}::uuid`.as('task_id'),
          userId: sql<string>`follower`.as('user_id'),
          companyId: sql<string>`${scope.companyId}::uuid`.as('company_id'),
          entityId: sql<string>`${task.entityId}::uuid`.as('entity_id'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(sql`unnest(${uuidArray(ids)}) as follower`),
    )
    .onConflictDoNothing();
}

/** Adds people to the task's followers now. */
export async function addFollowers(tx: Tx, scope: ModuleScope, task: Pick<Task, 'id' | 'entityId'>, userIds: (string | null | undefined)[]) {
  await followersInsert(tx, scope, task, userIds);
}

/**
 * The task was given to someone (created with them, or the assignee changed): they hear of it. The
 * caller makes them a follower too (followersInsert, with its own writes).
 */
export async function tellAssignee(tx: Tx, scope: ModuleScope, task: Pick<Task, 'id' | 'entityId' | 'code' | 'title' | 'assignee'>, audit: AuditContext) {
  if (!task.assignee) return;
  await projects.notify(tx, scope, { recipients: [task.assignee.id], category: 'tasks', title: `${actorName(audit)} assigned you ${named(task)}`, ...about(task) });
}

/** The task moved to another column: its followers hear of it. */
export async function tellFollowers(tx: Tx, scope: ModuleScope, task: Task, audit: AuditContext) {
  const followers = await tx.select({ userId: projectsTaskFollowers.userId }).from(projectsTaskFollowers).where(eq(projectsTaskFollowers.taskId, task.id));
  await projects.notify(tx, scope, {
    recipients: followers.map((f) => f.userId),
    category: 'tasks',
    title: `${actorName(audit)} moved ${named(task)} to ${TASK_STATUS_LABELS[task.status]}`,
    ...about(task),
  });
}

/** A comment mentioned people (already checked: they may read the task). */
export const tellMentioned = (tx: Tx, scope: ModuleScope, task: Task, mentioned: string[], audit: AuditContext) =>
  projects.notify(tx, scope, { recipients: mentioned, category: 'mentions', title: `${actorName(audit)} mentioned you on ${named(task)}`, ...about(task) });

/** Whether the user follows the task, and how many do. */
export async function followState(tx: Tx, userId: string, taskId: string): Promise<TaskFollowing> {
  const f = projectsTaskFollowers;
  const [row] = await tx
    .select({ followers: count(), following: sql<boolean>`coalesce(bool_or(${f.userId} = ${userId}), false)` })
    .from(f)
    .where(eq(f.taskId, taskId));
  return { following: Boolean(row?.following), followers: Number(row?.followers ?? 0) };
}

/** The task's entity, or 404 when the caller may not read it (row-level security hides it). */
async function taskEntity(tx: Tx, id: string) {
  const [task] = await tx.select({ id: projectsTasks.id, entityId: projectsTasks.entityId }).from(projectsTasks).where(eq(projectsTasks.id, id));
  if (!task) throw notFound(PROJECTS_MESSAGES.taskNotFound);
  return task;
}

/**
 * Follow or unfollow a task. Anyone who may read it may follow it (a viewer too): following
 * changes what they hear, not the task.
 */
export function setFollowing(db: Db, user: SessionUser, id: string, following: boolean): Promise<TaskFollowing> {
  return projects.scope(db, user, 'viewer', async (tx, scope) => {
    const task = await taskEntity(tx, id);
    if (following) await addFollowers(tx, scope, task, [scope.userId]);
    else await tx.delete(projectsTaskFollowers).where(and(eq(projectsTaskFollowers.taskId, id), eq(projectsTaskFollowers.userId, scope.userId)));
    return followState(tx, scope.userId, id);
  });
}

/** Who a comment on the task may mention: the active users who may read it. Asked by those who may comment. */
export function taskMentionable(db: Db, user: SessionUser, id: string, q: string | undefined) {
  return projects.scope(db, user, 'member', async (tx, scope) => {
    // Read together: one round trip. The task's entity is a subquery (entityOf): a task the caller
    // may not read is taskEntity's 404.
    const [, items] = await Promise.all([
      taskEntity(tx, id),
      mentionableUsers(tx, { companyId: scope.companyId, product: 'projects', entityId: entityOf(projectsTasks, id) }, { q }),
    ]);
    return { items };
  });
}
