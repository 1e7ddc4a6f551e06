import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { SessionUser } from '@/shared/auth';
import type { TaskEvent } from '@/shared/projects';
import type { Database } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { eventHub, onShutdown, type HubMessage, type ModuleEvent } from '../../platform/events';
import { taskForSubscribers, visibleTask } from './tasks';

/** A comment line now and then: proxies keep the connection, and a dead one is noticed. */
export const HEARTBEAT_MS = 20_000;

/** The callers of the open streams in this process, by company. */
const openStreams = new Map<string, Map<SessionUser, number>>();

/**
 * An event's task as read once for every open stream of its company (taskForSubscribers), made by
 * the first stream that handles the event and shared by the others: with 200 boards open, one
 * transaction per event instead of 200. Per database: tests run several apps in one process.
 */
const sharedReads = new WeakMap<Database, WeakMap<ModuleEvent, ReturnType<typeof taskForSubscribers>>>();

function sharedRead(database: Database, e: ModuleEvent) {
  let byEvent = sharedReads.get(database);
  if (!byEvent) sharedReads.set(database, (byEvent = new WeakMap()));
  let read = byEvent.get(e);
  if (!read) {
    const users = [...(openStreams.get(e.companyId)?.keys() ?? [])];
    read = taskForSubscribers(
      database.db,
      e,
      [...new Set(users.map((u) => u.id))],
      [...new Set(users.filter((u) => u.role === 'super_admin').map((u) => u.id))],
    );
    byEvent.set(e, read);
  }
  return read;
}

/** The event's task for `user` when the shared read says they may read it; otherwise their own scope decides (and may end the stream). */
async function taskFor(database: Database, user: SessionUser, e: ModuleEvent, entityFilter?: string) {
  const shared = await sharedRead(database, e).catch(() => null);
  if (shared?.allowed.has(user.id) && (!entityFilter || entityFilter === e.entityId)) return shared.task;
  return visibleTask(database.db, user, e.id, entityFilter);
}

/**
 * The task events one caller may see, as Server-Sent Events: `ready` once listening, then `task`
 * ({ kind, task }) for each task created, edited or moved in their scope (and project, when
 * named), and `reset` when events may have been missed (the database connection was lost): the
 * client reloads what it shows. Each event's task is re-read through the caller's own scope, as
 * it is when the event arrives: a task they cannot read is never sent.
 */
export function taskEventStream(c: Context<AppEnv>, database: Database, user: SessionUser, filter: { entityId?: string; projectId?: string }) {
  return streamSSE(c, async (stream) => {
    let closed = false;
    let wake = () => {};
    const finish = () => {
      closed = true;
      wake();
    };
    // Events are sent one at a time, in the order they arrived.
    let queue = Promise.resolve();
    const deliver = (message: HubMessage) => {
      if (message.type === 'reset') {
        queue = queue.then(() => stream.writeSSE({ event: 'reset', data: '{}' }));
        return;
      }
      const e = message.event;
      if (e.topic !== 'projects.task' || e.companyId !== user.companyId) return;
      if (filter.projectId && e.parentId !== filter.projectId) return;
      if (filter.entityId && e.entityId !== filter.entityId) return;
      queue = queue.then(async () => {
        if (closed) return;
        try {
          const task = await taskFor(database, user, e, filter.entityId);
          if (!task || (filter.projectId && task.projectId !== filter.projectId)) return;
          const payload: TaskEvent = { kind: e.kind as TaskEvent['kind'], task };
          await stream.writeSSE({ event: 'task', data: JSON.stringify(payload) });
        } catch {
          // The caller lost access (403/404) or the stream broke: end it; the client's reconnect
          // then gets the answer as a status.
          finish();
        }
      });
    };
    const hub = eventHub(database);
    const streams = openStreams.get(user.companyId) ?? new Map<SessionUser, number>();
    openStreams.set(user.companyId, streams);
    streams.set(user, (streams.get(user) ?? 0) + 1);
    const unsubscribe = hub.subscribe(deliver);
    const offShutdown = onShutdown(finish);
    stream.onAbort(finish);
    try {
      await hub.ready();
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 });
      while (!closed) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (!closed) await stream.write(': ping\n\n');
      }
      await queue;
    } finally {
      unsubscribe();
      offShutdown();
      const left = (streams.get(user) ?? 1) - 1;
      if (left > 0) streams.set(user, left);
      else streams.delete(user);
      if (streams.size === 0 && openStreams.get(user.companyId) === streams) openStreams.delete(user.companyId);
    }
  });
}
