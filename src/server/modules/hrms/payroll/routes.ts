import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { entityFilter, MODULE_MESSAGES, versionField } from '@/shared/modules';
import {
  PAY_RUN_MESSAGES,
  payPeriodList,
  payRecord,
  payRecordCreateInput,
  payRecordUpdateInput,
  payrollPreview,
  payrollPreviewInput,
  payrollSettings,
  payrollSettingsCreateInput,
  payrollSettingsUpdateInput,
  payRun,
  payRunCreateInput,
  payRunList,
  paySchedule,
  payScheduleCreateInput,
  payScheduleUpdateInput,
  versionInput,
  yearEnd as yearEndResponse,
  yearEndQuery,
  myPayslipList,
  PAY_COMPONENT_MESSAGES,
  payComponent,
  payComponentCreateInput,
  payComponentList,
  payComponentUpdateInput,
  payRunBonusesInput,
  type PayrollPreviewInput,
} from '@/shared/payroll';
import { auditContext } from '../../../audit/context';
import { idParams } from '../../../http/params';
import { csvResponse } from '../../../platform/csv';
import { attachment } from '../../../platform/files';
import type { AppEnv } from '../../../http/env';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../../http/route';
import { hrms } from '../module';
import { calculate } from './engine';
import { JOURNAL_COLUMNS } from './bank-files';
import { bankFile, journal, payslipFile } from './files';
import { myPayslipFile, myPayslips } from './my-payslips';
import { approveRun, createRun, getRun, listRuns, markRunPaid, recalculateRun, schedulePeriods, setRunBonuses } from './runs';
import { createComponent, deleteComponent, listComponents, updateComponent } from './components';
import { yearEnd, yearEndCsv, yearEndPdf } from './year-end';
import { createPayRecord, createSchedule, createSettings, getPayRecord, listPayRecords, listSchedules, listSettings, updatePayRecord, updateSchedule, updateSettings } from './setup';

type HrmsRouteTable = ReturnType<typeof hrms.routes>;

const preview = defineRoute('user', {
  method: 'post',
  path: '/hrms/payroll/preview',
  tags: hrms.tags,
  summary: 'Payroll calculator: one employee’s taxes and net pay for one period (HRMS App Admin; stores nothing)',
  description: [
    'The payroll engine on one case, as a pay run calculates it. `country` picks the rules: **GB** (tax year 2025-26: PAYE',
    'income tax, cumulative or week 1 / month 1, and Class 1 National Insurance category A), **US** (2025: federal income tax',
    'by IRS Publication 15-T Worksheet 1A for a 2020-or-later Form W-4, Social Security and Medicare; no state or local',
    'taxes), or any other country with `custom` rules an administrator sets (their lines carry a `label` saying so).',
    '',
    'Money is a decimal string (up to two decimals; answers always have two). `period` counts from 1 in the tax year;',
    '`ytd` holds the figures before this period (GB: `gross` and `tax`; US: `gross`, `socialSecurityWages`, `medicareWages`;',
    'absent: zero). A negative `income_tax` is a refund. Any HRMS App Admin (at any entity) may call it.',
  ].join('\n'),
  request: { body: jsonBody(payrollPreviewInput) },
  responses: {
    200: jsonContent(payrollPreview),
    403: errorContent(MODULE_MESSAGES.noAccess, MODULE_MESSAGES.appAdminRequired),
  },
});

/**
 * The calculator is for those who run payroll: an App Admin of HRMS at any entity of the company
 * (the scope answers 403 for anyone else). It opens the scope only to check that, and stores nothing.
 */
async function previewHandler(c: Context<AppEnv>) {
  const input = (c.req as unknown as { valid(part: 'json'): PayrollPreviewInput }).valid('json');
  await hrms.scope(c.get('database').db, c.get('user'), 'app_admin', async () => undefined);
  return c.json(calculate(input), 200);
}

const byEntity = <T>(list: (db: Parameters<typeof listRuns>[0], user: Parameters<typeof listRuns>[1], entityId: string | undefined) => Promise<T>) => ({
  query: entityFilter,
  run: (db: Parameters<typeof listRuns>[0], user: Parameters<typeof listRuns>[1], query: { entityId?: string }) => list(db, user, query.entityId),
});

const runParams = z.object({ id: z.string(), employeeId: z.string() });
const runIdParams = z.object({ id: z.string() });
const runId = (c: Context<AppEnv>) => hrms.id(c.req.param('id') ?? '', PAY_RUN_MESSAGES.runNotFound);
/** A path id of a PDF download, which may end in `.pdf` (so a saved file is named as one). */
const pdfId = (c: Context<AppEnv>, param: string, notFoundMessage: string) => hrms.id((c.req.param(param) ?? '').replace(/\.pdf$/i, ''), notFoundMessage);
const fileRoute = (path: string, summary: string, contentType: string, params: z.ZodObject, errors = {}) =>
  defineRoute('user', {
    method: 'get',
    path,
    tags: hrms.tags,
    summary,
    request: { params },
    responses: { 200: { content: { [contentType]: { schema: z.string() } }, description: summary }, ...hrms.errors.merged({ 404: errorContent(PAY_RUN_MESSAGES.runNotFound), ...errors }) },
  });

const yearEndRoute = (path: string, summary: string, contentType: string, params: z.ZodObject) =>
  defineRoute('user', {
    method: 'get',
    path,
    tags: hrms.tags,
    summary,
    request: { params, query: yearEndQuery },
    responses: { 200: { content: { [contentType]: { schema: z.string() } }, description: summary }, ...hrms.errors.merged({ 404: errorContent(PAY_RUN_MESSAGES.yearEndNotFound) }) },
  });

const download = (fileName: string, contentType: string, body: Uint8Array | string) =>
  new Response(body as BodyInit, { headers: { 'content-type': contentType, 'content-disposition': attachment(fileName), 'cache-control': 'no-store' } });

const lockErrors = { 409: errorContent(PAY_RUN_MESSAGES.runLocked) };
const runErrors = { 400: errorContent(PAY_RUN_MESSAGES.settingsMissing, PAY_RUN_MESSAGES.noEmployees, PAY_RUN_MESSAGES.ukFrequency, PAY_RUN_MESSAGES.offCycleEmployee) };

/**
 * Payroll's routes on HRMS's route table (payroll lives in HRMS): `withPayrollRoutes(hrms.routes())`.
 * Every one is for the App Admins of HRMS at the record's entity, and nobody else: pay is the most
 * sensitive data the product holds (managers, Members and Viewers see none). The exception is
 * `/hrms/me/payslips`: each person's own payslips of paid runs, and nobody else's (my-payslips.ts).
 */
export const withPayrollRoutes = (table: HrmsRouteTable): HrmsRouteTable =>
  table
    .route(preview, previewHandler)
    .records('payroll/settings', {
      noun: 'payroll settings',
      notFound: PAY_RUN_MESSAGES.settingsNotFound,
      list: { summary: 'Payroll settings of the caller’s entities (App Admin)', page: z.object({ items: z.array(payrollSettings) }), ...byEntity(listSettings) },
      create: { summary: 'Set up an entity’s payroll: country, currency, the company’s bank details (App Admin)', body: payrollSettingsCreateInput, response: payrollSettings, errors: { 409: errorContent(PAY_RUN_MESSAGES.settingsTaken) }, run: createSettings },
      update: { summary: 'Change an entity’s payroll settings (App Admin)', body: payrollSettingsUpdateInput, response: payrollSettings, run: updateSettings },
    })
    .records('payroll/schedules', {
      noun: 'pay schedule',
      notFound: PAY_RUN_MESSAGES.scheduleNotFound,
      list: { summary: 'Pay schedules (App Admin)', page: z.object({ items: z.array(paySchedule) }), ...byEntity(listSchedules) },
      create: { summary: 'Add a pay schedule: monthly, semi-monthly, bi-weekly or weekly, from a first pay date (App Admin)', body: payScheduleCreateInput, response: paySchedule, errors: { 409: errorContent(PAY_RUN_MESSAGES.scheduleTaken) }, run: createSchedule },
      update: { summary: 'Change a pay schedule (App Admin)', body: payScheduleUpdateInput, response: paySchedule, errors: { 409: errorContent(PAY_RUN_MESSAGES.scheduleTaken) }, run: updateSchedule },
      actions: {
        periods: {
          method: 'get',
          summary: 'The schedule’s pay periods of a tax year, numbered from 1 (App Admin)',
          query: z.object({ taxYear: z.string().regex(/^\d{4}(?:-\d{2})?$/, { error: 'taxYear must be a tax year such as 2025 or 2025-26.' }) }),
          response: payPeriodList,
          run: (db, user, id, query: { taxYear: string }) => schedulePeriods(db, user, id, query.taxYear),
        },
      },
    })
    .records('payroll/components', {
      noun: 'pay component',
      notFound: PAY_COMPONENT_MESSAGES.notFound,
      list: { summary: 'Pay components: earnings, deductions before and after tax, employer contributions (App Admin)', page: payComponentList, ...byEntity(listComponents) },
      create: {
        summary: 'Add a pay component: a fixed amount a period, a percent of gross pay, or (earnings) a one-off amount entered on a pay run (App Admin)',
        body: payComponentCreateInput,
        response: payComponent,
        errors: { 409: errorContent(PAY_COMPONENT_MESSAGES.taken) },
        run: createComponent,
      },
      update: { summary: 'Change a pay component (App Admin; send the version you read); approved runs keep their figures', body: payComponentUpdateInput, response: payComponent, errors: { 409: errorContent(PAY_COMPONENT_MESSAGES.taken) }, run: updateComponent },
    })
    .route(
      defineRoute('user', {
        method: 'delete',
        path: '/hrms/payroll/components/{id}',
        tags: hrms.tags,
        summary: 'Delete a pay component and its assignments to employees (App Admin; send the version you read); approved runs keep their lines',
        request: { params: idParams, query: z.object({ version: z.coerce.number({ error: MODULE_MESSAGES.versionInvalid }).pipe(versionField) }) },
        responses: { 200: jsonContent(payComponent), ...hrms.errors.withVersion({ 404: errorContent(PAY_COMPONENT_MESSAGES.notFound) }) },
      }),
      async (c) => {
        const { version } = c.req.valid('query' as never) as { version: number };
        const id = hrms.id(c.req.param('id') ?? '', PAY_COMPONENT_MESSAGES.notFound);
        return c.json(await deleteComponent(c.get('database').db, c.get('user'), id, version, auditContext(c)), 200);
      },
    )
    .records('payroll/pay-records', {
      noun: 'pay record',
      notFound: PAY_RUN_MESSAGES.payRecordNotFound,
      list: { summary: 'Employees’ pay records (App Admin)', page: z.object({ items: z.array(payRecord) }), ...byEntity(listPayRecords) },
      create: { summary: 'Record an employee’s pay: salary or hourly rate, schedule, dates, tax details, bank account (App Admin)', body: payRecordCreateInput, response: payRecord, errors: { 409: errorContent(PAY_RUN_MESSAGES.payRecordTaken) }, run: createPayRecord },
      get: { summary: 'One pay record (App Admin)', response: payRecord, run: getPayRecord },
      update: { summary: 'Change an employee’s pay record (App Admin; send the version you read)', body: payRecordUpdateInput, response: payRecord, run: updatePayRecord },
    })
    .records('payroll/runs', {
      noun: 'pay run',
      notFound: PAY_RUN_MESSAGES.runNotFound,
      list: { summary: 'Pay runs, latest pay date first (App Admin)', page: payRunList, ...byEntity(listRuns) },
      create: { summary: 'Calculate a draft pay run for a schedule’s period, or an off-cycle run correcting it: `items` lists each employee once with the gross to pay (App Admin)', body: payRunCreateInput, response: payRun, errors: { ...runErrors, 409: errorContent(PAY_RUN_MESSAGES.runTaken) }, run: createRun },
      get: { summary: 'A pay run: each employee’s gross-to-net and the change since the schedule’s previous run (App Admin)', response: payRun, run: getRun },
      actions: {
        recalculate: { summary: 'Calculate a draft again from today’s pay records (409 once approved)', body: versionInput, response: payRun, versioned: true, errors: { ...runErrors, ...lockErrors }, run: recalculateRun },
        bonuses: {
          method: 'put',
          summary: 'Enter a draft regular run’s one-off amounts (bonuses), all of them, and calculate it again (409 once approved)',
          body: payRunBonusesInput,
          response: payRun,
          versioned: true,
          errors: { 400: errorContent(PAY_COMPONENT_MESSAGES.bonusEmployee, PAY_COMPONENT_MESSAGES.bonusComponent, PAY_COMPONENT_MESSAGES.bonusOffCycle), ...lockErrors },
          run: setRunBonuses,
        },
        approve: {
          summary: 'Approve a draft: its figures are final (corrections are off-cycle runs)',
          body: versionInput,
          response: payRun,
          versioned: true,
          errors: { 409: errorContent(PAY_RUN_MESSAGES.runLocked, PAY_RUN_MESSAGES.staleFigures) },
          run: approveRun,
        },
        'mark-paid': { summary: 'Mark an approved run as paid', body: versionInput, response: payRun, versioned: true, errors: { 409: errorContent(PAY_RUN_MESSAGES.runNotApproved) }, run: markRunPaid },
      },
    })
    .route(fileRoute('/hrms/payroll/runs/{id}/payslips/{employeeId}', 'One employee’s payslip of a run as PDF (App Admin; the path may end in .pdf)', 'application/pdf', runParams, { 404: errorContent(PAY_RUN_MESSAGES.payslipNotFound) }), async (c) => {
      const file = await payslipFile(c.get('database').db, c.get('user'), runId(c), pdfId(c, 'employeeId', PAY_RUN_MESSAGES.payslipNotFound));
      return download(file.fileName, 'application/pdf', file.bytes);
    })
    .route(
      fileRoute('/hrms/payroll/runs/{id}/bank-file', 'The run’s bank payment file: SEPA pain.001.001.03 XML (EUR) or NACHA PPD (USD); approved or paid runs', 'text/plain', runIdParams, {
        400: errorContent(PAY_RUN_MESSAGES.bankFileCurrency),
        409: errorContent(PAY_RUN_MESSAGES.bankFileNotApproved),
      }),
      async (c) => {
        const file = await bankFile(c.get('database').db, c.get('user'), runId(c));
        return download(file.fileName, file.contentType, file.text);
      },
    )
    .get('/payroll/year-end', 'Year-end figures per employee of a tax year: UK P60, US W-2 boxes 1 to 6 and box 12 code D (App Admin; approved and paid runs)', yearEndQuery, yearEndResponse, yearEnd)
    .route(yearEndRoute('/hrms/payroll/year-end/export', 'Year-end figures as CSV: an employee per row', 'text/csv', z.object({})), async (c) => {
      const file = await yearEndCsv(c.get('database').db, c.get('user'), c.req.valid('query' as never));
      return csvResponse(file.fileName, file.header, async function* () {
        yield file.rows;
      });
    })
    .route(yearEndRoute('/hrms/payroll/year-end/{employeeId}', 'One employee’s year-end figures as PDF (the path may end in .pdf)', 'application/pdf', z.object({ employeeId: z.string() })), async (c) => {
      const file = await yearEndPdf(c.get('database').db, c.get('user'), pdfId(c, 'employeeId', PAY_RUN_MESSAGES.yearEndNotFound), c.req.valid('query' as never));
      return download(file.fileName, 'application/pdf', file.bytes);
    })
    .route(fileRoute('/hrms/payroll/runs/{id}/journal', 'The run’s payroll journal as CSV: debits and credits per account', 'text/csv', runIdParams), async (c) => {
      const file = await journal(c.get('database').db, c.get('user'), runId(c));
      return csvResponse(file.fileName, JOURNAL_COLUMNS, async function* () {
        yield file.rows;
      });
    })
    .get(
      '/me/payslips',
      'The Employee Portal: the signed-in person’s payslips of paid pay runs, newest first (no grant needed; their own employee records only, never a report’s)',
      z.object({}),
      myPayslipList,
      (db, user) => myPayslips(db, user),
    )
    .route(
      fileRoute(
        '/hrms/me/payslips/{runId}',
        'The signed-in person’s own payslip of a paid pay run as PDF (the path may end in .pdf); a colleague’s, an unpaid run or another company’s answers 404',
        'application/pdf',
        z.object({ runId: z.string() }),
        { 404: errorContent(PAY_RUN_MESSAGES.myPayslipNotFound) },
      ),
      async (c) => {
        const file = await myPayslipFile(c.get('database').db, c.get('user'), pdfId(c, 'runId', PAY_RUN_MESSAGES.myPayslipNotFound));
        return download(file.fileName, 'application/pdf', file.bytes);
      },
    );
