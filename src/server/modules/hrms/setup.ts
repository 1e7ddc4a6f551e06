import { sql } from 'drizzle-orm';
import { DEFAULT_LEAVE_TYPES } from '@/shared/hrms';
import type { Tx } from '../../db/tenant';
import type { ModuleScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';

/** The default leave types as a jsonb parameter, for the setup's one statement. */
const DEFAULTS = JSON.stringify(DEFAULT_LEAVE_TYPES.map((t) => ({ name: t.name, allowance_days: t.allowanceDays })));

/**
 * An entity's first use of HRMS creates its default leave types, once: the setup row records it,
 * so a renamed or re-configured default is not created again, and two first uses at once create
 * one set (the second waits on the first's setup row, then finds it). The entities are one
 * uuid[] parameter (unnest), so the statement is the same whatever their number.
 *
 * One statement (the leave types are inserted from the setup rows it just created, in a writable
 * CTE), so it goes in the same round trip as the work's other statements: no answer to wait for.
 */
export function ensureEntitySetup(tx: Tx, scope: ModuleScope, entityIds: string[]): Promise<unknown> {
  if (entityIds.length === 0) return Promise.resolve();
  return tx.execute(sql`
    with created as (
      insert into hrms_entity_setup (entity_id, company_id, created_at)
      select t.id, ${scope.companyId}::uuid, now() from unnest(${uuidArray(entityIds)}) as t(id)
      on conflict (entity_id) do nothing
      returning entity_id
    )
    insert into hrms_leave_types (company_id, entity_id, name, allowance_days)
    select ${scope.companyId}::uuid, c.entity_id, d.name, d.allowance_days
    from created c cross join rows from (jsonb_to_recordset(${DEFAULTS}::jsonb) as (name text, allowance_days int)) with ordinality as d(name, allowance_days, n)
    order by c.entity_id, d.n
    on conflict do nothing`);
}
