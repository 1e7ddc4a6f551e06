import { sql } from 'drizzle-orm';
import { DEFAULT_LEAVE_TYPES } from '@/shared/hrms';
import type { Tx } from '../../db/tenant';
import type { ModuleScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';

/**
 * An entity's first use of HRMS creates its default leave types, once: the setup row records it,
 * so a renamed or re-configured default is not created again, and two first uses at once create
 * one set (the second waits on the first's setup row, then finds it).
 */
export async function ensureEntitySetup(tx: Tx, scope: ModuleScope, entityIds: string[]) {
  if (entityIds.length === 0) return;
  const { rows } = await tx.execute<{ entity_id: string }>(sql`
    insert into hrms_entity_setup (entity_id, company_id)
    select id, ${scope.companyId}::uuid from unnest(${uuidArray(entityIds)}) as t(id)
    on conflict (entity_id) do nothing
    returning entity_id`);
  for (const { entity_id } of rows) {
    const values = DEFAULT_LEAVE_TYPES.map((t) => sql`(${scope.companyId}::uuid, ${entity_id}::uuid, ${t.name}, ${t.allowanceDays})`);
    await tx.execute(sql`
      insert into hrms_leave_types (company_id, entity_id, name, allowance_days) values ${sql.join(values, sql`, `)}
      on conflict do nothing`);
  }
}
