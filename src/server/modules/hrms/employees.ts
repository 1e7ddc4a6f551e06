import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import {
  EMPLOYEE_CSV_COLUMNS,
  EMPLOYEE_STATUS_LABELS,
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  HRMS_MESSAGES,
  employeeCreateInput,
  type Employee,
  type EmployeeListQuery,
  type EmployeeStatus,
} from '@/shared/hrms';
import { MODULE_MESSAGES } from '@/shared/modules';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation, type Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { importRows, parseCsv, rowRefusal } from '../../platform/csv';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, withModuleScope, type ModuleScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';
import { ensureEntitySetup } from './setup';
import { today } from './dates';
import { recordEmployeeEvent, recordLeaveRequestEvent, type LeaveRequestFacts } from './audit';

type EmployeeCreate = z.output<typeof employeeCreateInput>;
type EmployeeUpdate = Partial<Omit<EmployeeCreate, 'entityId'>> & { version: number };

/** HRMS scope: every HRMS route goes through here (docs/modules.md). */
export const hrmsScope = <T>(
  db: Db,
  user: SessionUser,
  minRole: Parameters<typeof withModuleScope>[3],
  work: (tx: Tx, scope: ModuleScope) => Promise<T>,
  entityId?: string,
) => withModuleScope(db, user, 'hrms', minRole, work, { entityId });

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
  sql`case when e.end_date < ${day}::date then 'terminated' when e.start_date > ${day}::date then 'starting' when ${onLeave(day)} then 'on_leave' else 'active' end`;

/** Employed on `day`: started, and not past the last day. */
export const employedOn = (day: string) => sql`e.start_date <= ${day}::date and (e.end_date is null or e.end_date >= ${day}::date)`;

/** The employee rows of `source` (the table, or one page of it) with their entity, manager and status. */
const SELECT = (day: string, extra: SQL = sql``, source: SQL = sql`hrms_employees`) => sql`
  select e.id, e.entity_id, en.name as entity_name, e.first_name, e.last_name, e.work_email, e.job_title, e.department,
    e.manager_id, case when m.id is null then null else m.first_name || ' ' || m.last_name end as manager_name,
    e.employment_type, e.start_date::text as start_date, ${statusOf(day)} as status, e.end_date::text as end_date,
    e.user_id, e.version, to_json(e.created_at) #>> '{}' as created_at ${extra}
  from ${source} e
  join entities en on en.id = e.entity_id
  left join hrms_employees m on m.id = e.manager_id`;

interface EmployeeRow {
  id: string;
  entity_id: string;
  entity_name: string;
  first_name: string;
  last_name: string;
  work_email: string;
  job_title: string;
  department: string;
  manager_id: string | null;
  manager_name: string | null;
  employment_type: Employee['employmentType'];
  start_date: string;
  status: EmployeeStatus;
  end_date: string | null;
  user_id: string | null;
  version: number;
  created_at: string;
  [key: string]: unknown;
}

const toEmployee = (r: EmployeeRow): Employee => ({
  id: r.id,
  entityId: r.entity_id,
  entityName: r.entity_name,
  firstName: r.first_name,
  lastName: r.last_name,
  workEmail: r.work_email,
  jobTitle: r.job_title,
  department: r.department,
  managerId: r.manager_id,
  managerName: r.manager_name,
  employmentType: r.employment_type,
  startDate: r.start_date,
  status: r.status,
  endDate: r.end_date,
  userId: r.user_id,
  version: Number(r.version),
  createdAt: r.created_at,
});

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
    parts.push(sql`(e.search_name ^@ ${p} or e.search_last_name ^@ ${p} or e.search_email ^@ ${p})`);
  }
  if (query.department) parts.push(sql`e.department = ${query.department}`);
  // The same cases as statusOf, each on its own.
  if (query.status === 'terminated') parts.push(sql`e.end_date < ${day}::date`);
  if (query.status === 'starting') parts.push(sql`e.start_date > ${day}::date`);
  if (query.status === 'active') parts.push(sql`${employedOn(day)} and not ${onLeave(day)}`);
  if (query.status === 'on_leave') parts.push(sql`${employedOn(day)} and ${onLeave(day)}`);
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: EmployeeListQuery) {
  const day = today();
  // A search has its own indexes (migration 0007): see PageOptions.searched.
  const page = sortedPage(SORTS[query.sort], sql`e.id`, query, { searched: Boolean(query.q) });
  const where = page.where ? sql`${filters(scope, query, day)} and ${page.where}` : filters(scope, query, day);
  const orderBy = sql.join(page.orderBy, sql`, `);
  // The page first, then its entity, manager and status: joins for 26 rows, not for every match.
  const pageRows = sql`(select e.* from hrms_employees e where ${where} order by ${orderBy} limit ${page.limit})`;
  const { rows } = await tx.execute<EmployeeRow & { cursorValues: string[] }>(
    sql`${SELECT(day, sql`, ${page.cursorValues} as "cursorValues"`, pageRows)} order by ${orderBy}`,
  );
  return toSortedPage(rows, query.limit, toEmployee);
}

/** The directory: keyset pages in the chosen order, filtered. */
export function listEmployees(db: Db, user: SessionUser, query: EmployeeListQuery) {
  return hrmsScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

/** The export's rows, a page per transaction (see csvResponse). */
export async function* employeeCsvPages(db: Db, user: SessionUser, query: Omit<EmployeeListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await hrmsScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    const managers = new Map<string, string>();
    const managerIds = [...new Set(page.items.map((e) => e.managerId).filter((id): id is string => id !== null))];
    if (managerIds.length > 0) {
      await hrmsScope(db, user, 'viewer', async (tx) => {
        const { rows } = await tx.execute<{ id: string; work_email: string }>(
          sql`select id, work_email from hrms_employees where id = any(${uuidArray(managerIds)})`,
        );
        for (const r of rows) managers.set(r.id, r.work_email);
      });
    }
    yield page.items.map((e) => [
      e.firstName,
      e.lastName,
      e.workEmail,
      e.jobTitle,
      e.department,
      EMPLOYMENT_TYPE_LABELS[e.employmentType],
      e.startDate,
      e.managerId ? (managers.get(e.managerId) ?? '') : '',
      e.entityName,
      EMPLOYEE_STATUS_LABELS[e.status],
      e.endDate ?? '',
    ]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
export const EMPLOYEE_EXPORT_COLUMNS = [...EMPLOYEE_CSV_COLUMNS, 'Entity', 'Status', 'End Date'];

async function readEmployee(tx: Tx, id: string): Promise<Employee> {
  const { rows } = await tx.execute<EmployeeRow>(sql`${SELECT(today())} where e.id = ${id}`);
  if (!rows[0]) throw notFound(HRMS_MESSAGES.employeeNotFound);
  return toEmployee(rows[0]);
}

/** One employee with their direct reports (the profile page). */
export function getEmployee(db: Db, user: SessionUser, id: string) {
  return hrmsScope(db, user, 'viewer', async (tx) => {
    const employee = await readEmployee(tx, id);
    const { rows } = await tx.execute<EmployeeRow>(sql`${SELECT(today())} where e.manager_id = ${id} order by e.last_name, e.first_name, e.id limit 200`);
    return { ...employee, directReports: rows.map(toEmployee) };
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

export async function insertEmployee(tx: Tx, scope: ModuleScope, input: EmployeeCreate) {
  checkManagerChange(scope, input.entityId, null, input.managerId);
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into hrms_employees (company_id, entity_id, first_name, last_name, work_email, job_title, department, manager_id, employment_type, start_date, user_id)
    values (${scope.companyId}, ${input.entityId}, ${input.firstName}, ${input.lastName}, ${input.workEmail}, ${input.jobTitle}, ${input.department},
      ${input.managerId}, ${input.employmentType}, ${input.startDate}::date, ${input.userId})
    returning id`);
  return rows[0]!.id;
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
    return await hrmsScope(
      db,
      user,
      'member',
      async (tx, scope) => {
        checkUserLink(scope, input.entityId, input.userId);
        await ensureEntitySetup(tx, scope, [input.entityId]);
        const employee = await readEmployee(tx, await insertEmployee(tx, scope, input));
        await recordEmployeeEvent(tx, audit, scope.companyId, 'hrms.employee.created', employee);
        return employee;
      },
      input.entityId,
    );
  } catch (e) {
    rethrowEmployeeError(e);
  }
}

/** Serializes manager changes in one entity, so two concurrent changes cannot make a cycle together. */
const lockManagers = (tx: Tx, entityId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`hrms-managers:${entityId}`}, 0))`);

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

/** Locks the row and checks the version the client saw; 404 outside the scope, 409 when stale. */
async function lockForUpdate(tx: Tx, id: string, version: number) {
  const { rows } = await tx.execute<{ entity_id: string; version: number; status: string; start_date: string; manager_id: string | null }>(
    sql`select entity_id, version, status, start_date::text as start_date, manager_id from hrms_employees where id = ${id} for update`,
  );
  const row = rows[0];
  if (!row) throw notFound(HRMS_MESSAGES.employeeNotFound);
  if (Number(row.version) !== version) throw conflict(MODULE_MESSAGES.staleVersion);
  return row;
}

export async function updateEmployee(db: Db, user: SessionUser, id: string, input: EmployeeUpdate, audit: AuditContext): Promise<Employee> {
  try {
    return await hrmsScope(db, user, 'member', async (tx, scope) => {
      if (input.managerId) {
        // The entity lock first, then the row: taken the other way round, two changes would each
        // hold a row the other's foreign-key check needs (a deadlock).
        const { rows } = await tx.execute<{ entity_id: string }>(sql`select entity_id from hrms_employees where id = ${id}`);
        if (!rows[0]) throw notFound(HRMS_MESSAGES.employeeNotFound);
        await lockManagers(tx, rows[0].entity_id);
      }
      const row = await lockForUpdate(tx, id, input.version);
      checkUserLink(scope, row.entity_id, input.userId);
      checkManagerChange(scope, row.entity_id, row.manager_id, input.managerId);
      if (input.userId === null && !scope.has(row.entity_id, 'app_admin')) throw forbidden(MODULE_MESSAGES.appAdminRequired);
      if (input.managerId && (await wouldCycle(tx, id, input.managerId))) throw badRequest(HRMS_MESSAGES.managerCycle);
      const set: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
      const columns = {
        firstName: 'first_name',
        lastName: 'last_name',
        workEmail: 'work_email',
        jobTitle: 'job_title',
        department: 'department',
        managerId: 'manager_id',
        employmentType: 'employment_type',
        userId: 'user_id',
      } as const;
      for (const [key, column] of Object.entries(columns)) {
        const value = input[key as keyof typeof columns];
        if (value !== undefined) set.push(sql`${sql.identifier(column)} = ${value}`);
      }
      if (input.startDate !== undefined) set.push(sql`start_date = ${input.startDate}::date`);
      const before = await readEmployee(tx, id);
      await tx.execute(sql`update hrms_employees set ${sql.join(set, sql`, `)} where id = ${id}`);
      const after = await readEmployee(tx, id);
      await recordEmployeeEvent(tx, audit, scope.companyId, 'hrms.employee.updated', after, before);
      return after;
    });
  } catch (e) {
    rethrowEmployeeError(e);
  }
}

/**
 * Ends the employment on a last day, today, past or ahead: the record is kept, with its end date;
 * pending leave after the last day is cancelled. The stored status column says only that a
 * termination is on record (a check ties it to end_date); what the employee is on a given day
 * comes from the dates (statusOf), so one leaving on 31 December stays Active until then.
 */
export function terminateEmployee(db: Db, user: SessionUser, id: string, input: { endDate: string; version: number }, audit: AuditContext) {
  return hrmsScope(db, user, 'member', async (tx, scope) => {
    const row = await lockForUpdate(tx, id, input.version);
    // One termination per record, whether its last day has come yet or not.
    if (row.status === 'terminated') throw conflict(HRMS_MESSAGES.alreadyTerminated);
    if (input.endDate < row.start_date) throw badRequest(HRMS_MESSAGES.endBeforeStart);
    const before = await readEmployee(tx, id);
    await tx.execute(
      sql`update hrms_employees set status = 'terminated', end_date = ${input.endDate}::date, version = version + 1, updated_at = now() where id = ${id}`,
    );
    const after = await readEmployee(tx, id);
    await recordEmployeeEvent(tx, audit, scope.companyId, 'hrms.employee.terminated', after, before);
    // Pending leave after the last day is cancelled, each with its own event.
    const { rows: cancelled } = await tx.execute<LeaveRequestFacts & Record<string, unknown>>(sql`
      with c as (
        update hrms_leave_requests set status = 'cancelled', version = version + 1, updated_at = now(), decided_at = now(),
          decision_comment = 'Cancelled: employment ended'
        where employee_id = ${id} and status = 'pending' and start_date > ${input.endDate}::date
        returning id, employee_id, leave_type_id, start_date, end_date, days, status, decision_comment)
      select c.id, e.first_name || ' ' || e.last_name as employee_name, t.name as leave_type_name, c.start_date::text as start_date,
        c.end_date::text as end_date, c.days::float8 as days, c.status, c.decision_comment
      from c join hrms_employees e on e.id = c.employee_id join hrms_leave_types t on t.id = c.leave_type_id
      order by c.start_date, c.id`);
    for (const request of cancelled) {
      await recordLeaveRequestEvent(tx, audit, scope.companyId, 'hrms.leave.cancelled', request, { ...request, status: 'pending', decision_comment: '' });
    }
    return after;
  });
}

/** Users an App Admin may link to an employee at the entity: the company's users holding HRMS there, and super admins. */
export function linkableUsers(db: Db, user: SessionUser, entityId: string) {
  return hrmsScope(
    db,
    user,
    'app_admin',
    async (tx, scope) => {
      const { rows } = await tx.execute<{ id: string; name: string; email: string }>(sql`
        select u.id, u.first_name || ' ' || u.last_name as name, u.email from users u
        where u.company_id = ${scope.companyId} and (u.role = 'super_admin' or exists (
          select 1 from user_product_access a join products p on p.id = a.product_id
          where a.user_id = u.id and a.entity_id = ${entityId} and p.type = 'hrms'))
        order by u.last_name, u.first_name, u.id limit 500`);
      return { items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email })) };
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
  return hrmsScope(
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
            const { rows: found } = await tx.execute<{ id: string }>(
              sql`select id from hrms_employees where company_id = ${scope.companyId} and entity_id = ${input.entityId} and lower(work_email) = ${managerEmail}`,
            );
            if (!found[0]) throw badRequest(`No employee with the manager email ${managerEmail} in this entity.`);
            managerId = found[0].id;
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
          // The event in the row's own savepoint: a row that fails leaves neither.
          const employee = await readEmployee(tx, await insertEmployee(tx, scope, parsed.data));
          await recordEmployeeEvent(tx, audit, scope.companyId, 'hrms.employee.created', employee);
        },
        explainEmployeeError,
      );
    },
    input.entityId,
  );
}
