/** The DATA_DIR lock under contention (issue 17 #10): exactly one process takes a stale lock. */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'worksphere-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

const contender = join(import.meta.dirname, '..', 'test', 'lock-contender.ts');

describe('DATA_DIR lock', () => {
  it('many processes at once against a stale lock: exactly one wins, every round', async () => {
    const dir = tempDir();
    const lockPath = join(dir, 'server.lock');
    const children: ChildProcess[] = [];
    const next = (child: ChildProcess) => new Promise<string>((resolve) => child.once('message', (m) => resolve(String(m))));
    try {
      for (let i = 0; i < 8; i++) {
        const child = fork(contender, [dir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
        children.push(child);
      }
      expect(await Promise.all(children.map(next))).toEqual(Array(8).fill('ready'));
      const stale = deadPid();
      for (let round = 0; round < 40; round++) {
        // An old empty lock is what a crash between create and write left behind before; now a dead pid.
        writeFileSync(lockPath, String(stale));
        const answers = children.map(next);
        for (const child of children) child.send('go');
        const results = await Promise.all(answers);
        const winners = results.filter((r) => r === 'won');
        expect(winners, `round ${round}: ${results.join(' | ')}`).toHaveLength(1);
        for (const r of results.filter((x) => x !== 'won')) expect(r).toMatch(/is in use by another server process \(pid \d+\)|keeps taking it/);
        const owner = Number(readFileSync(lockPath, 'utf8'));
        expect(children.map((c) => c.pid)).toContain(owner);
      }
      // No temporary file or takeover marker is left behind.
      expect(readdirSync(dir)).toEqual(['server.lock']);
    } finally {
      for (const child of children) child.send('exit');
    }
  }, 120_000);

  it('never removes a lock it cannot read as a pid, and says which file', () => {
    const dir = tempDir();
    const lockPath = join(dir, 'server.lock');
    for (const content of ['', 'not-a-pid', '12abc', '-1']) {
      writeFileSync(lockPath, content);
      expect(() => lockDataDir(dir), JSON.stringify(content)).toThrow(DataDirError);
      expect(() => lockDataDir(dir)).toThrow(/has a lock file that is not a process id .*server\.lock/);
      expect(readFileSync(lockPath, 'utf8')).toBe(content);
    }
  });

  it('takes over a stale lock, and releases only its own', () => {
    const dir = tempDir();
    const lockPath = join(dir, 'server.lock');
    writeFileSync(lockPath, String(deadPid()));
    const release = lockDataDir(dir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    // Someone else's lock by now (say, after an operator's takeover): release leaves it.
    writeFileSync(lockPath, '1');
    release();
    expect(readFileSync(lockPath, 'utf8')).toBe('1');
    rmSync(lockPath);
    const again = lockDataDir(dir);
    again();
    expect(existsSync(lockPath)).toBe(false);
  });
});
