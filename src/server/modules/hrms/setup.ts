import { sql } from 'drizzle-orm';
import { DEFAULT_LEAVE_TYPES } from '@/shared/hrms';
import { hrmsEntitySetup, hrmsLeaveTypes } from '../../db/schema';
import type { Tx } from '../../db/tenant';
import type { ModuleScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';

/**
 * An entity's first use of HRMS creates its default leave types, once: the setup row records it,
 * so a renamed or re-configured default is not created again, and two first uses at once create
 * one set (the second waits on the first's setup row, then finds it). The entities are one
 * uuid[] parameter (unnest), so the statement is the same whatever their number.
 */
export async function ensureEntitySetup(tx: Tx, scope: ModuleScope, entityIds: string[]) {
  if (entityIds.length === 0) return;
  const created = await tx
    .insert(hrmsEntitySetup)
    .select(
      tx
        .select({ entityId: sql<string>`t.id`.as('entity_id'), companyId: sql<string>`${scope.companyId}::uuid`.as('company_id'), createdAt: sql<Date>`now()`.as('created_at') })
        .from(sql`unnest(${uuidArray(entityIds)}) as t(id)`),
    )
    .onConflictDoNothing({ target: hrmsEntitySetup.entityId })
    .returning({ entityId: hrmsEntitySetup.entityId });
  for (const { entityId } of created) {
    await tx
      .insert(hrmsLeaveTypes)
      .values(DEFAULT_LEAVE_TYPES.map((t) => ({ companyId: scope.companyId, entityId, name: t.name, allowanceDays: t.allowanceDays })))
      .onConflictDoNothing();
  }
}
