import { z } from 'zod';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from './auth-messages';
import { nameText, newPassword, NO_CONTROL_CHARACTERS, plainText } from './text';

export const ACCOUNT_MESSAGES = {
  resetLinkSent: 'If an account exists for that email, we sent a link to reset the password.',
  tooManyResetRequests: 'Too many password reset requests. Please wait a few minutes and try again.',
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  linkInvalid: 'This link is not valid. Check that you copied the whole link, or ask for a new one.',
  linkExpired: 'This link has expired.',
  linkUsed: 'This link has already been used.',
  /** Revoked: a newer link was sent, the invitation was withdrawn, or the account's email or status changed since. */
  linkNoLongerValid: 'This link is no longer valid.',
  /** A new link would not help: none is sent to a deactivated account. */
  linkAccountDeactivated: 'This account has been deactivated, so this link cannot be used. Contact your administrator.',
  resetWhatToDo: 'Ask for a new link on the Forgot password page.',
  inviteWhatToDo: 'Ask your administrator to send you a new invitation.',
  emailRequired: 'Email is required',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully. Your other sessions have been signed out.',
  profileUpdated: 'Profile updated successfully',
  invitationAccepted: 'Welcome! Your account is ready.',
} as const;

export const LINK_STATES = ['valid', 'expired', 'used', 'revoked', 'deactivated', 'invalid'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** What a link page tells its reader when the link cannot be used. */
export const LINK_STATE_MESSAGES: Record<Exclude<LinkState, 'valid'>, string> = {
  expired: ACCOUNT_MESSAGES.linkExpired,
  used: ACCOUNT_MESSAGES.linkUsed,
  revoked: ACCOUNT_MESSAGES.linkNoLongerValid,
  deactivated: ACCOUNT_MESSAGES.linkAccountDeactivated,
  invalid: ACCOUNT_MESSAGES.linkInvalid,
};

/** A link's token: what /reset-password?token= and /accept-invite?token= carry. */
const token = z.string({ error: ACCOUNT_MESSAGES.linkInvalid }).max(200, ACCOUNT_MESSAGES.linkInvalid).regex(NO_CONTROL_CHARACTERS, ACCOUNT_MESSAGES.linkInvalid);

const passwordPair = {
  password: newPassword({
    required: AUTH_MESSAGES.fillAllFields,
    blank: AUTH_MESSAGES.passwordBlank,
    min: { length: MIN_PASSWORD_LENGTH, message: AUTH_MESSAGES.passwordTooShort },
    max: 128,
  }),
  confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDoNotMatch }).regex(NO_CONTROL_CHARACTERS, AUTH_MESSAGES.passwordsDoNotMatch),
};
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

export const forgotPasswordInput = z
  .object({ email: plainText({ required: ACCOUNT_MESSAGES.emailRequired, max: 1000 }) })
  .strict()
  .meta({ id: 'ForgotPasswordInput', examples: [{ email: 'ada@example.com' }] });

/** Sign-up's password rules (length, blank, matching). */
export const setPasswordInput = z
  .object({ token, ...passwordPair })
  .strict()
  .refine(passwordsMatch, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] })
  .meta({ id: 'SetPasswordInput' });
export type SetPasswordInput = z.input<typeof setPasswordInput>;

export const linkCheckInput = z.object({ token, kind: z.enum(['invitation', 'password_reset']) }).strict().meta({ id: 'LinkCheckInput' });
export const linkCheck = z.object({ state: z.enum(LINK_STATES), email: z.string().nullable() }).meta({ id: 'LinkCheck' });
export type LinkCheck = z.infer<typeof linkCheck>;

export const messageResult = z.object({ message: z.string() });

export const profileInput = z
  .object({
    firstName: nameText({ required: 'First name is required', max: 100 }),
    lastName: nameText({ required: 'Last name is required', max: 100 }),
  })
  .strict()
  .meta({ id: 'ProfileInput' });
export type ProfileInput = z.input<typeof profileInput>;

export const passwordChangeInput = z
  .object({
    currentPassword: z
      .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
      .max(1024)
      .regex(NO_CONTROL_CHARACTERS, ACCOUNT_MESSAGES.currentPasswordWrong),
    ...passwordPair,
  })
  .strict()
  .refine(passwordsMatch, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] })
  .meta({ id: 'PasswordChangeInput' });
export type PasswordChangeInput = z.input<typeof passwordChangeInput>;
