import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { onCleanup, withTimeout } from './cleanup';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The checkout whose server and web app are measured: this one, or BENCH_SERVER_ROOT (a patched
 * copy with its own src/, vite.config.ts and a node_modules link) to try a change before making it.
 */
export const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ? resolve(process.env.BENCH_SERVER_ROOT) : ROOT;
export const HOST = '127.0.0.1';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const addr = s.address();
      s.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

/** SIGTERM, then SIGKILL after `graceMs`: only this child, by its pid. */
export async function stopChild(child: ChildProcess, graceMs = 8000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (await waitExit(child, graceMs)) return;
  child.kill('SIGKILL');
  await waitExit(child, 3000);
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs a Node script (TypeScript through tsx) to completion, bounded in time; rejects on a non-zero exit. */
export async function runNode(
  script: string,
  args: string[],
  opts: { env?: Record<string, string>; timeoutMs: number; tsx?: boolean },
): Promise<RunResult> {
  const nodeArgs = [...(opts.tsx === false ? [] : ['--import', 'tsx']), script, ...args];
  const child = spawn(process.execPath, nodeArgs, {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const undo = onCleanup(`child ${script}`, () => stopChild(child, 2000));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const code = await withTimeout(exited, opts.timeoutMs, script);
    if (code !== 0) throw new Error(`${script} exited with ${code}: ${stderr.slice(-2000)}`);
    return { stdout, stderr };
  } finally {
    await undo();
  }
}

/** Runs any program to completion, bounded in time; rejects on a non-zero exit. */
export async function runProgram(cmd: string, args: string[], opts: { env?: Record<string, string>; timeoutMs: number; cwd?: string }): Promise<RunResult> {
  const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const undo = onCleanup(`program ${cmd}`, () => stopChild(child, 2000));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
  try {
    const code = await withTimeout(exited, opts.timeoutMs, cmd);
    if (code !== 0) throw new Error(`${cmd} exited with ${code}: ${stderr.slice(-2000)}`);
    return { stdout, stderr };
  } finally {
    await undo();
  }
}

export interface ServerHandle {
  name: string;
  origin: string;
  port: number;
  pid: number;
  logPath: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  name: string;
  logDir: string;
  env: Record<string, string>;
  /** Extra `--import` preloads (e.g. the SQL tracer). */
  preload?: string[];
  /** The checkout to run (default SERVER_ROOT). */
  root?: string;
}

/**
 * Starts `node --import tsx src/server/main.ts` on a free loopback port and waits until
 * /api/ready answers. Logs go to a file (stdout and stderr).
 */
export async function startServer(opts: ServerOptions): Promise<ServerHandle> {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const logPath = join(opts.logDir, `${opts.name}.log`);
  const fd = openSync(logPath, 'a');
  const preload = (opts.preload ?? []).flatMap((p) => ['--import', pathToFileURL(join(ROOT, p)).href]);
  const args = ['--import', 'tsx', ...preload, 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: opts.root ?? SERVER_ROOT,
    env: {
      ...process.env,
      HOST,
      PORT: String(port),
      APP_URL: origin,
      SHUTDOWN_TIMEOUT_MS: '3000',
      ...opts.env,
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const stop = onCleanup(`server ${opts.name}`, () => stopChild(child));
  let exited = false;
  child.once('exit', () => (exited = true));
  const started = Date.now();
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`server ${opts.name} exited during start-up; see ${logPath}`);
    }
    try {
      const res = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 90_000) {
      await stop();
      throw new Error(`server ${opts.name} not ready within 90 s; see ${logPath}`);
    }
    await sleep(200);
  }
  return { name: opts.name, origin, port, pid: child.pid!, logPath, stop };
}
