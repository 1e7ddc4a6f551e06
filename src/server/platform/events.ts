import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Tx } from '../db/tenant';
import { tenantConnectionOf } from '../db/tenant-pg';

/**
 * Module events between server processes (docs/architecture.md, "Live events and the stream
 * rule"): a change writes `pg_notify(module_events, ids)` in its own transaction, so the
 * notification leaves only when the change commits, and every process LISTENing on the database
 * hears it (PostgreSQL), or the one process does (PGlite delivers its own notifications
 * in-process). The payload carries ids only: each subscriber re-reads the record through its own
 * caller's scope before sending anything.
 */
export const MODULE_EVENTS_CHANNEL = 'module_events';

export interface ModuleEvent {
  /** What changed, e.g. `projects.task`. */
  topic: string;
  kind: string;
  companyId: string;
  entityId: string;
  id: string;
  /** The record's parent (a task's project), for subscribers that watch one. */
  parentId?: string;
}

/**
 * Sent by the database itself (triggers of migration 0027, on the same channel) when someone's
 * rights may have changed: a session ended, a user's role, status or home changed or the user was
 * deleted (`userId`), a product grant changed (`userId`), or an entity's products changed
 * (`companyId`: every user of the company). Open live streams re-check their caller (platform/live.ts).
 */
export const ACCESS_TOPIC = 'platform.access';
export interface AccessChange {
  userId?: string;
  companyId?: string;
}

export type HubMessage = { type: 'event'; event: ModuleEvent } | { type: 'access'; change: AccessChange } | { type: 'reset' };

/** Sends the event when (and only if) the caller's transaction commits. */
export async function publishEvent(tx: Tx, event: ModuleEvent): Promise<void> {
  // Nobody reads its result: on PostgreSQL it goes with the commit (db/tenant-pg.ts).
  const connection = tenantConnectionOf(tx);
  if (connection) return connection.defer({ text: 'select pg_notify($1, $2)', values: [MODULE_EVENTS_CHANNEL, JSON.stringify(event)] });
  await tx.execute(sql`select pg_notify(${MODULE_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

type Listener = (message: HubMessage) => void;

class EventHub {
  private readonly listeners = new Set<Listener>();
  private stop: Promise<() => Promise<void>> | undefined;

  constructor(private readonly database: Database) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    // One LISTEN per process, opened with the first subscriber.
    if (!this.stop) this.stop = this.open();
    return () => {
      this.listeners.delete(listener);
    };
  }

  private open() {
    const opening = this.database.listen(
      MODULE_EVENTS_CHANNEL,
      (payload) => {
        let message: HubMessage;
        try {
          const parsed = JSON.parse(payload) as ModuleEvent | (AccessChange & { topic: typeof ACCESS_TOPIC });
          message = parsed.topic === ACCESS_TOPIC ? { type: 'access', change: parsed as AccessChange } : { type: 'event', event: parsed as ModuleEvent };
        } catch {
          return;
        }
        for (const l of this.listeners) l(message);
      },
      () => {
        // The listening connection was lost and is back: what was sent meanwhile is not known.
        for (const l of this.listeners) l({ type: 'reset' });
      },
    ).catch((error: unknown) => {
      // The next subscriber tries again.
      this.stop = undefined;
      throw error;
    });
    // Its failure is `ready()`'s to report: a subscriber that does not wait for it (the session
    // cache's evictions) must not leave it unhandled, which would end the process.
    opening.catch(() => {});
    return opening;
  }

  /** Resolves once the first subscription's LISTEN is in place. */
  ready() {
    return this.stop?.then(() => undefined);
  }
}

const hubs = new WeakMap<Database, EventHub>();

export function eventHub(database: Database): EventHub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = new EventHub(database);
    hubs.set(database, hub);
  }
  return hub;
}

/** Open event streams end themselves when told to (shutdown): they would otherwise hold the server open. */
const closers = new Set<() => void>();
export function onShutdown(close: () => void) {
  closers.add(close);
  return () => closers.delete(close);
}
export function closeEventStreams() {
  for (const close of [...closers]) close();
}
