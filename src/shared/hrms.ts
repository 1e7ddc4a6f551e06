import { z } from 'zod';
import { entityFilter, isoDate, moduleTextRules, versionField } from './modules';
import { cursorParam, MAX_PAGE_SIZE } from './pagination';
import { nameText, optionalNameText, optionalPlainText, plainText } from './text';

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

/** Created for an entity on its first use of HRMS. 0 days means unlimited. */
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
  leaveTypeTaken: 'A leave type with this name already exists in this entity.',
  leaveTypeNotFound: 'Leave type not found',
  leaveTypeCreated: 'Leave type created',
  leaveTypeUpdated: 'Leave type updated',
  leaveTypeRequired: 'Choose a leave type',
  firstDayRequired: 'First day is required',
  lastDayRequired: 'Last day is required',
  lastBeforeFirst: 'The last day cannot be before the first day.',
  spansYears: 'A leave request must start and end in the same year. Split it into two requests.',
  oneHalfDay: 'A one-day leave can be a half day only once.',
  noWorkingDays: 'The selected days include no working days (Saturdays and Sundays are not counted).',
  overlap: 'This leave overlaps another pending or approved request of this employee.',
  notLinked: 'Your user account is not linked to an employee record in this entity. Ask an App Admin to link it.',
  terminatedEmployee: 'A terminated employee cannot request leave.',
  onlyOwnLeave: 'Only an App Admin can request leave for another employee.',
  requestNotFound: 'Leave request not found',
  notPending: 'This request has already been decided or cancelled.',
  cannotDecide: 'Only an App Admin or the employee’s manager can approve or reject this request.',
  cannotDecideOwn: 'You cannot approve or reject your own leave request.',
  cannotCancel: 'Only the requester can cancel a pending request; an App Admin can cancel it later.',
  cannotCancelNow: 'Only pending or approved requests can be cancelled.',
  leaveRequested: 'Leave requested',
  leaveApproved: 'Leave approved',
  leaveRejected: 'Leave rejected',
  leaveCancelled: 'Leave cancelled',
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
  allowanceDays: z.number().int(),
  version: z.number().int(),
});
export type LeaveType = z.infer<typeof leaveType>;

const allowance = z.number({ error: HRMS_MESSAGES.allowanceInvalid }).int(HRMS_MESSAGES.allowanceInvalid).min(0, HRMS_MESSAGES.allowanceInvalid).max(366, HRMS_MESSAGES.allowanceInvalid);
export const leaveTypeCreateInput = z
  .object({ entityId: z.uuid({ error: 'Choose an entity' }), name: nameText({ required: HRMS_MESSAGES.leaveTypeNameRequired, ...moduleTextRules(50) }), allowanceDays: allowance })
  .strict();
export const leaveTypeUpdateInput = z
  .object({ name: nameText({ required: HRMS_MESSAGES.leaveTypeNameRequired, ...moduleTextRules(50) }).optional(), allowanceDays: allowance.optional(), version: versionField })
  .strict();
export type LeaveTypeCreateInput = z.input<typeof leaveTypeCreateInput>;

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
  .refine((v) => v.startDate.slice(0, 4) === v.endDate.slice(0, 4), { message: HRMS_MESSAGES.spansYears, path: ['endDate'] })
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
  allowanceDays: z.number(),
  taken: z.number(),
  pending: z.number(),
  /** null: unlimited. */
  remaining: z.number().nullable(),
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

/** Me in HRMS: the employee records linked to the signed-in user, by entity. */
export const hrmsMe = z.object({ employees: z.array(z.object({ id: z.uuid(), entityId: z.uuid(), name: z.string() })) });

/** The import file's columns, in the export's order. */
export const EMPLOYEE_CSV_COLUMNS = ['First Name', 'Last Name', 'Work Email', 'Job Title', 'Department', 'Employment Type', 'Start Date', 'Manager Email'] as const;

/** Working days (Mon–Fri) from start to end inclusive, less half days. Dates are YYYY-MM-DD. */
export function workingDays(startDate: string, endDate: string, startHalf = false, endHalf = false): number {
  const start = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  let days = 0;
  for (const d = new Date(start); d <= end; d.setUTCDate(d.getUTCDate() + 1)) {
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days++;
  }
  const isWorking = (d: Date) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6;
  if (startHalf && isWorking(start)) days -= 0.5;
  if (endHalf && isWorking(end) && !(startHalf && startDate === endDate)) days -= 0.5;
  return days;
}
