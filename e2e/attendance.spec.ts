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

test('Edit Time Entry: HR closes a forgotten clock-out (form walk: every field, two lines in the note), then deletes the entry after its confirmation', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const hrms = products.items.find((p) => p.type === 'hrms')!.id;
  const email = uniqueEmail('fran');
  const user = await post(api, '/api/users', { firstName: 'Fran', lastName: 'Forgot', email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: hrms, entityId, roleType: 'viewer' }] }, 201);
  const employee = await post(api, '/api/hrms/employees', { entityId, firstName: 'Fran', lastName: 'Forgot', workEmail: email, employmentType: 'full_time', startDate: '2024-01-08', userId: user.id }, 201);
  const fran = (await signedIn(browser, email)).context().request;
  // Fran clocks in now and forgets to clock out.
  await post(fran, '/api/hrms/attendance/entries', { employeeId: employee.id, note: 'Morning' }, 201);

  // The corrected times: two days ago (UTC), 08:00–16:30; the entry may move to last week.
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const dayName = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

  await page.goto(`/hrms/employees/${employee.id}`);
  const entries = page.getByRole('table', { name: /^Time entries/ });
  await expect(entries.getByText('Still in')).toBeVisible();
  // By keyboard: the Edit button takes the focus and Enter opens the dialog.
  await entries.getByRole('button', { name: /^Edit time entry of/ }).focus();
  await page.keyboard.press('Enter');
  let dialog = page.getByRole('dialog', { name: 'Edit Time Entry' });
  await expect(dialog).toBeVisible();
  // The reason is required, said in words.
  await dialog.getByLabel('Clock Out (UTC)').fill(`${day}T16:30`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Say why the time entry is changed.')).toBeVisible();
  await dialog.getByLabel('Clock In (UTC)').fill(`${day}T08:00`);
  await dialog.getByLabel('Break (minutes)').fill('45');
  await dialog.getByLabel('Note').fill('Forgot to clock out.\nLeft at half past four.');
  await dialog.getByLabel('Reason for the change').fill('Forgot to clock out');
  await shoot(page, 'attendance-edit-entry');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Time entry updated')).toBeVisible();

  // After a reload (the URL keeps the entry's week), every change is on the page, read back from the server.
  await page.reload();
  const row = entries.getByRole('row').filter({ hasText: dayName });
  await expect(row.getByRole('cell').nth(1)).toHaveText('08:00');
  await expect(row.getByRole('cell').nth(2)).toHaveText('16:30');
  await expect(row.getByRole('cell').nth(3)).toHaveText('45 min');
  await expect(row.getByRole('cell').nth(4)).toHaveText('7 h 45 min');
  expect(await row.getByRole('cell').nth(5).innerText()).toBe('Forgot to clock out.\nLeft at half past four.');
  // Nothing is open any more: no 'Still in' row, no notice of a forgotten clock-out.
  await expect(entries.getByText('Still in')).toHaveCount(0);
  await expect(page.getByText(/^Still clocked in since/)).toHaveCount(0);
  await shoot(page, 'employee-attendance');
  await row.getByRole('button', { name: /^Edit time entry of/ }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Time Entry' });
  await expect(dialog.getByLabel('Clock In (UTC)')).toHaveValue(`${day}T08:00`);
  await expect(dialog.getByLabel('Clock Out (UTC)')).toHaveValue(`${day}T16:30`);
  await expect(dialog.getByLabel('Break (minutes)')).toHaveValue('45');
  await expect(dialog.getByLabel('Note')).toHaveValue('Forgot to clock out.\nLeft at half past four.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Fran is told, with the reason.
  const heard = (await (await fran.get('/api/notifications')).json()) as { items: { title: string }[] };
  expect(heard.items.map((n) => n.title)).toContainEqual(expect.stringMatching(new RegExp(`^HR corrected your time entry of .*: now ${day} 08:00–16:30 UTC\\. Reason: Forgot to clock out$`)));

  // Delete, after its confirmation, which asks why.
  await row.getByRole('button', { name: /^Delete time entry of/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Time Entry?' });
  await confirm.getByRole('button', { name: 'Delete Entry' }).click();
  await expect(confirm.getByText('Say why the time entry is deleted.')).toBeVisible();
  await shoot(page, 'attendance-delete-entry');
  await confirm.getByLabel('Reason').fill('Entered twice');
  await confirm.getByRole('button', { name: 'Delete Entry' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Time entry deleted')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No time recorded this week.')).toBeVisible();
});
