/**
 * The Employee Portal (issue 34): an App Admin links an employee's user account on the edit form
 * (offered by the work email); the employee, who holds no HRMS grant, finds HRMS on the products
 * hub, lands on the portal, corrects their contact details (form walk: every field saved and shown
 * after a reload) and requests leave; their manager, who holds no grant either, approves it.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { newCompany, ORIGIN, shoot, signedIn, signUpViaApi, uniqueEmail } from './helpers';

const NEXT_YEAR = new Date().getUTCFullYear() + 1;

test('an employee without a grant uses the portal; their manager approves their leave', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS', 'CRM'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const crm = products.items.find((p) => p.type === 'crm')!.id;
  // Every user holds some product; these two hold only CRM (Viewer), nothing of HRMS.
  const user = async (firstName: string) => {
    const email = uniqueEmail(firstName.toLowerCase());
    const res = await api.post('/api/users', {
      headers: { origin: ORIGIN },
      data: { firstName, lastName: 'Person', email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: crm, entityId, roleType: 'viewer' }] },
    });
    expect(res.status()).toBe(201);
    return { id: ((await res.json()) as { id: string }).id, email };
  };
  const employeeUser = await user('Erin');
  const managerUser = await user('Mark');
  const add = async (firstName: string, workEmail: string, extra: Record<string, unknown>) => {
    const res = await api.post('/api/hrms/employees', {
      headers: { origin: ORIGIN },
      data: { entityId, firstName, lastName: 'Person', workEmail, jobTitle: 'Engineer', department: 'Platform', employmentType: 'full_time', startDate: '2024-01-10', ...extra },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const managerId = await add('Mark', managerUser.email, { userId: managerUser.id });
  const employeeId = await add('Erin', employeeUser.email, { managerId });

  // The edit form offers the company user whose email is the work email; linking it is one click.
  await page.goto(`/hrms/employees/${employeeId}`);
  await page.getByRole('button', { name: /^Edit/ }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('User Account')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Link Erin Person' }).click();
  await expect(dialog.getByLabel('User Account')).toHaveValue(employeeUser.id);
  await dialog.getByRole('button', { name: /^Save/ }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: /^Edit/ }).click();
  await expect(page.getByRole('dialog').getByLabel('User Account')).toHaveValue(employeeUser.id);
  await page.keyboard.press('Escape');

  // The employee: HRMS on the hub, opened on the portal, whose sidebar holds the portal alone.
  const erin = await signedIn(browser, employeeUser.email);
  await erin.goto('/products');
  await erin.getByRole('link', { name: 'Open HRMS' }).click();
  await expect(erin).toHaveURL(/\/hrms\/portal$/);
  await expect(erin.getByRole('heading', { level: 1, name: 'Employee Portal' })).toBeVisible();
  await expect(erin.getByRole('link', { name: 'Employee Portal' })).toBeVisible();
  await expect(erin.getByRole('link', { name: 'Employees', exact: true })).toHaveCount(0);
  await expect(erin.getByText('Mark Person')).toBeVisible();
  await expect(erin.getByText('No leave requests yet')).toBeVisible();

  // Form walk: every contact field, saved, then shown after a reload (the address on two lines).
  await erin.getByRole('button', { name: 'Edit Contact Details' }).click();
  dialog = erin.getByRole('dialog');
  await dialog.getByLabel('Personal Email').fill('erin@home.example');
  await dialog.getByLabel('Phone').fill('+44 20 7946 0001');
  await dialog.getByLabel('Address').fill('1 High Street\nLondon');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await erin.reload();
  await expect(erin.getByText('erin@home.example')).toBeVisible();
  await expect(erin.getByText('+44 20 7946 0001')).toBeVisible();
  await expect(erin.getByText(/1 High Street\s+London/)).toBeVisible();
  await erin.getByRole('button', { name: 'Edit Contact Details' }).click();
  await expect(erin.getByRole('dialog').getByLabel('Address')).toHaveValue('1 High Street\nLondon');
  await erin.keyboard.press('Escape');

  // Request leave with the keyboard-reachable dialog the Leaves page uses.
  await erin.getByRole('button', { name: 'Request Leave' }).click();
  dialog = erin.getByRole('dialog');
  await dialog.getByLabel('Leave Type').selectOption({ label: 'Unpaid (unlimited)' });
  await dialog.getByLabel('First Day', { exact: true }).fill(`${NEXT_YEAR}-03-02`);
  await dialog.getByLabel('Last Day', { exact: true }).fill(`${NEXT_YEAR}-03-03`);
  await expect(dialog.getByText(/This request uses 2 working days/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Request Leave' }).click();
  await expect(dialog).toBeHidden();
  const mine = erin.getByRole('table', { name: 'My leave requests' });
  await expect(mine.getByText('Pending')).toBeVisible();
  await expectAccessible(erin);
  await shoot(erin, 'hrms-portal');

  // The manager, without a grant, approves it on their portal.
  const mark = await signedIn(browser, managerUser.email);
  await mark.goto('/hrms');
  await expect(mark).toHaveURL(/\/hrms\/portal$/);
  const toApprove = mark.getByRole('table', { name: 'Leave requests to approve' });
  await toApprove.getByRole('button', { name: "Approve Erin Person's leave" }).click();
  await mark.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(mark.getByText('No requests are waiting for you.')).toBeVisible();

  // Erin's week reaches Mark's portal too: he approves it there with a two-line comment.
  const erinApi = erin.context().request;
  const send = async (path: string, data: unknown, status: number) => {
    const res = await erinApi.post(path, { headers: { origin: ORIGIN }, data });
    expect(res.status(), await res.text()).toBe(status);
    return res.json();
  };
  const entry = await send('/api/hrms/attendance/entries', { employeeId }, 201);
  await send(`/api/hrms/attendance/entries/${entry.id}/clock-out`, { breakMinutes: 0 }, 200);
  const week = await (await erinApi.get(`/api/hrms/attendance/week?employeeId=${employeeId}`)).json();
  await send(`/api/hrms/attendance/timesheets/${week.timesheet.id}/submit`, {}, 200);
  await mark.reload();
  await mark.getByRole('table', { name: 'Timesheets to approve' }).getByRole('button', { name: "Approve Erin Person's timesheet" }).click();
  const decide = mark.getByRole('dialog', { name: 'Approve Timesheet' });
  await decide.getByLabel('Comment (optional)').fill('Thanks.\nSee you Monday.');
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(mark.getByText('No timesheets are waiting for you.')).toBeVisible();
  const decided = await (await erinApi.get(`/api/hrms/attendance/week?employeeId=${employeeId}`)).json();
  expect(decided.timesheet).toMatchObject({ status: 'approved', comment: 'Thanks.\nSee you Monday.' });
  await shoot(mark, 'hrms-portal-manager');

  await erin.reload();
  await expect(erin.getByRole('table', { name: 'My leave requests' }).getByText('Approved')).toBeVisible();
});
