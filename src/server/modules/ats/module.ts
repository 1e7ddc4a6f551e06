import type { Tx } from '../../db/tenant';
import { defineModule } from '../../platform/module';
import { productUsers, type ModuleScope } from '../../platform/scope';

/** The ATS module: its scope, locks, saves, audit events and route table (docs/modules.md). */
export const ats = defineModule('ats', { tag: 'ATS' });

/**
 * Who may be named on an ATS record of the entity (a job's hiring manager, an interviewer): the
 * users holding ATS there, and the company's super admins. `ids` narrows the answer to those users
 * (to check a choice).
 */
export const atsPeople = (tx: Tx, scope: ModuleScope, entityId: string, ids?: string[]) => productUsers(tx, scope.companyId, 'ats', entityId, ids);
