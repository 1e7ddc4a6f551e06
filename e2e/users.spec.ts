import { expect, test, type Browser, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './axe';
import { newCompany, ORIGIN, signInViaUi, signUpViaApi, uniqueEmail } from './helpers';

/**
 * User lifecycle (issue 11). The server runs without SMTP_URL, as a newcomer's would: every email
 * is an .eml file under DATA_DIR/outbox (playwright.config.ts shares DATA_DIR as E2E_DATA_DIR).
 */

const outbox = () => join(process.env.E2E_DATA_DIR!, 'outbox');
const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The link (path and query) of the newest email to `email` whose link goes to `path`; waits for the sender. */
async function linkFor(email: string, path: '/reset-password' | '/accept-invite') {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox()).catch(() => [] as string[])).sort();
        for (const file of files.reverse()) {
          const raw = decodeQp(await readFile(join(outbox(), file), 'utf8'));
          if (!raw.includes(`To: ${email}`)) continue;
          const match = new RegExp(`https?://[^\\s"]+(${path}\\?token=[A-Za-z0-9_-]{43})`).exec(raw);
          if (match) {
            link = match[1];
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return link!;
}

async function createMemberViaApi(page: Page, productNames: string[]) {
  const request = page.context().request;
  const products = (await (await request.get('/api/me/products')).json()) as { items: { id: string; name: string }[] };
  const entities = (await (await request.get('/api/entity-options')).json()) as { items: { id: string; productIds: string[] }[] };
  const access = productNames.map((name) => {
    const product = products.items.find((p) => p.name === name)!;
    return { productId: product.id, entityId: entities.items.find((e) => e.productIds.includes(product.id))!.id, roleType: 'app_admin' };
  });
  const member = { firstName: 'Alan', lastName: `Turing ${randomUUID().slice(0, 4)}`, email: uniqueEmail('member'), password: 'member123' };
  const response = await request.post('/api/users', { headers: { origin: ORIGIN }, data: { ...member, confirmPassword: member.password, access } });
  expect(response.status(), await response.text()).toBe(201);
  return { ...member, name: `${member.firstName} ${member.lastName}` };
}

/** A second browser, signed in as someone else. */
async function otherBrowser(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaUi(page, email, password);
  return page;
}

test.describe('user lifecycle', () => {
  test("edit a member's access; it takes effect for them without signing in again", async ({ page, browser }) => {
    await signUpViaApi(page, newCompany());
    const member = await createMemberViaApi(page, ['CRM', 'HRMS']);
    const memberPage = await otherBrowser(browser, member.email, member.password);
    await expect(memberPage.getByRole('link', { name: 'Open HRMS' })).toBeVisible();

    await page.goto('/user-management');
    await page.getByRole('button', { name: `Edit ${member.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('First Name')).toHaveValue('Alan');
    await expect(dialog.getByRole('checkbox', { name: 'HRMS' })).toBeChecked();
    await expectAccessible(page);
    await dialog.getByRole('checkbox', { name: 'HRMS' }).click();
    await dialog.getByLabel('Last Name').fill('Turing-Edited');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Alan Turing-Edited', exact: true })).toBeVisible();

    await memberPage.reload();
    await expect(memberPage.getByRole('link', { name: 'Open CRM' })).toBeVisible();
    await expect(memberPage.getByRole('link', { name: 'Open HRMS' })).toHaveCount(0);
    await memberPage.context().close();
  });

  test('deactivate: their open session ends and sign-in says why; reactivate restores', async ({ page, browser }) => {
    await signUpViaApi(page, newCompany());
    const member = await createMemberViaApi(page, ['CRM']);
    const memberPage = await otherBrowser(browser, member.email, member.password);

    await page.goto('/user-management');
    const row = page.getByRole('row').filter({ hasText: member.email });
    await row.getByRole('button', { name: `More actions for ${member.name}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate User' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('User deactivated successfully')).toBeVisible();
    await expect(row.getByText('Deactivated')).toBeVisible();

    // Their next request is refused: the open page goes to sign-in.
    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/login$/);
    await memberPage.getByLabel('Email').fill(member.email);
    await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
    await memberPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(memberPage.getByText('Your account has been deactivated. Contact your administrator.')).toBeVisible();

    await row.getByRole('button', { name: `More actions for ${member.name}` }).click();
    await page.getByRole('menuitem', { name: 'Reactivate' }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await signInViaUi(memberPage, member.email, member.password);
    await memberPage.context().close();
  });

  test('invite → accept → signed in; the link works once', async ({ page, browser }) => {
    const { company } = await signUpViaApi(page, newCompany());
    await page.goto('/user-management');
    await page.getByRole('button', { name: 'Add User' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add New User' });
    const email = uniqueEmail('invitee');
    await wizard.getByLabel('First Name').fill('Katherine');
    await wizard.getByLabel('Last Name').fill('Johnson');
    await wizard.getByLabel('Email', { exact: true }).fill(email);
    await wizard.getByRole('checkbox', { name: 'Send an invitation email' }).click();
    await expect(wizard.getByLabel('Password', { exact: true })).toHaveCount(0);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('checkbox', { name: 'CRM' }).click();
    await wizard.getByLabel('Entity for CRM, row 1').click();
    await page.getByRole('option', { name: `${company.entityName} (${company.organizationName})` }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('Invitation sent successfully')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Invited')).toBeVisible();

    const link = await linkFor(email, '/accept-invite');
    const context = await browser.newContext();
    const invitee = await context.newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
    await expect(invitee.getByText(`Choose a password for ${email}`)).toBeVisible();
    await expectAccessible(invitee);
    await invitee.getByLabel('New Password').fill('katherine1');
    await invitee.getByLabel('Confirm Password').fill('katherine1');
    await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(invitee).toHaveURL(/\/products$/);
    await expect(invitee.getByText('Welcome, Katherine Johnson')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email }).getByText('Active', { exact: true })).toBeVisible();

    // The link was used: its page says so and what to do.
    await invitee.goto(link);
    await expect(invitee.getByRole('alert')).toContainText('This link has already been used. Ask your administrator to send you a new invitation.');
    await context.close();
    const fresh = await browser.newContext();
    const again = await fresh.newPage();
    await signInViaUi(again, email, 'katherine1');
    await fresh.close();
  });

  test('forgot password → reset → the old password fails, the new one works', async ({ page }) => {
    await signUpViaApi(page, newCompany());
    const member = await createMemberViaApi(page, ['CRM']);
    await page.context().clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectAccessible(page);
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('If an account exists for that email, we sent a link to reset the password.')).toBeVisible();

    const link = await linkFor(member.email, '/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('New Password').fill('12345');
    await page.getByLabel('Confirm Password').fill('12345');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await page.getByLabel('New Password').fill('brand-new-1');
    await page.getByLabel('Confirm Password').fill('brand-new-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();

    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await signInViaUi(page, member.email, 'brand-new-1');
  });

  test('the last super admin cannot demote themselves', async ({ page }) => {
    const { company } = await signUpViaApi(page, newCompany());
    await page.goto('/user-management');
    await page.getByRole('button', { name: `Edit ${company.firstName} ${company.lastName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await dialog.getByLabel('Company Role').click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    // A member needs access: give one, so the refusal is the lockout rule's.
    await dialog.getByRole('checkbox', { name: 'CRM' }).click();
    await dialog.getByLabel('Entity for CRM, row 1').click();
    await page.getByRole('option', { name: `${company.entityName} (${company.organizationName})` }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('A company needs at least one active super admin.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: company.email }).getByText('super admin')).toBeVisible();
  });

  test('Everyday use (issue 31): Delete on your own row is disabled and says why, to the mouse and to the keyboard', async ({ page }) => {
    const { company } = await signUpViaApi(page, newCompany());
    await page.goto('/user-management');
    const name = `${company.firstName} ${company.lastName}`;
    const own = page.getByRole('button', { name: `Delete ${name}` });
    await expect(own).toHaveAttribute('aria-disabled', 'true');
    await expect(own).toHaveAccessibleDescription('You cannot delete your own account.');
    await own.hover();
    await expect(page.getByRole('tooltip')).toHaveText('You cannot delete your own account.');
    // Playwright waits for an aria-disabled button to be enabled; a user can click it anyway.
    await own.click({ force: true });
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    // Keyboard: Tab from the row's last other action reaches it, and focus shows the reason too.
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: `More actions for ${name}` }).focus();
    await page.keyboard.press('Tab');
    await expect(own).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText('You cannot delete your own account.');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('search and filters: by name, by status; the count follows', async ({ page }) => {
    await signUpViaApi(page, newCompany());
    const member = await createMemberViaApi(page, ['CRM']);
    await page.goto('/user-management');
    await expect(page.getByText('2 users')).toBeVisible();
    await page.getByLabel('Search').fill(member.lastName.split(' ')[1]!.toUpperCase());
    await expect(page.getByText('1 user', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByRole('cell', { name: member.name, exact: true })).toBeVisible();
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Deactivated' }).click();
    await expect(page.getByText('No users match these filters.')).toBeVisible();
    await expectAccessible(page);
  });

  test('my account: change name and password; the other session ends', async ({ page, browser }) => {
    await signUpViaApi(page, newCompany());
    const member = await createMemberViaApi(page, ['CRM']);
    await page.context().clearCookies();
    await signInViaUi(page, member.email, member.password);
    const second = await otherBrowser(browser, member.email, member.password);

    await page.getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expectAccessible(page);
    await page.getByLabel('First Name').fill('Alana');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    await page.getByLabel('Current Password').fill('wrong-one');
    await page.getByLabel('New Password', { exact: true }).fill('member456');
    await page.getByLabel('Confirm New Password').fill('member456');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
    await page.getByLabel('Current Password').fill(member.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed successfully. Your other sessions have been signed out.')).toBeVisible();

    await second.reload();
    await expect(second).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Back to Products' }).click();
    await expect(page.getByText('Welcome, Alana')).toBeVisible();
    await second.context().close();
  });
});
