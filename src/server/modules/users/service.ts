import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, type SessionUser } from '@/shared/auth';
import type { PageQuery } from '@/shared/pagination';
import { USER_MESSAGES, type User, type userCreateInput } from '@/shared/users';
import type { z } from 'zod';
import { EMAIL_TAKEN_CONSTRAINT, hashPassword, insertCredentialUser } from '../../auth/accounts';
import type { Auth } from '../../auth/auth';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { keysetPage, toPage } from '../../db/pagination';
import { entities, products, userProductAccess, users } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation, withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';

type UserCreate = z.output<typeof userCreateInput>;

const toUser = (row: Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'createdAt'>): User => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  role: row.role as User['role'],
  createdAt: row.createdAt.toISOString(),
});

/** The company's users, newest first. */
export function listUsers(db: Db, admin: SessionUser, query: PageQuery) {
  const page = keysetPage({ createdAt: users.createdAt, id: users.id }, query);
  return withTenant(db, admin.companyId, async (tx) => {
    const rows = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
        cursorText: page.cursorText,
      })
      .from(users)
      .where(and(eq(users.companyId, admin.companyId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return toPage(rows, query, toUser);
  });
}

/**
 * The account, the user row (role user, the admin's company) and the product access, in one
 * transaction. Each grant must name an entity of the company that holds the product: the
 * database's foreign keys decide, so nothing is written when one does not.
 */
export async function createUser(db: Db, auth: Auth, admin: SessionUser, input: UserCreate, audit: AuditContext): Promise<User> {
  const passwordHash = await hashPassword(auth, input.password);
  const id = randomUUID();
  const grants = new Map(input.access.map((g) => [`${g.productId}:${g.entityId}`, g]));
  try {
    return await withTenant(db, admin.companyId, async (tx) => {
      await insertCredentialUser(tx, {
        id,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'user',
        companyId: admin.companyId,
        organizationId: null,
        entityId: null,
        passwordHash,
      });
      await tx.insert(userProductAccess).values(
        [...grants.values()].map((g) => ({
          userId: id,
          productId: g.productId,
          entityId: g.entityId,
          companyId: admin.companyId,
          roleType: g.roleType,
        })),
      );
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      const created = toUser(row!);
      const target = { type: 'user' as const, id, label: `${created.firstName} ${created.lastName} <${created.email}>` };
      await recordEvent(tx, {
        context: audit,
        companyId: admin.companyId,
        action: 'user.created',
        target,
        after: { firstName: created.firstName, lastName: created.lastName, email: created.email, role: created.role },
      });
      // One event per grant, named as a person reads it: the product at the entity.
      const granted = await tx
        .select({ product: products.name, entity: entities.name, entityId: userProductAccess.entityId, roleType: userProductAccess.roleType })
        .from(userProductAccess)
        .innerJoin(products, eq(products.id, userProductAccess.productId))
        .innerJoin(entities, eq(entities.id, userProductAccess.entityId))
        .where(eq(userProductAccess.userId, id))
        .orderBy(asc(products.name), asc(entities.name));
      for (const g of granted) {
        await recordEvent(tx, {
          context: audit,
          companyId: admin.companyId,
          action: 'user.access_granted',
          target,
          after: { product: g.product, entity: g.entity, entityId: g.entityId, role: g.roleType },
        });
      }
      return created;
    });
  } catch (e) {
    if (isUniqueViolation(e, EMAIL_TAKEN_CONSTRAINT)) throw conflict(AUTH_MESSAGES.emailTaken);
    if (isForeignKeyViolation(e, 'user_product_access_entity_product_fk')) throw badRequest(USER_MESSAGES.invalidAccess);
    throw e;
  }
}

/** Deleting the user cascades to their access rows, sessions and credential account. */
export async function deleteUser(db: Db, admin: SessionUser, id: string, audit: AuditContext) {
  if (id === admin.id) throw badRequest(USER_MESSAGES.cannotDeleteSelf);
  await withTenant(db, admin.companyId, async (tx) => {
    const [deleted] = await tx
      .delete(users)
      .where(and(eq(users.id, id), eq(users.companyId, admin.companyId)))
      .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role });
    if (!deleted) throw notFound(USER_MESSAGES.notFound);
    await recordEvent(tx, {
      context: audit,
      companyId: admin.companyId,
      action: 'user.deleted',
      target: { type: 'user', id, label: `${deleted.firstName} ${deleted.lastName} <${deleted.email}>` },
      before: { firstName: deleted.firstName, lastName: deleted.lastName, email: deleted.email, role: deleted.role },
    });
  });
}
