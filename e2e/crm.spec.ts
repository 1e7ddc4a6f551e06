import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { arrowTo, liftCard, newCompany, ORIGIN, signUpViaApi, uniqueEmail } from './helpers';

/** Screenshots of every CRM page at 1280 and 375 px when SHOTS is a folder (kept out of git). */
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

/** A company with CRM in two entities, and a member, a viewer (first entity) and an outsider (second). */
async function setUp(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId, organizationId, company } = await signUpViaApi(page, newCompany({ productNames: ['CRM'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const crm = products.items.find((p) => p.type === 'crm')!.id;
  const other = await api.post('/api/entities', { headers: { origin: ORIGIN }, data: { name: 'Other Branch', organizationId, country: 'Germany', productIds: [crm] } });
  expect(other.status()).toBe(201);
  const otherEntityId = ((await other.json()) as { id: string }).id;
  const users: Record<'member' | 'viewer' | 'outsider', string> = { member: '', viewer: '', outsider: '' };
  for (const [key, role, entity] of [
    ['member', 'member', entityId],
    ['viewer', 'viewer', entityId],
    ['outsider', 'member', otherEntityId],
  ] as const) {
    const email = uniqueEmail(key);
    const res = await api.post('/api/users', {
      headers: { origin: ORIGIN },
      data: { firstName: key, lastName: 'User', email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: crm, entityId: entity, roleType: role }] },
    });
    expect(res.status()).toBe(201);
    users[key] = email;
  }
  return { entityId, otherEntityId, company, users };
}

const kpi = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd span').first();

test('CRM: a member adds a lead, qualifies and converts it, and moves deals on the board by mouse and by keyboard', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { users } = await setUp(page);
  const member = await signedIn(browser, users.member);

  // The empty dashboard says what to do next, with no sample data.
  await member.goto('/crm');
  await expect(member.getByRole('heading', { level: 1, name: 'CRM Dashboard' })).toBeVisible();
  await expect(member.getByText('Sample data')).toHaveCount(0);
  await expect(member.getByText('Nothing here yet')).toBeVisible();
  await expect(kpi(member, 'Total Customers')).toHaveText('0');
  await shoot(member, 'crm-dashboard-empty');

  // Add a lead.
  await member.getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(member.getByText('No leads yet')).toBeVisible();
  await member.getByRole('button', { name: 'Add Lead' }).first().click();
  let dialog = member.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Lena Ortiz');
  await dialog.getByLabel('Company Name').fill('Tailspin Toys');
  await dialog.getByLabel('Email').fill(uniqueEmail('lena'));
  await dialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a source');
  await dialog.getByLabel('Source').selectOption({ label: 'Referral' });
  await dialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(dialog).toBeHidden();
  await expect(member.getByRole('link', { name: 'Lena Ortiz' })).toBeVisible();
  await expectAccessible(member);
  await shoot(member, 'crm-leads');

  // Qualify it, then convert it.
  await member.getByRole('link', { name: 'Lena Ortiz' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Lena Ortiz' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Convert' })).toHaveCount(0);
  await member.getByRole('button', { name: 'Edit' }).click();
  dialog = member.getByRole('dialog');
  await dialog.getByLabel('Status').selectOption({ label: 'Qualified' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await member.getByRole('button', { name: 'Convert' }).click();
  dialog = member.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Convert Lead' })).toBeVisible();
  await dialog.getByLabel('Opportunity Name').fill('Toys rollout');
  await dialog.getByLabel('Amount (USD)').fill('12,500.50');
  await shoot(member, 'crm-convert');
  await dialog.getByRole('button', { name: 'Convert' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Toys rollout' })).toBeVisible();
  await expect(member.getByText('$12,500.50').first()).toBeVisible();
  await shoot(member, 'crm-opportunity');
  await member.getByRole('link', { name: 'Tailspin Toys' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Tailspin Toys' })).toBeVisible();
  await expect(member.getByRole('link', { name: 'Lena Ortiz' })).toBeVisible();

  // Log a call on the client: it shows on its timeline.
  await member.getByLabel('Type').selectOption({ label: 'Call' });
  await member.getByLabel('What happened').fill('Agreed on a pilot in March');
  await member.getByRole('button', { name: 'Log Activity' }).click();
  await expect(member.getByRole('list', { name: 'Activity timeline' }).getByText('Agreed on a pilot in March')).toBeVisible();
  await expectAccessible(member);
  await shoot(member, 'crm-client');

  // A second deal with the same client, added from its page.
  await member.getByRole('button', { name: 'Add Opportunity' }).click();
  dialog = member.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Support plan');
  await dialog.getByLabel('Amount (USD)').fill('2000');
  await dialog.getByRole('button', { name: 'Add Opportunity' }).click();
  await expect(dialog).toBeHidden();

  // The board: drag the first deal to Closed Won with the mouse.
  await member.getByRole('link', { name: 'Opportunities', exact: true }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Opportunities' })).toBeVisible();
  const column = (name: string) => member.getByRole('listitem').filter({ has: member.getByRole('heading', { level: 2, name }) });
  await expect(column('Prospecting').getByText('Toys rollout')).toBeVisible();
  await expectAccessible(member);
  await shoot(member, 'crm-board');
  // A wide screen shows the whole board (narrower ones scroll it sideways).
  await member.setViewportSize({ width: 1920, height: 1000 });
  const handle = member.getByRole('button', { name: 'Move Toys rollout' });
  const target = column('Closed Won').locator('ul');
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await member.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await member.mouse.down();
  await member.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
  await member.mouse.move(to.x + to.width / 2, to.y + 30, { steps: 15 });
  await member.mouse.up();
  await expect(column('Closed Won').getByText('Toys rollout')).toBeVisible();
  await expect(member.getByText('Toys rollout moved to Closed Won')).toBeVisible();

  // And the other by keyboard: Space lifts, the right arrow moves a column, Space drops.
  await liftCard(member, 'Move Support plan');
  await arrowTo(member, 'ArrowRight', 'Qualification');
  await arrowTo(member, 'ArrowRight', 'Proposal');
  await member.keyboard.press('Space');
  await expect(column('Proposal').getByText('Support plan')).toBeVisible();
  await expect(column('Proposal').getByText('Total $2,000.00')).toBeVisible();

  // Closed Lost asks for a reason; cancelling leaves the card where it was.
  await liftCard(member, 'Move Support plan');
  for (const stage of ['Negotiation', 'Closed Won', 'Closed Lost']) await arrowTo(member, 'ArrowRight', stage);
  await member.keyboard.press('Space');
  dialog = member.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Mark as Closed Lost' })).toBeVisible();
  await shoot(member, 'crm-lost-reason');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(column('Proposal').getByText('Support plan')).toBeVisible();

  // A move the server refuses is rolled back, with a toast.
  await member.route('**/api/crm/opportunities/*', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 409, json: { error: { code: 'conflict', message: 'Someone else changed this record. Reload it and try again.' } } }) : route.continue(),
  );
  await liftCard(member, 'Move Support plan');
  await arrowTo(member, 'ArrowLeft', 'Qualification');
  await member.keyboard.press('Space');
  await expect(member.getByText('The opportunity could not be moved')).toBeVisible();
  await expect(column('Proposal').getByText('Support plan')).toBeVisible();
  await member.unroute('**/api/crm/opportunities/*');

  await member.setViewportSize({ width: 1280, height: 900 });

  // The list view beside the board, with filters.
  await member.getByRole('button', { name: 'List' }).click();
  await member.getByLabel('Stage').selectOption({ label: 'Closed Won' });
  const table = member.getByRole('table', { name: 'Opportunities' });
  await expect(table.getByRole('link', { name: 'Toys rollout' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Support plan' })).toHaveCount(0);
  await shoot(member, 'crm-opportunities-list');

  // The dashboard follows.
  await member.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(kpi(member, 'Won This Month')).toHaveText('$12.5K');
  await expect(kpi(member, 'Pipeline Value')).toHaveText('$2K');
  await expect(kpi(member, 'Open Leads')).toHaveText('0');
  await expect(member.getByRole('table', { name: 'Recent customers' }).getByRole('link', { name: 'Tailspin Toys' })).toBeVisible();
  await expectAccessible(member);
  await shoot(member, 'crm-dashboard');

  // Contacts and clients lists.
  await member.getByRole('link', { name: 'Contacts', exact: true }).click();
  await expect(member.getByRole('link', { name: 'Ortiz, Lena' })).toBeVisible();
  await expectAccessible(member);
  await shoot(member, 'crm-contacts');
  await member.getByRole('link', { name: 'Ortiz, Lena' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Lena Ortiz' })).toBeVisible();
  await shoot(member, 'crm-contact');
  await member.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(member.getByRole('link', { name: 'Tailspin Toys' })).toBeVisible();
  await expectAccessible(member);
  await shoot(member, 'crm-clients');
  await member.goto('/crm/leads');
  await member.getByRole('link', { name: 'Lena Ortiz' }).click();
  await expect(member.getByText(/Converted on/)).toBeVisible();
  await shoot(member, 'crm-lead');
});

test('CRM: a viewer cannot change anything, and another entity’s member sees none of it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { users, entityId } = await setUp(page);
  const api = page.context().request;
  const client = await api.post('/api/crm/clients', { headers: { origin: ORIGIN }, data: { entityId, name: 'Contoso', status: 'active' } });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  expect((await api.post('/api/crm/opportunities', { headers: { origin: ORIGIN }, data: { entityId, clientId, name: 'Contoso renewal', amountMinor: 500000 } })).status()).toBe(201);

  const viewer = await signedIn(browser, users.viewer);
  await viewer.goto('/crm/clients');
  await expect(viewer.getByRole('link', { name: 'Contoso' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Add Client' })).toHaveCount(0);
  await viewer.getByRole('link', { name: 'Contoso' }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Contoso' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Log Activity' })).toHaveCount(0);
  await viewer.goto('/crm/opportunities');
  await expect(viewer.getByText('Contoso renewal')).toBeVisible();
  await expect(viewer.getByRole('button', { name: /^Move / })).toHaveCount(0);
  for (const path of ['/crm/leads', '/crm/contacts']) {
    await viewer.goto(path);
    await expect(viewer.getByRole('button', { name: /^Add / })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  }
  const refused = await viewer.context().request.patch(`/api/crm/clients/${clientId}`, { headers: { origin: ORIGIN }, data: { name: 'Hacked', version: 1 } });
  expect(refused.status()).toBe(403);

  const outsider = await signedIn(browser, users.outsider);
  await outsider.goto('/crm/clients');
  await expect(outsider.getByText('No clients yet')).toBeVisible();
  await outsider.goto('/crm/opportunities');
  await expect(outsider.getByText('Contoso renewal')).toHaveCount(0);
  await outsider.goto(`/crm/clients/${clientId}`);
  await expect(outsider.getByText('Client not found')).toBeVisible();
  await outsider.goto('/crm');
  await expect(kpi(outsider, 'Total Customers')).toHaveText('0');
});

test('CRM: a stale edit is refused, the record reloads and the page says so; CSV import reports each row', async ({ page }) => {
  test.setTimeout(120_000);
  const { entityId } = await setUp(page);
  const api = page.context().request;
  const res = await api.post('/api/crm/clients', { headers: { origin: ORIGIN }, data: { entityId, name: 'Fabrikam', industry: 'Retail' } });
  const client = (await res.json()) as { id: string; version: number };
  await page.goto(`/crm/clients/${client.id}?entity=${entityId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fabrikam' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Industry').fill('Manufacturing');
  // Someone else saves first.
  expect((await api.patch(`/api/crm/clients/${client.id}`, { headers: { origin: ORIGIN }, data: { industry: 'Wholesale', version: client.version } })).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Someone else changed this record. It has been reloaded: check it and make your change again.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Wholesale').first()).toBeVisible();

  await page.goto(`/crm/contacts?entity=${entityId}`);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importDialog = page.getByRole('dialog');
  await importDialog.getByLabel('CSV file').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`First Name,Last Name,Email,Phone,Job Title,Client\nAiko,Tanaka,aiko@example.com,,Buyer,Fabrikam\nBad,Row,not-an-email,,,\nAiko,Twin,AIKO@example.com,,,\n`),
  });
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(importDialog.getByText('imported,', { exact: false })).toContainText('2 imported, 1 not imported');
  await expect(importDialog.getByRole('table', { name: 'Rows not imported' })).toContainText('Email: Please enter a valid email');
  await shoot(page, 'crm-import');
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('link', { name: 'Tanaka, Aiko' })).toBeVisible();
  // The second Aiko has the same email: flagged, with a link to the first.
  const twin = page.getByRole('row').filter({ hasText: 'Twin, Aiko' });
  await expect(twin.getByText('Possible duplicate of')).toBeVisible();
  await twin.getByRole('link', { name: 'Aiko Tanaka' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aiko Tanaka' })).toBeVisible();
});
