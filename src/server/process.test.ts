/**
 * The server as a process: configuration errors, the data-folder lock, graceful shutdown, and
 * crash safety (SIGKILL in the middle of acknowledged writes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'worksphere-proc-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  // vitest puts Vite's BASE_URL, MODE, ... into process.env; the server must not see them, nor
  // a shared Redis (its rate-limit counters would carry over from other runs).
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(BASE_URL|MODE|DEV|PROD|SSR|VITEST.*|DATABASE_URL|REDIS_URL)$/.test(k)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: 'info', WEB_ROOT: join(root, 'no-web-build'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port: Number(env.PORT), output: () => out, exited };
}

async function waitReady(r: Running, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (r.child.exitCode !== null) throw new Error(`exited early: ${r.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${r.port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`not ready: ${r.output()}`);
}

/** The one line a refused start-up prints (npm and tsx print nothing here). */
const errorLines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describe('start-up refuses bad configuration with one clear line', () => {
  it.each([
    [{ DATABASE_URL: 'mysql://localhost/db' }, /DATABASE_URL must be a postgres/],
    [{ PORT: 'eighty' }, /Invalid configuration: PORT/],
    [{ DATA_DIR: '/proc/not-here' }, /DATA_DIR \/proc\/not-here is not a writable folder/],
  ])('%j', async (env, message) => {
    const r = start({ PORT: String(await freePort()), DATA_DIR: tempDir(), ...env });
    expect(await r.exited).toBe(1);
    const lines = errorLines(r.output());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  it('a PostgreSQL server that does not answer', async () => {
    const r = start({ PORT: String(await freePort()), DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(await r.exited).toBe(1);
    expect(errorLines(r.output())).toEqual([expect.stringMatching(/^Cannot open the database at DATABASE_URL: .*ECONNREFUSED/)]);
  });
});

/** Signs companies up until SIGKILL; returns the emails whose sign-up was acknowledged (201). */
async function writeUntilKilled(server: Running) {
  const origin = `http://localhost:${server.port}`;
  const products = (await (await fetch(`${origin}/api/products`)).json()) as { items: { id: string }[] };
  const acknowledged: string[] = [];
  let stop = false;
  const writer = (async () => {
    for (let i = 0; !stop && i < 200; i++) {
      const email = `crash-${i}-${Date.now()}@example.com`;
      try {
        const res = await fetch(`${origin}/api/auth/sign-up`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({
            firstName: 'Crash',
            lastName: 'Test',
            email,
            password: 'secret123',
            confirmPassword: 'secret123',
            companyName: `Crash ${i}`,
            organizationName: `Crash Org ${i}`,
            entityName: `Crash Entity ${i}`,
            country: 'Other',
            selectedProducts: [products.items[0]!.id],
          }),
        });
        if (res.status === 201) acknowledged.push(email);
      } catch {
        return; // the server is gone
      }
    }
  })();
  const deadline = Date.now() + 60_000;
  while (acknowledged.length < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  server.child.kill('SIGKILL');
  stop = true;
  await server.exited;
  await writer;
  expect(acknowledged.length).toBeGreaterThanOrEqual(5);
  return acknowledged;
}

async function expectAllSignIn(server: Running, emails: string[]) {
  const origin = `http://localhost:${server.port}`;
  for (const email of emails) {
    const res = await fetch(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    expect(res.status, email).toBe(200);
  }
}

describe.runIf(process.env.DATABASE_URL)('a running server on PostgreSQL', () => {
  // Read lazily: a skipped describe still runs its body to collect tests.
  const serverUrl = process.env.DATABASE_URL ?? '';
  const name = `crash_${process.pid}_${Date.now()}`;
  const databaseUrl = () => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  beforeAll(() => admin(`create database ${name}`));
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('keeps every acknowledged write through SIGKILL', async () => {
    const env = { PORT: String(await freePort()), DATABASE_URL: databaseUrl(), AUTH_SECRET: 'crash-test-secret-crash-test-secret!!', DATA_DIR: tempDir() };
    let server = start(env);
    await waitReady(server);
    const acknowledged = await writeUntilKilled(server);
    server = start(env);
    await waitReady(server);
    try {
      await expectAllSignIn(server, acknowledged);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 180_000);

  it('keeps serving when every database backend is terminated under mixed read and write load', async () => {
    const env = { PORT: String(await freePort()), DATABASE_URL: databaseUrl(), AUTH_SECRET: 'crash-test-secret-crash-test-secret!!', DATA_DIR: tempDir() };
    const server = start(env);
    await waitReady(server);
    const origin = `http://localhost:${server.port}`;
    try {
      // A signed-in company to read and write with.
      const products = (await (await fetch(`${origin}/api/products`)).json()) as { items: { id: string }[] };
      const signUp = await fetch(`${origin}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({
          firstName: 'Load',
          lastName: 'Test',
          email: `load-${Date.now()}@example.com`,
          password: 'secret123',
          confirmPassword: 'secret123',
          companyName: 'Load Co',
          organizationName: 'Load Org',
          entityName: 'Load Entity',
          country: 'Other',
          selectedProducts: [products.items[0]!.id],
        }),
      });
      expect(signUp.status).toBe(201);
      const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;

      let stop = false;
      const statuses: number[] = [];
      const worker = async (id: number) => {
        for (let i = 0; !stop; i++) {
          const write = i % 3 === 0;
          try {
            const res = await fetch(`${origin}/api${write ? '/organizations' : '/me/products'}`, {
              method: write ? 'POST' : 'GET',
              headers: { cookie, origin, 'content-type': 'application/json' },
              body: write ? JSON.stringify({ name: `Load ${id}-${i}` }) : undefined,
            });
            statuses.push(res.status);
            await res.arrayBuffer();
          } catch {
            statuses.push(0); // no answer at all: the process is gone
            return;
          }
        }
      };
      const workers = Array.from({ length: 6 }, (_, id) => worker(id));
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        for (let round = 0; round < 5; round++) {
          await new Promise((r) => setTimeout(r, 300));
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        }
      } finally {
        await admin.end();
      }
      await new Promise((r) => setTimeout(r, 300));
      stop = true;
      await Promise.all(workers);

      expect(server.child.exitCode, server.output()).toBeNull();
      expect(statuses).not.toContain(0);
      expect(statuses.filter((s) => s !== 200 && s !== 201 && s !== 500), 'only successes and the generic 500').toEqual([]);
      expect(statuses.filter((s) => s === 500).length, 'some requests lost their connection').toBeGreaterThan(0);
      expect(server.output()).not.toContain('shutting down after an error');
      expect(server.output()).toContain('database connection lost');
      // Recovered: ready, and reads and writes work again.
      await waitReady(server, 10_000);
      const read = await fetch(`${origin}/api/me/products`, { headers: { cookie } });
      expect(read.status).toBe(200);
      const write = await fetch(`${origin}/api/organizations`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'After the outage' }),
      });
      expect(write.status).toBe(201);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 180_000);
});

describe('a running server on the embedded database', () => {
  const dataDir = tempDir();
  let server: Running;
  const origin = () => `http://localhost:${server.port}`;

  beforeAll(async () => {
    server = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitReady(server);
  }, 120_000);

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });

  it('answers health and readiness', async () => {
    expect((await fetch(`${origin()}/api/health`)).status).toBe(200);
    expect((await fetch(`${origin()}/api/ready`)).status).toBe(200);
  });

  it('sends the security headers, no-store and a request id on every API response', async () => {
    for (const path of ['/api/health', '/api/no-such-route']) {
      const res = await fetch(`${origin()}${path}`);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const traced = await fetch(`${origin()}/api/health`, { headers: { 'x-request-id': 'caller-trace-42' } });
    expect(traced.headers.get('x-request-id')).toBe('caller-trace-42');
    const malformed = await fetch(`${origin()}/api/health`, { headers: { 'x-request-id': 'no spaces; allowed' } });
    expect(malformed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers requests it cannot parse, or with a missing or malformed Host, with the security headers and Connection: close (issue 17 #17)', async () => {
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        let data = '';
        const socket = connect(server.port, '127.0.0.1', () => socket.write(text));
        socket.on('data', (d) => (data += d));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
        setTimeout(() => socket.destroy(), 5000);
      });
    const cases: [string, number][] = [
      ['GARBAGE\r\n\r\n', 400],
      ['GET /api/health\x01 HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
      ['GET /api/health HTTP/1.1\r\n\r\n', 400],
      ['GET /api/health HTTP/1.1\r\nHost: a b\r\n\r\n', 400],
      ['GET /api/health HTTP/1.1\r\nHost: [::1\r\n\r\n', 400],
      [`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ];
    for (const [request, status] of cases) {
      const response = await raw(request);
      const [head = '', body = ''] = response.split('\r\n\r\n');
      const label = JSON.stringify(request.slice(0, 50));
      expect(head.split('\r\n')[0], label).toBe(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}`);
      expect(head, label).toMatch(/^content-security-policy: .*frame-ancestors 'none'/im);
      expect(head, label).toMatch(/^x-content-type-options: nosniff$/im);
      expect(head, label).toMatch(/^strict-transport-security: max-age=\d+/im);
      expect(head, label).toMatch(/^cache-control: no-store$/im);
      expect(head, label).toMatch(/^connection: close$/im);
      expect(JSON.parse(body).error.code, label).toEqual(expect.any(String));
    }
    // The server still answers.
    expect((await fetch(`${origin()}/api/health`)).status).toBe(200);
  });

  it('refuses a second process on the same DATA_DIR', async () => {
    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(errorLines(second.output())).toEqual([expect.stringMatching(/DATA_DIR .* is in use by another server process \(pid \d+\)/)]);
  });

  it('refuses a port in use', async () => {
    const other = start({ PORT: String(server.port), DATA_DIR: tempDir() });
    expect(await other.exited).toBe(1);
    expect(errorLines(other.output()).at(-1)).toBe(`Port ${server.port} is already in use; set PORT to a free port`);
  }, 120_000);

  it('keeps every acknowledged write through SIGKILL, and starts again on the same folder by itself', async () => {
    const acknowledged = await writeUntilKilled(server);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true); // left behind by the killed process
    server = start({ PORT: String(server.port), DATA_DIR: dataDir });
    await waitReady(server);
    await expectAllSignIn(server, acknowledged);
  }, 180_000);

  it('on SIGTERM finishes, closes the database and releases the folder', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  }, 60_000);
});
