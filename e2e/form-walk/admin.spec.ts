/**
 * Form walks (issue 31): the administration forms that save, walked as a user does: open it,
 * change every field, save, reload the page, and find every change on the page, read back from
 * the server. A field that is not sent, not saved or not shown fails the walk.
 */
import { expect, test, type Page } from '@playwright/test';
import { newCompany, ORIGIN, signUpViaApi } from '../helpers';

async function openEdit(page: Page, entityName: string) {
  await page.getByRole('button', { name: `Actions for ${entityName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  return page.getByRole('dialog', { name: 'Edit Entity' });
}

test('Edit Entity: name, country and products (one removed after its confirmation), saved and shown after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { organizationId } = await signUpViaApi(page, newCompany({ productNames: ['CRM', 'HRMS', 'Projects'] }));
  const api = page.context().request;
  const catalogue = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const hrms = catalogue.items.find((p) => p.type === 'hrms')!.id;
  const site = await api.post('/api/entities', { headers: { origin: ORIGIN }, data: { name: 'Walk Site', organizationId, country: 'Other', productIds: [hrms] } });
  expect(site.status()).toBe(201);

  await page.goto('/entity-management');
  let dialog = await openEdit(page, 'Walk Site');
  await dialog.getByLabel('Entity Name').fill('Walk Site Renamed');
  await dialog.getByLabel('Country').click();
  await page.getByRole('option', { name: 'Japan' }).click();
  await dialog.getByLabel('CRM (crm)').check();
  await dialog.getByLabel('Projects (projects)').check();
  await dialog.getByLabel('HRMS (hrms)').click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove HRMS from Walk Site?' });
  await expect(confirm).toContainText('The data is kept.');
  await confirm.getByRole('button', { name: 'Remove HRMS' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByLabel('HRMS (hrms)')).not.toBeChecked();
  await expect(dialog.getByText('Selected: 2 product(s)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Update Entity' }).click();
  await expect(page.getByText('Entity updated successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Walk Site Renamed', exact: true }) });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Japan');
  dialog = await openEdit(page, 'Walk Site Renamed');
  await expect(dialog.getByLabel('Entity Name')).toHaveValue('Walk Site Renamed');
  await expect(dialog.getByLabel('Country')).toHaveText('Japan');
  await expect(dialog.getByLabel('CRM (crm)')).toBeChecked();
  await expect(dialog.getByLabel('Projects (projects)')).toBeChecked();
  await expect(dialog.getByLabel('HRMS (hrms)')).not.toBeChecked();
  await expect(dialog.getByText('Selected: 2 product(s)')).toBeVisible();
});

test('Settings, Products: products added and one removed after its confirmation, shown after a reload and on the hub', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, newCompany({ productNames: ['CRM', 'HRMS'] }));
  await page.goto('/settings');
  const products = page.getByRole('region', { name: 'Products' });
  await products.getByRole('button', { name: 'Add ATS' }).click();
  await expect(products.getByRole('button', { name: 'Remove ATS' })).toBeEnabled();
  await products.getByRole('button', { name: 'Add Projects' }).click();
  await expect(products.getByRole('button', { name: 'Remove Projects' })).toBeEnabled();
  await products.getByRole('button', { name: 'Remove CRM' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove CRM from your company?' });
  await confirm.getByRole('button', { name: 'Remove CRM' }).click();
  await expect(confirm).toBeHidden();
  await expect(products.getByRole('button', { name: 'Add CRM' })).toBeEnabled();

  await page.reload();
  const state = (name: string) => products.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  await expect(state('ATS')).toContainText('In use');
  await expect(state('Projects')).toContainText('In use');
  await expect(state('HRMS')).toContainText('In use');
  await expect(state('CRM')).toContainText('Not added');
  await expect(products.getByRole('button', { name: 'Add CRM' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Products' }).click();
  for (const name of ['ATS', 'HRMS', 'Projects']) await expect(page.getByRole('link', { name: `Open ${name}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open CRM' })).toHaveCount(0);
});
