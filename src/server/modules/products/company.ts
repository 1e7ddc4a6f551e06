import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { COMPANY_PRODUCT_MESSAGES, type CompanyProduct } from '@/shared/company-products';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { companyProductAccess, products } from '../../db/schema';
import { withTenant, type Tx } from '../../db/tenant';
import { badRequest, notFound } from '../../http/errors';
import { endProductAtEntities, lockCompanyProducts } from './access';

/** Every product of the catalogue, by name, with whether the company holds it and what removing it would end. */
async function companyProductsOf(tx: Tx, companyId: string): Promise<CompanyProduct[]> {
  const { rows } = await tx.execute<{ id: string; name: string; type: CompanyProduct['type']; description: string | null; held: boolean; entity_count: number; user_count: number }>(sql`
    select p.id, p.name, p.type, p.description,
      exists (select 1 from company_product_access c where c.company_id = ${companyId} and c.product_id = p.id) as held,
      (select count(*)::int from entity_product_access a where a.company_id = ${companyId} and a.product_id = p.id) as entity_count,
      (select count(distinct g.user_id)::int from user_product_access g where g.company_id = ${companyId} and g.product_id = p.id) as user_count
    from products p
    order by p.name`);
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type, description: r.description, held: r.held, entityCount: r.entity_count, userCount: r.user_count }));
}

export function listCompanyProducts(db: Db, user: SessionUser): Promise<CompanyProduct[]> {
  return withTenant(db, user.companyId, (tx) => companyProductsOf(tx, user.companyId));
}

/** The company's products by name, and the catalogue product asked for (404 when there is none). */
async function lockedState(tx: Tx, companyId: string, productId: string) {
  const company = await lockCompanyProducts(tx, companyId);
  if (!company) throw notFound(COMPANY_PRODUCT_MESSAGES.notFound);
  const [product] = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound(COMPANY_PRODUCT_MESSAGES.notFound);
  return { company, product, held: await heldProducts(tx, companyId) };
}

const heldProducts = (tx: Tx, companyId: string) =>
  tx
    .select({ id: products.id, name: products.name })
    .from(companyProductAccess)
    .innerJoin(products, eq(products.id, companyProductAccess.productId))
    .where(eq(companyProductAccess.companyId, companyId))
    .orderBy(asc(products.name));

/**
 * Adds a product to the company: it shows on its super admins' products hub at once, and its
 * entities can be given it. Adding one it holds already changes nothing (and writes no event).
 */
export async function addCompanyProduct(db: Db, user: SessionUser, productId: string, audit: AuditContext): Promise<CompanyProduct[]> {
  return withTenant(db, user.companyId, async (tx) => {
    const { company, product, held } = await lockedState(tx, user.companyId, productId);
    if (!held.some((p) => p.id === product.id)) {
      await tx.insert(companyProductAccess).values({ companyId: user.companyId, productId: product.id });
      await recordEvent(tx, {
        context: audit,
        companyId: user.companyId,
        action: 'company.product_added',
        target: { type: 'company', id: user.companyId, label: company.name },
        before: { products: held.map((p) => p.name) },
        after: { products: (await heldProducts(tx, user.companyId)).map((p) => p.name) },
      });
    }
    return companyProductsOf(tx, user.companyId);
  });
}

/**
 * Removes a product from the company, and so from every entity of it: the access rows end (the
 * module is hidden, and nobody can open it), the module's data is kept. Adding the product again,
 * to the company and then to an entity, shows that entity's data again; users are granted it anew.
 * The last product cannot be removed (a company has at least one, as at sign-up). Removing one the
 * company does not hold changes nothing.
 */
export async function removeCompanyProduct(db: Db, user: SessionUser, productId: string, audit: AuditContext): Promise<CompanyProduct[]> {
  return withTenant(db, user.companyId, async (tx) => {
    const { company, product, held } = await lockedState(tx, user.companyId, productId);
    if (!held.some((p) => p.id === product.id)) return companyProductsOf(tx, user.companyId);
    if (held.length === 1) throw badRequest(COMPANY_PRODUCT_MESSAGES.lastProduct);
    const row = and(eq(companyProductAccess.companyId, user.companyId), eq(companyProductAccess.productId, product.id));
    // An entity being created with the product holds a key lock on this row: wait for it, so that
    // its access row is among those ended below (rather than removed by the cascade, unrecorded).
    await tx.select({ productId: companyProductAccess.productId }).from(companyProductAccess).where(row).for('update');
    const ended = await endProductAtEntities(tx, user.companyId, product, null, audit);
    await tx.delete(companyProductAccess).where(row);
    await recordEvent(tx, {
      context: audit,
      companyId: user.companyId,
      action: 'company.product_removed',
      target: { type: 'company', id: user.companyId, label: company.name },
      before: { products: held.map((p) => p.name), entities: ended.entities, userGrants: ended.grants },
      after: { products: held.filter((p) => p.id !== product.id).map((p) => p.name), entities: [], userGrants: 0 },
    });
    return companyProductsOf(tx, user.companyId);
  });
}
