import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { liftCard, newCompany, ORIGIN, shoot, signedIn, signUpViaApi, uniqueEmail } from './helpers';

/** The card of a task on the board, found by its column. */
const column = (page: Page, name: string) => page.getByRole('region', { name: /board$/ }).getByRole('list', { name: `${name} cards` });

test('Projects: a project and its tasks, a live board shared by two people, by mouse and by keyboard; a viewer changes nothing; another entity sees none of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId, organizationId } = await signUpViaApi(page, newCompany({ productNames: ['Projects'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const projects = products.items.find((p) => p.type === 'projects')!.id;
  const other = await api.post('/api/entities', { headers: { origin: ORIGIN }, data: { name: 'Other Branch', organizationId, country: 'Other', productIds: [projects] } });
  expect(other.status()).toBe(201);
  const otherEntityId = ((await other.json()) as { id: string }).id;
  const users: Record<string, string> = {};
  for (const [key, role, entity] of [
    ['member', 'member', entityId],
    ['viewer', 'viewer', entityId],
    ['outsider', 'member', otherEntityId],
  ] as const) {
    const email = uniqueEmail(key);
    const res = await api.post('/api/users', {
      headers: { origin: ORIGIN },
      data: { firstName: key[0]!.toUpperCase() + key.slice(1), lastName: 'User', email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: projects, entityId: entity, roleType: role }] },
    });
    expect(res.status()).toBe(201);
    users[key] = email;
  }

  // The live dashboard of an empty scope says what to do next; no sample data.
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects Dashboard' })).toBeVisible();
  await expect(page.getByText('Sample data')).toHaveCount(0);
  await expect(page.getByText('No projects yet')).toBeVisible();
  await shoot(page, 'projects-dashboard-empty');

  // A project, from the list page, in the first entity.
  await page.goto(`/projects/list?entity=${entityId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'All Projects' })).toBeVisible();
  await shoot(page, 'projects-list-empty');
  await page.getByRole('button', { name: 'New Project' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Website Relaunch');
  await dialog.getByLabel('Key').fill('web');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Start Date').fill('2026-01-05');
  await dialog.getByLabel('Due Date').fill('2026-12-18');
  await dialog.getByRole('checkbox', { name: /Member User/ }).check();
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Website Relaunch' })).toBeVisible();
  await expect(page.getByText('WEB · ')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'project-detail');

  // Tasks: three, numbered WEB-1..3; one with Markdown (raw HTML is not rendered).
  const project = (await (await api.get(`/api/projects/projects?entityId=${entityId}`)).json()) as { items: { id: string }[] };
  const projectId = project.items[0]!.id;
  for (const title of ['Design the homepage', 'Write the copy']) {
    const res = await api.post('/api/projects/tasks', { headers: { origin: ORIGIN }, data: { projectId, title } });
    expect(res.status()).toBe(201);
  }
  await page.goto(`/projects/tickets?entity=${entityId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets' })).toBeVisible();
  await page.getByRole('button', { name: 'New Task' }).first().click();
  await dialog.getByLabel('Project').selectOption(projectId);
  await dialog.getByLabel('Title').fill('Fix the login');
  await dialog.getByLabel('Description (Markdown)').fill('Steps:\n\n- open **login**\n- <img src=x onerror="window.hacked=1">see it fail');
  await dialog.getByLabel('Labels').fill('bug, ui');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: /WEB-3 Fix the login/ })).toBeVisible();
  // Filters live in the URL.
  await page.getByLabel('Label').fill('bug');
  await page.getByLabel('Label').press('Enter');
  await expect(page).toHaveURL(/label=bug/);
  await expect(page.getByRole('link', { name: /WEB-1 / })).toHaveCount(0);
  await shoot(page, 'projects-tickets');
  await page.getByRole('link', { name: /WEB-3 Fix the login/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /WEB-3 Fix the login/ })).toBeVisible();
  await expect(page.locator('.markdown strong').first()).toHaveText('login');
  await expect(page.locator('.markdown img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  await page.getByLabel('Add a comment').fill('On it.');
  await page.getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByText('On it.')).toBeVisible();
  await expect(page.getByText(/commented/).first()).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'projects-task');

  // The board, open in two browsers: the member moves a card, the admin sees it move.
  const member = await signedIn(browser, users.member!);
  await member.goto(`/projects/kanban?project=${projectId}`);
  await page.goto(`/projects/kanban?project=${projectId}`);
  for (const p of [page, member]) {
    await expect(p.getByRole('heading', { level: 1, name: 'Kanban Board' })).toBeVisible();
    await expect(p.getByRole('status').filter({ hasText: /^\s*Live\s*$/ })).toBeVisible();
    await expect(column(p, 'To Do').getByRole('link')).toHaveCount(3);
  }
  await expectAccessible(page);
  await shoot(page, 'projects-kanban');

  // Mouse: drag WEB-1 by its handle into In Progress.
  const handle = member.getByRole('button', { name: 'Move WEB-1 Design the homepage' });
  const target = column(member, 'In Progress');
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await member.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await member.mouse.down();
  await member.mouse.move(from.x + 20, from.y + 10, { steps: 5 });
  await member.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 15 });
  await member.mouse.up();
  await expect(column(member, 'In Progress').getByRole('link', { name: /WEB-1/ })).toBeVisible();
  // The other browser sees it within 2 seconds, without a reload.
  await expect(column(page, 'In Progress').getByRole('link', { name: /WEB-1/ })).toBeVisible({ timeout: 2_000 });
  await expect(column(page, 'To Do').getByRole('link', { name: /WEB-1/ })).toHaveCount(0);

  // Keyboard only: WEB-2 one column to the right (Space, ArrowRight, Space).
  await liftCard(member, 'Move WEB-2 Write the copy');
  await member.keyboard.press('ArrowRight');
  await member.waitForTimeout(400);
  await member.keyboard.press('Space');
  await expect(column(member, 'In Progress').getByRole('link', { name: /WEB-2/ })).toBeVisible();
  await expect(column(page, 'In Progress').getByRole('link', { name: /WEB-2/ })).toBeVisible({ timeout: 2_000 });
  // The order is kept: a reload shows the same columns.
  await page.reload();
  await expect(column(page, 'In Progress').getByRole('link')).toHaveCount(2);
  await expect(column(page, 'To Do').getByRole('link')).toHaveCount(1);

  // A new task created in one browser appears on the other's board.
  await page.getByRole('button', { name: 'New Task' }).click();
  await dialog.getByLabel('Title').fill('Launch party');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();
  await expect(column(member, 'To Do').getByRole('link', { name: /WEB-4 Launch party/ })).toBeVisible({ timeout: 2_000 });

  // A viewer reads the board but has nothing to move, create or edit.
  const viewer = await signedIn(browser, users.viewer!);
  await viewer.goto(`/projects/kanban?project=${projectId}`);
  await expect(column(viewer, 'In Progress').getByRole('link')).toHaveCount(2);
  await expect(viewer.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'New Task' })).toHaveCount(0);
  await viewer.goto(`/projects/${projectId}`);
  await expect(viewer.getByRole('heading', { level: 1, name: 'Website Relaunch' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Edit Project' })).toHaveCount(0);

  // Another entity's member sees none of it.
  const outsider = await signedIn(browser, users.outsider!);
  await outsider.goto('/projects/list');
  await expect(outsider.getByText('No projects yet')).toBeVisible();
  await outsider.goto(`/projects/${projectId}`);
  await expect(outsider.getByText('Project not found')).toBeVisible();

  // Roadmap and the live dashboard.
  await page.goto('/projects/roadmap');
  await expect(page.getByRole('heading', { level: 1, name: 'Roadmap' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Planning/ })).toBeVisible();
  await expect(page.getByText(/Today,/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'projects-roadmap');
  await page.goto('/projects');
  await expect(page.getByText('Active projects')).toBeVisible();
  await expect(page.getByRole('img', { name: /Tasks by Status/ })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'projects-dashboard');
  await page.goto(`/projects/list?entity=${entityId}`);
  await expect(page.getByRole('link', { name: 'Website Relaunch' })).toBeVisible();
  await shoot(page, 'projects-list');

  // A page not built yet says so in the module's frame.
  await page.goto('/projects/sprint');
  await expect(page.getByRole('heading', { level: 2, name: 'Sprint is not available yet' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Projects' })).toBeVisible();
});

test('Everyday use (issue 31): the roadmap names its months with their year ("Nov 2026"), and a page not built yet stays in the frame', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['Projects'] }));
  const start = new Date();
  const due = new Date(Date.now() + 120 * 86_400_000);
  const res = await page.context().request.post('/api/projects/projects', {
    headers: { origin: ORIGIN },
    data: { entityId, name: 'Axis Walk', key: 'AXW', startDate: start.toISOString().slice(0, 10), dueDate: due.toISOString().slice(0, 10) },
  });
  expect(res.status()).toBe(201);
  await page.goto('/projects/roadmap');
  await expect(page.getByRole('link', { name: 'AXW Axis Walk' })).toBeVisible();
  const axis = page.getByRole('region', { name: 'Roadmap timeline' }).locator('[aria-hidden="true"] > span');
  const labels = await axis.allTextContents();
  expect(labels.length).toBeGreaterThanOrEqual(3);
  for (const label of labels) expect(label).toMatch(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);
  await shoot(page, 'projects-roadmap-axis');

  await page.goto('/projects/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Settings is not available yet' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Projects' }).getByRole('link', { name: 'Roadmap' })).toBeVisible();
  await shoot(page, 'projects-not-available');
  await page.goto('/projects/tickets/not-a-task');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Projects' })).toBeVisible();
  await shoot(page, 'projects-404');
});

test('Mentions and following (issue 33): @ offers who may read the task, picked by keyboard; the mention survives a reload and tells the person; Follow toggles', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId, organizationId } = await signUpViaApi(page, newCompany({ productNames: ['Projects'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const projectsProduct = products.items.find((p) => p.type === 'projects')!.id;
  const other = await api.post('/api/entities', { headers: { origin: ORIGIN }, data: { name: 'Elsewhere', organizationId, country: 'Other', productIds: [projectsProduct] } });
  const people: Record<string, string> = {};
  for (const [firstName, lastName, entity] of [
    ['Ada', 'Lovelace', entityId],
    ['Adam', 'Outsider', ((await other.json()) as { id: string }).id],
  ] as const) {
    const email = uniqueEmail(firstName.toLowerCase());
    const res = await api.post('/api/users', {
      headers: { origin: ORIGIN },
      data: { firstName, lastName, email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: projectsProduct, entityId: entity, roleType: 'member' }] },
    });
    expect(res.status()).toBe(201);
    people[firstName] = email;
  }
  const project = await api.post('/api/projects/projects', { headers: { origin: ORIGIN }, data: { entityId, name: 'Launch', key: 'LAU' } });
  const projectId = ((await project.json()) as { id: string }).id;
  const task = await api.post('/api/projects/tasks', { headers: { origin: ORIGIN }, data: { projectId, title: 'Press release' } });
  const taskId = ((await task.json()) as { id: string }).id;

  await page.goto(`/projects/tickets/${taskId}?entity=${entityId}`);
  await expect(page.getByRole('heading', { level: 1, name: /LAU-1 Press release/ })).toBeVisible();
  // The creator follows the task; the button says what it will do.
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  const box = page.getByLabel('Add a comment');
  await box.click();
  await box.pressSequentially('Draft is ready, @ada');
  const list = page.getByRole('listbox', { name: 'People to mention' });
  await expect(list.getByRole('option')).toHaveText([/Ada Lovelace/]);
  await expect(list.getByRole('option', { name: /Adam Outsider/ })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'projects-task-mention');
  await box.press('Enter');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('Draft is ready, @Ada Lovelace ');
  await box.press('Enter');
  await box.pressSequentially('please review.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(box).toHaveValue('');

  await page.reload();
  const comments = page.getByRole('list').filter({ hasText: 'please review.' });
  await expect(comments.getByText('@Ada Lovelace', { exact: true })).toBeVisible();
  // Two lines, as written.
  expect(await comments.locator('.markdown p').first().evaluate((p) => (p as HTMLElement).innerText)).toBe('Draft is ready, @Ada Lovelace\nplease review.');
  await shoot(page, 'projects-task-mentioned');

  // Ada hears of it; the bell's list links to the task.
  const ada = await page.context().browser()!.newContext();
  expect((await ada.request.post('/api/auth/sign-in', { headers: { origin: ORIGIN }, data: { email: people.Ada, password: 'secret123' } })).status()).toBe(200);
  const told = (await (await ada.request.get('/api/notifications')).json()) as { items: { category: string; title: string; url: string }[] };
  expect(told.items).toContainEqual(expect.objectContaining({ category: 'mentions', title: 'Grace Hopper mentioned you on LAU-1 Press release', url: `/projects/tickets/${taskId}` }));
  await ada.close();
});
