import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { SessionUser } from '@/shared/auth';
import { currentSessions } from '../auth/session';
import type { Database } from '../db/client';
import type { AppEnv } from '../http/env';
import { eventHub, onShutdown, type AccessChange, type HubMessage, type ModuleEvent } from './events';

/**
 * Live streams (Server-Sent Events) and the stream rule (docs/decisions/007-the-stream-rule.md): a
 * stream never trusts the copy of its caller it was opened with. Before each delivery it reads the
 * caller's session as it is now — ended, expired, deactivated or deleted ends the stream — and
 * reads the record as that current user may read it; when the database says someone's rights may
 * have changed (a session ended, a role, status or grant changed: migration 0027's triggers, heard
 * on every process through LISTEN/NOTIFY), the streams concerned run their route's access rule
 * again at once and end when it refuses. The heartbeat runs the same check, for sessions that
 * simply expire.
 */

/** A comment line now and then: proxies keep the connection, a dead one is noticed, and the caller is checked again. */
export const HEARTBEAT_MS = 20_000;

export interface LiveMessage {
  event: string;
  data: unknown;
}

export interface LiveStreamSpec {
  /** Whether an event concerns this stream at all, from its ids alone (no database read). */
  wants(event: ModuleEvent): boolean;
  /**
   * What to send about the event, read as `user` may read it now (the session's current user).
   * `audience` is the current user of every open stream of the event's company in this process,
   * for one read shared by all of them (bench figure P3: 200 boards, one read per event). Null
   * sends nothing; a thrown error ends the stream.
   */
  read(user: SessionUser, event: ModuleEvent, audience: readonly SessionUser[]): Promise<LiveMessage | null>;
  /**
   * The stream's access rule (the route's own check when it opens): run before the stream opens,
   * so a refusal answers as a status, and again whenever the caller's rights may have changed.
   * Throws when they may not hold it.
   */
  authorize(user: SessionUser): Promise<void>;
}

interface Subscriber {
  sessionId: string;
  /** The caller as last read from the database. */
  user: SessionUser;
  /** Queues a check of the session and the access rule (ends the stream when either fails). */
  recheck(): void;
}

/** The open streams of this process, per database and company. */
const openStreams = new WeakMap<Database, Map<string, Set<Subscriber>>>();

function streamsOf(database: Database) {
  let byCompany = openStreams.get(database);
  if (!byCompany) openStreams.set(database, (byCompany = new Map()));
  return byCompany;
}

/** Each event's audience read once, by the first of its company's streams to handle it. */
const audiences = new WeakMap<ModuleEvent, Promise<Map<string, SessionUser>>>();

function audienceOf(database: Database, event: ModuleEvent) {
  let read = audiences.get(event);
  if (!read) {
    const subscribers = streamsOf(database).get(event.companyId) ?? new Set();
    read = currentSessions(database.db, [...new Set([...subscribers].map((s) => s.sessionId))]);
    audiences.set(event, read);
  }
  return read;
}

const concerns = (change: AccessChange, s: Subscriber) => change.userId === s.user.id || change.companyId === s.user.companyId;

/** A session that may still use the API (the guard refuses everything else to one that must set up two-factor sign-in). */
const usable = (user: SessionUser | undefined): user is SessionUser => !!user && !user.twoFactorSetupRequired;

/** What the access rule depends on, from the session's user. */
const rightsOf = (u: SessionUser) => `${u.role} ${u.companyId} ${u.organizationId} ${u.entityId}`;

/**
 * Opens a live stream for the signed-in caller under the stream rule: `ready` once listening, the
 * spec's messages, `reset` when events may have been missed (the database connection was lost:
 * the client reloads what it shows), a comment line every HEARTBEAT_MS. Answers the access rule's
 * refusal as a status before streaming.
 */
export async function openLiveStream(c: Context<AppEnv>, spec: LiveStreamSpec): Promise<Response> {
  const database = c.get('database');
  const sessionId = c.get('sessionId');
  await spec.authorize(c.get('user'));
  return streamSSE(c, async (stream) => {
    let closed = false;
    let wake = () => {};
    const finish = () => {
      closed = true;
      wake();
    };
    // Messages and checks run one at a time, in the order they arrived.
    let queue = Promise.resolve();
    const enqueue = (work: () => Promise<void>) => {
      queue = queue.then(async () => {
        if (closed) return;
        try {
          await work();
        } catch {
          // The caller lost access, the database failed, or the stream broke: end it; the
          // client's reconnect then gets the answer as a status.
          finish();
        }
      });
    };
    const subscriber: Subscriber = {
      sessionId,
      user: c.get('user'),
      recheck: () =>
        enqueue(async () => {
          const user = (await currentSessions(database.db, [sessionId])).get(sessionId);
          if (!usable(user)) return finish();
          await spec.authorize(user);
          subscriber.user = user;
        }),
    };
    const deliver = (message: HubMessage) => {
      if (message.type === 'reset') {
        // Rights may have changed while the connection was down, unheard.
        subscriber.recheck();
        enqueue(() => stream.writeSSE({ event: 'reset', data: '{}' }));
        return;
      }
      if (message.type === 'access') {
        if (concerns(message.change, subscriber)) subscriber.recheck();
        return;
      }
      const e = message.event;
      if (e.companyId !== subscriber.user.companyId || !spec.wants(e)) return;
      enqueue(async () => {
        const audience = await audienceOf(database, e);
        const user = audience.get(sessionId);
        if (!usable(user)) return finish();
        if (rightsOf(user) !== rightsOf(subscriber.user)) await spec.authorize(user);
        subscriber.user = user;
        const out = await spec.read(user, e, [...audience.values()]);
        if (out && !closed) await stream.writeSSE({ event: out.event, data: JSON.stringify(out.data) });
      });
    };

    const hub = eventHub(database);
    const byCompany = streamsOf(database);
    const companyId = subscriber.user.companyId;
    const streams = byCompany.get(companyId) ?? new Set<Subscriber>();
    byCompany.set(companyId, streams);
    streams.add(subscriber);
    const unsubscribe = hub.subscribe(deliver);
    const offShutdown = onShutdown(finish);
    stream.onAbort(finish);
    try {
      await hub.ready();
      // Anything that changed between the route's check and the LISTEN being in place.
      subscriber.recheck();
      await queue;
      if (!closed) await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 });
      while (!closed) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (closed) break;
        subscriber.recheck();
        await stream.write(': ping\n\n');
      }
      await queue;
    } finally {
      unsubscribe();
      offShutdown();
      streams.delete(subscriber);
      if (streams.size === 0 && byCompany.get(companyId) === streams) byCompany.delete(companyId);
    }
  });
}
