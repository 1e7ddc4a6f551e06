import { asc, sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import type { Product } from '@/shared/products';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { withTenant } from '../../db/tenant';

const columns = { id: products.id, name: products.name, type: products.type, description: products.description };

/** The catalogue, by name (sign-up's product list). */
export async function listCatalogue(db: Db): Promise<Product[]> {
  return (await db.select(columns).from(products).orderBy(asc(products.name))) as Product[];
}

/**
 * The products a user may open, in one query: a super admin gets the company's products,
 * anyone else the products granted to them (spec §6, §7), and HRMS when they are a current
 * employee of an entity holding it (its Employee Portal needs no grant: the question is
 * `app_is_current_employee`, migration 0037, asked in the same statement). Plain SQL rather than
 * the query builder: the products hub is the most frequent signed-in request, and building the
 * query was a measurable part of its cost (bench figure 2).
 */
export async function listAccessibleProducts(db: Db, user: SessionUser): Promise<Product[]> {
  return withTenant(db, user.companyId, async (tx) => {
    const grant =
      user.role === 'super_admin'
        ? sql`select 1 from company_product_access a where a.product_id = p.id and a.company_id = ${user.companyId}`
        : sql`select 1 from user_product_access a where a.product_id = p.id and a.user_id = ${user.id} and a.company_id = ${user.companyId}`;
    const employee = sql`p.type = 'hrms' and exists (
      select 1 from entity_product_access a
      where a.product_id = p.id and a.company_id = ${user.companyId} and app_is_current_employee(${user.id}, a.entity_id))`;
    const { rows } = await tx.execute<Product & Record<string, unknown>>(
      sql`select p.id, p.name, p.type, p.description from products p where exists (${grant}) or (${employee}) order by p.name`,
    );
    return rows;
  });
}
