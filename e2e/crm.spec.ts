import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { arrowTo, liftCard, newCompany, ORIGIN, shoot, signedIn, signUpViaApi, uniqueEmail } from './helpers';

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
  await expect(member.getByRole('button', { name: 'Convert' })).toHaveAttribute('aria-disabled', 'true');
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
    route.request().method() === 'PATCH' ? route.fulfill({ status: 409, json: { error: { code: 'version_conflict', message: 'Someone else changed this record. Reload it and try again.' } } }) : route.continue(),
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
  await member.getByLabel('Stage', { exact: true }).selectOption({ label: 'Closed Won' });
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

const NOT_QUALIFIED = 'Only a qualified lead can be converted. Edit the lead and set its status to Qualified first.';

test('CRM: converting a lead of a company that is already a client proposes that client, and the lead’s activity comes along', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { users, entityId } = await setUp(page);
  const api = page.context().request;
  expect((await api.post('/api/crm/clients', { headers: { origin: ORIGIN }, data: { entityId, name: 'Contoso Ltd', status: 'prospect' } })).status()).toBe(201);
  const member = await signedIn(browser, users.member);

  // The member adds a lead whose company is typed a little differently.
  await member.goto('/crm/leads');
  await member.getByRole('button', { name: 'Add Lead' }).first().click();
  let dialog = member.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Lena Ortiz');
  await dialog.getByLabel('Company Name').fill('contoso  ltd');
  await dialog.getByLabel('Source').selectOption({ label: 'Referral' });
  await dialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(dialog).toBeHidden();
  await member.getByRole('link', { name: 'Lena Ortiz' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Lena Ortiz' })).toBeVisible();

  // Not Qualified yet: Convert is there but unavailable, and says why, by keyboard too.
  const convert = member.getByRole('button', { name: 'Convert' });
  await expect(convert).toHaveAttribute('aria-disabled', 'true');
  await expect(convert).toHaveAccessibleDescription(NOT_QUALIFIED);
  await member.getByRole('button', { name: 'Edit' }).focus();
  await member.keyboard.press('Tab');
  await expect(convert).toBeFocused();
  await expect(member.getByRole('tooltip')).toHaveText(NOT_QUALIFIED);
  await member.keyboard.press('Enter');
  await expect(member.getByRole('dialog')).toHaveCount(0);
  await shoot(member, 'crm-lead-not-qualified');

  // A call logged on the lead.
  await member.getByLabel('Type').selectOption({ label: 'Call' });
  await member.getByLabel('What happened').fill('First call: wants a pilot');
  await member.getByRole('button', { name: 'Log Activity' }).click();
  await expect(member.getByRole('list', { name: 'Activity timeline' }).getByText('First call: wants a pilot')).toBeVisible();

  // Qualified, then converted: the existing client is proposed and chosen.
  await member.getByRole('button', { name: 'Edit' }).click();
  dialog = member.getByRole('dialog');
  await dialog.getByLabel('Status').selectOption({ label: 'Qualified' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(convert).not.toHaveAttribute('aria-disabled');
  await convert.click();
  dialog = member.getByRole('dialog');
  const client = dialog.getByLabel('Client');
  await expect(client.locator('option:checked')).toHaveText('Contoso Ltd (existing client)');
  await expect(client).toHaveAccessibleDescription(/Contoso Ltd is already a client: Lena Ortiz joins it/);
  await expect(client.locator('option', { hasText: 'New client: contoso ltd' })).toHaveCount(1);
  await expect(dialog.getByLabel('Opportunity Name')).toHaveValue('Contoso Ltd deal');
  await expectAccessible(member);
  await shoot(member, 'crm-convert-existing-client');
  await dialog.getByRole('button', { name: 'Convert' }).click();

  // The opportunity, the client and the contact each show the lead's call.
  await expect(member.getByRole('heading', { level: 1, name: 'Contoso Ltd deal' })).toBeVisible();
  const timeline = member.getByRole('list', { name: 'Activity timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText('from the lead Lena Ortiz');
  await expect(timeline).toContainText('First call: wants a pilot');
  await member.getByRole('link', { name: 'Contoso Ltd' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Contoso Ltd' })).toBeVisible();
  await expect(timeline.getByText('First call: wants a pilot')).toBeVisible();
  await shoot(member, 'crm-client-with-lead-activity');
  await member.getByRole('link', { name: 'Lena Ortiz' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Lena Ortiz' })).toBeVisible();
  await expect(timeline.getByText('First call: wants a pilot')).toBeVisible();
  await member.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(member.getByRole('link', { name: 'Contoso Ltd', exact: true })).toHaveCount(1);

  // A second lead of that company, where the member chooses a new client after all.
  const lead = await api.post('/api/crm/leads', { headers: { origin: ORIGIN }, data: { entityId, name: 'Ravi Patel', companyName: 'CONTOSO LTD', source: 'event', status: 'qualified' } });
  await member.goto(`/crm/leads/${((await lead.json()) as { id: string }).id}`);
  await member.getByRole('button', { name: 'Convert' }).click();
  dialog = member.getByRole('dialog');
  await dialog.getByLabel('Client').selectOption({ label: 'New client: CONTOSO LTD' });
  await expect(dialog.getByLabel('Client')).toHaveAccessibleDescription('A second client is added beside Contoso Ltd, which has the same name.');
  await dialog.getByLabel('Opportunity Name').fill('Patel rollout');
  await dialog.getByRole('button', { name: 'Convert' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Patel rollout' })).toBeVisible();
  await member.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(member.getByRole('link', { name: 'Contoso Ltd', exact: true })).toHaveCount(1);
  await expect(member.getByRole('link', { name: 'CONTOSO LTD', exact: true })).toHaveCount(1);
});

test('CRM: a won deal makes a customer; the board reaches every stage at 1366 px and on a phone; totals, dates and owners read right', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { users, entityId } = await setUp(page);
  const api = page.context().request;
  const res = await api.post('/api/crm/clients', { headers: { origin: ORIGIN }, data: { entityId, name: 'Fabrikam', status: 'prospect' } });
  const fabrikam = (await res.json()) as { id: string };
  const deal = await api.post('/api/crm/opportunities', {
    headers: { origin: ORIGIN },
    data: { entityId, clientId: fabrikam.id, name: 'Fabrikam pilot', amountMinor: 200_000, stage: 'negotiation', expectedCloseDate: '2027-02-01' },
  });
  expect(deal.status()).toBe(201);
  const member = await signedIn(browser, users.member);
  await member.goto('/crm');
  await expect(kpi(member, 'Total Customers')).toHaveText('0');

  // A laptop: six columns do not fit beside the sidebar; the board says so and scrolls to each.
  await member.setViewportSize({ width: 1366, height: 768 });
  await member.getByRole('link', { name: 'Opportunities', exact: true }).click();
  const column = (name: string) => member.getByRole('listitem').filter({ has: member.getByRole('heading', { level: 2, name }) });
  const heading = (name: string) => member.getByRole('heading', { level: 2, name });
  await expect(column('Negotiation').getByText('Fabrikam pilot')).toBeVisible();
  await expect(column('Qualification').getByText('Total $0.00')).toBeVisible();
  await expect(member.getByText(/^Total 0$/)).toHaveCount(0);
  await expect(heading('Closed Lost')).not.toBeInViewport();
  await expect(member.getByText(/^Stages 1–\d of 6: scroll sideways for the others\.$/)).toBeVisible();
  await expect(member.getByRole('region', { name: 'Pipeline board' })).toHaveAccessibleDescription(/^Stages 1–\d of 6/);
  await expectAccessible(member);
  await shoot(member, 'crm-board', [1366]);
  const later = member.getByRole('button', { name: 'Later stages' });
  await later.focus();
  for (let i = 0; i < 6 && (await later.isEnabled()); i++) await member.keyboard.press('Enter');
  await expect(later).toBeDisabled();
  await expect(later).toBeFocused();
  await expect(heading('Closed Lost')).toBeInViewport();
  await expect(member.getByText(/^Stages \d–6 of 6: scroll sideways for the others\.$/)).toBeVisible();
  await shoot(member, 'crm-board-end', [1366]);

  // Won by keyboard at this width: the client becomes a customer.
  await liftCard(member, 'Move Fabrikam pilot');
  await arrowTo(member, 'ArrowRight', 'Closed Won');
  await member.keyboard.press('Space');
  await expect(member.getByText('Fabrikam pilot moved to Closed Won')).toBeVisible();
  await expect(column('Closed Won').getByText('Fabrikam pilot')).toBeVisible();
  await member.goto('/crm/clients');
  await expect(member.getByRole('row').filter({ hasText: 'Fabrikam' })).toContainText('Active');
  await member.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(kpi(member, 'Total Customers')).toHaveText('1');

  // A phone: the same board, column by column, with the buttons or by keyboard on the region.
  await member.setViewportSize({ width: 375, height: 800 });
  await member.goto('/crm/opportunities');
  await expect(heading('Prospecting')).toBeInViewport();
  await expect(heading('Closed Lost')).not.toBeInViewport();
  const board = member.getByRole('region', { name: 'Pipeline board' });
  await board.focus();
  await member.keyboard.press('ArrowRight');
  await expect.poll(() => board.evaluate((b) => b.scrollLeft)).toBeGreaterThan(0);
  // Tapped until the last stage is shown, a column a tap (forced: it turns unavailable at the end, maybe while a tap is on its way).
  await expect(async () => {
    if (await later.isEnabled()) await later.click({ force: true });
    await expect(later).toBeDisabled({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(heading('Closed Lost')).toBeInViewport();
  await shoot(member, 'crm-board-phone', [375]);
  await member.setViewportSize({ width: 1280, height: 900 });

  // The list's dates read like every other screen's.
  await member.getByRole('button', { name: 'List' }).click();
  const row = member.getByRole('table', { name: 'Opportunities' }).getByRole('row').filter({ hasText: 'Fabrikam pilot' });
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  await expect(row).toContainText(today);
  await expect(row).toContainText('Feb 1, 2027');
  await expect(row).not.toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
  await shoot(member, 'crm-opportunities-list-dates');

  // The owner list names the signed-in user once, as Me.
  await member.getByRole('button', { name: 'Add Opportunity' }).click();
  const owners = member.getByRole('dialog').getByLabel('Owner').locator('option');
  await expect(owners.first()).toHaveText('Me');
  await expect(owners).toContainText(['Me', 'Grace Hopper']);
  await expect(owners.filter({ hasText: 'member User' })).toHaveCount(0);
  await shoot(member, 'crm-opportunity-owner');
});
