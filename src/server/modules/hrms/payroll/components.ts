import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import {
  EARNING_LABELS,
  formatMoney,
  PAY_COMPONENT_MESSAGES,
  type PayComponent,
  type PayComponentKind,
  type PayComponentMethod,
  type payComponentCreateInput,
  type PayComponentInput,
  type PayRecord,
  type PayRecordInput,
  type PreviewComponent,
} from '@/shared/payroll';
import type { z } from 'zod';
import type { AuditContext } from '../../../audit/record-event';
import type { Db } from '../../../db/client';
import { hrmsPayComponentAssignments, hrmsPayComponents, hrmsPayRecords, hrmsTimesheets } from '../../../db/schema';
import type { Tx } from '../../../db/tenant';
import { badRequest, notFound } from '../../../http/errors';
import type { ModuleScope } from '../../../platform/scope';
import { hrms, uniqueOr409 } from '../module';
import { recordPayrollEvent } from './audit';
import { fromMinor, money, roundHalfUp, sum, toMinor, type Money } from './money';

/*
 * Pay components per entity (issue 35 item 1), App Admins only like all of payroll: earnings,
 * deductions before and after tax, employer contributions; each a fixed amount a period, a percent
 * of the period's gross pay, or (earnings) a one-off amount entered on a draft run (a bonus). An
 * employee has the components assigned to them on their pay record, each at the component's
 * amount or percent or their own. How the engine treats each kind: engine.ts.
 *
 * For a run (runs.ts), everything is read in bulk for the whole run: the entity's components and
 * assignments in one query, the approved timesheets' hours of the schedule's hourly employees in
 * another.
 */

const ADMIN = 'app_admin' as const;
type ComponentRow = typeof hrmsPayComponents.$inferSelect;

/** Percent as the API writes it: "5", "3.5", "12.3456" (numeric keeps trailing zeros). */
const percentText = (value: string | null) => (value === null ? null : money(value).toString());

const componentOf = (row: ComponentRow, employees: number): PayComponent => ({
  id: row.id,
  entityId: row.entityId,
  name: row.name,
  kind: row.kind as PayComponentKind,
  method: row.method as PayComponentMethod,
  amount: row.amountMinor === null ? null : fromMinor(row.amountMinor),
  percent: percentText(row.percent),
  employees,
  version: row.version,
});
const componentFields = (c: PayComponent) => ({ name: c.name, kind: c.kind, method: c.method, amount: c.amount, percent: c.percent });
const componentTarget = (c: PayComponent) => ({ type: 'pay_component' as const, id: c.id, label: c.name });
const componentValues = (input: PayComponentInput | z.output<typeof payComponentCreateInput>) => ({
  name: input.name,
  kind: input.kind,
  method: input.method,
  amountMinor: input.method === 'fixed' ? toMinor(input.amount!) : null,
  percent: input.method === 'percent' ? input.percent! : null,
});

/** Written out: drizzle renders a column of the only table selected from unqualified, which the subquery would read as its own `a.id`. */
const assignedCount = sql<number>`(select count(*) from hrms_pay_component_assignments a where a.component_id = hrms_pay_components.id)::int`.mapWith(Number);

async function readComponent(tx: Tx, id: string): Promise<PayComponent> {
  const [row] = await tx.select({ row: hrmsPayComponents, employees: assignedCount }).from(hrmsPayComponents).where(eq(hrmsPayComponents.id, id));
  if (!row) throw notFound(PAY_COMPONENT_MESSAGES.notFound);
  return componentOf(row.row, row.employees);
}

export function listComponents(db: Db, user: SessionUser, entityId: string | undefined): Promise<{ items: PayComponent[] }> {
  return hrms.scope(
    db,
    user,
    ADMIN,
    async (tx, scope) => {
      const rows = await tx
        .select({ row: hrmsPayComponents, employees: assignedCount })
        .from(hrmsPayComponents)
        .where(inArray(hrmsPayComponents.entityId, entityId ? [entityId] : scope.entityIds))
        .orderBy(asc(hrmsPayComponents.kind), asc(hrmsPayComponents.name));
      return { items: rows.map((r) => componentOf(r.row, r.employees)) };
    },
    entityId,
  );
}

const uniqueComponent = <T>(write: () => Promise<T>) => uniqueOr409('hrms_pay_components_entity_name_key', PAY_COMPONENT_MESSAGES.taken, write);

export function createComponent(db: Db, user: SessionUser, input: z.output<typeof payComponentCreateInput>, audit: AuditContext): Promise<PayComponent> {
  return uniqueComponent(() =>
    hrms.scope(
      db,
      user,
      ADMIN,
      async (tx, scope) => {
        const [row] = await tx
          .insert(hrmsPayComponents)
          .values({ companyId: scope.companyId, entityId: input.entityId, ...componentValues(input) })
          .returning();
        const created = componentOf(row!, 0);
        await recordPayrollEvent(tx, scope, audit, 'hrms.pay_component.created', componentTarget(created), componentFields(created));
        return created;
      },
      input.entityId,
    ),
  );
}

/**
 * A change of kind or method drops the employees' own amounts or percents that no longer fit (a
 * percent override of a component that is now fixed); the assignments stay. Runs already approved
 * keep their figures; drafts take the change when recalculated (approval refuses stale figures).
 */
export function updateComponent(db: Db, user: SessionUser, id: string, input: PayComponentInput, audit: AuditContext): Promise<PayComponent> {
  return uniqueComponent(() =>
    hrms.scope(db, user, ADMIN, async (tx, scope) => {
      await hrms.lock(tx, hrmsPayComponents, id, input.version, PAY_COMPONENT_MESSAGES.notFound);
      const before = await readComponent(tx, id);
      await hrms.save(tx, hrmsPayComponents, id, componentValues(input));
      const a = hrmsPayComponentAssignments;
      if (input.method === 'one_off') await tx.delete(a).where(eq(a.componentId, id));
      if (input.method !== 'fixed') await tx.update(a).set({ amountMinor: null }).where(eq(a.componentId, id));
      if (input.method !== 'percent') await tx.update(a).set({ percent: null }).where(eq(a.componentId, id));
      const after = await readComponent(tx, id);
      await recordPayrollEvent(tx, scope, audit, 'hrms.pay_component.updated', componentTarget(after), componentFields(after), componentFields(before));
      return after;
    }),
  );
}

/** Deletes a component and its assignments; approved runs keep the lines it made (they hold its name). */
export function deleteComponent(db: Db, user: SessionUser, id: string, version: number, audit: AuditContext): Promise<PayComponent> {
  return hrms.scope(db, user, ADMIN, async (tx, scope) => {
    await hrms.lock(tx, hrmsPayComponents, id, version, PAY_COMPONENT_MESSAGES.notFound);
    const before = await readComponent(tx, id);
    await tx.delete(hrmsPayComponents).where(eq(hrmsPayComponents.id, id));
    await recordPayrollEvent(tx, scope, audit, 'hrms.pay_component.deleted', componentTarget(before), {}, componentFields(before));
    return before;
  });
}

// ----- an employee's components (their pay record) ------------------------------------------------

/** Each employee's assigned components, for their pay records (one query for all of them). */
export async function assignedComponents(tx: Tx, employeeIds: string[]): Promise<Map<string, PayRecord['components']>> {
  const byEmployee = new Map<string, PayRecord['components']>();
  if (!employeeIds.length) return byEmployee;
  const a = hrmsPayComponentAssignments;
  const c = hrmsPayComponents;
  const rows = await tx
    .select({ employeeId: a.employeeId, componentId: c.id, name: c.name, kind: c.kind, method: c.method, amountMinor: a.amountMinor, percent: a.percent })
    .from(a)
    .innerJoin(c, eq(c.id, a.componentId))
    .where(inArray(a.employeeId, employeeIds))
    .orderBy(asc(c.kind), asc(c.name));
  for (const r of rows) {
    const list = byEmployee.get(r.employeeId) ?? [];
    list.push({
      componentId: r.componentId,
      name: r.name,
      kind: r.kind as PayComponentKind,
      method: r.method as PayComponentMethod,
      amount: r.amountMinor === null ? null : fromMinor(r.amountMinor),
      percent: percentText(r.percent),
    });
    byEmployee.set(r.employeeId, list);
  }
  return byEmployee;
}

/**
 * Replaces an employee's components with `items` (a pay record's create or update). Each must be a
 * component of the employee's entity that is not one-off (those are entered on a run), and an own
 * figure must be the component's kind of figure: an amount for a fixed one, a percent for a percent one.
 */
export async function saveAssignments(tx: Tx, scope: ModuleScope, entityId: string, employeeId: string, items: NonNullable<PayRecordInput['components']>) {
  const ids = items.map((i) => i.componentId);
  const found = ids.length
    ? await tx
        .select({ id: hrmsPayComponents.id, method: hrmsPayComponents.method })
        .from(hrmsPayComponents)
        .where(and(eq(hrmsPayComponents.entityId, entityId), inArray(hrmsPayComponents.id, ids)))
    : [];
  const methods = new Map(found.map((f) => [f.id, f.method]));
  for (const item of items) {
    const method = methods.get(item.componentId.toLowerCase());
    if (!method || method === 'one_off') throw badRequest(PAY_COMPONENT_MESSAGES.assignmentComponent);
    if ((item.amount && method !== 'fixed') || (item.percent && method !== 'percent')) throw badRequest(PAY_COMPONENT_MESSAGES.overrideMismatch);
  }
  const a = hrmsPayComponentAssignments;
  await tx.delete(a).where(eq(a.employeeId, employeeId));
  if (items.length)
    await tx.insert(a).values(
      items.map((i) => ({
        companyId: scope.companyId,
        entityId,
        employeeId,
        componentId: i.componentId.toLowerCase(),
        amountMinor: i.amount ? toMinor(i.amount) : null,
        percent: i.percent ?? null,
      })),
    );
}

// ----- a run's components and hours ------------------------------------------------------------

/** A part of the gross: salary or hourly pay, overtime, a bonus, another earning. */
export interface Earning {
  code: string;
  label: string;
  amount: Money;
  rule?: string;
}

interface Hours {
  workedMinutes: number;
  overtimeMinutes: number;
  weeks: number;
}

export interface RunExtras {
  components: Map<string, ComponentRow>;
  /** Per employee: their components with their own amount or percent where set. */
  assigned: Map<string, { component: ComponentRow; amountMinor: bigint | null; percent: string | null }[]>;
  /** Per hourly employee of the schedule: their approved timesheets of the period. */
  hours: Map<string, Hours>;
}

/** The entity's weekly hours in minutes (attendance settings; 40 hours when never set): overtime is what a week has beyond them. */
const weeklyMinutes = (entityId: string) =>
  sql<number>`coalesce((select round(s.weekly_hours * 60)::int from hrms_attendance_settings s where s.entity_id = ${entityId}), ${40 * 60})`;

/**
 * Everything a run needs besides pay records, in three queries for the whole run: the entity's
 * components, their assignments, and the hours of the approved timesheets of the schedule's hourly
 * employees whose week ends in the period (a week is paid once, in the period its last day falls in).
 */
export async function loadRunExtras(tx: Tx, run: { entityId: string; scheduleId: string; periodStart: string; periodEnd: string }): Promise<RunExtras> {
  const c = hrmsPayComponents;
  const a = hrmsPayComponentAssignments;
  const t = hrmsTimesheets;
  const componentRows = await tx.select().from(c).where(eq(c.entityId, run.entityId));
  const components = new Map(componentRows.map((row) => [row.id, row]));
  const assignments = await tx.select({ employeeId: a.employeeId, componentId: a.componentId, amountMinor: a.amountMinor, percent: a.percent }).from(a).where(eq(a.entityId, run.entityId));
  const assigned: RunExtras['assigned'] = new Map();
  for (const row of assignments) {
    const component = components.get(row.componentId);
    if (!component) continue;
    assigned.set(row.employeeId, [...(assigned.get(row.employeeId) ?? []), { component, amountMinor: row.amountMinor, percent: row.percent }]);
  }
  const expected = weeklyMinutes(run.entityId);
  const hourRows = await tx
    .select({
      employeeId: t.employeeId,
      workedMinutes: sql<number>`sum(${t.workedMinutes})::int`.mapWith(Number),
      overtimeMinutes: sql<number>`sum(greatest(0, ${t.workedMinutes} - ${expected}))::int`.mapWith(Number),
      weeks: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(t)
    .where(
      and(
        eq(t.entityId, run.entityId),
        eq(t.status, 'approved'),
        // The week's Sunday in the period, written on week_start so its index serves.
        sql`${t.weekStart} between ${run.periodStart}::date - 6 and ${run.periodEnd}::date - 6`,
        inArray(
          t.employeeId,
          tx
            .select({ id: hrmsPayRecords.employeeId })
            .from(hrmsPayRecords)
            .where(and(eq(hrmsPayRecords.scheduleId, run.scheduleId), eq(hrmsPayRecords.payBasis, 'hourly'))),
        ),
      ),
    )
    .groupBy(t.employeeId);
  return { components, assigned, hours: new Map(hourRows.map((h) => [h.employeeId, h])) };
}

const hoursText = (minutes: number) => money(minutes).dividedBy(60).toDecimalPlaces(2).toString();

/**
 * Hourly pay from approved timesheets: the hours up to the entity's weekly hours × the rate, and
 * each week's overtime hours × the rate × the overtime multiplier, each to the nearest cent (half up).
 */
export function hourlyPay(rate: string, currency: string, hours: Hours | undefined, multiplier: string): { earnings: Earning[]; rule: string } {
  const worked = hours?.workedMinutes ?? 0;
  const overtime = hours?.overtimeMinutes ?? 0;
  const regular = worked - overtime;
  const perHour = money(rate);
  const m = (value: Money | string) => formatMoney(money(value.toString()).toFixed(2), currency);
  const weeks = hours?.weeks ?? 0;
  const rule = `${hoursText(regular)} hours × ${m(rate)} an hour (${weeks} approved timesheet${weeks === 1 ? '' : 's'})`;
  const earnings: Earning[] = [{ code: 'hourly', label: EARNING_LABELS.hourly!, amount: roundHalfUp(perHour.times(regular).dividedBy(60)), rule }];
  if (overtime > 0) {
    const factor = money(multiplier);
    earnings.push({
      code: 'overtime',
      label: EARNING_LABELS.overtime!,
      amount: roundHalfUp(perHour.times(factor).times(overtime).dividedBy(60)),
      rule: `${hoursText(overtime)} hours × ${m(rate)} × ${factor.toString()}`,
    });
  }
  return { earnings, rule };
}

/**
 * One employee's earnings and components for a run: `base` (salary, hourly pay and overtime, or an
 * off-cycle payment) plus their fixed earnings and the run's one-off amounts for them; their
 * deductions and employer contributions for the engine. An off-cycle run pays what was entered:
 * only percent components apply to it (a pension on a correction), not the fixed ones of a period.
 */
export function employeePay(
  extras: RunExtras,
  employeeId: string,
  base: Earning[],
  run: { offCycle: boolean; bonuses: { employeeId: string; componentId: string; amount: string }[] },
): { earnings: Earning[]; components: PreviewComponent[] } {
  const earnings = [...base];
  const components: PreviewComponent[] = [];
  for (const { component, amountMinor, percent } of extras.assigned.get(employeeId) ?? []) {
    if (component.method === 'fixed' && run.offCycle) continue;
    const fixed = component.method === 'fixed' ? fromMinor(amountMinor ?? component.amountMinor!) : null;
    if (component.kind === 'earning') {
      if (fixed !== null) earnings.push({ code: 'earning', label: component.name, amount: money(fixed) });
      continue;
    }
    const kind = component.kind as PreviewComponent['kind'];
    components.push(fixed !== null ? { name: component.name, kind, amount: fixed } : { name: component.name, kind, percent: money(percent ?? component.percent!).toString() });
  }
  for (const bonus of run.bonuses) {
    const component = extras.components.get(bonus.componentId);
    if (bonus.employeeId === employeeId && component) earnings.push({ code: 'bonus', label: component.name, amount: money(bonus.amount) });
  }
  return { earnings, components };
}

export const grossOf = (earnings: Earning[]) => sum(earnings.map((e) => e.amount));
