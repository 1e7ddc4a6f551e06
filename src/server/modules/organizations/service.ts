import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { ORGANIZATION_MESSAGES, type Organization, type OrganizationInput } from '@/shared/organizations';
import type { PageQuery } from '@/shared/pagination';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { keysetPage, toPage } from '../../db/pagination';
import { organizations } from '../../db/schema';
import { isUniqueViolation, withTenant } from '../../db/tenant';
import { conflict, notFound } from '../../http/errors';

type Row = typeof organizations.$inferSelect;

const toOrganization = (row: Pick<Row, 'id' | 'name' | 'createdAt' | 'updatedAt'>): Organization => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The company's organizations, newest first. */
export function listOrganizations(db: Db, user: SessionUser, query: PageQuery) {
  const page = keysetPage({ createdAt: organizations.createdAt, id: organizations.id }, query);
  return withTenant(db, user.companyId, async (tx) => {
    const rows = await tx
      .select({
        id: organizations.id,
        name: organizations.name,
        createdAt: organizations.createdAt,
        updatedAt: organizations.updatedAt,
        cursorText: page.cursorText,
      })
      .from(organizations)
      .where(and(eq(organizations.companyId, user.companyId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return toPage(rows, query, toOrganization);
  });
}

/** Every organization of the company, by name, for selects. */
export function listOrganizationOptions(db: Db, user: SessionUser) {
  return withTenant(db, user.companyId, (tx) =>
    tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.companyId, user.companyId))
      .orderBy(asc(organizations.name))
      .limit(1000),
  );
}

const DUPLICATE = 'organizations_company_id_name_key';

export async function createOrganization(db: Db, user: SessionUser, input: OrganizationInput, audit: AuditContext) {
  try {
    return await withTenant(db, user.companyId, async (tx) => {
      const [row] = await tx
        .insert(organizations)
        .values({ name: input.name, companyId: user.companyId, createdBy: user.id })
        .returning();
      await recordEvent(tx, {
        context: audit,
        companyId: user.companyId,
        action: 'organization.created',
        target: { type: 'organization', id: row!.id, label: row!.name },
        after: { name: row!.name },
      });
      return toOrganization(row!);
    });
  } catch (e) {
    if (isUniqueViolation(e, DUPLICATE)) throw conflict(ORGANIZATION_MESSAGES.duplicate);
    throw e;
  }
}

export async function updateOrganization(db: Db, user: SessionUser, id: string, input: OrganizationInput, audit: AuditContext) {
  try {
    return await withTenant(db, user.companyId, async (tx) => {
      const [before] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(and(eq(organizations.id, id), eq(organizations.companyId, user.companyId)))
        .for('update');
      if (!before) throw notFound(ORGANIZATION_MESSAGES.notFound);
      const [row] = await tx
        .update(organizations)
        .set({ name: input.name, updatedAt: sql`now()` })
        .where(and(eq(organizations.id, id), eq(organizations.companyId, user.companyId)))
        .returning();
      if (!row) throw notFound(ORGANIZATION_MESSAGES.notFound);
      await recordEvent(tx, {
        context: audit,
        companyId: user.companyId,
        action: 'organization.updated',
        target: { type: 'organization', id: row.id, label: row.name },
        before,
        after: { name: row.name },
      });
      return toOrganization(row);
    });
  } catch (e) {
    if (isUniqueViolation(e, DUPLICATE)) throw conflict(ORGANIZATION_MESSAGES.duplicate);
    throw e;
  }
}
