import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    entityId: uuid('entity_id').references(() => entities.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // better-auth looks users up by `email = $1` (emails are stored lowercased).
    index('users_email_idx').on(t.email),
    unique('users_id_company_id_key').on(t.id, t.companyId),
    check('users_role_check', sql`${t.role} in ('super_admin', 'user')`),
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
    index('hrms_employees_entity_name_idx').on(t.entityId, t.lastName, t.firstName, t.id),
    index('hrms_employees_company_name_idx').on(t.companyId, t.lastName, t.firstName, t.id),
    index('hrms_employees_entity_created_idx').on(t.entityId, t.createdAt.desc(), t.id.desc()),
    index('hrms_employees_manager_idx').on(t.managerId),
    index('hrms_employees_user_idx').on(t.userId),
  ],
);

export const hrmsLeaveTypes = pgTable(
  'hrms_leave_types',
  {
    ...moduleColumns(),
    name: text('name').notNull(),
    /** Days per calendar year; 0 means unlimited. */
    allowanceDays: integer('allowance_days').notNull(),
  },
  (t) => [
    moduleEntityFk('hrms_leave_types_entity_fk', t),
    unique('hrms_leave_types_id_entity_id_key').on(t.id, t.entityId),
    uniqueIndex('hrms_leave_types_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
    check('hrms_leave_types_allowance_check', sql`${t.allowanceDays} between 0 and 366`),
  ],
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
    index('hrms_leave_requests_entity_created_idx').on(t.entityId, t.createdAt.desc(), t.id.desc()),
    index('hrms_leave_requests_entity_dates_idx').on(t.entityId, t.startDate, t.endDate),
  ],
);
