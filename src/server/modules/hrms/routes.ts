import { z } from '@hono/zod-openapi';
import { yearParam } from '@/shared/dates';
import {
  EMPLOYEE_CSV_COLUMNS,
  HRMS_MESSAGES,
  awayList,
  balanceList,
  contactInput,
  decisionInput,
  employee,
  employeeDetail,
  employeeCreateInput,
  employeeFilters,
  employeeListQuery,
  employeePage,
  employeeUpdateInput,
  holiday,
  holidayCreateInput,
  holidayList,
  holidayListQuery,
  holidayUpdateInput,
  hrmsDashboard,
  hrmsMe,
  leaveDays as leaveDaysResponse,
  leaveDaysQuery,
  leaveRequest,
  leaveRequestInput,
  leaveRequestListQuery,
  leaveRequestPage,
  leaveType,
  leaveTypeCreateInput,
  leaveTypeUpdateInput,
  myEmployee,
  terminateInput,
} from '@/shared/hrms';
import { entityFilter, moduleContext, MODULE_MESSAGES, versionField } from '@/shared/modules';
import { idParams } from '../../http/params';
import type { SessionUser } from '@/shared/auth';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { defineRoute, errorContent, jsonContent } from '../../http/route';
import { auditContext } from '../../audit/context';
import { createHoliday, deleteHoliday, listHolidays, updateHoliday } from './holidays';
import {
  createEmployee,
  EMPLOYEE_EXPORT_COLUMNS,
  employeeCsvPages,
  getEmployee,
  importEmployees,
  linkableUsers,
  listEmployees,
  terminateEmployee,
  updateContact,
  updateEmployee,
} from './employees';
import {
  balances,
  cancelLeave,
  createLeaveType,
  dashboard,
  decideLeave,
  leaveDays,
  listLeaveRequests,
  listLeaveTypes,
  me,
  requestLeave,
  teamAway,
  updateLeaveType,
  whoIsAway,
} from './leave';
import { hrms } from './module';
import { withAttendanceRoutes } from './attendance-routes';
import { withOnboardingRoutes } from './onboarding-routes';
import { withPayrollRoutes } from './payroll/routes';

/** What an employee's write may answer besides the standard errors (explainEmployeeError, the App Admin rules). */
const employeeErrors = {
  400: errorContent(HRMS_MESSAGES.managerNotFound, HRMS_MESSAGES.userNotFound),
  403: errorContent(HRMS_MESSAGES.managerAdminOnly, MODULE_MESSAGES.appAdminRequired),
  409: errorContent(HRMS_MESSAGES.emailTaken, HRMS_MESSAGES.userTaken),
};

/** Approve and reject: who may decide, and only a pending request. */
const decision = (verdict: 'approved' | 'rejected', summary: string) => ({
  summary,
  body: decisionInput,
  response: leaveRequest,
  errors: { 403: errorContent(HRMS_MESSAGES.cannotDecideOwn, HRMS_MESSAGES.cannotDecide), 409: errorContent(HRMS_MESSAGES.notPending) },
  run: (db: Db, user: SessionUser, id: string, body: { comment: string }, audit: AuditContext) => decideLeave(db, user, id, verdict, body.comment, audit),
});

export const hrmsRoutes = withAttendanceRoutes(withOnboardingRoutes(withPayrollRoutes(hrms.routes())))
  .context(moduleContext, 'HRMS: the entities where the caller holds HRMS, with their role')
  .get('/me', 'The Employee Portal: the signed-in user’s current employee records (no grant needed), with contact details and whether they manage anyone', z.object({}), hrmsMe, (db, user) => me(db, user))
  .get('/me/away', 'The Employee Portal: who on the signed-in user’s team (managers, peers, reports) is away today through the next 13 days', z.object({}), awayList, (db, user) => teamAway(db, user))
  .records('me', {
    noun: 'own employee record',
    notFound: HRMS_MESSAGES.employeeNotFound,
    update: {
      summary: 'The signed-in employee corrects their own personal contact details (personal email, phone, address); any other record is 404',
      body: contactInput,
      response: myEmployee,
      run: updateContact,
    },
  })
  .get('/dashboard', 'HRMS dashboard figures for one entity or all of the caller’s', entityFilter, hrmsDashboard, (db, user, query) => dashboard(db, user, query.entityId))
  .get('/away', 'Who is away: approved leave from today through the next 13 days', entityFilter, awayList, (db, user, query) => whoIsAway(db, user, query.entityId))
  .get(
    '/leave/days',
    'The working days a leave request would use for an employee: weekends and their entity’s public and company holidays not counted, half days 0.5',
    leaveDaysQuery,
    leaveDaysResponse,
    leaveDays,
  )
  .get(
    '/user-options',
    'Users an App Admin may link to an employee of the entity',
    z.object({ entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }) }),
    z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })) }),
    (db, user, query) => linkableUsers(db, user, query.entityId),
  )
  .records('employees', {
    noun: 'employee',
    notFound: HRMS_MESSAGES.employeeNotFound,
    list: { summary: 'Employee directory: keyset pages, sorting, search, department and status filters', query: employeeListQuery, page: employeePage, run: listEmployees },
    export: { filters: employeeFilters, columns: EMPLOYEE_EXPORT_COLUMNS, run: employeeCsvPages },
    import: { columns: EMPLOYEE_CSV_COLUMNS, run: importEmployees },
    create: {
      summary: 'Add an employee (Member or App Admin; linking a user or naming a manager: App Admin)',
      body: employeeCreateInput,
      response: employee,
      errors: employeeErrors,
      run: createEmployee,
    },
    get: {
      summary: 'One employee with their direct reports: for HR staff, the employee themselves and their manager (personal contact details: HR and the employee)',
      response: employeeDetail,
      run: getEmployee,
    },
    update: {
      summary: 'Edit an employee (send the version you read; 409 when it changed since; linking a user or changing the manager: App Admin)',
      body: employeeUpdateInput,
      response: employee,
      errors: { ...employeeErrors, 400: errorContent(HRMS_MESSAGES.managerCycle, HRMS_MESSAGES.managerNotFound, HRMS_MESSAGES.userNotFound) },
      run: updateEmployee,
    },
    actions: {
      terminate: {
        summary: 'End an employment on a last day (today, past or ahead: Active until then); the record is kept (App Admin)',
        body: terminateInput,
        response: employee,
        versioned: true,
        errors: { 400: errorContent(HRMS_MESSAGES.endBeforeStart), 409: errorContent(HRMS_MESSAGES.alreadyTerminated) },
        run: terminateEmployee,
      },
      balances: {
        method: 'get',
        summary: 'Leave balances per type for a year (default: this year): entitlement pro-rated to the employment, accrual, carry-over and its expiry, days per status',
        query: z.object({ year: yearParam.optional() }),
        response: balanceList,
        run: (db, user, id, query: { year?: number }) => balances(db, user, id, query.year ?? new Date().getUTCFullYear()),
      },
    },
  })
  .records('leave-types', {
    noun: 'leave type',
    notFound: HRMS_MESSAGES.leaveTypeNotFound,
    list: {
      summary: 'Leave types of the caller’s entities (defaults made on an entity’s first use)',
      query: entityFilter,
      page: z.object({ items: z.array(leaveType) }),
      run: (db, user, query: { entityId?: string }) => listLeaveTypes(db, user, query.entityId),
    },
    create: { summary: 'Add a leave type (App Admin)', body: leaveTypeCreateInput, response: leaveType, errors: { 409: errorContent(HRMS_MESSAGES.leaveTypeTaken) }, run: createLeaveType },
    update: {
      summary: 'Rename a leave type or change its allowance and policy: accrual, carry-over, its expiry, half days (App Admin)',
      body: leaveTypeUpdateInput,
      response: leaveType,
      errors: { 409: errorContent(HRMS_MESSAGES.leaveTypeTaken) },
      run: updateLeaveType,
    },
  })
  .records('leave-requests', {
    noun: 'leave request',
    notFound: HRMS_MESSAGES.requestNotFound,
    list: { summary: 'Leave requests, newest first', query: leaveRequestListQuery, page: leaveRequestPage, run: listLeaveRequests },
    create: {
      summary: 'Request leave (for oneself, any linked employee, no grant needed; an App Admin may name an employee)',
      body: leaveRequestInput,
      response: leaveRequest,
      errors: {
        400: errorContent(HRMS_MESSAGES.notLinked, HRMS_MESSAGES.terminatedEmployee, HRMS_MESSAGES.afterLastDay, HRMS_MESSAGES.noWorkingDays, HRMS_MESSAGES.halfDaysNotAllowed),
        403: errorContent(HRMS_MESSAGES.onlyOwnLeave),
        404: errorContent(HRMS_MESSAGES.leaveTypeNotFound, HRMS_MESSAGES.employeeNotFound),
        409: errorContent(HRMS_MESSAGES.overlap),
      },
      run: requestLeave,
    },
    actions: {
      approve: decision('approved', 'Approve a pending request (HR: Member or App Admin; or the employee’s manager, no grant needed); never one’s own'),
      reject: decision('rejected', 'Reject a pending request (HR: Member or App Admin; or the employee’s manager, no grant needed); never one’s own'),
      cancel: {
        summary: 'Cancel a request (the requester while pending; an App Admin also once approved)',
        body: z.object({}).strict(),
        response: leaveRequest,
        errors: { 403: errorContent(HRMS_MESSAGES.cannotCancel), 409: errorContent(HRMS_MESSAGES.cannotCancelNow) },
        run: (db, user, id, _body, audit) => cancelLeave(db, user, id, audit),
      },
    },
  })
  .records('holidays', {
    noun: 'holiday',
    notFound: HRMS_MESSAGES.holidayNotFound,
    list: {
      summary: 'An entity’s holidays of a year: its country’s public holidays (read only) and the company’s own',
      query: holidayListQuery,
      page: holidayList,
      run: listHolidays,
    },
    create: { summary: 'Add a company holiday to an entity (App Admin)', body: holidayCreateInput, response: holiday, errors: { 409: errorContent(HRMS_MESSAGES.holidayTaken) }, run: createHoliday },
    update: { summary: 'Change a company holiday (App Admin)', body: holidayUpdateInput, response: holiday, errors: { 409: errorContent(HRMS_MESSAGES.holidayTaken) }, run: updateHoliday },
  })
  .route(
    defineRoute('user', {
      method: 'delete',
      path: '/hrms/holidays/{id}',
      tags: hrms.tags,
      summary: 'Delete a company holiday (App Admin; send the version you read). Requests already made keep their count.',
      request: { params: idParams, query: z.object({ version: z.coerce.number({ error: MODULE_MESSAGES.versionInvalid }).pipe(versionField) }) },
      responses: { 200: jsonContent(holiday), ...hrms.errors.withVersion({ 404: errorContent(HRMS_MESSAGES.holidayNotFound) }) },
    }),
    async (c) => {
      const { version } = c.req.valid('query' as never) as { version: number };
      const id = hrms.id(c.req.param('id') ?? '', HRMS_MESSAGES.holidayNotFound);
      return c.json(await deleteHoliday(c.get('database').db, c.get('user'), id, version, auditContext(c)), 200);
    },
  ).app;
