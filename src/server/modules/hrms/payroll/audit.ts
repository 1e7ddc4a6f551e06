import type { AuditAction } from '@/shared/audit';
import type { AuditContext, AuditTarget } from '../../../audit/record-event';
import type { Tx } from '../../../db/tenant';
import type { ModuleScope } from '../../../platform/scope';
import { hrms } from '../module';

/**
 * Payroll's events in the audit log, through the kit's audit in the change's own transaction. The
 * fields are amounts, dates and statuses: never tax codes, W-4 entries or bank accounts, which
 * the log's readers (any auditor of the company) have no need to see.
 */
export const recordPayrollEvent = (
  tx: Tx,
  scope: ModuleScope,
  context: AuditContext,
  action: Extract<AuditAction, `hrms.pay${string}`>,
  target: AuditTarget,
  after: Record<string, unknown>,
  before?: Record<string, unknown>,
) => hrms.audit(tx, scope, context, action, target, before, after);
