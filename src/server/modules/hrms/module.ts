import { defineModule } from '../../platform/module';

/**
 * HRMS (docs/modules.md): employees, leave types, leave requests. Its scope, record locks,
 * saves, audit events and route table come from the module kit (platform/module.ts).
 */
export const hrms = defineModule('hrms', { tag: 'HRMS' });
