import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import {
  PAY_RUN_MESSAGES,
  type PayRecord,
  type PayrollSettings,
  type PaySchedule,
  type payRecordCreateInput,
  type payRecordUpdateInput,
  type payrollSettingsCreateInput,
  type payrollSettingsUpdateInput,
  type payScheduleCreateInput,
  type payScheduleUpdateInput,
} from '@/shared/payroll';
import type { z } from 'zod';
import type { AuditContext } from '../../../audit/record-event';
import type { Db } from '../../../db/client';
import { entities, hrmsEmployees, hrmsPayRecords, hrmsPayrollSettings, hrmsPaySchedules } from '../../../db/schema';
import type { Tx } from '../../../db/tenant';
import { badRequest, notFound } from '../../../http/errors';
import { hrms, uniqueOr409 } from '../module';
import { recordPayrollEvent } from './audit';
import { assignedComponents, saveAssignments } from './components';
import { fromMinor, toMinor } from './money';

/*
 * Payroll set-up per entity (App Admins of the entity only, like everything of payroll): the
 * settings (country, currency, the company's bank details), pay schedules and employees' pay records.
 */

const ADMIN = 'app_admin' as const;

// ----- settings -------------------------------------------------------------------------------

type SettingsRow = typeof hrmsPayrollSettings.$inferSelect;
const settingsOf = (row: SettingsRow, entityName: string): PayrollSettings => ({
  id: row.id,
  entityId: row.entityId,
  entityName,
  country: row.country,
  currency: row.currency,
  custom: row.customRules ?? null,
  bank: row.bank,
  overtimeMultiplier: row.overtimeMultiplier,
  version: row.version,
});

/** The entity's payroll settings, or a 400 saying to set them up first. */
export async function requireSettings(tx: Tx, entityId: string): Promise<SettingsRow> {
  const [row] = await tx.select().from(hrmsPayrollSettings).where(eq(hrmsPayrollSettings.entityId, entityId));
  if (!row) throw badRequest(PAY_RUN_MESSAGES.settingsMissing);
  return row;
}

const entityName = async (tx: Tx, entityId: string) => (await tx.select({ name: entities.name }).from(entities).where(eq(entities.id, entityId)))[0]?.name ?? '';

export function listSettings(db: Db, user: SessionUser, entityId: string | undefined): Promise<{ items: PayrollSettings[] }> {
  return hrms.scope(
    db,
    user,
    ADMIN,
    async (tx, scope) => {
      const rows = await tx
        .select({ row: hrmsPayrollSettings, name: entities.name })
        .from(hrmsPayrollSettings)
        .innerJoin(entities, eq(entities.id, hrmsPayrollSettings.entityId))
        .where(inArray(hrmsPayrollSettings.entityId, entityId ? [entityId] : scope.entityIds))
        .orderBy(asc(entities.name));
      return { items: rows.map((r) => settingsOf(r.row, r.name)) };
    },
    entityId,
  );
}

const settingsValues = (input: z.output<typeof payrollSettingsUpdateInput>) => ({
  country: input.country,
  currency: input.currency,
  customRules: input.custom ?? null,
  bank: input.bank ?? {},
  overtimeMultiplier: input.overtimeMultiplier ?? '1.5',
});

export function createSettings(db: Db, user: SessionUser, input: z.output<typeof payrollSettingsCreateInput>, audit: AuditContext): Promise<PayrollSettings> {
  return uniqueOr409('hrms_payroll_settings_entity_key', PAY_RUN_MESSAGES.settingsTaken, () =>
    hrms.scope(
      db,
      user,
      ADMIN,
      async (tx, scope) => {
        const [row] = await tx
          .insert(hrmsPayrollSettings)
          .values({ companyId: scope.companyId, entityId: input.entityId, ...settingsValues({ ...input, version: 1 }) })
          .returning();
        const created = settingsOf(row!, await entityName(tx, input.entityId));
        await recordPayrollEvent(tx, scope, audit, 'hrms.payroll_settings.saved', { type: 'payroll_settings', id: created.id, label: `Payroll of ${created.entityName}` }, settingsFields(created));
        return created;
      },
      input.entityId,
    ),
  );
}

export function updateSettings(db: Db, user: SessionUser, id: string, input: z.output<typeof payrollSettingsUpdateInput>, audit: AuditContext): Promise<PayrollSettings> {
  return hrms.scope(db, user, ADMIN, async (tx, scope) => {
    const locked = await hrms.lock(tx, hrmsPayrollSettings, id, input.version, PAY_RUN_MESSAGES.settingsNotFound);
    const name = await entityName(tx, locked.entityId);
    const before = settingsOf(locked, name);
    const after = settingsOf(await hrms.save(tx, hrmsPayrollSettings, id, settingsValues(input)), name);
    await recordPayrollEvent(tx, scope, audit, 'hrms.payroll_settings.saved', { type: 'payroll_settings', id, label: `Payroll of ${name}` }, settingsFields(after), settingsFields(before));
    return after;
  });
}

/** What the log keeps of the settings: not the bank account numbers. */
const settingsFields = (s: PayrollSettings) => ({ country: s.country, currency: s.currency, customRules: s.custom?.label ?? null, bankName: s.bank.name ?? null, overtimeMultiplier: s.overtimeMultiplier });

// ----- schedules ------------------------------------------------------------------------------

const scheduleOf = (row: typeof hrmsPaySchedules.$inferSelect): PaySchedule => ({
  id: row.id,
  entityId: row.entityId,
  name: row.name,
  frequency: row.frequency as PaySchedule['frequency'],
  firstPayDate: row.firstPayDate,
  version: row.version,
});
const scheduleFields = (s: PaySchedule) => ({ name: s.name, frequency: s.frequency, firstPayDate: s.firstPayDate });
const scheduleTarget = (s: PaySchedule) => ({ type: 'pay_schedule' as const, id: s.id, label: s.name });

/** UK PAYE has no semi-monthly tables: a GB entity's schedules are weekly, bi-weekly or monthly. */
async function checkFrequency(tx: Tx, entityId: string, frequency: string) {
  const [settings] = await tx.select({ country: hrmsPayrollSettings.country }).from(hrmsPayrollSettings).where(eq(hrmsPayrollSettings.entityId, entityId));
  if (settings?.country === 'GB' && frequency === 'semimonthly') throw badRequest(PAY_RUN_MESSAGES.ukFrequency);
}

export const findSchedule = async (tx: Tx, id: string) => {
  const [row] = await tx.select().from(hrmsPaySchedules).where(eq(hrmsPaySchedules.id, id));
  if (!row) throw notFound(PAY_RUN_MESSAGES.scheduleNotFound);
  return scheduleOf(row);
};

export function listSchedules(db: Db, user: SessionUser, entityId: string | undefined): Promise<{ items: PaySchedule[] }> {
  return hrms.scope(
    db,
    user,
    ADMIN,
    async (tx, scope) => ({
      items: (
        await tx
          .select()
          .from(hrmsPaySchedules)
          .where(inArray(hrmsPaySchedules.entityId, entityId ? [entityId] : scope.entityIds))
          .orderBy(asc(hrmsPaySchedules.name))
      ).map(scheduleOf),
    }),
    entityId,
  );
}

const uniqueSchedule = <T>(write: () => Promise<T>) => uniqueOr409('hrms_pay_schedules_entity_name_key', PAY_RUN_MESSAGES.scheduleTaken, write);

export function createSchedule(db: Db, user: SessionUser, input: z.output<typeof payScheduleCreateInput>, audit: AuditContext): Promise<PaySchedule> {
  return uniqueSchedule(() =>
    hrms.scope(
      db,
      user,
      ADMIN,
      async (tx, scope) => {
        await checkFrequency(tx, input.entityId, input.frequency);
        const [row] = await tx
          .insert(hrmsPaySchedules)
          .values({ companyId: scope.companyId, ...input })
          .returning();
        const created = scheduleOf(row!);
        await recordPayrollEvent(tx, scope, audit, 'hrms.pay_schedule.created', scheduleTarget(created), scheduleFields(created));
        return created;
      },
      input.entityId,
    ),
  );
}

export function updateSchedule(db: Db, user: SessionUser, id: string, input: z.output<typeof payScheduleUpdateInput>, audit: AuditContext): Promise<PaySchedule> {
  return uniqueSchedule(() =>
    hrms.scope(db, user, ADMIN, async (tx, scope) => {
      const before = scheduleOf(await hrms.lock(tx, hrmsPaySchedules, id, input.version, PAY_RUN_MESSAGES.scheduleNotFound));
      await checkFrequency(tx, before.entityId, input.frequency);
      const after = scheduleOf(await hrms.save(tx, hrmsPaySchedules, id, { name: input.name, frequency: input.frequency, firstPayDate: input.firstPayDate }));
      await recordPayrollEvent(tx, scope, audit, 'hrms.pay_schedule.updated', scheduleTarget(after), scheduleFields(after), scheduleFields(before));
      return after;
    }),
  );
}

// ----- pay records ----------------------------------------------------------------------------

const payRecordSelect = {
  row: hrmsPayRecords,
  firstName: hrmsEmployees.firstName,
  lastName: hrmsEmployees.lastName,
  employeeEnd: hrmsEmployees.endDate,
  scheduleName: hrmsPaySchedules.name,
};
type PayRecordRow = { row: typeof hrmsPayRecords.$inferSelect; firstName: string; lastName: string; employeeEnd: string | null; scheduleName: string };

export const payRecordOf = ({ row, firstName, lastName, scheduleName }: PayRecordRow, components: PayRecord['components'] = []): PayRecord => ({
  id: row.id,
  entityId: row.entityId,
  employeeId: row.employeeId,
  employeeName: `${firstName} ${lastName}`,
  scheduleId: row.scheduleId,
  scheduleName,
  payBasis: row.payBasis as PayRecord['payBasis'],
  annualSalary: row.annualSalaryMinor === null ? null : fromMinor(row.annualSalaryMinor),
  hourlyRate: row.hourlyRateMinor === null ? null : fromMinor(row.hourlyRateMinor),
  hoursPerWeek: row.hoursPerWeek,
  currency: row.currency,
  startDate: row.startDate,
  endDate: row.endDate,
  uk: (row.uk as PayRecord['uk']) ?? null,
  us: (row.us as PayRecord['us']) ?? null,
  bank: (row.bank as PayRecord['bank']) ?? null,
  components,
  version: row.version,
});

/** Pay records with their employee and schedule, filtered by `where`, by employee name. */
export async function payRecordRows(tx: Tx, where: SQL | undefined): Promise<PayRecordRow[]> {
  return tx
    .select(payRecordSelect)
    .from(hrmsPayRecords)
    .innerJoin(hrmsEmployees, eq(hrmsEmployees.id, hrmsPayRecords.employeeId))
    .innerJoin(hrmsPaySchedules, eq(hrmsPaySchedules.id, hrmsPayRecords.scheduleId))
    .where(where)
    .orderBy(asc(hrmsEmployees.lastName), asc(hrmsEmployees.firstName), asc(hrmsPayRecords.id));
}

export function listPayRecords(db: Db, user: SessionUser, entityId: string | undefined): Promise<{ items: PayRecord[] }> {
  return hrms.scope(
    db,
    user,
    ADMIN,
    async (tx, scope) => {
      const rows = await payRecordRows(tx, inArray(hrmsPayRecords.entityId, entityId ? [entityId] : scope.entityIds));
      const components = await assignedComponents(
        tx,
        rows.map((r) => r.row.employeeId),
      );
      return { items: rows.map((r) => payRecordOf(r, components.get(r.row.employeeId))) };
    },
    entityId,
  );
}

async function readPayRecord(tx: Tx, id: string): Promise<PayRecord> {
  const [row] = await payRecordRows(tx, eq(hrmsPayRecords.id, id));
  if (!row) throw notFound(PAY_RUN_MESSAGES.payRecordNotFound);
  return payRecordOf(row, (await assignedComponents(tx, [row.row.employeeId])).get(row.row.employeeId));
}

export const getPayRecord = (db: Db, user: SessionUser, id: string) => hrms.scope(db, user, ADMIN, (tx) => readPayRecord(tx, id));

/** The fields of a pay record an update and a creation share. */
type PayRecordFields = Omit<z.output<typeof payRecordUpdateInput>, 'version' | 'components'>;

/** The entity's settings decide what a pay record must hold: its currency, and the country's tax details. */
async function payRecordValues(tx: Tx, entityId: string, input: PayRecordFields) {
  const settings = await requireSettings(tx, entityId);
  const [schedule] = await tx.select({ id: hrmsPaySchedules.id }).from(hrmsPaySchedules).where(and(eq(hrmsPaySchedules.id, input.scheduleId), eq(hrmsPaySchedules.entityId, entityId)));
  if (!schedule) throw badRequest(PAY_RUN_MESSAGES.scheduleNotFound);
  if (input.currency !== settings.currency) throw badRequest(PAY_RUN_MESSAGES.currencyMismatch(settings.currency));
  if (settings.country === 'GB' && !input.uk) throw badRequest(PAY_RUN_MESSAGES.ukRequired);
  if (settings.country === 'US' && !input.us) throw badRequest(PAY_RUN_MESSAGES.usRequired);
  const salaried = input.payBasis === 'salary';
  return {
    scheduleId: input.scheduleId,
    payBasis: input.payBasis,
    annualSalaryMinor: salaried ? toMinor(input.annualSalary!) : null,
    hourlyRateMinor: salaried ? null : toMinor(input.hourlyRate!),
    hoursPerWeek: salaried ? null : (input.hoursPerWeek ?? null),
    currency: input.currency,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    // Only the country's own section is kept: a UK record carries no W-4, and so on.
    uk: settings.country === 'GB' ? input.uk! : null,
    us: settings.country === 'US' ? input.us! : null,
    bank: input.bank ?? null,
  };
}

/** What the log keeps of a pay record: pay and schedule, not tax codes or bank accounts. */
const payRecordFields = (r: PayRecord) => ({
  schedule: r.scheduleName,
  payBasis: r.payBasis,
  annualSalary: r.annualSalary,
  hourlyRate: r.hourlyRate,
  hoursPerWeek: r.hoursPerWeek,
  currency: r.currency,
  startDate: r.startDate,
  endDate: r.endDate,
  components: r.components.map((c) => [c.name, c.amount ?? c.percent ?? 'default'].join(': ')),
});
const payRecordTarget = (r: PayRecord) => ({ type: 'pay_record' as const, id: r.id, label: r.employeeName });

export function createPayRecord(db: Db, user: SessionUser, input: z.output<typeof payRecordCreateInput>, audit: AuditContext): Promise<PayRecord> {
  return uniqueOr409('hrms_pay_records_entity_employee_key', PAY_RUN_MESSAGES.payRecordTaken, () =>
    hrms.scope(db, user, ADMIN, async (tx, scope) => {
      // The employee's entity is the record's: the scope has just said whether the caller runs its payroll.
      const [employee] = await tx.select({ entityId: hrmsEmployees.entityId }).from(hrmsEmployees).where(eq(hrmsEmployees.id, input.employeeId));
      if (!employee) throw notFound(PAY_RUN_MESSAGES.employeeNotFound);
      const [row] = await tx
        .insert(hrmsPayRecords)
        .values({ companyId: scope.companyId, entityId: employee.entityId, employeeId: input.employeeId, ...(await payRecordValues(tx, employee.entityId, input)) })
        .returning({ id: hrmsPayRecords.id, employeeId: hrmsPayRecords.employeeId });
      if (input.components) await saveAssignments(tx, scope, employee.entityId, row!.employeeId, input.components);
      const created = await readPayRecord(tx, row!.id);
      await recordPayrollEvent(tx, scope, audit, 'hrms.pay_record.created', payRecordTarget(created), payRecordFields(created));
      return created;
    }),
  );
}

export function updatePayRecord(db: Db, user: SessionUser, id: string, input: z.output<typeof payRecordUpdateInput>, audit: AuditContext): Promise<PayRecord> {
  return hrms.scope(db, user, ADMIN, async (tx, scope) => {
    const locked = await hrms.lock(tx, hrmsPayRecords, id, input.version, PAY_RUN_MESSAGES.payRecordNotFound);
    const before = await readPayRecord(tx, id);
    await hrms.save(tx, hrmsPayRecords, id, await payRecordValues(tx, locked.entityId, input));
    if (input.components) await saveAssignments(tx, scope, locked.entityId, locked.employeeId, input.components);
    const after = await readPayRecord(tx, id);
    await recordPayrollEvent(tx, scope, audit, 'hrms.pay_record.updated', payRecordTarget(after), payRecordFields(after), payRecordFields(before));
    return after;
  });
}

