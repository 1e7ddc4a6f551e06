import { and, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  ATTENDANCE_MESSAGES,
  hoursText,
  weekStartOf,
  type attendanceSettingsInput,
  type AttendanceSettings,
  type AttendanceToday,
  type AttendanceWeek,
  type clockInInput,
  type clockOutInput,
  type TimeEntry,
  type timeEntryCorrectionInput,
  type timeEntryDeleteQuery,
  type Timesheet,
  type timesheetFilters,
  type timesheetListQuery,
  type TimesheetStatus,
} from '@/shared/attendance';
import type { SessionUser } from '@/shared/auth';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { MODULE_MESSAGES } from '@/shared/modules';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { hrmsAttendanceSettings, hrmsEmployees, hrmsLeaveRequests, hrmsTimeEntries, hrmsTimesheets } from '../../db/schema';
import { commitWith, start, type Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { sortedPage, toSortedPage } from '../../platform/list';
import { productAdmins, scopeCondition, type ModuleScope } from '../../platform/scope';
import { isoText, isoTextOrNull, uuidArray } from '../../platform/sql';
import { addDays, today } from './dates';
import { employedOn } from './employees';
import { holidayAt } from './holidays';
import { hrms, uniqueOr409 } from './module';
import { madeOnFirstRead } from './setup';

/*
 * Attendance (issue 34). An employee clocks in and out for themselves (hrms.selfScope: no grant
 * needed); each entry belongs to the timesheet of the UTC week it was clocked in in, which keeps
 * the week's worked minutes as entries are clocked out. Rules, in one place:
 *
 * - reading a week or a timesheet: HR staff of its entity (Viewer and up), the employee, their manager;
 * - approving or returning: HR staff (Member and up) of the entity or the employee's manager, and
 *   never the employee themselves, whatever their role (a super admin included);
 * - a submitted or approved week takes no more entries; a returned one does, and is submitted again;
 * - correcting or deleting an entry: HR staff (Member and up) of its entity, never their own; an
 *   approved week's entries never change (payroll reads its hours); a submitted week's may, and
 *   its hours are counted again.
 *
 * Locks, always in this order: the employee row (clock in, clock out, a correction, a deletion),
 * then the timesheet row(s) (submit and decide take only theirs), then an entry. Everything that
 * changes an employee's entries holds their employee row, so of two corrections the second waits
 * and then sees the first's times: no overlap slips through. A second clock-in waits for the
 * first, then finds it open; the database's one-open-entry index is the second wall.
 */

const DEFAULT_WEEKLY_MINUTES = 40 * 60;
const DEFAULT_LATE_AFTER = 10 * 60;
const ATTENDANCE_PAGE = '/hrms/attendance';
const TODAY_LIST = 50;

const e = alias(hrmsEmployees, 'e');
const m = alias(hrmsEmployees, 'm');
const ts = alias(hrmsTimesheets, 'ts');
const x = alias(hrmsTimeEntries, 'x');
const employeeName = sql<string>`${e.firstName} || ' ' || ${e.lastName}`;
const inList = (column: SQL | AnyPgColumn, ids: string[]) => sql`${column} = any(${uuidArray(ids)})`;

/** Minutes between clocking in and out (now, while open), less the break; never below zero. */
const minutesWorked = (clockIn: string, clockOut: string | null, breakMinutes: number, now = Date.now()) =>
  Math.max(0, Math.floor(((clockOut ? Date.parse(clockOut) : now) - Date.parse(clockIn)) / 60_000) - breakMinutes);

/** The entity's weekly hours in minutes: what the week is measured against for overtime. */
const overtime = (worked: number, expected: number) => Math.max(0, worked - expected);

async function weeklyMinutesAt(tx: Tx, entityId: string) {
  const s = hrmsAttendanceSettings;
  const [row] = await tx
    .select({
      minutes: sql<number>`round(${s.weeklyHours} * 60)::int`.mapWith(Number),
    })
    .from(s)
    .where(eq(s.entityId, entityId));
  return row?.minutes ?? DEFAULT_WEEKLY_MINUTES;
}

// ----- who may do what --------------------------------------------------------------------------

type Subject = {
  entityId: string;
  employeeId: string;
  employeeUserId: string | null;
};

const isOwn = (scope: ModuleScope, s: Subject) => scope.self.employeeIds.includes(s.employeeId) || (s.employeeUserId !== null && s.employeeUserId === scope.userId);
const isReport = (scope: ModuleScope, s: Subject) => scope.self.reportIds.includes(s.employeeId);
const mayRead = (scope: ModuleScope, s: Subject) => scope.has(s.entityId, 'viewer') || isOwn(scope, s) || isReport(scope, s);
const mayDecide = (scope: ModuleScope, s: Subject) => !isOwn(scope, s) && (scope.has(s.entityId, 'member') || isReport(scope, s));
/** Correcting and deleting entries: HR staff (Member and up) of the entity, never on their own entries. */
const mayCorrect = (scope: ModuleScope, s: Subject) => !isOwn(scope, s) && scope.has(s.entityId, 'member');

/**
 * Whom a list may show, as a condition on a row's entity and employee columns: every employee of
 * the entities where the caller is HR staff (`staff`, default all such), elsewhere their own
 * records (`withOwn`) and their reports'. Written with only the parts that apply (one entity as
 * an equality), so the planner walks an index of the entity, or probes one per person, instead of
 * reading the entity through an OR with an empty list it cannot see is empty (bench H1-H3). Null
 * when it may show no one.
 */
function reachOf(scope: ModuleScope, withOwn: boolean, staff = scope.entityIds.filter((id) => scope.staffAt(id))) {
  const people = scope.self.entityIds.every((id) => staff.includes(id)) ? [] : [...(withOwn ? scope.self.employeeIds : []), ...scope.self.reportIds];
  return (entity: AnyPgColumn, employee: AnyPgColumn): SQL | null => {
    const byEntity = staff.length === 0 ? null : staff.length === 1 ? eq(entity, staff[0]!) : inList(entity, staff);
    const byPeople = people.length === 0 ? null : inList(employee, people);
    return byEntity && byPeople ? or(byEntity, byPeople)! : (byEntity ?? byPeople);
  };
}

// ----- time entries ----------------------------------------------------------------------------

const entryFields = {
  id: x.id,
  entityId: x.entityId,
  employeeId: x.employeeId,
  timesheetId: x.timesheetId,
  clockIn: isoText(x.clockIn),
  clockOut: isoTextOrNull(x.clockOut),
  breakMinutes: x.breakMinutes,
  note: x.note,
  version: x.version,
};
type EntryRow = {
  id: string;
  entityId: string;
  employeeId: string;
  clockIn: string;
  clockOut: string | null;
  breakMinutes: number;
  note: string;
  version: number;
};

const toEntry = (row: EntryRow): TimeEntry => ({
  id: row.id,
  entityId: row.entityId,
  employeeId: row.employeeId,
  clockIn: row.clockIn,
  clockOut: row.clockOut,
  breakMinutes: row.breakMinutes,
  workedMinutes: minutesWorked(row.clockIn, row.clockOut, row.breakMinutes),
  note: row.note,
  version: row.version,
});

const entryAudit = (name: string, entry: TimeEntry) => ({
  type: 'time_entry' as const,
  id: entry.id,
  label: `${name}: ${entry.clockIn.slice(0, 16).replace('T', ' ')} UTC`,
});

/** An employee row, locked: every change to an employee's entries holds it (see the locks above). */
async function lockEmployeeRow(tx: Tx, employeeId: string) {
  const [row] = await tx
    .select({
      id: hrmsEmployees.id,
      entityId: hrmsEmployees.entityId,
      userId: hrmsEmployees.userId,
      name: sql<string>`${hrmsEmployees.firstName} || ' ' || ${hrmsEmployees.lastName}`,
    })
    .from(hrmsEmployees)
    .where(eq(hrmsEmployees.id, employeeId))
    .for('update');
  return row;
}

/** The caller's own current employee record, locked: 404 when they cannot see it, 403 when it is someone else's. */
async function lockOwnEmployee(tx: Tx, scope: ModuleScope, employeeId: string) {
  const row = await lockEmployeeRow(tx, employeeId);
  if (!row) throw notFound(HRMS_MESSAGES.employeeNotFound);
  const subject = {
    entityId: row.entityId,
    employeeId: row.id,
    employeeUserId: row.userId,
  };
  if (!mayRead(scope, subject)) throw notFound(HRMS_MESSAGES.employeeNotFound);
  // Own *current* record: self.employeeIds leaves out a record past its last day.
  if (!scope.self.employeeIds.includes(row.id)) throw forbidden(ATTENDANCE_MESSAGES.onlyOwnClock);
  return row;
}

/** The employee's timesheet of the week, made (draft) on its first entry, and locked. */
async function lockWeek(tx: Tx, scope: ModuleScope, employee: { id: string; entityId: string }, weekStart: string) {
  await tx
    .insert(hrmsTimesheets)
    .values({
      companyId: scope.companyId,
      entityId: employee.entityId,
      employeeId: employee.id,
      weekStart,
    })
    .onConflictDoNothing({
      target: [hrmsTimesheets.employeeId, hrmsTimesheets.weekStart],
    });
  const [sheet] = await tx
    .select({ id: hrmsTimesheets.id, status: hrmsTimesheets.status })
    .from(hrmsTimesheets)
    .where(and(eq(hrmsTimesheets.employeeId, employee.id), eq(hrmsTimesheets.weekStart, weekStart)))
    .for('update');
  return sheet!;
}

const isOpenWeek = (status: string) => status === 'draft' || status === 'returned';

/** Clock in now, for oneself: refused while an entry is open or when this week's timesheet is submitted or approved. */
export function clockIn(db: Db, user: SessionUser, input: z.output<typeof clockInInput>, audit: AuditContext): Promise<TimeEntry> {
  return uniqueOr409('hrms_time_entries_open_key', ATTENDANCE_MESSAGES.alreadyClockedIn, () =>
    hrms.selfScope(db, user, 'viewer', async (tx, scope) => {
      const employee = await lockOwnEmployee(tx, scope, input.employeeId);
      const [open] = await tx
        .select({ id: hrmsTimeEntries.id })
        .from(hrmsTimeEntries)
        .where(and(eq(hrmsTimeEntries.employeeId, employee.id), isNull(hrmsTimeEntries.clockOut)));
      if (open) throw conflict(ATTENDANCE_MESSAGES.alreadyClockedIn);
      const now = new Date();
      const sheet = await lockWeek(tx, scope, employee, weekStartOf(now));
      if (!isOpenWeek(sheet.status)) throw conflict(ATTENDANCE_MESSAGES.weekClosed);
      const [row] = await tx
        .insert(hrmsTimeEntries)
        .values({
          companyId: scope.companyId,
          entityId: employee.entityId,
          employeeId: employee.id,
          timesheetId: sheet.id,
          clockIn: now,
          note: input.note,
        })
        .returning({ id: hrmsTimeEntries.id });
      const entry = await readEntry(tx, row!.id);
      await hrms.audit(tx, scope, audit, 'hrms.time_entry.clocked_in', entryAudit(employee.name, entry), undefined, { employee: employee.name, clockIn: entry.clockIn });
      return entry;
    }),
  );
}

async function readEntry(tx: Tx, id: string, lock = false): Promise<TimeEntry & { timesheetId: string }> {
  const query = tx.select(entryFields).from(x).where(eq(x.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(ATTENDANCE_MESSAGES.entryNotFound);
  return { ...toEntry(row), timesheetId: row.timesheetId };
}

/** Clock out now, with the break taken and a note: the week's worked minutes grow by the entry's. */
export function clockOut(db: Db, user: SessionUser, id: string, input: z.output<typeof clockOutInput>, audit: AuditContext): Promise<TimeEntry> {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => {
    const seen = await readEntry(tx, id);
    const employee = await lockOwnEmployee(tx, scope, seen.employeeId);
    const entry = await readEntry(tx, id, true);
    if (entry.clockOut !== null) throw conflict(ATTENDANCE_MESSAGES.alreadyClockedOut);
    const now = new Date();
    // A forgotten clock-out: an entry of an earlier day is closed at the time the employee gives.
    let at = now;
    if (input.clockOut !== undefined) {
      if (entry.clockIn.slice(0, 10) >= today()) throw badRequest(ATTENDANCE_MESSAGES.clockOutTimeToday);
      at = new Date(input.clockOut);
      if (at > now) throw badRequest(ATTENDANCE_MESSAGES.clockOutAhead);
      if (at.getTime() <= Date.parse(entry.clockIn)) throw badRequest(ATTENDANCE_MESSAGES.clockOutBeforeClockIn);
      if (await overlapsAnother(tx, employee.id, id, entry.clockIn, at.toISOString())) throw conflict(ATTENDANCE_MESSAGES.overlap);
    }
    if (input.breakMinutes > minutesWorked(entry.clockIn, at.toISOString(), 0)) throw badRequest(ATTENDANCE_MESSAGES.breakTooLong);
    await hrms.save(tx, hrmsTimeEntries, id, {
      clockOut: at,
      breakMinutes: input.breakMinutes,
      note: input.note,
    });
    const after = await readEntry(tx, id);
    await tx
      .update(hrmsTimesheets)
      .set({
        workedMinutes: sql`${hrmsTimesheets.workedMinutes} + ${after.workedMinutes}`,
        updatedAt: now,
      })
      .where(eq(hrmsTimesheets.id, entry.timesheetId));
    await hrms.audit(
      tx,
      scope,
      audit,
      'hrms.time_entry.clocked_out',
      entryAudit(employee.name, after),
      { clockOut: null },
      {
        clockOut: after.clockOut,
        breakMinutes: after.breakMinutes,
        workedMinutes: after.workedMinutes,
        ...(input.clockOut !== undefined ? { clockOutEntered: true } : {}),
      },
    );
    return after;
  });
}

// ----- corrections (HR) ------------------------------------------------------------------------

/**
 * Whether another entry of the employee meets [from, to) (an open entry, or `to` null, runs on
 * for ever): touching ends do not overlap. Read under the employee's row lock.
 */
async function overlapsAnother(tx: Tx, employeeId: string, exceptId: string, from: string, to: string | null) {
  const [row] = await tx
    .select({ id: x.id })
    .from(x)
    .where(
      and(
        eq(x.employeeId, employeeId),
        sql`${x.id} <> ${exceptId}`,
        to === null ? undefined : sql`${x.clockIn} < ${to}::timestamptz`,
        sql`coalesce(${x.clockOut}, 'infinity'::timestamptz) > ${from}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The employee of an entry the caller may correct, locked: 403 for one's own entries. */
async function lockEntryEmployee(tx: Tx, scope: ModuleScope, employeeId: string) {
  const row = await lockEmployeeRow(tx, employeeId);
  if (!row) throw notFound(ATTENDANCE_MESSAGES.entryNotFound);
  const subject = { entityId: row.entityId, employeeId: row.id, employeeUserId: row.userId };
  if (!scope.has(row.entityId, 'member')) throw notFound(ATTENDANCE_MESSAGES.entryNotFound);
  if (!mayCorrect(scope, subject)) throw forbidden(ATTENDANCE_MESSAGES.ownCorrection);
  return row;
}

/** A timesheet locked for a correction of its entries: 409 once approved (payroll reads its hours). */
async function lockOpenForCorrection(tx: Tx, timesheetId: string) {
  const [sheet] = await tx
    .select({ id: hrmsTimesheets.id, status: hrmsTimesheets.status, weekStart: hrmsTimesheets.weekStart })
    .from(hrmsTimesheets)
    .where(eq(hrmsTimesheets.id, timesheetId))
    .for('update');
  if (!sheet) throw notFound(ATTENDANCE_MESSAGES.entryNotFound);
  if (sheet.status === 'approved') throw conflict(ATTENDANCE_MESSAGES.weekApproved);
  return sheet;
}

/** The week's worked minutes counted again from its clocked-out entries, as clock-out adds them. */
async function recountWeek(tx: Tx, timesheetId: string) {
  const rows = await tx
    .select(entryFields)
    .from(x)
    .where(and(eq(x.timesheetId, timesheetId), sql`${x.clockOut} is not null`));
  const worked = rows.map(toEntry).reduce((sum, entry) => sum + entry.workedMinutes, 0);
  await tx.update(hrmsTimesheets).set({ workedMinutes: worked, updatedAt: new Date() }).where(eq(hrmsTimesheets.id, timesheetId));
}

const entryFacts = (entry: TimeEntry) => ({
  clockIn: entry.clockIn,
  clockOut: entry.clockOut,
  breakMinutes: entry.breakMinutes,
  workedMinutes: entry.workedMinutes,
  note: entry.note,
});

/** "2025-03-03 08:00–17:30 UTC" (or "08:00–open"). */
const entrySpan = (entry: TimeEntry) =>
  `${entry.clockIn.slice(0, 10)} ${entry.clockIn.slice(11, 16)}–${entry.clockOut ? (entry.clockOut.slice(0, 10) === entry.clockIn.slice(0, 10) ? '' : `${entry.clockOut.slice(0, 10)} `) + entry.clockOut.slice(11, 16) : 'open'} UTC`;

/**
 * HR staff correct an entry: clock-in and clock-out times, break, note (the fields sent), with a
 * reason. The times must be in order, not ahead of now, and meet no other entry of the employee;
 * an approved week's entries never change. An entry whose clock-in moves to another week moves
 * to that week's timesheet; both weeks' hours are counted again (a submitted week stays submitted
 * with its new hours). Audited with the old and new values; the employee is told.
 */
export function correctTimeEntry(db: Db, user: SessionUser, id: string, input: z.output<typeof timeEntryCorrectionInput>, audit: AuditContext): Promise<TimeEntry> {
  return hrms.scope(db, user, 'member', async (tx, scope) => {
    const seen = await readEntry(tx, id);
    const employee = await lockEntryEmployee(tx, scope, seen.employeeId);
    // Every change to the employee's entries holds their row: from here the entry stands still.
    const before = await readEntry(tx, id);
    if (before.version !== input.version) throw conflict(MODULE_MESSAGES.staleVersion);
    const current = await lockOpenForCorrection(tx, before.timesheetId);
    const clockIn = input.clockIn ?? before.clockIn;
    const clockOut = input.clockOut === undefined ? before.clockOut : input.clockOut;
    const breakMinutes = input.breakMinutes ?? before.breakMinutes;
    const now = Date.now();
    if (Date.parse(clockIn) > now) throw badRequest(ATTENDANCE_MESSAGES.clockInAhead);
    if (clockOut === null && before.clockOut !== null) throw badRequest(ATTENDANCE_MESSAGES.keepClockOut);
    if (clockOut !== null) {
      if (Date.parse(clockOut) > now) throw badRequest(ATTENDANCE_MESSAGES.clockOutAhead);
      if (Date.parse(clockOut) <= Date.parse(clockIn)) throw badRequest(ATTENDANCE_MESSAGES.clockOutBeforeClockIn);
    }
    if (breakMinutes > minutesWorked(clockIn, clockOut, 0, now)) throw badRequest(ATTENDANCE_MESSAGES.breakTooLong);
    if (await overlapsAnother(tx, employee.id, id, clockIn, clockOut)) throw conflict(ATTENDANCE_MESSAGES.overlap);
    const weekStart = weekStartOf(new Date(clockIn));
    const target = weekStart === current.weekStart ? current : await lockWeek(tx, scope, employee, weekStart);
    if (target.status === 'approved') throw conflict(ATTENDANCE_MESSAGES.weekApproved);
    await hrms.save(tx, hrmsTimeEntries, id, {
      timesheetId: target.id,
      clockIn: new Date(clockIn),
      clockOut: clockOut === null ? null : new Date(clockOut),
      breakMinutes,
      note: input.note,
    });
    await recountWeek(tx, current.id);
    if (target.id !== current.id) await recountWeek(tx, target.id);
    const after = await readEntry(tx, id);
    await hrms.audit(tx, scope, audit, 'hrms.time_entry.corrected', entryAudit(employee.name, after), entryFacts(before), { ...entryFacts(after), reason: input.reason });
    if (employee.userId) {
      await hrms.notify(tx, scope, {
        recipients: [employee.userId],
        category: 'timesheets',
        title: `HR corrected your time entry of ${before.clockIn.slice(0, 10)}: now ${entrySpan(after)}. Reason: ${input.reason}`,
        url: '/hrms/portal',
        entityId: employee.entityId,
        record: { type: 'hrms_time_entry', id },
      });
    }
    const { timesheetId: _sheet, ...entry } = after;
    return entry;
  });
}

/**
 * HR staff delete an entry (clocked in by mistake, a duplicate), with a reason; not on an approved
 * week. Its week's hours are counted again; audited with what it held; the employee is told.
 */
export function deleteTimeEntry(db: Db, user: SessionUser, id: string, query: z.output<typeof timeEntryDeleteQuery>, audit: AuditContext): Promise<TimeEntry> {
  return hrms.scope(db, user, 'member', async (tx, scope) => {
    const seen = await readEntry(tx, id);
    const employee = await lockEntryEmployee(tx, scope, seen.employeeId);
    const before = await readEntry(tx, id);
    if (before.version !== query.version) throw conflict(MODULE_MESSAGES.staleVersion);
    const sheet = await lockOpenForCorrection(tx, before.timesheetId);
    await tx.delete(hrmsTimeEntries).where(eq(hrmsTimeEntries.id, id));
    await recountWeek(tx, sheet.id);
    await hrms.audit(tx, scope, audit, 'hrms.time_entry.deleted', entryAudit(employee.name, before), entryFacts(before), { reason: query.reason });
    if (employee.userId) {
      await hrms.notify(tx, scope, {
        recipients: [employee.userId],
        category: 'timesheets',
        title: `HR deleted your time entry of ${entrySpan(before)}. Reason: ${query.reason}`,
        url: '/hrms/portal',
        entityId: employee.entityId,
        record: { type: 'hrms_time_entry', id },
      });
    }
    const { timesheetId: _sheet, ...entry } = before;
    return entry;
  });
}

// ----- timesheets ------------------------------------------------------------------------------

const timesheetFields = {
  id: ts.id,
  entityId: ts.entityId,
  employeeId: ts.employeeId,
  employeeName,
  workEmail: e.workEmail,
  employeeUserId: e.userId,
  weekStart: ts.weekStart,
  status: sql<TimesheetStatus>`${ts.status}`,
  workedMinutes: ts.workedMinutes,
  comment: ts.comment,
  submittedAt: isoTextOrNull(ts.submittedAt),
  decidedAt: isoTextOrNull(ts.decidedAt),
  version: ts.version,
};

function selectTimesheets<X extends Record<string, SQL>>(tx: Tx, extra: X = {} as X) {
  return tx
    .select({ ...timesheetFields, ...extra })
    .from(ts)
    .innerJoin(e, eq(e.id, ts.employeeId));
}
type TimesheetRow = Awaited<ReturnType<typeof selectTimesheets>>[number] & { expectedMinutes: number };

/** The rows with their entity's weekly minutes, the settings read once for all of them. */
async function withExpected<T extends { entityId: string }>(tx: Tx, rows: T[]): Promise<(T & { expectedMinutes: number })[]> {
  const ids = [...new Set(rows.map((r) => r.entityId))];
  if (ids.length === 0) return [];
  const s = hrmsAttendanceSettings;
  const found = await tx
    .select({ entityId: s.entityId, minutes: sql<number>`round(${s.weeklyHours} * 60)::int`.mapWith(Number) })
    .from(s)
    .where(inList(s.entityId, ids));
  const minutes = new Map(found.map((f) => [f.entityId, f.minutes]));
  return rows.map((r) => ({ ...r, expectedMinutes: minutes.get(r.entityId) ?? DEFAULT_WEEKLY_MINUTES }));
}

const toTimesheet =
  (scope: ModuleScope) =>
  (row: TimesheetRow): Timesheet => ({
    id: row.id,
    entityId: row.entityId,
    employeeId: row.employeeId,
    employeeName: row.employeeName,
    workEmail: row.workEmail,
    weekStart: row.weekStart,
    status: row.status,
    workedMinutes: row.workedMinutes,
    expectedMinutes: row.expectedMinutes,
    overtimeMinutes: overtime(row.workedMinutes, row.expectedMinutes),
    comment: row.comment,
    submittedAt: row.submittedAt,
    decidedAt: row.decidedAt,
    canSubmit: isOpenWeek(row.status) && scope.self.employeeIds.includes(row.employeeId),
    canDecide: row.status === 'submitted' && mayDecide(scope, row),
    version: row.version,
  });

/** A timesheet the caller may read, optionally locked: 404 otherwise (another entity's or company's, or not theirs to see). */
async function readTimesheet(tx: Tx, scope: ModuleScope, id: string, lock = false) {
  const query = selectTimesheets(tx).where(eq(ts.id, id));
  const [found] = lock ? await query.for('update', { of: ts }) : await query;
  if (!found || !mayRead(scope, found)) throw notFound(ATTENDANCE_MESSAGES.timesheetNotFound);
  const [row] = await withExpected(tx, [found]);
  return row!;
}

/**
 * One page of timesheets, newest week first: all of the entities where the caller is HR staff,
 * elsewhere their own and their reports'. The export reads the same pages.
 */
async function timesheetPageOf(tx: Tx, scope: ModuleScope, query: z.output<typeof timesheetFilters> & { limit: number; cursor?: string }) {
  const page = sortedPage({ columns: [sql`ts.week_start`], types: ['date'] }, sql`ts.id`, { limit: query.limit, cursor: query.cursor, dir: 'desc' });
  // The timesheets' own columns only, so that HR's page walks (company, entity[, status], week, id)
  // and a manager's probes each report's weeks (hrms_timesheets_employee_week_key).
  const reach = reachOf(scope, true)(ts.entityId, ts.employeeId);
  if (!reach) return toSortedPage([] as TimesheetRow[], query.limit, toTimesheet(scope));
  const conditions = [scopeCondition('ts', scope), reach];
  if (query.status) conditions.push(eq(ts.status, query.status));
  if (query.from) conditions.push(gte(ts.weekStart, query.from));
  if (query.to) conditions.push(sql`${ts.weekStart} <= ${query.to}::date`);
  if (page.where) conditions.push(page.where);
  // The page's ids first, then its rows and names: joins for 26 rows, not for every match.
  // An HR page is an index-only walk of (company, entity, status, week, id): the planner, expecting
  // a handful of rows under row-level security, otherwise read every match and sorted it.
  // A manager's (no staff entity): each report's own weeks, newest first, through
  // hrms_timesheets_employee_week_key, so the entity's other weeks are never read.
  const people = scope.entityIds.some((id) => scope.staffAt(id)) ? null : [...scope.self.employeeIds, ...scope.self.reportIds];
  const ids = people
    ? sql`(select t.id from unnest(${uuidArray(people)}) k(employee_id) cross join lateral (
        select ts.id, ts.week_start from ${hrmsTimesheets} ts where ts.employee_id = k.employee_id and ${and(...conditions)}
        order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}) t) p`
    : sql`(${tx
        .select({ id: ts.id })
        .from(ts)
        .where(and(...conditions))
        .orderBy(...page.orderBy)
        .limit(page.limit)}) p`;
  const rows = await tx
    .select({ ...timesheetFields, cursorValues: page.cursorValues })
    .from(ids)
    .innerJoin(ts, sql`${ts.id} = p.id`)
    .innerJoin(e, eq(e.id, ts.employeeId))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return toSortedPage(await withExpected(tx, rows), query.limit, toTimesheet(scope));
}

export function listTimesheets(db: Db, user: SessionUser, query: z.output<typeof timesheetListQuery>) {
  return hrms.selfScope(db, user, 'viewer', (tx, scope) => timesheetPageOf(tx, scope, query), query.entityId);
}

/** The CSV of a period's timesheets (HR staff: Viewer and up), hours with two decimals. */
export function timesheetCsvPages(db: Db, user: SessionUser, filters: z.output<typeof timesheetFilters>) {
  return hrms.csvPages(db, user, filters, timesheetPageOf, (t) => [
    t.employeeName,
    t.workEmail,
    t.weekStart,
    t.status,
    hoursText(t.workedMinutes),
    hoursText(t.expectedMinutes),
    hoursText(t.overtimeMinutes),
    t.comment,
  ]);
}

/**
 * One employee's week (the clock card, the timesheet's page): its entries, the open entry (of
 * any week: one clocked in on Sunday night is still open on Monday), and its timesheet once the
 * week has one. The minutes count the open entry up to now.
 */
export function attendanceWeek(db: Db, user: SessionUser, query: { employeeId: string; weekStart?: string }): Promise<AttendanceWeek> {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => {
    const [employee] = await tx
      .select({
        entityId: hrmsEmployees.entityId,
        userId: hrmsEmployees.userId,
      })
      .from(hrmsEmployees)
      .where(eq(hrmsEmployees.id, query.employeeId));
    if (
      !employee ||
      !mayRead(scope, {
        entityId: employee.entityId,
        employeeId: query.employeeId,
        employeeUserId: employee.userId,
      })
    ) {
      throw notFound(HRMS_MESSAGES.employeeNotFound);
    }
    const weekStart = query.weekStart ?? weekStartOf(new Date());
    const from = new Date(`${weekStart}T00:00:00Z`);
    const to = new Date(`${addDays(weekStart, 7)}T00:00:00Z`);
    const [sheet] = await selectTimesheets(tx).where(and(eq(ts.employeeId, query.employeeId), eq(ts.weekStart, weekStart)));
    const entries = (
      await tx
        .select(entryFields)
        .from(x)
        .where(and(eq(x.employeeId, query.employeeId), gte(x.clockIn, from), lt(x.clockIn, to)))
        .orderBy(x.clockIn)
    ).map(toEntry);
    const [open] = await tx
      .select(entryFields)
      .from(x)
      .where(and(eq(x.employeeId, query.employeeId), isNull(x.clockOut)));
    const expected = await weeklyMinutesAt(tx, employee.entityId);
    const worked = entries.reduce((sum, entry) => sum + entry.workedMinutes, 0);
    return {
      employeeId: query.employeeId,
      weekStart,
      workedMinutes: worked,
      expectedMinutes: expected,
      overtimeMinutes: overtime(worked, expected),
      openEntry: open ? toEntry(open) : null,
      entries,
      timesheet: sheet ? toTimesheet(scope)({ ...sheet, expectedMinutes: expected }) : null,
      canCorrect: mayCorrect(scope, { entityId: employee.entityId, employeeId: query.employeeId, employeeUserId: employee.userId }),
    };
  });
}

const weekLabel = (t: { employeeName: string; weekStart: string }) => `${t.employeeName}: week of ${t.weekStart}`;
const timesheetAudit = (t: TimesheetRow) => ({
  type: 'timesheet' as const,
  id: t.id,
  label: weekLabel(t),
});
const timesheetFacts = (t: TimesheetRow) => ({
  status: t.status,
  workedMinutes: t.workedMinutes,
  comment: t.comment || null,
});

/** Submit one's own week: nothing open, something worked. The manager and the entity's HRMS App Admins hear of it. */
export function submitTimesheet(db: Db, user: SessionUser, id: string, audit: AuditContext): Promise<Timesheet> {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => {
    const before = await readTimesheet(tx, scope, id, true);
    if (!scope.self.employeeIds.includes(before.employeeId)) throw forbidden(ATTENDANCE_MESSAGES.onlyOwnSubmit);
    if (!isOpenWeek(before.status)) throw conflict(ATTENDANCE_MESSAGES.notSubmittable);
    const entries = await tx
      .select({ open: sql<boolean>`${hrmsTimeEntries.clockOut} is null` })
      .from(hrmsTimeEntries)
      .where(eq(hrmsTimeEntries.timesheetId, id));
    if (entries.some((entry) => entry.open)) throw conflict(ATTENDANCE_MESSAGES.clockOutFirst);
    if (entries.length === 0) throw badRequest(ATTENDANCE_MESSAGES.nothingToSubmit);
    // A new submission asks for a new decision: the last one's comment and date go.
    await hrms.save(tx, hrmsTimesheets, id, {
      status: 'submitted',
      submittedAt: sql`now()`,
      comment: '',
      decidedBy: null,
      decidedAt: null,
    });
    const after = await readTimesheet(tx, scope, id);
    await hrms.audit(tx, scope, audit, 'hrms.timesheet.submitted', timesheetAudit(after), timesheetFacts(before), timesheetFacts(after));
    const [manager] = await tx.select({ userId: m.userId }).from(e).innerJoin(m, eq(m.id, e.managerId)).where(eq(e.id, after.employeeId));
    const admins = await productAdmins(tx, scope.companyId, 'hrms', after.entityId);
    await hrms.notify(tx, scope, {
      recipients: [...(manager?.userId ? [manager.userId] : []), ...admins],
      category: 'timesheets',
      title: `${after.employeeName} submitted the timesheet for the week of ${after.weekStart} (${hoursText(after.workedMinutes)} hours)`,
      url: ATTENDANCE_PAGE,
      entityId: after.entityId,
      record: { type: 'hrms_timesheet', id },
    });
    return toTimesheet(scope)(after);
  });
}

/**
 * Approve or return a submitted timesheet: HR staff (Member and up) of its entity or the employee's
 * manager, never the employee. The row is locked, so of two deciders the second finds it decided (409).
 */
export function decideTimesheet(db: Db, user: SessionUser, id: string, verdict: 'approved' | 'returned', comment: string, audit: AuditContext): Promise<Timesheet> {
  return hrms.selfScope(db, user, 'member', async (tx, scope) => {
    const before = await readTimesheet(tx, scope, id, true);
    if (isOwn(scope, before)) throw forbidden(ATTENDANCE_MESSAGES.ownTimesheet);
    if (!mayDecide(scope, before)) throw forbidden(ATTENDANCE_MESSAGES.cannotDecideTimesheet);
    if (before.status !== 'submitted') throw conflict(ATTENDANCE_MESSAGES.notSubmitted);
    await hrms.save(tx, hrmsTimesheets, id, {
      status: verdict,
      comment,
      decidedBy: scope.userId,
      decidedAt: sql`now()`,
    });
    const after = await readTimesheet(tx, scope, id);
    await hrms.audit(
      tx,
      scope,
      audit,
      verdict === 'approved' ? 'hrms.timesheet.approved' : 'hrms.timesheet.returned',
      timesheetAudit(after),
      timesheetFacts(before),
      timesheetFacts(after),
    );
    if (after.employeeUserId) {
      await hrms.notify(tx, scope, {
        recipients: [after.employeeUserId],
        category: 'timesheets',
        title: `Your timesheet for the week of ${after.weekStart} was ${verdict}${comment ? `: ${comment}` : ''}`,
        url: '/hrms/portal',
        entityId: after.entityId,
        record: { type: 'hrms_timesheet', id },
      });
    }
    return toTimesheet(scope)(after);
  });
}

// ----- a day: in, late, missing ------------------------------------------------------------------

/** When the day's clock-ins count as late at the entity: its late-after time (the default where it has none yet), as SQL. */
const lateAtSql = (entityId: string, dayStart: Date) =>
  sql`(${dayStart}::timestamptz + coalesce((select s.late_after_minutes from ${hrmsAttendanceSettings} s where s.entity_id = ${entityId}::uuid), ${DEFAULT_LATE_AFTER}) * interval '1 minute')`;

/** A value per entity of the row (`column`), as SQL: for one entity the value itself, a constant the planner can use. */
const perEntity = (column: AnyPgColumn, entityIds: string[], value: (entityId: string) => SQL) =>
  entityIds.length === 1 ? value(entityIds[0]!) : sql`(case ${column} ${sql.join(entityIds.map((id) => sql`when ${id}::uuid then ${value(id)}`), sql` `)} end)`;

/**
 * A day's attendance (default today, UTC; a later day is refused), for HR staff (every employee of
 * their entities) and managers (their reports); 403 for anyone else.
 *
 * - In: today, clocked in now; an earlier day, clocked in that day (since their first clock-in).
 * - Late: the first clock-in of the day came after the entity's late-after time.
 * - Missing: employed that day, no entry that day, on a working day (not a weekend nor a holiday of
 *   the entity), not on approved leave; today only once the late-after time has passed.
 *
 * Each list is its first 50 in its order and says whether there are more, read as an ordered walk
 * that stops there (the open entries by clock-in, the day's entries by clock-in, the employees by
 * name with an index-only probe each for an entry, then for leave; migration 0042): its cost does
 * not grow with the entity. "Missing" reads about 51 ÷ the share missing employees, whatever the
 * headcount. Counting a whole entity would grow with it (bench figure H2).
 */
export function attendanceToday(db: Db, user: SessionUser, query: { entityId?: string; day?: string }): Promise<AttendanceToday> {
  return hrms.selfScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const staff = scope.entityIds.filter((id) => scope.staffAt(id));
      if (staff.length === 0 && scope.self.reportIds.length === 0) throw forbidden(MODULE_MESSAGES.noAccess);
      const current = today();
      const day = query.day ?? current;
      if (day > current) throw badRequest(ATTENDANCE_MESSAGES.dayAhead);
      const isToday = day === current;
      const dayStart = new Date(`${day}T00:00:00Z`);
      const dayEnd = new Date(`${addDays(day, 1)}T00:00:00Z`);
      const reach = reachOf(scope, false, staff);
      // The late-after time and the calendar are read by the statements that use them (subqueries
      // of constants: one evaluation each), so that all three lists are read in one round trip.
      const lateBound = perEntity(x.entityId, scope.entityIds, (id) => lateAtSql(id, dayStart));
      const list = TODAY_LIST + 1;
      const cut = <T>(rows: T[]) => ({ rows: rows.slice(0, TODAY_LIST), more: rows.length > TODAY_LIST });
      /** The employee's first entry of the day: none before it that day. */
      const firstOfDay = sql`not exists (select 1 from ${hrmsTimeEntries} p where p.employee_id = ${x.employeeId} and p.clock_in >= ${dayStart}
        and (p.clock_in < ${x.clockIn} or (p.clock_in = ${x.clockIn} and p.id < ${x.id})))`;
      const entryReach = reach(x.entityId, x.employeeId)!;
      /**
       * The first 51 entries by clock-in that match, cut in a subquery before the names are read:
       * an ordered walk of (entity, clock-in, employee) or of the open entries, which stops at the
       * page (with the join inside, the planner read every match and sorted it). Each name is one
       * probe by id: as a join, the planner hashed the whole entity's employees for the 51.
       */
      const entries = (where: SQL | undefined) => {
        const page = tx
          .select({ employeeId: x.employeeId, entityId: x.entityId, clockIn: x.clockIn })
          .from(x)
          .where(and(eq(x.companyId, scope.companyId), entryReach, where))
          .orderBy(x.clockIn, x.employeeId)
          .limit(list)
          .as('f');
        return tx
          .select({
            employeeId: page.employeeId,
            employeeName: sql<string>`(select n.first_name || ' ' || n.last_name from ${hrmsEmployees} n where n.id = ${page.employeeId})`,
            entityId: page.entityId,
            at: sql<string>`to_json(${page.clockIn}) #>> '{}'`,
          })
          .from(page)
          .orderBy(page.clockIn, page.employeeId);
      };

      // Missing: where the day is a working day and (today) the late-after time has passed.
      const weekend = [0, 6].includes(dayStart.getUTCDay());
      const now = new Date();
      const counted = (id: string) => and(sql`not ${holidayAt(id, day)}`, isToday ? sql`${now}::timestamptz > ${lateAtSql(id, dayStart)}` : undefined)!;
      const missingReach = reach(e.entityId, e.id);
      const missingPage = () =>
        weekend || !missingReach
          ? []
          : tx
              .select({ employeeId: e.id, employeeName, entityId: e.entityId })
              .from(e)
              .where(
                and(
                  eq(e.companyId, scope.companyId),
                  scope.entityIds.length === 1 ? eq(e.entityId, scope.entityIds[0]!) : inList(e.entityId, scope.entityIds),
                  perEntity(e.entityId, scope.entityIds, counted),
                  missingReach,
                  employedOn(day),
                  // One probe per employee, the entry first (most have one) and the leave only when
                  // there is none: as one union the planner keeps it a probe in the walk's filter.
                  // As two NOT EXISTS it made them joins, hashing or rereading the whole day's
                  // entries (47 ms to 1.6 s at 10,000 employees), or ran the leave probe first.
                  sql`not exists (select 1 from ${hrmsTimeEntries} t where t.employee_id = ${e.id} and t.clock_in >= ${dayStart} and t.clock_in < ${dayEnd}
                    union all select 1 from ${hrmsLeaveRequests} l where l.employee_id = ${e.id} and l.status = 'approved' and l.start_date <= ${day}::date and l.end_date >= ${day}::date)`,
                ),
              )
              .orderBy(e.lastName, e.firstName, e.id)
              .limit(list);

      // Read together: one round trip.
      const [inRows, lateRows, missingRows] = await Promise.all([
        entries(isToday ? isNull(x.clockOut) : and(gte(x.clockIn, dayStart), lt(x.clockIn, dayEnd), firstOfDay)),
        entries(and(sql`${x.clockIn} > ${lateBound}`, lt(x.clockIn, dayEnd), firstOfDay)),
        missingPage(),
      ]);
      const inNow = cut(inRows.map(({ at, ...p }) => ({ ...p, since: at })));
      const late = cut(lateRows.map(({ at, ...p }) => ({ ...p, firstClockIn: at })));
      const missing = cut(missingRows);
      return {
        date: day,
        isToday,
        counts: { in: inNow.rows.length, late: late.rows.length, missing: missing.rows.length },
        more: { in: inNow.more, late: late.more, missing: missing.more },
        in: inNow.rows,
        late: late.rows,
        missing: missing.rows,
      };
    },
    query.entityId,
  );
}

// ----- settings --------------------------------------------------------------------------------

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const settingsFields = {
  id: hrmsAttendanceSettings.id,
  entityId: hrmsAttendanceSettings.entityId,
  weeklyHours: sql<string>`${hrmsAttendanceSettings.weeklyHours}::text`,
  lateAfterMinutes: hrmsAttendanceSettings.lateAfterMinutes,
  version: hrmsAttendanceSettings.version,
};
const toSettings = ({ lateAfterMinutes, ...rest }: { id: string; entityId: string; weeklyHours: string; lateAfterMinutes: number; version: number }): AttendanceSettings => ({
  ...rest,
  lateAfter: hhmm(lateAfterMinutes),
});

/** An entity's attendance settings (made with the defaults, 40 hours and 10:00, on the first read). */
export function getAttendanceSettings(db: Db, user: SessionUser, entityId: string): Promise<AttendanceSettings> {
  // Made on the first read: then in a write, even in a GET (setup.ts).
  return madeOnFirstRead((create) =>
    hrms.scope(
      db,
      user,
      'viewer',
      async (tx, scope) => {
        const read = () => start(tx.select(settingsFields).from(hrmsAttendanceSettings).where(eq(hrmsAttendanceSettings.entityId, entityId)));
        if (!create) {
          const [row] = await read();
          return row && toSettings(row);
        }
        // Made and read back in one round trip, with the commit.
        const [row] = await commitWith(tx, [tx.insert(hrmsAttendanceSettings).values({ companyId: scope.companyId, entityId }).onConflictDoNothing({ target: hrmsAttendanceSettings.entityId })], read);
        return toSettings(row!);
      },
      entityId,
    ),
  );
}

export function updateAttendanceSettings(db: Db, user: SessionUser, id: string, input: z.output<typeof attendanceSettingsInput>, audit: AuditContext): Promise<AttendanceSettings> {
  return hrms.scope(db, user, 'app_admin', async (tx, scope) => {
    await hrms.lock(tx, hrmsAttendanceSettings, id, input.version, ATTENDANCE_MESSAGES.settingsNotFound);
    const [before] = await tx.select(settingsFields).from(hrmsAttendanceSettings).where(eq(hrmsAttendanceSettings.id, id));
    const [hours, minutes] = input.lateAfter.split(':').map(Number) as [number, number];
    await hrms.save(tx, hrmsAttendanceSettings, id, {
      weeklyHours: input.weeklyHours,
      lateAfterMinutes: hours * 60 + minutes,
    });
    const [after] = await tx.select(settingsFields).from(hrmsAttendanceSettings).where(eq(hrmsAttendanceSettings.id, id));
    const facts = (s: AttendanceSettings) => ({
      weeklyHours: s.weeklyHours,
      lateAfter: s.lateAfter,
    });
    const saved = toSettings(after!);
    await hrms.audit(
      tx,
      scope,
      audit,
      'hrms.attendance_settings.updated',
      { type: 'attendance_settings', id, label: 'Attendance settings' },
      facts(toSettings(before!)),
      facts(saved),
    );
    return saved;
  });
}
