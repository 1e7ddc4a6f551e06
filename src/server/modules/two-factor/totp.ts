import { timingSafeEqual } from 'node:crypto';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { TWO_FACTOR } from '@/shared/two-factor';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { twoFactors } from '../../db/schema';

/*
 * A code from the authenticator app works once (RFC 6238 §5.2, ASVS 2.8.4). The plugin accepts
 * the code of the time step before, at and after now, and keeps no record of it: two sign-ins
 * whose password steps fell in the same 30 seconds could both finish with one code. Here each code
 * is matched to its step, and a step is claimed in the database (two_factors.last_totp_step, so
 * every server process sees it) under a row lock: only a step later than the last one accepted is
 * taken, so of concurrent requests with one code exactly one gets it.
 */

/** The plugin's period and window (its defaults): codes of the steps just before and after now pass too. */
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The time step (Unix time / 30) whose code `code` is, in the plugin's window around now: the
 * latest if two match; null for a wrong code. The plugin's own check, with the same secret, digits,
 * period and window.
 */
export async function matchedStep(auth: Auth, encryptedSecret: string, code: string): Promise<number | null> {
  const ctx = await auth.$context;
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: encryptedSecret });
  const otp = createOTP(secret, { digits: TWO_FACTOR.codeDigits, period: PERIOD_SECONDS });
  const now = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  let matched: number | null = null;
  // Every step is computed and compared, matching or not: the time taken says nothing of which.
  for (let step = now - WINDOW_STEPS; step <= now + WINDOW_STEPS; step++) {
    if (sameCode(code, await otp.hotp(step))) matched = step;
  }
  return matched;
}

/**
 * Takes the step of the user's code from the app, before the plugin is shown it. Null for a wrong
 * code or one of a step already taken (used, or before one used). The row is locked while its last
 * step is read and written: of concurrent claims of one code, from any server process, the first
 * takes the step and the others, waiting on the lock, find it taken. release() gives the step back
 * when the plugin then refuses the sign-in anyway (a locked account, a spent or expired challenge):
 * only a code that signed someone in stays used.
 */
export async function claimCode(db: Db, auth: Auth, userId: string, code: string) {
  const [row] = await db.select({ id: twoFactors.id, secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  const step = row ? await matchedStep(auth, row.secret, code) : null;
  if (!row || step === null) return null;
  const previous = await db.transaction(async (tx) => {
    const [current] = await tx.select({ step: twoFactors.lastTotpStep }).from(twoFactors).where(eq(twoFactors.id, row.id)).for('update');
    if (!current || (current.step !== null && current.step >= step)) return undefined;
    await tx.update(twoFactors).set({ lastTotpStep: step }).where(eq(twoFactors.id, row.id));
    return current.step;
  });
  if (previous === undefined) return null;
  return {
    /** Unless a later step was taken meanwhile (then this one stays taken: it is before that one). */
    release: async () => {
      await db
        .update(twoFactors)
        .set({ lastTotpStep: previous })
        .where(and(eq(twoFactors.id, row.id), eq(twoFactors.lastTotpStep, step)));
    },
  };
}
