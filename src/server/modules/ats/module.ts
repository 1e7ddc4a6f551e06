import type { Tx } from '../../db/tenant';
import { defineModule } from '../../platform/module';
import { productUsers, type ModuleScope } from '../../platform/scope';

/** The ATS module: its scope, locks, saves, audit events and route table (docs/modules.md). */
export const ats = defineModule('ats', { tag: 'ATS' });

/**
 * A record as ats.save(tx, table, id, values) leaves it, for the audit event's "after" without
 * reading it again: `before` with `values` (undefined: left as it was, as save leaves it; null: cleared).
 */
export const asSaved = <T extends object>(before: T, values: { [K in keyof T]?: T[K] }): T => ({
  ...before,
  ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)),
});

/**
 * Who may be named on an ATS record of the entity (a job's hiring manager, an interviewer): the
 * users holding ATS there, and the company's super admins. `ids` narrows the answer to those users
 * (to check a choice).
 */
export const atsPeople = (tx: Tx, scope: ModuleScope, entityId: string, ids?: string[]) => productUsers(tx, scope.companyId, 'ats', entityId, ids);
