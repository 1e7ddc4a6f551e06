import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LEAVE_TYPES } from '@/shared/hrms';
import { start, type Tx } from '../../db/tenant';
import { inWriteMode } from '../../db/tenant-pg';
import type { ModuleScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';

/** The default leave types as a jsonb parameter, for the setup's one statement. */
const DEFAULTS = JSON.stringify(DEFAULT_LEAVE_TYPES.map((t) => ({ name: t.name, allowance_days: t.allowanceDays })));

/** Entities as a uuid[] expression: a list, or a subquery's (an employee's entity, before it is known). */
type Entities = string[] | SQL;
const asArray = (entityIds: Entities) => (Array.isArray(entityIds) ? uuidArray(entityIds) : entityIds);

/**
 * An entity's first use of HRMS creates its default leave types, once: the setup row records it,
 * so a renamed or re-configured default is not created again, and two first uses at once create
 * one set (the second waits on the first's setup row, then finds it). The entities are one
 * uuid[] parameter (unnest), so the statement is the same whatever their number.
 *
 * One statement (the leave types are inserted from the setup rows it just created, in a writable
 * CTE), so it goes in the same round trip as the work's other statements: no answer to wait for.
 */
export function ensureEntitySetup(tx: Tx, scope: ModuleScope, entityIds: Entities): Promise<unknown> {
  if (Array.isArray(entityIds) && entityIds.length === 0) return Promise.resolve();
  return tx.execute(sql`
    with created as (
      insert into hrms_entity_setup (entity_id, company_id, created_at)
      select t.id, ${scope.companyId}::uuid, now() from unnest(${asArray(entityIds)}) as t(id)
      on conflict (entity_id) do nothing
      returning entity_id
    )
    insert into hrms_leave_types (company_id, entity_id, name, allowance_days)
    select ${scope.companyId}::uuid, c.entity_id, d.name, d.allowance_days
    from created c cross join rows from (jsonb_to_recordset(${DEFAULTS}::jsonb) as (name text, allowance_days int)) with ordinality as d(name, allowance_days, n)
    order by c.entity_id, d.n
    on conflict do nothing`);
}

/**
 * A read of the entities' leave types: `create` false, whether their setup is done (a read, sent
 * with the work's other statements); `create` true, the setup made (ensureEntitySetup), in a write.
 * Started before the leave types are read, in the same pipeline (db/tenant.ts `pipelined`).
 */
export function entitySetup(tx: Tx, scope: ModuleScope, entityIds: Entities, create: boolean): Promise<boolean> {
  // Started now (start), not on a later await: so it goes before the reads started after it.
  if (create) return start(ensureEntitySetup(tx, scope, entityIds)).then(() => true);
  return start(
    tx.execute(sql`
      select not exists (select 1 from unnest(${asArray(entityIds)}) as t(id) where t.id not in (select entity_id from hrms_entity_setup)) as done`),
  ).then(({ rows }) => rows[0]?.done === true);
}

/**
 * A read of what an entity's first use makes (its leave types, its attendance settings): `run(false)`
 * reads in the request's read transaction and answers undefined when it is not made yet; only
 * then `run(true)` makes it and reads it, in a write transaction (inWriteMode). Once made, the
 * read opens no write: one round trip.
 */
export async function madeOnFirstRead<T>(run: (create: boolean) => Promise<T | undefined>): Promise<T> {
  const read = await run(false);
  return read !== undefined ? read : (await inWriteMode(() => run(true)))!;
}
