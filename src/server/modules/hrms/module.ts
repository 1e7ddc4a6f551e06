import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SessionUser } from '@/shared/auth';
import { isUniqueViolation } from '../../db/tenant';
import { conflict } from '../../http/errors';
import { defineModule } from '../../platform/module';
import type { ModuleScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';
import { today } from './dates';

/**
 * Who the caller is as an employee (self-service, issue 34): their own current records (linked by
 * user_id, not past the last day), the employees they manage, and their team (their managers and
 * those who share a manager with them), in one statement (SelfResolver: the kit caches it and has
 * it checked on each request). Every row is reached from the caller's user id, so it reads nothing
 * of anyone unrelated even in its wider entity scope. Reports and team mates are looked up by two
 * index probes, not one OR: with the OR the planner met it with the whole entity's rows
 * (hrms_employees_manager_idx leads with the manager, bench figure H1).
 */
function employeeSelf(user: SessionUser): SQL {
  return sql`
    with own as (
      select id, entity_id, manager_id from hrms_employees
      where company_id = ${user.companyId} and user_id = ${user.id} and (end_date is null or end_date >= ${today()}::date)
    ), related as (
      select e.id, e.manager_id from hrms_employees e
      where e.company_id = ${user.companyId} and e.entity_id = any(array(select entity_id from own))
        and e.manager_id = any(array(select id from own union select manager_id from own where manager_id is not null))
        and e.id <> all(array(select id from own))
      union
      select e.id, e.manager_id from hrms_employees e
      where e.company_id = ${user.companyId} and e.entity_id = any(array(select entity_id from own))
        and e.id = any(array(select manager_id from own where manager_id is not null))
        and e.id <> all(array(select id from own))
    )
    select
      array(select id from own order by id) as employee_ids,
      array(select id from related where manager_id in (select id from own) order by id) as report_ids,
      array(select id from related where id in (select manager_id from own) or manager_id in (select manager_id from own) order by id) as team_ids,
      array(select distinct entity_id from own order by entity_id) as entity_ids`;
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
