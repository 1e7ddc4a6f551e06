import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key that signs session cookies: AUTH_SECRET when set, else one generated once and kept in
 * DATA_DIR so sessions survive restarts (processes sharing DATA_DIR share it).
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const path = join(dataDir, 'auth-secret');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
