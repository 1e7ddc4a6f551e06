import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { closePasswordPool, hashPassword, verifyPassword } from './password';

afterAll(() => closePasswordPool());

describe('password hashing', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const hash = await hashPassword('Correct horse 1');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'Correct horse 1' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'Correct horse 2' })).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('reads and writes the same hashes as better-auth (accounts made before this change still sign in)', async () => {
    const theirs = await betterAuthHash('Ünïcödé pässwörd');
    expect(await verifyPassword({ hash: theirs, password: 'Ünïcödé pässwörd' })).toBe(true);
    const ours = await hashPassword('Ünïcödé pässwörd');
    expect(await betterAuthVerify({ hash: ours, password: 'Ünïcödé pässwörd' })).toBe(true);
    // NFKC: the composed and decomposed spellings are the same password
    expect(await verifyPassword({ hash: ours, password: 'Ünïcödé pässwörd'.normalize('NFD') })).toBe(true);
  });

  it('refuses a malformed hash instead of throwing', async () => {
    expect(await verifyPassword({ hash: 'not-a-hash', password: 'x' })).toBe(false);
    expect(await verifyPassword({ hash: 'abcd:ef', password: 'x' })).toBe(false);
  });
});
