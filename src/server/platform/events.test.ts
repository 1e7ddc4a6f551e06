import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { eventHub } from './events';

describe('the event hub', () => {
  it("a LISTEN that fails to open (the database dropping out) is not left unhandled by a subscriber that does not wait; the next subscriber opens it again", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let tries = 0;
    const database = {
      kind: 'postgres',
      listen: () => (++tries === 1 ? Promise.reject(new Error('terminating connection due to administrator command')) : Promise.resolve(async () => {})),
    } as unknown as Database;
    try {
      const hub = eventHub(database);
      // As the session cache subscribes: without waiting for the LISTEN.
      hub.subscribe(() => {});
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
      hub.subscribe(() => {});
      await expect(hub.ready()).resolves.toBeUndefined();
      expect(tries).toBe(2);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
