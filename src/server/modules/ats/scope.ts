import type { SessionUser } from '@/shared/auth';
import type { AuditAction } from '@/shared/audit';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tenant';
import { recordEvent, type AuditContext, type AuditTarget } from '../../audit/record-event';
import { withModuleScope, type ModuleScope } from '../../platform/scope';

/** ATS scope: every ATS route goes through here (docs/modules.md). */
export const atsScope = <T>(
  db: Db,
  user: SessionUser,
  minRole: Parameters<typeof withModuleScope>[3],
  work: (tx: Tx, scope: ModuleScope) => Promise<T>,
  entityId?: string,
) => withModuleScope(db, user, 'ats', minRole, work, { entityId });

/** One audit event of an ATS change, in the change's transaction. */
export function audit(
  tx: Tx,
  scope: ModuleScope,
  context: AuditContext,
  action: AuditAction,
  target: AuditTarget,
  before?: Record<string, unknown>,
  after?: Record<string, unknown>,
) {
  return recordEvent(tx, { context, companyId: scope.companyId, action, target, before, after });
}
