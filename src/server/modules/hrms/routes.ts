import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  EMPLOYEE_CSV_COLUMNS,
  HRMS_MESSAGES,
  awayList,
  balanceList,
  decisionInput,
  employee,
  employeeCreateInput,
  employeeFilters,
  employeeListQuery,
  employeePage,
  employeeUpdateInput,
  hrmsDashboard,
  hrmsMe,
  leaveRequest,
  leaveRequestInput,
  leaveRequestListQuery,
  leaveRequestPage,
  leaveType,
  leaveTypeCreateInput,
  leaveTypeUpdateInput,
  terminateInput,
} from '@/shared/hrms';
import { entityFilter, importInput, importReport, moduleContext as moduleContextSchema, MODULE_MESSAGES } from '@/shared/modules';
import { yearParam } from '@/shared/dates';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { notFound } from '../../http/errors';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { csvResponse } from '../../platform/csv';
import { moduleContext } from '../../platform/context';
import {
  createEmployee,
  EMPLOYEE_EXPORT_COLUMNS,
  employeeCsvPages,
  getEmployee,
  importEmployees,
  linkableUsers,
  listEmployees,
  terminateEmployee,
  updateEmployee,
} from './employees';
import {
  balances,
  cancelLeave,
  createLeaveType,
  dashboard,
  decideLeave,
  listLeaveRequests,
  listLeaveTypes,
  me,
  requestLeave,
  updateLeaveType,
  whoIsAway,
} from './leave';

// Every HRMS route is a signed-in route; the product and role rules are withModuleScope's (403/404).
const scoped = { 403: errorContent(MODULE_MESSAGES.noAccess), 404: errorContent('Not found in your scope') };
const withVersion = { ...scoped, 409: errorContent(MODULE_MESSAGES.staleVersion) };

/** A path id that is not a uuid names nothing: 404, like another entity's record. */
const uuidParam = (id: string, message: string) => {
  if (!isUuid(id)) throw notFound(message);
  return id.toLowerCase();
};

const context = defineRoute('user', {
  method: 'get',
  path: '/hrms/context',
  tags: ['HRMS'],
  summary: 'HRMS: the entities where the caller holds HRMS, with their role',
  responses: { 200: jsonContent(moduleContextSchema), ...scoped },
});
const meRoute = defineRoute('user', {
  method: 'get',
  path: '/hrms/me',
  tags: ['HRMS'],
  summary: 'HRMS: the employee records linked to the signed-in user',
  responses: { 200: jsonContent(hrmsMe), ...scoped },
});
const dashboardRoute = defineRoute('user', {
  method: 'get',
  path: '/hrms/dashboard',
  tags: ['HRMS'],
  summary: 'HRMS dashboard figures for one entity or all of the caller’s',
  request: { query: entityFilter },
  responses: { 200: jsonContent(hrmsDashboard), ...scoped },
});
const listEmployeesRoute = defineRoute('user', {
  method: 'get',
  path: '/hrms/employees',
  tags: ['HRMS'],
  summary: 'Employee directory: keyset pages, sorting, search, department and status filters',
  request: { query: employeeListQuery },
  responses: { 200: jsonContent(employeePage), ...scoped },
});
const exportEmployeesRoute = defineRoute('user', {
  method: 'get',
  path: '/hrms/employees/export',
  tags: ['HRMS'],
  summary: 'The directory under the same filters as CSV (streamed)',
  request: { query: employeeFilters },
  responses: {
    200: {
      content: { 'text/csv': { schema: z.string().meta({ description: `CSV: a header row (${EMPLOYEE_CSV_COLUMNS.join(', ')}), then one employee per row` }) } },
      description: 'CSV, one employee per row, with a header row',
    },
    ...scoped,
  },
});
const importEmployeesRoute = defineRoute('user', {
  method: 'post',
  path: '/hrms/employees/import',
  tags: ['HRMS'],
  summary: 'Import employees from CSV into one entity; a per-row report (Member or App Admin; the Manager Email column: App Admin)',
  request: { body: jsonBody(importInput) },
  responses: { 200: jsonContent(importReport), ...scoped },
});
const createEmployeeRoute = defineRoute('user', {
  method: 'post',
  path: '/hrms/employees',
  tags: ['HRMS'],
  summary: 'Add an employee (Member or App Admin; linking a user or naming a manager: App Admin)',
  request: { body: jsonBody(employeeCreateInput) },
  responses: { 201: jsonContent(employee, 'Created'), ...scoped, 409: errorContent(HRMS_MESSAGES.emailTaken) },
});
const getEmployeeRoute = defineRoute('user', {
  method: 'get',
  path: '/hrms/employees/{id}',
  tags: ['HRMS'],
  summary: 'One employee with their direct reports',
  request: { params: idParams },
  responses: { 200: jsonContent(employee.extend({ directReports: z.array(employee) })), ...scoped },
});
const updateEmployeeRoute = defineRoute('user', {
  method: 'patch',
  path: '/hrms/employees/{id}',
  tags: ['HRMS'],
  summary: 'Edit an employee (send the version you read; 409 when it changed since; linking a user or changing the manager: App Admin)',
  request: { params: idParams, body: jsonBody(employeeUpdateInput) },
  responses: { 200: jsonContent(employee), ...withVersion, 400: errorContent(HRMS_MESSAGES.managerCycle, HRMS_MESSAGES.managerNotFound) },
});
const terminateRoute = defineRoute('user', {
  method: 'post',
  path: '/hrms/employees/{id}/terminate',
  tags: ['HRMS'],
  summary: 'End an employment on a last day (today, past or ahead: Active until then); the record is kept',
  request: { params: idParams, body: jsonBody(terminateInput) },
  responses: { 200: jsonContent(employee), ...withVersion },
});
const balancesRoute = defineRoute('user', {
  method: 'get',
  path: '/hrms/employees/{id}/balances',
  tags: ['HRMS'],
  summary: 'Leave balances per type for a year (default: this year)',
  request: { params: idParams, query: z.object({ year: yearParam.optional() }) },
  responses: { 200: jsonContent(balanceList), ...scoped },
});
const userOptionsRoute = defineRoute('user', {
  method: 'get',
  path: '/hrms/user-options',
  tags: ['HRMS'],
  summary: 'Users an App Admin may link to an employee of the entity',
  request: { query: z.object({ entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }) }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })) })),
    ...scoped,
  },
});
const listLeaveTypesRoute = defineRoute('user', {
  method: 'get',
  path: '/hrms/leave-types',
  tags: ['HRMS'],
  summary: 'Leave types of the caller’s entities (defaults made on an entity’s first use)',
  request: { query: entityFilter },
  responses: { 200: jsonContent(z.object({ items: z.array(leaveType) })), ...scoped },
});
const createLeaveTypeRoute = defineRoute('user', {
  method: 'post',
  path: '/hrms/leave-types',
  tags: ['HRMS'],
  summary: 'Add a leave type (App Admin)',
  request: { body: jsonBody(leaveTypeCreateInput) },
  responses: { 201: jsonContent(leaveType, 'Created'), ...scoped, 409: errorContent(HRMS_MESSAGES.leaveTypeTaken) },
});
const updateLeaveTypeRoute = defineRoute('user', {
  method: 'patch',
  path: '/hrms/leave-types/{id}',
  tags: ['HRMS'],
  summary: 'Rename a leave type or change its allowance (App Admin)',
  request: { params: idParams, body: jsonBody(leaveTypeUpdateInput) },
  responses: { 200: jsonContent(leaveType), ...withVersion },
});
const listRequestsRoute = defineRoute('user', {
  method: 'get',
  path: '/hrms/leave-requests',
  tags: ['HRMS'],
  summary: 'Leave requests, newest first',
  request: { query: leaveRequestListQuery },
  responses: { 200: jsonContent(leaveRequestPage), ...scoped },
});
const createRequestRoute = defineRoute('user', {
  method: 'post',
  path: '/hrms/leave-requests',
  tags: ['HRMS'],
  summary: 'Request leave (for oneself; an App Admin may name an employee)',
  request: { body: jsonBody(leaveRequestInput) },
  responses: { 201: jsonContent(leaveRequest, 'Created'), ...scoped, 409: errorContent(HRMS_MESSAGES.overlap) },
});
const decision = (path: '/hrms/leave-requests/{id}/approve' | '/hrms/leave-requests/{id}/reject', summary: string) =>
  defineRoute('user', {
    method: 'post',
    path,
    tags: ['HRMS'],
    summary,
    request: { params: idParams, body: jsonBody(decisionInput) },
    responses: { 200: jsonContent(leaveRequest), ...scoped, 409: errorContent(HRMS_MESSAGES.notPending) },
  });
const approveRoute = decision('/hrms/leave-requests/{id}/approve', 'Approve a pending request (App Admin or the employee’s manager)');
const rejectRoute = decision('/hrms/leave-requests/{id}/reject', 'Reject a pending request (App Admin or the employee’s manager)');
const cancelRoute = defineRoute('user', {
  method: 'post',
  path: '/hrms/leave-requests/{id}/cancel',
  tags: ['HRMS'],
  summary: 'Cancel a request (the requester while pending; an App Admin also once approved)',
  request: { params: idParams, body: jsonBody(z.object({}).strict()) },
  responses: { 200: jsonContent(leaveRequest), ...scoped, 409: errorContent(HRMS_MESSAGES.cannotCancelNow) },
});
const awayRoute = defineRoute('user', {
  method: 'get',
  path: '/hrms/away',
  tags: ['HRMS'],
  summary: 'Who is away: approved leave from today through the next 13 days',
  request: { query: entityFilter },
  responses: { 200: jsonContent(awayList), ...scoped },
});

export const hrmsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(context, async (c) => c.json(await moduleContext(c.get('database').db, c.get('user'), 'hrms'), 200))
  .openapi(meRoute, async (c) => c.json(await me(c.get('database').db, c.get('user')), 200))
  .openapi(dashboardRoute, async (c) => c.json(await dashboard(c.get('database').db, c.get('user'), c.req.valid('query').entityId), 200))
  .openapi(listEmployeesRoute, async (c) => c.json(await listEmployees(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  // Before /hrms/employees/{id}, which would otherwise take "export" as an id.
  .openapi(exportEmployeesRoute, async (c) => {
    const db = c.get('database').db;
    const user = c.get('user');
    const query = c.req.valid('query');
    // The first page is read before answering, so a refusal (403, 404) is a status, not a broken download.
    const pages = employeeCsvPages(db, user, query);
    const first = await pages.next();
    return csvResponse('employees.csv', EMPLOYEE_EXPORT_COLUMNS, async function* () {
      if (!first.done) yield first.value;
      yield* pages;
    }) as never;
  })
  .openapi(importEmployeesRoute, async (c) => c.json(await importEmployees(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 200))
  .openapi(createEmployeeRoute, async (c) => c.json(await createEmployee(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getEmployeeRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, HRMS_MESSAGES.employeeNotFound);
    return c.json(await getEmployee(c.get('database').db, c.get('user'), id), 200);
  })
  .openapi(updateEmployeeRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, HRMS_MESSAGES.employeeNotFound);
    return c.json(await updateEmployee(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(terminateRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, HRMS_MESSAGES.employeeNotFound);
    return c.json(await terminateEmployee(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(balancesRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, HRMS_MESSAGES.employeeNotFound);
    const year = c.req.valid('query').year ?? new Date().getUTCFullYear();
    return c.json(await balances(c.get('database').db, c.get('user'), id, year), 200);
  })
  .openapi(userOptionsRoute, async (c) => c.json(await linkableUsers(c.get('database').db, c.get('user'), c.req.valid('query').entityId), 200))
  .openapi(listLeaveTypesRoute, async (c) => c.json(await listLeaveTypes(c.get('database').db, c.get('user'), c.req.valid('query').entityId), 200))
  .openapi(createLeaveTypeRoute, async (c) => c.json(await createLeaveType(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(updateLeaveTypeRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, HRMS_MESSAGES.leaveTypeNotFound);
    return c.json(await updateLeaveType(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(listRequestsRoute, async (c) => c.json(await listLeaveRequests(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(createRequestRoute, async (c) => c.json(await requestLeave(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(approveRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, HRMS_MESSAGES.requestNotFound);
    return c.json(await decideLeave(c.get('database').db, c.get('user'), id, 'approved', c.req.valid('json').comment, auditContext(c)), 200);
  })
  .openapi(rejectRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, HRMS_MESSAGES.requestNotFound);
    return c.json(await decideLeave(c.get('database').db, c.get('user'), id, 'rejected', c.req.valid('json').comment, auditContext(c)), 200);
  })
  .openapi(cancelRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, HRMS_MESSAGES.requestNotFound);
    return c.json(await cancelLeave(c.get('database').db, c.get('user'), id, auditContext(c)), 200);
  })
  .openapi(awayRoute, async (c) => c.json(await whoIsAway(c.get('database').db, c.get('user'), c.req.valid('query').entityId), 200));
