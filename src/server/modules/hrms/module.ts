import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SessionUser } from '@/shared/auth';
import { hrmsEmployees } from '../../db/schema';
import { isUniqueViolation, type Tx } from '../../db/tenant';
import { conflict } from '../../http/errors';
import { defineModule } from '../../platform/module';
import { NO_SELF, type ModuleScope, type SelfScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';
import { today } from './dates';

/**
 * Who the caller is as an employee (self-service, issue 34): their own current records (linked by
 * user_id, not past the last day), the employees they manage, and their team (their managers and
 * those who share a manager with them). Every row is reached from the caller's user id, so the
 * resolver reads nothing of anyone unrelated even in its wider entity scope (SelfResolver).
 */
async function employeeSelf(tx: Tx, user: SessionUser): Promise<SelfScope> {
  const x = hrmsEmployees;
  const own = await tx
    .select({ id: x.id, entityId: x.entityId, managerId: x.managerId })
    .from(x)
    .where(and(eq(x.companyId, user.companyId), eq(x.userId, user.id), sql`(${x.endDate} is null or ${x.endDate} >= ${today()}::date)`));
  if (own.length === 0) return NO_SELF;
  const ownIds = own.map((o) => o.id);
  const managerIds = own.flatMap((o) => (o.managerId ? [o.managerId] : []));
  const entityIds = [...new Set(own.map((o) => o.entityId))];
  // Two index probes, not one OR: with the OR the planner met it with the whole entity's rows
  // (hrms_employees_manager_idx leads with the manager and holds the scope, bench figure H1).
  const inEntities = sql`${x.entityId} = any(${uuidArray(entityIds)})`;
  const reportsAndPeers = tx
    .select({ id: x.id, managerId: x.managerId })
    .from(x)
    .where(and(eq(x.companyId, user.companyId), inEntities, sql`${x.managerId} = any(${uuidArray([...ownIds, ...managerIds])})`, sql`${x.id} <> all(${uuidArray(ownIds)})`));
  const related =
    managerIds.length === 0
      ? await reportsAndPeers
      : await reportsAndPeers.union(
          tx
            .select({ id: x.id, managerId: x.managerId })
            .from(x)
            .where(and(inEntities, sql`${x.id} = any(${uuidArray(managerIds)})`, sql`${x.id} <> all(${uuidArray(ownIds)})`)),
        );
  const reportIds = related.filter((r) => r.managerId !== null && ownIds.includes(r.managerId)).map((r) => r.id);
  const teamIds = related.filter((r) => managerIds.includes(r.id) || (r.managerId !== null && managerIds.includes(r.managerId))).map((r) => r.id);
  return { employeeIds: ownIds, reportIds, teamIds, entityIds };
}

/**
 * HRMS (docs/modules.md): employees, leave types, leave requests. Its scope, record locks,
 * saves, audit events and route table come from the module kit (platform/module.ts); its
 * self-service routes (the Employee Portal, a manager's reports) use `hrms.selfScope`.
 */
export const hrms = defineModule('hrms', { tag: 'HRMS', self: employeeSelf });

/**
 * Self-service reach (hrms.selfScope): an employee's records are the caller's to see where they
 * are staff (`scope.staffAt`), or when the employee is themselves or, with `reports`, one they
 * manage. Anything else answers as if it did not exist (404), so nothing tells that it does.
 */
export const mayReach = (scope: ModuleScope, entityId: string, employeeId: string, reports = true) =>
  scope.staffAt(entityId) || scope.self.employeeIds.includes(employeeId) || (reports && scope.self.reportIds.includes(employeeId));

/** `mayReach` as a condition on a row's entity and employee columns (a list under hrms.selfScope). */
export function reachCondition(scope: ModuleScope, entity: AnyPgColumn | SQL, employee: AnyPgColumn | SQL, reports = true): SQL {
  const staff = scope.entityIds.filter(scope.staffAt);
  const people = reports ? [...scope.self.employeeIds, ...scope.self.reportIds] : scope.self.employeeIds;
  return sql`(${entity} = any(${uuidArray(staff)}) or ${employee} = any(${uuidArray(people)}))`;
}

/** Runs a write, answering 409 with `message` when it breaks the uniqueness named (a leave type's name, a holiday's date). */
export async function uniqueOr409<T>(constraint: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw conflict(message);
    throw error;
  }
}
