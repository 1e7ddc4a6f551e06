import { and, asc, eq, inArray } from 'drizzle-orm';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import { companies, entities, entityProductAccess, products, userProductAccess, users } from '../../db/schema';
import type { Tx } from '../../db/tenant';

/**
 * The company's row, locked against every other change of its products (company or entity) for
 * the rest of the transaction: taken first, so those changes queue in one order of locks. FOR NO
 * KEY UPDATE rather than FOR UPDATE: inserts that only reference the company (audit events,
 * module records) take KEY SHARE, and must not wait for a product change.
 */
export async function lockCompanyProducts(tx: Tx, companyId: string): Promise<{ name: string } | undefined> {
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).for('no key update');
  return company;
}

/** The products an entity holds, by name. */
export function entityProducts(tx: Tx, entityId: string) {
  return tx
    .select({ id: products.id, name: products.name })
    .from(entityProductAccess)
    .innerJoin(products, eq(products.id, entityProductAccess.productId))
    .where(eq(entityProductAccess.entityId, entityId))
    .orderBy(asc(products.name));
}

/**
 * Ends a product at some of the company's entities (`entityIds`), or at all of them (null): the
 * entities' access rows and every user's grant of it there are deleted, one `user.access_revoked`
 * event per grant. Nothing of the module's data is touched: its records belong to the entity, not
 * to these rows (no key of a module table points at them), so the entity that gets the product
 * again sees them again; its users must be granted it again.
 *
 * The entities' rows are locked first: a grant being given there meanwhile waits, then fails its
 * key (user_product_access_entity_product_fk) instead of slipping in after the grants were read.
 */
export async function endProductAtEntities(
  tx: Tx,
  companyId: string,
  product: { id: string; name: string },
  entityIds: string[] | null,
  audit: AuditContext,
): Promise<{ entities: string[]; grants: number }> {
  const scope = and(
    eq(entityProductAccess.companyId, companyId),
    eq(entityProductAccess.productId, product.id),
    entityIds ? inArray(entityProductAccess.entityId, entityIds) : undefined,
  );
  const holding = await tx
    .select({ id: entityProductAccess.entityId, name: entities.name })
    .from(entityProductAccess)
    .innerJoin(entities, eq(entities.id, entityProductAccess.entityId))
    .where(scope)
    .orderBy(asc(entities.name), asc(entities.id))
    .for('update', { of: entityProductAccess });
  if (holding.length === 0) return { entities: [], grants: 0 };
  const ids = holding.map((e) => e.id);
  const grants = await tx
    .delete(userProductAccess)
    .where(and(eq(userProductAccess.companyId, companyId), eq(userProductAccess.productId, product.id), inArray(userProductAccess.entityId, ids)))
    .returning({ userId: userProductAccess.userId, entityId: userProductAccess.entityId, roleType: userProductAccess.roleType });
  await tx.delete(entityProductAccess).where(and(scope, inArray(entityProductAccess.entityId, ids)));
  if (grants.length > 0) {
    const names = new Map(holding.map((e) => [e.id, e.name]));
    const people = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, [...new Set(grants.map((g) => g.userId))]));
    const byId = new Map(people.map((u) => [u.id, u]));
    for (const g of grants) {
      const u = byId.get(g.userId);
      await recordEvent(tx, {
        context: audit,
        companyId,
        action: 'user.access_revoked',
        target: { type: 'user', id: g.userId, label: u ? `${u.firstName} ${u.lastName} <${u.email}>` : null },
        before: { product: product.name, entity: names.get(g.entityId) ?? null, entityId: g.entityId, role: g.roleType },
      });
    }
  }
  return { entities: holding.map((e) => e.name), grants: grants.length };
}
