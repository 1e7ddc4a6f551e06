/**
 * What HRMS offers other modules on purpose (the only file of HRMS they may import): creating an
 * employee record inside the caller's own transaction, so another module's change and the new
 * employee commit or roll back together (ATS: a hire creates the employee with the stage change).
 */
import { randomUUID } from 'node:crypto';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { pipelined, type Tx } from '../../db/tenant';
import type { ModuleScope } from '../../platform/scope';
import { explainEmployeeError, insertEmployee } from './employees';
import { readChecklistStart, startChecklist } from './onboarding';
import { ensureEntitySetup } from './setup';

export interface NewEmployee {
  entityId: string;
  firstName: string;
  lastName: string;
  workEmail: string;
  jobTitle: string;
  department: string;
  employmentType: 'full_time' | 'part_time' | 'contractor';
  startDate: string;
}

/**
 * Inserts the employee in `tx` and returns its id. The caller has checked the right to create
 * employees at the entity (HRMS Member or App Admin there); row-level security still requires the
 * entity to be in the transaction's scope. Constraint failures (a work email already used in the
 * company) throw as they are: `explainNewEmployeeError` turns them into HRMS's message.
 */
export async function createEmployeeRecord(tx: Tx, scope: ModuleScope, input: NewEmployee): Promise<string> {
  const id = randomUUID();
  // One round trip: the entity's setup, the row and what its onboarding checklist needs.
  const [, , start] = await pipelined(
    tx,
    () => ensureEntitySetup(tx, scope, [input.entityId]),
    () => insertEmployee(tx, scope, id, { ...input, managerId: null, userId: null }),
    () => readChecklistStart(tx, id, 'onboarding'),
  );
  await startChecklist(tx, scope, id, 'onboarding', start);
  return id;
}

export const explainNewEmployeeError = explainEmployeeError;
export const EMPLOYEE_EMAIL_TAKEN = HRMS_MESSAGES.emailTaken;

