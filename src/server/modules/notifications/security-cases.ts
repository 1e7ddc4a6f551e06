/**
 * The notification routes' cases for the authorization walks (security/authorization.test.ts)
 * and the hostile-input walks (security/hostile-input.test.ts), kept here so those files need a
 * line or two each.
 */
import { withTenant } from '../../db/tenant';
import { notify } from '../../platform/notifications';
import type { TestApp } from '../../test/harness';

type Request = { path: string; body?: unknown };
type Attack = Request & { expected: number[] };

const NOBODY = '00000000-0000-4000-8000-000000000000';
/** Not a token we signed: the public routes answer 400 to it. */
const BAD_TOKEN = 'not-a-signed-token';

/** Each route as company A's user would call it (on an id that names nothing: no side effects). */
export function notificationsOwnRequests(): Record<string, () => Request> {
  return {
    'GET /notifications': () => ({ path: '/notifications' }),
    'GET /notifications/unread-count': () => ({ path: '/notifications/unread-count' }),
    'GET /notifications/stream': () => ({ path: '/notifications/stream' }),
    'POST /notifications/{id}/read': () => ({ path: `/notifications/${NOBODY}/read`, body: {} }),
    'POST /notifications/read-all': () => ({ path: '/notifications/read-all', body: {} }),
    'GET /me/notification-preferences': () => ({ path: '/me/notification-preferences' }),
    'PUT /me/notification-preferences': () => ({
      path: '/me/notification-preferences',
      body: { items: [{ category: 'tasks', inApp: true, email: true, emailMode: 'immediate' }] },
    }),
    'GET /notifications/unsubscribe': () => ({ path: `/notifications/unsubscribe?token=${BAD_TOKEN}` }),
    'POST /notifications/unsubscribe': () => ({ path: `/notifications/unsubscribe?token=${BAD_TOKEN}`, body: {} }),
  };
}

/** A notification of company B's super admin (written as a module would, with notify()), for the attacks. */
export async function notificationOf(t: TestApp, company: { companyId: string; userId: string; entityId: string }): Promise<string> {
  await withTenant(t.database.db, company.companyId, (tx) =>
    notify(tx, {
      companyId: company.companyId,
      actorId: null,
      recipients: [company.userId],
      category: 'tasks',
      title: 'Walk target',
      url: '/projects',
      product: 'hrms',
      entityId: company.entityId,
    }),
  );
  const [row] = await t.sql<{ id: string }>('select id from notifications where user_id = $1 order by created_at desc limit 1', [company.userId]);
  return row!.id;
}

/** The routes aimed at company B: B's notification is not found, and nobody's preferences but the caller's are named. */
export function notificationsAttacks(b: () => { userId: string; notificationId: string }): Record<string, () => Attack> {
  return {
    'POST /notifications/{id}/read': () => ({ path: `/notifications/${b().notificationId}/read`, body: {}, expected: [404] }),
    'PUT /me/notification-preferences': () => ({
      path: '/me/notification-preferences',
      body: { userId: b().userId, items: [{ category: 'tasks', inApp: false, email: false, emailMode: 'digest' }] },
      expected: [400],
    }),
  };
}

/** A valid body for each route that takes one (hostile-input.test.ts). */
export const notificationsValidBodies: Record<string, () => Record<string, unknown>> = {
  'POST /notifications/{id}/read': () => ({}),
  'POST /notifications/read-all': () => ({}),
  'PUT /me/notification-preferences': () => ({ items: [{ category: 'tasks', inApp: true, email: true, emailMode: 'immediate' }] }),
  'POST /notifications/unsubscribe': () => ({}),
};
