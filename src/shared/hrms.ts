import { z } from 'zod';
import { yearParam } from './dates';
import { entityFilter, isoDate, moduleTextRules, versionField } from './modules';
import { cursorParam, MAX_PAGE_SIZE } from './pagination';
import { multilineText, nameText, optionalNameText, optionalPlainText, plainText } from './text';

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contractor'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contractor: 'Contractor',
};

/**
 * An employee's status on a day, derived from their dates (the server's today: see
 * employees.ts, statusOf): Starting before the start date, Terminated after the last day (the end
 * date), On Leave on a day of approved leave, else Active. A leaver is Active (or On Leave) until
 * their last day, and a hire is not Active before their first.
 */
export const EMPLOYEE_STATUSES = ['active', 'on_leave', 'starting', 'terminated'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const EMPLOYEE_STATUS_LABELS: Record<EmployeeStatus, string> = { active: 'Active', on_leave: 'On Leave', starting: 'Starting', terminated: 'Terminated' };

export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const LEAVE_STATUS_LABELS: Record<LeaveStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/**
 * How a leave type's yearly allowance reaches an employee: all of it at the year's start (or their
 * start date), or a twelfth each month. Either way it is pro-rated to the part of the year they are
 * employed, to the nearest half day (see leave-policy.ts on the server).
 */
export const ACCRUALS = ['yearly', 'monthly'] as const;
export type Accrual = (typeof ACCRUALS)[number];
export const ACCRUAL_LABELS: Record<Accrual, string> = { yearly: 'Granted at the year’s start', monthly: 'Accrued monthly' };

/** Created for an entity on its first use of HRMS. 0 days means unlimited; no carry-over, half days allowed. */
export const DEFAULT_LEAVE_TYPES = [
  { name: 'Annual', allowanceDays: 20 },
  { name: 'Sick', allowanceDays: 10 },
  { name: 'Unpaid', allowanceDays: 0 },
] as const;

export const HRMS_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Work email is required',
  invalidEmail: 'Please enter a valid email',
  employmentTypeRequired: 'Choose an employment type',
  startDateRequired: 'Start date is required (YYYY-MM-DD)',
  // The same words whoever holds the address, in the caller's entities or not: see explainEmployeeError.
  emailTaken: 'This work email is already in use. Enter a different one.',
  employeeNotFound: 'Employee not found',
  managerNotFound: 'The manager must be an employee of the same entity.',
  managerCycle: 'An employee cannot report to themselves or to one of their own reports.',
  managerAdminOnly: 'Only an App Admin can set or change who an employee reports to.',
  userNotFound: 'The linked user must be a user of your company.',
  userTaken: 'This user is already linked to another employee in this entity.',
  alreadyTerminated: 'This employee is already terminated.',
  afterLastDay: 'Leave cannot go past the employee’s last day.',
  endDateRequired: 'End date is required',
  endBeforeStart: 'The end date cannot be before the start date.',
  employeeCreated: 'Employee added successfully',
  employeeUpdated: 'Employee updated successfully',
  // The form's own words when the API's answer is not a sentence for the user (see formErrors).
  employeeAddFailed: 'Failed to add employee. Please try again.',
  employeeUpdateFailed: 'Failed to update employee. Please try again.',
  employeeTerminated: 'Employee terminated',
  leaveTypeNameRequired: 'Leave type name is required',
  allowanceInvalid: 'Allowance must be a whole number of days from 0 to 366 (0 means unlimited).',
  accrualInvalid: 'Choose how the allowance is given: granted at the year’s start or accrued monthly.',
  carryOverInvalid: 'Carry-over must be a whole number of days from 0 to 366 (0 means none).',
  carryOverExpiryInvalid: 'Carried-over days expire after 1 to 12 months, or leave it empty to keep them all year.',
  halfDaysNotAllowed: 'This leave type is taken in whole days only.',
  tooLong: 'A leave request can cover at most 366 days. Split longer leave into several requests.',
  holidayNameRequired: 'Holiday name is required',
  holidayDateRequired: 'Date is required (YYYY-MM-DD)',
  holidayTaken: 'This entity already has a company holiday on that date.',
  holidayNotFound: 'Holiday not found',
  holidayCreated: 'Holiday added',
  holidayUpdated: 'Holiday updated',
  holidayDeleted: 'Holiday deleted',
  leaveTypeTaken: 'A leave type with this name already exists in this entity.',
  leaveTypeNotFound: 'Leave type not found',
  leaveTypeCreated: 'Leave type created',
  leaveTypeUpdated: 'Leave type updated',
  leaveTypeRequired: 'Choose a leave type',
  firstDayRequired: 'First day is required',
  lastDayRequired: 'Last day is required',
  lastBeforeFirst: 'The last day cannot be before the first day.',
  oneHalfDay: 'A one-day leave can be a half day only once.',
  noWorkingDays: 'The selected days include no working days (weekends and public or company holidays are not counted).',
  overlap: 'This leave overlaps another pending or approved request of this employee.',
  notLinked: 'Your user account is not linked to an employee record in this entity. Ask an App Admin to link it.',
  terminatedEmployee: 'A terminated employee cannot request leave.',
  onlyOwnLeave: 'Only an App Admin can request leave for another employee.',
  requestNotFound: 'Leave request not found',
  notPending: 'This request has already been decided or cancelled.',
  cannotDecide: 'Only HR staff (Member or App Admin) or the employee’s manager can approve or reject this request.',
  cannotDecideOwn: 'You cannot approve or reject your own leave request.',
  cannotCancel: 'Only the requester can cancel a pending request; an App Admin can cancel it later.',
  cannotCancelNow: 'Only pending or approved requests can be cancelled.',
  leaveRequested: 'Leave requested',
  leaveApproved: 'Leave approved',
  leaveRejected: 'Leave rejected',
  leaveCancelled: 'Leave cancelled',
  invalidPersonalEmail: 'Please enter a valid personal email, or leave it empty',
  contactUpdated: 'Contact details updated',
  contactUpdateFailed: 'Failed to update your contact details. Please try again.',
  userLinked: 'User account linked',
} as const;

/** The message for a request beyond the balance: the type, what remains and what was asked. */
export const insufficientBalance = (type: string, remaining: number, requested: number) =>
  `Not enough ${type} leave: ${formatDays(remaining)} remaining, ${formatDays(requested)} requested.`;

export const formatDays = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

const name = (message: string) => nameText({ required: message, ...moduleTextRules(100) });
/** The shared email rule (as for users), with the HRMS messages. */
const workEmail = plainText({ required: HRMS_MESSAGES.emailRequired, max: 254, maxMessage: HRMS_MESSAGES.invalidEmail, invalid: HRMS_MESSAGES.invalidEmail })
  .toLowerCase()
  .pipe(z.email({ error: HRMS_MESSAGES.invalidEmail }));
/** A job title or department: name rules (NFKC, no invisible characters), may be empty. */
const label = () => optionalNameText(moduleTextRules(100));
const note = () => optionalPlainText(moduleTextRules(500));

const employeeFields = {
  firstName: name(HRMS_MESSAGES.firstNameRequired),
  lastName: name(HRMS_MESSAGES.lastNameRequired),
  workEmail,
  jobTitle: label().default(''),
  department: label().default(''),
  managerId: z.uuid({ error: HRMS_MESSAGES.managerNotFound }).nullable().default(null),
  employmentType: z.enum(EMPLOYMENT_TYPES, { error: HRMS_MESSAGES.employmentTypeRequired }),
  startDate: isoDate(HRMS_MESSAGES.startDateRequired),
  userId: z.uuid({ error: HRMS_MESSAGES.userNotFound }).nullable().default(null),
};

export const employeeCreateInput = z.object({ entityId: z.uuid({ error: 'Choose an entity' }), ...employeeFields }).strict();
export type EmployeeCreateInput = z.input<typeof employeeCreateInput>;

/**
 * Personal contact details ('' when not given): the employee corrects them in the Employee Portal,
 * HR (Member and up) on the employee's edit form. Never in the directory.
 */
const personalEmail = optionalPlainText({ max: 254, maxMessage: HRMS_MESSAGES.invalidPersonalEmail })
  .toLowerCase()
  .pipe(z.union([z.literal(''), z.email({ error: HRMS_MESSAGES.invalidPersonalEmail })]));
const personalContactFields = {
  personalEmail: personalEmail.optional(),
  phone: optionalPlainText(moduleTextRules(50)).optional(),
  address: multilineText(moduleTextRules(500)).optional(),
};

export const employeeUpdateInput = z
  .object({
    firstName: employeeFields.firstName.optional(),
    lastName: employeeFields.lastName.optional(),
    workEmail: workEmail.optional(),
    jobTitle: label().optional(),
    department: label().optional(),
    managerId: z.uuid({ error: HRMS_MESSAGES.managerNotFound }).nullable().optional(),
    employmentType: employeeFields.employmentType.optional(),
    startDate: employeeFields.startDate.optional(),
    userId: z.uuid({ error: HRMS_MESSAGES.userNotFound }).nullable().optional(),
    ...personalContactFields,
    version: versionField,
  })
  .strict();
export type EmployeeUpdateInput = z.input<typeof employeeUpdateInput>;

export const terminateInput = z.object({ endDate: isoDate(HRMS_MESSAGES.endDateRequired), version: versionField }).strict();

export const employee = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  entityName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  workEmail: z.string(),
  jobTitle: z.string(),
  department: z.string(),
  managerId: z.uuid().nullable(),
  managerName: z.string().nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  startDate: z.string(),
  status: z.enum(EMPLOYEE_STATUSES),
  endDate: z.string().nullable(),
  userId: z.uuid().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Employee = z.infer<typeof employee>;

export const EMPLOYEE_SORTS = ['name', 'startDate', 'createdAt'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

const limit = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);

export const employeeFilters = entityFilter.extend({
  q: optionalPlainText(moduleTextRules(100)).optional(),
  department: label().optional(),
  status: z.enum(EMPLOYEE_STATUSES).optional(),
  sort: z.enum(EMPLOYEE_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export const employeeListQuery = employeeFilters.extend({ limit: limit.default(25), cursor: cursorParam(2000).optional() });
export type EmployeeListQuery = z.infer<typeof employeeListQuery>;

export const employeePage = z.object({ items: z.array(employee), nextCursor: z.string().nullable() });
export type EmployeePage = z.infer<typeof employeePage>;

export const leaveType = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  name: z.string(),
  /** Days per full year; 0 means unlimited. */
  allowanceDays: z.number().int(),
  accrual: z.enum(ACCRUALS),
  /** The most unused days that move to the next year; 0: none. */
  carryOverDays: z.number().int(),
  /** Carried-over days not taken within this many months of the new year are lost; null: kept all year. */
  carryOverExpiryMonths: z.number().int().nullable(),
  halfDays: z.boolean(),
  version: z.number().int(),
});
export type LeaveType = z.infer<typeof leaveType>;

const wholeDays = (message: string) => z.number({ error: message }).int(message).min(0, message).max(366, message);
const leaveTypeFields = {
  name: nameText({ required: HRMS_MESSAGES.leaveTypeNameRequired, ...moduleTextRules(50) }),
  allowanceDays: wholeDays(HRMS_MESSAGES.allowanceInvalid),
  accrual: z.enum(ACCRUALS, { error: HRMS_MESSAGES.accrualInvalid }),
  carryOverDays: wholeDays(HRMS_MESSAGES.carryOverInvalid),
  carryOverExpiryMonths: z
    .number({ error: HRMS_MESSAGES.carryOverExpiryInvalid })
    .int(HRMS_MESSAGES.carryOverExpiryInvalid)
    .min(1, HRMS_MESSAGES.carryOverExpiryInvalid)
    .max(12, HRMS_MESSAGES.carryOverExpiryInvalid)
    .nullable(),
  halfDays: z.boolean(),
};
/** A new type: a name and an allowance; the policy defaults to granted yearly, no carry-over, half days allowed. */
export const leaveTypeCreateInput = z
  .object({
    entityId: z.uuid({ error: 'Choose an entity' }),
    ...leaveTypeFields,
    accrual: leaveTypeFields.accrual.default('yearly'),
    carryOverDays: leaveTypeFields.carryOverDays.default(0),
    carryOverExpiryMonths: leaveTypeFields.carryOverExpiryMonths.default(null),
    halfDays: leaveTypeFields.halfDays.default(true),
  })
  .strict();
export const leaveTypeUpdateInput = z
  .object({
    name: leaveTypeFields.name.optional(),
    allowanceDays: leaveTypeFields.allowanceDays.optional(),
    accrual: leaveTypeFields.accrual.optional(),
    carryOverDays: leaveTypeFields.carryOverDays.optional(),
    carryOverExpiryMonths: leaveTypeFields.carryOverExpiryMonths.optional(),
    halfDays: leaveTypeFields.halfDays.optional(),
    version: versionField,
  })
  .strict();
export type LeaveTypeCreateInput = z.input<typeof leaveTypeCreateInput>;
export type LeaveTypeUpdateInput = z.input<typeof leaveTypeUpdateInput>;

export const leaveRequestInput = z
  .object({
    employeeId: z.uuid({ error: HRMS_MESSAGES.employeeNotFound }).optional(),
    leaveTypeId: z.uuid({ error: HRMS_MESSAGES.leaveTypeRequired }),
    startDate: isoDate(HRMS_MESSAGES.firstDayRequired),
    endDate: isoDate(HRMS_MESSAGES.lastDayRequired),
    startHalf: z.boolean().default(false),
    endHalf: z.boolean().default(false),
    reason: note().default(''),
  })
  .strict()
  .refine((v) => v.endDate >= v.startDate, { message: HRMS_MESSAGES.lastBeforeFirst, path: ['endDate'] })
  .refine((v) => daysBetween(v.startDate, v.endDate) < 366, { message: HRMS_MESSAGES.tooLong, path: ['endDate'] })
  .refine((v) => !(v.startDate === v.endDate && v.startHalf && v.endHalf), { message: HRMS_MESSAGES.oneHalfDay, path: ['endHalf'] });
export type LeaveRequestInput = z.input<typeof leaveRequestInput>;

export const decisionInput = z.object({ comment: note().default('') }).strict();

export const leaveRequest = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  leaveTypeId: z.uuid(),
  leaveTypeName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startHalf: z.boolean(),
  endHalf: z.boolean(),
  days: z.number(),
  reason: z.string(),
  status: z.enum(LEAVE_STATUSES),
  decisionComment: z.string(),
  decidedAt: z.string().nullable(),
  /** What the caller may do with it now. */
  canDecide: z.boolean(),
  canCancel: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type LeaveRequest = z.infer<typeof leaveRequest>;

export const leaveRequestListQuery = entityFilter.extend({
  status: z.enum(LEAVE_STATUSES).optional(),
  employeeId: z.uuid().optional(),
  mine: z.enum(['true', 'false']).optional(),
  limit: limit.default(50),
  cursor: cursorParam().optional(),
});
export const leaveRequestPage = z.object({ items: z.array(leaveRequest), nextCursor: z.string().nullable() });

export const balance = z.object({
  leaveTypeId: z.uuid(),
  name: z.string(),
  /** The type's allowance for a full year (0: unlimited). */
  allowanceDays: z.number(),
  /** Approved and pending days of leave in the year (a request over a year end counts each day in its own year). */
  taken: z.number(),
  pending: z.number(),
  /**
   * What is left at the year's end if nothing more is booked: entitlement + carriedOver −
   * expiring − taken − pending. Negative when the allowance was lowered below what is booked.
   * null: unlimited.
   */
  remaining: z.number().nullable(),
  accrual: z.enum(ACCRUALS),
  /** The year's allowance pro-rated to the days employed in it, to the nearest half day. */
  entitlement: z.number(),
  /** Of the entitlement, what has accrued by today (all of it for a past year or a yearly grant; none for a year ahead under monthly accrual). */
  accrued: z.number(),
  /** Unused days brought from the year before (up to the type's cap). */
  carriedOver: z.number(),
  /** The last day carried-over days may be taken; null: kept all year, or nothing carried. */
  carryOverExpiresOn: z.string().nullable(),
  /** Carried-over days not taken by then, so lost (as booked now). */
  expiring: z.number(),
  /** remaining is below zero. */
  overdrawn: z.boolean(),
});
export type Balance = z.infer<typeof balance>;
export const balanceList = z.object({ year: z.number().int(), items: z.array(balance) });

export const away = z.object({
  employeeId: z.uuid(),
  employeeName: z.string(),
  leaveTypeName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number(),
});
export const awayList = z.object({ items: z.array(away) });

export const hrmsDashboard = z.object({
  headcount: z.number().int(),
  newHiresThisMonth: z.number().int(),
  onLeaveToday: z.number().int(),
  pendingRequests: z.number().int(),
  byDepartment: z.array(z.object({ department: z.string(), employees: z.number().int() })),
  upcomingLeave: z.array(away),
});
export type HrmsDashboard = z.infer<typeof hrmsDashboard>;

/** The employee corrects their own personal contact details in the Employee Portal. */
export const contactInput = z.object({ ...personalContactFields, version: versionField }).strict();
export type ContactInput = z.input<typeof contactInput>;
export const personalContact = z.object({ personalEmail: z.string(), phone: z.string(), address: z.string() });
export type PersonalContact = z.infer<typeof personalContact>;

/**
 * Me in HRMS (the Employee Portal): the signed-in user's current employee records, one per
 * entity, each with their personal contact details and whether they manage anyone.
 */
export const myEmployee = employee.extend({ personal: personalContact, hasReports: z.boolean() });
export type MyEmployee = z.infer<typeof myEmployee>;
export const hrmsMe = z.object({ employees: z.array(myEmployee) });
export type HrmsMe = z.infer<typeof hrmsMe>;
/** One employee's page: their reports, and their personal contact details for HR (Member and up) and themselves (null for anyone else). */
export const employeeDetail = employee.extend({ directReports: z.array(employee), personal: personalContact.nullable() });

/** The working days a request would use: `GET /hrms/leave/days`, the dialog's count (the server's count is the truth). */
export const leaveDaysQuery = z
  .object({
    employeeId: z.uuid({ error: HRMS_MESSAGES.employeeNotFound }),
    startDate: isoDate(HRMS_MESSAGES.firstDayRequired),
    endDate: isoDate(HRMS_MESSAGES.lastDayRequired),
    startHalf: z.enum(['true', 'false']).default('false'),
    endHalf: z.enum(['true', 'false']).default('false'),
  })
  .refine((v) => v.endDate >= v.startDate, { message: HRMS_MESSAGES.lastBeforeFirst, path: ['endDate'] })
  .refine((v) => daysBetween(v.startDate, v.endDate) < 366, { message: HRMS_MESSAGES.tooLong, path: ['endDate'] });
export const holidayEntry = z.object({ date: z.string(), name: z.string() });
export const leaveDays = z.object({
  days: z.number(),
  /** Days per calendar year, for a request over a year end. */
  byYear: z.record(z.string(), z.number()),
  /** The public and company holidays on working weekdays in the range: not counted. */
  holidays: z.array(holidayEntry),
});
export type LeaveDays = z.infer<typeof leaveDays>;

/** A day off: from the entity's country (`public`, read only) or added by the company (`company`). */
export const HOLIDAY_SOURCES = ['public', 'company'] as const;
export const holiday = z.object({
  /** null for a public holiday (not a record). */
  id: z.uuid().nullable(),
  entityId: z.uuid(),
  date: z.string(),
  name: z.string(),
  source: z.enum(HOLIDAY_SOURCES),
  version: z.number().int().nullable(),
});
export type Holiday = z.infer<typeof holiday>;
export const holidayListQuery = z.object({ entityId: z.uuid({ error: 'Choose an entity' }), year: yearParam });
export const holidayList = z.object({ year: z.number().int(), country: z.string(), items: z.array(holiday) });
export type HolidayList = z.infer<typeof holidayList>;
const holidayName = nameText({ required: HRMS_MESSAGES.holidayNameRequired, ...moduleTextRules(100) });
export const holidayCreateInput = z.object({ entityId: z.uuid({ error: 'Choose an entity' }), date: isoDate(HRMS_MESSAGES.holidayDateRequired), name: holidayName }).strict();
export const holidayUpdateInput = z.object({ date: isoDate(HRMS_MESSAGES.holidayDateRequired).optional(), name: holidayName.optional(), version: versionField }).strict();
export type HolidayCreateInput = z.input<typeof holidayCreateInput>;
export type HolidayUpdateInput = z.input<typeof holidayUpdateInput>;

/** The import file's columns, in the export's order. */
export const EMPLOYEE_CSV_COLUMNS = ['First Name', 'Last Name', 'Work Email', 'Job Title', 'Department', 'Employment Type', 'Start Date', 'Manager Email'] as const;

/** Whole days from one YYYY-MM-DD to another (0 for the same day). */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
