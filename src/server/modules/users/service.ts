import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { AUTH_MESSAGES, type SessionUser } from '@/shared/auth';
import { USER_MESSAGES, type User, type UserDetail, type UserListQuery, type userCreateInput, type userInviteInput, type userUpdateInput } from '@/shared/users';
import { sendInvitation, sendPasswordReset } from '../../auth/links';
import { revokeAllTokens, revokeTokens } from '../../auth/tokens';
import type { z } from 'zod';
import { EMAIL_TAKEN_CONSTRAINT, endSessionsOf, hashPassword, insertCredentialUser } from '../../auth/accounts';
import type { Auth } from '../../auth/auth';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { isoFromPgTimestamptz, keysetPage, toPage } from '../../db/pagination';
import { companies, entities, products, userProductAccess, users } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation, withTenant, type Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { ERROR_MESSAGES } from '@/shared/errors';

type UserCreate = z.output<typeof userCreateInput>;
type UserUpdate = z.output<typeof userUpdateInput>;
type UserInvite = z.output<typeof userInviteInput>;

const toUser = (row: Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'status' | 'createdAt'>): User => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  role: row.role as User['role'],
  status: row.status as User['status'],
  createdAt: row.createdAt.toISOString(),
});

const userLabel = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName} <${u.email}>`;

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The company's users, newest first, filtered. The search matches anywhere in the name (a GIN
 * index of the name's suffixes, each tagged with the company: migration 0025) or the start of the
 * email ((company_id, email text_pattern_ops); emails are stored lower-cased), through
 * app_search_users (migrations 0024 and 0025), which returns the users it finds.
 */
export function listUsers(db: Db, admin: SessionUser, query: UserListQuery) {
  if (query.search) return searchUsers(db, admin, query, query.search);
  const page = keysetPage({ createdAt: users.createdAt, id: users.id }, query);
  const filters: SQL[] = [eq(users.companyId, admin.companyId)];
  if (query.status) filters.push(eq(users.status, query.status));
  if (query.role) filters.push(eq(users.role, query.role));
  return withTenant(db, admin.companyId, async (tx) => {
    const rows = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        status: users.status,
        createdAt: users.createdAt,
        cursorText: page.cursorText,
      })
      .from(users)
      .where(and(...filters, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    const total = query.count ? (await tx.select({ total: count() }).from(users).where(and(...filters)))[0]!.total : null;
    return { ...toPage(rows, query, toUser), total };
  });
}

interface FoundUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  status: string;
  /** created_at as PostgreSQL writes it: the cursor's, and the source of createdAt. */
  cursorText: string;
  total: number | string | null;
  [key: string]: unknown;
}

/**
 * A search's page, read from what app_search_users found: as the owner, for this company only
 * (under row-level security the indexes could not serve LIKE: migrations 0010, 0013, 0023), the
 * name as a LIKE pattern (escaped) and the search lower-cased (the email's prefix, and the prefix
 * one of every match's name suffixes starts with). The function returns whole rows, so the page is
 * sorted from them and no match is read twice. A first page with its total counts the matches in
 * the same statement (a window before the limit): the search runs once (bench figure 4c).
 */
function searchUsers(db: Db, admin: SessionUser, query: UserListQuery, search: string) {
  const found = { createdAt: sql`s.created_at`, id: sql`s.id` };
  const page = keysetPage(found, query);
  const filters: SQL[] = [];
  if (query.status) filters.push(sql`s.status = ${query.status}`);
  if (query.role) filters.push(sql`s.role = ${query.role}`);
  const countInPage = query.count && !query.cursor;
  const whereOf = (...conditions: (SQL | undefined)[]) => {
    const all = and(...conditions);
    return all ? sql` where ${all}` : sql``;
  };
  return withTenant(db, admin.companyId, async (tx) => {
    const matches = sql`app_search_users(${`%${escapeLike(search)}%`}, ${search.toLowerCase()}) s`;
    const where = whereOf(...filters, page.where);
    const { rows } = await tx.execute<FoundUser>(sql`
      select s.id, s.first_name, s.last_name, s.email, s.role, s.status, ${page.cursorText} as "cursorText",
        ${countInPage ? sql`count(*) over ()` : sql`null`} as total
      from ${matches}${where}
      order by ${sql.join([...page.orderBy], sql`, `)} limit ${page.limit}`);
    let total: number | null = null;
    if (countInPage) total = Number(rows[0]?.total ?? 0);
    else if (query.count) {
      const counted = await tx.execute<{ total: number | string }>(sql`select count(*) as total from ${matches}${whereOf(...filters)}`);
      total = Number(counted.rows[0]?.total ?? 0);
    }
    const toFound = (r: FoundUser): User => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      role: r.role as User['role'],
      status: r.status as User['status'],
      createdAt: isoFromPgTimestamptz(r.cursorText),
    });
    return { ...toPage(rows, query, toFound), total };
  });
}

/**
 * The account, the user row (role user, the admin's company) and the product access, in one
 * transaction. Each grant must name an entity of the company that holds the product: the
 * database's foreign keys decide, so nothing is written when one does not.
 */
export async function createUser(
  db: Db,
  auth: Auth,
  admin: SessionUser,
  input: UserCreate | UserInvite,
  audit: AuditContext,
  invite?: { baseUrl: string },
): Promise<User> {
  // An invitee has no password until they accept: no credential row, status invited.
  const passwordHash = 'password' in input ? await hashPassword(auth, input.password) : null;
  const id = randomUUID();
  const grants = new Map(input.access.map((g) => [`${g.productId}:${g.entityId}`, g]));
  try {
    return await withTenant(db, admin.companyId, async (tx) => {
      const newUser = {
        id,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'user' as const,
        companyId: admin.companyId,
        organizationId: null,
        entityId: null,
      };
      if (passwordHash) await insertCredentialUser(tx, { ...newUser, passwordHash });
      else await tx.insert(users).values({ ...newUser, name: `${input.firstName} ${input.lastName}`, status: 'invited' });
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
      if (invite) await sendInvitation(tx, invite.baseUrl, { ...newUser }, audit);
      return created;
    });
  } catch (e) {
    if (isUniqueViolation(e, EMAIL_TAKEN_CONSTRAINT)) throw conflict(AUTH_MESSAGES.emailTaken);
    if (isForeignKeyViolation(e, 'user_product_access_entity_product_fk')) throw badRequest(USER_MESSAGES.invalidAccess);
    throw e;
  }
}

/**
 * Changes to who may administer the company are serialized per company in the database: the
 * company row is locked (FOR UPDATE) for the rest of the transaction, so two super admins
 * demoting or deactivating each other at the same moment run one after the other, and the second
 * sees the first's result. Then the actor must still be an active super admin (the guard read the
 * session before the lock), and, when `target` loses its active super admin standing, somebody
 * else must keep it.
 */
async function lockCompanyAdmins(tx: Tx, admin: SessionUser, target?: string) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, admin.companyId)).for('update');
  const [actor] = await tx.select({ role: users.role, status: users.status }).from(users).where(eq(users.id, admin.id));
  if (!actor || actor.role !== 'super_admin' || actor.status !== 'active') throw forbidden(ERROR_MESSAGES.superAdminOnly);
  if (target === undefined) return;
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, admin.companyId), eq(users.role, 'super_admin'), eq(users.status, 'active'), ne(users.id, target)))
    .limit(1);
  if (!other) throw conflict(USER_MESSAGES.lastSuperAdmin);
}

/** The user's row, locked for the rest of the transaction; 404 when it is not of the company. */
async function lockUser(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, companyId)))
    .for('update');
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return row;
}

async function accessOf(tx: Tx, userId: string) {
  return tx
    .select({
      productId: userProductAccess.productId,
      entityId: userProductAccess.entityId,
      roleType: userProductAccess.roleType,
      product: products.name,
      entity: entities.name,
    })
    .from(userProductAccess)
    .innerJoin(products, eq(products.id, userProductAccess.productId))
    .innerJoin(entities, eq(entities.id, userProductAccess.entityId))
    .where(eq(userProductAccess.userId, userId))
    .orderBy(asc(products.name), asc(entities.name));
}

/** One user of the company with their access rows. */
export function getUser(db: Db, admin: SessionUser, id: string): Promise<UserDetail> {
  return withTenant(db, admin.companyId, async (tx) => {
    // The user and their access, read together: one round trip (another company's user has neither).
    const [[row], access] = await Promise.all([
      tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.companyId, admin.companyId))),
      accessOf(tx, id),
    ]);
    if (!row) throw notFound(USER_MESSAGES.notFound);
    return {
      ...toUser(row),
      access: access.map((a) => ({ productId: a.productId, entityId: a.entityId, roleType: a.roleType as UserDetail['access'][number]['roleType'] })),
    };
  });
}

/**
 * Name, email, company role and access in one transaction, each kind of change with its audit
 * event. Demoting the last active super admin is refused (lockCompanyAdmins). The access rows
 * sent replace the user's; the database's foreign keys refuse a product the entity does not hold.
 */
export async function updateUser(db: Db, admin: SessionUser, id: string, input: UserUpdate, audit: AuditContext): Promise<User> {
  try {
    return await withTenant(db, admin.companyId, async (tx) => {
      const demoting = input.role === 'user';
      if (demoting) await lockCompanyAdmins(tx, admin, id);
      const before = await lockUser(tx, admin.companyId, id);
      const target = { type: 'user' as const, id, label: userLabel(before) };
      const profile = {
        firstName: input.firstName ?? before.firstName,
        lastName: input.lastName ?? before.lastName,
        email: input.email ?? before.email,
      };
      const role = input.role ?? before.role;
      const profileChanged = profile.firstName !== before.firstName || profile.lastName !== before.lastName || profile.email !== before.email;
      if (profileChanged || role !== before.role) {
        await tx
          .update(users)
          .set({ ...profile, name: `${profile.firstName} ${profile.lastName}`, role, updatedAt: new Date() })
          .where(eq(users.id, id));
      }
      if (profileChanged) {
        // The links sent earlier went to the old address: whoever reads it must not be able to set
        // the password of the account that is now someone else's address. Revoked with the change
        // (the row is locked, as the link pages lock it before they use a link).
        const links = profile.email !== before.email ? await revokeAllTokens(tx, id) : 0;
        await recordEvent(tx, {
          context: audit,
          companyId: admin.companyId,
          action: 'user.updated',
          target,
          before: { firstName: before.firstName, lastName: before.lastName, email: before.email, links },
          after: { ...profile, links: 0 },
        });
      }
      if (role !== before.role) {
        await recordEvent(tx, { context: audit, companyId: admin.companyId, action: 'user.role_changed', target, before: { role: before.role }, after: { role } });
      }
      if (input.access) await replaceAccess(tx, admin, id, input.access, target, audit);
      const [after] = await tx.select().from(users).where(eq(users.id, id));
      return toUser(after!);
    });
  } catch (e) {
    if (isUniqueViolation(e, EMAIL_TAKEN_CONSTRAINT)) throw conflict(AUTH_MESSAGES.emailTaken);
    if (isForeignKeyViolation(e, 'user_product_access_entity_product_fk')) throw badRequest(USER_MESSAGES.invalidAccess);
    throw e;
  }
}

async function replaceAccess(
  tx: Tx,
  admin: SessionUser,
  userId: string,
  grants: UserUpdate['access'] & object,
  target: { type: 'user'; id: string; label: string },
  audit: AuditContext,
) {
  const key = (g: { productId: string; entityId: string }) => `${g.productId}:${g.entityId}`;
  const wanted = new Map(grants.map((g) => [key(g), g]));
  const current = await accessOf(tx, userId);
  const currentByKey = new Map(current.map((g) => [key(g), g]));
  for (const g of current) {
    const next = wanted.get(key(g));
    if (next && next.roleType === g.roleType) continue;
    await tx
      .delete(userProductAccess)
      .where(and(eq(userProductAccess.userId, userId), eq(userProductAccess.productId, g.productId), eq(userProductAccess.entityId, g.entityId)));
    if (!next) {
      await recordEvent(tx, {
        context: audit,
        companyId: admin.companyId,
        action: 'user.access_revoked',
        target,
        before: { product: g.product, entity: g.entity, entityId: g.entityId, role: g.roleType },
      });
    }
  }
  const added = [...wanted.values()].filter((g) => currentByKey.get(key(g))?.roleType !== g.roleType);
  if (added.length === 0) return;
  await tx
    .insert(userProductAccess)
    .values(added.map((g) => ({ userId, productId: g.productId, entityId: g.entityId, companyId: admin.companyId, roleType: g.roleType })));
  const named = new Map((await accessOf(tx, userId)).map((g) => [key(g), g]));
  for (const g of added) {
    const now = named.get(key(g))!;
    const was = currentByKey.get(key(g));
    await recordEvent(tx, {
      context: audit,
      companyId: admin.companyId,
      action: 'user.access_granted',
      target,
      before: was ? { product: was.product, entity: was.entity, entityId: was.entityId, role: was.roleType } : undefined,
      after: { product: now.product, entity: now.entity, entityId: now.entityId, role: now.roleType },
    });
  }
}

/**
 * Deactivation keeps the user's data and access and ends every session of theirs at once. Their
 * unused links are revoked with it: a reset link asked for before must not work after reactivation.
 */
export async function deactivateUser(db: Db, admin: SessionUser, id: string, audit: AuditContext): Promise<User> {
  if (id === admin.id) throw badRequest(USER_MESSAGES.cannotDeactivateSelf);
  return withTenant(db, admin.companyId, async (tx) => {
    await lockCompanyAdmins(tx, admin, id);
    const before = await lockUser(tx, admin.companyId, id);
    if (before.status === 'invited') throw conflict(USER_MESSAGES.invitedCannotBeDeactivated);
    if (before.status !== 'deactivated') {
      await tx.update(users).set({ status: 'deactivated', updatedAt: new Date() }).where(eq(users.id, id));
      const ended = await endSessionsOf(tx, id);
      const links = await revokeAllTokens(tx, id);
      await recordEvent(tx, {
        context: audit,
        companyId: admin.companyId,
        action: 'user.deactivated',
        target: { type: 'user', id, label: userLabel(before) },
        before: { status: before.status, sessions: ended, links },
        after: { status: 'deactivated', sessions: 0, links: 0 },
      });
    }
    const [after] = await tx.select().from(users).where(eq(users.id, id));
    return toUser(after!);
  });
}

/** Gives a deactivated user back their sign-in, with the access they had. */
export async function reactivateUser(db: Db, admin: SessionUser, id: string, audit: AuditContext): Promise<User> {
  return withTenant(db, admin.companyId, async (tx) => {
    const before = await lockUser(tx, admin.companyId, id);
    if (before.status === 'invited') throw conflict(USER_MESSAGES.notDeactivated);
    if (before.status === 'deactivated') {
      await tx.update(users).set({ status: 'active', updatedAt: new Date() }).where(eq(users.id, id));
      await recordEvent(tx, {
        context: audit,
        companyId: admin.companyId,
        action: 'user.reactivated',
        target: { type: 'user', id, label: userLabel(before) },
        before: { status: before.status },
        after: { status: 'active' },
      });
    }
    const [after] = await tx.select().from(users).where(eq(users.id, id));
    return toUser(after!);
  });
}

/** Deleting the user cascades to their access rows, sessions and credential account. */
export async function deleteUser(db: Db, admin: SessionUser, id: string, audit: AuditContext) {
  if (id === admin.id) throw badRequest(USER_MESSAGES.cannotDeleteSelf);
  await withTenant(db, admin.companyId, async (tx) => {
    await lockCompanyAdmins(tx, admin, id);
    const [deleted] = await tx
      .delete(users)
      .where(and(eq(users.id, id), eq(users.companyId, admin.companyId)))
      .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role });
    if (!deleted) throw notFound(USER_MESSAGES.notFound);
    await recordEvent(tx, {
      context: audit,
      companyId: admin.companyId,
      action: 'user.deleted',
      target: { type: 'user', id, label: userLabel(deleted) },
      before: { firstName: deleted.firstName, lastName: deleted.lastName, email: deleted.email, role: deleted.role },
    });
  });
}

/** Sends an invited user a new link (the earlier one stops working). */
export async function resendInvitation(db: Db, admin: SessionUser, id: string, baseUrl: string, audit: AuditContext): Promise<void> {
  await withTenant(db, admin.companyId, async (tx) => {
    const target = await lockUser(tx, admin.companyId, id);
    if (target.status !== 'invited') throw conflict(USER_MESSAGES.notInvited);
    await sendInvitation(tx, baseUrl, target, audit);
  });
}

/** The invitation's link stops working; the user stays Invited (a new link can be sent, or the user deleted). */
export async function revokeInvitation(db: Db, admin: SessionUser, id: string, audit: AuditContext): Promise<void> {
  await withTenant(db, admin.companyId, async (tx) => {
    const target = await lockUser(tx, admin.companyId, id);
    if (target.status !== 'invited') throw conflict(USER_MESSAGES.notInvited);
    const revoked = await revokeTokens(tx, id, 'invitation');
    await recordEvent(tx, {
      context: audit,
      companyId: admin.companyId,
      action: 'user.invitation_revoked',
      target: { type: 'user', id, label: userLabel(target) },
      before: { links: revoked },
      after: { links: 0 },
    });
  });
}

/** A super admin sends a user the password-reset email (the same as "Forgot password?"). */
export async function sendUserPasswordReset(db: Db, admin: SessionUser, id: string, baseUrl: string, audit: AuditContext): Promise<void> {
  await withTenant(db, admin.companyId, async (tx) => {
    const target = await lockUser(tx, admin.companyId, id);
    if (target.status !== 'active') throw conflict(USER_MESSAGES.notActive);
    await sendPasswordReset(tx, baseUrl, target, audit);
  });
}
