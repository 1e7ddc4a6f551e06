/**
 * Attendance (issue 34): an employee's week reaches HR, who returns it with a comment through the
 * Return dialog (form walk: the comment is required, then saved and shown after a reload), and
 * approves it once submitted again. The employee clocks through the API: the clock card lives on
 * the Employee Portal.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe';
import { newCompany, ORIGIN, shoot, signedIn, signUpViaApi, uniqueEmail } from './helpers';

const post = async (api: APIRequestContext, path: string, data: unknown, status = 200) => {
  const res = await api.post(path, { headers: { origin: ORIGIN }, data });
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
};

test('Attendance: who is in, a submitted week returned with a comment and then approved, CSV export', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as {
    items: { id: string; type: string }[];
  };
  const hrms = products.items.find((p) => p.type === 'hrms')!.id;
  /** A user with HRMS Viewer at the entity, linked to an employee record of their own, signed in. */
  const employeeOf = async (firstName: string, lastName: string) => {
    const email = uniqueEmail(firstName.toLowerCase());
    const access = [{ productId: hrms, entityId, roleType: 'viewer' }];
    const user = await post(api, '/api/users', { firstName, lastName, email, password: 'secret123', confirmPassword: 'secret123', access }, 201);
    const record = { entityId, firstName, lastName, workEmail: email, employmentType: 'full_time', startDate: '2024-01-08', userId: user.id };
    const employee = await post(api, '/api/hrms/employees', record, 201);
    return { employee, request: (await signedIn(browser, email)).context().request };
  };
  const { employee, request: cleo } = await employeeOf('Cleo', 'Clock');

  // A colleague is clocked in now (who is in).
  const ines = await employeeOf('Ines', 'In');
  await post(ines.request, '/api/hrms/attendance/entries', { employeeId: ines.employee.id }, 201);

  // The employee works a short shift and submits the week.
  const entry = await post(cleo, '/api/hrms/attendance/entries', { employeeId: employee.id, note: 'Opening shift' }, 201);
  await post(cleo, `/api/hrms/attendance/entries/${entry.id}/clock-out`, {
    breakMinutes: 0,
  });
  const week = await (await cleo.get(`/api/hrms/attendance/week?employeeId=${employee.id}`)).json();
  await post(cleo, `/api/hrms/attendance/timesheets/${week.timesheet.id}/submit`, {});

  await page.goto(`/hrms/attendance?entity=${entityId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Cleo Clock' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Submitted')).toBeVisible();
  await shoot(page, 'attendance');
  await expectAccessible(page);

  // Return: the comment is required; then saved, and shown with the status after a reload.
  await row.getByRole('button', { name: "Return Cleo Clock's timesheet" }).click();
  let dialog = page.getByRole('dialog', { name: 'Return Timesheet' });
  await dialog.getByRole('button', { name: 'Return' }).click();
  await expect(dialog.getByText('Say what to correct when you return a timesheet.')).toBeVisible();
  await shoot(page, 'attendance-return-dialog');
  await dialog.getByLabel('What to correct').fill('Add the afternoon\nand the break');
  await dialog.getByRole('button', { name: 'Return' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Timesheet returned')).toBeVisible();
  await expect(page.getByText('No timesheets to approve')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Clocked In: 1' })).toBeVisible();
  await page.getByLabel('Status').selectOption('returned');
  await page.reload();
  await expect(row.getByText('Returned')).toBeVisible();
  await expect(row.getByText('Add the afternoon and the break')).toBeVisible();

  // Submitted again and approved with a comment.
  await post(cleo, `/api/hrms/attendance/timesheets/${week.timesheet.id}/submit`, {});
  await page.getByLabel('Status').selectOption('submitted');
  await row.getByRole('button', { name: "Approve Cleo Clock's timesheet" }).click();
  dialog = page.getByRole('dialog', { name: 'Approve Timesheet' });
  await dialog.getByLabel('Comment (optional)').fill('Thanks');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Status').selectOption('approved');
  await page.reload();
  await expect(row.getByText('Approved')).toBeVisible();
  await expect(row.getByText('Thanks')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /Ines In\s*since/ })).toBeVisible();
  await shoot(page, 'attendance-approved');

  // The CSV of the period carries the week with its hours.
  const csv = await api.get(`/api/hrms/attendance/timesheets/export?entityId=${entityId}`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
  expect(lines[0]).toBe('Employee,Work Email,Week Start,Status,Worked Hours,Weekly Hours,Overtime Hours,Comment');
  expect(lines.find((l) => l.startsWith('Cleo Clock,'))).toMatch(/,approved,0\.\d\d,40\.00,0\.00,Thanks$/);
});

test('Employee Portal: Clock In, then Clock Out with a break and a two-line note; the week shows them after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  const api = page.context().request;
  const me = (await (await api.get('/api/session')).json()) as { user: { id: string; email: string; firstName: string; lastName: string } };
  // The super admin is an employee too: linked to a record of their own, they have the portal.
  const record = { entityId, firstName: me.user.firstName, lastName: me.user.lastName, workEmail: me.user.email, employmentType: 'full_time', startDate: '2024-01-08', userId: me.user.id };
  await post(api, '/api/hrms/employees', record, 201);

  await page.goto('/hrms/portal');
  // One clock on the portal: its card's buttons and status line are the page's.
  await expect(page.getByText('Not clocked in')).toBeVisible();
  await page.getByRole('button', { name: 'Clock In' }).click();
  await expect(page.getByText(/^Clocked in since/)).toBeVisible();

  await page.getByRole('button', { name: 'Clock Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clock Out' });
  await dialog.getByLabel('Break (minutes)').fill('-5');
  await dialog.getByRole('button', { name: 'Clock Out' }).click();
  await expect(dialog).toBeVisible(); // a negative break is refused in words, nothing saved
  await dialog.getByLabel('Break (minutes)').fill('0');
  await dialog.getByLabel('Note (optional)').fill('Opened the shop.\nCounted the till.');
  await dialog.getByRole('button', { name: 'Clock Out' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  const entries = page.getByRole('list', { name: "This week's entries" });
  await expect(entries.getByText(/^Opened the shop\./)).toBeVisible();
  expect(await entries.getByText(/^Opened the shop\./).innerText()).toBe('Opened the shop.\nCounted the till.');
  await expect(page.getByText('Not clocked in')).toBeVisible();
  await shoot(page, 'portal-clock');
});
