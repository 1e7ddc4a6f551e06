import { eq, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { SessionUser } from '@/shared/auth';
import {
  DEFAULT_NOTIFICATION_PREFERENCE,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_MESSAGES,
  UNREAD_COUNT_CAP,
  type NotificationCategory,
  type NotificationItem,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type UnreadEvent,
  type UnsubscribeResult,
} from '@/shared/notifications';
import type { Page } from '@/shared/pagination';
import { actorOf } from '../../audit/context';
import { recordEvent, type AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { isoFromPgTimestamptz } from '../../db/pagination';
import { notificationPreferences, users } from '../../db/schema';
import { withTenant, type Tx } from '../../db/tenant';
import type { AppEnv } from '../../http/env';
import { badRequest, notFound } from '../../http/errors';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { openLiveStream } from '../../platform/live';
import { canReadRecord, NOTIFICATIONS_TOPIC, publishUnreadChanged, readUnsubscribeToken, type UnsubscribeScope } from '../../platform/notifications';

/*
 * A person's own notifications and preferences. Every statement runs in the caller's tenant
 * transaction (row-level security by company) and names the caller as the recipient; reads, counts
 * and marks also apply the stream rule (platform/notifications.ts, canReadRecord): what points to
 * a record the caller may no longer read is not there for them (404 by id).
 */

/** Readable by the caller now: holds the notification's product at its entity (super admin: the entity holds it). */
const readableByCaller = (user: SessionUser): SQL =>
  canReadRecord({ userId: sql`${user.id}::uuid`, isSuperAdmin: user.role === 'super_admin' ? sql`true` : sql`false` }, sql`n.product`, sql`n.entity_id`);

/** The caller's notifications shown in the app. */
const mine = (user: SessionUser): SQL => sql`n.user_id = ${user.id} and n.company_id = ${user.companyId} and n.in_app`;

interface Row extends Record<string, unknown> {
  id: string;
  category: NotificationCategory;
  title: string;
  url: string;
  read_at: string | null;
  created_at: string;
}

const COLUMNS = sql`n.id, n.category, n.title, n.url, n.read_at::text as read_at, n.created_at::text as created_at`;

const toItem = (r: Row): NotificationItem => ({
  id: r.id,
  category: r.category,
  title: r.title,
  url: r.url,
  readAt: r.read_at === null ? null : isoFromPgTimestamptz(r.read_at),
  createdAt: isoFromPgTimestamptz(r.created_at),
});

const NEWEST_FIRST: SortSpec = { columns: [sql`n.created_at`], types: ['timestamptz'] };

/** The caller's list, newest first, in keyset pages; `unread=true` for the unread only. */
export function listNotifications(db: Db, user: SessionUser, query: NotificationListQuery): Promise<Page<NotificationItem>> {
  return withTenant(db, user.companyId, async (tx) => {
    const page = sortedPage(NEWEST_FIRST, sql`n.id`, { limit: query.limit, cursor: query.cursor, dir: 'desc' });
    const { rows } = await tx.execute<Row & { cursorValues: string[] }>(sql`
      select ${COLUMNS}, ${page.cursorValues} as "cursorValues"
      from notifications n
      where ${mine(user)}${query.unread === 'true' ? sql` and n.read_at is null` : sql``} and ${readableByCaller(user)}
        ${page.where ? sql`and ${page.where}` : sql``}
      order by ${sql.join(page.orderBy, sql`, `)}
      limit ${page.limit}`);
    return toSortedPage(rows, query.limit, toItem);
  });
}

async function countUnread(tx: Tx, user: SessionUser): Promise<number> {
  const { rows } = await tx.execute<{ count: number }>(sql`
    select count(*)::int as count from (
      select 1 from notifications n
      where ${mine(user)} and n.read_at is null and ${readableByCaller(user)}
      limit ${UNREAD_COUNT_CAP}) unread`);
  return Number(rows[0]?.count ?? 0);
}

/** The bell's number: unread notifications the caller may still read (at most UNREAD_COUNT_CAP). */
export function unreadCount(db: Db, user: SessionUser): Promise<number> {
  return withTenant(db, user.companyId, (tx) => countUnread(tx, user));
}

/** Marks one of the caller's notifications read (again: no change); another's, or one they may no longer read, is not found. */
export function markRead(db: Db, user: SessionUser, id: string): Promise<NotificationItem> {
  return withTenant(db, user.companyId, async (tx) => {
    const { rows } = await tx.execute<Row>(sql`
      update notifications n set read_at = coalesce(n.read_at, now())
      where n.id = ${id} and ${mine(user)} and ${readableByCaller(user)}
      returning ${COLUMNS}`);
    const row = rows[0];
    if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
    await publishUnreadChanged(tx, user.companyId, [user.id]);
    return toItem(row);
  });
}

/** Marks every unread notification of the caller read; answers how many. */
export function markAllRead(db: Db, user: SessionUser): Promise<number> {
  return withTenant(db, user.companyId, async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update notifications n set read_at = now() where ${mine(user)} and n.read_at is null returning n.id`);
    if (rows.length > 0) await publishUnreadChanged(tx, user.companyId, [user.id]);
    return rows.length;
  });
}

// ---- Preferences ------------------------------------------------------------------------------

async function preferencesOf(tx: Tx, user: Pick<SessionUser, 'id'>): Promise<NotificationPreferences> {
  const saved = await tx
    .select({ category: notificationPreferences.category, inApp: notificationPreferences.inApp, email: notificationPreferences.email, emailMode: notificationPreferences.emailMode })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, user.id));
  const byCategory = new Map(saved.map((p) => [p.category, p]));
  return {
    items: NOTIFICATION_CATEGORIES.map((category) => {
      const p = byCategory.get(category);
      return {
        category,
        label: NOTIFICATION_CATEGORY_LABELS[category],
        inApp: p?.inApp ?? DEFAULT_NOTIFICATION_PREFERENCE.inApp,
        email: p?.email ?? DEFAULT_NOTIFICATION_PREFERENCE.email,
        emailMode: (p?.emailMode ?? DEFAULT_NOTIFICATION_PREFERENCE.emailMode) as 'immediate' | 'digest',
      };
    }),
  };
}

/** Every category with the caller's setting (the default where they saved none). */
export function getPreferences(db: Db, user: SessionUser): Promise<NotificationPreferences> {
  return withTenant(db, user.companyId, (tx) => preferencesOf(tx, user));
}

type Preference = NotificationPreferences['items'][number];

/** A person's settings as the audit log keeps them: one field per category and setting (`tasks.email`). */
const auditFields = (items: readonly Preference[]) =>
  Object.fromEntries(items.flatMap((p) => [[`${p.category}.inApp`, p.inApp], [`${p.category}.email`, p.email], [`${p.category}.emailMode`, p.emailMode]]));

/**
 * The audit event of a change to someone's preferences, with the settings that changed (an
 * unchanged save, or a link for an email already off, records nothing).
 */
async function auditPreferences(
  tx: Tx,
  context: AuditContext,
  user: { id: string; companyId: string; firstName: string; lastName: string; email: string },
  action: 'user.notification_preferences_changed' | 'user.notifications_unsubscribed',
  before: readonly Preference[],
  after: readonly Preference[],
) {
  const [was, is] = [auditFields(before), auditFields(after)];
  if (Object.keys(is).every((field) => was[field] === is[field])) return;
  await recordEvent(tx, {
    context,
    companyId: user.companyId,
    action,
    target: { type: 'user', id: user.id, label: `${user.firstName} ${user.lastName} <${user.email}>` },
    before: was,
    after: is,
  });
}

/** Saves the categories named; the others keep their setting. */
export function setPreferences(db: Db, user: SessionUser, input: NotificationPreferencesInput, audit: AuditContext): Promise<NotificationPreferences> {
  return withTenant(db, user.companyId, async (tx) => {
    const before = await preferencesOf(tx, user);
    await tx
      .insert(notificationPreferences)
      .values(input.items.map((p) => ({ userId: user.id, companyId: user.companyId, category: p.category, inApp: p.inApp, email: p.email, emailMode: p.emailMode })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.category],
        set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, emailMode: sql`excluded.email_mode`, updatedAt: sql`now()` },
      });
    const after = await preferencesOf(tx, user);
    await auditPreferences(tx, audit, user, 'user.notification_preferences_changed', before.items, after.items);
    return after;
  });
}

// ---- One-click unsubscribe (no session) ---------------------------------------------------------

const scopeLabel = (scope: UnsubscribeScope) => (scope === 'digest' ? 'Daily summary email' : NOTIFICATION_CATEGORY_LABELS[scope]);

/**
 * What an email's unsubscribe link names, and (with `apply`) turns that email off: one category,
 * or for `digest` every category the person gets in the daily digest. The token is the only
 * credential (HMAC with the app secret); the person's company is read from the token's user on
 * the owner connection, then the change is made in that company's tenant transaction, with its
 * audit event (the person is its actor: the link is theirs). `audit` is the request's side.
 */
export async function unsubscribe(db: Db, secret: string, token: string, apply: boolean, audit: AuditContext): Promise<UnsubscribeResult> {
  const named = readUnsubscribeToken(secret, token);
  if (!named) throw badRequest(NOTIFICATION_MESSAGES.invalidUnsubscribeLink);
  const [user] = await db
    .select({ id: users.id, companyId: users.companyId, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, named.userId));
  if (!user) throw notFound(NOTIFICATION_MESSAGES.unsubscribeLinkUnknown);
  return withTenant(db, user.companyId, async (tx) => {
    const prefs = (await preferencesOf(tx, user)).items;
    const concerned = named.scope === 'digest' ? prefs.filter((p) => p.email && p.emailMode === 'digest') : prefs.filter((p) => p.category === named.scope);
    const emailOn = concerned.some((p) => p.email);
    if (apply && emailOn) {
      await tx
        .insert(notificationPreferences)
        .values(concerned.map((p) => ({ userId: user.id, companyId: user.companyId, category: p.category, inApp: p.inApp, email: false, emailMode: p.emailMode })))
        .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.category], set: { email: false, updatedAt: sql`now()` } });
      const after = concerned.map((p) => ({ ...p, email: false }));
      await auditPreferences(tx, { ...audit, actor: actorOf(user) }, user, 'user.notifications_unsubscribed', concerned, after);
    }
    return { scope: named.scope, label: scopeLabel(named.scope), email: apply ? false : emailOn };
  });
}

// ---- The bell's live count ----------------------------------------------------------------------

/**
 * The caller's unread count as Server-Sent Events under the stream rule (platform/live.ts):
 * `unread` ({ count }) whenever a notification of theirs is written or marked, counted as they
 * may read now. Any signed-in user may hold it; the session is re-read before each delivery.
 */
export function notificationStream(c: Context<AppEnv>): Promise<Response> {
  const database = c.get('database');
  const recipient = c.get('user').id;
  return openLiveStream(c, {
    authorize: async () => {},
    wants: (e) => e.topic === NOTIFICATIONS_TOPIC && e.id === recipient,
    read: async (user) => {
      const data: UnreadEvent = { count: await unreadCount(database.db, user) };
      return { event: 'unread', data };
    },
  });
}
