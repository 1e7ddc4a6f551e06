import { describe, expect, it } from 'vitest';
import { inWriteMode, pendingSessionCheck, requestDb, type RequestDbContext } from './tenant-pg';

describe('inWriteMode', () => {
  it("gives its work a write context of its own: the request's other work stays in read mode, the session check's state is shared", async () => {
    const context: RequestDbContext = { mode: 'read', session: { check: { text: 'select 1' } } };
    await requestDb.run(context, async () => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const writing = inWriteMode(async () => {
        const mode = requestDb.getStore()?.mode;
        await held;
        // Answered inside: the request as a whole no longer owes it.
        requestDb.getStore()!.session!.checked = true;
        return mode;
      });
      // Concurrent work of the same request, while the write-mode work is still running.
      expect(requestDb.getStore()?.mode).toBe('read');
      expect(pendingSessionCheck()).toBeDefined();
      release();
      expect(await writing).toBe('write');
      expect(requestDb.getStore()?.mode).toBe('read');
      expect(pendingSessionCheck()).toBeUndefined();
    });
  });
});
