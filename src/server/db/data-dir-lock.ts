import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync, accessSync, constants } from 'node:fs';
import { join } from 'node:path';

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
 * Takes the data folder for this process. Two PGlite processes on one folder silently lose data,
 * so a second one is refused; a lock left by a process that no longer runs is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (e) {
    throw new DataDirError(`DATA_DIR ${dataDir} is not writable: ${(e as Error).message}`);
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
