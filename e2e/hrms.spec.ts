import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { newCompany, ORIGIN, signUpViaApi, uniqueEmail } from './helpers';

/** Screenshots of every HRMS page at 1280 and 375 px when SHOTS is a folder (kept out of git). */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const res = await context.request.post('/api/auth/sign-in', { headers: { origin: ORIGIN }, data: { email, password: 'secret123' } });
  expect(res.status()).toBe(200);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

test('HRMS: an App Admin adds employees and a leave type, a linked member requests leave, the admin approves it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId, organizationId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const hrms = products.items.find((p) => p.type === 'hrms')!.id;
  const other = await api.post('/api/entities', {
    headers: { origin: ORIGIN },
    data: { name: 'Other Branch', organizationId, country: 'Other', productIds: [hrms] },
  });
  expect(other.status()).toBe(201);
  const otherEntityId = ((await other.json()) as { id: string }).id;
  const users: Record<string, { id: string; email: string }> = {};
  for (const [key, role, entity] of [
    ['member', 'member', entityId],
    ['viewer', 'viewer', entityId],
    ['outsider', 'member', otherEntityId],
  ] as const) {
    const email = uniqueEmail(key);
    const res = await api.post('/api/users', {
      headers: { origin: ORIGIN },
      data: { firstName: key, lastName: 'User', email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: hrms, entityId: entity, roleType: role }] },
    });
    expect(res.status()).toBe(201);
    users[key] = { id: ((await res.json()) as { id: string }).id, email };
  }

  // The dashboard of an empty entity says what to do next.
  await page.goto('/hrms');
  await expect(page.getByRole('heading', { level: 1, name: 'HRMS Dashboard' })).toBeVisible();
  await expect(page.getByText('Sample data')).toHaveCount(0);
  await expect(page.getByText('No employees yet')).toBeVisible();
  await shoot(page, 'hrms-dashboard-empty');

  // Entity switcher: the admin holds HRMS in two entities; choose the first (kept in the URL).
  await page.getByRole('link', { name: 'Employees', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employees' })).toBeVisible();
  await expect(page.getByText('No employees yet')).toBeVisible();
  await page.getByRole('combobox', { name: 'Entity' }).click();
  await page.getByRole('option', { name: /Arlington/ }).click();
  await expect(page).toHaveURL(new RegExp(`entity=${entityId}`));

  // Add two employees: a manager, and a member linked to the member's user account.
  await page.getByRole('button', { name: 'Add Employee' }).first().click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill('Maria');
  await dialog.getByLabel('Last Name').fill('Manager');
  await dialog.getByLabel('Work Email').fill(uniqueEmail('maria'));
  await dialog.getByLabel('Department').fill('Engineering');
  await dialog.getByLabel('Start Date').fill('2024-01-10');
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Manager, Maria' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Employee' }).first().click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill('Mel');
  await dialog.getByLabel('Last Name').fill('Member');
  await dialog.getByLabel('Work Email').fill(uniqueEmail('mel'));
  await dialog.getByLabel('Department').fill('Engineering');
  await dialog.getByLabel('Start Date').fill('2024-02-01');
  await dialog.getByLabel('Manager').selectOption({ label: 'Maria Manager' });
  await dialog.getByLabel('User Account').selectOption({ label: `member User (${users.member!.email})` });
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Member, Mel' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'hrms-employees');

  // Search is kept in the URL.
  await page.getByLabel('Search').fill('mel');
  await page.getByLabel('Search').press('Enter');
  await expect(page).toHaveURL(/q=mel/);
  await expect(page.getByRole('link', { name: 'Manager, Maria' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Member, Mel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mel Member' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Maria Manager' })).toBeVisible();
  await shoot(page, 'hrms-employee');

  // A leave type, on Settings.
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'HRMS Settings' })).toBeVisible();
  const card = page.getByRole('table', { name: /Leave types of Arlington/ });
  await expect(card.getByText('Annual')).toBeVisible();
  await page.getByLabel('New Leave Type', { exact: true }).fill('Study');
  await page.getByLabel('Days per Year', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Add Leave Type' }).click();
  await expect(card.getByText('Study')).toBeVisible();
  await shoot(page, 'hrms-settings');

  // The member requests leave.
  const member = await signedIn(browser, users.member!.email);
  await member.goto('/hrms/leaves');
  await expect(member.getByRole('heading', { level: 1, name: 'Leaves' })).toBeVisible();
  await expect(member.getByText('No leave requests yet')).toBeVisible();
  await member.getByRole('button', { name: 'Request Leave' }).click();
  dialog = member.getByRole('dialog');
  await dialog.getByLabel('Leave Type').selectOption({ label: 'Study (5 days a year)' });
  // The first Monday of this year's February, and the Tuesday after it: two working days of this
  // year's balance (leave may be recorded after the fact).
  const monday = new Date(Date.UTC(new Date().getUTCFullYear(), 1, 1));
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
  const tuesday = new Date(monday.getTime() + 86400_000);
  await dialog.getByLabel('First Day', { exact: true }).fill(monday.toISOString().slice(0, 10));
  await dialog.getByLabel('Last Day', { exact: true }).fill(tuesday.toISOString().slice(0, 10));
  await expect(dialog.getByText('2 working days.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Request Leave' }).click();
  await expect(dialog).toBeHidden();
  await expect(member.getByRole('cell', { name: 'Study' })).toBeVisible();
  await shoot(member, 'hrms-leaves-member');

  // The admin approves; the dashboard counts the request first.
  await page.goto(`/hrms?entity=${entityId}`);
  await expect(page.locator('dd').nth(3)).toHaveText('1');
  await expect(page.locator('dd').first()).toHaveText('2');
  await shoot(page, 'hrms-dashboard');
  await page.goto(`/hrms/leaves?entity=${entityId}`);
  await page.getByRole('button', { name: "Approve member User's leave" }).or(page.getByRole('button', { name: /Approve Mel Member/ })).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved').first()).toBeVisible();
  await page.goto(`/hrms?entity=${entityId}`);
  await expect(page.locator('dd').nth(3)).toHaveText('0');

  // The member's balance shows the taken days.
  await member.reload();
  const study = member.locator('dl > div').filter({ hasText: 'Study' });
  await expect(study).toContainText('3remaining of 5 · 2 taken, 0 pending');

  // A viewer reads but has no buttons that change anything, and the API refuses them.
  const viewer = await signedIn(browser, users.viewer!.email);
  await viewer.goto('/hrms/employees');
  await expect(viewer.getByRole('link', { name: 'Member, Mel' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Add Employee' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  const refused = await viewer.context().request.post('/api/hrms/employees', {
    headers: { origin: ORIGIN },
    data: { entityId, firstName: 'No', lastName: 'Way', workEmail: uniqueEmail('no'), employmentType: 'full_time', startDate: '2024-01-01' },
  });
  expect(refused.status()).toBe(403);

  // A member of the other entity sees none of it.
  const outsider = await signedIn(browser, users.outsider!.email);
  await outsider.goto('/hrms/employees');
  await expect(outsider.getByText('No employees yet')).toBeVisible();
  await outsider.goto('/hrms/leaves');
  await expect(outsider.getByText('No leave requests yet')).toBeVisible();
});

test('HRMS sidebar: working pages are links, the rest are "Soon"; unknown paths 404', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  await page.goto('/hrms');
  const nav = page.getByRole('navigation', { name: 'HRMS' });
  await expect(nav.getByRole('link')).toHaveCount(4);
  await expect(nav.getByText('Payroll', { exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payroll' })).toHaveCount(0);
  await page.goto('/hrms/payroll');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});
