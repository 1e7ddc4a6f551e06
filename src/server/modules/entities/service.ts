import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { ENTITY_MESSAGES, type Entity, type EntityCreateInput, type EntityOption, type EntityUpdateInput } from '@/shared/entities';
import type { PageQuery } from '@/shared/pagination';
import type { Db } from '../../db/client';
import { keysetPage, toPage } from '../../db/pagination';
import { entities, entityProductAccess, organizations } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation, withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';

interface Row {
  id: string;
  name: string;
  organizationId: string;
  organizationName: string | null;
  country: string;
  createdAt: Date;
  updatedAt: Date;
}

const toEntity = (row: Row): Entity => ({
  id: row.id,
  name: row.name,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  country: row.country,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const columns = {
  id: entities.id,
  name: entities.name,
  organizationId: entities.organizationId,
  organizationName: organizations.name,
  country: entities.country,
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
export async function createEntity(db: Db, user: SessionUser, input: EntityCreateInput): Promise<Entity> {
  try {
    return await withTenant(db, user.companyId, async (tx) => {
      const [row] = await tx
        .insert(entities)
        .values({ name: input.name, organizationId: input.organizationId, companyId: user.companyId, country: input.country })
        .returning();
      const created = row!;
      await tx
        .insert(entityProductAccess)
        .values([...new Set(input.productIds)].map((productId) => ({ entityId: created.id, productId, companyId: user.companyId })));
      const [organization] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, created.organizationId));
      return toEntity({ ...created, organizationName: organization?.name ?? null });
    });
  } catch (e) {
    if (isUniqueViolation(e, 'entities_organization_id_name_key')) throw conflict(ENTITY_MESSAGES.duplicateOnCreate);
    if (isForeignKeyViolation(e, 'entities_organization_company_fk')) throw notFound(ENTITY_MESSAGES.organizationNotFound);
    if (isForeignKeyViolation(e, 'entity_product_access_company_product_fk')) throw badRequest(ENTITY_MESSAGES.productNotHeld);
    throw e;
  }
}

/** Name and country only; the organization does not change. */
export async function updateEntity(db: Db, user: SessionUser, id: string, input: EntityUpdateInput): Promise<Entity> {
  try {
    return await withTenant(db, user.companyId, async (tx) => {
      const [row] = await tx
        .update(entities)
        .set({ name: input.name, country: input.country, updatedAt: sql`now()` })
        .where(and(eq(entities.id, id), eq(entities.companyId, user.companyId)))
        .returning();
      if (!row) throw notFound(ENTITY_MESSAGES.notFound);
      const [organization] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, row.organizationId));
      return toEntity({ ...row, organizationName: organization?.name ?? null });
    });
  } catch (e) {
    if (isUniqueViolation(e, 'entities_organization_id_name_key')) throw conflict(ENTITY_MESSAGES.duplicateOnUpdate);
    throw e;
  }
}
