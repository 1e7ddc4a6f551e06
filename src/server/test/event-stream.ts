import { expect } from 'vitest';
import type { Client, TestApp } from './harness';

export interface OpenStream {
  /** The next event (heartbeat comments skipped); rejects with "stream ended" when the server ends the stream. */
  next(): Promise<{ event: string; data: unknown }>;
  close(): Promise<void>;
}

/** An open event stream of `path` (for example `/projects/events`), read message by message, past its `ready`. */
export async function openStream(app: TestApp['app'], client: Client, path: string): Promise<OpenStream> {
  const res = await app.request(`/api${path}`, { headers: { cookie: client.cookie } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<{ event: string; data: unknown }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
        if (event) return { event, data: data ? JSON.parse(data) : undefined };
        continue; // a comment line (heartbeat)
      }
      const chunk = await reader.read();
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  expect((await next()).event).toBe('ready');
  return { next, close: () => reader.cancel() };
}
