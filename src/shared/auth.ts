import { z } from 'zod';
import { country } from './countries';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from './auth-messages';
import { ROLES } from './roles';
import { nameText, newPassword, NO_CONTROL_CHARACTERS, plainText, uuid } from './text';

export { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from './auth-messages';

const required = (message: string, max = 200) => plainText({ required: message, max });
const name = (message: string, max = 200) => nameText({ required: message, max });

export const email = z
  .string({ error: AUTH_MESSAGES.fillAllFields })
  .trim()
  .toLowerCase()
  .max(254, AUTH_MESSAGES.invalidEmail)
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));

export const signInInput = z
  .object({
    email: required(AUTH_MESSAGES.fillAllFields, 1000),
    // Compared, never stored: any text, but no control characters (nobody types them).
    password: z.string({ error: AUTH_MESSAGES.fillAllFields }).min(1, AUTH_MESSAGES.fillAllFields).max(1024).regex(NO_CONTROL_CHARACTERS),
  })
  .meta({ id: 'SignInInput', examples: [{ email: 'ada@example.com', password: 'a-long-secret' }] });
export type SignInInput = z.infer<typeof signInInput>;

const accountShape = {
  firstName: name(AUTH_MESSAGES.fillAllFields, 100),
  lastName: name(AUTH_MESSAGES.fillAllFields, 100),
  email: required(AUTH_MESSAGES.fillAllFields, 1000).pipe(email),
  password: newPassword({ required: AUTH_MESSAGES.fillAllFields, blank: AUTH_MESSAGES.passwordBlank, max: 128 }),
  confirmPassword: z.string({ error: AUTH_MESSAGES.fillAllFields }).min(1, AUTH_MESSAGES.fillAllFields).regex(NO_CONTROL_CHARACTERS),
};

type PasswordPair = { password: string; confirmPassword: string };
const passwordsMatch = (v: PasswordPair) => v.password === v.confirmPassword;
const passwordLongEnough = (v: PasswordPair) => v.password.length >= MIN_PASSWORD_LENGTH;

/** Sign-up step 1 (spec §5): all five fields, then matching passwords, then length. */
export const signUpAccount = z
  .object(accountShape)
  .refine(passwordsMatch, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] })
  .refine(passwordLongEnough, { message: AUTH_MESSAGES.passwordTooShort, path: ['password'] });

/** Sign-up step 2 (spec §5). */
export const signUpCompanyShape = {
  companyName: name(AUTH_MESSAGES.fillOrganizationDetails),
  organizationName: name(AUTH_MESSAGES.fillOrganizationDetails),
  entityName: name(AUTH_MESSAGES.fillOrganizationDetails),
  country: required(AUTH_MESSAGES.fillOrganizationDetails).pipe(country),
  selectedProducts: z
    .array(uuid(AUTH_MESSAGES.unknownProduct), { error: AUTH_MESSAGES.selectProduct })
    .min(1, AUTH_MESSAGES.selectProduct)
    .max(20),
};
export const signUpCompany = z.object(signUpCompanyShape);

/** The whole sign-up, as the server receives it. */
export const signUpInput = z
  .object({ ...accountShape, ...signUpCompanyShape })
  .strict()
  .refine(passwordsMatch, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] })
  .refine(passwordLongEnough, { message: AUTH_MESSAGES.passwordTooShort, path: ['password'] })
  .meta({
    id: 'SignUpInput',
    examples: [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'a-long-secret',
        confirmPassword: 'a-long-secret',
        companyName: 'Northwind',
        organizationName: 'Northwind Europe',
        entityName: 'Northwind GmbH',
        country: 'Germany',
        selectedProducts: ['c7a1e5b9-2d4f-4a6c-b8e0-1f3d5b7a9c2e'],
      },
    ],
  });
export type SignUpInput = z.infer<typeof signUpInput>;
export type SignUpForm = z.input<typeof signUpInput>;

/** The signed-in user as the web app sees it. */
export const sessionUser = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  companyId: z.uuid(),
  organizationId: z.uuid().nullable(),
  entityId: z.uuid().nullable(),
  twoFactorEnabled: z.boolean().optional(),
  /** Two-factor sign-in is required of this user and not set up: every other route answers 403 until it is. */
  twoFactorSetupRequired: z.boolean().optional(),
}).meta({ id: 'SessionUser', description: 'The signed-in user.' });
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({ user: sessionUser.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const signUpResult = z.object({
  user: sessionUser,
  companyId: z.uuid(),
  organizationId: z.uuid(),
  entityId: z.uuid(),
});
export type SignUpResult = z.infer<typeof signUpResult>;
