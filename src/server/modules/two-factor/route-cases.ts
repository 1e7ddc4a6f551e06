/**
 * This module's cases for the route-table walks (security/authorization.test.ts and
 * security/hostile-input.test.ts): a request to each route as a client of the walking company makes it.
 */
type Case = () => { path: string; body?: unknown };

export const twoFactorOwnRequests = (): Record<string, Case> => ({
  'POST /auth/two-factor': () => ({ path: '/auth/two-factor', body: { code: '123456' } }),
  'GET /me/two-factor': () => ({ path: '/me/two-factor' }),
  'POST /me/two-factor/setup': () => ({ path: '/me/two-factor/setup', body: { password: 'wrong-password' } }),
  'POST /me/two-factor/confirm': () => ({ path: '/me/two-factor/confirm', body: { code: '123456' } }),
  'POST /me/two-factor/disable': () => ({ path: '/me/two-factor/disable', body: { password: 'wrong-password' } }),
  'GET /company/security': () => ({ path: '/company/security' }),
  // Off: turning it on needs the caller's own two-factor sign-in (and would lock the walkers out).
  'PATCH /company/security': () => ({ path: '/company/security', body: { requireSuperAdminTwoFactor: false } }),
});

/** Valid bodies for the hostile-input walk: hostile values in one field reach the rest of the route. */
export const twoFactorValidBodies: Record<string, () => Record<string, unknown>> = {
  'POST /auth/two-factor': () => ({ code: '123456', trustDevice: true }),
  'POST /me/two-factor/setup': () => ({ password: 'wrong-password' }),
  'POST /me/two-factor/confirm': () => ({ code: '123456' }),
  'POST /me/two-factor/disable': () => ({ password: 'wrong-password' }),
  'PATCH /company/security': () => ({ requireSuperAdminTwoFactor: false }),
};
