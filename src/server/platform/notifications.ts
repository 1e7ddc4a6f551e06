import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  isNotificationCategory,
  NOTIFICATION_CATEGORY_LABELS,
  type NotificationCategory,
} from '@/shared/notifications';
import type { ProductType } from '@/shared/products';
import { isUuid } from '@/shared/uuid';
import type { Db } from '../db/client';
import { notificationDigests, notifications } from '../db/schema';
import type { Tx } from '../db/tenant';
import { tenantConnectionOf } from '../db/tenant-pg';
import { enqueueDeferredEmails, type CalendarPart } from '../mail/outbox';
import type { ComposeEmail } from '../mail/sender';
import { MODULE_EVENTS_CHANNEL, type ModuleEvent } from './events';
import { runPeriodically } from './periodic';
import { textArray, uuidArray } from './sql';

/*
 * The notification platform (issue 33).
 *
 * - `notify(tx, …)` is called by a module in the transaction of the change that causes it, like
 *   recordEvent and enqueueEmail: the rows, their emails (outbox references) and the live count's
 *   event commit or roll back with the change. Never for the actor, once per recipient, per the
 *   recipient's preferences, and only for recipients who may read the record now.
 * - The stream rule at delivery: a notification is listed, counted, marked and emailed only while
 *   its recipient is active and still holds its product at its entity (a super admin: while the
 *   entity holds it; for HRMS also while they are its current employee). `canReadRecord` is that condition, used by the list, the count, the email
 *   composer and the digest.
 * - Emails are composed by the mail sender when it delivers them (`notificationMailComposer`),
 *   with a one-click unsubscribe link signed with the app secret (RFC 8058).
 * - The daily digest (`sendDailyDigests`) is claimed per person and day by a unique row, so two
 *   server processes send it once.
 */

/** Live events on the recipient's topic: `id` is the recipient, the stream sends their new unread count. */
export const NOTIFICATIONS_TOPIC = 'notifications.user';

export interface NotifyInput {
  companyId: string;
  /** Who caused it: never notified. Null for the system (a reminder). */
  actorId: string | null;
  /** Users to tell; duplicates, the actor and those who may not read the record are dropped. */
  recipients: readonly string[];
  category: NotificationCategory;
  /** One line: what happened ("Ada Lovelace asked for leave from 3 March to 7 March"). */
  title: string;
  /** The record's path in the web app, starting with `/`. */
  url: string;
  /** The record's product and entity: the recipient must hold the product there. Omitted: company-wide. */
  product?: ProductType;
  entityId?: string;
  record?: { type: string; id: string };
  /** A calendar file for its emails (an interview's invitation), as it is at this change. */
  calendar?: CalendarPart;
}

const MAX_TITLE = 300;
const MAX_URL = 1000;

/** One line of plain text: controls and format characters out, spaces folded, length bounded. */
const cleanTitle = (title: string) => {
  const line = title
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > MAX_TITLE ? `${line.slice(0, MAX_TITLE - 1)}…` : line;
};

/** A path of this app (`/hrms/…`): never another site (`//evil`, `https:`), so an email's link stays ours. */
const appPath = (url: string) => {
  if (!/^\/(?![/\\])[^\s\p{Cc}]*$/u.test(url) || url.length > MAX_URL) throw new Error(`notify: url must be a path of the app, got ${JSON.stringify(url.slice(0, 100))}`);
  return url;
};

/**
 * Whether a user may read a record of `product` at `entityId` now: they hold the product there
 * (any role), or they are a super admin and the entity holds it, or, for HRMS, they are a current
 * employee of the entity (self-service, decision 012: a manager deciding leave, an employee's own
 * onboarding tasks and payslips, without a grant). A null product is company-wide.
 * `userId` and `isSuperAdmin` are SQL expressions of the reader (a column or a parameter).
 * The employee check is a SECURITY DEFINER function (migration 0037): the list and the count run
 * without app.entity_ids and the email composer on the owner connection, and hrms_employees is
 * under row-level security by entity.
 */
export function canReadRecord(reader: { userId: SQL; isSuperAdmin: SQL }, product: SQL, entityId: SQL): SQL {
  return sql`(${product} is null
    or exists (select 1 from user_product_access a join products p on p.id = a.product_id
               where a.user_id = ${reader.userId} and a.entity_id = ${entityId} and p.type = ${product})
    or (${reader.isSuperAdmin} and exists (select 1 from entity_product_access a join products p on p.id = a.product_id
               where a.entity_id = ${entityId} and p.type = ${product}))
    or (${product} = 'hrms' and app_is_current_employee(${reader.userId}, ${entityId})))`;
}

/** The condition on a `notifications n` row read by the user of a row `u` (joined). */
const readableByUserRow = canReadRecord({ userId: sql`u.id`, isSuperAdmin: sql`u.role = 'super_admin'` }, sql`n.product`, sql`n.entity_id`);

/**
 * Tells each recipient, in the caller's transaction (the change's: the module's withModuleScope
 * or withTenant). Returns the users notified. Recipients are dropped when they are the actor,
 * not active users of the company, may not read the record (product at entity), or turned both
 * the app and email off for the category. Each row remembers how it is emailed (immediately: an
 * outbox reference now; digest: the daily job), so a later change of preference does not resend.
 */
export async function notify(tx: Tx, input: NotifyInput): Promise<string[]> {
  if (!isNotificationCategory(input.category)) throw new Error(`notify: unknown category ${String(input.category)}`);
  if ((input.product === undefined) !== (input.entityId === undefined)) throw new Error('notify: product and entityId go together');
  const url = appPath(input.url);
  const title = cleanTitle(input.title);
  const actor = input.actorId?.toLowerCase() ?? null;
  const ids = [...new Set(input.recipients.map((r) => r.toLowerCase()))].filter((id) => isUuid(id) && id !== actor);
  if (ids.length === 0) return [];
  const product = input.product ?? null;
  const entityId = input.entityId ?? null;
  const { rows } = await tx.execute<{ id: string; email: string; in_app: boolean; email_on: boolean; email_mode: 'immediate' | 'digest' }>(sql`
    select u.id, u.email, coalesce(p.in_app, true) as in_app, coalesce(p.email, true) as email_on,
           coalesce(p.email_mode, 'immediate') as email_mode
    from users u
    left join notification_preferences p on p.user_id = u.id and p.category = ${input.category}
    where u.id = any(${uuidArray(ids)}) and u.company_id = ${input.companyId} and u.status = 'active'
      and ${canReadRecord({ userId: sql`u.id`, isSuperAdmin: sql`u.role = 'super_admin'` }, sql`${product}::text`, sql`${entityId}::uuid`)}`);
  const targets = rows.filter((r) => r.in_app || r.email_on);
  if (targets.length === 0) return [];
  const inserted = await tx
    .insert(notifications)
    .values(
      targets.map((r) => ({
        companyId: input.companyId,
        userId: r.id,
        actorId: actor,
        category: input.category,
        title,
        url,
        product,
        entityId,
        recordType: input.record?.type.slice(0, 100) ?? null,
        recordId: input.record && isUuid(input.record.id) ? input.record.id : null,
        inApp: r.in_app,
        emailMode: r.email_on ? r.email_mode : null,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  const target = new Map(targets.map((r) => [r.id, r]));
  await enqueueDeferredEmails(
    tx,
    input.companyId,
    inserted.filter((n) => target.get(n.userId)?.email_on && target.get(n.userId)?.email_mode === 'immediate').map((n) => ({ to: target.get(n.userId)!.email, notificationId: n.id })),
    input.calendar,
  );
  await publishUnreadChanged(tx, input.companyId, targets.filter((r) => r.in_app).map((r) => r.id));
  return targets.map((r) => r.id);
}

/**
 * Tells the recipients' open streams (their bells) that their unread count changed, when the
 * transaction commits (pg_notify, like publishEvent, one statement for all of them). Ids only: each
 * stream counts again as its caller may read now.
 */
export async function publishUnreadChanged(tx: Pick<Tx, 'execute'>, companyId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const payloads = userIds.map((id) => JSON.stringify({ topic: NOTIFICATIONS_TOPIC, kind: 'unread', companyId, entityId: companyId, id } satisfies ModuleEvent));
  // Nobody reads its result: on PostgreSQL it goes with the commit (db/tenant-pg.ts).
  const connection = tenantConnectionOf(tx as Tx);
  if (connection) return connection.defer({ text: 'select pg_notify($1, payload) from unnest($2::text[]) as payload', values: [MODULE_EVENTS_CHANNEL, payloads] });
  await tx.execute(sql`select pg_notify(${MODULE_EVENTS_CHANNEL}, payload) from unnest(${textArray(payloads)}) as payload`);
}

// ---- One-click unsubscribe (RFC 8058) ---------------------------------------------------------

/** A category, or the daily digest (every category emailed in it). */
export type UnsubscribeScope = NotificationCategory | 'digest';

/** The key of the unsubscribe links, derived from the app secret for this use only. */
const unsubscribeKey = (secret: string) => createHmac('sha256', secret).update('worksphere:notifications:unsubscribe:v1').digest();

const sign = (secret: string, payload: string) => createHmac('sha256', unsubscribeKey(secret)).update(payload).digest();

/**
 * `<user id>.<scope>.<HMAC-SHA256>`: names who and what, and works without a session, without
 * expiry (an old email's link still unsubscribes) and only for that person and scope.
 */
export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope): string {
  const payload = `${userId.toLowerCase()}.${scope}`;
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** Who and what a token names, or null when it is not one we signed. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; scope: UnsubscribeScope } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, scope, mac] = parts as [string, string, string];
  if (!isUuid(userId) || userId !== userId.toLowerCase() || !(scope === 'digest' || isNotificationCategory(scope))) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = sign(secret, `${userId}.${scope}`);
  // base64url decoding skips stray characters: only the canonical spelling is ours.
  if (given.length !== expected.length || given.toString('base64url') !== mac || !timingSafeEqual(given, expected)) return null;
  return { userId, scope };
}

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

// ---- Emails, composed at delivery -----------------------------------------------------------

export interface NotificationMailSettings {
  /** The app's address (APP_URL): links in emails are absolute. */
  baseUrl: string;
  /** The app secret (AUTH_SECRET): signs the unsubscribe links. */
  secret: string;
}

/** React Email is loaded with the first notification email, not at start-up (it takes a second or more). */
let templates: Promise<typeof import('../mail/notification-email')> | undefined;
const loadTemplates = () => (templates ??= import('../mail/notification-email'));

const links = (settings: NotificationMailSettings, userId: string, scope: UnsubscribeScope) => {
  const unsubscribeUrl = `${settings.baseUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(settings.secret, userId, scope)}`;
  return {
    unsubscribeUrl,
    preferencesUrl: `${settings.baseUrl}/account`,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
};

/**
 * The mail sender's composer for notification emails and digests (mail/sender.ts). Runs on the
 * owner connection, outside any transaction. It reads each message's notification or digest as
 * it is now and answers null (the row ends `skipped`) when the recipient is no longer active,
 * may no longer read the record, or has turned that email off since.
 */
export function notificationMailComposer(db: Db, settings: NotificationMailSettings): ComposeEmail {
  return async (message) => {
    if (message.notificationId) return composeNotification(db, settings, message.notificationId);
    if (message.digestId) return composeDigest(db, settings, message.digestId);
    return null;
  };
}

async function composeNotification(db: Db, settings: NotificationMailSettings, notificationId: string) {
  const { rows } = await db.execute<{ category: NotificationCategory; title: string; url: string; user_id: string; email: string; first_name: string; company_name: string }>(sql`
    select n.category, n.title, n.url, u.id as user_id, u.email, u.first_name, c.name as company_name
    from notifications n
    join users u on u.id = n.user_id
    join companies c on c.id = n.company_id
    left join notification_preferences p on p.user_id = n.user_id and p.category = n.category
    where n.id = ${notificationId} and u.status = 'active' and coalesce(p.email, true) and ${readableByUserRow}`);
  const row = rows[0];
  if (!row) return null;
  const { renderNotificationEmail } = await loadTemplates();
  const link = links(settings, row.user_id, row.category);
  const rendered = await renderNotificationEmail({
    companyName: row.company_name,
    firstName: row.first_name,
    title: row.title,
    categoryLabel: NOTIFICATION_CATEGORY_LABELS[row.category],
    url: `${settings.baseUrl}${row.url}`,
    unsubscribeUrl: link.unsubscribeUrl,
    preferencesUrl: link.preferencesUrl,
  });
  return { to: row.email, ...rendered, headers: link.headers };
}

/** The most notifications one digest lists (the rest are in the app). */
const DIGEST_ITEMS = 50;

async function composeDigest(db: Db, settings: NotificationMailSettings, digestId: string) {
  const { rows: people } = await db.execute<{ user_id: string; email: string; first_name: string; company_name: string }>(sql`
    select u.id as user_id, u.email, u.first_name, c.name as company_name
    from notification_digests d join users u on u.id = d.user_id join companies c on c.id = d.company_id
    where d.id = ${digestId} and u.status = 'active'`);
  const person = people[0];
  if (!person) return null;
  const { rows: items } = await db.execute<{ category: NotificationCategory; title: string; url: string }>(sql`
    select n.category, n.title, n.url
    from notifications n
    join users u on u.id = n.user_id
    left join notification_preferences p on p.user_id = n.user_id and p.category = n.category
    where n.digest_id = ${digestId} and n.read_at is null and coalesce(p.email, true) and ${readableByUserRow}
    order by n.created_at, n.id
    limit ${DIGEST_ITEMS}`);
  if (items.length === 0) return null;
  const { renderDigestEmail } = await loadTemplates();
  const link = links(settings, person.user_id, 'digest');
  const rendered = await renderDigestEmail({
    companyName: person.company_name,
    firstName: person.first_name,
    items: items.map((i) => ({ title: i.title, categoryLabel: NOTIFICATION_CATEGORY_LABELS[i.category], url: `${settings.baseUrl}${i.url}` })),
    unsubscribeUrl: link.unsubscribeUrl,
    preferencesUrl: link.preferencesUrl,
  });
  return { to: person.email, ...rendered, headers: link.headers };
}

// ---- The daily digest -------------------------------------------------------------------------

/** Digests go out from this hour (UTC) of each day on: people have no time zone of their own yet. */
export const DIGEST_HOUR_UTC = 7;

export interface DigestOptions {
  /** The moment of this round (tests). */
  now?: Date;
  /** The hour (UTC) from which the day's digests are sent. */
  hourUtc?: number;
  /** People per round. */
  batch?: number;
}

/**
 * One round of the daily digest, on the owner connection: each person with unread digest-mode
 * notifications not yet in a digest, and no digest today, gets one. The claim is a row unique per
 * person and UTC day, inserted with `on conflict do nothing` in the same transaction as the
 * notifications it takes and the outbox reference: of two processes, the second waits on the
 * first's row and then inserts nothing, so each person gets one digest a day, and a crash after
 * the commit loses nothing (the outbox). Returns how many digests were claimed.
 */
export async function sendDailyDigests(db: Db, options: DigestOptions = {}): Promise<{ digests: number }> {
  const now = options.now ?? new Date();
  const { hourUtc = DIGEST_HOUR_UTC, batch = 100 } = options;
  if (now.getUTCHours() < hourUtc) return { digests: 0 };
  const day = now.toISOString().slice(0, 10);
  // Notifications up to this round, in the database's microseconds: the first instant after this
  // millisecond, compared with `<`, so one written in the same millisecond as `now` is taken.
  const cutoff = new Date(now.getTime() + 1).toISOString();
  let digests = 0;
  for (let round = 0; round < 50; round++) {
    const { rows: people } = await db.execute<{ user_id: string; company_id: string; email: string }>(sql`
      select n.user_id, n.company_id, u.email
      from notifications n join users u on u.id = n.user_id
      where n.email_mode = 'digest' and n.digest_id is null and n.read_at is null and n.created_at < ${cutoff}::timestamptz
        and u.status = 'active'
        and not exists (select 1 from notification_digests d where d.user_id = n.user_id and d.day = ${day}::date)
      group by n.user_id, n.company_id, u.email
      limit ${batch}`);
    for (const person of people) if (await claimDigest(db, person, day, cutoff)) digests++;
    if (people.length < batch) break;
  }
  return { digests };
}

async function claimDigest(db: Db, person: { user_id: string; company_id: string; email: string }, day: string, cutoff: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .insert(notificationDigests)
      .values({ companyId: person.company_id, userId: person.user_id, day })
      .onConflictDoNothing({ target: [notificationDigests.userId, notificationDigests.day] })
      .returning({ id: notificationDigests.id });
    if (!claim) return false; // another process has today's
    const { rows: taken } = await tx.execute<{ id: string }>(sql`
      update notifications set digest_id = ${claim.id}
      where user_id = ${person.user_id} and email_mode = 'digest' and digest_id is null and read_at is null and created_at < ${cutoff}::timestamptz
      returning id`);
    if (taken.length === 0) {
      // Read in the meantime: no digest today after all (one may still come later today).
      await tx.delete(notificationDigests).where(sql`${notificationDigests.id} = ${claim.id}`);
      return false;
    }
    await enqueueDeferredEmails(tx, person.company_id, [{ to: person.email, digestId: claim.id }]);
    return true;
  });
}

/**
 * The server's digest job: a round every `intervalMs` (never overlapping), in every process; the
 * claim makes that safe. Returns a stop function that waits for the round in flight.
 */
export function scheduleNotificationDigests(db: Db, log: Logger, intervalMs = 5 * 60_000, options: Omit<DigestOptions, 'now'> = {}) {
  return runPeriodically(log, 'digest round failed', intervalMs, async () => {
    const { digests } = await sendDailyDigests(db, options);
    if (digests > 0) log.info({ event: 'digests_queued', digests }, 'daily digests queued');
  });
}
