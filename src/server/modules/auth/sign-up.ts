import { randomUUID } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import { AUTH_MESSAGES, type SignUpInput } from '@/shared/auth';
import { EMAIL_TAKEN_CONSTRAINT, hashPassword, insertCredentialUser } from '../../auth/accounts';
import type { Auth } from '../../auth/auth';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { companies, companyProductAccess, entities, entityProductAccess, organizations, products } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation, withTenant } from '../../db/tenant';
import { badRequest, conflict } from '../../http/errors';

export interface SignUpIds {
  userId: string;
  companyId: string;
  organizationId: string;
  entityId: string;
}

/**
 * Creates the account, company, organization, entity, the user's links and role, and the
 * company's and entity's product access, in one transaction: on any failure no row remains.
 * The password is hashed before the transaction opens (slow work stays outside it). The audit
 * event is the new company's first, with the new super admin as its actor.
 */
export async function signUp(db: Db, auth: Auth, input: SignUpInput, request: Omit<AuditContext, 'actor'>): Promise<SignUpIds> {
  const passwordHash = await hashPassword(auth, input.password);
  const ids: SignUpIds = { userId: randomUUID(), companyId: randomUUID(), organizationId: randomUUID(), entityId: randomUUID() };
  const productIds = [...new Set(input.selectedProducts)];
  try {
    await withTenant(db, ids.companyId, async (tx) => {
      await tx.insert(companies).values({ id: ids.companyId, name: input.companyName });
      await tx.insert(organizations).values({
        id: ids.organizationId,
        name: input.organizationName,
        companyId: ids.companyId,
        createdBy: ids.userId,
      });
      await tx.insert(entities).values({
        id: ids.entityId,
        name: input.entityName,
        organizationId: ids.organizationId,
        companyId: ids.companyId,
        country: input.country,
      });
      await insertCredentialUser(tx, {
        id: ids.userId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'super_admin',
        companyId: ids.companyId,
        organizationId: ids.organizationId,
        entityId: ids.entityId,
        passwordHash,
      });
      await tx.insert(companyProductAccess).values(productIds.map((productId) => ({ companyId: ids.companyId, productId })));
      await tx
        .insert(entityProductAccess)
        .values(productIds.map((productId) => ({ entityId: ids.entityId, productId, companyId: ids.companyId })));
      const held = await tx.select({ name: products.name }).from(products).where(inArray(products.id, productIds)).orderBy(asc(products.name));
      await recordEvent(tx, {
        context: { ...request, actor: { id: ids.userId, name: `${input.firstName} ${input.lastName}`, email: input.email } },
        companyId: ids.companyId,
        action: 'company.signed_up',
        target: { type: 'company', id: ids.companyId, label: input.companyName },
        after: {
          company: input.companyName,
          organization: input.organizationName,
          entity: input.entityName,
          country: input.country,
          superAdmin: input.email,
          products: held.map((p) => p.name),
        },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e, EMAIL_TAKEN_CONSTRAINT)) throw conflict(AUTH_MESSAGES.emailTaken);
    if (isForeignKeyViolation(e, 'company_product_access_product_id_products_id_fk')) throw badRequest(AUTH_MESSAGES.unknownProduct);
    throw e;
  }
  return ids;
}
