/**
 * Onboarding and offboarding in the browser (issue 34): the checklist template dialogs walked as
 * a user does (every field changed, saved, found after a reload, the task's description on several
 * lines), then the checklists a new starter and a leaver get, the overdue first, ticked.
 */
import { expect, test, type Page } from '@playwright/test';
import { newCompany, ORIGIN, shoot, signUpViaApi, uniqueEmail } from './helpers';

/** A company with HRMS, and a viewer of its entity a template task can name. */
async function setUp(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  const api = page.context().request;
  const post = async (path: string, data: Record<string, unknown>, status = 201) => {
    const res = await api.post(`/api${path}`, { headers: { origin: ORIGIN }, data });
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()) as { id: string; version: number };
  };
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const hrms = products.items.find((p) => p.type === 'hrms')!.id;
  const email = uniqueEmail('nia');
  await post('/users', { firstName: 'Nia', lastName: 'Named', email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: hrms, entityId, roleType: 'viewer' }] });
  const employee = (firstName: string, lastName: string, startDate: string) =>
    post('/hrms/employees', { entityId, firstName, lastName, workEmail: uniqueEmail(firstName.toLowerCase()), employmentType: 'full_time', startDate });
  return { entityId, post, employee, niaLabel: `Nia Named (${email})` };
}

const saved = async (page: Page, dialog: ReturnType<Page['getByRole']>, button: string, message: string) => {
  await dialog.getByRole('button', { name: button }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(dialog).toBeHidden();
};

test('checklist templates: a template and a task, each added and edited with every field, shown after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const { niaLabel } = await setUp(page);
  await page.goto('/hrms/onboarding');
  await page.getByRole('link', { name: 'Checklist Templates' }).click();
  await expect(page.getByRole('heading', { name: 'Checklist Templates', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add Template' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add Checklist Template' });
  await dialog.getByLabel('Kind').selectOption({ label: 'Offboarding' });
  await dialog.getByLabel('Name').fill('Leavers');
  await dialog.getByLabel(/^Default/).click(); // on by default: now off
  await saved(page, dialog, 'Add Template', 'Template created');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Offboarding: Leavers' })).toBeVisible();
  await expect(page.getByText('Not the default: nobody gets it until it is made the default.')).toBeVisible();

  await page.getByRole('button', { name: 'Edit template Leavers' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Checklist Template' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Leavers');
  await dialog.getByLabel('Name').fill('Everyone leaving');
  await dialog.getByLabel(/^Default/).click();
  await saved(page, dialog, 'Save Changes', 'Template updated');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Offboarding: Everyone leaving' })).toBeVisible();
  await expect(page.getByText('Default: every new leaver gets it.')).toBeVisible();

  await page.getByRole('button', { name: 'Add a task to Everyone leaving' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Task' });
  await dialog.getByLabel('Title').fill('Collect the laptop');
  await dialog.getByLabel('Description').fill('Check the charger.\nWipe the disk.');
  await dialog.getByLabel('Assignee').selectOption({ label: 'A named user' });
  await dialog.getByLabel('User').selectOption({ label: niaLabel });
  await dialog.getByLabel('Due (days after the last day)').fill('3');
  await saved(page, dialog, 'Add Task', 'Task added');
  await page.reload();
  const tasks = page.getByRole('list', { name: 'Tasks of Everyone leaving' });
  await expect(tasks.getByText('Collect the laptop')).toBeVisible();
  await expect(tasks.getByText('Check the charger. Wipe the disk.')).toBeVisible();
  await expect(tasks.getByText('For Nia Named · 3 days after the last day')).toBeVisible();

  await page.getByRole('button', { name: 'Edit task Collect the laptop' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog.getByLabel('Description')).toHaveValue('Check the charger.\nWipe the disk.');
  await expect(dialog.getByLabel('User')).toHaveValue(/.+/);
  await dialog.getByLabel('Title').fill('Collect the laptop and badge');
  await dialog.getByLabel('Description').fill('Badge to reception.\nLaptop to IT.\nSay goodbye.');
  await dialog.getByLabel('Assignee').selectOption({ label: 'Manager' });
  await expect(dialog.getByLabel('User')).toBeHidden();
  await dialog.getByLabel('Due (days after the last day)').fill('-2');
  await saved(page, dialog, 'Save Changes', 'Task updated');
  await page.reload();
  await expect(tasks.getByText('Collect the laptop and badge')).toBeVisible();
  await expect(tasks.getByText('Badge to reception. Laptop to IT. Say goodbye.')).toBeVisible();
  await expect(tasks.getByText('For Manager · 2 days before the last day')).toBeVisible();
  await page.getByRole('button', { name: 'Edit task Collect the laptop and badge' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Task' }).getByLabel('Description')).toHaveValue('Badge to reception.\nLaptop to IT.\nSay goodbye.');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A refused field is named on the form, in words.
  await page.getByRole('button', { name: 'Add a task to Everyone leaving' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Task' });
  await dialog.getByLabel('Title').fill('Too late');
  await dialog.getByLabel('Due (days after the last day)').fill('400');
  await dialog.getByRole('button', { name: 'Add Task' }).click();
  await expect(dialog.getByText('Due must be a whole number of days from -365 to 365.')).toBeVisible();
  await shoot(page, 'templates-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await shoot(page, 'templates');
});

test('checklists: a starter and a leaver get theirs, the overdue first; ticking a task moves the bar', async ({ page }) => {
  test.setTimeout(120_000);
  const { entityId, post, employee } = await setUp(page);
  const year = new Date().getUTCFullYear();
  // Started before there was any template: no onboarding for them.
  const leaver = await employee('Lee', 'Leaver', `${year - 3}-01-01`);
  const onboarding = await post('/hrms/onboarding/templates', { entityId, kind: 'onboarding', name: 'First days', isDefault: true });
  await post(`/hrms/onboarding/templates/${onboarding.id}/tasks`, { title: 'Prepare the contract', assigneeKind: 'hr', dueOffsetDays: -3, description: 'Two copies.\nBoth signed.' });
  await post(`/hrms/onboarding/templates/${onboarding.id}/tasks`, { title: 'Order a laptop', assigneeKind: 'hr', dueOffsetDays: 0 });
  await post(`/hrms/onboarding/templates/${onboarding.id}/tasks`, { title: 'Meet the team', assigneeKind: 'manager', dueOffsetDays: 1 });
  const offboarding = await post('/hrms/onboarding/templates', { entityId, kind: 'offboarding', name: 'Last days', isDefault: true });
  await post(`/hrms/onboarding/templates/${offboarding.id}/tasks`, { title: 'Exit interview', assigneeKind: 'hr', dueOffsetDays: -5 });
  await post(`/hrms/onboarding/templates/${offboarding.id}/tasks`, { title: 'Return the badge', assigneeKind: 'employee', dueOffsetDays: 0 });
  await employee('Future', 'Starter', `${year + 1}-02-01`);
  const late = await employee('Late', 'Starter', `${year - 1}-02-01`);
  await post(`/hrms/employees/${leaver.id}/terminate`, { endDate: `${year + 1}-03-31`, version: leaver.version }, 200);

  await page.goto('/hrms/onboarding');
  const cards = page.locator('section[aria-label]');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toHaveAttribute('aria-label', 'Late Starter: First days');
  await expect(cards.first().getByText('3 overdue')).toBeVisible();
  await expect(cards.first().getByText('Two copies.')).toBeVisible();
  const late0 = cards.first().getByRole('progressbar', { name: 'Onboarding progress' });
  await expect(late0).toHaveAttribute('aria-valuenow', '0');
  await cards.first().getByRole('checkbox', { name: 'Prepare the contract' }).click();
  await expect(cards.first().getByText('1 of 3 tasks done')).toBeVisible();
  await expect(late0).toHaveAttribute('aria-valuenow', '33');
  await expect(cards.first().getByText('2 overdue')).toBeVisible();
  // The keyboard ticks too: Space on the focused box.
  await cards.first().getByRole('checkbox', { name: 'Order a laptop' }).focus();
  await page.keyboard.press('Space');
  await expect(cards.first().getByText('2 of 3 tasks done')).toBeVisible();
  await shoot(page, 'onboarding');

  await page.goto(`/hrms/employees/${late.id}`);
  await expect(page.getByRole('link', { name: 'Onboarding: First days' })).toBeVisible();
  await expect(page.getByText('2 of 3 tasks done')).toBeVisible();

  await page.goto('/hrms/offboarding');
  const leaving = page.getByRole('region', { name: 'Lee Leaver: Last days' });
  await expect(leaving.getByText(`Last day Mar 31, ${year + 1}`)).toBeVisible();
  await expect(leaving.getByText('For HR')).toHaveCount(2); // the employee has no account: HR does it
  await leaving.getByRole('checkbox', { name: 'Exit interview' }).click();
  await expect(leaving.getByText('1 of 2 tasks done')).toBeVisible();
  await shoot(page, 'offboarding');
});
