import { and, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import type { AuditAction, AuditChange, AuditEvent, AuditFilter } from '@/shared/audit';
import type { PageQuery } from '@/shared/pagination';
import { isUuid } from '@/shared/uuid';
import type { Db } from '../db/client';
import { keysetPage, toPage } from '../db/pagination';
import { auditEvents } from '../db/schema';
import { withTenant } from '../db/tenant';
import { csvLines } from '../platform/csv';

/** `%`, `_` and `\` typed in a filter are matched as themselves, not as patterns. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function filterWhere(companyId: string, f: Partial<AuditFilter>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(auditEvents.companyId, companyId)];
  if (f.actor) conditions.push(or(ilike(auditEvents.actorName, contains(f.actor)), ilike(auditEvents.actorEmail, contains(f.actor))));
  if (f.action) conditions.push(eq(auditEvents.action, f.action));
  if (f.target) {
    const byLabel = ilike(auditEvents.targetLabel, contains(f.target));
    conditions.push(isUuid(f.target) ? or(byLabel, eq(auditEvents.targetId, f.target.toLowerCase())) : byLabel);
  }
  if (f.from) conditions.push(gte(auditEvents.createdAt, new Date(f.from)));
  if (f.to) conditions.push(lt(auditEvents.createdAt, new Date(f.to)));
  return and(...conditions);
}

const columns = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  actorId: auditEvents.actorId,
  actorName: auditEvents.actorName,
  actorEmail: auditEvents.actorEmail,
  action: auditEvents.action,
  targetType: auditEvents.targetType,
  targetId: auditEvents.targetId,
  targetLabel: auditEvents.targetLabel,
  changes: auditEvents.changes,
  ipAddress: auditEvents.ipAddress,
  userAgent: auditEvents.userAgent,
  requestId: auditEvents.requestId,
};

type Row = Omit<typeof auditEvents.$inferSelect, 'companyId'> & { cursorText: string };

const toAuditEvent = (row: Row): AuditEvent => ({
  ...row,
  action: row.action as AuditAction,
  changes: (Array.isArray(row.changes) ? row.changes : []) as AuditChange[],
  createdAt: row.createdAt.toISOString(),
});

/** One page of the company's audit events, newest first, filtered. */
export function listAuditEvents(db: Db, admin: SessionUser, query: Partial<AuditFilter> & PageQuery) {
  const page = keysetPage({ createdAt: auditEvents.createdAt, id: auditEvents.id }, query);
  return withTenant(db, admin.companyId, async (tx) => {
    const rows = await tx
      .select({ ...columns, cursorText: page.cursorText })
      .from(auditEvents)
      .where(and(filterWhere(admin.companyId, query), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return toPage(rows, query, toAuditEvent);
  });
}

const EXPORT_BATCH = 500;

/**
 * Every event of the filtered view, newest first, in keyset batches: one short transaction per
 * batch (on the embedded database other requests run between them), never the whole set in memory.
 */
export async function* exportAuditEvents(db: Db, admin: SessionUser, filter: Partial<AuditFilter>, batchSize = EXPORT_BATCH): AsyncGenerator<AuditEvent[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await listAuditEvents(db, admin, { ...filter, limit: batchSize, cursor });
    if (page.items.length > 0) yield page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** One line of the export, by the cell rule of every CSV export (platform/csv.ts): a list of changes is JSON. */
export const csvRow = (values: unknown[]) => csvLines([values]);

export const auditCsvValues = (e: AuditEvent) => [
  e.createdAt,
  e.actorId,
  e.actorName,
  e.actorEmail,
  e.action,
  e.targetType,
  e.targetId,
  e.targetLabel,
  e.changes.length ? e.changes : '',
  e.ipAddress,
  e.userAgent,
  e.requestId,
];

