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
 * anyone else the products granted to them (spec §6, §7).
 */
export async function listAccessibleProducts(db: Db, user: SessionUser): Promise<Product[]> {
  return withTenant(db, user.companyId, async (tx) => {
    const grant =
      user.role === 'super_admin'
        ? sql`exists (select 1 from company_product_access a where a.product_id = ${products.id} and a.company_id = ${user.companyId})`
        : sql`exists (select 1 from user_product_access a where a.product_id = ${products.id} and a.user_id = ${user.id} and a.company_id = ${user.companyId})`;
    return (await tx.select(columns).from(products).where(grant).orderBy(asc(products.name))) as Product[];
  });
}
