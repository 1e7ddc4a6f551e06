import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './axe';
import { newCompany, ORIGIN, signInViaUi, signUpViaApi, uniqueEmail } from './helpers';

/** The page has no horizontal scrollbar of its own: wide tables scroll inside their container. */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A member of the signed-in super admin's company, created through the API, with CRM at the first entity. */
async function createMemberViaApi(page: Page, productName = 'CRM') {
  const request = page.context().request;
  const products = (await (await request.get('/api/me/products')).json()) as { items: { id: string; name: string }[] };
  const entities = (await (await request.get('/api/entity-options')).json()) as { items: { id: string; productIds: string[] }[] };
  const product = products.items.find((p) => p.name === productName)!;
  const entity = entities.items.find((e) => e.productIds.includes(product.id))!;
  const member = { firstName: 'Alan', lastName: `Turing ${randomUUID().slice(0, 4)}`, email: uniqueEmail('member'), password: 'member123' };
  const response = await request.post('/api/users', {
    headers: { origin: ORIGIN },
    data: { ...member, confirmPassword: member.password, access: [{ productId: product.id, entityId: entity.id, roleType: 'app_admin' }] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return member;
}

test.describe('system settings', () => {
  test('offers the three administration pages, Back to Products and Logout', async ({ page }) => {
    const { company } = await signUpViaApi(page, newCompany());
    await page.goto('/products');
    await page.getByRole('link', { name: 'Open Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
    await expect(page.getByText(`${company.firstName} ${company.lastName}`)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Manage Organizations' }).click();
    await expect(page).toHaveURL(/\/organization-management$/);
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await page.getByRole('link', { name: 'Manage Entities' }).click();
    await expect(page).toHaveURL(/\/entity-management$/);
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await page.getByRole('link', { name: 'Manage Users' }).click();
    await expect(page).toHaveURL(/\/user-management$/);
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await page.getByRole('link', { name: 'Back to Products' }).click();
    await expect(page).toHaveURL(/\/products$/);

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('organization management', () => {
  test('creates, refuses a duplicate with the dialog open, and edits', async ({ page }) => {
    const { company } = await signUpViaApi(page, newCompany());
    await page.goto('/organization-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Organization Management' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('cell', { name: company.organizationName, exact: true })).toBeVisible();
    // en-US short month with time, e.g. "Nov 22, 2026, 09:30 AM".
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} (AM|PM)$/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add Organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Organization' });
    await expect(dialog.getByText(/Organization names must be unique/)).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(425);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await expect(dialog.getByText('Organization name is required')).toBeVisible();
    await dialog.getByLabel('Organization Name').fill('E');
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await expect(dialog.getByText('Organization name must be at least 2 characters')).toBeVisible();

    await dialog.getByLabel('Organization Name').fill('  Europe  ');
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await expect(page.getByText('Organization created successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Newest first: the new organization heads the list.
    await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('Europe');

    await page.getByRole('button', { name: 'Add Organization' }).click();
    await expect(dialog.getByLabel('Organization Name')).toHaveValue('');
    await dialog.getByLabel('Organization Name').fill('Europe');
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await expect(dialog.getByText('An organization with this name already exists.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Actions for Europe' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Organization' });
    await expect(edit.getByLabel('Organization Name')).toHaveValue('Europe');
    // Renaming to another organization's name is a duplicate; keeping its own name is not.
    await edit.getByLabel('Organization Name').fill(company.organizationName);
    await edit.getByRole('button', { name: 'Update Organization' }).click();
    await expect(edit.getByText('An organization with this name already exists.')).toBeVisible();
    await edit.getByLabel('Organization Name').fill('Europe & Africa');
    await edit.getByRole('button', { name: 'Update Organization' }).click();
    await expect(page.getByText('Organization updated successfully.')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(table.getByRole('cell', { name: 'Europe & Africa', exact: true })).toBeVisible();

    // Keyboard: focus came back to the row's menu button; the menu and dialog work from the keys.
    const actions = page.getByRole('button', { name: 'Actions for Europe & Africa' });
    await expect(actions).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(edit.getByLabel('Organization Name')).toBeFocused();
    await expect(edit.getByLabel('Organization Name')).toHaveValue('Europe & Africa');
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    await expect(actions).toBeFocused();

    // The page stays usable after the menu-opened dialog closed.
    await page.getByRole('button', { name: 'Add Organization' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe('entity management', () => {
  test('creates with products, refuses a duplicate, and edits with the organization read-only', async ({ page }) => {
    const { company } = await signUpViaApi(page, newCompany({ productNames: ['CRM', 'HRMS'] }));
    await page.goto('/entity-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Entity Management' })).toBeVisible();
    await expect(page.getByText('SUPER ADMIN')).toBeVisible();
    const table = page.getByRole('table');
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow.getByRole('cell').nth(0)).toHaveText(company.entityName);
    await expect(firstRow.getByRole('cell').nth(1)).toHaveText(company.organizationName);
    await expect(firstRow.getByRole('cell').nth(2)).toHaveText(company.country);
    await expect(firstRow.getByRole('cell').nth(3)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add Entity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Entity' });
    await expect(dialog.getByLabel('CRM (crm)')).toBeVisible();
    await expect(dialog.getByLabel('HRMS (hrms)')).toBeVisible();
    await expect(dialog.getByLabel('ATS (ats)')).toHaveCount(0);
    await expect(dialog.getByText('Selected: 0 product(s)')).toBeVisible();
    await expectAccessible(page);

    await dialog.getByLabel('Entity Name').fill('Berlin');
    await dialog.getByRole('button', { name: 'Create Entity' }).click();
    await expect(dialog.getByText('All fields are required, including at least one product.')).toBeVisible();

    await dialog.getByLabel('Organization').click();
    await page.getByRole('option', { name: company.organizationName }).click();
    await dialog.getByLabel('Country').click();
    await page.getByRole('option', { name: 'Germany' }).click();
    await dialog.getByLabel('HRMS (hrms)').check();
    await expect(dialog.getByText('Selected: 1 product(s)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Entity' }).click();
    await expect(page.getByText('Entity created successfully with product access.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(firstRow.getByRole('cell').nth(0)).toHaveText('Berlin');
    await expect(firstRow.getByRole('cell').nth(2)).toHaveText('Germany');

    await page.getByRole('button', { name: 'Add Entity' }).click();
    await dialog.getByLabel('Entity Name').fill('Berlin');
    await dialog.getByLabel('Organization').click();
    await page.getByRole('option', { name: company.organizationName }).click();
    await dialog.getByLabel('Country').click();
    await page.getByRole('option', { name: 'France' }).click();
    await dialog.getByLabel('CRM (crm)').check();
    await dialog.getByRole('button', { name: 'Create Entity' }).click();
    await expect(dialog.getByText('An entity with this name already exists in the selected organization.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Actions for Berlin' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Entity' });
    await expect(edit.getByLabel('Organization')).toHaveValue(company.organizationName);
    await expect(edit.getByLabel('Organization')).not.toBeEditable();
    await expect(edit.getByLabel('Entity Name')).toHaveValue('Berlin');
    await expectAccessible(page);
    await edit.getByLabel('Entity Name').fill('');
    await edit.getByRole('button', { name: 'Update Entity' }).click();
    await expect(edit.getByText('All fields are required.')).toBeVisible();
    await edit.getByLabel('Entity Name').fill(company.entityName);
    await edit.getByRole('button', { name: 'Update Entity' }).click();
    await expect(edit.getByText('An entity with this name already exists in this organization.')).toBeVisible();
    await edit.getByLabel('Entity Name').fill('Berlin Mitte');
    await edit.getByLabel('Country').click();
    await page.getByRole('option', { name: 'Netherlands' }).click();
    await edit.getByRole('button', { name: 'Update Entity' }).click();
    await expect(page.getByText('Entity updated successfully.')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(firstRow.getByRole('cell').nth(0)).toHaveText('Berlin Mitte');
    await expect(firstRow.getByRole('cell').nth(2)).toHaveText('Netherlands');
  });
});

test.describe('user management', () => {
  test('the wizard creates a user who then sees only the granted product', async ({ page }) => {
    const { company } = await signUpViaApi(page, newCompany({ productNames: ['CRM', 'HRMS', 'Projects'] }));
    await page.goto('/user-management');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('super admin');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add User' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add New User' });
    await expect(wizard.getByText('Step 1 of 3')).toBeVisible();
    await expectAccessible(page);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('First name is required')).toBeVisible();
    await expect(wizard.getByText('Password is required')).toBeVisible();

    const member = { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('ada'), password: 'engine123' };
    await wizard.getByLabel('First Name').fill(member.firstName);
    await wizard.getByLabel('Last Name').fill(member.lastName);
    await wizard.getByLabel('Email', { exact: true }).fill(member.email);
    await wizard.getByLabel('Password', { exact: true }).fill(member.password);
    await wizard.getByLabel('Confirm Password').fill(member.password);
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expect(wizard.getByText('Step 2 of 3')).toBeVisible();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Please select at least one product')).toBeVisible();
    await wizard.getByRole('checkbox', { name: 'HRMS' }).check();
    const hrms = wizard.getByRole('group', { name: 'HRMS' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Please configure access for at least one product')).toBeVisible();
    await hrms.getByLabel('Entity for HRMS, row 1').click();
    await page.getByRole('option', { name: `${company.entityName} (${company.organizationName})` }).click();
    await expect(hrms.getByLabel('Role for HRMS, row 1')).toHaveText('App Admin');
    // The three per-product roles (issue 13).
    await hrms.getByLabel('Role for HRMS, row 1').click();
    for (const role of ['App Admin', 'Member', 'Viewer']) await expect(page.getByRole('option', { name: role, exact: true })).toBeVisible();
    await page.getByRole('option', { name: 'App Admin', exact: true }).click();
    await expectAccessible(page);
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expect(wizard.getByText('Step 3 of 3')).toBeVisible();
    await expect(wizard.getByText(`${member.firstName} ${member.lastName}`)).toBeVisible();
    await expect(wizard.getByText(member.email)).toBeVisible();
    await expect(wizard.getByText(`${company.entityName} (${company.organizationName})`)).toBeVisible();
    await expectAccessible(page);
    await wizard.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User created successfully')).toBeVisible();
    await expect(wizard).toBeHidden();
    const newest = table.getByRole('row').nth(1);
    await expect(newest.getByRole('cell').nth(0)).toHaveText(`${member.firstName} ${member.lastName}`);
    await expect(newest.getByRole('cell').nth(2)).toHaveText('user');

    // The same email again: the server's message, and the wizard stays open.
    await page.getByRole('button', { name: 'Add User' }).click();
    await wizard.getByLabel('First Name').fill('Other');
    await wizard.getByLabel('Last Name').fill('Person');
    await wizard.getByLabel('Email', { exact: true }).fill(member.email);
    await wizard.getByLabel('Password', { exact: true }).fill('another1');
    await wizard.getByLabel('Confirm Password').fill('another1');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('checkbox', { name: 'CRM' }).check();
    await wizard.getByLabel('Entity for CRM, row 1').click();
    await page.getByRole('option', { name: `${company.entityName} (${company.organizationName})` }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Create User' }).click();
    await expect(wizard.getByText('User already registered')).toBeVisible();
    await expect(wizard).toBeVisible();
    await wizard.getByRole('button', { name: 'Close' }).click();

    await page.context().clearCookies();
    await signInViaUi(page, member.email, member.password);
    await expect(page.getByText(`Welcome, ${member.firstName} ${member.lastName}`)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Open (CRM|ATS|HRMS|Projects)$/ })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Open HRMS' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open Settings' })).toHaveCount(0);
  });

  test('deletes a user after confirmation; the deleted user can no longer sign in', async ({ page }) => {
    const { company } = await signUpViaApi(page, newCompany());
    const member = await createMemberViaApi(page);
    await page.goto('/user-management');
    const name = `${member.firstName} ${member.lastName}`;
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Are you sure you want to delete this user? This action cannot be undone.')).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

    // Your own row's Delete is unavailable and says why (users.spec.ts walks it by mouse and keyboard).
    const own = page.getByRole('button', { name: `Delete ${company.firstName} ${company.lastName}` });
    await expect(own).toHaveAttribute('aria-disabled', 'true');
    await expect(own).toHaveAccessibleDescription('You cannot delete your own account.');

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted successfully')).toBeVisible();
    await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);

    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('a member is turned away from the administration pages', async ({ page }) => {
  await signUpViaApi(page, newCompany());
  const member = await createMemberViaApi(page);
  await page.context().clearCookies();
  await signInViaUi(page, member.email, member.password);

  const denied = [
    ['/settings', "You don't have permission to access settings."],
    ['/organization-management', "You don't have permission to access organization management."],
    ['/entity-management', "You don't have permission to access entity management."],
  ] as const;
  for (const [path, message] of denied) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText('Access Denied').first()).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
  }

  await page.goto('/user-management');
  await expect(page.getByText('Access denied. Super admin privileges required.')).toBeVisible();
  await expect(page).toHaveURL(/\/user-management$/);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);
});

test('every administration page fits a 375 px phone and a 1280 px desktop', async ({ page }) => {
  await signUpViaApi(page, newCompany());
  await createMemberViaApi(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/settings', '/organization-management', '/entity-management', '/user-management']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      if (path !== '/settings') await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await expectNoPageOverflow(page);
      await expectAccessible(page);
    }
    await page.getByRole('button', { name: 'Add User' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add New User' });
    const box = (await wizard.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
});

test('the add user wizard works from the keyboard', async ({ page }) => {
  const { company } = await signUpViaApi(page, newCompany({ productNames: ['CRM'] }));
  await page.goto('/user-management');
  await page.getByRole('button', { name: 'Add User' }).focus();
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: 'Add New User' });
  await expect(wizard.getByText('Step 1 of 3')).toBeVisible();
  await expect(wizard.getByLabel('First Name')).toBeFocused();
  await page.keyboard.type('Kay');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Board');
  await page.keyboard.press('Tab');
  await page.keyboard.type(uniqueEmail('kay'));
  await wizard.getByLabel('Password', { exact: true }).focus();
  await page.keyboard.type('keys1234');
  await wizard.getByLabel('Confirm Password').focus();
  await page.keyboard.type('keys1234');
  await page.keyboard.press('Enter');
  await expect(wizard.getByText('Step 2 of 3')).toBeVisible();
  await wizard.getByRole('checkbox', { name: 'CRM' }).focus();
  await page.keyboard.press('Space');
  await expect(wizard.getByRole('checkbox', { name: 'CRM' })).toBeChecked();
  await wizard.getByLabel('Entity for CRM, row 1').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: `${company.entityName} (${company.organizationName})` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(wizard.getByLabel('Entity for CRM, row 1')).toHaveText(`${company.entityName} (${company.organizationName})`);
  await wizard.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(wizard.getByText('Step 3 of 3')).toBeVisible();
  await wizard.getByRole('button', { name: 'Create User' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(wizard).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add User' })).toBeFocused();
});
