/**
 * A refused request must not break the client's next one: answers sent before the request body
 * was read (413, 403, 401) over a real socket on a real listening server, started by serveApp()
 * as src/server/main.ts starts it.
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '../test/harness';
import { serveApp } from './serve';
import { DEFAULT_UNREAD_BODY_POLICY, type UnreadBodyPolicy } from './unread-body';

interface Parsed {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One keep-alive connection written to and read from by hand, so reuse and closing are visible. */
class Connection {
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  ended = false;
  error: NodeJS.ErrnoException | undefined;
  readonly closed: Promise<void>;

  constructor(readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.wake();
    });
    socket.on('end', () => {
      this.ended = true;
      this.wake();
    });
    socket.on('error', (e) => {
      this.error = e;
      this.wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  static open(port: number) {
    return new Promise<Connection>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  write(head: string, body: string | Buffer = '') {
    // The server may refuse and close while we still send: what matters is what we read back.
    if (!this.socket.writable) return;
    this.socket.write(head);
    if (body.length) this.socket.write(body, () => {});
  }

  post(path: string, body: string, headers: Record<string, string> = {}) {
    const lines = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`];
    for (const [k, v] of Object.entries({ origin: ORIGIN, ...headers })) if (v) lines.push(`${k}: ${v}`);
    this.write(`${lines.join('\r\n')}\r\n\r\n`, body);
  }

  /** The next whole response on this connection, or an error when the connection ends first. */
  async response(timeoutMs = 10_000): Promise<Parsed> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.ended || this.error) throw new Error(`connection ended before a response (${this.error?.code ?? 'end'})`);
      if (Date.now() > deadline) throw new Error('no response in time');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  private take(): Parsed | undefined {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return undefined;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  }
}

const big = (bytes: number) => `{"email":"${'a'.repeat(bytes)}@example.com","password":"secret123"}`;

let t: TestApp;
let server: Server;
let port: number;

async function listen(policy?: UnreadBodyPolicy) {
  const s = serveApp({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', unreadBody: policy });
  await new Promise<void>((resolve) => s.once('listening', () => resolve()));
  return s;
}

beforeAll(async () => {
  t = await createTestApp();
  server = await listen();
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

/** An ordinary POST: sign-out without a session answers 204. */
async function expectUsable(conn: Connection) {
  conn.post('/api/auth/sign-out', '{}');
  const res = await conn.response();
  expect(res.status).toBe(204);
}

describe('an answer sent before the request body was read keeps the connection usable', () => {
  it('413 for a 200 KB body, then an ordinary POST on the same connection', async () => {
    const conn = await Connection.open(port);
    conn.post('/api/auth/sign-in', big(200_000));
    const refused = await conn.response();
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(refused.headers.connection).toBe('keep-alive');
    // Give a broken server the time to drop the connection before we reuse it.
    await new Promise((r) => setTimeout(r, 700));
    await expectUsable(conn);
    await expectUsable(conn);
    expect(conn.ended).toBe(false);
    conn.socket.destroy();
  });

  it('403 from the origin check for a 200 KB body from a foreign site, then an ordinary POST', async () => {
    const conn = await Connection.open(port);
    conn.post('/api/auth/sign-in', big(200_000), { origin: 'https://evil.example' });
    const refused = await conn.response();
    expect(refused.status).toBe(403);
    expect(refused.headers.connection).toBe('keep-alive');
    await new Promise((r) => setTimeout(r, 700));
    await expectUsable(conn);
    conn.socket.destroy();
  });

  it('401 for a signed-out request with an unread 90 KB body, then an ordinary POST', async () => {
    const conn = await Connection.open(port);
    conn.post('/api/organizations', JSON.stringify({ name: 'x'.repeat(90_000) }));
    const refused = await conn.response();
    expect(refused.status).toBe(401);
    expect(refused.headers.connection).toBe('keep-alive');
    await expectUsable(conn);
    conn.socket.destroy();
  });

  it('413 for a body sent in chunks without a length: says close, and the client reads the answer and a clean end', async () => {
    const conn = await Connection.open(port);
    conn.write(
      ['POST /api/auth/sign-in HTTP/1.1', 'Host: 127.0.0.1', `origin: ${ORIGIN}`, 'Content-Type: application/json', 'Transfer-Encoding: chunked', '', ''].join('\r\n'),
    );
    const chunk = 'a'.repeat(50_000);
    for (let i = 0; i < 4; i++) conn.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const refused = await conn.response();
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
    conn.write('0\r\n\r\n');
    await conn.closed;
    expect(conn.ended).toBe(true);
    expect(conn.error).toBeUndefined();
  });

  it('a declared body above the drain limit: says close, the client still reads the whole answer (no reset), and we stop reading', async () => {
    const conn = await Connection.open(port);
    const size = 5 * 1024 * 1024;
    expect(size).toBeGreaterThan(DEFAULT_UNREAD_BODY_POLICY.drainLimitBytes);
    conn.post('/api/auth/sign-in', 'x'.repeat(size));
    const refused = await conn.response();
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
    await conn.closed;
    expect(conn.error).toBeUndefined();
  });
});

describe('bad days', () => {
  it('a client that announces a body and stops sending it is cut off after the drain time', async () => {
    const slow = await listen({ ...DEFAULT_UNREAD_BODY_POLICY, timeoutMs: 300 });
    try {
      const conn = await Connection.open((slow.address() as AddressInfo).port);
      conn.write(`POST /api/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\norigin: ${ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n`, 'x'.repeat(1000));
      const refused = await conn.response();
      expect(refused.status).toBe(413);
      const started = Date.now();
      await conn.closed;
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('ordinary requests keep their connection', async () => {
    const conn = await Connection.open(port);
    for (let i = 0; i < 3; i++) await expectUsable(conn);
    await new Promise((r) => setTimeout(r, 200));
    expect(conn.ended).toBe(false);
    conn.socket.destroy();
  });
});
