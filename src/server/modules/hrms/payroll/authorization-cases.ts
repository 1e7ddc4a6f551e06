/**
 * Payroll's routes for the authorization walks (src/server/security/authorization.test.ts). The
 * preview reads no record; the other routes are aimed at ids that name nothing (a 404 for an App
 * Admin, 403 before that for anyone else): payruns.test.ts walks every payroll route with real
 * records as App Admin, Member, Viewer, manager, another entity's admin and another company, and
 * my-payslips.test.ts the portal's own payslips as employees, managers and staff.
 */
import { PAYROLL_PREVIEW_EXAMPLES } from '@/shared/payroll';

const NONE = '00000000-0000-4000-8000-000000000000';

export function payrollOwnRequests(entityId: () => string): Record<string, () => { path: string; body?: unknown }> {
  const version = { version: 1 };
  return {
    'POST /hrms/payroll/preview': () => ({ path: '/hrms/payroll/preview', body: PAYROLL_PREVIEW_EXAMPLES.GB }),
    'GET /hrms/payroll/settings': () => ({ path: `/hrms/payroll/settings?entityId=${entityId()}` }),
    'POST /hrms/payroll/settings': () => ({ path: '/hrms/payroll/settings', body: { entityId: entityId(), country: 'GB', currency: 'GBP' } }),
    'PATCH /hrms/payroll/settings/{id}': () => ({ path: `/hrms/payroll/settings/${NONE}`, body: { country: 'GB', currency: 'GBP', ...version } }),
    'GET /hrms/payroll/schedules': () => ({ path: `/hrms/payroll/schedules?entityId=${entityId()}` }),
    'POST /hrms/payroll/schedules': () => ({ path: '/hrms/payroll/schedules', body: { entityId: entityId(), name: 'Walk monthly', frequency: 'monthly', firstPayDate: '2025-04-30' } }),
    'PATCH /hrms/payroll/schedules/{id}': () => ({ path: `/hrms/payroll/schedules/${NONE}`, body: { name: 'Walk', frequency: 'weekly', firstPayDate: '2025-04-11', ...version } }),
    'GET /hrms/payroll/schedules/{id}/periods': () => ({ path: `/hrms/payroll/schedules/${NONE}/periods?taxYear=2025-26` }),
    'GET /hrms/payroll/components': () => ({ path: `/hrms/payroll/components?entityId=${entityId()}` }),
    'POST /hrms/payroll/components': () => ({ path: '/hrms/payroll/components', body: { entityId: entityId(), name: 'Walk pension', kind: 'deduction_pre_tax', method: 'percent', percent: '5' } }),
    'PATCH /hrms/payroll/components/{id}': () => ({ path: `/hrms/payroll/components/${NONE}`, body: { name: 'Walk pension', kind: 'deduction_pre_tax', method: 'percent', percent: '5', ...version } }),
    'DELETE /hrms/payroll/components/{id}': () => ({ path: `/hrms/payroll/components/${NONE}?version=1` }),
    'GET /hrms/payroll/pay-records': () => ({ path: `/hrms/payroll/pay-records?entityId=${entityId()}` }),
    'POST /hrms/payroll/pay-records': () => ({
      path: '/hrms/payroll/pay-records',
      body: { employeeId: NONE, scheduleId: NONE, payBasis: 'salary', annualSalary: '30000.00', currency: 'GBP', startDate: '2025-01-01' },
    }),
    'GET /hrms/payroll/pay-records/{id}': () => ({ path: `/hrms/payroll/pay-records/${NONE}` }),
    'PATCH /hrms/payroll/pay-records/{id}': () => ({
      path: `/hrms/payroll/pay-records/${NONE}`,
      body: { scheduleId: NONE, payBasis: 'salary', annualSalary: '30000.00', currency: 'GBP', startDate: '2025-01-01', ...version },
    }),
    'GET /hrms/payroll/runs': () => ({ path: `/hrms/payroll/runs?entityId=${entityId()}` }),
    'POST /hrms/payroll/runs': () => ({ path: '/hrms/payroll/runs', body: { scheduleId: NONE, taxYear: '2025-26', period: 1 } }),
    'GET /hrms/payroll/runs/{id}': () => ({ path: `/hrms/payroll/runs/${NONE}` }),
    'POST /hrms/payroll/runs/{id}/recalculate': () => ({ path: `/hrms/payroll/runs/${NONE}/recalculate`, body: version }),
    'PUT /hrms/payroll/runs/{id}/bonuses': () => ({ path: `/hrms/payroll/runs/${NONE}/bonuses`, body: { items: [], ...version } }),
    'POST /hrms/payroll/runs/{id}/approve': () => ({ path: `/hrms/payroll/runs/${NONE}/approve`, body: version }),
    'POST /hrms/payroll/runs/{id}/mark-paid': () => ({ path: `/hrms/payroll/runs/${NONE}/mark-paid`, body: version }),
    'GET /hrms/payroll/runs/{id}/payslips/{employeeId}': () => ({ path: `/hrms/payroll/runs/${NONE}/payslips/${NONE}.pdf` }),
    'GET /hrms/payroll/runs/{id}/bank-file': () => ({ path: `/hrms/payroll/runs/${NONE}/bank-file` }),
    'GET /hrms/payroll/runs/{id}/journal': () => ({ path: `/hrms/payroll/runs/${NONE}/journal` }),
    'GET /hrms/payroll/year-end': () => ({ path: `/hrms/payroll/year-end?entityId=${entityId()}&taxYear=2025` }),
    'GET /hrms/payroll/year-end/export': () => ({ path: `/hrms/payroll/year-end/export?entityId=${entityId()}&taxYear=2025` }),
    'GET /hrms/payroll/year-end/{employeeId}': () => ({ path: `/hrms/payroll/year-end/${NONE}.pdf?entityId=${entityId()}&taxYear=2025` }),
    'GET /hrms/me/payslips': () => ({ path: '/hrms/me/payslips' }),
    'GET /hrms/me/payslips/{runId}': () => ({ path: `/hrms/me/payslips/${NONE}.pdf` }),
  };
}
