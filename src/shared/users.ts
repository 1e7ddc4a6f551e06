import { z } from 'zod';
import { email as emailSchema, MIN_PASSWORD_LENGTH } from './auth';
import { page } from './pagination';
import { ACCESS_ROLES, ROLES } from './roles';
import { nameText, newPassword, NO_CONTROL_CHARACTERS, plainText, uuid } from './text';

export const USER_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordBlank: 'Password cannot be only spaces',
  passwordsDoNotMatch: 'Passwords do not match',
  selectProduct: 'Please select at least one product',
  tooManyTakenEmails: 'Too many attempts with emails that are already registered. Please wait a few minutes and try again.',
  configureAccess: 'Please configure access for at least one product',
  entityRequired: 'Choose an entity for every access row',
  invalidAccess: 'Each product must be granted at an entity of your company that holds it.',
  created: 'User created successfully',
  deleted: 'User deleted successfully',
  createFailed: 'Failed to create user',
  deleteFailed: 'Failed to delete user',
  confirmDelete: 'Are you sure you want to delete this user? This action cannot be undone.',
  editPlaceholder: 'Edit functionality will be implemented in the next phase.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  notFound: 'User not found',
  pleaseLogIn: 'Please log in to access User Management.',
  accessDenied: 'Access denied. Super admin privileges required.',
} as const;

/** Wizard step 1 (spec §5), each field's own message. */
export const userAccountShape = {
  firstName: nameText({ required: USER_MESSAGES.firstNameRequired, max: 100 }),
  lastName: nameText({ required: USER_MESSAGES.lastNameRequired, max: 100 }),
  email: plainText({ required: USER_MESSAGES.emailRequired, max: 1000 })
    .refine((v) => v.includes('@'), USER_MESSAGES.invalidEmail)
    .pipe(emailSchema),
  password: newPassword({
    required: USER_MESSAGES.passwordRequired,
    blank: USER_MESSAGES.passwordBlank,
    min: { length: MIN_PASSWORD_LENGTH, message: USER_MESSAGES.passwordTooShort },
    max: 128,
  }),
  confirmPassword: z.string({ error: USER_MESSAGES.passwordsDoNotMatch }).regex(NO_CONTROL_CHARACTERS, USER_MESSAGES.passwordsDoNotMatch),
};

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

export const userAccountInput = z
  .object(userAccountShape)
  .refine(passwordsMatch, { message: USER_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });

export const accessGrant = z
  .object({
    productId: uuid(USER_MESSAGES.invalidAccess),
    entityId: uuid(USER_MESSAGES.entityRequired),
    roleType: z.enum(ACCESS_ROLES).default('app_admin'),
  })
  .strict();
export type AccessGrant = z.input<typeof accessGrant>;

export const userCreateInput = z
  .object({
    ...userAccountShape,
    access: z.array(accessGrant, { error: USER_MESSAGES.configureAccess }).min(1, USER_MESSAGES.configureAccess).max(100),
  })
  .strict()
  .refine(passwordsMatch, { message: USER_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] })
  .meta({
    id: 'UserCreateInput',
    examples: [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'a-long-secret',
        confirmPassword: 'a-long-secret',
        access: [{ productId: 'c7a1e5b9-2d4f-4a6c-b8e0-1f3d5b7a9c2e', entityId: '9d4e2a7c-1b3f-4c8d-8e6a-5f4b3c2d1e0a', roleType: 'app_admin' }],
      },
    ],
  });
export type UserCreateInput = z.input<typeof userCreateInput>;

export const user = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.iso.datetime({ offset: true }),
}).meta({
  id: 'User',
  examples: [{ id: '9d4e2a7c-1b3f-4c8d-8e6a-5f4b3c2d1e0a', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'user', createdAt: '2026-11-23T09:30:00.000Z' }],
});
export type User = z.infer<typeof user>;

export const userPage = page(user);
