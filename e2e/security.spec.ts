import { expect, test } from '@playwright/test';
import { watchCsp } from './csp';
import { newCompany, signUpViaApi } from './helpers';

test('every page works under the Content-Security-Policy, with the security headers', async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  for (const path of ['/', '/what-we-offer', '/who-we-serve', '/pricing', '/login', '/signup']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
  }
  await signUpViaApi(page, newCompany({ productNames: ['CRM', 'ATS', 'HRMS', 'Projects'] }));
  for (const path of ['/products', '/settings', '/organization-management', '/entity-management', '/user-management', '/crm', '/ats', '/hrms', '/projects']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
  }
  // A toast (sonner loads on demand and injects its styles).
  await page.goto('/login');
  await page.goto('/products');
  await page.getByRole('button', { name: 'Open Dashboard' }).click();
  await expect(page.getByText('coming soon')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the session ending while a page is open sends the next request that fails with 401 to /login', async ({ page }) => {
  await signUpViaApi(page, newCompany({ productNames: ['CRM'] }));
  await page.goto('/organization-management');
  await expect(page.getByRole('heading', { name: 'Organization Management' })).toBeVisible();
  // End the session on the server, as a logout in another tab would, without reloading this page.
  await page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
  await page.getByRole('button', { name: 'Add Organization' }).click();
  await page.getByLabel('Organization Name').fill('After logout');
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
