import { accessSync, closeSync, constants, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
 */
export function lockDataDir(dataDir: string): () => void {
  try {
    ensureFolder(resolve(dataDir));
    accessSync(dataDir, constants.W_OK);
  } catch (e) {
    throw new DataDirError(`DATA_DIR ${dataDir} is not a writable folder: ${(e as Error).message}`);
  }
  const lockPath = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DataDirError(`Cannot lock DATA_DIR ${dataDir}: ${(e as Error).message}`);
      }
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirError(
          `DATA_DIR ${dataDir} is in use by another server process (pid ${owner}); stop it first or use another DATA_DIR`,
        );
      }
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirError(`Cannot lock DATA_DIR ${dataDir}`);
}
