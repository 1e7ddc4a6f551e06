import { expect, test, type Locator, type Page } from '@playwright/test';
import { arrowTo, liftCard, newCompany, ORIGIN, signUpViaApi, uniqueEmail } from '../helpers';

/**
 * Form walks (issue 31): every CRM dialog that saves is opened, every one of its fields changed,
 * the dialog saved and the page reloaded; each change must then be on the page, read back from
 * the server. The company has two entities, so each Add dialog has its Entity field too; the
 * records go into the second (United Kingdom: amounts in GBP), where a second CRM user can own
 * them.
 */

interface Walk {
  page: Page;
  entityId: string;
  branchId: string;
  /** The second user, with CRM at the branch: an owner to choose. */
  seller: string;
}

async function setUp(page: Page): Promise<Walk> {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId, organizationId } = await signUpViaApi(page, newCompany({ productNames: ['CRM'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const crm = products.items.find((p) => p.type === 'crm')!.id;
  const branch = await api.post('/api/entities', { headers: { origin: ORIGIN }, data: { name: 'Walk Branch', organizationId, country: 'United Kingdom', productIds: [crm] } });
  expect(branch.status()).toBe(201);
  const branchId = ((await branch.json()) as { id: string }).id;
  const seller = await api.post('/api/users', {
    headers: { origin: ORIGIN },
    data: {
      firstName: 'Sam',
      lastName: 'Seller',
      email: uniqueEmail('seller'),
      password: 'secret123',
      confirmPassword: 'secret123',
      access: [{ productId: crm, entityId: branchId, roleType: 'member' }],
    },
  });
  expect(seller.status()).toBe(201);
  return { page, entityId, branchId, seller: 'Sam Seller' };
}

/** A field of a record's Details card, by its label. */
const detail = (page: Page, label: string): Locator => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

async function save(dialog: Locator, button: string) {
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.context().request.post(`/api${path}`, { headers: { origin: ORIGIN }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

test('CRM form walk: Add Client and Edit Client', async ({ page }) => {
  const { seller } = await setUp(page);
  await page.goto('/crm/clients');
  await page.getByRole('button', { name: 'Add Client' }).first().click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Entity').selectOption({ label: 'Walk Branch' });
  await dialog.getByLabel('Name', { exact: true }).fill('Northwind Traders');
  await dialog.getByLabel('Website').fill('northwind.example');
  await dialog.getByLabel('Industry').fill('Wholesale');
  await dialog.getByLabel('Status').selectOption({ label: 'Active' });
  await dialog.getByLabel('Owner').selectOption({ label: seller });
  await save(dialog, 'Add Client');
  await page.reload();
  await page.getByRole('link', { name: 'Northwind Traders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Traders' })).toBeVisible();
  await page.reload();
  await expect(detail(page, 'Status')).toHaveText('Active');
  await expect(detail(page, 'Owner')).toHaveText(seller);
  await expect(detail(page, 'Website')).toHaveText('northwind.example');
  await expect(detail(page, 'Industry')).toHaveText('Wholesale');
  await expect(detail(page, 'Entity')).toHaveText('Walk Branch');

  await page.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Northwind Holdings');
  await dialog.getByLabel('Website').fill('https://holdings.example/about');
  await dialog.getByLabel('Industry').fill('Logistics');
  await dialog.getByLabel('Status').selectOption({ label: 'Inactive' });
  await dialog.getByLabel('Owner').selectOption({ label: 'No owner' });
  await save(dialog, 'Save Changes');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Holdings' })).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Inactive');
  await expect(detail(page, 'Owner')).toHaveText('—');
  await expect(detail(page, 'Website')).toHaveText('https://holdings.example/about');
  await expect(detail(page, 'Industry')).toHaveText('Logistics');
});

test('CRM form walk: Add Contact and Edit Contact', async ({ page }) => {
  const { branchId } = await setUp(page);
  await post(page, '/crm/clients', { entityId: branchId, name: 'Fabrikam' });
  await post(page, '/crm/clients', { entityId: branchId, name: 'Tailspin Toys' });
  await page.goto('/crm/contacts');
  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Entity').selectOption({ label: 'Walk Branch' });
  await dialog.getByLabel('First Name').fill('Aiko');
  await dialog.getByLabel('Last Name').fill('Tanaka');
  await dialog.getByLabel('Email').fill('aiko@fabrikam.example');
  await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
  await dialog.getByLabel('Job Title').fill('Buyer');
  await dialog.getByLabel('Client').selectOption({ label: 'Fabrikam' });
  await save(dialog, 'Add Contact');
  await page.reload();
  await page.getByRole('link', { name: 'Tanaka, Aiko' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Aiko Tanaka' })).toBeVisible();
  await expect(detail(page, 'Email')).toHaveText('aiko@fabrikam.example');
  await expect(detail(page, 'Phone')).toHaveText('+44 20 7946 0000');
  await expect(detail(page, 'Job Title')).toHaveText('Buyer');
  await expect(detail(page, 'Client')).toHaveText('Fabrikam');
  await expect(detail(page, 'Entity')).toHaveText('Walk Branch');

  await page.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill('Aiko M.');
  await dialog.getByLabel('Last Name').fill('Tanaka-Smith');
  await dialog.getByLabel('Email').fill('aiko@tailspin.example');
  await dialog.getByLabel('Phone').fill('+44 161 496 0000');
  await dialog.getByLabel('Job Title').fill('Head of Purchasing');
  await dialog.getByLabel('Client').selectOption({ label: 'Tailspin Toys' });
  await save(dialog, 'Save Changes');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Aiko M. Tanaka-Smith' })).toBeVisible();
  await expect(detail(page, 'Email')).toHaveText('aiko@tailspin.example');
  await expect(detail(page, 'Phone')).toHaveText('+44 161 496 0000');
  await expect(detail(page, 'Job Title')).toHaveText('Head of Purchasing');
  await expect(detail(page, 'Client')).toHaveText('Tailspin Toys');
});

test('CRM form walk: Add Lead, Edit Lead and Convert Lead', async ({ page }) => {
  const { seller } = await setUp(page);
  await page.goto('/crm/leads');
  await page.getByRole('button', { name: 'Add Lead' }).first().click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Entity').selectOption({ label: 'Walk Branch' });
  await dialog.getByLabel('Name', { exact: true }).fill('Lena Ortiz');
  await dialog.getByLabel('Company Name').fill('Litware');
  await dialog.getByLabel('Email').fill('lena@litware.example');
  await dialog.getByLabel('Source').selectOption({ label: 'Event' });
  await dialog.getByLabel('Status').selectOption({ label: 'Contacted' });
  await dialog.getByLabel('Owner').selectOption({ label: seller });
  await save(dialog, 'Add Lead');
  await page.reload();
  await page.getByRole('link', { name: 'Lena Ortiz' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Lena Ortiz' })).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Contacted');
  await expect(detail(page, 'Source')).toHaveText('Event');
  await expect(detail(page, 'Email')).toHaveText('lena@litware.example');
  await expect(detail(page, 'Company Name')).toHaveText('Litware');
  await expect(detail(page, 'Owner')).toHaveText(seller);
  await expect(detail(page, 'Entity')).toHaveText('Walk Branch');

  await page.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Lena M. Ortiz');
  await dialog.getByLabel('Company Name').fill('Litware Inc');
  await dialog.getByLabel('Email').fill('l.ortiz@litware.example');
  await dialog.getByLabel('Source').selectOption({ label: 'Outbound' });
  await dialog.getByLabel('Status').selectOption({ label: 'Qualified' });
  await dialog.getByLabel('Owner').selectOption({ label: 'Grace Hopper' });
  await save(dialog, 'Save Changes');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Lena M. Ortiz' })).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Qualified');
  await expect(detail(page, 'Source')).toHaveText('Outbound');
  await expect(detail(page, 'Email')).toHaveText('l.ortiz@litware.example');
  await expect(detail(page, 'Company Name')).toHaveText('Litware Inc');
  await expect(detail(page, 'Owner')).toHaveText('Grace Hopper');

  // Convert Lead: every field of the dialog (the client stays "New client: …", there is none of that name).
  await page.getByRole('button', { name: 'Convert' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Client')).toHaveValue('');
  await expect(dialog.getByLabel('Client').locator('option:checked')).toHaveText('New client: Litware Inc');
  await dialog.getByLabel('Opportunity Name').fill('Litware rollout');
  await dialog.getByLabel('Amount (GBP)').fill('4,200.50');
  await dialog.getByLabel('Expected Close Date').fill('2027-02-01');
  await dialog.getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Litware rollout' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Litware rollout' })).toBeVisible();
  await expect(detail(page, 'Amount')).toHaveText('£4,200.50');
  await expect(detail(page, 'Expected Close Date')).toHaveText('Feb 1, 2027');
  await expect(detail(page, 'Stage')).toHaveText('Prospecting');
  await page.getByRole('link', { name: 'Litware Inc' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Litware Inc' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lena M. Ortiz' })).toBeVisible();
});

test('CRM form walk: Add Opportunity, Edit Opportunity and Mark as Closed Lost', async ({ page }) => {
  const { branchId, seller } = await setUp(page);
  const contoso = await post<{ id: string }>(page, '/crm/clients', { entityId: branchId, name: 'Contoso' });
  await post(page, '/crm/clients', { entityId: branchId, name: 'Adventure Works' });
  await page.goto('/crm/opportunities');
  await page.getByRole('button', { name: 'Add Opportunity' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Entity').selectOption({ label: 'Walk Branch' });
  await dialog.getByLabel('Name', { exact: true }).fill('Contoso renewal');
  await dialog.getByLabel('Client').selectOption({ label: 'Contoso' });
  await dialog.getByLabel('Amount (GBP)').fill('12000');
  await dialog.getByLabel('Expected Close Date').fill('2027-03-15');
  await dialog.getByLabel('Stage').selectOption({ label: 'Proposal' });
  await dialog.getByLabel('Owner').selectOption({ label: seller });
  await save(dialog, 'Add Opportunity');
  await page.reload();
  await page.getByRole('link', { name: 'Contoso renewal' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Contoso renewal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contoso', exact: true })).toBeVisible();
  await expect(detail(page, 'Stage')).toHaveText('Proposal');
  await expect(detail(page, 'Amount')).toHaveText('£12,000.00');
  await expect(detail(page, 'Expected Close Date')).toHaveText('Mar 15, 2027');
  await expect(detail(page, 'Owner')).toHaveText(seller);
  await expect(detail(page, 'Entity')).toHaveText('Walk Branch');

  await page.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Adventure Works expansion');
  await dialog.getByLabel('Client').selectOption({ label: 'Adventure Works' });
  await dialog.getByLabel('Amount (GBP)').fill('15,500.25');
  await dialog.getByLabel('Expected Close Date').fill('2027-04-30');
  await dialog.getByLabel('Stage').selectOption({ label: 'Closed Lost' });
  await dialog.getByLabel('Lost Reason').fill('Chose a competitor');
  await dialog.getByLabel('Owner').selectOption({ label: 'No owner' });
  await save(dialog, 'Save Changes');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Adventure Works expansion' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Adventure Works', exact: true })).toBeVisible();
  await expect(detail(page, 'Stage')).toHaveText('Closed Lost');
  await expect(detail(page, 'Lost Reason')).toHaveText('Chose a competitor');
  await expect(detail(page, 'Amount')).toHaveText('£15,500.25');
  await expect(detail(page, 'Expected Close Date')).toHaveText('Apr 30, 2027');
  await expect(detail(page, 'Owner')).toHaveText('—');

  // The board's own dialog: moving a deal to Closed Lost asks why.
  const deal = await post<{ id: string }>(page, '/crm/opportunities', { entityId: branchId, clientId: contoso.id, name: 'Board deal' });
  await page.goto(`/crm/opportunities?entity=${branchId}`);
  await liftCard(page, 'Move Board deal');
  for (const stage of ['Qualification', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost']) await arrowTo(page, 'ArrowRight', stage);
  await page.keyboard.press('Space');
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Mark as Closed Lost' })).toBeVisible();
  await dialog.getByLabel('Lost Reason').fill('Budget frozen');
  await dialog.getByRole('button', { name: 'Mark as Lost' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Board deal moved to Closed Lost')).toBeVisible();
  await page.goto(`/crm/opportunities/${deal.id}`);
  await page.reload();
  await expect(detail(page, 'Stage')).toHaveText('Closed Lost');
  await expect(detail(page, 'Lost Reason')).toHaveText('Budget frozen');
});

test('CRM form walk: Log Activity with a two-line note, on a lead', async ({ page }) => {
  const { branchId } = await setUp(page);
  const lead = await post<{ id: string }>(page, '/crm/leads', { entityId: branchId, name: 'Noah Walker', source: 'website' });
  await page.goto(`/crm/leads/${lead.id}`);
  await page.getByLabel('Type').selectOption({ label: 'Meeting' });
  await page.getByLabel('What happened').fill('Met at the trade fair.\nWants a quote by Friday.');
  await page.getByRole('button', { name: 'Log Activity' }).click();
  await expect(page.getByText('Activity logged')).toBeVisible();
  await page.reload();
  const entry = page.getByRole('list', { name: 'Activity timeline' }).getByRole('listitem').first();
  await expect(entry).toContainText('Meeting by Grace Hopper');
  // Both lines, shown as two lines (innerText keeps the line break that toHaveText would fold).
  expect(await entry.locator('p').nth(1).evaluate((p) => (p as HTMLElement).innerText)).toBe('Met at the trade fair.\nWants a quote by Friday.');
});

test('CRM form walk: Import Contacts and Import Leads', async ({ page }) => {
  const { branchId } = await setUp(page);
  await post(page, '/crm/clients', { entityId: branchId, name: 'Northwind' });
  await page.goto(`/crm/contacts?entity=${branchId}`);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('First Name,Last Name,Email,Phone,Job Title,Client\nMaria,Anders,maria@northwind.example,+49 30 1234,Owner,Northwind\n'),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('status')).toContainText('1 imported, 0 not imported');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await page.getByRole('link', { name: 'Anders, Maria' }).click();
  await page.reload();
  await expect(detail(page, 'Email')).toHaveText('maria@northwind.example');
  await expect(detail(page, 'Phone')).toHaveText('+49 30 1234');
  await expect(detail(page, 'Job Title')).toHaveText('Owner');
  await expect(detail(page, 'Client')).toHaveText('Northwind');

  await page.goto(`/crm/leads?entity=${branchId}`);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'leads.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Name,Company Name,Email,Source,Status\nOlga Petrova,Proseware,olga@proseware.example,Referral,Qualified\n'),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('status')).toContainText('1 imported, 0 not imported');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await page.getByRole('link', { name: 'Olga Petrova' }).click();
  await page.reload();
  await expect(detail(page, 'Company Name')).toHaveText('Proseware');
  await expect(detail(page, 'Email')).toHaveText('olga@proseware.example');
  await expect(detail(page, 'Source')).toHaveText('Referral');
  await expect(detail(page, 'Status')).toHaveText('Qualified');
});
