import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { ENTITY_MESSAGES, type Entity, type EntityCreateInput, type EntityOption, type EntityUpdateInput } from '@/shared/entities';
import type { PageQuery } from '@/shared/pagination';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { keysetPage, toPage } from '../../db/pagination';
import { entities, entityProductAccess, organizations, products } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation, withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';
import { endProductAtEntities, entityProducts, lockCompanyProducts } from '../products/public';

interface Row {
  id: string;
  name: string;
  organizationId: string;
  organizationName: string | null;
  country: string;
  productIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

const toEntity = (row: Row): Entity => ({
  id: row.id,
  name: row.name,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  country: row.country,
  productIds: row.productIds,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const columns = {
  id: entities.id,
  name: entities.name,
  organizationId: entities.organizationId,
  organizationName: organizations.name,
  country: entities.country,
  /** The products it holds, by name. */
  productIds: sql<string[]>`(select coalesce(array_agg(a.product_id order by p.name), '{}'::uuid[]) from entity_product_access a join products p on p.id = a.product_id where a.entity_id = ${entities.id})`,
  createdAt: entities.createdAt,
  updatedAt: entities.updatedAt,
};

/** The company's entities with their organization's name, newest first. */
export function listEntities(db: Db, user: SessionUser, query: PageQuery) {
  const page = keysetPage({ createdAt: entities.createdAt, id: entities.id }, query);
  return withTenant(db, user.companyId, async (tx) => {
    const rows = await tx
      .select({ ...columns, cursorText: page.cursorText })
      .from(entities)
      .leftJoin(organizations, eq(organizations.id, entities.organizationId))
      .where(and(eq(entities.companyId, user.companyId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return toPage(rows, query, toEntity);
  });
}

/** Every entity of the company with the products it holds, by name (the user wizard's choices). */
export function listEntityOptions(db: Db, user: SessionUser): Promise<EntityOption[]> {
  return withTenant(db, user.companyId, (tx) =>
    tx
      .select({
        id: entities.id,
        name: entities.name,
        organizationName: organizations.name,
        productIds: sql<string[]>`coalesce(array_agg(${entityProductAccess.productId}) filter (where ${entityProductAccess.productId} is not null), '{}')`,
      })
      .from(entities)
      .leftJoin(organizations, eq(organizations.id, entities.organizationId))
      .leftJoin(entityProductAccess, eq(entityProductAccess.entityId, entities.id))
      .where(eq(entities.companyId, user.companyId))
      .groupBy(entities.id, organizations.name)
      .orderBy(asc(entities.name), asc(entities.id))
      .limit(1000),
  );
}

/** The entity and its product access in one transaction; each product must be one the company holds. */
export async function createEntity(db: Db, user: SessionUser, input: EntityCreateInput, audit: AuditContext): Promise<Entity> {
  try {
    return await withTenant(db, user.companyId, async (tx) => {
      const [row] = await tx
        .insert(entities)
        .values({ name: input.name, organizationId: input.organizationId, companyId: user.companyId, country: input.country })
        .returning();
      const created = row!;
      const productIds = [...new Set(input.productIds)];
      await tx
        .insert(entityProductAccess)
        .values(productIds.map((productId) => ({ entityId: created.id, productId, companyId: user.companyId })));
      const [organization] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, created.organizationId));
      const held = await tx.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds)).orderBy(asc(products.name));
      await recordEvent(tx, {
        context: audit,
        companyId: user.companyId,
        action: 'entity.created',
        target: { type: 'entity', id: created.id, label: created.name },
        after: { name: created.name, organization: organization?.name ?? null, country: created.country, products: held.map((p) => p.name) },
      });
      return toEntity({ ...created, organizationName: organization?.name ?? null, productIds: held.map((p) => p.id) });
    });
  } catch (e) {
    if (isUniqueViolation(e, 'entities_organization_id_name_key')) throw conflict(ENTITY_MESSAGES.duplicateOnCreate);
    if (isForeignKeyViolation(e, 'entities_organization_company_fk')) throw notFound(ENTITY_MESSAGES.organizationNotFound);
    if (isForeignKeyViolation(e, 'entity_product_access_company_product_fk')) throw badRequest(ENTITY_MESSAGES.productNotHeld);
    throw e;
  }
}

/**
 * Name, country and, when given, the products the entity holds; the organization does not change.
 * A product taken away ends its users' grants at this entity (products/access.ts: the module's
 * data stays, and shows again when the entity gets the product back). A product given must be one
 * the company holds (its key says so). Product changes lock the company's products first, as
 * company product changes do, then the entity: one order of locks.
 */
export async function updateEntity(db: Db, user: SessionUser, id: string, input: EntityUpdateInput, audit: AuditContext): Promise<Entity> {
  try {
    return await withTenant(db, user.companyId, async (tx) => {
      if (input.productIds) await lockCompanyProducts(tx, user.companyId);
      const [before] = await tx
        .select({ name: entities.name, country: entities.country })
        .from(entities)
        .where(and(eq(entities.id, id), eq(entities.companyId, user.companyId)))
        .for('update');
      if (!before) throw notFound(ENTITY_MESSAGES.notFound);
      const [row] = await tx
        .update(entities)
        .set({ name: input.name, country: input.country, updatedAt: sql`now()` })
        .where(and(eq(entities.id, id), eq(entities.companyId, user.companyId)))
        .returning();
      if (!row) throw notFound(ENTITY_MESSAGES.notFound);
      const heldBefore = await entityProducts(tx, id);
      let held = heldBefore;
      let grantsEnded = 0;
      if (input.productIds) {
        const wanted = new Set(input.productIds);
        for (const product of heldBefore.filter((p) => !wanted.has(p.id))) {
          grantsEnded += (await endProductAtEntities(tx, user.companyId, product, [id], audit)).grants;
        }
        const added = [...wanted].filter((productId) => !heldBefore.some((p) => p.id === productId));
        if (added.length > 0) await tx.insert(entityProductAccess).values(added.map((productId) => ({ entityId: id, productId, companyId: user.companyId })));
        held = await entityProducts(tx, id);
      }
      const [organization] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, row.organizationId));
      // Fields that did not change are left out of the event (diffChanges).
      const grants = grantsEnded > 0 ? { before: { userGrants: grantsEnded }, after: { userGrants: 0 } } : { before: {}, after: {} };
      await recordEvent(tx, {
        context: audit,
        companyId: user.companyId,
        action: 'entity.updated',
        target: { type: 'entity', id: row.id, label: row.name },
        before: { ...before, products: heldBefore.map((p) => p.name), ...grants.before },
        after: { name: row.name, country: row.country, products: held.map((p) => p.name), ...grants.after },
      });
      return toEntity({ ...row, organizationName: organization?.name ?? null, productIds: held.map((p) => p.id) });
    });
  } catch (e) {
    if (isUniqueViolation(e, 'entities_organization_id_name_key')) throw conflict(ENTITY_MESSAGES.duplicateOnUpdate);
    if (isForeignKeyViolation(e, 'entity_product_access_company_product_fk')) throw badRequest(ENTITY_MESSAGES.productNotHeld);
    throw e;
  }
}
