import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PRODUCT_NAME } from '@/shared/brand';
import {
  markedRead,
  NOTIFICATION_MESSAGES,
  notificationItem,
  notificationListQuery,
  notificationPage,
  notificationPreferences,
  notificationPreferencesInput,
  unreadCount,
  unsubscribeQuery,
  unsubscribeResult,
  type UnsubscribeResult,
} from '@/shared/notifications';
import { noFields } from '@/shared/sessions';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { notFound } from '../../http/errors';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { getPreferences, listNotifications, markAllRead, markRead, notificationStream, setPreferences, unreadCount as countUnread, unsubscribe } from './service';

const tags: ['Notifications'] = ['Notifications'];

const list = defineRoute('user', {
  method: 'get',
  path: '/notifications',
  tags,
  summary: "The signed-in user's notifications, newest first (keyset pages)",
  description:
    'Only the notifications the caller may still read: one pointing to a record of a product they no longer hold at its entity is left out (and answers 404 by id). `url` is the record\'s path in the web app.',
  request: { query: notificationListQuery },
  responses: { 200: jsonContent(notificationPage) },
});

const count = defineRoute('user', {
  method: 'get',
  path: '/notifications/unread-count',
  tags,
  summary: 'How many of the signed-in user’s notifications are unread (the bell)',
  responses: { 200: jsonContent(unreadCount) },
});

const stream = defineRoute('user', {
  method: 'get',
  path: '/notifications/stream',
  tags,
  summary: 'The unread count, live (Server-Sent Events)',
  description:
    'A `text/event-stream`: `ready` once listening (then read `GET /api/notifications/unread-count`); `unread` with `{ count }` whenever a notification of the caller is written or marked read, counted as they may read at that moment; `reset` when events may have been missed (count again). A comment line every 20 s keeps the connection. Works across server processes (PostgreSQL LISTEN/NOTIFY).',
  responses: {
    200: { content: { 'text/event-stream': { schema: z.string().meta({ description: 'Server-Sent Events' }) } }, description: 'The event stream' },
  },
});

const readOne = defineRoute('user', {
  method: 'post',
  path: '/notifications/{id}/read',
  tags,
  summary: 'Mark one of your notifications read',
  request: { params: idParams, body: jsonBody(noFields) },
  responses: { 200: jsonContent(notificationItem), 404: errorContent(NOTIFICATION_MESSAGES.notFound) },
});

const readAll = defineRoute('user', {
  method: 'post',
  path: '/notifications/read-all',
  tags,
  summary: 'Mark all your notifications read',
  request: { body: jsonBody(noFields) },
  responses: { 200: jsonContent(markedRead) },
});

const preferences = defineRoute('user', {
  method: 'get',
  path: '/me/notification-preferences',
  tags,
  summary: 'Your notification preferences: per category, in the app and by email (immediately or in a daily digest)',
  responses: { 200: jsonContent(notificationPreferences) },
});

const savePreferences = defineRoute('user', {
  method: 'put',
  path: '/me/notification-preferences',
  tags,
  summary: 'Save your notification preferences for the categories named',
  description:
    'Categories not named keep their setting. Returns every category. A save that changes a setting is recorded in the audit log (`user.notification_preferences_changed`, with the settings that changed).',
  request: { body: jsonBody(notificationPreferencesInput) },
  responses: { 200: jsonContent(notificationPreferences) },
});

const unsubscribeDescription =
  'The link of every notification email (`List-Unsubscribe`, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, RFC 8058). The signed `token` (HMAC with the app secret) names one person and one category, or their daily digest; it needs no session and never expires.';

const unsubscribeErrors = {
  400: errorContent(NOTIFICATION_MESSAGES.invalidUnsubscribeLink),
  404: errorContent(NOTIFICATION_MESSAGES.unsubscribeLinkUnknown),
};

const unsubscribePage = defineRoute('public', {
  method: 'get',
  path: '/notifications/unsubscribe',
  tags,
  summary: 'The unsubscribe link opened in a browser: a page with a button that turns the email off',
  description: `${unsubscribeDescription} A GET changes nothing (mail scanners open links); the page's button sends the POST.`,
  request: { query: unsubscribeQuery },
  responses: {
    200: { content: { 'text/html': { schema: z.string().meta({ description: 'An HTML page' }) } }, description: 'The confirmation page' },
    ...unsubscribeErrors,
  },
});

const unsubscribeNow = defineRoute('public', {
  method: 'post',
  path: '/notifications/unsubscribe',
  tags,
  summary: 'One-click unsubscribe: turn off the email the link names',
  description: `${unsubscribeDescription} Any body is accepted and ignored (mail providers send \`List-Unsubscribe=One-Click\` as a form), and no Origin is required: the token is the credential. Answers HTML to a browser, JSON otherwise. Turning an email off is recorded in the audit log (\`user.notifications_unsubscribed\`, the person as its actor).`,
  request: { query: unsubscribeQuery },
  responses: {
    200: {
      content: { 'application/json': { schema: unsubscribeResult }, 'text/html': { schema: z.string().meta({ description: 'An HTML page' }) } },
      description: 'Turned off (or already off)',
    },
    ...unsubscribeErrors,
  },
});

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A small page of its own (no script: the CSP allows none inline), for a person who opened the link. */
function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · ${PRODUCT_NAME}</title></head>
<body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<main style="max-width:480px;margin:48px auto;padding:24px 32px;background:#fff;border:1px solid #e2e8f0;border-radius:12px">
<p style="margin:0 0 16px;font-weight:700">${PRODUCT_NAME}</p>
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

function confirmPage(result: UnsubscribeResult, token: string) {
  if (!result.email) return page('Already unsubscribed', `<p>You no longer get these emails: ${escapeHtml(result.label)}.</p>`);
  return page(
    'Unsubscribe?',
    `<p>Stop these emails: <strong>${escapeHtml(result.label)}</strong>. You still see them in the app, and can turn the email back on in your notification preferences.</p>
<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit" style="margin-top:8px;background:#0f172a;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-weight:600;cursor:pointer">Unsubscribe</button></form>`,
  );
}

const doneHtml = (result: UnsubscribeResult) =>
  page('Unsubscribed', `<p>You will no longer get these emails: <strong>${escapeHtml(result.label)}</strong>. You can turn them back on in your notification preferences.</p>`);

const wantsHtml = (c: Context<AppEnv>) => /\btext\/html\b/.test(c.req.header('accept') ?? '');

const secretOf = async (c: Context<AppEnv>) => (await c.get('auth').$context).secret;

export const notificationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => c.json(await listNotifications(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(count, async (c) => c.json({ count: await countUnread(c.get('database').db, c.get('user')) }, 200))
  .openapi(stream, (c) => notificationStream(c))
  .openapi(readOne, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound(NOTIFICATION_MESSAGES.notFound);
    return c.json(await markRead(c.get('database').db, c.get('user'), id.toLowerCase()), 200);
  })
  .openapi(readAll, async (c) => c.json({ marked: await markAllRead(c.get('database').db, c.get('user')) }, 200))
  .openapi(preferences, async (c) => c.json(await getPreferences(c.get('database').db, c.get('user')), 200))
  .openapi(savePreferences, async (c) => c.json(await setPreferences(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 200))
  .openapi(unsubscribePage, async (c) => {
    const { token } = c.req.valid('query');
    const result = await unsubscribe(c.get('database').db, await secretOf(c), token, false, auditContext(c, null));
    return c.html(confirmPage(result, token), 200);
  })
  .openapi(unsubscribeNow, async (c) => {
    const { token } = c.req.valid('query');
    const result = await unsubscribe(c.get('database').db, await secretOf(c), token, true, auditContext(c, null));
    return wantsHtml(c) ? c.html(doneHtml(result), 200) : c.json(result, 200);
  });
