/**
 * The user-lifecycle routes' cases for the authorization walks (security/authorization.test.ts)
 * and the hostile-input walks (security/hostile-input.test.ts), kept here so those files need one
 * line each.
 */
import { randomUUID } from 'node:crypto';

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;

type Request = { path: string; body?: unknown };
type Company = { productIds: { crm: string }; entityId: string };
type Attack = Request & { expected: number[] };

const NOBODY = '00000000-0000-4000-8000-000000000000';

/** Each route as company A's super admin would call it (on an id that names nobody: no side effects). */
export function userLifecycleOwnRequests(a: () => Company): Record<string, () => Request> {
  const fakeToken = 'A'.repeat(43);
  return {
    'POST /users/invitations': () => ({
      path: '/users/invitations',
      body: { firstName: 'In', lastName: 'Vited', email: uniqueEmail('invite'), access: [{ productId: a().productIds.crm, entityId: a().entityId, roleType: 'member' }] },
    }),
    'POST /users/{id}/resend-invitation': () => ({ path: `/users/${NOBODY}/resend-invitation`, body: {} }),
    'POST /users/{id}/revoke-invitation': () => ({ path: `/users/${NOBODY}/revoke-invitation`, body: {} }),
    'POST /users/{id}/send-password-reset': () => ({ path: `/users/${NOBODY}/send-password-reset`, body: {} }),
    'POST /auth/forgot-password': () => ({ path: '/auth/forgot-password', body: { email: 'nobody@example.com' } }),
    'POST /auth/check-link': () => ({ path: '/auth/check-link', body: { token: fakeToken, kind: 'invitation' } }),
    'POST /auth/reset-password': () => ({ path: '/auth/reset-password', body: { token: fakeToken, password: 'secret123', confirmPassword: 'secret123' } }),
    'POST /auth/accept-invite': () => ({ path: '/auth/accept-invite', body: { token: fakeToken, password: 'secret123', confirmPassword: 'secret123' } }),
    'PATCH /me': () => ({ path: '/me', body: { firstName: 'Walk', lastName: 'Er' } }),
    'POST /me/password': () => ({ path: '/me/password', body: { currentPassword: 'wrong-password', password: 'secret123', confirmPassword: 'secret123' } }),
    'GET /users/{id}': () => ({ path: `/users/${NOBODY}` }),
    'PATCH /users/{id}': () => ({ path: `/users/${NOBODY}`, body: { firstName: 'Walk' } }),
    'POST /users/{id}/deactivate': () => ({ path: `/users/${NOBODY}/deactivate`, body: {} }),
    'POST /users/{id}/reactivate': () => ({ path: `/users/${NOBODY}/reactivate`, body: {} }),
  };
}

/** The same routes aimed at company B's users: 404, and nothing of B changes. */
export function userLifecycleAttacks(b: () => Company & { userId: string; memberId: string }): Record<string, () => Attack> {
  return {
    'POST /users/invitations': () => ({
      path: '/users/invitations',
      body: { firstName: 'In', lastName: 'B', email: uniqueEmail('invite-b'), access: [{ productId: b().productIds.crm, entityId: b().entityId, roleType: 'member' }] },
      expected: [400],
    }),
    'POST /users/{id}/resend-invitation': () => ({ path: `/users/${b().memberId}/resend-invitation`, body: {}, expected: [404] }),
    'POST /users/{id}/revoke-invitation': () => ({ path: `/users/${b().memberId}/revoke-invitation`, body: {}, expected: [404] }),
    'POST /users/{id}/send-password-reset': () => ({ path: `/users/${b().userId}/send-password-reset`, body: {}, expected: [404] }),
    'GET /users/{id}': () => ({ path: `/users/${b().memberId}`, expected: [404] }),
    'PATCH /users/{id}': () => ({ path: `/users/${b().memberId}`, body: { firstName: 'Hijacked', role: 'super_admin' }, expected: [404] }),
    'POST /users/{id}/deactivate': () => ({ path: `/users/${b().userId}/deactivate`, body: {}, expected: [404] }),
    'POST /users/{id}/reactivate': () => ({ path: `/users/${b().memberId}/reactivate`, body: {}, expected: [404] }),
  };
}

/** Body keys a route legitimately takes that the mass-assignment walk would otherwise add as extras. */
export const userLifecycleBodyKeys: Record<string, string[]> = {
  'PATCH /users/{id}': ['role'],
};

/** Valid bodies for the hostile-input walk. */
export const userLifecycleValidBodies = (a: () => Company): Record<string, () => Record<string, unknown>> => ({
  'POST /users/invitations': () => ({
    firstName: 'Prop',
    lastName: 'Test',
    email: uniqueEmail('prop-invite'),
    access: [{ productId: a().productIds.crm, entityId: a().entityId, roleType: 'member' }],
  }),
  'POST /users/{id}/resend-invitation': () => ({}),
  'POST /users/{id}/revoke-invitation': () => ({}),
  'POST /users/{id}/send-password-reset': () => ({}),
  'POST /auth/forgot-password': () => ({ email: uniqueEmail('forgot') }),
  'POST /auth/check-link': () => ({ token: 'A'.repeat(43), kind: 'password_reset' }),
  'POST /auth/reset-password': () => ({ token: 'A'.repeat(43), password: 'secret123', confirmPassword: 'secret123' }),
  'POST /auth/accept-invite': () => ({ token: 'A'.repeat(43), password: 'secret123', confirmPassword: 'secret123' }),
  'PATCH /me': () => ({ firstName: 'Prop', lastName: 'Test' }),
  'POST /me/password': () => ({ currentPassword: 'wrong-password', password: 'secret123', confirmPassword: 'secret123' }),
  'PATCH /users/{id}': () => ({ firstName: 'Prop', lastName: 'Test', role: 'user' }),
  'POST /users/{id}/deactivate': () => ({}),
  'POST /users/{id}/reactivate': () => ({}),
});
