import { queryOptions } from '@tanstack/react-query';
import type * as Payroll from '@/shared/payroll';
import { api } from '@/web/lib/api';
import { moduleQueries } from '@/web/lib/record-queries';

/** Payroll lives in HRMS: its keys start with 'hrms', and any HRMS change refreshes them (an employee renamed, ended). */
const hrms = moduleQueries('hrms');

export const PAYROLL_PATH = '/hrms/payroll';

export const settingsQuery = hrms.forScope<{ items: Payroll.PayrollSettings[] }>('payroll-settings', `${PAYROLL_PATH}/settings`);
export const schedulesQuery = hrms.forScope<{ items: Payroll.PaySchedule[] }>('pay-schedules', `${PAYROLL_PATH}/schedules`);
export const payRecordsQuery = hrms.forScope<{ items: Payroll.PayRecord[] }>('pay-records', `${PAYROLL_PATH}/pay-records`);
export const runsQuery = hrms.forScope<{ items: Payroll.PayRunSummary[] }>('pay-runs', `${PAYROLL_PATH}/runs`);
export const runQuery = hrms.one<Payroll.PayRun>('pay-run', `${PAYROLL_PATH}/runs`);
export const componentsQuery = hrms.forScope<{ items: Payroll.PayComponent[] }>('pay-components', `${PAYROLL_PATH}/components`);

export const periodsQuery = (scheduleId: string, taxYear: string) =>
  queryOptions({
    queryKey: ['hrms', 'pay-periods', scheduleId, taxYear],
    queryFn: () => api.get<{ taxYear: string; items: Payroll.PayPeriod[] }>(`${PAYROLL_PATH}/schedules/${scheduleId}/periods`, null, { taxYear }),
    enabled: Boolean(scheduleId && taxYear),
  });

type Input<S extends { _zod: { output: unknown } }> = S['_zod']['output'];

export const useCreateSettings = hrms.creates<Input<typeof Payroll.payrollSettingsCreateInput>, Payroll.PayrollSettings>(`${PAYROLL_PATH}/settings`);
export const useUpdateSettings = hrms.updates<Input<typeof Payroll.payrollSettingsUpdateInput>, Payroll.PayrollSettings>(`${PAYROLL_PATH}/settings`);
export const useCreateSchedule = hrms.creates<Input<typeof Payroll.payScheduleCreateInput>, Payroll.PaySchedule>(`${PAYROLL_PATH}/schedules`);
export const useUpdateSchedule = hrms.updates<Input<typeof Payroll.payScheduleUpdateInput>, Payroll.PaySchedule>(`${PAYROLL_PATH}/schedules`);
export const useCreatePayRecord = hrms.creates<Input<typeof Payroll.payRecordCreateInput>, Payroll.PayRecord>(`${PAYROLL_PATH}/pay-records`);
export const useUpdatePayRecord = hrms.updates<Input<typeof Payroll.payRecordUpdateInput>, Payroll.PayRecord>(`${PAYROLL_PATH}/pay-records`);
export const useCreateComponent = hrms.creates<Input<typeof Payroll.payComponentCreateInput>, Payroll.PayComponent>(`${PAYROLL_PATH}/components`);
export const useUpdateComponent = hrms.updates<Input<typeof Payroll.payComponentUpdateInput>, Payroll.PayComponent>(`${PAYROLL_PATH}/components`);
export const useDeleteComponent = () => hrms.useMutation(({ id, version }: { id: string; version: number }) => api.delete(`${PAYROLL_PATH}/components/${id}?version=${version}`));
/** A draft run's one-off amounts (bonuses): all of them, with the version the page read. */
export const useSetBonuses = () => hrms.useMutation(({ id, ...body }: Payroll.PayRunBonusesInput & { id: string }) => api.put<Payroll.PayRun>(`${PAYROLL_PATH}/runs/${id}/bonuses`, null, body));
export const useCreateRun = hrms.creates<Input<typeof Payroll.payRunCreateInput>, Payroll.PayRun>(`${PAYROLL_PATH}/runs`);

/** Recalculate, Approve, Mark as paid: each sends the version the page read. */
export const useRunAction = () =>
  hrms.useMutation(({ id, action, version }: { id: string; action: 'recalculate' | 'approve' | 'mark-paid'; version: number }) =>
    api.post<Payroll.PayRun>(`${PAYROLL_PATH}/runs/${id}/${action}`, null, { version }),
  );

/** The API paths of a run's downloads (the browser fetches them with its session cookie). */
export const runFiles = (runId: string) => ({
  payslip: (employeeId: string) => `/api${PAYROLL_PATH}/runs/${runId}/payslips/${employeeId}.pdf`,
  bankFile: `/api${PAYROLL_PATH}/runs/${runId}/bank-file`,
  journal: `/api${PAYROLL_PATH}/runs/${runId}/journal`,
});

export const yearEndQuery = (entityId: string, taxYear: string) =>
  queryOptions({
    queryKey: ['hrms', 'year-end', entityId, taxYear],
    queryFn: () => api.get<Payroll.YearEnd>(`${PAYROLL_PATH}/year-end`, null, { entityId, taxYear }),
    enabled: /^\d{4}(?:-\d{2})?$/.test(taxYear),
  });

/** The API paths of the year-end downloads. */
export const yearEndFiles = (entityId: string, taxYear: string) => {
  const query = `?entityId=${entityId}&taxYear=${encodeURIComponent(taxYear)}`;
  return { csv: `/api${PAYROLL_PATH}/year-end/export${query}`, pdf: (employeeId: string) => `/api${PAYROLL_PATH}/year-end/${employeeId}.pdf${query}` };
};

/** The Employee Portal's payslips: the signed-in person's own, of paid runs, newest first. */
export const myPayslipsQuery = queryOptions({ queryKey: ['hrms', 'me', 'payslips'], queryFn: () => api.get<Payroll.MyPayslipList>('/hrms/me/payslips') });

/** The API path of one's own payslip of a paid run (the browser fetches it with its session cookie). */
export const myPayslipFile = (runId: string) => `/api/hrms/me/payslips/${runId}.pdf`;
