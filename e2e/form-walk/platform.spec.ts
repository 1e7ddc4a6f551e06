import { expect, test, type Locator, type Page } from '@playwright/test';
import { NOTIFICATION_CATEGORIES } from '../../src/shared/notifications';
import { newCompany, ORIGIN, shoot, signUpViaApi, uniqueEmail } from '../helpers';

/**
 * Form walks (issue 31): the platform's create and edit dialogs (organizations, entities, users)
 * and those of ATS and Projects, walked as a user does: open the dialog, change every field, save,
 * reload the page, and find every change on the page, read back from the server. Every multi-line
 * field gets two lines, which must come back as two lines (the line break was refused as a
 * control character). The entity dialog's products are walked where the entity is added; editing
 * them is another walk's.
 */

/** Two lines, as a user types them into a text box. */
const twoLines = (first: string, second: string) => `${first}\n${second}`;

/** "Mar 4, 2024": how the pages show a calendar day. */
const shown = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A field of a record's details (a description list), by its label. */
const detail = (page: Page, label: string): Locator => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/** The text as it reads on screen: innerText keeps a shown line break, which toHaveText would fold into a space. */
const onScreen = (locator: Locator) => locator.evaluate((element) => (element as HTMLElement).innerText.trim());

async function save(dialog: Locator, button: string, toast: string) {
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog.page().getByText(toast)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** A Radix select (a button and a list box): open it and choose. */
async function choose(page: Page, trigger: Locator, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
}

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.context().request.post(`/api${path}`, { headers: { origin: ORIGIN }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

async function productIds(page: Page) {
  const products = (await (await page.context().request.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  return Object.fromEntries(products.items.map((p) => [p.type, p.id])) as Record<'crm' | 'ats' | 'hrms' | 'projects', string>;
}

/**
 * A company with the module in two entities (so each Add dialog has its Entity field), and a
 * second user with the module at the second, to choose as a manager, lead, member or assignee.
 */
async function moduleCompany(page: Page, product: 'ATS' | 'Projects', firstName: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId, organizationId, company } = await signUpViaApi(page, newCompany({ productNames: [product] }));
  const ids = await productIds(page);
  const productId = product === 'ATS' ? ids.ats : ids.projects;
  const branch = await post<{ id: string }>(page, '/entities', { name: 'Walk Branch', organizationId, country: 'Canada', productIds: [productId] });
  const grants = [entityId, branch.id].map((id) => ({ productId, entityId: id, roleType: 'member' }));
  await post(page, '/users', { firstName, lastName: 'Second', email: uniqueEmail('second'), password: 'secret123', confirmPassword: 'secret123', access: grants });
  return { entityId, branchId: branch.id, admin: `${company.firstName} ${company.lastName}`, second: `${firstName} Second` };
}

test('Organizations: Add Organization and Edit Organization, saved and shown after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, newCompany({ productNames: ['CRM'] }));
  await page.goto('/organization-management');
  const table = page.getByRole('table');
  await page.getByRole('button', { name: 'Add Organization' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Organization' });
  await add.getByLabel('Organization Name').fill('Walk Europe');
  await save(add, 'Create Organization', 'Organization created successfully.');
  await page.reload();
  await expect(table.getByRole('cell', { name: 'Walk Europe', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Actions for Walk Europe' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Organization' });
  await edit.getByLabel('Organization Name').fill('Walk Europe & Africa');
  await save(edit, 'Update Organization', 'Organization updated successfully.');
  await page.reload();
  await expect(table.getByRole('cell', { name: 'Walk Europe & Africa', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Walk Europe', exact: true })).toHaveCount(0);
});

test('Entities: Add Entity (every field) and Edit Entity (name and country), saved and shown after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, newCompany({ productNames: ['CRM', 'HRMS'] }));
  await post(page, '/organizations', { name: 'Walk Americas' });
  await page.goto('/entity-management');
  await page.getByRole('button', { name: 'Add Entity' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Entity' });
  await add.getByLabel('Entity Name').fill('Toronto Office');
  await choose(page, add.getByLabel('Organization'), 'Walk Americas');
  await choose(page, add.getByLabel('Country'), 'Canada');
  await add.getByRole('checkbox', { name: /HRMS/ }).check();
  await save(add, 'Create Entity', 'Entity created successfully with product access.');
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: 'Toronto Office' });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Walk Americas');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Canada');
  // The products it holds are what the Add User wizard offers it for.
  await page.goto('/user-management');
  await page.getByRole('button', { name: 'Add User' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add New User' });
  await wizard.getByLabel('First Name').fill('Probe');
  await wizard.getByLabel('Last Name').fill('User');
  await wizard.getByLabel('Email', { exact: true }).fill(uniqueEmail('probe'));
  await wizard.getByLabel('Password', { exact: true }).fill('secret123');
  await wizard.getByLabel('Confirm Password').fill('secret123');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('checkbox', { name: 'HRMS' }).click();
  await wizard.getByLabel('Entity for HRMS, row 1').click();
  await expect(page.getByRole('option', { name: 'Toronto Office (Walk Americas)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await wizard.getByRole('checkbox', { name: 'CRM' }).click();
  await wizard.getByLabel('Entity for CRM, row 1').click();
  await expect(page.getByRole('option', { name: 'Toronto Office (Walk Americas)' })).toHaveCount(0);

  await page.goto('/entity-management');
  await page.getByRole('button', { name: 'Actions for Toronto Office' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Entity' });
  await expect(edit.getByLabel('Organization')).toHaveValue('Walk Americas');
  await edit.getByLabel('Entity Name').fill('Montreal Office');
  await choose(page, edit.getByLabel('Country'), 'France');
  await save(edit, 'Update Entity', 'Entity updated successfully.');
  await page.reload();
  const edited = page.getByRole('row').filter({ hasText: 'Montreal Office' });
  await expect(edited.getByRole('cell').nth(1)).toHaveText('Walk Americas');
  await expect(edited.getByRole('cell').nth(2)).toHaveText('France');
  await expect(page.getByRole('row').filter({ hasText: 'Toronto Office' })).toHaveCount(0);
  await shoot(page, 'walk-entities');
});

test('Users: Add User (every step) and Edit User (every field), saved and shown after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { company } = await signUpViaApi(page, newCompany({ productNames: ['CRM', 'HRMS'] }));
  const entity = `${company.entityName} (${company.organizationName})`;
  const email = uniqueEmail('walk');
  await page.goto('/user-management');
  await page.getByRole('button', { name: 'Add User' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add New User' });
  await wizard.getByLabel('First Name').fill('Katherine');
  await wizard.getByLabel('Last Name').fill('Johnson');
  await wizard.getByLabel('Email', { exact: true }).fill(email);
  await wizard.getByLabel('Password', { exact: true }).fill('secret123');
  await wizard.getByLabel('Confirm Password').fill('secret123');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('checkbox', { name: 'CRM' }).click();
  await choose(page, wizard.getByLabel('Entity for CRM, row 1'), entity);
  await choose(page, wizard.getByLabel('Role for CRM, row 1'), 'Member');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await save(wizard, 'Create User', 'User created successfully');

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell').first()).toHaveText('Katherine Johnson');
  await expect(row.getByRole('cell').nth(2)).toHaveText('user');
  await row.getByRole('button', { name: 'Edit Katherine Johnson' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByRole('checkbox', { name: 'CRM' })).toBeChecked();
  await expect(edit.getByLabel('Entity for CRM, row 1')).toHaveText(entity);
  await expect(edit.getByLabel('Role for CRM, row 1')).toHaveText('Member');

  const newEmail = uniqueEmail('walked');
  await edit.getByLabel('First Name').fill('Kathy');
  await edit.getByLabel('Last Name').fill('Goble');
  await edit.getByLabel('Email').fill(newEmail);
  await choose(page, edit.getByLabel('Company Role'), 'Super Admin');
  await choose(page, edit.getByLabel('Role for CRM, row 1'), 'Viewer');
  await edit.getByRole('checkbox', { name: 'HRMS' }).click();
  await choose(page, edit.getByLabel('Entity for HRMS, row 1'), entity);
  await save(edit, 'Save Changes', 'User updated successfully');

  await page.reload();
  const edited = page.getByRole('row').filter({ hasText: newEmail });
  await expect(edited.getByRole('cell').first()).toHaveText('Kathy Goble');
  await expect(edited.getByRole('cell').nth(2)).toHaveText('super admin');
  await edited.getByRole('button', { name: 'Edit Kathy Goble' }).click();
  await expect(edit.getByLabel('Role for CRM, row 1')).toHaveText('Viewer');
  await expect(edit.getByRole('checkbox', { name: 'HRMS' })).toBeChecked();
  await expect(edit.getByLabel('Entity for HRMS, row 1')).toHaveText(entity);
  await expect(edit.getByLabel('Role for HRMS, row 1')).toHaveText('App Admin');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  // Your own row: Delete is disabled, and says why.
  await page.getByRole('button', { name: `Delete ${company.firstName} ${company.lastName}` }).hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/walk-users-own-delete-tooltip-1280.png` });
  await shoot(page, 'walk-users');
});

test('ATS: Post Job and Edit Job, every field, the description in two lines', async ({ page }) => {
  const { admin, second } = await moduleCompany(page, 'ATS', 'Hana');
  await page.goto('/ats/jobs');
  await page.getByRole('button', { name: 'Post Job' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Post Job' });
  await dialog.getByLabel('Entity').selectOption({ label: 'Walk Branch' });
  await dialog.getByLabel('Title').fill('Data Engineer');
  await dialog.getByLabel('Department').fill('Analytics');
  await dialog.getByLabel('Location').fill('Toronto');
  await dialog.getByLabel('Employment Type').selectOption({ label: 'Contractor' });
  await dialog.getByLabel('Openings').fill('3');
  await dialog.getByLabel('Hiring Manager').selectOption({ label: second });
  await dialog.getByLabel('Status').selectOption({ label: 'Open' });
  await dialog.getByLabel('Description').fill(twoLines('Build the pipelines.', 'Own the warehouse.'));
  await save(dialog, 'Post Job', 'Job created successfully');

  await page.reload();
  await page.getByRole('link', { name: 'Data Engineer' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Data Engineer' })).toBeVisible();
  await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();
  await expect(detail(page, 'Department')).toHaveText('Analytics');
  await expect(detail(page, 'Location')).toHaveText('Toronto');
  await expect(detail(page, 'Employment Type')).toHaveText('Contractor');
  await expect(detail(page, 'Openings')).toHaveText('0 of 3 filled');
  await expect(detail(page, 'Hiring Manager')).toHaveText(second);
  await expect(detail(page, 'Entity')).toHaveText('Walk Branch');
  expect(await onScreen(page.getByText(/^Build the pipelines\./))).toBe(twoLines('Build the pipelines.', 'Own the warehouse.'));

  await page.getByRole('button', { name: 'Edit Job' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Job' });
  await edit.getByLabel('Title').fill('Senior Data Engineer');
  await edit.getByLabel('Department').fill('Platform');
  await edit.getByLabel('Location').fill('Remote');
  await edit.getByLabel('Employment Type').selectOption({ label: 'Full-time' });
  await edit.getByLabel('Openings').fill('1');
  await edit.getByLabel('Hiring Manager').selectOption({ label: admin });
  await edit.getByLabel('Status').selectOption({ label: 'On Hold' });
  await edit.getByLabel('Description').fill(twoLines('Lead the platform.', 'Mentor two engineers.'));
  await save(edit, 'Save Changes', 'Job updated successfully');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Senior Data Engineer' })).toBeVisible();
  await expect(page.getByText('On Hold', { exact: true }).first()).toBeVisible();
  await expect(detail(page, 'Department')).toHaveText('Platform');
  await expect(detail(page, 'Location')).toHaveText('Remote');
  await expect(detail(page, 'Employment Type')).toHaveText('Full-time');
  await expect(detail(page, 'Openings')).toHaveText('0 of 1 filled');
  await expect(detail(page, 'Hiring Manager')).toHaveText(admin);
  expect(await onScreen(page.getByText(/^Lead the platform\./))).toBe(twoLines('Lead the platform.', 'Mentor two engineers.'));
  await shoot(page, 'walk-ats-job');
});

test('ATS: Add Candidate and Edit Candidate, every field', async ({ page }) => {
  const { branchId } = await moduleCompany(page, 'ATS', 'Hana');
  await post(page, '/ats/jobs', { entityId: branchId, title: 'Analyst', employmentType: 'full_time', status: 'open' });
  const email = uniqueEmail('cand');
  await page.goto('/ats/candidates');
  await page.getByRole('button', { name: 'Add Candidate' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Candidate' });
  await dialog.getByLabel('Entity').selectOption({ label: 'Walk Branch' });
  await dialog.getByLabel('First Name').fill('Dorothy');
  await dialog.getByLabel('Last Name').fill('Vaughan');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('+1 416 555 0100');
  await dialog.getByLabel('Source').selectOption('Agency');
  await dialog.getByLabel('Apply to Job').selectOption({ label: 'Analyst' });
  await dialog.getByLabel('Résumé (PDF, at most 5 MB)').setInputFiles({ name: 'dorothy.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await save(dialog, 'Add Candidate', 'Candidate added successfully');

  await page.reload();
  await page.getByRole('link', { name: 'Vaughan, Dorothy' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dorothy Vaughan' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(detail(page, 'Phone')).toHaveText('+1 416 555 0100');
  await expect(detail(page, 'Source')).toHaveText('Agency');
  await expect(detail(page, 'Entity')).toHaveText('Walk Branch');
  await expect(page.getByRole('link', { name: 'dorothy.pdf' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Analyst' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Candidate' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Candidate' });
  const newEmail = uniqueEmail('cand2');
  await edit.getByLabel('First Name').fill('Dot');
  await edit.getByLabel('Last Name').fill('Vaughan-Lee');
  await edit.getByLabel('Email').fill(newEmail);
  await edit.getByLabel('Phone').fill('+1 416 555 0199');
  await edit.getByLabel('Source').selectOption('LinkedIn');
  await save(edit, 'Save Changes', 'Candidate updated successfully');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dot Vaughan-Lee' })).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();
  await expect(detail(page, 'Phone')).toHaveText('+1 416 555 0199');
  await expect(detail(page, 'Source')).toHaveText('LinkedIn');
});

test('ATS: Schedule Interview, Submit Feedback and Reject, the notes and the reason in two lines', async ({ page }) => {
  const { entityId, admin, second } = await moduleCompany(page, 'ATS', 'Hana');
  const job = await post<{ id: string }>(page, '/ats/jobs', { entityId, title: 'Analyst', employmentType: 'full_time', status: 'open' });
  const candidate = await post<{ id: string }>(page, '/ats/candidates', { entityId, firstName: 'Mary', lastName: 'Jackson', email: uniqueEmail('mary') });
  await post(page, '/ats/applications', { candidateId: candidate.id, jobId: job.id });
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

  await page.goto(`/ats/candidates/${candidate.id}`);
  await page.getByRole('button', { name: 'Schedule Interview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Interview' });
  await dialog.getByLabel('Date', { exact: true }).fill(day);
  await dialog.getByLabel('Time').fill('15:45');
  await dialog.getByLabel('Duration').selectOption({ label: '45 min' });
  await dialog.getByLabel(new RegExp(admin)).check();
  await dialog.getByLabel(new RegExp(second)).check();
  await dialog.getByLabel('Location or Link').fill('Room 7');
  await dialog.getByLabel('Email the candidate').check();
  await save(dialog, 'Schedule Interview', 'Interview scheduled');

  await page.goto('/ats/interviews');
  await page.reload();
  const row = page.getByRole('row', { name: /Mary Jackson/ });
  const when = new Date(`${day}T15:45`).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  await expect(row.getByRole('cell').first()).toHaveText(`${when} (45 min)`);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Room 7');
  await expect(row.getByRole('cell').nth(4)).toContainText(admin);
  await expect(row.getByRole('cell').nth(4)).toContainText(second);
  // What was saved comes back in the edit dialog, "Email the candidate" included.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Interview' });
  await expect(edit.getByLabel('Location or Link')).toHaveValue('Room 7');
  await expect(edit.getByLabel('Email the candidate')).toBeChecked();
  await edit.getByRole('button', { name: 'Cancel', exact: true }).click();

  await row.getByRole('button', { name: 'Submit Feedback' }).click();
  const feedback = page.getByRole('dialog', { name: 'Submit Feedback' });
  await feedback.getByLabel('4').check();
  await feedback.getByLabel('Notes').fill(twoLines('Strong on SQL.', 'Hire for the data team.'));
  await save(feedback, 'Submit Feedback', 'Feedback submitted');
  await page.reload();
  await expect(row.getByText('4/5')).toBeVisible();
  expect(await onScreen(row.getByText(/^Strong on SQL\./))).toBe(twoLines('Strong on SQL.', 'Hire for the data team.'));
  await shoot(page, 'walk-ats-interviews-feedback');

  await page.goto(`/ats/jobs/${job.id}`);
  await page.getByLabel('Stage of Mary Jackson').selectOption('rejected');
  const reject = page.getByRole('dialog', { name: 'Reject Mary Jackson' });
  await reject.getByLabel('Reason').fill(twoLines('Position filled.', 'Keep for the next opening.'));
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  await page.reload();
  const card = page.getByRole('list', { name: 'Rejected candidates' }).getByText(/^Reason: /);
  expect(await onScreen(card)).toBe(`Reason: ${twoLines('Position filled.', 'Keep for the next opening.')}`);
  await page.goto(`/ats/candidates/${candidate.id}`);
  await page.getByText('Stage history').click();
  expect(await onScreen(page.getByText(/^Reason: Position filled\./))).toBe(`Reason: ${twoLines('Position filled.', 'Keep for the next opening.')}`);
  await shoot(page, 'walk-ats-candidate-history');
});

test('Projects: New Project and Edit Project, every field, the description in two lines', async ({ page }) => {
  const { admin, second } = await moduleCompany(page, 'Projects', 'Lena');
  await page.goto('/projects/list');
  await page.getByRole('button', { name: 'New Project' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Entity').selectOption({ label: 'Walk Branch' });
  await dialog.getByLabel('Name').fill('Data Platform');
  await dialog.getByLabel('Key').fill('dat');
  await dialog.getByLabel('Description').fill(twoLines('Move the reports to the warehouse.', 'Retire the old cron jobs.'));
  await dialog.getByLabel('Status').selectOption({ label: 'In Progress' });
  await dialog.getByLabel('Priority').selectOption({ label: 'Critical' });
  await dialog.getByLabel('Start Date').fill('2026-02-02');
  await dialog.getByLabel('Due Date').fill('2026-09-30');
  await dialog.getByLabel('Lead').selectOption({ label: second });
  await dialog.getByRole('checkbox', { name: new RegExp(admin) }).check();
  await save(dialog, 'Create Project', 'Project created');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Data Platform' })).toBeVisible();
  await expect(page.getByText('DAT · Walk Branch')).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('In Progress');
  await expect(detail(page, 'Priority')).toHaveText('Critical');
  await expect(detail(page, 'Lead')).toHaveText(second);
  await expect(detail(page, 'Start Date')).toHaveText(shown('2026-02-02'));
  await expect(detail(page, 'Due Date')).toHaveText(shown('2026-09-30'));
  await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^${admin}$`) })).toBeVisible();
  expect(await onScreen(page.getByText(/^Move the reports/))).toBe(twoLines('Move the reports to the warehouse.', 'Retire the old cron jobs.'));

  await page.getByRole('button', { name: 'Edit Project' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Name').fill('Data Platform 2');
  await edit.getByLabel('Key').fill('DATA');
  await edit.getByLabel('Description').fill(twoLines('Phase two.', 'Real-time dashboards.'));
  await edit.getByLabel('Status').selectOption({ label: 'Review' });
  await edit.getByLabel('Priority').selectOption({ label: 'Low' });
  await edit.getByLabel('Start Date').fill('2026-03-02');
  await edit.getByLabel('Due Date').fill('2026-10-30');
  await edit.getByLabel('Lead').selectOption({ label: admin });
  await edit.getByRole('checkbox', { name: new RegExp(admin) }).uncheck();
  await edit.getByRole('checkbox', { name: new RegExp(second) }).check();
  await save(edit, 'Save Changes', 'Project updated');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Data Platform 2' })).toBeVisible();
  await expect(page.getByText('DATA · Walk Branch')).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Review');
  await expect(detail(page, 'Priority')).toHaveText('Low');
  await expect(detail(page, 'Lead')).toHaveText(admin);
  await expect(detail(page, 'Start Date')).toHaveText(shown('2026-03-02'));
  await expect(detail(page, 'Due Date')).toHaveText(shown('2026-10-30'));
  await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^${second}$`) })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^${admin}$`) })).toHaveCount(0);
  expect(await onScreen(page.getByText(/^Phase two\./))).toBe(twoLines('Phase two.', 'Real-time dashboards.'));
  await shoot(page, 'walk-projects-project');
});

test('Projects: New Task, Edit Task and a comment, every field, the description and the comment in two lines', async ({ page }) => {
  const { branchId, admin, second } = await moduleCompany(page, 'Projects', 'Lena');
  await post(page, '/projects/projects', { entityId: branchId, name: 'Data Platform', key: 'DAT' });
  await page.goto('/projects/tickets');
  await page.getByRole('button', { name: 'New Task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Task' });
  await dialog.getByLabel('Project').selectOption({ label: 'DAT · Data Platform' });
  await dialog.getByLabel('Title').fill('Move the nightly report');
  await dialog.getByLabel('Description (Markdown)').fill(twoLines('Copy the query.', 'Check the totals against last week.'));
  await dialog.getByLabel('Status').selectOption({ label: 'In Review' });
  await dialog.getByLabel('Priority').selectOption({ label: 'High' });
  await dialog.getByLabel('Assignee').selectOption({ label: second });
  await dialog.getByLabel('Due Date').fill('2026-06-15');
  await dialog.getByLabel('Labels').fill('reports, sql');
  await save(dialog, 'Create Task', 'Task created');

  await page.reload();
  await page.getByRole('link', { name: /DAT-1 Move the nightly report/ }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /DAT-1 Move the nightly report/ })).toBeVisible();
  await expect(detail(page, 'Project')).toHaveText('Data Platform');
  await expect(detail(page, 'Status')).toHaveText('In Review');
  await expect(detail(page, 'Priority')).toHaveText('High');
  await expect(detail(page, 'Assignee')).toHaveText(second);
  await expect(detail(page, 'Due Date')).toHaveText(shown('2026-06-15'));
  await expect(detail(page, 'Labels')).toHaveText('reports, sql');
  expect(await onScreen(page.getByText(/^Copy the query\./))).toBe(twoLines('Copy the query.', 'Check the totals against last week.'));

  await page.getByRole('button', { name: 'Edit Task' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await edit.getByLabel('Title').fill('Retire the nightly report');
  await edit.getByLabel('Description (Markdown)').fill(twoLines('Point the readers at the dashboard.', 'Then delete the job.'));
  await edit.getByLabel('Priority').selectOption({ label: 'Low' });
  await edit.getByLabel('Assignee').selectOption({ label: admin });
  await edit.getByLabel('Due Date').fill('2026-07-01');
  await edit.getByLabel('Labels').fill('cleanup');
  await save(edit, 'Save Changes', 'Task updated');

  await page.getByLabel('Add a comment').fill(twoLines('Readers moved.', 'Deleting on Friday.'));
  await page.getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByText('Comment added')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /DAT-1 Retire the nightly report/ })).toBeVisible();
  await expect(detail(page, 'Priority')).toHaveText('Low');
  await expect(detail(page, 'Assignee')).toHaveText(admin);
  await expect(detail(page, 'Due Date')).toHaveText(shown('2026-07-01'));
  await expect(detail(page, 'Labels')).toHaveText('cleanup');
  expect(await onScreen(page.getByText(/^Point the readers/))).toBe(twoLines('Point the readers at the dashboard.', 'Then delete the job.'));
  expect(await onScreen(page.getByText(/^Readers moved\./))).toBe(twoLines('Readers moved.', 'Deleting on Friday.'));
  await shoot(page, 'walk-projects-task');
});

test('Notification preferences (My Account): each category’s in-app, email and timing, saved and shown after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Notification preferences' });
  const categories = form.getByRole('group');
  await expect(categories).toHaveCount(NOTIFICATION_CATEGORIES.length);
  // Every category's timing changes; every other one is then turned off in the app, the rest by
  // email, so a setting saved into the wrong field shows.
  const walk = async (check: (group: Locator, even: boolean) => Promise<void>) => {
    for (let i = 0; i < NOTIFICATION_CATEGORIES.length; i++) await check(categories.nth(i), i % 2 === 0);
  };
  await walk(async (group, even) => {
    await expect(group.getByRole('checkbox', { name: 'In the app' })).toBeChecked();
    await expect(group.getByRole('checkbox', { name: 'By email' })).toBeChecked();
    await expect(group.getByRole('radio', { name: 'Immediately' })).toBeChecked();
    await group.getByRole('radio', { name: 'Daily digest' }).check();
    await group.getByRole('checkbox', { name: even ? 'In the app' : 'By email' }).click();
  });
  await form.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();

  await page.reload();
  await walk(async (group, even) => {
    await expect(group.getByRole('checkbox', { name: 'In the app' })).toBeChecked({ checked: !even });
    await expect(group.getByRole('checkbox', { name: 'By email' })).toBeChecked({ checked: even });
    await expect(group.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  });
  await shoot(page, 'walk-notification-preferences');
});
