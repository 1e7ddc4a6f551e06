import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  jsonb,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
/** Binary data (résumés); read in slices with substring(), never whole through drizzle. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('products_type_key').on(t.type),
    check('products_type_check', sql`${t.type} in ('crm', 'ats', 'hrms', 'projects')`),
  ],
);

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  /** Super admins without two-factor sign-in can reach nothing but its setup (issue 12). */
  requireSuperAdminTwoFactor: boolean('require_super_admin_two_factor').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // No FK to users: users reference organizations, and sign-up creates the organization first.
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('organizations_company_id_name_key').on(t.companyId, t.name),
    // Target of the composite keys that keep children in the same company as their organization.
    unique('organizations_id_company_id_key').on(t.id, t.companyId),
    index('organizations_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const entities = pgTable(
  'entities',
  {
    id: id(),
    name: text('name').notNull(),
    organizationId: uuid('organization_id').notNull(),
    companyId: uuid('company_id').notNull(),
    country: text('country').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('entities_organization_id_name_key').on(t.organizationId, t.name),
    unique('entities_id_company_id_key').on(t.id, t.companyId),
    foreignKey({
      name: 'entities_organization_company_fk',
      columns: [t.organizationId, t.companyId],
      foreignColumns: [organizations.id, organizations.companyId],
    }).onDelete('cascade'),
    index('entities_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** better-auth's user model, extended with the spec's profile fields. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull().default('user'),
    /** active | invited (no password chosen yet) | deactivated (sign-in refused, sessions ended). */
    status: text('status').notNull().default('active'),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    entityId: uuid('entity_id').references(() => entities.id, { onDelete: 'set null' }),
    /** better-auth's two-factor plugin field: set when a TOTP setup is confirmed. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * Bumped by the database whenever what the user's sessions allow may have changed (migration
     * 0043): a cached session is checked against it (auth/session-cache.ts).
     */
    accessVersion: bigint('access_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // better-auth looks users up by `email = $1` (emails are stored lowercased).
    index('users_email_idx').on(t.email),
    unique('users_id_company_id_key').on(t.id, t.companyId),
    check('users_role_check', sql`${t.role} in ('super_admin', 'user')`),
    check('users_status_check', sql`${t.status} in ('active', 'invited', 'deactivated')`),
    index('users_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable('verifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * better-auth's two-factor plugin table: the TOTP secret and the recovery codes, both encrypted
 * with the auth secret; one row per user (unverified until the setup is confirmed).
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * Ours, not the plugin's: the 30-second time step (Unix time / 30) of the last code from the
     * app that was accepted. A code of this step or an earlier one is refused, so each code works
     * once (modules/two-factor/totp.ts).
     */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('two_factors_user_id_key').on(t.userId)],
);

export const companyProductAccess = pgTable(
  'company_product_access',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'company_product_access_pkey', columns: [t.companyId, t.productId] })],
);

export const entityProductAccess = pgTable(
  'entity_product_access',
  {
    entityId: uuid('entity_id').notNull(),
    productId: uuid('product_id').notNull(),
    companyId: uuid('company_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'entity_product_access_pkey', columns: [t.entityId, t.productId] }),
    unique('entity_product_access_entity_product_company_key').on(t.entityId, t.productId, t.companyId),
    foreignKey({
      name: 'entity_product_access_entity_fk',
      columns: [t.entityId, t.companyId],
      foreignColumns: [entities.id, entities.companyId],
    }).onDelete('cascade'),
    // An entity may hold only products its company holds.
    foreignKey({
      name: 'entity_product_access_company_product_fk',
      columns: [t.companyId, t.productId],
      foreignColumns: [companyProductAccess.companyId, companyProductAccess.productId],
    }).onDelete('cascade'),
    index('entity_product_access_product_idx').on(t.productId, t.companyId),
  ],
);

export const userProductAccess = pgTable(
  'user_product_access',
  {
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    entityId: uuid('entity_id').notNull(),
    companyId: uuid('company_id').notNull(),
    roleType: text('role_type').notNull().default('app_admin'),
  },
  (t) => [
    primaryKey({ name: 'user_product_access_pkey', columns: [t.userId, t.productId, t.entityId] }),
    check('user_product_access_role_type_check', sql`${t.roleType} in ('app_admin', 'member', 'viewer')`),
    foreignKey({
      name: 'user_product_access_user_fk',
      columns: [t.userId, t.companyId],
      foreignColumns: [users.id, users.companyId],
    }).onDelete('cascade'),
    // A user may be granted a product only at an entity of their company that holds it.
    foreignKey({
      name: 'user_product_access_entity_product_fk',
      columns: [t.entityId, t.productId, t.companyId],
      foreignColumns: [entityProductAccess.entityId, entityProductAccess.productId, entityProductAccess.companyId],
    }).onDelete('cascade'),
    index('user_product_access_entity_idx').on(t.entityId, t.productId),
  ],
);

/**
 * Single-use links (invitation, password reset): only the SHA-256 of the token is kept, with its
 * expiry and what became of it. Tenant rows (RLS by company); looked up by hash on the owner
 * connection before any company is known.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id').notNull(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_tokens_token_hash_key').on(t.tokenHash),
    check('user_tokens_kind_check', sql`${t.kind} in ('invitation', 'password_reset')`),
    foreignKey({ name: 'user_tokens_user_fk', columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
    index('user_tokens_user_idx').on(t.userId, t.kind),
  ],
);

/**
 * The transactional outbox: a message is a row written in the transaction of the change that
 * causes it; the mail sender (mail/sender.ts) delivers pending rows, retrying with backoff.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    // Null only for a message the sender composes when it delivers it (a notification's email or
    // a digest: notificationId / digestId, migration 0029), so what it says is read then.
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** The notification this message announces (composed at delivery, under the stream rule). */
    notificationId: uuid('notification_id').references((): AnyPgColumn => notifications.id, { onDelete: 'cascade' }),
    /** The daily digest this message carries (composed at delivery, under the stream rule). */
    digestId: uuid('digest_id').references((): AnyPgColumn => notificationDigests.id, { onDelete: 'cascade' }),
    /**
     * An iCalendar file sent with the message (an interview's invitation or cancellation), as it
     * was when the change was made: `{ method, content }` (mail/outbox.ts, CalendarPart). A
     * snapshot, so the SEQUENCE and METHOD sent are the event's, not the interview's state at delivery.
     */
    calendar: jsonb('calendar').$type<{ method: 'REQUEST' | 'CANCEL'; content: string }>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    // When the sender may next try it; a claim moves it ahead by the lease (a crashed sender's
    // claim runs out and the row is tried again).
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
    check(
      'email_outbox_content_check',
      sql`num_nonnulls(${t.notificationId}, ${t.digestId}) = 1 or (${t.subject} is not null and ${t.textBody} is not null and ${t.htmlBody} is not null and num_nonnulls(${t.notificationId}, ${t.digestId}) = 0)`,
    ),
    index('email_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The cascades from a deleted notification or digest (a user deleted with theirs).
    index('email_outbox_notification_idx').on(t.notificationId).where(sql`${t.notificationId} is not null`),
    index('email_outbox_digest_idx').on(t.digestId).where(sql`${t.digestId} is not null`),
  ],
);

/**
 * The audit log: one row per change, written by recordEvent() in the change's own transaction.
 * Append-only for the app role (INSERT and SELECT grants only; migration 0005). The actor is a
 * snapshot (no foreign key), so an event still reads after its actor is deleted.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // clock_timestamp(), not now(): the events of one transaction keep the order they were written in.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    changes: jsonb('changes').notNull().default(sql`'[]'::jsonb`),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    // The first page of one company's log, newest first (and every keyset page after it).
    index('audit_events_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    // The daily purge deletes by age across companies.
    index('audit_events_created_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Module tables (docs/modules.md). Each has company_id and entity_id with a composite key to
// entities (id, company_id), a `version` for optimistic concurrency, and row-level security on
// company and entity (the policies are in the module's migration).
// ---------------------------------------------------------------------------------------------

/** The composite key every module table has: its entity must be of its company. */
const moduleEntityFk = (name: string, t: { entityId: AnyPgColumn; companyId: AnyPgColumn }) =>
  foreignKey({ name, columns: [t.entityId, t.companyId], foreignColumns: [entities.id, entities.companyId] }).onDelete('cascade');

const moduleColumns = () => ({
  id: id(),
  companyId: uuid('company_id').notNull(),
  entityId: uuid('entity_id').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** HRMS: an entity's first use creates its default leave types once; this row says it happened. */
export const hrmsEntitySetup = pgTable(
  'hrms_entity_setup',
  {
    entityId: uuid('entity_id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [moduleEntityFk('hrms_entity_setup_entity_fk', t)],
);

export const hrmsEmployees = pgTable(
  'hrms_employees',
  {
    ...moduleColumns(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    workEmail: text('work_email').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    department: text('department').notNull().default(''),
    managerId: uuid('manager_id'),
    employmentType: text('employment_type').notNull(),
    startDate: date('start_date').notNull(),
    /** Stored: active or terminated. "On Leave" is derived from approved leave covering today. */
    status: text('status').notNull().default('active'),
    endDate: date('end_date'),
    userId: uuid('user_id'),
    /** Personal contact details the employee corrects in the Employee Portal ('' when not given). */
    personalEmail: text('personal_email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    /**
     * Lower-cased copies for the directory's search. Stored columns, not expression indexes: under
     * row-level security PostgreSQL uses an index only for conditions made of leakproof functions,
     * and lower() is not one (`lower(x) like 'a%'` reads the whole entity); `^@` on a column is.
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    searchLastName: text('search_last_name').notNull().generatedAlwaysAs(sql`lower(last_name)`),
    searchEmail: text('search_email').notNull().generatedAlwaysAs(sql`lower(work_email)`),
  },
  (t) => [
    moduleEntityFk('hrms_employees_entity_fk', t),
    unique('hrms_employees_id_entity_id_key').on(t.id, t.entityId),
    uniqueIndex('hrms_employees_company_email_key').on(t.companyId, sql`lower(${t.workEmail})`),
    // One employee record per user per entity.
    unique('hrms_employees_entity_user_key').on(t.entityId, t.userId),
    // The manager is an employee of the same entity.
    foreignKey({
      name: 'hrms_employees_manager_fk',
      columns: [t.managerId, t.entityId],
      foreignColumns: [t.id, t.entityId],
    }),
    // The linked user is of the same company (ON DELETE SET NULL (user_id): see the migration).
    foreignKey({ name: 'hrms_employees_user_fk', columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }),
    check('hrms_employees_employment_type_check', sql`${t.employmentType} in ('full_time', 'part_time', 'contractor')`),
    check('hrms_employees_status_check', sql`${t.status} in ('active', 'terminated')`),
    check('hrms_employees_end_date_check', sql`(${t.status} = 'terminated') = (${t.endDate} is not null)`),
    index('hrms_employees_scope_name_idx').on(t.companyId, t.entityId, t.lastName, t.firstName, t.id),
    // Attendance's "missing" walk by name (migration 0042): index-only, the employment dates and scope in it.
    index('hrms_employees_entity_name_idx').on(t.entityId, t.lastName, t.firstName, t.id, t.companyId, t.startDate, t.endDate),
    index('hrms_employees_company_name_idx').on(t.companyId, t.lastName, t.firstName, t.id),
    index('hrms_employees_scope_created_idx').on(t.companyId, t.entityId, t.createdAt.desc(), t.id.desc()),
    index('hrms_employees_manager_idx').on(t.managerId, t.companyId, t.entityId),
    index('hrms_employees_user_idx').on(t.userId),
    // The directory's search (`search_* ^@ 'text'`): one range scan each, OR-ed in a bitmap.
    index('hrms_employees_entity_search_name_idx').on(t.entityId, t.searchName.op('text_pattern_ops')),
    index('hrms_employees_entity_search_last_name_idx').on(t.entityId, t.searchLastName.op('text_pattern_ops')),
    index('hrms_employees_entity_search_email_idx').on(t.entityId, t.searchEmail.op('text_pattern_ops')),
  ],
);

export const hrmsLeaveTypes = pgTable(
  'hrms_leave_types',
  {
    ...moduleColumns(),
    name: text('name').notNull(),
    /** Days per calendar year; 0 means unlimited. */
    allowanceDays: integer('allowance_days').notNull(),
    /** The leave policy (issue 34): see server/modules/hrms/leave-policy.ts for the rules. */
    accrual: text('accrual').notNull().default('yearly'),
    carryOverDays: integer('carry_over_days').notNull().default(0),
    carryOverExpiryMonths: integer('carry_over_expiry_months'),
    halfDays: boolean('half_days').notNull().default(true),
  },
  (t) => [
    moduleEntityFk('hrms_leave_types_entity_fk', t),
    unique('hrms_leave_types_id_entity_id_key').on(t.id, t.entityId),
    uniqueIndex('hrms_leave_types_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
    check('hrms_leave_types_allowance_check', sql`${t.allowanceDays} between 0 and 366`),
    check('hrms_leave_types_accrual_check', sql`${t.accrual} in ('yearly', 'monthly')`),
    check('hrms_leave_types_carry_over_check', sql`${t.carryOverDays} between 0 and 366`),
    check('hrms_leave_types_carry_over_expiry_check', sql`${t.carryOverExpiryMonths} between 1 and 12`),
  ],
);

/** Days off an entity adds to its country's public holidays (those come from the date-holidays library, not a table). */
export const hrmsHolidays = pgTable(
  'hrms_holidays',
  {
    ...moduleColumns(),
    date: date('date').notNull(),
    name: text('name').notNull(),
  },
  (t) => [moduleEntityFk('hrms_holidays_entity_fk', t), unique('hrms_holidays_entity_date_key').on(t.entityId, t.date)],
);

export const hrmsLeaveRequests = pgTable(
  'hrms_leave_requests',
  {
    ...moduleColumns(),
    employeeId: uuid('employee_id').notNull(),
    leaveTypeId: uuid('leave_type_id').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** The first day is an afternoon only. */
    startHalf: boolean('start_half').notNull().default(false),
    /** The last day is a morning only. */
    endHalf: boolean('end_half').notNull().default(false),
    days: numeric('days', { precision: 5, scale: 1 }).notNull(),
    /**
     * The same days per month ("YYYY-MM": days), counted with the holidays of the day it was made:
     * balances read years, months before a carry-over expires and months accrued from it.
     */
    daysByMonth: jsonb('days_by_month').$type<Record<string, number>>().notNull().default({}),
    reason: text('reason').notNull().default(''),
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment').notNull().default(''),
  },
  (t) => [
    moduleEntityFk('hrms_leave_requests_entity_fk', t),
    foreignKey({
      name: 'hrms_leave_requests_employee_fk',
      columns: [t.employeeId, t.entityId],
      foreignColumns: [hrmsEmployees.id, hrmsEmployees.entityId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'hrms_leave_requests_leave_type_fk',
      columns: [t.leaveTypeId, t.entityId],
      foreignColumns: [hrmsLeaveTypes.id, hrmsLeaveTypes.entityId],
    }),
    check('hrms_leave_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled')`),
    check('hrms_leave_requests_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('hrms_leave_requests_days_check', sql`${t.days} > 0`),
    index('hrms_leave_requests_employee_dates_idx').on(t.employeeId, t.startDate),
    index('hrms_leave_requests_scope_created_idx').on(t.companyId, t.entityId, t.createdAt.desc(), t.id.desc()),
    index('hrms_leave_requests_entity_dates_idx').on(t.entityId, t.startDate, t.endDate),
    // Whether an employee is on approved leave on a day (attendance's "missing"): an index-only probe.
    index('hrms_leave_requests_employee_approved_idx').on(t.employeeId, t.startDate, t.endDate, t.entityId, t.companyId).where(sql`${t.status} = 'approved'`),
  ],
);

// ---- HRMS payroll (issue 35) ----------------------------------------------------------------
// Money in minor units (pence, cents) as bigint with its currency; the rules' details as jsonb.

const minor = (name: string) => bigint(name, { mode: 'bigint' });

/** One per entity: the payroll country picks the rule pack; `bank` is the company's side of the bank files. */
export const hrmsPayrollSettings = pgTable(
  'hrms_payroll_settings',
  {
    ...moduleColumns(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    /** An administrator's own rules, for a country other than GB and US (shared/payroll.ts customRules). */
    customRules: jsonb('custom_rules').$type<CustomRulesJson>(),
    bank: jsonb('bank').$type<Record<string, string>>().notNull().default({}),
    /** Overtime hours of an hourly employee are paid at the rate × this (payroll/runs.ts). */
    overtimeMultiplier: numeric('overtime_multiplier', { precision: 4, scale: 2 }).notNull().default('1.5'),
  },
  (t) => [
    moduleEntityFk('hrms_payroll_settings_entity_fk', t),
    unique('hrms_payroll_settings_entity_key').on(t.entityId),
    check('hrms_payroll_settings_overtime_multiplier_check', sql`${t.overtimeMultiplier} >= 1`),
  ],
);

export const hrmsPaySchedules = pgTable(
  'hrms_pay_schedules',
  {
    ...moduleColumns(),
    name: text('name').notNull(),
    frequency: text('frequency').notNull(),
    /** The pattern's anchor: later (and earlier) pay dates step from it (payroll/periods.ts). */
    firstPayDate: date('first_pay_date').notNull(),
  },
  (t) => [
    moduleEntityFk('hrms_pay_schedules_entity_fk', t),
    unique('hrms_pay_schedules_id_entity_id_key').on(t.id, t.entityId),
    uniqueIndex('hrms_pay_schedules_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
    check('hrms_pay_schedules_frequency_check', sql`${t.frequency} in ('weekly', 'biweekly', 'semimonthly', 'monthly')`),
  ],
);

/** An employee's pay: one record per employee, on one schedule of the employee's entity. */
export const hrmsPayRecords = pgTable(
  'hrms_pay_records',
  {
    ...moduleColumns(),
    employeeId: uuid('employee_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    payBasis: text('pay_basis').notNull(),
    annualSalaryMinor: minor('annual_salary_minor'),
    hourlyRateMinor: minor('hourly_rate_minor'),
    hoursPerWeek: numeric('hours_per_week', { precision: 4, scale: 2 }),
    currency: text('currency').notNull(),
    /** Pay starts and ends on these days: a period they cut is pro-rated (payroll/runs.ts). */
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    uk: jsonb('uk').$type<Record<string, string>>(),
    us: jsonb('us').$type<Record<string, string | boolean>>(),
    bank: jsonb('bank').$type<Record<string, string>>(),
  },
  (t) => [
    moduleEntityFk('hrms_pay_records_entity_fk', t),
    unique('hrms_pay_records_entity_employee_key').on(t.entityId, t.employeeId),
    foreignKey({ name: 'hrms_pay_records_employee_fk', columns: [t.employeeId, t.entityId], foreignColumns: [hrmsEmployees.id, hrmsEmployees.entityId] }).onDelete('cascade'),
    foreignKey({ name: 'hrms_pay_records_schedule_fk', columns: [t.scheduleId, t.entityId], foreignColumns: [hrmsPaySchedules.id, hrmsPaySchedules.entityId] }),
    check('hrms_pay_records_basis_check', sql`${t.payBasis} in ('salary', 'hourly')`),
    check('hrms_pay_records_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index('hrms_pay_records_schedule_idx').on(t.scheduleId),
  ],
);

/**
 * A pay component of an entity (issue 35): an earning, a deduction before or after tax, or an
 * employer contribution; a fixed amount a period, a percent of the period's gross pay, or (earnings
 * only) a one-off amount entered on a draft run, such as a bonus. It applies to the employees it is
 * assigned to (hrms_pay_component_assignments), one-off earnings to those a run names.
 */
export const hrmsPayComponents = pgTable(
  'hrms_pay_components',
  {
    ...moduleColumns(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    method: text('method').notNull(),
    amountMinor: minor('amount_minor'),
    /** Percent of gross pay: 5 is 5 %. */
    percent: numeric('percent', { precision: 7, scale: 4 }),
  },
  (t) => [
    moduleEntityFk('hrms_pay_components_entity_fk', t),
    unique('hrms_pay_components_id_entity_id_key').on(t.id, t.entityId),
    uniqueIndex('hrms_pay_components_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
    check('hrms_pay_components_kind_check', sql`${t.kind} in ('earning', 'deduction_pre_tax', 'deduction_post_tax', 'employer_contribution')`),
    check(
      'hrms_pay_components_method_check',
      sql`(${t.method} = 'fixed' and ${t.amountMinor} is not null and ${t.percent} is null) or (${t.method} = 'percent' and ${t.percent} is not null and ${t.amountMinor} is null and ${t.kind} <> 'earning') or (${t.method} = 'one_off' and ${t.kind} = 'earning' and ${t.amountMinor} is null and ${t.percent} is null)`,
    ),
  ],
);

/** A component given to an employee, with their own amount or percent when it differs from the component's (null: the component's). */
export const hrmsPayComponentAssignments = pgTable(
  'hrms_pay_component_assignments',
  {
    ...moduleColumns(),
    componentId: uuid('component_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    amountMinor: minor('amount_minor'),
    percent: numeric('percent', { precision: 7, scale: 4 }),
  },
  (t) => [
    moduleEntityFk('hrms_pay_component_assignments_entity_fk', t),
    unique('hrms_pay_component_assignments_employee_component_key').on(t.employeeId, t.componentId),
    foreignKey({ name: 'hrms_pay_component_assignments_component_fk', columns: [t.componentId, t.entityId], foreignColumns: [hrmsPayComponents.id, hrmsPayComponents.entityId] }).onDelete('cascade'),
    foreignKey({ name: 'hrms_pay_component_assignments_employee_fk', columns: [t.employeeId, t.entityId], foreignColumns: [hrmsEmployees.id, hrmsEmployees.entityId] }).onDelete('cascade'),
    index('hrms_pay_component_assignments_component_idx').on(t.componentId),
    // A run's bulk read: the entity's assignments (components.ts loadRunExtras), by employee.
    index('hrms_pay_component_assignments_entity_employee_idx').on(t.entityId, t.employeeId),
  ],
);

/** A pay run: draft (recalculated at will), approved (locked), paid. Totals in minor units. */
export const hrmsPayRuns = pgTable(
  'hrms_pay_runs',
  {
    ...moduleColumns(),
    scheduleId: uuid('schedule_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('draft'),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    taxYear: text('tax_year').notNull(),
    period: integer('period').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    payDate: date('pay_date').notNull(),
    grossMinor: minor('gross_minor').notNull(),
    deductionsMinor: minor('deductions_minor').notNull(),
    netMinor: minor('net_minor').notNull(),
    employerCostMinor: minor('employer_cost_minor').notNull(),
    employeeCount: integer('employee_count').notNull().default(0),
    /** Off-cycle only: what each employee is paid, as the administrator entered it ({ employeeId: "100.00" }). */
    offCycleGross: jsonb('off_cycle_gross').$type<Record<string, string>>(),
    /** One-off earnings (bonuses) entered on the draft: employee, component, amount ("500.00"). */
    bonuses: jsonb('bonuses').$type<{ employeeId: string; componentId: string; amount: string }[]>().notNull().default([]),
    approvedBy: uuid('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidBy: uuid('paid_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    moduleEntityFk('hrms_pay_runs_entity_fk', t),
    unique('hrms_pay_runs_id_entity_id_key').on(t.id, t.entityId),
    foreignKey({ name: 'hrms_pay_runs_schedule_fk', columns: [t.scheduleId, t.entityId], foreignColumns: [hrmsPaySchedules.id, hrmsPaySchedules.entityId] }),
    // One regular run per schedule and period; off-cycle runs correct it as often as needed.
    uniqueIndex('hrms_pay_runs_regular_key').on(t.scheduleId, t.taxYear, t.period).where(sql`${t.kind} = 'regular'`),
    check('hrms_pay_runs_kind_check', sql`${t.kind} in ('regular', 'off_cycle')`),
    check('hrms_pay_runs_status_check', sql`${t.status} in ('draft', 'approved', 'paid')`),
    index('hrms_pay_runs_entity_pay_date_idx').on(t.entityId, t.taxYear, t.payDate),
  ],
);

/** One employee's gross-to-net in a run, as calculated (kept as it was once the run is approved). */
export const hrmsPayRunLines = pgTable(
  'hrms_pay_run_lines',
  {
    ...moduleColumns(),
    runId: uuid('run_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    employeeName: text('employee_name').notNull(),
    currency: text('currency').notNull(),
    grossMinor: minor('gross_minor').notNull(),
    netMinor: minor('net_minor').notNull(),
    grossRule: text('gross_rule').notNull(),
    /** The rules' lines: code, amount in minor units (a decimal string of an integer), employer cost or not, label. */
    items: jsonb('items').$type<{ code: string; minor: string; employer: boolean; label?: string }[]>().notNull(),
    /** The gross's parts: salary or hourly pay, overtime, bonus and other earnings (code, label, minor units, how found). */
    earnings: jsonb('earnings').$type<{ code: string; label: string; minor: string; rule?: string }[]>().notNull().default([]),
    /** Year to date including this run, decimal strings per figure (gross, tax, …). */
    ytd: jsonb('ytd').$type<Record<string, string>>().notNull(),
  },
  (t) => [
    moduleEntityFk('hrms_pay_run_lines_entity_fk', t),
    unique('hrms_pay_run_lines_run_employee_key').on(t.runId, t.employeeId),
    foreignKey({ name: 'hrms_pay_run_lines_run_fk', columns: [t.runId, t.entityId], foreignColumns: [hrmsPayRuns.id, hrmsPayRuns.entityId] }).onDelete('cascade'),
    foreignKey({ name: 'hrms_pay_run_lines_employee_fk', columns: [t.employeeId, t.entityId], foreignColumns: [hrmsEmployees.id, hrmsEmployees.entityId] }),
    index('hrms_pay_run_lines_employee_idx').on(t.employeeId),
  ],
);

type CustomRulesJson = { label: string; components: { code: string; label: string; kind: 'employee' | 'employer'; rate?: string; brackets?: { from: string; rate: string }[] }[] };

// ---- HRMS onboarding and offboarding (issue 34) ----------------------------------------------
// Templates per entity, copied into an employee's checklist when they start or are given a last
// day (server/modules/hrms/onboarding.ts). A user named on a task is a plain `users.id` key with
// ON DELETE SET NULL: deleting the user leaves the task to HR instead of refusing the deletion
// (a composite key with the company would null the company too). The service only names users
// of the caller's company.

const checklistKindCheck = (name: string, kind: AnyPgColumn) => check(name, sql`${kind} in ('onboarding', 'offboarding')`);
const assigneeKindCheck = (name: string, kind: AnyPgColumn) => check(name, sql`${kind} in ('hr', 'manager', 'employee', 'user')`);
const userRef = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

export const hrmsChecklistTemplates = pgTable(
  'hrms_checklist_templates',
  {
    ...moduleColumns(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The template a new start (onboarding) or a new leaver (offboarding) of the entity gets. */
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    moduleEntityFk('hrms_checklist_templates_entity_fk', t),
    unique('hrms_checklist_templates_id_entity_id_key').on(t.id, t.entityId),
    uniqueIndex('hrms_checklist_templates_entity_name_key').on(t.entityId, t.kind, sql`lower(${t.name})`),
    uniqueIndex('hrms_checklist_templates_default_key').on(t.entityId, t.kind).where(sql`${t.isDefault}`),
    checklistKindCheck('hrms_checklist_templates_kind_check', t.kind),
  ],
);

export const hrmsChecklistTemplateTasks = pgTable(
  'hrms_checklist_template_tasks',
  {
    ...moduleColumns(),
    templateId: uuid('template_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    assigneeKind: text('assignee_kind').notNull(),
    assigneeUserId: userRef('assignee_user_id'),
    /** Days after (or, negative, before) the start date or the last day. */
    dueOffsetDays: integer('due_offset_days').notNull().default(0),
  },
  (t) => [
    moduleEntityFk('hrms_checklist_template_tasks_entity_fk', t),
    foreignKey({ name: 'hrms_checklist_template_tasks_template_fk', columns: [t.templateId, t.entityId], foreignColumns: [hrmsChecklistTemplates.id, hrmsChecklistTemplates.entityId] }).onDelete(
      'cascade',
    ),
    assigneeKindCheck('hrms_checklist_template_tasks_assignee_check', t.assigneeKind),
    check('hrms_checklist_template_tasks_offset_check', sql`${t.dueOffsetDays} between -365 and 365`),
    index('hrms_checklist_template_tasks_template_idx').on(t.templateId, t.dueOffsetDays),
  ],
);

export const hrmsChecklists = pgTable(
  'hrms_checklists',
  {
    ...moduleColumns(),
    employeeId: uuid('employee_id').notNull(),
    kind: text('kind').notNull(),
    /** The template's name when the checklist was made (the template may change or go later). */
    name: text('name').notNull(),
    /** The start date (onboarding) or the last day (offboarding) the due dates count from. */
    anchorDate: date('anchor_date').notNull(),
    /** Kept with the tasks (onboarding.ts): the earliest open due date, null once all are done. */
    nextDueDate: date('next_due_date'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    moduleEntityFk('hrms_checklists_entity_fk', t),
    unique('hrms_checklists_id_entity_id_key').on(t.id, t.entityId),
    unique('hrms_checklists_employee_kind_key').on(t.employeeId, t.kind),
    foreignKey({ name: 'hrms_checklists_employee_fk', columns: [t.employeeId, t.entityId], foreignColumns: [hrmsEmployees.id, hrmsEmployees.entityId] }).onDelete('cascade'),
    checklistKindCheck('hrms_checklists_kind_check', t.kind),
    // The pages' order: open checklists by their next due date, so the overdue come first.
    index('hrms_checklists_scope_due_idx').on(t.companyId, t.entityId, t.kind, t.nextDueDate, t.id),
  ],
);

export const hrmsChecklistTasks = pgTable(
  'hrms_checklist_tasks',
  {
    ...moduleColumns(),
    checklistId: uuid('checklist_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    assigneeKind: text('assignee_kind').notNull(),
    /** Resolved when the checklist was made; null: nobody to resolve (no manager, no account), so HR's. */
    assigneeUserId: userRef('assignee_user_id'),
    dueDate: date('due_date').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: userRef('done_by'),
  },
  (t) => [
    moduleEntityFk('hrms_checklist_tasks_entity_fk', t),
    foreignKey({ name: 'hrms_checklist_tasks_checklist_fk', columns: [t.checklistId, t.entityId], foreignColumns: [hrmsChecklists.id, hrmsChecklists.entityId] }).onDelete('cascade'),
    assigneeKindCheck('hrms_checklist_tasks_assignee_check', t.assigneeKind),
    index('hrms_checklist_tasks_checklist_idx').on(t.checklistId, t.dueDate),
    index('hrms_checklist_tasks_assignee_idx').on(t.assigneeUserId),
  ],
);

// ---- HRMS attendance (issue 34) -------------------------------------------------------------
// Instants in UTC; an entry belongs to the week of the UTC day it was clocked in on (shared/attendance.ts).

/** One per entity, made on its first read: the weekly hours beyond which time is overtime, and when "late" begins. */
export const hrmsAttendanceSettings = pgTable(
  'hrms_attendance_settings',
  {
    ...moduleColumns(),
    weeklyHours: numeric('weekly_hours', { precision: 4, scale: 2 }).notNull().default('40'),
    /** Minutes after midnight (UTC): a first clock-in after it is late, no entry by it is missing. */
    lateAfterMinutes: integer('late_after_minutes').notNull().default(600),
  },
  (t) => [
    moduleEntityFk('hrms_attendance_settings_entity_fk', t),
    unique('hrms_attendance_settings_entity_key').on(t.entityId),
    check('hrms_attendance_settings_weekly_hours_check', sql`${t.weeklyHours} >= 1`),
    check('hrms_attendance_settings_late_after_check', sql`${t.lateAfterMinutes} between 0 and 1439`),
  ],
);

/** An employee's week: draft while they clock, then submitted, approved or returned (to be submitted again). */
export const hrmsTimesheets = pgTable(
  'hrms_timesheets',
  {
    ...moduleColumns(),
    employeeId: uuid('employee_id').notNull(),
    weekStart: date('week_start').notNull(),
    status: text('status').notNull().default('draft'),
    /** The clocked-out entries' minutes less their breaks, kept by each clock-out (the entries are locked by this row). */
    workedMinutes: integer('worked_minutes').notNull().default(0),
    comment: text('comment').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    moduleEntityFk('hrms_timesheets_entity_fk', t),
    unique('hrms_timesheets_id_entity_id_key').on(t.id, t.entityId),
    unique('hrms_timesheets_employee_week_key').on(t.employeeId, t.weekStart),
    foreignKey({ name: 'hrms_timesheets_employee_fk', columns: [t.employeeId, t.entityId], foreignColumns: [hrmsEmployees.id, hrmsEmployees.entityId] }).onDelete('cascade'),
    check('hrms_timesheets_status_check', sql`${t.status} in ('draft', 'submitted', 'approved', 'returned')`),
    check('hrms_timesheets_week_start_check', sql`extract(isodow from ${t.weekStart}) = 1`),
    // Lists lead with the entity and are read backwards for the newest weeks (migration 0040).
    index('hrms_timesheets_entity_week_idx').on(t.entityId, t.weekStart, t.id, t.companyId),
    index('hrms_timesheets_entity_status_week_idx').on(t.entityId, t.status, t.weekStart, t.id, t.companyId),
  ],
);

export const hrmsTimeEntries = pgTable(
  'hrms_time_entries',
  {
    ...moduleColumns(),
    employeeId: uuid('employee_id').notNull(),
    timesheetId: uuid('timesheet_id').notNull(),
    clockIn: timestamp('clock_in', { withTimezone: true }).notNull(),
    clockOut: timestamp('clock_out', { withTimezone: true }),
    breakMinutes: integer('break_minutes').notNull().default(0),
    note: text('note').notNull().default(''),
  },
  (t) => [
    moduleEntityFk('hrms_time_entries_entity_fk', t),
    foreignKey({ name: 'hrms_time_entries_employee_fk', columns: [t.employeeId, t.entityId], foreignColumns: [hrmsEmployees.id, hrmsEmployees.entityId] }).onDelete('cascade'),
    foreignKey({ name: 'hrms_time_entries_timesheet_fk', columns: [t.timesheetId, t.entityId], foreignColumns: [hrmsTimesheets.id, hrmsTimesheets.entityId] }).onDelete('cascade'),
    // One open entry per employee: a second clock-in is refused by the database too.
    uniqueIndex('hrms_time_entries_open_key').on(t.employeeId).where(sql`${t.clockOut} is null`),
    check('hrms_time_entries_order_check', sql`${t.clockOut} is null or ${t.clockOut} >= ${t.clockIn}`),
    check('hrms_time_entries_break_check', sql`${t.breakMinutes} between 0 and 1440`),
    index('hrms_time_entries_timesheet_idx').on(t.timesheetId, t.clockIn),
    index('hrms_time_entries_entity_clock_in_idx').on(t.entityId, t.clockIn, t.employeeId, t.companyId),
    // Who is clocked in now (attendance's day): the open entries alone, by clock-in.
    index('hrms_time_entries_entity_open_idx').on(t.entityId, t.clockIn, t.employeeId, t.companyId).where(sql`${t.clockOut} is null`),
    // Whether an employee clocked in on a day (attendance's "missing": one probe per employee), and
    // whether an entry is their first that day ("in", "late"): index-only, the id and scope in it.
    index('hrms_time_entries_employee_clock_in_idx').on(t.employeeId, t.clockIn, t.id, t.entityId, t.companyId),
  ],
);

// ---- ATS (issue 15) --------------------------------------------------------------------------

export const atsJobs = pgTable(
  'ats_jobs',
  {
    ...moduleColumns(),
    title: text('title').notNull(),
    department: text('department').notNull().default(''),
    location: text('location').notNull().default(''),
    employmentType: text('employment_type').notNull(),
    openings: integer('openings').notNull().default(1),
    hiringManagerId: uuid('hiring_manager_id'),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('draft'),
  },
  (t) => [
    moduleEntityFk('ats_jobs_entity_fk', t),
    unique('ats_jobs_id_entity_id_key').on(t.id, t.entityId),
    // The hiring manager is a user of the same company (ON DELETE SET NULL (hiring_manager_id): see the migration).
    foreignKey({ name: 'ats_jobs_hiring_manager_fk', columns: [t.hiringManagerId, t.companyId], foreignColumns: [users.id, users.companyId] }),
    check('ats_jobs_employment_type_check', sql`${t.employmentType} in ('full_time', 'part_time', 'contractor')`),
    check('ats_jobs_status_check', sql`${t.status} in ('draft', 'open', 'on_hold', 'closed')`),
    check('ats_jobs_openings_check', sql`${t.openings} between 1 and 1000`),
    index('ats_jobs_entity_created_idx').on(t.entityId, t.createdAt.desc(), t.id.desc()),
    index('ats_jobs_entity_title_idx').on(t.entityId, t.title, t.id),
    index('ats_jobs_entity_status_idx').on(t.entityId, t.status),
  ],
);

export const atsCandidates = pgTable(
  'ats_candidates',
  {
    ...moduleColumns(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    source: text('source').notNull().default(''),
    /** Lower-cased copies for the search (as HRMS's directory: `search_* ^@ 'text'`, an index each). */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    searchLastName: text('search_last_name').notNull().generatedAlwaysAs(sql`lower(last_name)`),
    searchEmail: text('search_email').notNull().generatedAlwaysAs(sql`lower(email)`),
  },
  (t) => [
    moduleEntityFk('ats_candidates_entity_fk', t),
    unique('ats_candidates_id_entity_id_key').on(t.id, t.entityId),
    // One candidate per email per entity: a second application reuses the candidate.
    uniqueIndex('ats_candidates_entity_email_key').on(t.entityId, sql`lower(${t.email})`),
    index('ats_candidates_entity_created_idx').on(t.entityId, t.createdAt.desc(), t.id.desc()),
    index('ats_candidates_entity_name_idx').on(t.entityId, t.lastName, t.firstName, t.id),
    index('ats_candidates_entity_search_name_idx').on(t.entityId, t.searchName.op('text_pattern_ops')),
    index('ats_candidates_entity_search_last_name_idx').on(t.entityId, t.searchLastName.op('text_pattern_ops')),
    index('ats_candidates_entity_search_email_idx').on(t.entityId, t.searchEmail.op('text_pattern_ops')),
  ],
);

/** A candidate's résumé (PDF), in the database so every server process serves it. One per candidate. */
export const atsResumes = pgTable(
  'ats_resumes',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    entityId: uuid('entity_id').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    moduleEntityFk('ats_resumes_entity_fk', t),
    foreignKey({ name: 'ats_resumes_candidate_fk', columns: [t.candidateId, t.entityId], foreignColumns: [atsCandidates.id, atsCandidates.entityId] }).onDelete('cascade'),
    unique('ats_resumes_candidate_key').on(t.candidateId),
    check('ats_resumes_size_check', sql`${t.size} between 1 and 5242880 and octet_length(${t.content}) = ${t.size}`),
  ],
);

export const atsApplications = pgTable(
  'ats_applications',
  {
    ...moduleColumns(),
    jobId: uuid('job_id').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    stage: text('stage').notNull().default('applied'),
    /** Order within the job's column: fractional, so a move writes one row. */
    rank: doublePrecision('rank').notNull(),
    rejectionReason: text('rejection_reason').notNull().default(''),
    employeeId: uuid('employee_id'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    hiredAt: timestamp('hired_at', { withTimezone: true }),
  },
  (t) => [
    moduleEntityFk('ats_applications_entity_fk', t),
    unique('ats_applications_id_entity_id_key').on(t.id, t.entityId),
    unique('ats_applications_job_candidate_key').on(t.jobId, t.candidateId),
    foreignKey({ name: 'ats_applications_job_fk', columns: [t.jobId, t.entityId], foreignColumns: [atsJobs.id, atsJobs.entityId] }).onDelete('cascade'),
    foreignKey({ name: 'ats_applications_candidate_fk', columns: [t.candidateId, t.entityId], foreignColumns: [atsCandidates.id, atsCandidates.entityId] }).onDelete('cascade'),
    // The employee record a hire created (HRMS), in the same entity.
    foreignKey({ name: 'ats_applications_employee_fk', columns: [t.employeeId, t.entityId], foreignColumns: [hrmsEmployees.id, hrmsEmployees.entityId] }),
    check(
      'ats_applications_stage_check',
      sql`${t.stage} in ('applied', 'review', 'phone_screen', 'technical_test', 'interview', 'final_round', 'offer', 'hired', 'rejected')`,
    ),
    check('ats_applications_hired_check', sql`(${t.stage} = 'hired') = (${t.hiredAt} is not null)`),
    // The board: a column of a job, in order, paged.
    index('ats_applications_board_idx').on(t.jobId, t.stage, t.rank, t.id),
    // The board as the API reads it (bench figure A1: 50,000 applications on one job): the
    // row-level security columns lead, so the policy's conditions are index conditions, the counts
    // by stage are an index-only read of the job's range, and each column's page of ids an
    // index-only read in rank order that stops at the page's end.
    index('ats_applications_scope_board_idx').on(t.companyId, t.entityId, t.jobId, t.stage, t.rank, t.id),
    index('ats_applications_candidate_idx').on(t.candidateId),
    index('ats_applications_entity_stage_idx').on(t.entityId, t.stage),
    index('ats_applications_entity_hired_idx').on(t.entityId, t.hiredAt),
  ],
);

/** Every stage change of an application: who and when. */
export const atsStageHistory = pgTable(
  'ats_stage_history',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    entityId: uuid('entity_id').notNull(),
    applicationId: uuid('application_id').notNull(),
    fromStage: text('from_stage'),
    toStage: text('to_stage').notNull(),
    reason: text('reason').notNull().default(''),
    changedBy: uuid('changed_by'),
    /** A snapshot: the history still reads after the user is deleted. */
    changedByName: text('changed_by_name'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    moduleEntityFk('ats_stage_history_entity_fk', t),
    foreignKey({ name: 'ats_stage_history_application_fk', columns: [t.applicationId, t.entityId], foreignColumns: [atsApplications.id, atsApplications.entityId] }).onDelete(
      'cascade',
    ),
    index('ats_stage_history_application_idx').on(t.applicationId, t.changedAt),
  ],
);

export const atsInterviews = pgTable(
  'ats_interviews',
  {
    ...moduleColumns(),
    applicationId: uuid('application_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    location: text('location').notNull().default(''),
    createdBy: uuid('created_by'),
    /** The iCalendar SEQUENCE of the invitations: raised by each move and by the cancellation (calendar.ts). */
    sequence: integer('sequence').notNull().default(0),
    /** The scheduler's choice: the candidate gets the invitation, its changes and its cancellation by email. */
    emailCandidate: boolean('email_candidate').notNull().default(false),
    /** Cancelled interviews stay (with their feedback) and are no longer upcoming, due or editable. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    moduleEntityFk('ats_interviews_entity_fk', t),
    unique('ats_interviews_id_entity_id_key').on(t.id, t.entityId),
    foreignKey({ name: 'ats_interviews_application_fk', columns: [t.applicationId, t.entityId], foreignColumns: [atsApplications.id, atsApplications.entityId] }).onDelete(
      'cascade',
    ),
    check('ats_interviews_duration_check', sql`${t.durationMinutes} between 15 and 480`),
    index('ats_interviews_entity_starts_idx').on(t.entityId, t.startsAt, t.id),
    index('ats_interviews_application_idx').on(t.applicationId),
  ],
);

/** An interviewer of an interview, with their feedback once submitted. */
export const atsInterviewers = pgTable(
  'ats_interviewers',
  {
    interviewId: uuid('interview_id').notNull(),
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id').notNull(),
    entityId: uuid('entity_id').notNull(),
    rating: integer('rating'),
    notes: text('notes'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When this interviewer was told their feedback is due: set once, by the job that tells them (feedback-due.ts). */
    feedbackRemindedAt: timestamp('feedback_reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'ats_interviewers_pkey', columns: [t.interviewId, t.userId] }),
    moduleEntityFk('ats_interviewers_entity_fk', t),
    foreignKey({ name: 'ats_interviewers_interview_fk', columns: [t.interviewId, t.entityId], foreignColumns: [atsInterviews.id, atsInterviews.entityId] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'ats_interviewers_user_fk', columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
    check('ats_interviewers_feedback_check', sql`(${t.submittedAt} is null) = (${t.rating} is null) and (${t.rating} is null or ${t.rating} between 1 and 5)`),
    index('ats_interviewers_user_idx').on(t.userId),
    // The feedback-due job's candidates: seats without feedback not yet reminded.
    index('ats_interviewers_feedback_due_idx').on(t.interviewId).where(sql`${t.submittedAt} is null and ${t.feedbackRemindedAt} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Projects (issue 16): projects, their members, tasks numbered per project (KEY-n), comments and
// each task's activity. Ranks order a board column (fractional: a move rewrites one row); they
// compare byte-wise (COLLATE "C", set in the migration).
// ---------------------------------------------------------------------------------------------

export const projectsProjects = pgTable(
  'projects_projects',
  {
    ...moduleColumns(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('planning'),
    priority: text('priority').notNull().default('medium'),
    leadId: uuid('lead_id'),
    startDate: date('start_date'),
    dueDate: date('due_date'),
    /** The last task number handed out: incremented under the row lock, so numbers have no gaps or twins. */
    taskCounter: integer('task_counter').notNull().default(0),
  },
  (t) => [
    moduleEntityFk('projects_projects_entity_fk', t),
    unique('projects_projects_id_entity_id_key').on(t.id, t.entityId),
    unique('projects_projects_entity_key_key').on(t.entityId, t.key),
    foreignKey({ name: 'projects_projects_lead_fk', columns: [t.leadId, t.companyId], foreignColumns: [users.id, users.companyId] }),
    check('projects_projects_key_check', sql`${t.key} ~ '^[A-Z]{2,6}$'`),
    check('projects_projects_status_check', sql`${t.status} in ('planning', 'in_progress', 'review', 'completed')`),
    check('projects_projects_priority_check', sql`${t.priority} in ('critical', 'high', 'medium', 'low')`),
    check('projects_projects_dates_check', sql`${t.dueDate} is null or ${t.startDate} is null or ${t.dueDate} >= ${t.startDate}`),
    index('projects_projects_entity_name_idx').on(t.entityId, t.name, t.id),
    index('projects_projects_company_name_idx').on(t.companyId, t.name, t.id),
    index('projects_projects_lead_idx').on(t.leadId),
  ],
);

export const projectsMembers = pgTable(
  'projects_members',
  {
    projectId: uuid('project_id').notNull(),
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id').notNull(),
    entityId: uuid('entity_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'projects_members_pkey', columns: [t.projectId, t.userId] }),
    moduleEntityFk('projects_members_entity_fk', t),
    foreignKey({ name: 'projects_members_project_fk', columns: [t.projectId, t.entityId], foreignColumns: [projectsProjects.id, projectsProjects.entityId] }).onDelete('cascade'),
    foreignKey({ name: 'projects_members_user_fk', columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
    index('projects_members_user_idx').on(t.userId),
  ],
);

export const projectsTasks = pgTable(
  'projects_tasks',
  {
    ...moduleColumns(),
    projectId: uuid('project_id').notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('todo'),
    priority: text('priority').notNull().default('medium'),
    assigneeId: uuid('assignee_id'),
    dueDate: date('due_date'),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    rank: text('rank').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    moduleEntityFk('projects_tasks_entity_fk', t),
    unique('projects_tasks_id_entity_id_key').on(t.id, t.entityId),
    unique('projects_tasks_project_number_key').on(t.projectId, t.number),
    foreignKey({ name: 'projects_tasks_project_fk', columns: [t.projectId, t.entityId], foreignColumns: [projectsProjects.id, projectsProjects.entityId] }).onDelete('cascade'),
    foreignKey({ name: 'projects_tasks_assignee_fk', columns: [t.assigneeId, t.companyId], foreignColumns: [users.id, users.companyId] }),
    check('projects_tasks_status_check', sql`${t.status} in ('todo', 'in_progress', 'in_review', 'done')`),
    check('projects_tasks_priority_check', sql`${t.priority} in ('critical', 'high', 'medium', 'low')`),
    check('projects_tasks_number_check', sql`${t.number} > 0`),
    index('projects_tasks_entity_number_idx').on(t.entityId, t.number, t.id),
    index('projects_tasks_assignee_idx').on(t.assigneeId),
    index('projects_tasks_entity_due_idx').on(t.entityId, t.dueDate),
    // The board (bench figures P1, P2): the row-level security columns lead, then a column of a
    // project in rank order. Its counts and each column's page of ids are index-only reads, and a
    // move finds its neighbours on it. The reads name the company and entity (tasks.ts, ofProject).
    index('projects_tasks_scope_board_idx').on(t.companyId, t.entityId, t.projectId, t.status, t.rank, t.id),
  ],
);

export const projectsTaskComments = pgTable(
  'projects_task_comments',
  {
    ...moduleColumns(),
    taskId: uuid('task_id').notNull(),
    authorId: uuid('author_id'),
    /** As the author was named when writing: the thread still reads after they are deleted. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    moduleEntityFk('projects_task_comments_entity_fk', t),
    foreignKey({ name: 'projects_task_comments_task_fk', columns: [t.taskId, t.entityId], foreignColumns: [projectsTasks.id, projectsTasks.entityId] }).onDelete('cascade'),
    index('projects_task_comments_task_idx').on(t.taskId, t.createdAt),
  ],
);

export const projectsTaskActivity = pgTable(
  'projects_task_activity',
  {
    ...moduleColumns(),
    taskId: uuid('task_id').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    kind: text('kind').notNull(),
    changes: jsonb('changes').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    moduleEntityFk('projects_task_activity_entity_fk', t),
    foreignKey({ name: 'projects_task_activity_task_fk', columns: [t.taskId, t.entityId], foreignColumns: [projectsTasks.id, projectsTasks.entityId] }).onDelete('cascade'),
    check('projects_task_activity_kind_check', sql`${t.kind} in ('created', 'updated', 'moved', 'commented')`),
    index('projects_task_activity_task_idx').on(t.taskId, t.createdAt),
  ],
);

/**
 * Who hears about a task's status changes (issue 33): its creator, its assignees and commenters
 * (added as they take part) and anyone who chose to follow it. A follower who loses access to
 * the entity stays listed but hears nothing (the notification platform checks access).
 */
export const projectsTaskFollowers = pgTable(
  'projects_task_followers',
  {
    taskId: uuid('task_id').notNull(),
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id').notNull(),
    entityId: uuid('entity_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'projects_task_followers_pkey', columns: [t.taskId, t.userId] }),
    moduleEntityFk('projects_task_followers_entity_fk', t),
    foreignKey({ name: 'projects_task_followers_task_fk', columns: [t.taskId, t.entityId], foreignColumns: [projectsTasks.id, projectsTasks.entityId] }).onDelete('cascade'),
    foreignKey({ name: 'projects_task_followers_user_fk', columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
    index('projects_task_followers_user_idx').on(t.userId),
  ],
);

// ----- CRM (issue 14) ---------------------------------------------------------------------------
// List indexes are ascending: a page `order by created_at desc, id desc` (NULLS FIRST, PostgreSQL's
// default for desc) reads one backwards. An index made `desc` is DESC NULLS LAST, which matches
// neither direction, so every page read and sorted all of the entity's rows (migration 0014).

/** CRM: the companies an entity sells to. */
export const crmClients = pgTable(
  'crm_clients',
  {
    ...moduleColumns(),
    name: text('name').notNull(),
    website: text('website').notNull().default(''),
    industry: text('industry').notNull().default(''),
    ownerId: uuid('owner_id'),
    status: text('status').notNull().default('prospect'),
    /** The last change or activity on the client or its contacts and opportunities: "recently active". */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased copies for the search (`^@`), as in hrms_employees: see there why stored columns. */
    searchName: text('search_name').notNull().generatedAlwaysAs(sql`lower(name)`),
    searchIndustry: text('search_industry').notNull().generatedAlwaysAs(sql`lower(industry)`),
  },
  (t) => [
    moduleEntityFk('crm_clients_entity_fk', t),
    unique('crm_clients_id_entity_id_key').on(t.id, t.entityId),
    // The owner is a user of the same company (ON DELETE SET NULL (owner_id): see the migration).
    foreignKey({ name: 'crm_clients_owner_fk', columns: [t.ownerId, t.companyId], foreignColumns: [users.id, users.companyId] }),
    check('crm_clients_status_check', sql`${t.status} in ('active', 'prospect', 'inactive')`),
    index('crm_clients_entity_name_idx').on(t.entityId, t.name, t.id),
    index('crm_clients_entity_created_idx').on(t.entityId, t.createdAt, t.id),
    index('crm_clients_entity_activity_idx').on(t.entityId, t.lastActivityAt, t.id),
    index('crm_clients_owner_idx').on(t.ownerId),
    index('crm_clients_entity_search_name_idx').on(t.entityId, t.searchName.op('text_pattern_ops')),
    index('crm_clients_entity_search_industry_idx').on(t.entityId, t.searchIndustry.op('text_pattern_ops')),
  ],
);

export const crmContacts = pgTable(
  'crm_contacts',
  {
    ...moduleColumns(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    clientId: uuid('client_id'),
    /**
     * Lower-cased copies for the search (`^@`) and the duplicate-email lookup (`=`), as in
     * hrms_employees: under row-level security `lower(x)` conditions use no index. A first name
     * is matched through the full name (it starts with the first name).
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    searchLastName: text('search_last_name').notNull().generatedAlwaysAs(sql`lower(last_name)`),
    searchEmail: text('search_email').notNull().generatedAlwaysAs(sql`lower(email)`),
  },
  (t) => [
    moduleEntityFk('crm_contacts_entity_fk', t),
    unique('crm_contacts_id_entity_id_key').on(t.id, t.entityId),
    foreignKey({ name: 'crm_contacts_client_fk', columns: [t.clientId, t.entityId], foreignColumns: [crmClients.id, crmClients.entityId] }),
    index('crm_contacts_entity_name_idx').on(t.entityId, t.lastName, t.firstName, t.id),
    index('crm_contacts_entity_created_idx').on(t.entityId, t.createdAt, t.id),
    index('crm_contacts_client_idx').on(t.clientId),
    // The search, one range scan per column OR-ed in a bitmap; the email one also finds an
    // email's duplicates in the entity (flagged, not refused), earliest first: without created_at
    // in it that lookup walked the entity in created order (bench figure C1).
    index('crm_contacts_entity_search_name_idx').on(t.entityId, t.searchName.op('text_pattern_ops')),
    index('crm_contacts_entity_search_last_name_idx').on(t.entityId, t.searchLastName.op('text_pattern_ops')),
    index('crm_contacts_entity_search_email_idx').on(t.entityId, t.searchEmail.op('text_pattern_ops'), t.createdAt, t.id),
  ],
);

export const crmOpportunities = pgTable(
  'crm_opportunities',
  {
    ...moduleColumns(),
    name: text('name').notNull(),
    clientId: uuid('client_id').notNull(),
    /** Minor units (cents) of `currency`, the currency of the entity's country when created. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    expectedCloseDate: date('expected_close_date'),
    ownerId: uuid('owner_id'),
    stage: text('stage').notNull().default('prospecting'),
    lostReason: text('lost_reason').notNull().default(''),
    /** When it reached Closed Won or Closed Lost; null while open. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    moduleEntityFk('crm_opportunities_entity_fk', t),
    unique('crm_opportunities_id_entity_id_key').on(t.id, t.entityId),
    foreignKey({ name: 'crm_opportunities_client_fk', columns: [t.clientId, t.entityId], foreignColumns: [crmClients.id, crmClients.entityId] }),
    foreignKey({ name: 'crm_opportunities_owner_fk', columns: [t.ownerId, t.companyId], foreignColumns: [users.id, users.companyId] }),
    check(
      'crm_opportunities_stage_check',
      sql`${t.stage} in ('prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost')`,
    ),
    check('crm_opportunities_amount_check', sql`${t.amountMinor} >= 0`),
    check('crm_opportunities_closed_check', sql`(${t.stage} in ('closed_won', 'closed_lost')) = (${t.closedAt} is not null)`),
    index('crm_opportunities_entity_stage_created_idx').on(t.entityId, t.stage, t.createdAt, t.id),
    index('crm_opportunities_entity_name_idx').on(t.entityId, t.name, t.id),
    index('crm_opportunities_entity_created_idx').on(t.entityId, t.createdAt, t.id),
    index('crm_opportunities_entity_closed_idx').on(t.entityId, t.closedAt),
    index('crm_opportunities_client_idx').on(t.clientId),
    index('crm_opportunities_owner_idx').on(t.ownerId),
  ],
);

export const crmLeads = pgTable(
  'crm_leads',
  {
    ...moduleColumns(),
    name: text('name').notNull(),
    companyName: text('company_name').notNull().default(''),
    email: text('email').notNull().default(''),
    source: text('source').notNull(),
    status: text('status').notNull().default('new'),
    ownerId: uuid('owner_id'),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    convertedClientId: uuid('converted_client_id'),
    convertedContactId: uuid('converted_contact_id'),
    convertedOpportunityId: uuid('converted_opportunity_id'),
    /** Lower-cased copies for the search (`^@`), as in hrms_employees: see there why stored columns. */
    searchName: text('search_name').notNull().generatedAlwaysAs(sql`lower(name)`),
    searchCompanyName: text('search_company_name').notNull().generatedAlwaysAs(sql`lower(company_name)`),
    searchEmail: text('search_email').notNull().generatedAlwaysAs(sql`lower(email)`),
  },
  (t) => [
    moduleEntityFk('crm_leads_entity_fk', t),
    unique('crm_leads_id_entity_id_key').on(t.id, t.entityId),
    foreignKey({ name: 'crm_leads_owner_fk', columns: [t.ownerId, t.companyId], foreignColumns: [users.id, users.companyId] }),
    foreignKey({ name: 'crm_leads_client_fk', columns: [t.convertedClientId, t.entityId], foreignColumns: [crmClients.id, crmClients.entityId] }),
    foreignKey({ name: 'crm_leads_contact_fk', columns: [t.convertedContactId, t.entityId], foreignColumns: [crmContacts.id, crmContacts.entityId] }),
    foreignKey({
      name: 'crm_leads_opportunity_fk',
      columns: [t.convertedOpportunityId, t.entityId],
      foreignColumns: [crmOpportunities.id, crmOpportunities.entityId],
    }),
    check('crm_leads_status_check', sql`${t.status} in ('new', 'contacted', 'qualified', 'disqualified')`),
    check('crm_leads_source_check', sql`${t.source} in ('website', 'referral', 'event', 'outbound', 'other')`),
    check(
      'crm_leads_converted_check',
      sql`(${t.convertedAt} is null) = (${t.convertedClientId} is null) and (${t.convertedAt} is null) = (${t.convertedOpportunityId} is null)`,
    ),
    index('crm_leads_entity_name_idx').on(t.entityId, t.name, t.id),
    index('crm_leads_entity_created_idx').on(t.entityId, t.createdAt, t.id),
    index('crm_leads_owner_idx').on(t.ownerId),
    index('crm_leads_entity_search_name_idx').on(t.entityId, t.searchName.op('text_pattern_ops')),
    index('crm_leads_entity_search_company_name_idx').on(t.entityId, t.searchCompanyName.op('text_pattern_ops')),
    index('crm_leads_entity_search_email_idx').on(t.entityId, t.searchEmail.op('text_pattern_ops')),
  ],
);

/** Notes, calls and meetings logged on exactly one client, contact, lead or opportunity. */
export const crmActivities = pgTable(
  'crm_activities',
  {
    ...moduleColumns(),
    type: text('type').notNull(),
    body: text('body').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    authorId: uuid('author_id'),
    /** The author's name when logged: the timeline still reads after the user is deleted. */
    authorName: text('author_name').notNull(),
    clientId: uuid('client_id'),
    contactId: uuid('contact_id'),
    leadId: uuid('lead_id'),
    opportunityId: uuid('opportunity_id'),
  },
  (t) => [
    moduleEntityFk('crm_activities_entity_fk', t),
    foreignKey({ name: 'crm_activities_author_fk', columns: [t.authorId, t.companyId], foreignColumns: [users.id, users.companyId] }),
    foreignKey({ name: 'crm_activities_client_fk', columns: [t.clientId, t.entityId], foreignColumns: [crmClients.id, crmClients.entityId] }).onDelete('cascade'),
    foreignKey({ name: 'crm_activities_contact_fk', columns: [t.contactId, t.entityId], foreignColumns: [crmContacts.id, crmContacts.entityId] }).onDelete('cascade'),
    foreignKey({ name: 'crm_activities_lead_fk', columns: [t.leadId, t.entityId], foreignColumns: [crmLeads.id, crmLeads.entityId] }).onDelete('cascade'),
    foreignKey({
      name: 'crm_activities_opportunity_fk',
      columns: [t.opportunityId, t.entityId],
      foreignColumns: [crmOpportunities.id, crmOpportunities.entityId],
    }).onDelete('cascade'),
    check('crm_activities_type_check', sql`${t.type} in ('note', 'call', 'meeting')`),
    check(
      'crm_activities_one_target_check',
      sql`num_nonnulls(${t.clientId}, ${t.contactId}, ${t.leadId}, ${t.opportunityId}) = 1`,
    ),
    index('crm_activities_client_idx').on(t.clientId, t.occurredAt, t.id),
    index('crm_activities_contact_idx').on(t.contactId, t.occurredAt, t.id),
    index('crm_activities_lead_idx').on(t.leadId, t.occurredAt, t.id),
    index('crm_activities_opportunity_idx').on(t.opportunityId, t.occurredAt, t.id),
  ],
);

// ---- Notifications (issue 33) -------------------------------------------------------------------
// What people hear about: one row per recipient, written in the transaction of the change that
// causes it (platform/notifications.ts), shown and emailed only while the recipient may still read
// what it points to (product at entity). Company tables (row-level security by company, migration
// 0029); the services also filter by the recipient.

export const notificationDigests = pgTable(
  'notification_digests',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The UTC day this digest is for: one per person and day, claimed by inserting this row. */
    day: date('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('notification_digests_user_day_key').on(t.userId, t.day),
    foreignKey({ name: 'notification_digests_user_fk', columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    companyId: uuid('company_id').notNull(),
    /** The recipient. */
    userId: uuid('user_id').notNull(),
    /** Who caused it (never the recipient); kept when they are deleted, as a dangling id. */
    actorId: uuid('actor_id'),
    category: text('category').notNull(),
    title: text('title').notNull(),
    /** The record's path in the web app (`/hrms/leave-requests/…`); emails make it absolute. */
    url: text('url').notNull(),
    /** The product and entity of the record: the recipient must hold the product there to see it. Null: company-wide. */
    product: text('product'),
    entityId: uuid('entity_id'),
    recordType: text('record_type'),
    recordId: uuid('record_id'),
    /** Shown in the app (the recipient's in-app preference when it was written). */
    inApp: boolean('in_app').notNull().default(true),
    /** How it is emailed, from the preference when it was written: immediate, digest, or null (not at all). */
    emailMode: text('email_mode'),
    /** The digest that carried it, once one did. */
    digestId: uuid('digest_id').references(() => notificationDigests.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'notifications_category_check',
      sql`${t.category} in ('leave_requests', 'leave_decisions', 'interviews', 'interview_feedback', 'candidates', 'tasks', 'mentions', 'crm_assignments', 'onboarding', 'timesheets', 'payslips')`,
    ),
    check('notifications_product_check', sql`${t.product} is null or (${t.product} in ('crm', 'ats', 'hrms', 'projects') and ${t.entityId} is not null)`),
    check('notifications_email_mode_check', sql`${t.emailMode} is null or ${t.emailMode} in ('immediate', 'digest')`),
    foreignKey({ name: 'notifications_user_fk', columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
    foreignKey({ name: 'notifications_entity_fk', columns: [t.entityId, t.companyId], foreignColumns: [entities.id, entities.companyId] }).onDelete('cascade'),
    // A person's list, newest first (keyset pages), and their unread count.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null and ${t.inApp}`),
    // The digest job: digest-mode notifications not yet in a digest.
    // A digest's notifications, when its email is composed.
    index('notifications_digest_idx').on(t.digestId).where(sql`${t.digestId} is not null`),
    index('notifications_digest_pending_idx').on(t.userId, t.createdAt).where(sql`${t.emailMode} = 'digest' and ${t.digestId} is null and ${t.readAt} is null`),
  ],
);

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id').notNull(),
    category: text('category').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
    emailMode: text('email_mode').notNull().default('immediate'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'notification_preferences_pkey', columns: [t.userId, t.category] }),
    check(
      'notification_preferences_category_check',
      sql`${t.category} in ('leave_requests', 'leave_decisions', 'interviews', 'interview_feedback', 'candidates', 'tasks', 'mentions', 'crm_assignments', 'onboarding', 'timesheets', 'payslips')`,
    ),
    check('notification_preferences_email_mode_check', sql`${t.emailMode} in ('immediate', 'digest')`),
    foreignKey({ name: 'notification_preferences_user_fk', columns: [t.userId, t.companyId], foreignColumns: [users.id, users.companyId] }).onDelete('cascade'),
  ],
);
// ---- end of notifications ------------------------------------------------------------------------
