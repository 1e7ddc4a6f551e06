import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import * as OTPAuth from 'otpauth';
import { expectAccessible } from './axe';
import { newCompany, ORIGIN, signUpViaApi } from './helpers';

/** Screenshots for review (never committed): SHOTS_DIR=/tmp/shots-twofa. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

const codeFor = (secret: string, periodsAhead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + periodsAhead * 30_000 });

async function signOut(page: Page) {
  expect((await page.context().request.post('/api/auth/sign-out', { headers: { origin: ORIGIN } })).status()).toBe(204);
}

async function enterPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('two-factor authentication', () => {
  test('enable with a QR code and a code, recovery codes once with a download; sign in with the code, trust the device, use a recovery code', async ({ page, browser }) => {
    const { company } = await signUpViaApi(page, newCompany());
    await page.goto('/account/security');
    const section = page.getByRole('region', { name: /Two-Factor Authentication/ });
    await expect(section.getByText('Disabled')).toBeVisible();
    await shot(page, 'security-before');
    await section.getByRole('button', { name: 'Enable Two-Factor Authentication' }).click();

    const dialog = page.getByRole('dialog', { name: 'Enable Two-Factor Authentication' });
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Incorrect password');
    await dialog.getByLabel('Password', { exact: true }).fill(company.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const qr = dialog.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await expectAccessible(page);
    await shot(page, 'enable-scan');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'enable-scan');
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByLabel('Verification Code').fill('000000' === codeFor(secret) ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Verify and Enable' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Invalid code. Please try again.');
    await dialog.getByLabel('Verification Code').fill(codeFor(secret));
    await dialog.getByRole('button', { name: 'Verify and Enable' }).click();

    const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download Codes' }).click()]);
    expect(download.suggestedFilename()).toBe('worksphere-recovery-codes.txt');
    const saved = readFileSync((await download.path())!, 'utf8');
    for (const code of recoveryCodes) expect(saved).toContain(code);
    await shot(page, 'enable-codes');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'enable-codes');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(section).toContainText('Recovery codes left: 10');
    await shot(page, 'security-enabled');

    // Sign in again: the code on its own step.
    await signOut(page);
    await enterPassword(page, company.email, company.password);
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);
    await shot(page, 'sign-in-code');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'sign-in-code');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Authentication Code').fill('000000' === codeFor(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid code. Please try again.')).toBeVisible();
    // The next period's code (the window takes it): the setup's may be the current one, and each works once.
    await page.getByLabel('Authentication Code').fill(codeFor(secret, 1));
    await page.getByLabel('Trust this device for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/products$/);

    // This browser is trusted: the password is enough.
    await signOut(page);
    await enterPassword(page, company.email, company.password);
    await expect(page).toHaveURL(/\/products$/);

    // Another browser: the code step, answered with a recovery code, which works once.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await enterPassword(otherPage, company.email, company.password);
    await otherPage.getByRole('button', { name: 'Use a recovery code' }).click();
    await otherPage.getByLabel('Recovery Code').fill(recoveryCodes[0]!);
    await otherPage.getByRole('button', { name: 'Verify' }).click();
    await expect(otherPage).toHaveURL(/\/products$/);
    await otherPage.context().request.post('/api/auth/sign-out', { headers: { origin: ORIGIN } });
    await enterPassword(otherPage, company.email, company.password);
    await otherPage.getByRole('button', { name: 'Use a recovery code' }).click();
    await otherPage.getByLabel('Recovery Code').fill(recoveryCodes[0]!);
    await otherPage.getByRole('button', { name: 'Verify' }).click();
    await expect(otherPage.getByText('Invalid code. Please try again.')).toBeVisible();
    await other.close();

    // Disabling needs the password.
    await page.goto('/account/security');
    await section.getByRole('button', { name: 'Disable Two-Factor Authentication' }).click();
    const disable = page.getByRole('dialog', { name: 'Disable Two-Factor Authentication' });
    await disable.getByLabel('Password', { exact: true }).fill('wrong-password');
    await disable.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(disable.getByRole('alert')).toHaveText('Incorrect password');
    await disable.getByLabel('Password', { exact: true }).fill(company.password);
    await disable.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(disable).toBeHidden();
    await expect(section.getByText('Disabled')).toBeVisible();
  });

  test('a company that requires it holds a super admin without it at the setup until it is done', async ({ page }) => {
    const { company } = await signUpViaApi(page, newCompany());
    const request = page.context().request;
    // Two-factor sign-in for the admin, through the API (the screens have the test above).
    const setup = await request.post('/api/me/two-factor/setup', { headers: { origin: ORIGIN }, data: { password: company.password } });
    const { secret } = (await setup.json()) as { secret: string };
    expect((await request.post('/api/me/two-factor/confirm', { headers: { origin: ORIGIN }, data: { code: codeFor(secret) } })).status()).toBe(200);

    await page.goto('/settings');
    const requirement = page.getByLabel('Require two-factor authentication for super admins');
    await expect(requirement).not.toBeChecked();
    // click, not check(): check() reads the state at once, while this box shows the new state
    // when React has rendered the pending save; the assertions below wait for it.
    await requirement.click();
    await expect(page.getByText('Two-factor authentication is now required for super admins')).toBeVisible();
    await expect(requirement).toBeChecked();
    await expectAccessible(page);
    await shot(page, 'settings');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'settings');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A new phone: disabling it while required holds the admin at the setup.
    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Disable Two-Factor Authentication' }).click();
    const disable = page.getByRole('dialog', { name: 'Disable Two-Factor Authentication' });
    await expect(disable).toContainText('you will be asked to set it up again right away');
    await disable.getByLabel('Password', { exact: true }).fill(company.password);
    await disable.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page).toHaveURL(/\/two-factor-setup$/);
    await expect(page.getByRole('heading', { name: 'Set Up Two-Factor Authentication' })).toBeVisible();

    // Nothing else opens, in the browser or through the API.
    await page.goto('/products');
    await expect(page).toHaveURL(/\/two-factor-setup$/);
    const refused = await request.get('/api/me/products');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('two_factor_setup_required');

    // Right after signing in, too.
    await signOut(page);
    await enterPassword(page, company.email, company.password);
    await expect(page).toHaveURL(/\/two-factor-setup$/);
    await expectAccessible(page);
    await shot(page, 'setup-required');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'setup-required');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel('Password', { exact: true }).fill(company.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const newSecret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    await page.getByLabel('Verification Code').fill(codeFor(newSecret));
    await page.getByRole('button', { name: 'Verify and Enable' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/products$/);
    expect((await request.get('/api/me/products')).status()).toBe(200);
  });
});
