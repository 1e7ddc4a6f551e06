import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataDirError, ensureFolder } from './db/data-dir-lock';

/**
 * The key that signs session cookies: AUTH_SECRET when set, else one generated once and kept in
 * DATA_DIR so sessions survive restarts.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const path = join(dataDir, 'auth-secret');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    try {
      ensureFolder(resolve(dataDir));
    } catch (e) {
      throw new DataDirError(`DATA_DIR ${dataDir} is not a writable folder: ${(e as Error).message}`);
    }
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
