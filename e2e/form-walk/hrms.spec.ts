/**
 * Form walks (issue 31): every HRMS dialog and form that saves, walked as a user does: open it,
 * change every field, save, reload the page, and find every change on the page. A save that
 * fails, or a field that is not saved or not shown, fails the walk (the Edit Employee walk caught
 * 'Unrecognized key: "entityId"'). None of these forms has a multi-line field: Reason, Comment and a
 * holiday's name are one line.
 */
import { expect, test, type Page } from '@playwright/test';
import { newCompany, ORIGIN, shoot, signedIn, signUpViaApi, uniqueEmail } from '../helpers';

const YEAR = new Date().getUTCFullYear();

/** "Mar 4, 2024": how the pages show a calendar day. */
const shown = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The value of a field on a record page (a description list). */
const detail = (page: Page, term: string) => page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd');

/** A company with HRMS in two entities, two HRMS users at the first, and one employee in each entity. */
async function setUp(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const company = newCompany({ productNames: ['HRMS'] });
  const { entityId, organizationId } = await signUpViaApi(page, company);
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const hrms = products.items.find((p) => p.type === 'hrms')!.id;
  const second = await api.post('/api/entities', { headers: { origin: ORIGIN }, data: { name: 'Second Branch', organizationId, country: 'Other', productIds: [hrms] } });
  expect(second.status()).toBe(201);
  const secondId = ((await second.json()) as { id: string }).id;
  const user = async (firstName: string, role: 'app_admin' | 'member') => {
    const email = uniqueEmail(firstName.toLowerCase());
    const res = await api.post('/api/users', {
      headers: { origin: ORIGIN },
      data: { firstName, lastName: 'User', email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: hrms, entityId, roleType: role }] },
    });
    expect(res.status()).toBe(201);
    return { id: ((await res.json()) as { id: string }).id, email, label: `${firstName} User (${email})` };
  };
  const employee = async (entity: string, firstName: string, lastName: string, extra: Record<string, unknown> = {}) => {
    const res = await api.post('/api/hrms/employees', {
      headers: { origin: ORIGIN },
      data: { entityId: entity, firstName, lastName, workEmail: uniqueEmail(firstName.toLowerCase()), employmentType: 'full_time', startDate: '2024-01-15', ...extra },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const hr = await user('Hanna', 'app_admin');
  const staff = await user('Sam', 'member');
  return { company, entityId, secondId, hr, staff, employee };
}

test('Add Employee: every field, saved and shown after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const { company, secondId, employee } = await setUp(page);
  await employee(secondId, 'Bo', 'Boss');
  await page.goto('/hrms/employees');
  await page.getByRole('button', { name: 'Add Employee' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Employee' });
  const email = uniqueEmail('walk');
  await dialog.getByLabel('Entity').selectOption({ label: 'Second Branch' });
  await dialog.getByLabel('First Name').fill('Wanda');
  await dialog.getByLabel('Last Name').fill('Walker');
  await dialog.getByLabel('Work Email').fill(email);
  await dialog.getByLabel('Job Title').fill('Site Manager');
  await dialog.getByLabel('Department').fill('Operations');
  await dialog.getByLabel('Employment Type').selectOption({ label: 'Contractor' });
  await dialog.getByLabel('Start Date').fill('2024-03-04');
  await dialog.getByLabel('Manager').selectOption({ label: 'Bo Boss' });
  const grace = `${company.firstName} ${company.lastName} (${company.email})`;
  await dialog.getByLabel('User Account').selectOption({ label: grace });
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByText('Employee added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('link', { name: 'Walker, Wanda' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Wanda Walker' })).toBeVisible();
  await expect(detail(page, 'Work Email')).toHaveText(email);
  await expect(detail(page, 'Job Title')).toHaveText('Site Manager');
  await expect(detail(page, 'Department')).toHaveText('Operations');
  await expect(detail(page, 'Employment Type')).toHaveText('Contractor');
  await expect(detail(page, 'Entity')).toHaveText('Second Branch');
  await expect(detail(page, 'Start Date')).toHaveText(shown('2024-03-04'));
  await expect(detail(page, 'Manager')).toHaveText('Bo Boss');
  // The linked account is shown in the form.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog').getByLabel('User Account').locator('option:checked')).toHaveText(grace);
});

test('Edit Employee (an HRMS App Admin): every field, saved and shown after a reload', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { entityId, hr, staff, employee } = await setUp(page);
  const id = await employee(entityId, 'Eve', 'Before', { jobTitle: 'Engineer', department: 'Engineering' });
  await employee(entityId, 'Max', 'Manager');
  const admin = await signedIn(browser, hr.email);
  await admin.goto(`/hrms/employees/${id}`);
  await admin.getByRole('button', { name: 'Edit' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit Employee' });
  const email = uniqueEmail('after');
  await dialog.getByLabel('First Name').fill('Evelyn');
  await dialog.getByLabel('Last Name').fill('After');
  await dialog.getByLabel('Work Email').fill(email);
  await dialog.getByLabel('Job Title').fill('Staff Engineer');
  await dialog.getByLabel('Department').fill('Platform');
  await dialog.getByLabel('Employment Type').selectOption({ label: 'Part-time' });
  await dialog.getByLabel('Start Date').fill('2023-09-01');
  await dialog.getByLabel('Manager').selectOption({ label: 'Max Manager' });
  await dialog.getByLabel('User Account').selectOption({ label: staff.label });
  await shoot(admin, 'hrms-edit-employee');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByText('Employee updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await admin.reload();
  await expect(admin.getByRole('heading', { level: 1, name: 'Evelyn After' })).toBeVisible();
  await expect(detail(admin, 'Work Email')).toHaveText(email);
  await expect(detail(admin, 'Job Title')).toHaveText('Staff Engineer');
  await expect(detail(admin, 'Department')).toHaveText('Platform');
  await expect(detail(admin, 'Employment Type')).toHaveText('Part-time');
  await expect(detail(admin, 'Start Date')).toHaveText(shown('2023-09-01'));
  await expect(detail(admin, 'Manager')).toHaveText('Max Manager');
  await admin.getByRole('button', { name: 'Edit' }).click();
  await expect(admin.getByRole('dialog').getByLabel('User Account').locator('option:checked')).toHaveText(staff.label);
});

test('Terminate Employee: the last day, saved and shown after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const { entityId, employee } = await setUp(page);
  const id = await employee(entityId, 'Tom', 'Leaving');
  await page.goto(`/hrms/employees/${id}`);
  await page.getByRole('button', { name: 'Terminate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terminate Employee' });
  await dialog.getByLabel('Last Day').fill(`${YEAR}-12-31`);
  await dialog.getByRole('button', { name: 'Terminate' }).click();
  await expect(page.getByText('Employee terminated')).toBeVisible();
  await page.reload();
  await expect(detail(page, 'End Date')).toHaveText(shown(`${YEAR}-12-31`));
  await expect(detail(page, 'Status')).toHaveText('Leaving 31 Dec');
});

test('Leave types: a new type with its policy and a changed policy, saved and shown after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const { entityId } = await setUp(page);
  await page.goto(`/hrms/settings?entity=${entityId}`);
  const types = page.getByRole('table', { name: /Leave types of Arlington/ });
  await expect(types.getByText('Annual')).toBeVisible();

  await page.getByRole('button', { name: 'Add Leave Type' }).click();
  const add = page.getByRole('dialog', { name: 'Add Leave Type' });
  await add.getByLabel('Name', { exact: true }).fill('Study');
  await add.getByLabel('Days per Year').fill('12');
  await add.getByLabel('Allowance').selectOption({ label: 'Accrued monthly' });
  await add.getByLabel('Carry-over Days').fill('2');
  await add.getByLabel('Carried Days Expire After (months)').fill('3');
  await add.getByLabel('Half days allowed').uncheck();
  await add.getByRole('button', { name: 'Add Leave Type' }).click();
  await expect(page.getByText('Leave type created')).toBeVisible();
  await expect(add).toBeHidden();

  await types.getByRole('button', { name: 'Edit Annual' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Leave Type' });
  await edit.getByLabel('Name', { exact: true }).fill('Annual Leave');
  await edit.getByLabel('Days per Year').fill('25');
  await edit.getByLabel('Carry-over Days').fill('5');
  await edit.getByLabel('Carried Days Expire After (months)').fill('6');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Leave type updated')).toBeVisible();

  await page.reload();
  const row = (name: string) => types.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');
  await expect(row('Study')).toHaveText(['Study', '12', 'Accrued monthly', 'Up to 2 days, expire after 3 months', 'Whole days only', 'Edit']);
  await expect(row('Annual Leave')).toHaveText(['Annual Leave', '25', 'Granted at the year’s start', 'Up to 5 days, expire after 6 months', 'Allowed', 'Edit']);
  // The form shows what was saved.
  await types.getByRole('button', { name: 'Edit Study' }).click();
  const again = page.getByRole('dialog', { name: 'Edit Leave Type' });
  await expect(again.getByLabel('Allowance')).toHaveValue('monthly');
  await expect(again.getByLabel('Half days allowed')).not.toBeChecked();
});

test('Holidays: a company holiday added, then changed, saved and shown after a reload; public holidays listed', async ({ page }) => {
  test.setTimeout(120_000);
  const { entityId } = await setUp(page);
  await page.goto(`/hrms/settings?entity=${entityId}`);
  const holidays = page.getByRole('table', { name: new RegExp(`^Holidays of Arlington .* in ${YEAR}$`) });
  // The sign-up entity is in the United States: Independence Day is a public holiday, read only.
  await expect(holidays.getByRole('row', { name: /Independence Day/ }).first()).toContainText('Public holiday');

  await page.getByRole('button', { name: 'Add Holiday' }).click();
  const add = page.getByRole('dialog', { name: 'Add Holiday' });
  await add.getByLabel('Date').fill(`${YEAR}-08-06`);
  await add.getByLabel('Name').fill('Founders Day');
  await add.getByRole('button', { name: 'Add Holiday' }).click();
  await expect(page.getByText('Holiday added')).toBeVisible();
  await shoot(page, 'hrms-settings-policies');

  await page.reload();
  await expect(holidays.getByRole('row', { name: /Founders Day/ }).getByRole('cell')).toHaveText([shown(`${YEAR}-08-06`), 'Founders Day', 'Company', '']);
  await holidays.getByRole('button', { name: 'Edit Founders Day' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Holiday' });
  await expect(edit.getByLabel('Date')).toHaveValue(`${YEAR}-08-06`);
  await edit.getByLabel('Date').fill(`${YEAR}-08-07`);
  await edit.getByLabel('Name').fill('Founders’ Day');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Holiday updated')).toBeVisible();

  await page.reload();
  await expect(holidays.getByRole('row', { name: /Founders’ Day/ }).getByRole('cell')).toHaveText([shown(`${YEAR}-08-07`), 'Founders’ Day', 'Company', '']);
  await holidays.getByRole('button', { name: 'Delete Founders’ Day' }).click();
  await expect(page.getByText('Holiday deleted')).toBeVisible();
  await page.reload();
  await expect(holidays.getByText('Founders’ Day')).toHaveCount(0);
});

test('Request Leave, then Approve with a comment: every field, saved and shown after a reload', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { entityId, staff, employee } = await setUp(page);
  await employee(entityId, 'Sam', 'Staff', { userId: staff.id });
  // This year's first Monday of March to the Wednesday (leave may be recorded after the fact, and
  // My Balances shows this year): three days less two halves.
  const monday = new Date(Date.UTC(YEAR, 2, 1));
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
  const first = monday.toISOString().slice(0, 10);
  const last = new Date(monday.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);

  const sam = await signedIn(browser, staff.email);
  await sam.goto('/hrms/leaves');
  await sam.getByRole('button', { name: 'Request Leave' }).click();
  const dialog = sam.getByRole('dialog', { name: 'Request Leave' });
  await dialog.getByLabel('Leave Type').selectOption({ label: 'Sick (10 days a year)' });
  await dialog.getByLabel('First Day', { exact: true }).fill(first);
  await dialog.getByLabel('Last Day', { exact: true }).fill(last);
  await dialog.getByLabel('First day: afternoon only').check();
  await dialog.getByLabel('Last day: morning only').check();
  await dialog.getByLabel('Reason (optional)').fill('Dentist, then recovery');
  await expect(dialog.getByText('This request uses 2 working days.')).toBeVisible();
  await shoot(sam, 'hrms-request-dialog');
  await dialog.getByRole('button', { name: 'Request Leave' }).click();
  await expect(sam.getByText('Leave requested')).toBeVisible();

  await sam.reload();
  const row = sam.getByRole('table', { name: 'Leave requests' }).getByRole('row', { name: /Sam Staff/ });
  await expect(row.getByRole('cell')).toHaveText(['Sam Staff', 'Sick', `${shown(first)} – ${shown(last)}`, '2', 'Pending', 'Cancel']);
  await shoot(sam, 'hrms-leaves-requested');
  await expect(sam.getByRole('term').filter({ hasText: 'Sick' }).locator('xpath=following-sibling::dd')).toContainText('8remaining of 10 · 0 taken, 2 pending');

  // The approver reads the reason in the Approve dialog and leaves a comment.
  await page.goto(`/hrms/leaves?entity=${entityId}`);
  await page.getByRole('button', { name: "Approve Sam Staff's leave" }).click();
  const approve = page.getByRole('dialog', { name: 'Approve Leave' });
  await expect(approve.getByText(/Reason: Dentist, then recovery/)).toBeVisible();
  await approve.getByLabel('Comment (optional)').fill('Get well soon');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Leave approved')).toBeVisible();
  await page.reload();
  const decided = page.getByRole('table', { name: 'Leave requests' }).getByRole('row', { name: /Sam Staff/ });
  await expect(decided.getByRole('cell').nth(4)).toHaveText('ApprovedGet well soon');
  await shoot(page, 'hrms-leaves-decided');
  await sam.reload();
  await expect(row.getByRole('cell').nth(4)).toHaveText('ApprovedGet well soon');
});
