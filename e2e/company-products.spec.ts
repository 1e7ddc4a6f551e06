/**
 * A company's products after sign-up (issue 31): a company that chose only HRMS adds CRM in
 * settings, gives it to an entity, works in it; then removes it with the confirmation, and the
 * module is gone from the hub at once. Its data comes back with the product.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { newCompany, ORIGIN, signUpViaApi } from './helpers';

test('a company adds CRM after sign-up, gives it to an entity, opens it, then removes it and its data waits for it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { company, entityId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  await page.goto('/products');
  await expect(page.getByRole('link', { name: 'Open HRMS' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open CRM' })).toHaveCount(0);

  // Settings: add CRM.
  await page.getByRole('link', { name: 'Open Settings' }).click();
  const products = page.getByRole('region', { name: 'Products' });
  await expect(products.getByRole('button', { name: 'Remove HRMS' })).toBeDisabled();
  await expect(products.getByText('Your company must keep at least one product.')).toBeVisible();
  await products.getByRole('button', { name: 'Add CRM' }).click();
  await expect(page.getByText('CRM added. Give it to an entity in Entity Management to start using it.')).toBeVisible();
  await expect(products.getByRole('button', { name: 'Remove CRM' })).toBeEnabled();
  await expect(products.getByRole('listitem').filter({ hasText: 'CRM' })).toContainText('Held by 0 entities; 0 users granted.');
  await expectAccessible(page);

  // Entity management: give it to the entity.
  await page.getByRole('link', { name: 'Manage Entities' }).click();
  await page.getByRole('button', { name: `Actions for ${company.entityName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Entity' });
  await expect(edit.getByLabel('HRMS (hrms)')).toBeChecked();
  await expect(edit.getByLabel('CRM (crm)')).not.toBeChecked();
  await edit.getByLabel('CRM (crm)').check();
  await expect(edit.getByText('Selected: 2 product(s)')).toBeVisible();
  await edit.getByRole('button', { name: 'Update Entity' }).click();
  await expect(page.getByText('Entity updated successfully.')).toBeVisible();
  await expect(edit).toBeHidden();

  // The hub: open CRM, and work in it.
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await page.getByRole('link', { name: 'Back to Products' }).click();
  await page.getByRole('link', { name: 'Open CRM' }).click();
  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByRole('heading', { level: 1, name: 'CRM Dashboard' })).toBeVisible();
  const created = await page.context().request.post('/api/crm/clients', { headers: { origin: ORIGIN }, data: { entityId, name: 'Kept Client Ltd' } });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/crm/clients');
  await expect(page.getByRole('link', { name: 'Kept Client Ltd' })).toBeVisible();

  // Settings: remove CRM; the confirmation says what removal does.
  await page.goto('/settings');
  await products.getByRole('button', { name: 'Remove CRM' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove CRM from your company?' });
  await expect(confirm).toContainText('The module is hidden. CRM leaves the products hub, and nobody in your company can open it.');
  await expect(confirm).toContainText('Access ends. 1 entity loses CRM; no user is granted it.');
  await expect(confirm).toContainText("The data is kept. CRM's records stay, and come back if you add CRM again and give it back to the entities.");
  await expect(confirm).toContainText('Users must then be granted access again.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Remove CRM' }).click();
  await expect(page.getByText('CRM removed. Its data is kept.')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(products.getByRole('button', { name: 'Add CRM' })).toBeFocused();

  // The hub follows at once (no reload), and the module is closed.
  await page.getByRole('link', { name: 'Back to Products' }).click();
  await expect(page.getByRole('link', { name: 'Open HRMS' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open CRM' })).toHaveCount(0);
  await page.goto('/crm/clients');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText("You don't have access to this product.")).toBeVisible();

  // Back again, company then entity: the client is there.
  await page.goto('/settings');
  await products.getByRole('button', { name: 'Add CRM' }).click();
  await expect(products.getByRole('button', { name: 'Remove CRM' })).toBeEnabled();
  await page.getByRole('link', { name: 'Manage Entities' }).click();
  await page.getByRole('button', { name: `Actions for ${company.entityName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await edit.getByLabel('CRM (crm)').check();
  await edit.getByRole('button', { name: 'Update Entity' }).click();
  await expect(edit).toBeHidden();
  await page.goto('/crm/clients');
  await expect(page.getByRole('link', { name: 'Kept Client Ltd' })).toBeVisible();
});
