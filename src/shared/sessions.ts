import { z } from 'zod';

/** One of the signed-in user's sessions, as /account/security shows it (never its token). */
export const sessionInfo = z.object({
  id: z.uuid(),
  browser: z.string(),
  os: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.iso.datetime({ offset: true }),
  lastActiveAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const sessionList = z.object({ items: z.array(sessionInfo) });

/** The body of the sign-out actions: nothing may be set through it. */
export const noFields = z.object({}).strict();

export const revokedCount = z.object({ revoked: z.number().int().min(0) });

export const SESSION_MESSAGES = {
  notFound: 'Session not found',
  signedOut: 'Session signed out',
  othersSignedOut: 'Other sessions signed out',
  noOthers: 'There are no other sessions to sign out',
  everywhere: 'User signed out everywhere',
  loadFailed: 'Failed to load your sessions. Please try again.',
  revokeFailed: 'Failed to sign out the session. Please try again.',
  everywhereFailed: 'Failed to sign the user out. Please try again.',
  confirmEverywhere: 'This ends every session of this user on every device. They will have to sign in again.',
} as const;
