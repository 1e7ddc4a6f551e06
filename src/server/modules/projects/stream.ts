import type { Context } from 'hono';
import type { SessionUser } from '@/shared/auth';
import type { TaskEvent } from '@/shared/projects';
import type { Database } from '../../db/client';
import type { AppEnv } from '../../http/env';
import type { ModuleEvent } from '../../platform/events';
import { openLiveStream } from '../../platform/live';
import { projects } from './module';
import { readProject } from './projects';
import { taskForSubscribers, visibleTask } from './tasks';

/**
 * An event's task as read once for every open stream of its company (taskForSubscribers), made by
 * the first stream that handles the event and shared by the others: with 200 boards open, one
 * transaction per event instead of 200. The audience is the streams' callers as they are now.
 */
const sharedReads = new WeakMap<ModuleEvent, ReturnType<typeof taskForSubscribers>>();

function sharedRead(database: Database, e: ModuleEvent, audience: readonly SessionUser[]) {
  let read = sharedReads.get(e);
  if (!read) {
    read = taskForSubscribers(
      database.db,
      e,
      [...new Set(audience.map((u) => u.id))],
      [...new Set(audience.filter((u) => u.role === 'super_admin').map((u) => u.id))],
    );
    sharedReads.set(e, read);
  }
  return read;
}

/** The event's task for `user` when the shared read says they may read it; otherwise their own scope decides (and may end the stream). */
async function taskFor(database: Database, user: SessionUser, e: ModuleEvent, audience: readonly SessionUser[], entityFilter?: string) {
  const shared = await sharedRead(database, e, audience).catch(() => null);
  if (shared?.allowed.has(user.id) && (!entityFilter || entityFilter === e.entityId)) return shared.task;
  return visibleTask(database.db, user, e.id, entityFilter);
}

/**
 * The task events one caller may see, as Server-Sent Events under the platform's stream rule
 * (platform/live.ts): `task` ({ kind, task }) for each task created, edited or moved in their
 * scope (and project, when named), each re-read as the caller may read it at that moment.
 */
export function taskEventStream(c: Context<AppEnv>, filter: { entityId?: string; projectId?: string }) {
  const database = c.get('database');
  return openLiveStream(c, {
    // Refusals (no product, another entity, an unknown project) answer as a status before the
    // stream opens, and end it once the caller's rights change.
    authorize: (user) =>
      projects.scope(
        database.db,
        user,
        'viewer',
        async (tx) => {
          if (filter.projectId) await readProject(tx, filter.projectId);
        },
        filter.entityId,
      ),
    wants: (e) =>
      e.topic === 'projects.task' && (!filter.projectId || e.parentId === filter.projectId) && (!filter.entityId || e.entityId === filter.entityId),
    read: async (user, e, audience) => {
      const task = await taskFor(database, user, e, audience, filter.entityId);
      if (!task || (filter.projectId && task.projectId !== filter.projectId)) return null;
      const payload: TaskEvent = { kind: e.kind as TaskEvent['kind'], task };
      return { event: 'task', data: payload };
    },
  });
}
