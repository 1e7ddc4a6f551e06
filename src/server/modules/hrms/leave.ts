import { and, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import {
  HRMS_MESSAGES,
  insufficientBalance,
  type leaveDaysQuery,
  type leaveRequestInput,
  type leaveRequestListQuery,
  type leaveTypeCreateInput,
  type leaveTypeUpdateInput,
  type Balance,
  type LeaveDays,
  type LeaveRequest,
  type LeaveType,
} from '@/shared/hrms';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { hrmsEmployees, hrmsLeaveRequests, hrmsLeaveTypes } from '../../db/schema';
import { pipelined, type Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { sortedPage, toSortedPage } from '../../platform/list';
import { entityOf, productAdmins, type ModuleScope } from '../../platform/scope';
import { isoText, isoTextOrNull, uuidArray } from '../../platform/sql';
import { addDays, today } from './dates';
import { recordLeaveRequestEvent, recordLeaveTypeEvent } from './audit';
import { employedOn, readOwnEmployees } from './employees';
import { entityHolidays } from './holidays';
import { bookedIn, countLeave, isWeekend, shortfall, yearBalance, type Booked, type LeavePolicy } from './leave-policy';
import { hrms, mayReach, reachCondition, uniqueOr409 } from './module';
import { ensureEntitySetup, entitySetup, madeOnFirstRead } from './setup';

const inEntities = (column: SQL | AnyPgColumn, entityIds: string[]) => sql`${column} = any(${uuidArray(entityIds)})`;

// ----- leave types -----------------------------------------------------------------------------

const leaveTypeFields = {
  id: hrmsLeaveTypes.id,
  entityId: hrmsLeaveTypes.entityId,
  name: hrmsLeaveTypes.name,
  allowanceDays: hrmsLeaveTypes.allowanceDays,
  accrual: sql<LeaveType['accrual']>`${hrmsLeaveTypes.accrual}`,
  carryOverDays: hrmsLeaveTypes.carryOverDays,
  carryOverExpiryMonths: hrmsLeaveTypes.carryOverExpiryMonths,
  halfDays: hrmsLeaveTypes.halfDays,
  version: hrmsLeaveTypes.version,
};
const toLeaveType = (t: typeof hrmsLeaveTypes.$inferSelect): LeaveType => ({
  id: t.id,
  entityId: t.entityId,
  name: t.name,
  allowanceDays: t.allowanceDays,
  accrual: t.accrual as LeaveType['accrual'],
  carryOverDays: t.carryOverDays,
  carryOverExpiryMonths: t.carryOverExpiryMonths,
  halfDays: t.halfDays,
  version: t.version,
});

export function listLeaveTypes(db: Db, user: SessionUser, entityId?: string) {
  // Self-service too: an employee chooses a type of their own entity when requesting leave.
  // The entities' defaults are made on first use: then in a write, even in a GET (setup.ts).
  return madeOnFirstRead((create) =>
    hrms.selfScope(
      db,
      user,
      'viewer',
      async (tx, scope) => {
        // Read together: one round trip (the setup first, so a write's types include the defaults).
        const [done, items] = await pipelined(
          tx,
          () => entitySetup(tx, scope, scope.entityIds, create),
          (): Promise<LeaveType[]> =>
            tx
              .select(leaveTypeFields)
              .from(hrmsLeaveTypes)
              .where(inEntities(hrmsLeaveTypes.entityId, scope.entityIds))
              .orderBy(hrmsLeaveTypes.entityId, hrmsLeaveTypes.createdAt, hrmsLeaveTypes.name),
        );
        return done ? { items } : undefined;
      },
      entityId,
    ),
  );
}

const uniqueName = <T>(write: () => Promise<T>) => uniqueOr409('hrms_leave_types_entity_name_key', HRMS_MESSAGES.leaveTypeTaken, write);

export function createLeaveType(db: Db, user: SessionUser, input: z.output<typeof leaveTypeCreateInput>, audit: AuditContext): Promise<LeaveType> {
  return uniqueName(() =>
    hrms.scope(
      db,
      user,
      'app_admin',
      async (tx, scope) => {
        await ensureEntitySetup(tx, scope, [input.entityId]);
        const [type] = await tx
          .insert(hrmsLeaveTypes)
          .values({ companyId: scope.companyId, ...input })
          .returning(leaveTypeFields);
        await recordLeaveTypeEvent(tx, scope, audit, 'hrms.leave_type.created', type!);
        return type!;
      },
      input.entityId,
    ),
  );
}

export function updateLeaveType(db: Db, user: SessionUser, id: string, input: z.output<typeof leaveTypeUpdateInput>, audit: AuditContext): Promise<LeaveType> {
  return uniqueName(() =>
    hrms.scope(db, user, 'app_admin', async (tx, scope) => {
      const before = toLeaveType(await hrms.lock(tx, hrmsLeaveTypes, id, input.version, HRMS_MESSAGES.leaveTypeNotFound));
      const { version: _read, ...policy } = input;
      const after = toLeaveType(await hrms.save(tx, hrmsLeaveTypes, id, policy));
      await recordLeaveTypeEvent(tx, scope, audit, 'hrms.leave_type.updated', after, before);
      return after;
    }),
  );
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

/** Nobody decides on their own leave, a super admin neither (issue 34). HR deciding a request it filed for someone else is allowed. */
const isOwn = (scope: ModuleScope, row: RequestRow) => row.employeeUserId === scope.userId;

/** Approve or reject: HR staff of the entity (Member or App Admin), or the employee's manager without a grant; never one's own. */
function mayDecide(scope: ModuleScope, row: RequestRow) {
  if (isOwn(scope, row)) return false;
  return scope.has(row.entityId, 'member') || scope.self.reportIds.includes(row.employeeId);
}

/** Cancel: the requester (or the employee) while pending; an App Admin while pending or approved. */
function mayCancel(scope: ModuleScope, row: RequestRow) {
  if (scope.has(row.entityId, 'app_admin')) return row.status === 'pending' || row.status === 'approved';
  return (isOwn(scope, row) || row.requestedBy === scope.userId) && row.status === 'pending';
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

/** Requests in the caller's reach: the entity's for HR staff; their own and their reports' for an employee (hrms.selfScope). */
export function listLeaveRequests(db: Db, user: SessionUser, query: z.output<typeof leaveRequestListQuery>) {
  return hrms.selfScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const page = sortedPage({ columns: [sql`r.created_at`], types: ['timestamptz'] }, sql`r.id`, { ...query, dir: 'desc' });
      const conditions = [eq(r.companyId, scope.companyId), inEntities(r.entityId, scope.entityIds), reachCondition(scope, r.entityId, r.employeeId)];
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

/** A request in the caller's reach (404 otherwise, as for one that does not exist). */
async function readRequest(tx: Tx, scope: ModuleScope, id: string, lock = false): Promise<RequestRow> {
  const query = selectRequests(tx).where(eq(r.id, id));
  const [row] = lock ? await query.for('update', { of: r }) : await query;
  if (!row || !mayReach(scope, row.entityId, row.employeeId)) throw notFound(HRMS_MESSAGES.requestNotFound);
  return row;
}

/** The policy part of a leave type, as leave-policy.ts reads it. */
const policyFields = {
  allowanceDays: hrmsLeaveTypes.allowanceDays,
  accrual: sql<LeavePolicy['accrual']>`${hrmsLeaveTypes.accrual}`,
  carryOverDays: hrmsLeaveTypes.carryOverDays,
  carryOverExpiryMonths: hrmsLeaveTypes.carryOverExpiryMonths,
  since: sql<number>`extract(year from ${hrmsLeaveTypes.createdAt} at time zone 'UTC')::int`,
};

type BookedByStatus = Record<'approved' | 'pending', Map<string, number>>;

/** An employee's approved and pending leave of each type, per month (each request's days by month added up). */
async function bookedByType(tx: Tx, employeeId: string) {
  const q = hrmsLeaveRequests;
  const rows = await tx
    .select({ leaveTypeId: q.leaveTypeId, status: sql<keyof BookedByStatus>`${q.status}`, daysByMonth: q.daysByMonth })
    .from(q)
    .where(and(eq(q.employeeId, employeeId), sql`${q.status} in ('approved', 'pending')`));
  const byType = new Map<string, BookedByStatus>();
  for (const row of rows) {
    const booked = byType.get(row.leaveTypeId) ?? { approved: new Map(), pending: new Map() };
    addMonths(booked[row.status], Object.entries(row.daysByMonth));
    byType.set(row.leaveTypeId, booked);
  }
  return byType;
}

/** Adds days per month into `total`. */
function addMonths(total: Map<string, number>, months: Iterable<[string, number]>) {
  for (const [month, days] of months) total.set(month, (total.get(month) ?? 0) + days);
  return total;
}

/** Approved and pending leave together: what a balance counts as booked. */
const allBooked = (b: BookedByStatus | undefined): Booked => (b ? addMonths(new Map(b.approved), b.pending) : new Map());

/** The working days from start to end at an entity: its public and company holidays are not counted. */
async function countAt(tx: Tx, entityId: string | SQL, input: { startDate: string; endDate: string; startHalf: boolean; endHalf: boolean }) {
  const holidays = await entityHolidays(tx, entityId, input.startDate, input.endDate);
  return { ...countLeave(input.startDate, input.endDate, input.startHalf, input.endHalf, (day) => holidays.has(day)), holidays };
}

/**
 * A request, refused when it overlaps another pending or approved one or exceeds the balance of
 * any year it touches (leave-policy.ts: accrual, carry-over and its expiry). The employee's row
 * is locked first (FOR UPDATE), so requests for one employee run one after another and the
 * checks see every earlier request: the balance cannot go negative through requests.
 */
export function requestLeave(db: Db, user: SessionUser, input: z.output<typeof leaveRequestInput>, audit: AuditContext) {
  // Self-service: any employee requests their own leave, no grant needed (issue 34).
  return hrms.selfScope(db, user, 'member', async (tx, scope) => {
    const [type] = await tx
      .select({ id: hrmsLeaveTypes.id, entityId: hrmsLeaveTypes.entityId, name: hrmsLeaveTypes.name, halfDays: hrmsLeaveTypes.halfDays, policy: policyFields })
      .from(hrmsLeaveTypes)
      .where(eq(hrmsLeaveTypes.id, input.leaveTypeId));
    if (!type) throw notFound(HRMS_MESSAGES.leaveTypeNotFound);
    const who = input.employeeId ? eq(hrmsEmployees.id, input.employeeId) : eq(hrmsEmployees.userId, scope.userId);
    const [employee] = await tx
      .select({ id: hrmsEmployees.id, userId: hrmsEmployees.userId, startDate: hrmsEmployees.startDate, endDate: hrmsEmployees.endDate })
      .from(hrmsEmployees)
      .where(and(who, eq(hrmsEmployees.entityId, type.entityId)))
      .for('update');
    if (!employee) throw input.employeeId ? notFound(HRMS_MESSAGES.employeeNotFound) : badRequest(HRMS_MESSAGES.notLinked);
    // A colleague's id named by an employee without a grant there is as unknown as a made-up one.
    if (!mayReach(scope, type.entityId, employee.id, false)) throw notFound(HRMS_MESSAGES.employeeNotFound);
    if (employee.userId !== scope.userId && !scope.has(type.entityId, 'app_admin')) throw forbidden(HRMS_MESSAGES.onlyOwnLeave);
    // A leaver is still employed until their last day: leave up to it, none after it (termination
    // cancels pending leave after it for the same reason). Past the last day, none at all.
    if (employee.endDate !== null && employee.endDate < today()) throw badRequest(HRMS_MESSAGES.terminatedEmployee);
    if (employee.endDate !== null && input.endDate > employee.endDate) throw badRequest(HRMS_MESSAGES.afterLastDay);
    if ((input.startHalf || input.endHalf) && !type.halfDays) throw badRequest(HRMS_MESSAGES.halfDaysNotAllowed);
    const count = await countAt(tx, type.entityId, input);
    if (count.days <= 0) throw badRequest(HRMS_MESSAGES.noWorkingDays);
    const q = hrmsLeaveRequests;
    const overlapping = await tx
      .select({ id: q.id })
      .from(q)
      .where(and(eq(q.employeeId, employee.id), sql`${q.status} in ('pending', 'approved')`, lte(q.startDate, input.endDate), gte(q.endDate, input.startDate)))
      .limit(1);
    if (overlapping.length > 0) throw conflict(HRMS_MESSAGES.overlap);
    if (type.policy.allowanceDays > 0) {
      const booked = allBooked((await bookedByType(tx, employee.id)).get(type.id));
      for (const [year, days] of Object.entries(count.byYear)) {
        const short = shortfall(type.policy, employee, booked, count.byMonth, Number(year));
        if (short) throw conflict(insufficientBalance(type.name, short.remaining, days));
      }
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
        days: String(count.days),
        daysByMonth: Object.fromEntries(count.byMonth),
        reason: input.reason,
        requestedBy: scope.userId,
      })
      .returning({ id: q.id });
    const created = await readRequest(tx, scope, inserted!.id);
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
  return readRequest(tx, scope, id);
}

/**
 * Approve or reject. The row is locked (FOR UPDATE) and must still be pending: of two approvers
 * at once, the second waits for the first, then finds it decided and gets 409.
 */
export function decideLeave(db: Db, user: SessionUser, id: string, decision: 'approved' | 'rejected', comment: string, audit: AuditContext) {
  // Self-service: a manager decides on their reports' requests without a grant.
  return hrms.selfScope(db, user, 'member', async (tx, scope) => {
    const before = await readRequest(tx, scope, id, true);
    if (isOwn(scope, before)) throw forbidden(HRMS_MESSAGES.cannotDecideOwn);
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
  return hrms.selfScope(db, user, 'member', async (tx, scope) => {
    const before = await readRequest(tx, scope, id, true);
    if (before.status !== 'pending' && before.status !== 'approved') throw conflict(HRMS_MESSAGES.cannotCancelNow);
    if (!mayCancel(scope, before)) throw forbidden(HRMS_MESSAGES.cannotCancel);
    const cancelled = await decide(tx, scope, id, { status: 'cancelled' });
    await recordLeaveRequestEvent(tx, scope, audit, 'hrms.leave.cancelled', cancelled, before);
    await tellReviewers(tx, scope, cancelled, `${cancelled.employeeName} cancelled their ${cancelled.leaveTypeName} leave, ${period(cancelled)}`);
    return toRequest(scope)(cancelled);
  });
}

// ----- balances, who is away, dashboard ------------------------------------------------------------

/** An employee's entity and dates, when they are in the caller's reach (404 otherwise). */
async function reachableEmployee(tx: Tx, scope: ModuleScope, id: string) {
  const [employee] = await tx
    .select({ entityId: hrmsEmployees.entityId, startDate: hrmsEmployees.startDate, endDate: hrmsEmployees.endDate })
    .from(hrmsEmployees)
    .where(eq(hrmsEmployees.id, id));
  if (!employee || !mayReach(scope, employee.entityId, id)) throw notFound(HRMS_MESSAGES.employeeNotFound);
  return employee;
}

/**
 * The employee's entity as a uuid[] (entityOf, as an array: the setup takes entities), for what is
 * read with the employee in one round trip. What it reads of an employee out of reach is not used:
 * reachableEmployee answers 404 first.
 */
const entitiesOf = (employeeId: string) => sql`array(select entity_id from hrms_employees where id = ${employeeId}::uuid)`;

/**
 * An employee's balance of each leave type of their entity for a year (leave-policy.ts): booked
 * days by status in the year, the entitlement pro-rated to their employment, carry-over and what
 * of it expires, and what remains (negative when the allowance was lowered below what is booked).
 */
export function balances(db: Db, user: SessionUser, employeeId: string, year: number) {
  // The entity's default leave types are made on its first use: then in a write, even in a GET (setup.ts).
  return madeOnFirstRead((create) =>
    hrms.selfScope(db, user, 'viewer', async (tx, scope) => {
      // Read together: one round trip (the setup before the types, so a write's types include the defaults).
      const [employee, done, types, byType] = await pipelined(
        tx,
        () => reachableEmployee(tx, scope, employeeId),
        () => entitySetup(tx, scope, entitiesOf(employeeId), create),
        () =>
          tx
            .select({ leaveTypeId: hrmsLeaveTypes.id, name: hrmsLeaveTypes.name, policy: policyFields })
            .from(hrmsLeaveTypes)
            .where(eq(hrmsLeaveTypes.entityId, entityOf(hrmsEmployees, employeeId)))
            .orderBy(hrmsLeaveTypes.createdAt, hrmsLeaveTypes.name),
        () => bookedByType(tx, employeeId),
      );
      if (!done) return undefined;
      const items: Balance[] = types.map(({ leaveTypeId, name, policy }) => {
        const booked = byType.get(leaveTypeId);
        const counts = {
          leaveTypeId,
          name,
          allowanceDays: policy.allowanceDays,
          accrual: policy.accrual,
          taken: booked ? bookedIn(booked.approved, year) : 0,
          pending: booked ? bookedIn(booked.pending, year) : 0,
        };
        if (policy.allowanceDays === 0) {
          return { ...counts, remaining: null, entitlement: 0, accrued: 0, carriedOver: 0, carryOverExpiresOn: null, expiring: 0, overdrawn: false };
        }
        const figures = yearBalance(policy, employee, allBooked(booked), year, today());
        return { ...counts, ...figures, overdrawn: figures.remaining < 0 };
      });
      return { year, items };
    }),
  );
}

/**
 * The working days a request from start to end would use for an employee (the request dialog's
 * count): their entity's calendar, half days, per year; and the holidays in the range not counted.
 */
export function leaveDays(db: Db, user: SessionUser, query: z.output<typeof leaveDaysQuery>): Promise<LeaveDays> {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => {
    // Read together, the calendar by the employee's entity: one round trip.
    const [, count] = await Promise.all([
      reachableEmployee(tx, scope, query.employeeId),
      countAt(tx, entityOf(hrmsEmployees, query.employeeId), { ...query, startHalf: query.startHalf === 'true', endHalf: query.endHalf === 'true' }),
    ]);
    const holidays = [...count.holidays].filter(([date]) => !isWeekend(date)).map(([date, name]) => ({ date, name }));
    return { days: count.days, byYear: count.byYear, holidays: holidays.sort((x, y) => x.date.localeCompare(y.date)) };
  });
}

/** Approved leave overlapping today and the next 13 days, soonest first (of `only` these employees, if given). */
async function awayQuery(tx: Tx, scope: ModuleScope, limit: number, only?: string[]) {
  const from = today();
  const to = addDays(from, 13);
  const rows = await tx
    .select({ employeeId: r.employeeId, employeeName, leaveTypeName: t.name, startDate: r.startDate, endDate: r.endDate, days: sql<number>`${r.days}::float8` })
    .from(r)
    .innerJoin(e, eq(e.id, r.employeeId))
    .innerJoin(t, eq(t.id, r.leaveTypeId))
    .where(
      and(
        inEntities(r.entityId, scope.entityIds),
        only ? sql`${r.employeeId} = any(${uuidArray(only)})` : undefined,
        eq(r.status, 'approved'),
        lte(r.startDate, to),
        gte(r.endDate, from),
      ),
    )
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
      const department = sql<string>`case when ${e.department} = '' then 'No department' else ${e.department} end`;
      // Read together: one round trip.
      const [{ rows }, byDepartment, upcomingLeave] = await Promise.all([
        tx.execute(sql`
          select
            (select count(*) from hrms_employees e where ${inScope} and ${employed})::int as headcount,
            (select count(*) from hrms_employees e where ${inScope} and ${employed} and e.start_date >= ${monthStart}::date)::int as new_hires,
            (select count(distinct r.employee_id) from hrms_leave_requests r join hrms_employees e on e.id = r.employee_id
               where ${inScope} and ${employed} and r.status = 'approved' and r.start_date <= ${day}::date and r.end_date >= ${day}::date)::int as on_leave,
            (select count(*) from hrms_leave_requests r join hrms_employees e on e.id = r.employee_id where ${inScope} and r.status = 'pending')::int as pending`),
        tx
          .select({ department, employees: sql<number>`count(*)::int` })
          .from(e)
          .where(sql`${inScope} and ${employed}`)
          .groupBy(sql`1`)
          .orderBy(sql`2 desc`, sql`1`)
          .limit(12),
        awayQuery(tx, scope, 10),
      ]);
      const f = dashboardFigures.parse(rows[0]);
      return {
        headcount: f.headcount,
        newHiresThisMonth: f.new_hires,
        onLeaveToday: f.on_leave,
        pendingRequests: f.pending,
        byDepartment: byDepartment.map((d) => ({ department: d.department, employees: Number(d.employees) })),
        upcomingLeave,
      };
    },
    entityId,
  );
}

/**
 * The Employee Portal's home (self-service, no grant needed): the signed-in user's current
 * employee records, one per entity, with their contact details and whether they manage anyone.
 */
export function me(db: Db, user: SessionUser) {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => ({ employees: await readOwnEmployees(tx, scope.self.employeeIds) }));
}

/** Who on the caller's team is away (the portal): their managers, those sharing a manager with them, their reports. */
export function teamAway(db: Db, user: SessionUser) {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => ({ items: await awayQuery(tx, scope, 50, [...scope.self.teamIds, ...scope.self.reportIds]) }));
}
