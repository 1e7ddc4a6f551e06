import { isUniqueViolation } from '../../db/tenant';
import { conflict } from '../../http/errors';
import { defineModule } from '../../platform/module';

/**
 * HRMS (docs/modules.md): employees, leave types, leave requests. Its scope, record locks,
 * saves, audit events and route table come from the module kit (platform/module.ts).
 */
export const hrms = defineModule('hrms', { tag: 'HRMS' });

/** Runs a write, answering 409 with `message` when it breaks the uniqueness named (a leave type's name, a holiday's date). */
export async function uniqueOr409<T>(constraint: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw conflict(message);
    throw error;
  }
}
