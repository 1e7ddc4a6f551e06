import { z } from 'zod';
import { sessionUser } from './auth';
import { NO_CONTROL_CHARACTERS } from './text';
import { TWO_FACTOR, TWO_FACTOR_MESSAGES } from './two-factor-messages';

export { isTotpCode, TWO_FACTOR, TWO_FACTOR_MESSAGES, TWO_FACTOR_SETUP_REQUIRED } from './two-factor-messages';


const password = z
  .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
  .min(1, TWO_FACTOR_MESSAGES.passwordRequired)
  .max(1024)
  .regex(NO_CONTROL_CHARACTERS);

/** A 6-digit code as people type it: spaces and dashes between the digits are dropped. */
const totpCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .max(32, TWO_FACTOR_MESSAGES.codeFormat)
  .regex(NO_CONTROL_CHARACTERS, TWO_FACTOR_MESSAGES.codeFormat)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, TWO_FACTOR_MESSAGES.codeRequired).regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat));

export const passwordInput = z.object({ password }).strict().meta({ id: 'PasswordInput' });
export const confirmTwoFactorInput = z.object({ code: totpCode }).strict().meta({ id: 'ConfirmTwoFactorInput' });

/**
 * The code step of a sign-in: a 6-digit code from the authenticator app, or one of the recovery
 * codes (`xxxxx-xxxxx`). The server tells them apart by their shape.
 */
export const twoFactorSignInInput = z
  .object({
    code: z
      .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
      .trim()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .max(64, TWO_FACTOR_MESSAGES.invalidCode)
      .regex(NO_CONTROL_CHARACTERS, TWO_FACTOR_MESSAGES.invalidCode),
    trustDevice: z.boolean().default(false).describe(`Skip the code on this browser for ${TWO_FACTOR.trustDeviceDays} days`),
  })
  .strict()
  .meta({ id: 'TwoFactorSignInInput', examples: [{ code: '123456', trustDevice: false }] });
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInInput>;

export const twoFactorStatus = z
  .object({
    enabled: z.boolean(),
    /** The company requires it of this user (a super admin of a company that requires it). */
    required: z.boolean(),
    recoveryCodesLeft: z.number().int().nullable(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorSetup = z
  .object({
    /** The otpauth:// URI the QR code holds. */
    totpUri: z.string(),
    /** The secret as text (base32), for apps that cannot scan. */
    secret: z.string(),
    /** The QR code as an SVG image made on our server. */
    qrCodeSvg: z.string(),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const companySecurity = z
  .object({ requireSuperAdminTwoFactor: z.boolean().describe('Super admins without two-factor sign-in can reach nothing but its setup') })
  .strict()
  .meta({ id: 'CompanySecurity' });
export type CompanySecurity = z.infer<typeof companySecurity>;

/**
 * What a correct password answers: the signed-in user, or (two-factor sign-in enabled, on a
 * browser not trusted) that the code step comes next; no session exists until it is passed.
 */
export const signInResult = z.union([
  z.object({ user: sessionUser }),
  z.object({ twoFactorRequired: z.literal(true) }),
]);
export type SignInResult = z.infer<typeof signInResult>;
