import { sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { MODULE_MESSAGES } from '@/shared/modules';
import type { ProductType } from '@/shared/products';
import { ACCESS_ROLES, roleAtLeast, type AccessRole } from '@/shared/roles';
import type { Db } from '../db/client';
import { withTenant, type Tx } from '../db/tenant';
import { forbidden, notFound } from '../http/errors';

/** What a module's work knows about who is asking, inside its transaction. */
export interface ModuleScope {
  companyId: string;
  userId: string;
  isSuperAdmin: boolean;
  /** The entities this transaction may see and write (app.entity_ids): role ≥ the route's minRole. */
  entityIds: string[];
  /** The caller's role at each entity where they hold the product (a super admin: App Admin everywhere). */
  roles: Map<string, AccessRole>;
  /** Throws 403 unless the caller holds at least `role` at `entityId` (404 when the entity is not theirs). */
  require(entityId: string, role: AccessRole): void;
  /** Whether the caller holds at least `role` at `entityId`. */
  has(entityId: string, role: AccessRole): boolean;
}

export interface ScopeOptions {
  /** Narrow the scope to one entity (the entity switcher); 404 if it is not one of the caller's. */
  entityId?: string;
}

/**
 * The one door to a module's data. Opens the tenant transaction (withTenant: role `app`,
 * app.company_id) and, in the same transaction, sets app.entity_ids to the entities where the
 * caller holds `product` with at least `minRole` (every entity of the company that holds the
 * product, for a super admin). The module tables' row-level security checks company AND entity,
 * so a query in `work` cannot reach another entity's rows even if the service forgets a filter.
 *
 * 403 when the caller has the product nowhere (or nowhere with `minRole`); 404 when they name an
 * entity that is not in their scope.
 */
export function withModuleScope<T>(
  db: Db,
  user: SessionUser,
  product: ProductType,
  minRole: AccessRole,
  work: (tx: Tx, scope: ModuleScope) => Promise<T>,
  options: ScopeOptions = {},
): Promise<T> {
  return withTenant(db, user.companyId, async (tx) => {
    const roles = await grantsOf(tx, user, product);
    if (roles.size === 0) throw forbidden(MODULE_MESSAGES.noAccess);
    let entityIds = [...roles].filter(([, role]) => roleAtLeast(role, minRole)).map(([id]) => id);
    if (options.entityId !== undefined) {
      const held = roles.get(options.entityId);
      if (!held) throw notFound(MODULE_MESSAGES.entityNotFound);
      if (!roleAtLeast(held, minRole)) throw forbidden(roleMessage(minRole));
      entityIds = [options.entityId];
    }
    if (entityIds.length === 0) throw forbidden(roleMessage(minRole));
    await tx.execute(sql`select set_config('app.entity_ids', ${`{${entityIds.join(',')}}`}, true)`);
    const has = (entityId: string, role: AccessRole) => {
      const held = roles.get(entityId);
      return held !== undefined && roleAtLeast(held, role);
    };
    const scope: ModuleScope = {
      companyId: user.companyId,
      userId: user.id,
      isSuperAdmin: user.role === 'super_admin',
      entityIds,
      roles,
      has,
      require(entityId, role) {
        if (!roles.has(entityId)) throw notFound(MODULE_MESSAGES.entityNotFound);
        if (!has(entityId, role)) throw forbidden(roleMessage(role));
      },
    };
    return work(tx, scope);
  });
}

export const roleMessage = (role: AccessRole) =>
  role === 'viewer' ? MODULE_MESSAGES.noAccess : role === 'member' ? MODULE_MESSAGES.memberRequired : MODULE_MESSAGES.appAdminRequired;

/** The caller's role per entity for the product, read in the tenant transaction. */
async function grantsOf(tx: Tx, user: SessionUser, product: ProductType): Promise<Map<string, AccessRole>> {
  const query =
    user.role === 'super_admin'
      ? sql`select a.entity_id, 'app_admin' as role_type from entity_product_access a join products p on p.id = a.product_id
            where a.company_id = ${user.companyId} and p.type = ${product}`
      : sql`select a.entity_id, a.role_type from user_product_access a join products p on p.id = a.product_id
            where a.company_id = ${user.companyId} and a.user_id = ${user.id} and p.type = ${product}`;
  const { rows } = await tx.execute<{ entity_id: string; role_type: string }>(query);
  const roles = new Map<string, AccessRole>();
  for (const r of rows) if ((ACCESS_ROLES as readonly string[]).includes(r.role_type)) roles.set(r.entity_id, r.role_type as AccessRole);
  return roles;
}
