import { z } from 'zod';
import { email as emailSchema, MIN_PASSWORD_LENGTH } from './auth';
import { page, pageQuery } from './pagination';
import { ACCESS_ROLES, ROLES } from './roles';
import { nameText, newPassword, NO_CONTROL_CHARACTERS, optionalPlainText, plainText, uuid } from './text';

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
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastSuperAdmin: 'A company needs at least one active super admin.',
  updated: 'User updated successfully',
  updateFailed: 'Failed to update user',
  deactivated: 'User deactivated successfully',
  reactivated: 'User reactivated successfully',
  deactivateFailed: 'Failed to deactivate user',
  reactivateFailed: 'Failed to reactivate user',
  confirmDeactivate: 'Their sessions end at once and they cannot sign in until reactivated. Their data and access are kept.',
  notDeactivated: 'Only a deactivated user can be reactivated.',
  accountDeactivated: 'Your account has been deactivated. Contact your administrator.',
  invited: 'Invitation sent successfully',
  invitationResent: 'Invitation sent again',
  invitationRevoked: 'Invitation revoked',
  invitationFailed: 'Failed to send the invitation',
  notInvited: 'This user has no pending invitation.',
  invitedCannotBeDeactivated: 'An invited user cannot be deactivated. Revoke the invitation instead.',
  passwordResetSent: 'Password reset email sent',
  passwordResetFailed: 'Failed to send the password reset email',
  notActive: 'Only an active user can be sent a password reset.',
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

/** The wizard with "Send an invitation email": no password; the invitee chooses one from the link. */
export const userInviteInput = z
  .object({
    firstName: userAccountShape.firstName,
    lastName: userAccountShape.lastName,
    email: userAccountShape.email,
    access: z.array(accessGrant, { error: USER_MESSAGES.configureAccess }).min(1, USER_MESSAGES.configureAccess).max(100),
  })
  .strict()
  .meta({
    id: 'UserInviteInput',
    examples: [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        access: [{ productId: 'c7a1e5b9-2d4f-4a6c-b8e0-1f3d5b7a9c2e', entityId: '9d4e2a7c-1b3f-4c8d-8e6a-5f4b3c2d1e0a', roleType: 'member' }],
      },
    ],
  });
export type UserInviteInput = z.input<typeof userInviteInput>;

/** Active signs in; Invited has not chosen a password yet; Deactivated may not sign in. */
export const USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', invited: 'Invited', deactivated: 'Deactivated' };

export const user = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
}).meta({
  id: 'User',
  examples: [
    { id: '9d4e2a7c-1b3f-4c8d-8e6a-5f4b3c2d1e0a', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'user', status: 'active', createdAt: '2026-11-23T09:30:00.000Z' },
  ],
});
export type User = z.infer<typeof user>;

/** A page of the list; with `count=true`, how many users match the filters in all (null otherwise). */
export const userPage = page(user).extend({ total: z.number().int().nullable() });

/** `GET /users?search=&status=&role=`: name anywhere or email from its start, any case. */
export const userListQuery = pageQuery.extend({
  search: optionalPlainText({ max: 200 })
    .optional()
    .transform((v) => (v ? v : undefined))
    .describe('Part of the name (anywhere) or the start of the email, any case'),
  status: z.enum(USER_STATUSES).optional(),
  role: z.enum(ROLES).optional(),
  count: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('Also count every match (`total`): a second query, so clients ask only when they show it'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** A user with their product access rows (the edit dialog's starting point). */
export const userDetail = user
  .extend({
    access: z.array(z.object({ productId: z.uuid(), entityId: z.uuid(), roleType: z.enum(ACCESS_ROLES) })),
  })
  .meta({ id: 'UserDetail' });
export type UserDetail = z.infer<typeof userDetail>;

/**
 * The edit dialog's body: every field optional (a client may send only what changed); the access
 * rows, when sent, replace the user's access. A member (role user) keeps at least one row.
 */
export const userUpdateInput = z
  .object({
    firstName: userAccountShape.firstName.optional(),
    lastName: userAccountShape.lastName.optional(),
    email: userAccountShape.email.optional(),
    role: z.enum(ROLES).optional(),
    access: z.array(accessGrant, { error: USER_MESSAGES.configureAccess }).max(100).optional(),
  })
  .strict()
  .refine((v) => v.role === 'super_admin' || v.access === undefined || v.access.length > 0, {
    message: USER_MESSAGES.configureAccess,
    path: ['access'],
  })
  .meta({
    id: 'UserUpdateInput',
    examples: [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        role: 'user',
        access: [{ productId: 'c7a1e5b9-2d4f-4a6c-b8e0-1f3d5b7a9c2e', entityId: '9d4e2a7c-1b3f-4c8d-8e6a-5f4b3c2d1e0a', roleType: 'member' }],
      },
    ],
  });
export type UserUpdateInput = z.input<typeof userUpdateInput>;
