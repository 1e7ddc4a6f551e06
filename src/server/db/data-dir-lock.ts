import { randomBytes } from 'node:crypto';
import { accessSync, constants, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export class DataDirError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Creates the folder and its missing parents, one level at a time: Node 20's recursive mkdirSync
 * can hang or succeed silently on some unwritable paths (a file, /proc).
 */
export function ensureFolder(path: string) {
  try {
    if (!statSync(path).isDirectory()) throw new Error('it is a file');
    return;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const parent = dirname(path);
  if (parent !== path) ensureFolder(parent);
  mkdirSync(path);
}

/**
 * Takes the data folder for this process. Two PGlite processes on one folder silently lose data,
 * so a second one is refused; a lock left by a process that no longer runs is taken over.
 * Returns the release function.
 *
 * The lock file appears whole: the pid is written to a file of our own, which is then linked to
 * the lock's name (link(2) fails when the name exists), so no process ever reads a half-written
 * lock. A lock that cannot be read as a pid is never removed: start-up is refused with its path.
 * A stale lock (its process is gone) is replaced by one process only: taking over from pid N
 * first needs the marker `server.lock.takeover-N`, again created by link(2).
 */
export function lockDataDir(dataDir: string): () => void {
  try {
    ensureFolder(resolve(dataDir));
    accessSync(dataDir, constants.W_OK);
  } catch (e) {
    throw new DataDirError(`DATA_DIR ${dataDir} is not a writable folder: ${(e as Error).message}`);
  }
  const lockPath = join(dataDir, 'server.lock');
  const mine = `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(mine, String(process.pid), { flag: 'wx' });
  const release = () => {
    // Only our own lock: never one that another process has since taken over.
    if (readOwner(lockPath) === process.pid) rmSync(lockPath, { force: true });
  };
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, lockPath);
        return release;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new DataDirError(`Cannot lock DATA_DIR ${dataDir}: ${(e as Error).message}`);
      }
      const owner = readOwner(lockPath);
      if (owner === undefined) continue; // removed meanwhile by its owner: try again
      if (owner === null) {
        throw new DataDirError(`DATA_DIR ${dataDir} has a lock file that is not a process id (${lockPath}); if no server uses this folder, remove it`);
      }
      // Our own pid in the lock is a previous process's (a container restarts with the same pid).
      if (owner !== process.pid && isAlive(owner)) {
        throw new DataDirError(`DATA_DIR ${dataDir} is in use by another server process (pid ${owner}); stop it first or use another DATA_DIR`);
      }
      if (takeOver(lockPath, owner, mine)) return release;
      // Another process took over from the same owner at the same time: look again.
    }
    throw new DataDirError(`Cannot lock DATA_DIR ${dataDir}: another process keeps taking it`);
  } finally {
    rmSync(mine, { force: true });
  }
}

/** The pid in a lock file; undefined when there is no file, null when it is not a pid. */
function readOwner(path: string): number | null | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return null;
  }
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * Replaces the lock of dead process `stale` with ours, if this process is the one that takes over
 * from it: only the creator of the takeover marker may, and only while the lock still names `stale`.
 */
function takeOver(lockPath: string, stale: number, mine: string): boolean {
  const marker = `${lockPath}.takeover-${stale}`;
  try {
    linkSync(mine, marker);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const holder = readOwner(marker);
    if (typeof holder === 'number' && !isAlive(holder)) {
      throw new DataDirError(
        `A server start-up on this DATA_DIR stopped while taking over a stale lock (${marker}); if no server uses this folder, remove ${lockPath} and ${marker}`,
      );
    }
    return false; // another process is taking over right now
  }
  try {
    if (readOwner(lockPath) !== stale) return false;
    renameSync(mine, lockPath); // atomic replace: the lock is never missing in between
    return true;
  } finally {
    rmSync(marker, { force: true });
  }
}
