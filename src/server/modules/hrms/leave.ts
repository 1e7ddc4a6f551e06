import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import {
  HRMS_MESSAGES,
  insufficientBalance,
  leaveRequestInput,
  leaveTypeCreateInput,
  workingDays,
  type Balance,
  type LeaveRequest,
  type LeaveType,
} from '@/shared/hrms';
import { MODULE_MESSAGES } from '@/shared/modules';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { isUniqueViolation, type Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { sortedPage, toSortedPage } from '../../platform/list';
import type { ModuleScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';
import { addDays, today } from './dates';
import { recordLeaveRequestEvent, recordLeaveTypeEvent } from './audit';
import { employedOn, hrmsScope } from './employees';
import { ensureEntitySetup } from './setup';

// ----- leave types -----------------------------------------------------------------------------

interface LeaveTypeRow {
  id: string;
  entity_id: string;
  name: string;
  allowance_days: number;
  version: number;
  [key: string]: unknown;
}
const toLeaveType = (r: LeaveTypeRow): LeaveType => ({
  id: r.id,
  entityId: r.entity_id,
  name: r.name,
  allowanceDays: Number(r.allowance_days),
  version: Number(r.version),
});

export function listLeaveTypes(db: Db, user: SessionUser, entityId?: string) {
  return hrmsScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      await ensureEntitySetup(tx, scope, scope.entityIds);
      const { rows } = await tx.execute<LeaveTypeRow>(
        sql`select id, entity_id, name, allowance_days, version from hrms_leave_types where entity_id = any(${uuidArray(scope.entityIds)}) order by entity_id, created_at, name`,
      );
      return { items: rows.map(toLeaveType) };
    },
    entityId,
  );
}

const leaveTypeTaken = (e: unknown) => isUniqueViolation(e, 'hrms_leave_types_entity_name_key');

export async function createLeaveType(db: Db, user: SessionUser, input: z.output<typeof leaveTypeCreateInput>, audit: AuditContext) {
  try {
    return await hrmsScope(
      db,
      user,
      'app_admin',
      async (tx, scope) => {
        await ensureEntitySetup(tx, scope, [input.entityId]);
        const { rows } = await tx.execute<LeaveTypeRow>(sql`
          insert into hrms_leave_types (company_id, entity_id, name, allowance_days)
          values (${scope.companyId}, ${input.entityId}, ${input.name}, ${input.allowanceDays})
          returning id, entity_id, name, allowance_days, version`);
        const type = toLeaveType(rows[0]!);
        await recordLeaveTypeEvent(tx, audit, scope.companyId, 'hrms.leave_type.created', type);
        return type;
      },
      input.entityId,
    );
  } catch (e) {
    if (leaveTypeTaken(e)) throw conflict(HRMS_MESSAGES.leaveTypeTaken);
    throw e;
  }
}

export async function updateLeaveType(
  db: Db,
  user: SessionUser,
  id: string,
  input: { name?: string; allowanceDays?: number; version: number },
  audit: AuditContext,
) {
  try {
    return await hrmsScope(db, user, 'app_admin', async (tx, scope) => {
      const { rows: old } = await tx.execute<LeaveTypeRow>(
        sql`select id, entity_id, name, allowance_days, version from hrms_leave_types where id = ${id} and version = ${input.version} for update`,
      );
      const { rows } = await tx.execute<LeaveTypeRow>(sql`
        update hrms_leave_types set name = coalesce(${input.name ?? null}, name), allowance_days = coalesce(${input.allowanceDays ?? null}::int, allowance_days),
          version = version + 1, updated_at = now()
        where id = ${id} and version = ${input.version}
        returning id, entity_id, name, allowance_days, version`);
      if (rows[0] && old[0]) {
        const type = toLeaveType(rows[0]);
        await recordLeaveTypeEvent(tx, audit, scope.companyId, 'hrms.leave_type.updated', type, toLeaveType(old[0]));
        return type;
      }
      const { rows: exists } = await tx.execute(sql`select 1 from hrms_leave_types where id = ${id}`);
      throw exists.length > 0 ? conflict(MODULE_MESSAGES.staleVersion) : notFound(HRMS_MESSAGES.leaveTypeNotFound);
    });
  } catch (e) {
    if (leaveTypeTaken(e)) throw conflict(HRMS_MESSAGES.leaveTypeTaken);
    throw e;
  }
}

// ----- leave requests ----------------------------------------------------------------------------

interface RequestRow {
  id: string;
  entity_id: string;
  employee_id: string;
  employee_name: string;
  employee_user_id: string | null;
  manager_user_id: string | null;
  requested_by: string | null;
  leave_type_id: string;
  leave_type_name: string;
  start_date: string;
  end_date: string;
  start_half: boolean;
  end_half: boolean;
  days: string | number;
  reason: string;
  status: LeaveRequest['status'];
  decision_comment: string;
  decided_at: string | null;
  version: number;
  created_at: string;
  [key: string]: unknown;
}

const requestSelect = (extra: SQL = sql``) => sql`
  select r.id, r.entity_id, r.employee_id, e.first_name || ' ' || e.last_name as employee_name, e.user_id as employee_user_id,
    m.user_id as manager_user_id, r.requested_by, r.leave_type_id, t.name as leave_type_name, r.start_date::text as start_date,
    r.end_date::text as end_date, r.start_half, r.end_half, r.days::float8 as days, r.reason, r.status, r.decision_comment,
    to_json(r.decided_at) #>> '{}' as decided_at, r.version, to_json(r.created_at) #>> '{}' as created_at ${extra}
  from hrms_leave_requests r
  join hrms_employees e on e.id = r.employee_id
  left join hrms_employees m on m.id = e.manager_id
  join hrms_leave_types t on t.id = r.leave_type_id`;

/** Approve or reject: an App Admin of the entity, or the employee's manager; never one's own. */
function mayDecide(scope: ModuleScope, r: RequestRow) {
  if (r.employee_user_id === scope.userId && !scope.isSuperAdmin) return false;
  return scope.has(r.entity_id, 'app_admin') || (r.manager_user_id === scope.userId && scope.has(r.entity_id, 'member'));
}

/** Cancel: the requester (or the employee) while pending; an App Admin while pending or approved. */
function mayCancel(scope: ModuleScope, r: RequestRow) {
  if (scope.has(r.entity_id, 'app_admin')) return r.status === 'pending' || r.status === 'approved';
  const own = r.requested_by === scope.userId || r.employee_user_id === scope.userId;
  return own && r.status === 'pending' && scope.has(r.entity_id, 'member');
}

const toRequest = (scope: ModuleScope) => (r: RequestRow): LeaveRequest => ({
  id: r.id,
  entityId: r.entity_id,
  employeeId: r.employee_id,
  employeeName: r.employee_name,
  leaveTypeId: r.leave_type_id,
  leaveTypeName: r.leave_type_name,
  startDate: r.start_date,
  endDate: r.end_date,
  startHalf: r.start_half,
  endHalf: r.end_half,
  days: Number(r.days),
  reason: r.reason,
  status: r.status,
  decisionComment: r.decision_comment,
  decidedAt: r.decided_at,
  canDecide: r.status === 'pending' && mayDecide(scope, r),
  canCancel: mayCancel(scope, r),
  version: Number(r.version),
  createdAt: r.created_at,
});

export function listLeaveRequests(
  db: Db,
  user: SessionUser,
  query: { limit: number; cursor?: string } & { entityId?: string; status?: LeaveRequest['status']; employeeId?: string; mine?: 'true' | 'false' },
) {
  return hrmsScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const page = sortedPage({ columns: [sql`r.created_at`], types: ['timestamptz'] }, sql`r.id`, { ...query, dir: 'desc' });
      const conditions = [sql`r.company_id = ${scope.companyId}`, sql`r.entity_id = any(${uuidArray(scope.entityIds)})`];
      if (query.status) conditions.push(sql`r.status = ${query.status}`);
      if (query.employeeId) conditions.push(sql`r.employee_id = ${query.employeeId}`);
      if (query.mine === 'true') conditions.push(sql`(e.user_id = ${scope.userId} or r.requested_by = ${scope.userId})`);
      if (page.where) conditions.push(page.where);
      const { rows } = await tx.execute<RequestRow & { cursorValues: string[] }>(sql`
        ${requestSelect(sql`, ${page.cursorValues} as "cursorValues"`)}
        where ${sql.join(conditions, sql` and `)}
        order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`);
      return toSortedPage(rows, query.limit, toRequest(scope));
    },
    query.entityId,
  );
}

async function readRequest(tx: Tx, id: string, lock = false) {
  const { rows } = await tx.execute<RequestRow>(sql`${requestSelect()} where r.id = ${id} ${lock ? sql`for update of r` : sql``}`);
  if (!rows[0]) throw notFound(HRMS_MESSAGES.requestNotFound);
  return rows[0];
}

/** Days of a type an employee has pending and approved in a year. */
async function used(tx: Tx, employeeId: string, leaveTypeId: string, year: number) {
  const { rows } = await tx.execute<{ taken: number; pending: number }>(sql`
    select coalesce(sum(days) filter (where status = 'approved'), 0)::float8 as taken,
           coalesce(sum(days) filter (where status = 'pending'), 0)::float8 as pending
    from hrms_leave_requests
    where employee_id = ${employeeId} and leave_type_id = ${leaveTypeId} and status in ('approved', 'pending')
      and start_date >= ${`${year}-01-01`}::date and start_date <= ${`${year}-12-31`}::date`);
  return { taken: Number(rows[0]!.taken), pending: Number(rows[0]!.pending) };
}

/**
 * A request, refused when it overlaps another pending or approved one or exceeds the balance.
 * The employee's row is locked first (FOR UPDATE), so requests for one employee run one after
 * another and the checks see every earlier request: the balance cannot go negative.
 */
export function requestLeave(db: Db, user: SessionUser, input: z.output<typeof leaveRequestInput>, audit: AuditContext) {
  return hrmsScope(db, user, 'member', async (tx, scope) => {
    const { rows: types } = await tx.execute<LeaveTypeRow>(
      sql`select id, entity_id, name, allowance_days, version from hrms_leave_types where id = ${input.leaveTypeId}`,
    );
    const type = types[0];
    if (!type) throw notFound(HRMS_MESSAGES.leaveTypeNotFound);
    const { rows: employees } = await tx.execute<{ id: string; user_id: string | null; end_date: string | null }>(
      input.employeeId
        ? sql`select id, user_id, end_date::text as end_date from hrms_employees where id = ${input.employeeId} and entity_id = ${type.entity_id} for update`
        : sql`select id, user_id, end_date::text as end_date from hrms_employees where user_id = ${scope.userId} and entity_id = ${type.entity_id} for update`,
    );
    const employee = employees[0];
    if (!employee) throw input.employeeId ? notFound(HRMS_MESSAGES.employeeNotFound) : badRequest(HRMS_MESSAGES.notLinked);
    if (employee.user_id !== scope.userId && !scope.has(type.entity_id, 'app_admin')) throw forbidden(HRMS_MESSAGES.onlyOwnLeave);
    // A leaver is still employed until their last day: leave up to it, none after it (termination
    // cancels pending leave after it for the same reason). Past the last day, none at all.
    if (employee.end_date !== null && employee.end_date < today()) throw badRequest(HRMS_MESSAGES.terminatedEmployee);
    if (employee.end_date !== null && input.endDate > employee.end_date) throw badRequest(HRMS_MESSAGES.afterLastDay);
    const days = workingDays(input.startDate, input.endDate, input.startHalf, input.endHalf);
    if (days <= 0) throw badRequest(HRMS_MESSAGES.noWorkingDays);
    const { rows: overlapping } = await tx.execute(sql`
      select 1 from hrms_leave_requests where employee_id = ${employee.id} and status in ('pending', 'approved')
        and start_date <= ${input.endDate}::date and end_date >= ${input.startDate}::date limit 1`);
    if (overlapping.length > 0) throw conflict(HRMS_MESSAGES.overlap);
    const allowance = Number(type.allowance_days);
    if (allowance > 0) {
      const { taken, pending } = await used(tx, employee.id, type.id, Number(input.startDate.slice(0, 4)));
      const remaining = allowance - taken - pending;
      if (days > remaining) throw conflict(insufficientBalance(type.name, Math.max(remaining, 0), days));
    }
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into hrms_leave_requests (company_id, entity_id, employee_id, leave_type_id, start_date, end_date, start_half, end_half, days, reason, requested_by)
      values (${scope.companyId}, ${type.entity_id}, ${employee.id}, ${type.id}, ${input.startDate}::date, ${input.endDate}::date,
        ${input.startHalf}, ${input.endHalf}, ${days}, ${input.reason}, ${scope.userId})
      returning id`);
    const created = await readRequest(tx, rows[0]!.id);
    await recordLeaveRequestEvent(tx, audit, scope.companyId, 'hrms.leave.requested', created);
    return toRequest(scope)(created);
  });
}

/**
 * Approve or reject. The row is locked (FOR UPDATE) and must still be pending: of two approvers
 * at once, the second waits for the first, then finds it decided and gets 409.
 */
export function decideLeave(db: Db, user: SessionUser, id: string, decision: 'approved' | 'rejected', comment: string, audit: AuditContext) {
  return hrmsScope(db, user, 'member', async (tx, scope) => {
    const r = await readRequest(tx, id, true);
    if (r.employee_user_id === scope.userId && !scope.isSuperAdmin) throw forbidden(HRMS_MESSAGES.cannotDecideOwn);
    if (!mayDecide(scope, r)) throw forbidden(HRMS_MESSAGES.cannotDecide);
    if (r.status !== 'pending') throw conflict(HRMS_MESSAGES.notPending);
    await tx.execute(sql`
      update hrms_leave_requests set status = ${decision}, decided_by = ${scope.userId}, decided_at = now(), decision_comment = ${comment},
        version = version + 1, updated_at = now()
      where id = ${id}`);
    const decided = await readRequest(tx, id);
    await recordLeaveRequestEvent(tx, audit, scope.companyId, decision === 'approved' ? 'hrms.leave.approved' : 'hrms.leave.rejected', decided, r);
    return toRequest(scope)(decided);
  });
}

export function cancelLeave(db: Db, user: SessionUser, id: string, audit: AuditContext) {
  return hrmsScope(db, user, 'member', async (tx, scope) => {
    const r = await readRequest(tx, id, true);
    if (r.status !== 'pending' && r.status !== 'approved') throw conflict(HRMS_MESSAGES.cannotCancelNow);
    if (!mayCancel(scope, r)) throw forbidden(HRMS_MESSAGES.cannotCancel);
    await tx.execute(sql`
      update hrms_leave_requests set status = 'cancelled', decided_by = ${scope.userId}, decided_at = now(), version = version + 1, updated_at = now()
      where id = ${id}`);
    const cancelled = await readRequest(tx, id);
    await recordLeaveRequestEvent(tx, audit, scope.companyId, 'hrms.leave.cancelled', cancelled, r);
    return toRequest(scope)(cancelled);
  });
}

// ----- balances, who is away, dashboard ------------------------------------------------------------

export function balances(db: Db, user: SessionUser, employeeId: string, year: number) {
  return hrmsScope(db, user, 'viewer', async (tx, scope) => {
    const { rows: employees } = await tx.execute<{ entity_id: string }>(sql`select entity_id from hrms_employees where id = ${employeeId}`);
    const employee = employees[0];
    if (!employee) throw notFound(HRMS_MESSAGES.employeeNotFound);
    await ensureEntitySetup(tx, scope, [employee.entity_id]);
    const { rows } = await tx.execute<{ id: string; name: string; allowance_days: number; taken: number; pending: number }>(sql`
      select t.id, t.name, t.allowance_days,
        coalesce(sum(r.days) filter (where r.status = 'approved'), 0)::float8 as taken,
        coalesce(sum(r.days) filter (where r.status = 'pending'), 0)::float8 as pending
      from hrms_leave_types t
      left join hrms_leave_requests r on r.leave_type_id = t.id and r.employee_id = ${employeeId}
        and r.start_date >= ${`${year}-01-01`}::date and r.start_date <= ${`${year}-12-31`}::date
      where t.entity_id = ${employee.entity_id}
      group by t.id order by t.created_at, t.name`);
    const items: Balance[] = rows.map((r) => {
      const allowance = Number(r.allowance_days);
      return {
        leaveTypeId: r.id,
        name: r.name,
        allowanceDays: allowance,
        taken: Number(r.taken),
        pending: Number(r.pending),
        remaining: allowance === 0 ? null : allowance - Number(r.taken) - Number(r.pending),
      };
    });
    return { year, items };
  });
}

interface AwayRow {
  employee_id: string;
  employee_name: string;
  leave_type_name: string;
  start_date: string;
  end_date: string;
  days: number;
  [key: string]: unknown;
}
const toAway = (r: AwayRow) => ({
  employeeId: r.employee_id,
  employeeName: r.employee_name,
  leaveTypeName: r.leave_type_name,
  startDate: r.start_date,
  endDate: r.end_date,
  days: Number(r.days),
});

/** Approved leave overlapping today and the next 13 days, soonest first. */
async function awayQuery(tx: Tx, scope: ModuleScope, limit: number) {
  const from = today();
  const to = addDays(from, 13);
  const { rows } = await tx.execute<AwayRow>(sql`
    select r.employee_id, e.first_name || ' ' || e.last_name as employee_name, t.name as leave_type_name,
      r.start_date::text as start_date, r.end_date::text as end_date, r.days::float8 as days
    from hrms_leave_requests r
    join hrms_employees e on e.id = r.employee_id
    join hrms_leave_types t on t.id = r.leave_type_id
    where r.entity_id = any(${uuidArray(scope.entityIds)}) and r.status = 'approved'
      and r.start_date <= ${to}::date and r.end_date >= ${from}::date
    order by r.start_date, employee_name, r.id limit ${limit}`);
  return rows.map(toAway);
}

export function whoIsAway(db: Db, user: SessionUser, entityId?: string) {
  return hrmsScope(db, user, 'viewer', async (tx, scope) => ({ items: await awayQuery(tx, scope, 200) }), entityId);
}

export function dashboard(db: Db, user: SessionUser, entityId?: string) {
  return hrmsScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const day = today();
      const monthStart = `${day.slice(0, 7)}-01`;
      const inScope = sql`e.entity_id = any(${uuidArray(scope.entityIds)})`;
      // Counted as the directory shows them today: a hire dated ahead is not counted yet, a leaver
      // is counted until their last day (see statusOf in employees.ts).
      const employed = employedOn(day);
      const { rows: figures } = await tx.execute<{ headcount: number; new_hires: number; on_leave: number; pending: number }>(sql`
        select
          (select count(*) from hrms_employees e where ${inScope} and ${employed})::int as headcount,
          (select count(*) from hrms_employees e where ${inScope} and ${employed} and e.start_date >= ${monthStart}::date)::int as new_hires,
          (select count(distinct r.employee_id) from hrms_leave_requests r join hrms_employees e on e.id = r.employee_id
             where ${inScope} and ${employed} and r.status = 'approved' and r.start_date <= ${day}::date and r.end_date >= ${day}::date)::int as on_leave,
          (select count(*) from hrms_leave_requests r join hrms_employees e on e.id = r.employee_id where ${inScope} and r.status = 'pending')::int as pending`);
      const { rows: departments } = await tx.execute<{ department: string; employees: number }>(sql`
        select case when e.department = '' then 'No department' else e.department end as department, count(*)::int as employees
        from hrms_employees e where ${inScope} and ${employed}
        group by 1 order by 2 desc, 1 limit 12`);
      const f = figures[0]!;
      return {
        headcount: Number(f.headcount),
        newHiresThisMonth: Number(f.new_hires),
        onLeaveToday: Number(f.on_leave),
        pendingRequests: Number(f.pending),
        byDepartment: departments.map((d) => ({ department: d.department, employees: Number(d.employees) })),
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
  return hrmsScope(db, user, 'viewer', async (tx, scope) => {
    const { rows } = await tx.execute<{ id: string; entity_id: string; name: string }>(sql`
      select id, entity_id, first_name || ' ' || last_name as name from hrms_employees
      where user_id = ${scope.userId} and (end_date is null or end_date >= ${today()}::date) and entity_id = any(${uuidArray(scope.entityIds)}) order by entity_id`);
    return { employees: rows.map((r) => ({ id: r.id, entityId: r.entity_id, name: r.name })) };
  });
}
