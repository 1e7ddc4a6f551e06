import { expect, test } from '@playwright/test';
import { watchCsp } from './csp';
import { ORIGIN } from './helpers';

test('the API reference at /api/docs works offline under the Content-Security-Policy', async ({ page }) => {
  const violations = await watchCsp(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Everything must come from our own origin: any other request fails the test (and is not sent).
  const foreign: string[] = [];
  await page.route(
    (url) => url.origin !== ORIGIN && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      foreign.push(route.request().url());
      return route.abort();
    },
  );

  const response = await page.goto('/api/docs');
  expect(response!.status()).toBe(200);
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");

  await expect(page.getByRole('heading', { name: 'WorkSphere API', level: 1 })).toBeVisible();
  // An operation of the sidebar, and its section with the documented error example.
  await page.getByRole('link', { name: 'Organizations' }).first().click();
  const create = page.getByRole('region', { name: 'Create an organization (name unique in the company)' });
  await expect(create.getByRole('heading', { name: 'Create an organization (name unique in the company)' })).toBeVisible();
  await create.getByRole('tab', { name: 'Status: 409' }).click();
  await expect(create.getByText('An organization with this name already exists.').first()).toBeVisible();

  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});
