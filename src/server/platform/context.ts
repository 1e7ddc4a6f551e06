import { sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { currencyOf } from '@/shared/countries';
import type { ModuleContext } from '@/shared/modules';
import type { ProductType } from '@/shared/products';
import type { Db } from '../db/client';
import { withModuleScope } from './scope';
import { uuidArray } from './sql';

/** The caller's entities for a product, by name, with their role: the entity switcher and the UI's buttons. */
export function moduleContext(db: Db, user: SessionUser, product: ProductType): Promise<ModuleContext> {
  return withModuleScope(db, user, product, 'viewer', async (tx, scope) => {
    const { rows } = await tx.execute<{ id: string; name: string; country: string }>(
      sql`select id, name, country from entities where company_id = ${scope.companyId} and id = any(${uuidArray(scope.entityIds)}) order by name, id`,
    );
    return { entities: rows.map((r) => ({ id: r.id, name: r.name, role: scope.roles.get(r.id)!, currency: currencyOf(r.country) })) };
  });
}
