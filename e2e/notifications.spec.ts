import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { newCompany, ORIGIN, shoot, signedIn, signUpViaApi, uniqueEmail } from './helpers';

/**
 * The bell (issue 33): someone else's change reaches a person's bell live, without a reload; the
 * panel lists it, follows it to its record (read on the way) and marks everything read, by mouse
 * and by keyboard, on the products hub and in a module's header.
 */

/** A Monday of this year's given month, and the day `plus` days after it, as ISO dates. */
function weekdays(month: number, plus: number) {
  const monday = new Date(Date.UTC(new Date().getUTCFullYear(), month, 1));
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
  const later = new Date(monday.getTime() + plus * 86_400_000);
  return { startDate: monday.toISOString().slice(0, 10), endDate: later.toISOString().slice(0, 10) };
}

/** A company with HRMS: Hanna, an HRMS App Admin (who hears of leave requests), and Sam, an employee with a sign-in. */
async function setUp(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['HRMS'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const hrms = products.items.find((p) => p.type === 'hrms')!.id;
  const user = async (firstName: string, roleType: 'app_admin' | 'member') => {
    const email = uniqueEmail(firstName.toLowerCase());
    const res = await api.post('/api/users', {
      headers: { origin: ORIGIN },
      data: { firstName, lastName: 'User', email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: hrms, entityId, roleType }] },
    });
    expect(res.status()).toBe(201);
    return { id: ((await res.json()) as { id: string }).id, email };
  };
  const hanna = await user('Hanna', 'app_admin');
  const sam = await user('Sam', 'member');
  const employee = await api.post('/api/hrms/employees', {
    headers: { origin: ORIGIN },
    data: { entityId, firstName: 'Sam', lastName: 'Staff', workEmail: uniqueEmail('sam'), employmentType: 'full_time', startDate: '2024-01-15', userId: sam.id },
  });
  expect(employee.status()).toBe(201);
  const types = (await (await api.get(`/api/hrms/leave-types?entityId=${entityId}`)).json()) as { items: { id: string; name: string }[] };
  return { hanna, sam, sickId: types.items.find((t) => t.name === 'Sick')!.id };
}

test('the bell: a leave request reaches the App Admin live; the list follows it and marks all read', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { hanna, sam, sickId } = await setUp(page);

  const hub = await signedIn(browser, hanna.email);
  const streamOpen = hub.waitForResponse((r) => r.url().endsWith('/api/notifications/stream'));
  await hub.goto('/products');
  await streamOpen;
  const bell = hub.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // Nothing yet: the panel says so, and Escape gives focus back to the bell.
  await bell.click();
  const panel = hub.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText("You're all caught up")).toBeVisible();
  await hub.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // Sam requests leave in his own browser; Hanna's page is not reloaded (the marker stays).
  await hub.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const samPage = await signedIn(browser, sam.email);
  const request = async (dates: { startDate: string; endDate: string }) => {
    const res = await samPage.context().request.post('/api/hrms/leave-requests', { headers: { origin: ORIGIN }, data: { leaveTypeId: sickId, ...dates } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const april = weekdays(3, 1);
  await request(april);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  expect(await hub.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await shoot(hub, 'notifications-hub');

  // The list: the request, its category, when; the panel passes the accessibility scan.
  await bell.click();
  const entry = panel.getByRole('link', { name: new RegExp(`Sam Staff requested Sick leave, ${april.startDate} to ${april.endDate}`) });
  await expect(entry).toContainText('Leave requests to review');
  await expect(entry).toContainText('just now');
  await expectAccessible(hub);
  await shoot(hub, 'notifications-panel');

  // Following it opens the record's page and reads it.
  await entry.click();
  await expect(hub).toHaveURL(/\/hrms\/leaves$/);
  await expect(hub.getByRole('heading', { level: 1, name: 'Leaves' })).toBeVisible();
  const moduleBell = hub.getByRole('button', { name: /^Notifications/ });
  await expect(moduleBell).toHaveAccessibleName('Notifications');

  // In a module's header too: a second request and its cancellation arrive live.
  const may = weekdays(4, 0);
  const second = await request(may);
  const cancelled = await samPage.context().request.post(`/api/hrms/leave-requests/${second}/cancel`, { headers: { origin: ORIGIN }, data: {} });
  expect(cancelled.status()).toBe(200);
  await expect(moduleBell).toHaveAccessibleName('Notifications, 2 unread');

  // By keyboard: Enter opens, Tab walks the panel, Mark all as read, Escape returns to the bell.
  await moduleBell.focus();
  await hub.keyboard.press('Enter');
  await expect(panel.getByRole('link')).toHaveCount(3);
  await expect(panel).toBeFocused();
  await hub.keyboard.press('Tab');
  await hub.keyboard.press('Tab');
  await expect(panel.getByRole('link').first()).toBeFocused();
  await shoot(hub, 'notifications-module-panel');
  await hub.keyboard.press('Shift+Tab');
  const markAll = panel.getByRole('button', { name: 'Mark all as read' });
  await expect(markAll).toBeFocused();
  await hub.keyboard.press('Enter');
  await expect(moduleBell).toHaveAccessibleName('Notifications');
  await expect(panel.getByText('Unread:')).toHaveCount(0);
  await expect(markAll).toBeFocused();
  await hub.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(moduleBell).toBeFocused();

  // The server agrees: nothing unread.
  const count = (await (await hub.context().request.get('/api/notifications/unread-count')).json()) as { count: number };
  expect(count).toEqual({ count: 0 });
});

test('the bell at 375 px: the panel fits the screen and works', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { hanna, sam, sickId } = await setUp(page);
  const phone = await signedIn(browser, hanna.email);
  await phone.setViewportSize({ width: 375, height: 800 });
  const samRequest = (await signedIn(browser, sam.email)).context().request;
  const res = await samRequest.post('/api/hrms/leave-requests', { headers: { origin: ORIGIN }, data: { leaveTypeId: sickId, ...weekdays(5, 2) } });
  expect(res.status()).toBe(201);

  await phone.goto('/hrms/leaves');
  const bell = phone.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.click();
  const panel = phone.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: /Sam Staff requested Sick leave/ })).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(phone.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expectAccessible(phone);
});
