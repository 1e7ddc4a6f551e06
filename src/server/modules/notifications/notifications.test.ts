import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@/shared/audit';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@/shared/notifications';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import type { DeliverableEmail } from '../../mail/outbox';
import { deliverPendingEmail } from '../../mail/sender';
import { fileTransport, type MailTransport } from '../../mail/transport';
import {
  notificationMailComposer,
  notify,
  readUnsubscribeToken,
  sendDailyDigests,
  unsubscribeToken,
  type NotifyInput,
} from '../../platform/notifications';
import { openStream } from '../../test/event-stream';
import { Client, createTestApp, ORIGIN, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';

/** The harness's signing key (test/harness.ts): the app checks the links the composer signs with it. */
const SECRET = 'test-secret-test-secret-test-secret!';
const log = pino({ level: 'silent' });

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

type Person = { id: string; email: string; client: Client };

/** A user of the company with HRMS (or the given products) at its entity, signed in. */
async function addPerson(company: typeof a, products: ('hrms' | 'crm')[] = ['hrms']): Promise<Person> {
  const email = uniqueEmail('notified');
  const res = await company.client.post('/users', {
    firstName: 'Nora',
    lastName: 'Tified',
    email,
    password: 'secret123',
    confirmPassword: 'secret123',
    access: products.map((p) => ({ productId: company.productIds[p], entityId: company.entityId, roleType: 'member' })),
  });
  if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
  const client = new Client(t);
  expect((await client.post('/auth/sign-in', { email, password: 'secret123' })).status).toBe(200);
  return { id: res.body.id, email, client };
}

let counter = 0;
/** notify() in a tenant transaction of the company, as a module's change would call it. */
function notifyNow(company: typeof a, recipients: string[], overrides: Partial<NotifyInput> = {}) {
  const input: NotifyInput = {
    companyId: company.companyId,
    actorId: company.userId,
    recipients,
    category: 'leave_requests',
    title: `Leave request ${++counter} to review`,
    url: `/hrms/leave-requests/${counter}`,
    product: 'hrms',
    entityId: company.entityId,
    ...overrides,
  };
  return withTenant(t.database.db, company.companyId, (tx) => notify(tx, input));
}

/** A transport that keeps what it is given. */
function memoryTransport(sent: (DeliverableEmail & { id: string })[]): MailTransport {
  return { kind: 'smtp', send: async (mail) => void sent.push(mail), close: () => {} };
}

const compose = (db: Db = t.database.db) => notificationMailComposer(db, { baseUrl: ORIGIN, secret: SECRET });

/** Delivers everything due (composing notification emails) until nothing is left. */
async function drain(transport: MailTransport, db: Db = t.database.db) {
  for (;;) {
    const { claimed } = await deliverPendingEmail(db, transport, log, { compose: compose(db) });
    if (claimed === 0) return;
  }
}

const outboxFor = (userEmail: string) =>
  t.sql<{ status: string; notification_id: string | null; digest_id: string | null; subject: string | null }>(
    'select status, notification_id, digest_id, subject from email_outbox where to_address = $1 order by created_at',
    [userEmail],
  );

const setPreference = (p: Person, category: NotificationCategory, inApp: boolean, email: boolean, emailMode: 'immediate' | 'digest' = 'immediate') =>
  p.client.request('PUT', '/me/notification-preferences', { items: [{ category, inApp, email, emailMode }] });

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['hrms', 'crm']);
  b = await signUpCompany(t, ['hrms', 'crm']);
}, 120_000);
afterAll(() => t.close());

describe('notify()', () => {
  it('notifies each recipient once, never the actor, nor someone without the product at the entity', async () => {
    const alice = await addPerson(a);
    const crmOnly = await addPerson(a, ['crm']);
    const notified = await notifyNow(a, [alice.id, alice.id.toUpperCase(), a.userId, crmOnly.id]);
    expect(notified).toEqual([alice.id]);
    const rows = await t.sql<{ user_id: string }>('select user_id from notifications where user_id = any($1)', [[alice.id, a.userId, crmOnly.id]]);
    expect(rows.map((r) => r.user_id)).toEqual([alice.id]);
    // The actor as the only recipient: nothing at all.
    expect(await notifyNow(a, [a.userId])).toEqual([]);
    // A super admin holds every product of the entity: notified when someone else acts.
    const bySomeoneElse = await notifyNow(a, [a.userId], { actorId: alice.id });
    expect(bySomeoneElse).toEqual([a.userId]);
  });

  it('follows the preferences: both off writes nothing; app off and email on emails without listing', async () => {
    const p = await addPerson(a);
    expect((await setPreference(p, 'leave_requests', false, false)).status).toBe(200);
    expect(await notifyNow(a, [p.id])).toEqual([]);
    expect(await t.sql('select 1 from notifications where user_id = $1', [p.id])).toHaveLength(0);
    expect(await outboxFor(p.email)).toHaveLength(0);

    expect((await setPreference(p, 'leave_requests', false, true)).status).toBe(200);
    expect(await notifyNow(a, [p.id])).toEqual([p.id]);
    expect((await p.client.get('/notifications')).body.items).toEqual([]);
    expect((await p.client.get('/notifications/unread-count')).body).toEqual({ count: 0 });
    expect(await outboxFor(p.email)).toMatchObject([{ status: 'pending', notification_id: expect.any(String) }]);

    // Another category keeps its defaults (in the app and by email).
    expect(await notifyNow(a, [p.id], { category: 'leave_decisions' })).toEqual([p.id]);
    expect((await p.client.get('/notifications/unread-count')).body).toEqual({ count: 1 });
  });

  it('is written with the change: a rolled-back change leaves no notification and no email', async () => {
    const p = await addPerson(a);
    await expect(
      withTenant(t.database.db, a.companyId, async (tx) => {
        await notify(tx, { companyId: a.companyId, actorId: a.userId, recipients: [p.id], category: 'tasks', title: 'Rolled back', url: '/x', product: 'hrms', entityId: a.entityId });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.sql('select 1 from notifications where user_id = $1', [p.id])).toHaveLength(0);
    expect(await outboxFor(p.email)).toHaveLength(0);
  });

  it('refuses a link to another site, and keeps titles to one clean line', async () => {
    const p = await addPerson(a);
    await expect(notifyNow(a, [p.id], { url: '//evil.example/x' })).rejects.toThrow(/path of the app/);
    await expect(notifyNow(a, [p.id], { url: 'https://evil.example/x' })).rejects.toThrow(/path of the app/);
    await notifyNow(a, [p.id], { title: 'Line one\nLine\u202e two\u0000' });
    expect((await p.client.get('/notifications')).body.items[0].title).toBe('Line one Line two');
  });
});

describe('the API: each person their own', () => {
  it('lists newest first in keyset pages, counts, marks one and all read; another person’s or company’s id is not found', async () => {
    const alice = await addPerson(a);
    const bob = await addPerson(a);
    await notifyNow(a, [alice.id], { title: 'First' });
    await notifyNow(a, [alice.id, bob.id], { title: 'Second' });
    await notifyNow(a, [alice.id], { title: 'Third', category: 'tasks' });

    const page1 = await alice.client.get('/notifications?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.items.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second']);
    expect(page1.body.items[0]).toEqual({
      id: expect.any(String),
      category: 'tasks',
      title: 'Third',
      url: expect.stringMatching(/^\/hrms\//),
      readAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const page2 = await alice.client.get(`/notifications?limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items.map((n: { title: string }) => n.title)).toEqual(['First']);
    expect(page2.body.nextCursor).toBeNull();
    expect((await alice.client.get('/notifications/unread-count')).body).toEqual({ count: 3 });
    expect((await bob.client.get('/notifications/unread-count')).body).toEqual({ count: 1 });

    const bobs = (await bob.client.get('/notifications')).body.items[0].id as string;
    const other = await addPerson(b);
    await notifyNow(b, [other.id]);
    const otherCompanys = (await other.client.get('/notifications')).body.items[0].id as string;
    for (const id of [bobs, otherCompanys, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await alice.client.post(`/notifications/${id}/read`, {});
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe('Notification not found');
    }
    // A's super admin cannot read B's notification either.
    expect((await a.client.post(`/notifications/${otherCompanys}/read`, {})).status).toBe(404);
    expect((await bob.client.get('/notifications/unread-count')).body).toEqual({ count: 1 });

    const first = page2.body.items[0].id as string;
    const read = await alice.client.post(`/notifications/${first.toUpperCase()}/read`, {});
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: first, readAt: expect.any(String) });
    // Again: no change.
    expect((await alice.client.post(`/notifications/${first}/read`, {})).body.readAt).toBe(read.body.readAt);
    expect((await alice.client.get('/notifications/unread-count')).body).toEqual({ count: 2 });
    expect((await alice.client.get('/notifications?unread=true')).body.items.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second']);

    expect((await alice.client.post('/notifications/read-all', {})).body).toEqual({ marked: 2 });
    expect((await alice.client.get('/notifications/unread-count')).body).toEqual({ count: 0 });
    // Bob's are his own.
    expect((await bob.client.get('/notifications/unread-count')).body).toEqual({ count: 1 });
    expect((await alice.client.post('/notifications/read-all', { everyone: true })).status).toBe(400);
  });

  it('preferences: every category with its default, saved per category, refused when malformed', async () => {
    const p = await addPerson(a);
    const initial = await p.client.get('/me/notification-preferences');
    expect(initial.status).toBe(200);
    expect(initial.body.items).toHaveLength(NOTIFICATION_CATEGORIES.length);
    expect(initial.body.items[0]).toEqual({ category: 'leave_requests', label: expect.any(String), inApp: true, email: true, emailMode: 'immediate' });
    const saved = await setPreference(p, 'tasks', true, true, 'digest');
    expect(saved.status).toBe(200);
    expect(saved.body.items.find((i: { category: string }) => i.category === 'tasks')).toMatchObject({ inApp: true, email: true, emailMode: 'digest' });
    expect(saved.body.items.find((i: { category: string }) => i.category === 'mentions')).toMatchObject({ emailMode: 'immediate' });
    const item = { category: 'tasks', inApp: true, email: true, emailMode: 'immediate' };
    for (const body of [{}, { items: [] }, { items: [item, item] }, { items: [{ ...item, category: 'nope' }] }, { items: [{ ...item, emailMode: 'weekly' }] }, { items: [item], userId: a.userId }]) {
      const res = await p.client.request('PUT', '/me/notification-preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // Nobody else's: the admin's own are untouched.
    expect((await a.client.get('/me/notification-preferences')).body.items.find((i: { category: string }) => i.category === 'tasks').emailMode).toBe('immediate');
  });
});

describe('the audit log', () => {
  /** The company's events of one action about one person, as its super admin reads the log. */
  const eventsAbout = async (company: typeof a, action: string, userId: string) =>
    ((await company.client.get(`/audit-events?action=${action}`)).body.items as AuditEvent[]).filter((e) => e.targetId === userId);

  it('records a change of preferences with the settings that changed; an unchanged save records nothing', async () => {
    const p = await addPerson(a);
    expect((await setPreference(p, 'tasks', true, true, 'digest')).status).toBe(200);
    const [event, ...more] = await eventsAbout(a, 'user.notification_preferences_changed', p.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      actorId: p.id,
      actorEmail: p.email,
      targetType: 'user',
      targetLabel: `Nora Tified <${p.email}>`,
      changes: [{ field: 'tasks.emailMode', before: 'immediate', after: 'digest' }],
    });

    // The same settings again: nothing changed, nothing recorded.
    expect((await setPreference(p, 'tasks', true, true, 'digest')).status).toBe(200);
    expect(await eventsAbout(a, 'user.notification_preferences_changed', p.id)).toHaveLength(1);
    // A refused save records nothing either.
    expect((await p.client.request('PUT', '/me/notification-preferences', { items: [{ category: 'tasks', inApp: false, email: true, emailMode: 'weekly' }] })).status).toBe(400);
    expect(await eventsAbout(a, 'user.notification_preferences_changed', p.id)).toHaveLength(1);
    // Another company's log does not hold it.
    expect(await eventsAbout(b, 'user.notification_preferences_changed', p.id)).toEqual([]);
  });

  it('records an unsubscribe by link with the person as its actor; asking (GET), a second click and a tampered link record nothing', async () => {
    const p = await addPerson(a);
    expect((await setPreference(p, 'interviews', true, true, 'digest')).status).toBe(200);
    expect((await setPreference(p, 'mentions', true, true, 'digest')).status).toBe(200);
    const url = `/api/notifications/unsubscribe?token=${unsubscribeToken(SECRET, p.id, 'digest')}`;

    expect((await t.app.request(url)).status).toBe(200);
    const tampered = `/api/notifications/unsubscribe?token=${unsubscribeToken('another-secret-another-secret-12', p.id, 'digest')}`;
    expect((await t.app.request(tampered, { method: 'POST' })).status).toBe(400);
    expect(await eventsAbout(a, 'user.notifications_unsubscribed', p.id)).toEqual([]);

    const res = await t.app.request(url, { method: 'POST', headers: { 'user-agent': 'MailProvider/1.0' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    const [event, ...more] = await eventsAbout(a, 'user.notifications_unsubscribed', p.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ actorId: p.id, actorEmail: p.email, userAgent: 'MailProvider/1.0', targetType: 'user' });
    // The digest link turned off the email of both digest categories, and nothing else.
    expect(event!.changes).toEqual([
      { field: 'interviews.email', before: true, after: false },
      { field: 'mentions.email', before: true, after: false },
    ]);

    expect((await t.app.request(url, { method: 'POST' })).status).toBe(200);
    expect(await eventsAbout(a, 'user.notifications_unsubscribed', p.id)).toHaveLength(1);
  });
});

/** The database's refusal, through drizzle's wrapping. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (e) {
    let current: unknown = e;
    const messages: string[] = [];
    for (let depth = 0; current && depth < 5; depth++) {
      messages.push(String((current as Error).message));
      current = (current as { cause?: unknown }).cause;
    }
    return messages.join(' | ');
  }
  return 'accepted';
}

describe('row-level security and grants', () => {
  it('the app role sees its company’s notifications only, may change only read_at, deletes none and has no access to digests', async () => {
    const p = await addPerson(a);
    const q = await addPerson(b);
    await notifyNow(a, [p.id]);
    await notifyNow(b, [q.id]);
    const asA = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database.db, a.companyId, work);
    const seen = await asA((tx) => tx.execute<{ company_id: string }>(sql`select distinct company_id from notifications`));
    expect(seen.rows.map((r) => r.company_id)).toEqual([a.companyId]);
    const bPrefs = await asA((tx) => tx.execute(sql`select 1 from notification_preferences where company_id = ${b.companyId}`));
    expect(bPrefs.rows).toEqual([]);
    expect(await refusal(asA((tx) => tx.execute(sql`update notifications set title = 'changed' where user_id = ${p.id}`)))).toMatch(/permission denied/);
    expect(await refusal(asA((tx) => tx.execute(sql`delete from notifications where user_id = ${p.id}`)))).toMatch(/permission denied/);
    expect(await refusal(asA((tx) => tx.execute(sql`select 1 from notification_digests`)))).toMatch(/permission denied/);
    expect(await refusal(asA((tx) => tx.execute(sql`select 1 from email_outbox`)))).toMatch(/permission denied/);
    expect(
      await refusal(
        asA((tx) => tx.execute(sql`insert into notifications (company_id, user_id, category, title, url) values (${b.companyId}, ${q.id}, 'tasks', 'forged', '/x')`)),
      ),
    ).toMatch(/row-level security/);
    // B's notification untouched, and marking read is allowed for one's own.
    expect(await t.sql('select title from notifications where user_id = $1', [q.id])).toHaveLength(1);
    const marked = await asA((tx) => tx.execute(sql`update notifications set read_at = now() where user_id = ${q.id} returning id`));
    expect(marked.rows).toEqual([]);
  });
});

describe('the stream rule at delivery', () => {
  it('a recipient who loses the product between the notification and its delivery sees nothing and is not emailed', async () => {
    const p = await addPerson(a, ['hrms', 'crm']);
    await notifyNow(a, [p.id], { title: 'About to be unreadable' });
    expect((await p.client.get('/notifications/unread-count')).body).toEqual({ count: 1 });
    const id = (await p.client.get('/notifications')).body.items[0].id as string;
    const [pending] = await outboxFor(p.email);
    expect(pending).toMatchObject({ status: 'pending' });

    // The HRMS grant is taken away (CRM kept).
    const patched = await a.client.patch(`/users/${p.id}`, { access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'member' }] });
    expect(patched.status).toBe(200);

    expect((await p.client.get('/notifications')).body.items).toEqual([]);
    expect((await p.client.get('/notifications/unread-count')).body).toEqual({ count: 0 });
    expect((await p.client.post(`/notifications/${id}/read`, {})).status).toBe(404);

    const sent: (DeliverableEmail & { id: string })[] = [];
    await drain(memoryTransport(sent));
    expect(sent.filter((m) => m.to === p.email)).toEqual([]);
    expect(await outboxFor(p.email)).toMatchObject([{ status: 'skipped' }]);

    // Given back: it is there again (the record is readable again).
    await a.client.patch(`/users/${p.id}`, { access: [{ productId: a.productIds.hrms, entityId: a.entityId, roleType: 'viewer' }] });
    expect((await p.client.get('/notifications/unread-count')).body).toEqual({ count: 1 });
  });

  it('a deactivated recipient is not emailed', async () => {
    const p = await addPerson(a);
    await notifyNow(a, [p.id]);
    expect((await a.client.post(`/users/${p.id}/deactivate`, {})).status).toBeLessThan(300);
    await drain(memoryTransport([]));
    expect(await outboxFor(p.email)).toMatchObject([{ status: 'skipped' }]);
  });

  it('the live count reaches the recipient’s open stream, and only theirs', async () => {
    const p = await addPerson(a);
    const other = await addPerson(a);
    const stream = await openStream(t.app, p.client, '/notifications/stream');
    const otherStream = await openStream(t.app, other.client, '/notifications/stream');
    try {
      await notifyNow(a, [p.id]);
      expect(await stream.next()).toEqual({ event: 'unread', data: { count: 1 } });
      await notifyNow(a, [p.id]);
      expect(await stream.next()).toEqual({ event: 'unread', data: { count: 2 } });
      await p.client.post('/notifications/read-all', {});
      expect(await stream.next()).toEqual({ event: 'unread', data: { count: 0 } });
      // The other person's stream heard nothing of it: their first message is their own.
      await notifyNow(a, [other.id]);
      expect(await otherStream.next()).toEqual({ event: 'unread', data: { count: 1 } });
    } finally {
      await stream.close();
      await otherStream.close();
    }
  });
});

describe('email', () => {
  it('is composed at delivery from React Email: HTML and text, the company, the link, and one-click unsubscribe headers', async () => {
    const p = await addPerson(a);
    await notifyNow(a, [p.id], { title: 'Ada Lovelace asked for leave', url: '/hrms/leave-requests/abc' });
    const dir = await mkdtemp(join(tmpdir(), 'notify-outbox-'));
    try {
      await drain(fileTransport(dir, 'WorkSphere <no-reply@localhost>', log));
      let raw = '';
      for (const f of await readdir(dir)) {
        const text = await readFile(join(dir, f), 'utf8');
        if (text.includes(p.email)) raw = text;
      }
      // Folded headers and the quoted-printable parts undone, so links read whole.
      const end = raw.search(/\r?\n\r?\n/);
      const headers = raw.slice(0, end).replace(/\r?\n[ \t]+/g, ' ');
      const body = raw.slice(end).replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      const decoded = `${headers}\n${body}`;
      expect(decoded).toMatch(/^Subject: Ada Lovelace asked for leave$/m);
      expect(decoded).toMatch(/multipart\/alternative/);
      expect(decoded).toMatch(/Content-Type: text\/plain/);
      expect(decoded).toMatch(/Content-Type: text\/html/);
      expect(decoded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      const header = /^List-Unsubscribe: <(http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=([A-Za-z0-9._-]+))>$/m.exec(decoded);
      expect(header).not.toBeNull();
      expect(readUnsubscribeToken(SECRET, header![2]!)).toEqual({ userId: p.id, scope: 'leave_requests' });
      expect(decoded).toContain('http://localhost:3000/hrms/leave-requests/abc');
      const company = (await t.sql<{ name: string }>('select name from companies where id = $1', [a.companyId]))[0]!.name;
      expect(decoded).toContain(company);
      expect(decoded).toMatch(/<html/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('one-click unsubscribe: a POST without a session or Origin turns that category’s email off; GET only asks; a tampered token is refused', async () => {
    const p = await addPerson(a);
    const token = unsubscribeToken(SECRET, p.id, 'leave_requests');
    const url = `/api/notifications/unsubscribe?token=${token}`;

    const page = await t.app.request(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<form method="post"');
    expect((await p.client.get('/me/notification-preferences')).body.items[0]).toMatchObject({ category: 'leave_requests', email: true });

    for (const bad of [`${token.slice(0, -2)}AA`, token.replace('leave_requests', 'tasks'), token.replace(p.id, a.userId), 'x', `${token}.x`, unsubscribeToken('another-secret-another-secret-12', p.id, 'leave_requests')]) {
      const res = await t.app.request(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`, { method: 'POST' });
      expect(res.status, bad).toBe(400);
    }
    const gone = await t.app.request(`/api/notifications/unsubscribe?token=${unsubscribeToken(SECRET, '00000000-0000-4000-8000-000000000000', 'tasks')}`, { method: 'POST' });
    expect(gone.status).toBe(404);
    expect((await t.app.request('/api/notifications/unsubscribe', { method: 'POST' })).status).toBe(400);

    // As a mail provider sends it (RFC 8058): a form body, no cookie, no Origin.
    const res = await t.app.request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ scope: 'leave_requests', label: expect.any(String), email: false });
    const prefs = (await p.client.get('/me/notification-preferences')).body.items;
    expect(prefs.find((i: { category: string }) => i.category === 'leave_requests')).toMatchObject({ inApp: true, email: false });
    expect(prefs.find((i: { category: string }) => i.category === 'tasks')).toMatchObject({ email: true });

    // From now on: in the app, not by email.
    await notifyNow(a, [p.id]);
    expect((await p.client.get('/notifications/unread-count')).body).toEqual({ count: 1 });
    expect(await outboxFor(p.email)).toEqual([]);

    // Twice is fine; a browser's form gets a page.
    const again = await t.app.request(url, { method: 'POST', headers: { accept: 'text/html' } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Unsubscribed');
  });

  it('an email queued before the person unsubscribed is not sent', async () => {
    const p = await addPerson(a);
    await notifyNow(a, [p.id], { category: 'mentions' });
    await t.app.request(`/api/notifications/unsubscribe?token=${unsubscribeToken(SECRET, p.id, 'mentions')}`, { method: 'POST' });
    const sent: (DeliverableEmail & { id: string })[] = [];
    await drain(memoryTransport(sent));
    expect(sent.filter((m) => m.to === p.email)).toEqual([]);
    expect(await outboxFor(p.email)).toMatchObject([{ status: 'skipped' }]);
  });
});

describe('the daily digest', () => {
  it('is sent once per person and day, even by two server processes at once, with the unread digest-mode notifications', async () => {
    const p = await addPerson(a);
    const q = await addPerson(a);
    for (const person of [p, q]) expect((await setPreference(person, 'leave_requests', true, true, 'digest')).status).toBe(200);
    await notifyNow(a, [p.id, q.id], { title: 'Digest one' });
    await notifyNow(a, [p.id], { title: 'Digest two' });
    await notifyNow(a, [p.id], { title: 'Read before the digest' });
    const readFirst = (await p.client.get('/notifications')).body.items.find((n: { title: string }) => n.title === 'Read before the digest').id;
    await p.client.post(`/notifications/${readFirst}/read`, {});
    // Not emailed immediately.
    expect(await outboxFor(p.email)).toEqual([]);

    const now = new Date();
    // Before the hour: nothing.
    expect(await sendDailyDigests(t.database.db, { now, hourUtc: 24 })).toEqual({ digests: 0 });
    const peerDb = (await t.peerDatabase()).db;
    const rounds = await Promise.all([
      sendDailyDigests(t.database.db, { now, hourUtc: 0 }),
      sendDailyDigests(peerDb, { now, hourUtc: 0 }),
      sendDailyDigests(t.database.db, { now, hourUtc: 0 }),
      sendDailyDigests(peerDb, { now, hourUtc: 0 }),
    ]);
    expect(rounds.reduce((n, r) => n + r.digests, 0)).toBeGreaterThanOrEqual(2);
    for (const person of [p, q]) {
      expect(await t.sql('select 1 from notification_digests where user_id = $1', [person.id])).toHaveLength(1);
      expect(await outboxFor(person.email)).toMatchObject([{ status: 'pending', digest_id: expect.any(String) }]);
    }
    // Later the same day, with a new notification: no second digest today.
    await notifyNow(a, [p.id], { title: 'After the digest' });
    expect((await sendDailyDigests(t.database.db, { now: new Date(), hourUtc: 0 })).digests).toBe(0);
    expect(await outboxFor(p.email)).toHaveLength(1);

    const sent: (DeliverableEmail & { id: string })[] = [];
    await Promise.all([drain(memoryTransport(sent)), drain(memoryTransport(sent), peerDb)]);
    const mine = sent.filter((m) => m.to === p.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toMatch(/2 updates/);
    expect(mine[0]!.text).toContain('Digest one');
    expect(mine[0]!.text).toContain('Digest two');
    expect(mine[0]!.text).not.toContain('Read before the digest');
    expect(mine[0]!.text).not.toContain('After the digest');
    expect(mine[0]!.html).toContain('Digest two');
    expect(mine[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = /token=([A-Za-z0-9._-]+)>/.exec(mine[0]!.headers!['List-Unsubscribe']!)![1]!;
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId: p.id, scope: 'digest' });
    expect(sent.filter((m) => m.to === q.email)).toHaveLength(1);

    // Tomorrow's digest takes what came after today's.
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    tomorrow.setUTCHours(12);
    expect((await sendDailyDigests(t.database.db, { now: tomorrow, hourUtc: 0 })).digests).toBe(1);
    const later: (DeliverableEmail & { id: string })[] = [];
    await drain(memoryTransport(later));
    expect(later.filter((m) => m.to === p.email).map((m) => m.subject)).toEqual([expect.stringMatching(/1 update /)]);

    // The digest's link turns off every category emailed in the digest.
    const off = await t.app.request(`/api/notifications/unsubscribe?token=${token}`, { method: 'POST' });
    expect(await off.json()).toMatchObject({ scope: 'digest', email: false });
    expect((await p.client.get('/me/notification-preferences')).body.items.find((i: { category: string }) => i.category === 'leave_requests')).toMatchObject({ email: false });
  });

  it('sends nothing to someone who lost access before it went out', async () => {
    const p = await addPerson(a, ['hrms', 'crm']);
    await setPreference(p, 'interviews', true, true, 'digest');
    await notifyNow(a, [p.id], { category: 'interviews' });
    expect((await sendDailyDigests(t.database.db, { hourUtc: 0 })).digests).toBeGreaterThanOrEqual(1);
    await a.client.patch(`/users/${p.id}`, { access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'member' }] });
    const sent: (DeliverableEmail & { id: string })[] = [];
    await drain(memoryTransport(sent));
    expect(sent.filter((m) => m.to === p.email)).toEqual([]);
    expect(await outboxFor(p.email)).toMatchObject([{ status: 'skipped' }]);
  });
});
