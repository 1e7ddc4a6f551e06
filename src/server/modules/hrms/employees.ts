import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SessionUser } from '@/shared/auth';
import {
  EMPLOYEE_CSV_COLUMNS,
  EMPLOYEE_STATUS_LABELS,
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  HRMS_MESSAGES,
  employeeCreateInput,
  employeeUpdateInput,
  type ContactInput,
  type Employee,
  type EmployeeListQuery,
  type EmployeeStatus,
} from '@/shared/hrms';
import { MODULE_MESSAGES } from '@/shared/modules';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { entities, hrmsEmployees, hrmsLeaveRequests, hrmsLeaveTypes, users } from '../../db/schema';
import { commitWith, isForeignKeyViolation, isUniqueViolation, pipelined, type Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { importRows, parseCsv, rowRefusal } from '../../platform/csv';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, type ModuleScope } from '../../platform/scope';
import { isoText, uuidArray } from '../../platform/sql';
import { ensureEntitySetup } from './setup';
import { today } from './dates';
import { recordEmployeeEvent, recordLeaveRequestEvent } from './audit';
import { readChecklistStart, startChecklist } from './onboarding';
import { hrms, mayReach } from './module';

type EmployeeCreate = z.output<typeof employeeCreateInput>;
type EmployeeUpdate = z.output<typeof employeeUpdateInput>;

/** The directory's table as `e`, the name the SQL fragments below (statusOf, filters, sorts) use; `m` is the manager. */
const e = alias(hrmsEmployees, 'e');
const m = alias(hrmsEmployees, 'm');

/** Approved leave covering `day`: the employee is On Leave. */
const onLeave = (day: string) =>
  sql`exists (select 1 from hrms_leave_requests r where r.employee_id = e.id and r.status = 'approved' and r.start_date <= ${day}::date and r.end_date >= ${day}::date)`;

/**
 * The status on `day`, from the dates alone (see EMPLOYEE_STATUSES): a termination dated ahead
 * leaves the employee Active until their last day, and a hire dated ahead is Starting until their
 * first. `day` is the server's today in UTC (dates.ts): one day for every viewer, whatever their
 * time zone, so lists, filters and counts agree with each other.
 */
const statusOf = (day: string) =>
  sql<EmployeeStatus>`case when e.end_date < ${day}::date then 'terminated' when e.start_date > ${day}::date then 'starting' when ${onLeave(day)} then 'on_leave' else 'active' end`;

/** Employed on `day`: started, and not past the last day. */
export const employedOn = (day: string) => sql`e.start_date <= ${day}::date and (e.end_date is null or e.end_date >= ${day}::date)`;

/** An employee as the API shows it, with their entity, manager and status on `day`. */
const employeeFields = (day: string) => ({
  id: e.id,
  entityId: e.entityId,
  entityName: entities.name,
  firstName: e.firstName,
  lastName: e.lastName,
  workEmail: e.workEmail,
  jobTitle: e.jobTitle,
  department: e.department,
  managerId: e.managerId,
  managerName: sql<string | null>`case when ${m.id} is null then null else ${m.firstName} || ' ' || ${m.lastName} end`,
  employmentType: sql<Employee['employmentType']>`${e.employmentType}`,
  startDate: e.startDate,
  status: statusOf(day),
  endDate: e.endDate,
  userId: e.userId,
  version: e.version,
  createdAt: isoText(e.createdAt),
});

/** The employees of `source` (the table, or one page of it named `e`) with their entity and manager. */
function selectEmployees<X extends Record<string, SQL>>(tx: Tx, day: string, extra: X = {} as X, source: typeof e | ReturnType<typeof pageRows> = e) {
  return tx
    .select({ ...employeeFields(day), ...extra })
    .from(source)
    .innerJoin(entities, eq(entities.id, e.entityId))
    .leftJoin(m, eq(m.id, e.managerId));
}

const SORTS: Record<EmployeeListQuery['sort'], SortSpec> = {
  name: { columns: [sql`e.last_name`, sql`e.first_name`], types: ['text', 'text'] },
  startDate: { columns: [sql`e.start_date`], types: ['date'] },
  createdAt: { columns: [sql`e.created_at`], types: ['timestamptz'] },
};

/** The filters of the directory (and of its export): search, department, status. */
function filters(scope: ModuleScope, query: Pick<EmployeeListQuery, 'q' | 'department' | 'status'>, day: string): SQL {
  const parts: SQL[] = [scopeCondition('e', scope)];
  if (query.q) {
    // The start of the full name (so of the first name too), of the last name, or of the email.
    const p = query.q.toLowerCase();
    parts.push(sql`(${e.searchName} ^@ ${p} or ${e.searchLastName} ^@ ${p} or ${e.searchEmail} ^@ ${p})`);
  }
  if (query.department) parts.push(sql`${e.department} = ${query.department}`);
  // The same cases as statusOf, each on its own.
  if (query.status === 'terminated') parts.push(sql`e.end_date < ${day}::date`);
  if (query.status === 'starting') parts.push(sql`e.start_date > ${day}::date`);
  if (query.status === 'active') parts.push(sql`${employedOn(day)} and not ${onLeave(day)}`);
  if (query.status === 'on_leave') parts.push(sql`${employedOn(day)} and ${onLeave(day)}`);
  return sql.join(parts, sql` and `);
}

/** One page of the directory's rows, on the employee table alone, named `e` for the joins around it. */
const pageRows = (tx: Tx, where: SQL, orderBy: SQL[], limit: number) =>
  tx
    .select()
    .from(e)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .as('e');

/** A page of the directory, each employee with their manager's work email (the export's column). */
async function pageOf(tx: Tx, scope: ModuleScope, query: EmployeeListQuery) {
  const day = today();
  // A search has its own indexes (migration 0007): see PageOptions.searched.
  const page = sortedPage(SORTS[query.sort], sql`e.id`, query, { searched: Boolean(query.q) });
  const where = page.where ? sql`${filters(scope, query, day)} and ${page.where}` : filters(scope, query, day);
  // The page first, then its entity, manager and status: joins for 26 rows, not for every match.
  const extra = { managerEmail: sql<string | null>`${m.workEmail}`, cursorValues: page.cursorValues };
  const rows = await selectEmployees(tx, day, extra, pageRows(tx, where, page.orderBy, page.limit)).orderBy(...page.orderBy);
  return toSortedPage(rows, query.limit, ({ cursorValues: _, ...employee }): Employee & { managerEmail: string | null } => employee);
}

/** The directory: keyset pages in the chosen order, filtered. */
export function listEmployees(db: Db, user: SessionUser, query: EmployeeListQuery) {
  return hrms.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const page = await pageOf(tx, scope, query);
      return { ...page, items: page.items.map(({ managerEmail: _, ...employee }): Employee => employee) };
    },
    query.entityId,
  );
}

/** The export's rows, a page of 100 per transaction (one round trip each, the manager's email joined). */
export function employeeCsvPages(db: Db, user: SessionUser, query: Omit<EmployeeListQuery, 'limit' | 'cursor'>) {
  return hrms.csvPages(
    db,
    user,
    query,
    pageOf,
    (x) => [
      x.firstName,
      x.lastName,
      x.workEmail,
      x.jobTitle,
      x.department,
      EMPLOYMENT_TYPE_LABELS[x.employmentType],
      x.startDate,
      x.managerEmail ?? '',
      x.entityName,
      EMPLOYEE_STATUS_LABELS[x.status],
      x.endDate ?? '',
    ],
  );
}
export const EMPLOYEE_EXPORT_COLUMNS = [...EMPLOYEE_CSV_COLUMNS, 'Entity', 'Status', 'End Date'];

/** Personal contact details, for HR and the employee themselves (never in the directory). */
const personalFields = { personalEmail: sql<string>`${e.personalEmail}`, phone: sql<string>`${e.phone}`, address: sql<string>`${e.address}` };
const personalOf = ({ personalEmail, phone, address }: { personalEmail: string; phone: string; address: string }) => ({ personalEmail, phone, address });

/** The caller's own records for the portal (`ids`: scope.self.employeeIds), with contact details and whether they manage anyone. */
export async function readOwnEmployees(tx: Tx, ids: string[]) {
  const hasReports = sql<boolean>`exists (select 1 from hrms_employees r where r.manager_id = ${e.id} and r.entity_id = ${e.entityId})`;
  const rows = await selectEmployees(tx, today(), { ...personalFields, hasReports })
    .where(sql`${e.id} = any(${uuidArray(ids)})`)
    .orderBy(entities.name, e.id);
  return rows.map(({ personalEmail, phone, address, ...rest }) => ({ ...rest, personal: personalOf({ personalEmail, phone, address }) }));
}

async function readEmployee(tx: Tx, id: string): Promise<Employee> {
  const [employee] = await selectEmployees(tx, today()).where(eq(e.id, id));
  if (!employee) throw notFound(HRMS_MESSAGES.employeeNotFound);
  return employee;
}

/**
 * One employee with their direct reports (the profile page): for HR staff of the entity, the
 * employee themselves, and their manager (self-service). Personal contact details are for HR (Member
 * and up) and the employee, not a Viewer or the manager; an employee sees their own reports, not
 * their manager's others.
 */
export function getEmployee(db: Db, user: SessionUser, id: string) {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => {
    // The reports are read with the employee (one round trip) and returned only to whom may see them.
    const [[found], reports] = await Promise.all([
      selectEmployees(tx, today(), personalFields).where(eq(e.id, id)),
      selectEmployees(tx, today()).where(eq(e.managerId, id)).orderBy(e.lastName, e.firstName, e.id).limit(200),
    ]);
    if (!found || !mayReach(scope, found.entityId, found.id)) throw notFound(HRMS_MESSAGES.employeeNotFound);
    const { personalEmail, phone, address, ...employee } = found;
    const staff = scope.staffAt(found.entityId);
    const own = scope.self.employeeIds.includes(id);
    // HR is Member and up: a Viewer reads the directory, not people's homes and phones.
    const hr = scope.has(found.entityId, 'member');
    const directReports = staff || own ? reports : [];
    return { ...employee, directReports, personal: hr || own ? personalOf({ personalEmail, phone, address }) : null };
  });
}

const CONTACT_KEYS = ['personalEmail', 'phone', 'address'] as const;
type ContactRow = { id: string; firstName: string; lastName: string; workEmail: string } & Record<(typeof CONTACT_KEYS)[number], string>;

/**
 * The personal contact change's own event, by the employee (the portal) or by HR (the edit form),
 * when any of them changed: which fields, not their values (the log is read by HR; the details are
 * the employee's).
 */
async function recordContactChange(tx: Tx, scope: ModuleScope, audit: AuditContext, row: ContactRow, input: Partial<Record<(typeof CONTACT_KEYS)[number], string>>) {
  const changed = CONTACT_KEYS.filter((k) => input[k] !== undefined && input[k] !== row[k]);
  if (changed.length === 0) return;
  await hrms.audit(tx, scope, audit, 'hrms.employee.contact_updated', { type: 'employee', id: row.id, label: `${row.firstName} ${row.lastName} <${row.workEmail}>` }, undefined, { changed });
}

/** The employee corrects their own personal contact details (the portal): their record only, whatever their role. */
export function updateContact(db: Db, user: SessionUser, id: string, input: ContactInput, audit: AuditContext) {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => {
    if (!scope.self.employeeIds.includes(id)) throw notFound(HRMS_MESSAGES.employeeNotFound);
    const row = await hrms.lock(tx, hrmsEmployees, id, input.version, HRMS_MESSAGES.employeeNotFound);
    const { version: _read, ...contact } = input;
    // The event from the row as it was and the input; then the save, the answer and the commit together.
    await recordContactChange(tx, scope, audit, row, contact);
    return commitWith(tx, [hrms.save(tx, hrmsEmployees, id, contact)], async () => (await readOwnEmployees(tx, [id]))[0]!);
  });
}

/**
 * Maps the constraint a write broke to its message; undefined for anything unexpected.
 *
 * A work email is unique in the whole company (`hrms_employees_company_email_key`), not only in
 * the entities the caller can read: it names one person, and HR of two entities must not each
 * make a record for them (an ATS hire goes through the same rule). Narrowing the rule to what the
 * caller can see would let those duplicates in, so an address held outside the caller's scope is
 * refused too, and the refusal cannot help saying that the address is taken. It says nothing
 * more: one status and one message wherever the holder is, naming no employee, entity or company.
 */
export function explainEmployeeError(error: unknown): string | undefined {
  if (isUniqueViolation(error, 'hrms_employees_company_email_key')) return HRMS_MESSAGES.emailTaken;
  if (isUniqueViolation(error, 'hrms_employees_entity_user_key')) return HRMS_MESSAGES.userTaken;
  if (isForeignKeyViolation(error, 'hrms_employees_manager_fk')) return HRMS_MESSAGES.managerNotFound;
  if (isForeignKeyViolation(error, 'hrms_employees_user_fk')) return HRMS_MESSAGES.userNotFound;
  return undefined;
}

function rethrowEmployeeError(error: unknown): never {
  if (isUniqueViolation(error)) {
    const message = explainEmployeeError(error);
    if (message) throw conflict(message);
  }
  const message = explainEmployeeError(error);
  if (message) throw badRequest(message);
  throw error;
}

/**
 * The new employee's row, its id made by the caller so that what reads the row can go in the same
 * round trip (a query builder: it runs when awaited). The manager's check is the caller's (addEmployee).
 */
export function insertEmployee(tx: Tx, scope: ModuleScope, id: string, input: EmployeeCreate) {
  return tx.insert(hrmsEmployees).values({
    id,
    companyId: scope.companyId,
    entityId: input.entityId,
    firstName: input.firstName,
    lastName: input.lastName,
    workEmail: input.workEmail,
    jobTitle: input.jobTitle,
    department: input.department,
    managerId: input.managerId,
    employmentType: input.employmentType,
    startDate: input.startDate,
    userId: input.userId,
  });
}

/**
 * Creates an employee (the form, a CSV row): the row, its read-back (the answer and the event's
 * facts) and what its onboarding checklist needs in one round trip, with the entity's setup first
 * when `setup` (a CSV import sets the entity up once). Then the event, and the checklist when the
 * entity has a default onboarding template.
 */
async function addEmployee(tx: Tx, scope: ModuleScope, audit: AuditContext, input: EmployeeCreate, setup: boolean): Promise<Employee> {
  checkManagerChange(scope, input.entityId, null, input.managerId);
  const id = randomUUID();
  const [, , employee, start] = await pipelined(
    tx,
    () => (setup ? ensureEntitySetup(tx, scope, [input.entityId]) : undefined),
    () => insertEmployee(tx, scope, id, input),
    () => readEmployee(tx, id),
    () => readChecklistStart(tx, id, 'onboarding'),
  );
  await recordEmployeeEvent(tx, scope, audit, 'hrms.employee.created', employee);
  await startChecklist(tx, scope, id, 'onboarding', start);
  return employee;
}

/**
 * Who reports to whom decides who approves whose leave (leave.ts, mayDecide), so it is HR's
 * decision: setting, changing or clearing a manager is App Admin only. A Member who could name
 * themselves a colleague's manager could then approve that colleague's leave. Sending the manager
 * the record already has is no change (the edit form sends every field).
 */
function checkManagerChange(scope: ModuleScope, entityId: string, current: string | null, wanted: string | null | undefined) {
  if (wanted === undefined || (wanted === null ? null : wanted.toLowerCase()) === current) return;
  if (!scope.has(entityId, 'app_admin')) throw forbidden(HRMS_MESSAGES.managerAdminOnly);
}

/** Linking an employee to a user account decides who may request and approve as them: App Admin only. */
function checkUserLink(scope: ModuleScope, entityId: string, userId: string | null | undefined) {
  if (userId !== undefined && userId !== null && !scope.has(entityId, 'app_admin')) throw forbidden(MODULE_MESSAGES.appAdminRequired);
}

export async function createEmployee(db: Db, user: SessionUser, input: EmployeeCreate, audit: AuditContext): Promise<Employee> {
  try {
    return await hrms.scope(
      db,
      user,
      'member',
      async (tx, scope) => {
        checkUserLink(scope, input.entityId, input.userId);
        return addEmployee(tx, scope, audit, input, true);
      },
      input.entityId,
    );
  } catch (error) {
    rethrowEmployeeError(error);
  }
}

/**
 * Serializes manager changes in the employee's entity, so two concurrent changes cannot make a
 * cycle together. One statement with the employee's entity (none: no row, the lock after it 404s),
 * sent before the row's lock: taken the other way round, two changes would each hold a row the
 * other's foreign-key check needs (a deadlock).
 */
const lockManagersOf = (tx: Tx, employeeId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('hrms-managers:' || entity_id::text, 0)) from hrms_employees where id = ${employeeId}`);

async function wouldCycle(tx: Tx, employeeId: string, managerId: string) {
  if (employeeId === managerId) return true;
  const { rows } = await tx.execute(sql`
    with recursive chain(id, manager_id, depth) as (
      select id, manager_id, 1 from hrms_employees where id = ${managerId}
      union all
      select e.id, e.manager_id, c.depth + 1 from hrms_employees e join chain c on e.id = c.manager_id where c.depth < 10000
    )
    select 1 from chain where id = ${employeeId} limit 1`);
  return rows.length > 0;
}

/** An employee's name as the directory shows it as a manager (employeeFields' managerName); null when there is none. */
async function managerNameOf(tx: Tx, managerId: string): Promise<string | null> {
  const [found] = await tx.select({ name: sql<string>`${hrmsEmployees.firstName} || ' ' || ${hrmsEmployees.lastName}` }).from(hrmsEmployees).where(eq(hrmsEmployees.id, managerId));
  return found?.name ?? null;
}

/** A uuid as PostgreSQL gives it back (lower case); null and undefined as they are. */
const uuidOf = <T extends string | null | undefined>(id: T): T => (typeof id === 'string' ? (id.toLowerCase() as T) : id);

export async function updateEmployee(db: Db, user: SessionUser, id: string, input: EmployeeUpdate, audit: AuditContext): Promise<Employee> {
  try {
    return await hrms.scope(db, user, 'member', async (tx, scope) => {
      const newManager = input.managerId ?? undefined;
      // One round trip: with a new manager, the entity's lock first (lockManagersOf), its cycle
      // check after the row's lock and its name (the event's); the row locked, and as it is.
      const [, row, before, cycle, managerName] = await pipelined(
        tx,
        () => (newManager ? lockManagersOf(tx, id) : undefined),
        () => hrms.lock(tx, hrmsEmployees, id, input.version, HRMS_MESSAGES.employeeNotFound),
        () => readEmployee(tx, id),
        () => (newManager ? wouldCycle(tx, id, newManager) : false),
        () => (newManager ? managerNameOf(tx, newManager) : null),
      );
      checkUserLink(scope, row.entityId, input.userId);
      checkManagerChange(scope, row.entityId, row.managerId, input.managerId);
      if (input.userId === null && !scope.has(row.entityId, 'app_admin')) throw forbidden(MODULE_MESSAGES.appAdminRequired);
      if (cycle) throw badRequest(HRMS_MESSAGES.managerCycle);
      const values = {
        firstName: input.firstName,
        lastName: input.lastName,
        workEmail: input.workEmail,
        jobTitle: input.jobTitle,
        department: input.department,
        managerId: uuidOf(input.managerId),
        employmentType: input.employmentType,
        startDate: input.startDate,
        userId: uuidOf(input.userId),
      };
      // The event's "after" from what is known: the fields saved (the status's label cannot change:
      // only a termination sets the last day), the manager's name read above.
      const saved = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<Employee>;
      const after: Employee = { ...before, ...saved };
      if (after.managerId !== before.managerId) after.managerName = after.managerId === null ? null : managerName;
      await recordEmployeeEvent(tx, scope, audit, 'hrms.employee.updated', after, before);
      await recordContactChange(tx, scope, audit, row, input);
      const contact = { personalEmail: input.personalEmail, phone: input.phone, address: input.address };
      return commitWith(tx, [hrms.save(tx, hrmsEmployees, id, { ...values, ...contact })], () => readEmployee(tx, id));
    });
  } catch (error) {
    rethrowEmployeeError(error);
  }
}

/**
 * Ends the employment on a last day, today, past or ahead: the record is kept, with its end date;
 * pending leave after the last day is cancelled. The stored status column says only that a
 * termination is on record (a check ties it to end_date); what the employee is on a given day
 * comes from the dates (statusOf), so one leaving on 31 December stays Active until then.
 */
export function terminateEmployee(db: Db, user: SessionUser, id: string, input: { endDate: string; version: number }, audit: AuditContext) {
  // App Admin only: a Member (HR staff) edits details but does not end employments (issue 34).
  return hrms.scope(db, user, 'app_admin', async (tx, scope) => {
    const r = hrmsLeaveRequests;
    const cancellable = and(eq(r.employeeId, id), eq(r.status, 'pending'), sql`${r.startDate} > ${input.endDate}::date`);
    // One round trip: the row locked, as it is, what its offboarding checklist needs (counted from
    // this last day) and the pending leave after the last day, locked (a new request locks the
    // employee's row first: none can come in before this commits).
    const [row, before, start, pending] = await pipelined(
      tx,
      () => hrms.lock(tx, hrmsEmployees, id, input.version, HRMS_MESSAGES.employeeNotFound),
      () => readEmployee(tx, id),
      () => readChecklistStart(tx, id, 'offboarding', input.endDate),
      () =>
        tx
          .select({ id: r.id, leaveTypeName: hrmsLeaveTypes.name, startDate: r.startDate, endDate: r.endDate, days: sql<number>`${r.days}::float8` })
          .from(r)
          .innerJoin(hrmsLeaveTypes, eq(hrmsLeaveTypes.id, r.leaveTypeId))
          .where(cancellable)
          .orderBy(r.startDate, r.id)
          .for('update', { of: r }),
    );
    // One termination per record, whether its last day has come yet or not.
    if (row.status === 'terminated') throw conflict(HRMS_MESSAGES.alreadyTerminated);
    if (input.endDate < row.startDate) throw badRequest(HRMS_MESSAGES.endBeforeStart);
    // The event's "after" from what is known: statusOf's 'terminated' once the last day has passed.
    const after: Employee = { ...before, endDate: input.endDate, status: input.endDate < today() ? 'terminated' : before.status };
    await recordEmployeeEvent(tx, scope, audit, 'hrms.employee.terminated', after, before);
    await startChecklist(tx, scope, id, 'offboarding', start);
    // Pending leave after the last day is cancelled, each with its own event.
    const decisionComment = 'Cancelled: employment ended';
    for (const request of pending) {
      const facts = { ...request, employeeName: `${after.firstName} ${after.lastName}`, decisionComment };
      await recordLeaveRequestEvent(tx, scope, audit, 'hrms.leave.cancelled', { ...facts, status: 'cancelled' }, { ...facts, status: 'pending', decisionComment: '' });
    }
    const cancel = tx
      .update(r)
      .set({ status: 'cancelled', version: sql`${r.version} + 1`, updatedAt: sql`now()`, decidedAt: sql`now()`, decisionComment })
      .where(and(cancellable, sql`${r.id} = any(${uuidArray(pending.map((p) => p.id))})`));
    const save = hrms.save(tx, hrmsEmployees, id, { status: 'terminated', endDate: input.endDate });
    return commitWith(tx, pending.length > 0 ? [save, cancel] : [save], () => readEmployee(tx, id));
  });
}

/**
 * Users an App Admin may link to an employee at the entity: the company's users who are not
 * deactivated (an employee needs no HRMS grant: linked, they use the Employee Portal). The form
 * offers the one whose email is the work email; a user linked to another employee there is 409.
 */
export function linkableUsers(db: Db, user: SessionUser, entityId: string) {
  return hrms.scope(
    db,
    user,
    'app_admin',
    async (tx, scope) => {
      const items = await tx
        .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.companyId, scope.companyId),
            sql`${users.status} <> 'deactivated'`,
          ),
        )
        .orderBy(users.lastName, users.firstName, users.id)
        .limit(500);
      return { items };
    },
    entityId,
  );
}

const TYPE_BY_LABEL = new Map<string, (typeof EMPLOYMENT_TYPES)[number]>(
  EMPLOYMENT_TYPES.flatMap((t) => [
    [t, t],
    [EMPLOYMENT_TYPE_LABELS[t].toLowerCase(), t],
  ]),
);

const CSV_COLUMN_OF: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  workEmail: 'Work Email',
  jobTitle: 'Job Title',
  department: 'Department',
  employmentType: 'Employment Type',
  startDate: 'Start Date',
};

/** CSV import into one entity; each row its own savepoint (see importRows). */
export function importEmployees(db: Db, user: SessionUser, input: { entityId: string; csv: string }, audit: AuditContext) {
  const rows = parseCsv(input.csv, EMPLOYEE_CSV_COLUMNS);
  return hrms.scope(
    db,
    user,
    'member',
    async (tx, scope) => {
      await ensureEntitySetup(tx, scope, [input.entityId]);
      return importRows(
        tx,
        rows,
        async ({ values }) => {
          let managerId: string | null = null;
          const managerEmail = values['Manager Email']!.toLowerCase();
          if (managerEmail) {
            // Before the lookup: a Member is refused the column whether or not the manager exists.
            if (!scope.has(input.entityId, 'app_admin')) throw forbidden(HRMS_MESSAGES.managerAdminOnly);
            const [found] = await tx
              .select({ id: hrmsEmployees.id })
              .from(hrmsEmployees)
              .where(
                and(
                  eq(hrmsEmployees.companyId, scope.companyId),
                  eq(hrmsEmployees.entityId, input.entityId),
                  sql`lower(${hrmsEmployees.workEmail}) = ${managerEmail}`,
                ),
              );
            if (!found) throw badRequest(`No employee with the manager email ${managerEmail} in this entity.`);
            managerId = found.id;
          }
          const parsed = employeeCreateInput.safeParse({
            entityId: input.entityId,
            firstName: values['First Name'],
            lastName: values['Last Name'],
            workEmail: values['Work Email'],
            jobTitle: values['Job Title'],
            department: values['Department'],
            employmentType: TYPE_BY_LABEL.get(values['Employment Type']!.toLowerCase()) ?? values['Employment Type'],
            startDate: values['Start Date'],
            managerId,
          });
          if (!parsed.success) throw rowRefusal(parsed.error, CSV_COLUMN_OF);
          // As one created in the form (its event and onboarding too), in the row's own savepoint:
          // a row that fails leaves nothing.
          await addEmployee(tx, scope, audit, parsed.data, false);
        },
        explainEmployeeError,
      );
    },
    input.entityId,
  );
}
