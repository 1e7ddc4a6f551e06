import { and, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import {
  HRMS_MESSAGES,
  insufficientBalance,
  workingDays,
  type leaveRequestInput,
  type leaveRequestListQuery,
  type leaveTypeCreateInput,
  type leaveTypeUpdateInput,
  type Balance,
  type LeaveRequest,
  type LeaveType,
} from '@/shared/hrms';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { hrmsEmployees, hrmsLeaveRequests, hrmsLeaveTypes } from '../../db/schema';
import { isUniqueViolation, type Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { sortedPage, toSortedPage } from '../../platform/list';
import { productAdmins, type ModuleScope } from '../../platform/scope';
import { isoText, isoTextOrNull, uuidArray } from '../../platform/sql';
import { addDays, today } from './dates';
import { recordLeaveRequestEvent, recordLeaveTypeEvent } from './audit';
import { employedOn } from './employees';
import { hrms } from './module';
import { ensureEntitySetup } from './setup';

const inEntities = (column: SQL | AnyPgColumn, entityIds: string[]) => sql`${column} = any(${uuidArray(entityIds)})`;

// ----- leave types -----------------------------------------------------------------------------

const leaveTypeFields = {
  id: hrmsLeaveTypes.id,
  entityId: hrmsLeaveTypes.entityId,
  name: hrmsLeaveTypes.name,
  allowanceDays: hrmsLeaveTypes.allowanceDays,
  version: hrmsLeaveTypes.version,
};
const toLeaveType = (t: typeof hrmsLeaveTypes.$inferSelect): LeaveType => ({ id: t.id, entityId: t.entityId, name: t.name, allowanceDays: t.allowanceDays, version: t.version });

export function listLeaveTypes(db: Db, user: SessionUser, entityId?: string) {
  return hrms.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      await ensureEntitySetup(tx, scope, scope.entityIds);
      const items: LeaveType[] = await tx
        .select(leaveTypeFields)
        .from(hrmsLeaveTypes)
        .where(inEntities(hrmsLeaveTypes.entityId, scope.entityIds))
        .orderBy(hrmsLeaveTypes.entityId, hrmsLeaveTypes.createdAt, hrmsLeaveTypes.name);
      return { items };
    },
    entityId,
  );
}

function rethrowLeaveTypeError(error: unknown): never {
  if (isUniqueViolation(error, 'hrms_leave_types_entity_name_key')) throw conflict(HRMS_MESSAGES.leaveTypeTaken);
  throw error;
}

export async function createLeaveType(db: Db, user: SessionUser, input: z.output<typeof leaveTypeCreateInput>, audit: AuditContext): Promise<LeaveType> {
  try {
    return await hrms.scope(
      db,
      user,
      'app_admin',
      async (tx, scope) => {
        await ensureEntitySetup(tx, scope, [input.entityId]);
        const [type] = await tx
          .insert(hrmsLeaveTypes)
          .values({ companyId: scope.companyId, entityId: input.entityId, name: input.name, allowanceDays: input.allowanceDays })
          .returning(leaveTypeFields);
        await recordLeaveTypeEvent(tx, scope, audit, 'hrms.leave_type.created', type!);
        return type!;
      },
      input.entityId,
    );
  } catch (error) {
    rethrowLeaveTypeError(error);
  }
}

export async function updateLeaveType(db: Db, user: SessionUser, id: string, input: z.output<typeof leaveTypeUpdateInput>, audit: AuditContext): Promise<LeaveType> {
  try {
    return await hrms.scope(db, user, 'app_admin', async (tx, scope) => {
      const before = toLeaveType(await hrms.lock(tx, hrmsLeaveTypes, id, input.version, HRMS_MESSAGES.leaveTypeNotFound));
      const after = toLeaveType(await hrms.save(tx, hrmsLeaveTypes, id, { name: input.name, allowanceDays: input.allowanceDays }));
      await recordLeaveTypeEvent(tx, scope, audit, 'hrms.leave_type.updated', after, before);
      return after;
    });
  } catch (error) {
    rethrowLeaveTypeError(error);
  }
}

// ----- leave requests ----------------------------------------------------------------------------

/** A request as `r`, its employee `e` and their manager `m`, its type `t`. */
const r = alias(hrmsLeaveRequests, 'r');
const e = alias(hrmsEmployees, 'e');
const m = alias(hrmsEmployees, 'm');
const t = alias(hrmsLeaveTypes, 't');

const employeeName = sql<string>`${e.firstName} || ' ' || ${e.lastName}`;

/** A request with what the rules below need: who it is for, their manager, who asked. */
const requestFields = {
  id: r.id,
  entityId: r.entityId,
  employeeId: r.employeeId,
  employeeName,
  employeeUserId: e.userId,
  managerUserId: m.userId,
  requestedBy: r.requestedBy,
  leaveTypeId: r.leaveTypeId,
  leaveTypeName: t.name,
  startDate: r.startDate,
  endDate: r.endDate,
  startHalf: r.startHalf,
  endHalf: r.endHalf,
  days: sql<number>`${r.days}::float8`,
  reason: r.reason,
  status: sql<LeaveRequest['status']>`${r.status}`,
  decisionComment: r.decisionComment,
  decidedAt: isoTextOrNull(r.decidedAt),
  version: r.version,
  createdAt: isoText(r.createdAt),
};

function selectRequests<X extends Record<string, SQL>>(tx: Tx, extra: X = {} as X) {
  return tx
    .select({ ...requestFields, ...extra })
    .from(r)
    .innerJoin(e, eq(e.id, r.employeeId))
    .leftJoin(m, eq(m.id, e.managerId))
    .innerJoin(t, eq(t.id, r.leaveTypeId));
}

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

/** Approve or reject: an App Admin of the entity, or the employee's manager; never one's own. */
function mayDecide(scope: ModuleScope, row: RequestRow) {
  if (row.employeeUserId === scope.userId && !scope.isSuperAdmin) return false;
  return scope.has(row.entityId, 'app_admin') || (row.managerUserId === scope.userId && scope.has(row.entityId, 'member'));
}

/** Cancel: the requester (or the employee) while pending; an App Admin while pending or approved. */
function mayCancel(scope: ModuleScope, row: RequestRow) {
  if (scope.has(row.entityId, 'app_admin')) return row.status === 'pending' || row.status === 'approved';
  const own = row.requestedBy === scope.userId || row.employeeUserId === scope.userId;
  return own && row.status === 'pending' && scope.has(row.entityId, 'member');
}

const toRequest =
  (scope: ModuleScope) =>
  (row: RequestRow): LeaveRequest => ({
    id: row.id,
    entityId: row.entityId,
    employeeId: row.employeeId,
    employeeName: row.employeeName,
    leaveTypeId: row.leaveTypeId,
    leaveTypeName: row.leaveTypeName,
    startDate: row.startDate,
    endDate: row.endDate,
    startHalf: row.startHalf,
    endHalf: row.endHalf,
    days: Number(row.days),
    reason: row.reason,
    status: row.status,
    decisionComment: row.decisionComment,
    decidedAt: row.decidedAt,
    canDecide: row.status === 'pending' && mayDecide(scope, row),
    canCancel: mayCancel(scope, row),
    version: row.version,
    createdAt: row.createdAt,
  });

export function listLeaveRequests(db: Db, user: SessionUser, query: z.output<typeof leaveRequestListQuery>) {
  return hrms.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const page = sortedPage({ columns: [sql`r.created_at`], types: ['timestamptz'] }, sql`r.id`, { ...query, dir: 'desc' });
      const conditions = [eq(r.companyId, scope.companyId), inEntities(r.entityId, scope.entityIds)];
      if (query.status) conditions.push(eq(r.status, query.status));
      if (query.employeeId) conditions.push(eq(r.employeeId, query.employeeId));
      if (query.mine === 'true') conditions.push(or(eq(e.userId, scope.userId), eq(r.requestedBy, scope.userId))!);
      if (page.where) conditions.push(page.where);
      const rows = await selectRequests(tx, { cursorValues: page.cursorValues })
        .where(and(...conditions))
        .orderBy(...page.orderBy)
        .limit(page.limit);
      return toSortedPage(rows, query.limit, toRequest(scope));
    },
    query.entityId,
  );
}

async function readRequest(tx: Tx, id: string, lock = false): Promise<RequestRow> {
  const query = selectRequests(tx).where(eq(r.id, id));
  const [row] = lock ? await query.for('update', { of: r }) : await query;
  if (!row) throw notFound(HRMS_MESSAGES.requestNotFound);
  return row;
}

/** Days of leave, approved and pending, summed as numbers. */
const daysWhere = (column: AnyPgColumn, status: SQL) => sql<number>`coalesce(sum(${column}) filter (where ${status}), 0)::float8`;

/** A calendar year's range of start dates. */
const inYear = (column: AnyPgColumn, year: number) => and(gte(column, `${year}-01-01`), lte(column, `${year}-12-31`))!;

/** Days of a type an employee has pending and approved in a year. */
async function used(tx: Tx, employeeId: string, leaveTypeId: string, year: number) {
  const q = hrmsLeaveRequests;
  const [row] = await tx
    .select({ taken: daysWhere(q.days, sql`${q.status} = 'approved'`), pending: daysWhere(q.days, sql`${q.status} = 'pending'`) })
    .from(q)
    .where(and(eq(q.employeeId, employeeId), eq(q.leaveTypeId, leaveTypeId), sql`${q.status} in ('approved', 'pending')`, inYear(q.startDate, year)));
  return { taken: Number(row!.taken), pending: Number(row!.pending) };
}

/**
 * A request, refused when it overlaps another pending or approved one or exceeds the balance.
 * The employee's row is locked first (FOR UPDATE), so requests for one employee run one after
 * another and the checks see every earlier request: the balance cannot go negative.
 */
export function requestLeave(db: Db, user: SessionUser, input: z.output<typeof leaveRequestInput>, audit: AuditContext) {
  return hrms.scope(db, user, 'member', async (tx, scope) => {
    const [type] = await tx.select(leaveTypeFields).from(hrmsLeaveTypes).where(eq(hrmsLeaveTypes.id, input.leaveTypeId));
    if (!type) throw notFound(HRMS_MESSAGES.leaveTypeNotFound);
    const who = input.employeeId ? eq(hrmsEmployees.id, input.employeeId) : eq(hrmsEmployees.userId, scope.userId);
    const [employee] = await tx
      .select({ id: hrmsEmployees.id, userId: hrmsEmployees.userId, endDate: hrmsEmployees.endDate })
      .from(hrmsEmployees)
      .where(and(who, eq(hrmsEmployees.entityId, type.entityId)))
      .for('update');
    if (!employee) throw input.employeeId ? notFound(HRMS_MESSAGES.employeeNotFound) : badRequest(HRMS_MESSAGES.notLinked);
    if (employee.userId !== scope.userId && !scope.has(type.entityId, 'app_admin')) throw forbidden(HRMS_MESSAGES.onlyOwnLeave);
    // A leaver is still employed until their last day: leave up to it, none after it (termination
    // cancels pending leave after it for the same reason). Past the last day, none at all.
    if (employee.endDate !== null && employee.endDate < today()) throw badRequest(HRMS_MESSAGES.terminatedEmployee);
    if (employee.endDate !== null && input.endDate > employee.endDate) throw badRequest(HRMS_MESSAGES.afterLastDay);
    const days = workingDays(input.startDate, input.endDate, input.startHalf, input.endHalf);
    if (days <= 0) throw badRequest(HRMS_MESSAGES.noWorkingDays);
    const q = hrmsLeaveRequests;
    const overlapping = await tx
      .select({ id: q.id })
      .from(q)
      .where(and(eq(q.employeeId, employee.id), sql`${q.status} in ('pending', 'approved')`, lte(q.startDate, input.endDate), gte(q.endDate, input.startDate)))
      .limit(1);
    if (overlapping.length > 0) throw conflict(HRMS_MESSAGES.overlap);
    if (type.allowanceDays > 0) {
      const { taken, pending } = await used(tx, employee.id, type.id, Number(input.startDate.slice(0, 4)));
      const remaining = type.allowanceDays - taken - pending;
      if (days > remaining) throw conflict(insufficientBalance(type.name, Math.max(remaining, 0), days));
    }
    const [inserted] = await tx
      .insert(q)
      .values({
        companyId: scope.companyId,
        entityId: type.entityId,
        employeeId: employee.id,
        leaveTypeId: type.id,
        startDate: input.startDate,
        endDate: input.endDate,
        startHalf: input.startHalf,
        endHalf: input.endHalf,
        days: String(days),
        reason: input.reason,
        requestedBy: scope.userId,
      })
      .returning({ id: q.id });
    const created = await readRequest(tx, inserted!.id);
    await recordLeaveRequestEvent(tx, scope, audit, 'hrms.leave.requested', created);
    await tellReviewers(tx, scope, created, `${created.employeeName} requested ${created.leaveTypeName} leave, ${period(created)}`);
    return toRequest(scope)(created);
  });
}

const LEAVES_PAGE = '/hrms/leaves';

const period = (r: { startDate: string; endDate: string }) => (r.startDate === r.endDate ? r.startDate : `${r.startDate} to ${r.endDate}`);

/** A request was made or cancelled: the employee's manager and the entity's HRMS App Admins hear of it. */
async function tellReviewers(tx: Tx, scope: ModuleScope, request: { id: string; entityId: string; managerUserId: string | null }, title: string) {
  const admins = await productAdmins(tx, scope.companyId, 'hrms', request.entityId);
  await hrms.notify(tx, scope, {
    recipients: [...(request.managerUserId ? [request.managerUserId] : []), ...admins],
    category: 'leave_requests',
    title,
    url: LEAVES_PAGE,
    entityId: request.entityId,
    record: { type: 'hrms_leave_request', id: request.id },
  });
}

/** Writes a decision (approve, reject, cancel) on a request locked by readRequest, and reads it back. */
async function decide(tx: Tx, scope: ModuleScope, id: string, values: { status: LeaveRequest['status']; decisionComment?: string }) {
  await hrms.save(tx, hrmsLeaveRequests, id, { ...values, decidedBy: scope.userId, decidedAt: sql`now()` });
  return readRequest(tx, id);
}

/**
 * Approve or reject. The row is locked (FOR UPDATE) and must still be pending: of two approvers
 * at once, the second waits for the first, then finds it decided and gets 409.
 */
export function decideLeave(db: Db, user: SessionUser, id: string, decision: 'approved' | 'rejected', comment: string, audit: AuditContext) {
  return hrms.scope(db, user, 'member', async (tx, scope) => {
    const before = await readRequest(tx, id, true);
    if (before.employeeUserId === scope.userId && !scope.isSuperAdmin) throw forbidden(HRMS_MESSAGES.cannotDecideOwn);
    if (!mayDecide(scope, before)) throw forbidden(HRMS_MESSAGES.cannotDecide);
    if (before.status !== 'pending') throw conflict(HRMS_MESSAGES.notPending);
    const decided = await decide(tx, scope, id, { status: decision, decisionComment: comment });
    await recordLeaveRequestEvent(tx, scope, audit, decision === 'approved' ? 'hrms.leave.approved' : 'hrms.leave.rejected', decided, before);
    await hrms.notify(tx, scope, {
      recipients: [decided.employeeUserId, decided.requestedBy].filter((id): id is string => id !== null),
      category: 'leave_decisions',
      title: `Your ${decided.leaveTypeName} leave, ${period(decided)}, was ${decision}${comment ? `: ${comment}` : ''}`,
      url: LEAVES_PAGE,
      entityId: decided.entityId,
      record: { type: 'hrms_leave_request', id },
    });
    return toRequest(scope)(decided);
  });
}

export function cancelLeave(db: Db, user: SessionUser, id: string, audit: AuditContext) {
  return hrms.scope(db, user, 'member', async (tx, scope) => {
    const before = await readRequest(tx, id, true);
    if (before.status !== 'pending' && before.status !== 'approved') throw conflict(HRMS_MESSAGES.cannotCancelNow);
    if (!mayCancel(scope, before)) throw forbidden(HRMS_MESSAGES.cannotCancel);
    const cancelled = await decide(tx, scope, id, { status: 'cancelled' });
    await recordLeaveRequestEvent(tx, scope, audit, 'hrms.leave.cancelled', cancelled, before);
    await tellReviewers(tx, scope, cancelled, `${cancelled.employeeName} cancelled their ${cancelled.leaveTypeName} leave, ${period(cancelled)}`);
    return toRequest(scope)(cancelled);
  });
}

// ----- balances, who is away, dashboard ------------------------------------------------------------

export function balances(db: Db, user: SessionUser, employeeId: string, year: number) {
  return hrms.scope(db, user, 'viewer', async (tx, scope) => {
    const [employee] = await tx.select({ entityId: hrmsEmployees.entityId }).from(hrmsEmployees).where(eq(hrmsEmployees.id, employeeId));
    if (!employee) throw notFound(HRMS_MESSAGES.employeeNotFound);
    await ensureEntitySetup(tx, scope, [employee.entityId]);
    const rows = await tx
      .select({
        leaveTypeId: t.id,
        name: t.name,
        allowanceDays: t.allowanceDays,
        taken: daysWhere(r.days, sql`${r.status} = 'approved'`),
        pending: daysWhere(r.days, sql`${r.status} = 'pending'`),
      })
      .from(t)
      .leftJoin(r, and(eq(r.leaveTypeId, t.id), eq(r.employeeId, employeeId), inYear(r.startDate, year)))
      .where(eq(t.entityId, employee.entityId))
      .groupBy(t.id)
      .orderBy(t.createdAt, t.name);
    const items: Balance[] = rows.map((b) => ({
      ...b,
      taken: Number(b.taken),
      pending: Number(b.pending),
      remaining: b.allowanceDays === 0 ? null : b.allowanceDays - Number(b.taken) - Number(b.pending),
    }));
    return { year, items };
  });
}

/** Approved leave overlapping today and the next 13 days, soonest first. */
async function awayQuery(tx: Tx, scope: ModuleScope, limit: number) {
  const from = today();
  const to = addDays(from, 13);
  const rows = await tx
    .select({ employeeId: r.employeeId, employeeName, leaveTypeName: t.name, startDate: r.startDate, endDate: r.endDate, days: sql<number>`${r.days}::float8` })
    .from(r)
    .innerJoin(e, eq(e.id, r.employeeId))
    .innerJoin(t, eq(t.id, r.leaveTypeId))
    .where(and(inEntities(r.entityId, scope.entityIds), eq(r.status, 'approved'), lte(r.startDate, to), gte(r.endDate, from)))
    .orderBy(r.startDate, employeeName, r.id)
    .limit(limit);
  return rows.map((a) => ({ ...a, days: Number(a.days) }));
}

export function whoIsAway(db: Db, user: SessionUser, entityId?: string) {
  return hrms.scope(db, user, 'viewer', async (tx, scope) => ({ items: await awayQuery(tx, scope, 200) }), entityId);
}

/** The dashboard's four counts, one statement of scalar subqueries (raw SQL: no table to select from), read by this schema. */
const dashboardFigures = z.object({ headcount: z.coerce.number(), new_hires: z.coerce.number(), on_leave: z.coerce.number(), pending: z.coerce.number() });

export function dashboard(db: Db, user: SessionUser, entityId?: string) {
  return hrms.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const day = today();
      const monthStart = `${day.slice(0, 7)}-01`;
      const inScope = inEntities(sql`e.entity_id`, scope.entityIds);
      // Counted as the directory shows them today: a hire dated ahead is not counted yet, a leaver
      // is counted until their last day (see statusOf in employees.ts).
      const employed = employedOn(day);
      const { rows } = await tx.execute(sql`
        select
          (select count(*) from hrms_employees e where ${inScope} and ${employed})::int as headcount,
          (select count(*) from hrms_employees e where ${inScope} and ${employed} and e.start_date >= ${monthStart}::date)::int as new_hires,
          (select count(distinct r.employee_id) from hrms_leave_requests r join hrms_employees e on e.id = r.employee_id
             where ${inScope} and ${employed} and r.status = 'approved' and r.start_date <= ${day}::date and r.end_date >= ${day}::date)::int as on_leave,
          (select count(*) from hrms_leave_requests r join hrms_employees e on e.id = r.employee_id where ${inScope} and r.status = 'pending')::int as pending`);
      const f = dashboardFigures.parse(rows[0]);
      const department = sql<string>`case when ${e.department} = '' then 'No department' else ${e.department} end`;
      const byDepartment = await tx
        .select({ department, employees: sql<number>`count(*)::int` })
        .from(e)
        .where(sql`${inScope} and ${employed}`)
        .groupBy(sql`1`)
        .orderBy(sql`2 desc`, sql`1`)
        .limit(12);
      return {
        headcount: f.headcount,
        newHiresThisMonth: f.new_hires,
        onLeaveToday: f.on_leave,
        pendingRequests: f.pending,
        byDepartment: byDepartment.map((d) => ({ department: d.department, employees: Number(d.employees) })),
        upcomingLeave: await awayQuery(tx, scope, 10),
      };
    },
    entityId,
  );
}

/**
 * The signed-in user's own employee records in scope (the Leave page's "Request Leave"), but not
 * one past its last day: a leaver still requests leave up to it (requestLeave).
 */
export function me(db: Db, user: SessionUser) {
  return hrms.scope(db, user, 'viewer', async (tx, scope) => {
    const x = hrmsEmployees;
    const employees = await tx
      .select({ id: x.id, entityId: x.entityId, name: sql<string>`${x.firstName} || ' ' || ${x.lastName}` })
      .from(x)
      .where(and(eq(x.userId, scope.userId), sql`(${x.endDate} is null or ${x.endDate} >= ${today()}::date)`, inEntities(x.entityId, scope.entityIds)))
      .orderBy(x.entityId);
    return { employees };
  });
}

