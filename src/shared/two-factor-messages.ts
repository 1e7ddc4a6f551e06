// No zod here: the sign-in page imports these and must stay small.

/** Two-factor sign-in (TOTP with recovery codes): the numbers the server and the screens share. */
export const TWO_FACTOR = {
  codeDigits: 6,
  recoveryCodeCount: 10,
  trustDeviceDays: 30,
  /** How long the code step of a sign-in stays open after the password. */
  challengeMinutes: 10,
  /** Wrong codes per sign-in before it must start again with the password. */
  attemptsPerChallenge: 5,
  /** Wrong codes in a row (across sign-ins) before the account's code step is locked. */
  lockoutAfterFailures: 10,
  lockoutMinutes: 15,
} as const;

/** The error code of the 403 every signed-in route answers while a required setup is missing. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';

export const TWO_FACTOR_MESSAGES = {
  setupRequired: 'Your company requires two-factor authentication for super admins. Set it up to continue.',
  incorrectPassword: 'Incorrect password',
  passwordRequired: 'Please enter your password',
  codeRequired: 'Please enter the 6-digit code',
  codeFormat: 'The code is 6 digits',
  invalidCode: 'Invalid code. Please try again.',
  recoveryCodeRequired: 'Please enter a recovery code',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  locked: `Too many wrong codes. Please wait ${TWO_FACTOR.lockoutMinutes} minutes and try again.`,
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  alreadyEnabled: 'Two-factor authentication is already enabled',
  notEnabled: 'Two-factor authentication is not enabled',
  setupNotStarted: 'Start the setup again: it has expired or was replaced',
  ownTwoFactorFirst: 'Enable two-factor authentication for your own account first',
  enabled: 'Two-factor authentication enabled',
  disabled: 'Two-factor authentication disabled',
  requirementOn: 'Two-factor authentication is now required for super admins',
  requirementOff: 'Two-factor authentication is no longer required for super admins',
  loadFailed: 'Failed to load two-factor authentication. Please try again.',
} as const;

/** A 6-digit code, spaces and dashes removed; anything else is taken for a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/[\s-]/g, ''));

