import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe';
import { newCompany, ORIGIN, shoot, signUpViaApi, uniqueEmail } from './helpers';

/** The page has no horizontal scrollbar of its own: wide tables scroll inside their container. */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Another device: a browser context of its own, signed in through the API with its own user agent. */
async function signInElsewhere(browser: Browser, email: string, password: string, userAgent = PHONE_UA) {
  const context = await browser.newContext({ userAgent });
  const response = await context.request.post('/api/auth/sign-in', { headers: { origin: ORIGIN }, data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

test.describe('audit log', () => {
  test('lists changes with before and after, filters through the URL, and exports the filtered view as CSV', async ({ page }) => {
    const { company } = await signUpViaApi(page, newCompany());
    await page.goto('/organization-management');
    await page.getByRole('button', { name: 'Add Organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Organization' });
    await dialog.getByLabel('Organization Name').fill('Audited Org');
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/settings');
    await page.getByRole('link', { name: 'View Audit Log' }).click();
    await expect(page).toHaveURL(/\/audit-log$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    const table = page.getByRole('table');
    const newest = table.getByRole('row').nth(1);
    await expect(newest).toContainText('Organization created');
    await expect(newest).toContainText('Audited Org');
    await expect(newest).toContainText(`${company.firstName} ${company.lastName}`);
    await expect(table).toContainText('Company signed up');
    await expectAccessible(page);

    await page.getByLabel('Action').selectOption({ label: 'Company signed up' });
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/\?action=company.signed_up$/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).not.toContainText('Organization created');

    // The filter survives a reload: it lives in the URL.
    await page.reload();
    await expect(page.getByLabel('Action')).toHaveValue('company.signed_up');
    await expect(table.getByRole('row')).toHaveCount(2);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^time,actor_id,actor_name,actor_email,action,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',company.signed_up,');

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/audit-log$/);
    await expect(table).toContainText('Organization created');

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoPageOverflow(page);
  });

  test("Everyday use (issue 31): a task moved on the board shows its status change, never its rank", async ({ page }) => {
    const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['Projects'] }));
    const api = page.context().request;
    const project = await api.post('/api/projects/projects', { headers: { origin: ORIGIN }, data: { entityId, name: 'Audit Walk', key: 'AUD' } });
    const projectId = ((await project.json()) as { id: string }).id;
    const task = await api.post('/api/projects/tasks', { headers: { origin: ORIGIN }, data: { projectId, title: 'Ship it' } });
    const taskId = ((await task.json()) as { id: string }).id;
    expect((await api.post(`/api/projects/tasks/${taskId}/move`, { headers: { origin: ORIGIN }, data: { status: 'done', afterId: null, beforeId: null } })).status()).toBe(200);
    await page.goto('/audit-log');
    const row = page.getByRole('row').filter({ hasText: 'AUD-1 Ship it' }).filter({ hasText: 'task.moved' });
    await expect(row.getByRole('cell').nth(4)).toHaveText('status: todo → done');
    await shoot(page, 'audit-task-moved');
  });

  test('is closed to members', async ({ page, browser }) => {
    await signUpViaApi(page, newCompany());
    const request = page.context().request;
    const products = (await (await request.get('/api/me/products')).json()) as { items: { id: string; name: string }[] };
    const entities = (await (await request.get('/api/entity-options')).json()) as { items: { id: string; productIds: string[] }[] };
    const crm = products.items.find((p) => p.name === 'CRM')!;
    const member = { firstName: 'Alan', lastName: 'Turing', email: uniqueEmail('member'), password: 'member123' };
    await request.post('/api/users', {
      headers: { origin: ORIGIN },
      data: { ...member, confirmPassword: member.password, access: [{ productId: crm.id, entityId: entities.items[0]!.id, roleType: 'app_admin' }] },
    });
    const memberContext = await signInElsewhere(browser, member.email, member.password);
    const memberPage = await memberContext.newPage();
    await memberPage.goto('/audit-log');
    await expect(memberPage).toHaveURL(/\/products$/);
    await expect(memberPage.getByText('Access Denied')).toBeVisible();
    await memberContext.close();
  });
});

test.describe('account security', () => {
  test('lists this device and another, signs the other out, then signs this device out', async ({ page, browser }) => {
    const { company } = await signUpViaApi(page, newCompany());
    const phone = await signInElsewhere(browser, company.email, company.password);

    await page.goto('/products');
    await page.getByRole('link', { name: 'Account Security' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Security' })).toBeVisible();
    const sessions = page.getByRole('list', { name: 'Your sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const here = sessions.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(here).toContainText(/Chrom/);
    // The socket's address (no proxy here), not an empty field.
    await expect(here).toContainText(/Address:\s*(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
    await expect(sessions.getByRole('listitem').first()).toContainText('This device');
    const other = sessions.getByRole('listitem').filter({ hasText: 'Safari 18 on iOS 18.1' });
    await expect(other).toContainText('Last active:');
    await expectAccessible(page);

    await other.getByRole('button', { name: 'Sign Out Safari 18 on iOS 18.1' }).click();
    await expect(page.getByText('Session signed out')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect((await phone.request.get('/api/me/sessions')).status()).toBe(401);
    await phone.close();

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoPageOverflow(page);

    await page.getByRole('button', { name: 'Sign Out of this device' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Sign Out Other Sessions ends every other device', async ({ page, browser }) => {
    const { company } = await signUpViaApi(page, newCompany());
    const first = await signInElsewhere(browser, company.email, company.password);
    const second = await signInElsewhere(browser, company.email, company.password, 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
    await page.goto('/account/security');
    await expect(page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Sign Out Other Sessions' }).click();
    await expect(page.getByText('Other sessions signed out')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign Out Other Sessions' })).toBeDisabled();
    for (const c of [first, second]) {
      expect((await c.request.get('/api/me/sessions')).status()).toBe(401);
      await c.close();
    }
  });

  test("a super admin signs a user out everywhere from the user's row", async ({ page, browser }) => {
    await signUpViaApi(page, newCompany());
    const request = page.context().request;
    const products = (await (await request.get('/api/me/products')).json()) as { items: { id: string; name: string }[] };
    const entities = (await (await request.get('/api/entity-options')).json()) as { items: { id: string }[] };
    const member = { firstName: 'Alan', lastName: 'Turing', email: uniqueEmail('member'), password: 'member123' };
    const created = await request.post('/api/users', {
      headers: { origin: ORIGIN },
      data: { ...member, confirmPassword: member.password, access: [{ productId: products.items[0]!.id, entityId: entities.items[0]!.id, roleType: 'app_admin' }] },
    });
    expect(created.status()).toBe(201);
    const memberContext = await signInElsewhere(browser, member.email, member.password);
    const memberPage = await memberContext.newPage();
    await memberPage.goto('/products');
    await expect(memberPage.getByRole('heading', { name: 'Your Products' })).toBeVisible();

    await page.goto('/user-management');
    await page.getByRole('button', { name: 'Sign Out Everywhere: Alan Turing' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign Out Everywhere' });
    await expect(dialog).toContainText(member.email);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await expect(page.getByText('User signed out everywhere')).toBeVisible();

    await memberPage.goto('/products');
    await expect(memberPage).toHaveURL(/\/login$/);
    await memberContext.close();

    await page.goto('/audit-log?action=session.revoked_all');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Alan Turing');
  });
});
