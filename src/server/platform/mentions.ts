import { and, eq, sql, type SQL } from 'drizzle-orm';
import { MENTION_PATTERN, MENTIONABLE_LIMIT, mentionMarkup, type MentionablePerson } from '@/shared/mentions';
import type { ProductType } from '@/shared/products';
import { isUuid } from '@/shared/uuid';
import { users } from '../db/schema';
import type { Tx } from '../db/tenant';
import { canReadRecord } from './notifications';
import { uuidArray } from './sql';

/*
 * @-mentions (issue 33), for any module whose text may name people: the people a record's
 * writer may mention, and the checking of a text's mentions when it is saved. The markup is
 * described in shared/mentions.ts.
 */

/**
 * A record of `product` at `entityId`: who may read it is who may be mentioned on it. The entity
 * may be SQL (a subquery naming the record's entity), so the people are read in the same round
 * trip as the record.
 */
export interface MentionScope {
  companyId: string;
  product: ProductType;
  entityId: string | SQL;
}

/**
 * The active users of the company who may read the record now (the notification platform's
 * condition, canReadRecord): `q` a prefix of a first name, last name or email, any case; `ids` only
 * those users. Run in the caller's tenant transaction (users are company rows).
 */
export function mentionableUsers(tx: Tx, where: MentionScope, options: { q?: string; ids?: readonly string[] } = {}): Promise<MentionablePerson[]> {
  const q = options.q?.toLowerCase();
  return tx
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, where.companyId),
        eq(users.status, 'active'),
        canReadRecord({ userId: sql`${users.id}`, isSuperAdmin: sql`${users.role} = 'super_admin'` }, sql`${where.product}::text`, sql`${where.entityId}::uuid`),
        options.ids ? sql`${users.id} = any(${uuidArray(options.ids)})` : undefined,
        q ? sql`(lower(${users.firstName}) ^@ ${q} or lower(${users.lastName}) ^@ ${q} or lower(${users.email}) ^@ ${q} or lower(${users.firstName} || ' ' || ${users.lastName}) ^@ ${q})` : undefined,
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(options.ids ? options.ids.length : MENTIONABLE_LIMIT);
}

/**
 * A text as it is stored, and who it mentions: each `@[name](user:id)` naming someone who may
 * read the record is written again with their current name; any other (a made-up id, someone of
 * another entity or company, someone deactivated) becomes the plain text `@name`, so it neither
 * looks like a mention nor tells anyone. Never trusts the client's names or ids.
 */
export async function checkMentions(tx: Tx, where: MentionScope, text: string): Promise<{ text: string; mentioned: string[] }> {
  const named = [...new Set([...text.matchAll(MENTION_PATTERN)].map((m) => m[2]!.toLowerCase()).filter(isUuid))];
  const readers = named.length === 0 ? [] : await mentionableUsers(tx, where, { ids: named });
  const nameOf = new Map(readers.map((r) => [r.id, r.name]));
  const checked = text.replace(MENTION_PATTERN, (_, name: string, id: string) => {
    const current = nameOf.get(id.toLowerCase());
    return current === undefined ? `@${name}` : mentionMarkup(current, id.toLowerCase());
  });
  return { text: checked, mentioned: [...nameOf.keys()] };
}
