import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { newCompany, ORIGIN, shoot, signedIn, signUpViaApi, uniqueEmail } from './helpers';

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
  await page.getByRole('button', { name: 'Add Leave Type' }).first().click();
  const addType = page.getByRole('dialog', { name: 'Add Leave Type' });
  await addType.getByLabel('Name', { exact: true }).fill('Study');
  await addType.getByLabel('Days per Year', { exact: true }).fill('5');
  await addType.getByRole('button', { name: 'Add Leave Type' }).click();
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
  await expect(dialog.getByText('This request uses 2 working days.')).toBeVisible();
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

test('HRMS sidebar: working pages are links, the rest are "Soon" and say so in the frame; unknown paths 404 in the frame', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  await page.goto('/hrms');
  const nav = page.getByRole('navigation', { name: 'HRMS' });
  // Dashboard, Employees, Onboarding, Attendance, Leaves, Payroll, Employee Portal, Offboarding, Settings.
  await expect(nav.getByRole('link')).toHaveCount(9);
  await expect(nav.getByText('Performance', { exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Performance' })).toHaveCount(0);
  await page.goto('/hrms/performance');
  await expect(page.getByRole('heading', { level: 2, name: 'Performance is not available yet' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Employees' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'hrms-performance-not-available');
  await page.goto('/hrms/nonsense');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Employees' })).toBeVisible();
  await shoot(page, 'hrms-404');
});

/** A user of the company with HRMS at the entity and role, created through the API. */
async function addHrmsUser(page: Page, entityId: string, role: 'app_admin' | 'member', firstName: string) {
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await api.post('/api/users', {
    headers: { origin: ORIGIN },
    data: {
      firstName,
      lastName: 'User',
      email,
      password: 'secret123',
      confirmPassword: 'secret123',
      access: [{ productId: products.items.find((p) => p.type === 'hrms')!.id, entityId, roleType: role }],
    },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, email, label: `${firstName} User (${email})` };
}

async function addEmployeeViaApi(page: Page, entityId: string, firstName: string, lastName: string, extra: Record<string, unknown> = {}) {
  const res = await page.context().request.post('/api/hrms/employees', {
    headers: { origin: ORIGIN },
    data: { entityId, firstName, lastName, workEmail: uniqueEmail(firstName.toLowerCase()), employmentType: 'full_time', startDate: '2024-01-15', ...extra },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

test('Everyday use (issue 31): an HRMS App Admin edits an existing employee and links them to their user account; a super admin edits too', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  const hr = await addHrmsUser(page, entityId, 'app_admin', 'Hanna');
  const staff = await addHrmsUser(page, entityId, 'member', 'Sam');
  await addEmployeeViaApi(page, entityId, 'Sam', 'Staff');

  const admin = await signedIn(browser, hr.email);
  await admin.goto('/hrms/employees');
  await admin.getByRole('link', { name: 'Staff, Sam' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Sam Staff' })).toBeVisible();
  await admin.getByRole('button', { name: 'Edit' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit Employee' });
  await dialog.getByLabel('Job Title').fill('Support Lead');
  await dialog.getByLabel('User Account').selectOption({ label: staff.label });
  // HR corrects the personal contact details too (issue 34): the address takes two lines.
  await dialog.getByLabel('Personal Email').fill('sam@home.example');
  await dialog.getByLabel('Phone').fill('+44 20 7946 0018');
  await dialog.getByLabel('Address').fill('12 Mill Lane\nYork');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByText('Employee updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(/Unrecognized key/)).toHaveCount(0);
  await admin.reload();
  await expect(admin.getByRole('definition').filter({ hasText: 'Support Lead' })).toBeVisible();
  await expect(admin.getByRole('definition').filter({ hasText: 'sam@home.example' })).toBeVisible();
  await expect(admin.getByRole('definition').filter({ hasText: '+44 20 7946 0018' })).toBeVisible();
  await expect(admin.getByRole('definition').filter({ hasText: /12 Mill Lane\s+York/ })).toBeVisible();
  await admin.getByRole('button', { name: 'Edit' }).click();
  await expect(admin.getByRole('dialog').getByLabel('User Account')).toHaveValue(staff.id);
  await expect(admin.getByRole('dialog').getByLabel('Address')).toHaveValue('12 Mill Lane\nYork');
  await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Linked: Sam's own Leaves page now offers Request Leave, with Sam's balances.
  const sam = await signedIn(browser, staff.email);
  await sam.goto('/hrms/leaves');
  await expect(sam.getByRole('button', { name: 'Request Leave' })).toBeVisible();
  await expect(sam.getByRole('heading', { name: /My Balances/ })).toBeVisible();

  // The super admin edits the same record.
  await page.goto('/hrms/employees');
  await page.getByRole('link', { name: 'Staff, Sam' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByLabel('Department').fill('Customer Care');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Employee updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('definition').filter({ hasText: 'Customer Care' })).toBeVisible();
});

test('Everyday use (issue 31): statuses follow their dates in the list, its filter, the profile and the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  const year = new Date().getUTCFullYear();
  await addEmployeeViaApi(page, entityId, 'Lee', 'Leaver');

  // A hire who starts on 4 January next year.
  await page.goto('/hrms/employees');
  await page.getByRole('button', { name: 'Add Employee' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill('Nia');
  await dialog.getByLabel('Last Name').fill('Newcomer');
  await dialog.getByLabel('Work Email').fill(uniqueEmail('nia'));
  await dialog.getByLabel('Start Date').fill(`${year + 1}-01-04`);
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Newcomer, Nia/ }).getByText(`Starting 4 Jan ${year + 1}`, { exact: true })).toBeVisible();

  // A leaver whose last day is 31 December: Active until then.
  await page.getByRole('link', { name: 'Leaver, Lee' }).click();
  await page.getByRole('button', { name: 'Terminate' }).click();
  const terminate = page.getByRole('dialog', { name: 'Terminate Employee' });
  await terminate.getByLabel('Last Day').fill(`${year}-12-31`);
  await terminate.getByRole('button', { name: 'Terminate' }).click();
  await expect(page.getByText('Employee terminated')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Leaving 31 Dec$/ })).toBeVisible();
  // A last day is set once; Edit stays until it has passed.
  await expect(page.getByRole('button', { name: 'Terminate' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await shoot(page, 'hrms-employee-leaving');

  await page.getByRole('link', { name: 'Employees', exact: true }).first().click();
  await expect(page.getByRole('row', { name: /Leaver, Lee/ }).getByText('Leaving 31 Dec', { exact: true })).toBeVisible();
  await shoot(page, 'hrms-employees-dated');
  await page.getByLabel('Status').selectOption('Active');
  await expect(page.getByRole('link', { name: 'Leaver, Lee' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Newcomer, Nia' })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('Starting');
  await expect(page.getByRole('link', { name: 'Newcomer, Nia' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leaver, Lee' })).toHaveCount(0);

  // The dashboard counts the leaver, not the hire.
  await page.goto('/hrms');
  await expect(page.getByRole('term').filter({ hasText: 'Headcount' }).locator('xpath=following-sibling::dd')).toHaveText('1');
  await expect(page.getByRole('term').filter({ hasText: 'New hires this month' }).locator('xpath=following-sibling::dd')).toHaveText('0');
  await shoot(page, 'hrms-dashboard-dated');
});

test('Everyday use (issue 31): Import under "All entities" asks for the entity, and reads "Into Northwind Inc."', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { organizationId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const northwind = await api.post('/api/entities', {
    headers: { origin: ORIGIN },
    data: { name: 'Northwind Inc.', organizationId, country: 'Other', productIds: [products.items.find((p) => p.type === 'hrms')!.id] },
  });
  expect(northwind.status()).toBe(201);

  await page.goto('/hrms/employees');
  await expect(page.getByRole('combobox', { name: 'Entity' })).toHaveText(/All entities/);
  await expect(page.getByText('Add your first employee, or import a CSV file with one row per employee.')).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Employees' });
  await expect(dialog.getByText(/^Choose the entity the file goes into\. The first row names the columns/)).toBeVisible();
  await dialog.getByLabel('Entity').selectOption({ label: 'Northwind Inc.' });
  await expect(dialog.getByText(/^Into Northwind Inc\. The first row names the columns/)).toBeVisible();
  await shoot(page, 'hrms-import-dialog');
  const csv = `First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email\nIda,Import,${uniqueEmail('ida')},Analyst,Finance,Full-time,2024-03-01,\n`;
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 imported, 0 not imported.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: /Import, Ida/ }).getByRole('cell', { name: 'Northwind Inc.' })).toBeVisible();
});
