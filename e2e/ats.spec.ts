import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { arrowTo, liftCard, newCompany, ORIGIN, shoot, signedIn, signUpViaApi, uniqueEmail } from './helpers';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'), Buffer.alloc(4000, 65), Buffer.from('\n%%EOF\n')]);

/** The board column of a stage (its list of cards). */
const column = (page: Page, stage: string) => page.getByRole('list', { name: `${stage} candidates` });

test('ATS: post a job, add a candidate with a résumé, move them through the board to Hired, and see the employee in HRMS', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId, organizationId } = await signUpViaApi(page, newCompany({ productNames: ['ATS', 'HRMS'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const ats = products.items.find((p) => p.type === 'ats')!.id;
  const other = await api.post('/api/entities', { headers: { origin: ORIGIN }, data: { name: 'Other Branch', organizationId, country: 'Other', productIds: [ats] } });
  expect(other.status()).toBe(201);
  const otherEntityId = ((await other.json()) as { id: string }).id;
  const users: Record<string, string> = {};
  for (const [key, role, entity] of [
    ['viewer', 'viewer', entityId],
    ['outsider', 'member', otherEntityId],
  ] as const) {
    const email = uniqueEmail(key);
    const res = await api.post('/api/users', {
      headers: { origin: ORIGIN },
      data: { firstName: key, lastName: 'User', email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: ats, entityId: entity, roleType: role }] },
    });
    expect(res.status()).toBe(201);
    users[key] = email;
  }

  // The live dashboard, empty: it says what to do next.
  await page.goto(`/ats?entity=${entityId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'ATS Dashboard' })).toBeVisible();
  await expect(page.getByText('Sample data')).toHaveCount(0);
  await expect(page.getByText('No open jobs yet')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'ats-dashboard-empty');

  // Post a job.
  await page.getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(page.getByText('No jobs yet')).toBeVisible();
  await page.getByRole('button', { name: 'Post Job' }).first().click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Platform Engineer');
  await dialog.getByLabel('Department').fill('Engineering');
  await dialog.getByLabel('Location').fill('Remote');
  await dialog.getByLabel('Status').selectOption('open');
  await dialog.getByRole('button', { name: 'Post Job' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Job created successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Platform Engineer' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'ats-jobs');

  // Add a candidate with a résumé, applying to the job.
  await page.getByRole('link', { name: 'Candidates', exact: true }).click();
  await expect(page.getByText('No candidates yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Candidate' }).first().click();
  dialog = page.getByRole('dialog');
  const email = uniqueEmail('grace');
  await dialog.getByLabel('First Name').fill('Katherine');
  await dialog.getByLabel('Last Name').fill('Johnson');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Source').selectOption('Referral');
  await dialog.getByLabel('Apply to Job').selectOption({ label: 'Platform Engineer' });
  await dialog.getByLabel('Résumé (PDF, at most 5 MB)').setInputFiles({ name: 'katherine.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Add Candidate' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Candidate added successfully')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'ats-candidates');
  await page.getByRole('link', { name: 'Johnson, Katherine' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Katherine Johnson' })).toBeVisible();
  const resumeLink = page.getByRole('link', { name: 'katherine.pdf' });
  await expect(resumeLink).toBeVisible();
  const download = await page.context().request.get((await resumeLink.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(Buffer.compare(await download.body(), PDF)).toBe(0);
  // A picture renamed to .pdf is refused by the server (its first bytes are not a PDF's).
  await page.getByLabel('Replace Résumé (PDF)').setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) });
  await expect(page.getByRole('alert')).toHaveText('The résumé must be a PDF file.');
  await expectAccessible(page);
  await shoot(page, 'ats-candidate');

  // The board: keyboard move (Space, arrow, Space) to Review, then drag to Phone Screen.
  await page.getByRole('link', { name: 'Platform Engineer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Platform Engineer' })).toBeVisible();
  await expect(column(page, 'Applied').getByText('Katherine Johnson')).toBeVisible();
  await expectAccessible(page);
  const handle = page.getByRole('button', { name: 'Move Katherine Johnson' });
  await liftCard(page, 'Move Katherine Johnson');
  await arrowTo(page, 'ArrowRight', 'Review');
  await page.keyboard.press('Space');
  await expect(column(page, 'Review').getByText('Katherine Johnson')).toBeVisible();
  await expect(page.getByText('Katherine Johnson moved to Review.')).toBeVisible();
  // The drop animation's copy of the card (dnd-kit's overlay) covers the handle until it ends.
  await expect(page.getByRole('article', { name: 'Katherine Johnson' })).toHaveCount(1);
  const target = page.getByRole('list', { name: 'Phone Screen candidates' }).locator('xpath=..');
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();
  await expect(column(page, 'Phone Screen').getByText('Katherine Johnson')).toBeVisible();
  // After a reload the move is still there (it was saved).
  await page.reload();
  await expect(column(page, 'Phone Screen').getByText('Katherine Johnson')).toBeVisible();

  // Hired: the dialog offers "Create employee record"; the employee appears in HRMS.
  await page.getByLabel('Stage of Katherine Johnson').selectOption('hired');
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Hire Katherine Johnson' })).toBeVisible();
  await expect(dialog.getByLabel(/Create employee record/)).toBeChecked();
  await dialog.getByLabel('Start Date').fill('2030-02-01');
  await dialog.getByRole('button', { name: 'Move to Hired' }).click();
  await expect(column(page, 'Hired').getByText('Katherine Johnson')).toBeVisible();
  await expect(page.getByText('Katherine Johnson is now an employee in HRMS.')).toBeVisible();
  await expect(column(page, 'Hired').getByText('Employee record created')).toBeVisible();
  await page.getByRole('navigation', { name: 'Stages' }).getByRole('button', { name: /^Hired/ }).click();
  await shoot(page, 'ats-job-board');
  await page.goto('/hrms/employees');
  await expect(page.getByRole('link', { name: 'Johnson, Katherine' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Johnson, Katherine/ }).getByText('Platform Engineer')).toBeVisible();

  // A second candidate: rejected with a reason (asked for), and an interview with feedback.
  const second = await api.post('/api/ats/candidates', {
    headers: { origin: ORIGIN },
    data: { entityId, firstName: 'Dorothy', lastName: 'Vaughan', email: uniqueEmail('dorothy'), jobId: (await (await api.get(`/api/ats/jobs?entityId=${entityId}`)).json()).items[0].id },
  });
  expect(second.status()).toBe(201);
  const secondId = ((await second.json()) as { id: string }).id;
  await page.goto(`/ats/candidates/${secondId}`);
  await page.getByRole('button', { name: 'Schedule Interview' }).click();
  dialog = page.getByRole('dialog');
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Date', { exact: true }).fill(day);
  await dialog.getByLabel('Time').fill('14:30');
  await dialog.getByLabel(/Grace Hopper/).check();
  await dialog.getByLabel('Location or Link').fill('Room 4');
  await dialog.getByRole('button', { name: 'Schedule Interview' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Interview scheduled')).toBeVisible();
  await page.getByRole('link', { name: 'Interviews', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Interviews' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dorothy Vaughan' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('4').check();
  await dialog.getByLabel('Notes').fill('Clear thinker.');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('4/5')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'ats-interviews');
  await page.goto(`/ats/jobs`);
  await page.getByRole('link', { name: 'Platform Engineer' }).click();
  await page.getByLabel('Stage of Dorothy Vaughan').selectOption('rejected');
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give a reason for the rejection.');
  await dialog.getByLabel('Reason').fill('Position filled');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(column(page, 'Rejected').getByText('Reason: Position filled')).toBeVisible();

  // The dashboard is live.
  await page.goto(`/ats?entity=${entityId}`);
  await expect(page.getByRole('term').filter({ hasText: 'Open jobs' }).locator('xpath=following-sibling::dd')).toHaveText('1');
  await expect(page.getByRole('term').filter({ hasText: 'Interviews this week' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Upcoming interviews' }).getByText('Dorothy Vaughan')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'ats-dashboard');
  await page.goto('/ats/requisitions');
  await expect(page.getByRole('heading', { level: 1, name: 'Requisitions' })).toBeVisible();
  await shoot(page, 'ats-requisitions');

  // A Viewer reads but cannot change anything.
  const viewer = await signedIn(browser, users.viewer!);
  await viewer.goto('/ats/jobs');
  await expect(viewer.getByRole('link', { name: 'Platform Engineer' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Post Job' })).toHaveCount(0);
  await viewer.getByRole('link', { name: 'Platform Engineer' }).click();
  await expect(column(viewer, 'Hired').getByText('Katherine Johnson')).toBeVisible();
  await expect(viewer.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Edit Job' })).toHaveCount(0);
  await viewer.goto('/ats/candidates');
  await expect(viewer.getByRole('button', { name: 'Add Candidate' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await viewer.context().close();

  // Another entity's member sees none of it.
  const outsider = await signedIn(browser, users.outsider!);
  await outsider.goto('/ats/jobs');
  await expect(outsider.getByText('No jobs yet')).toBeVisible();
  await outsider.goto('/ats/candidates');
  await expect(outsider.getByText('No candidates yet')).toBeVisible();
  await outsider.goto(`/ats/candidates/${secondId}`);
  await expect(outsider.getByText('Candidate not found')).toBeVisible();
  await outsider.context().close();
});

test('Everyday use (issue 31): the interview Duration reads "1 h 30 min", and the interview list says so', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['ATS'] }));
  const api = page.context().request;
  const job = await api.post('/api/ats/jobs', { headers: { origin: ORIGIN }, data: { entityId, title: 'Support Engineer', employmentType: 'full_time', status: 'open' } });
  expect(job.status()).toBe(201);
  const candidate = await api.post('/api/ats/candidates', {
    headers: { origin: ORIGIN },
    data: { entityId, firstName: 'Mary', lastName: 'Jackson', email: uniqueEmail('mary'), jobId: ((await job.json()) as { id: string }).id },
  });
  expect(candidate.status()).toBe(201);

  await page.goto(`/ats/candidates/${((await candidate.json()) as { id: string }).id}`);
  await page.getByRole('button', { name: 'Schedule Interview' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Duration').locator('option')).toHaveText(['15 min', '30 min', '45 min', '1 h', '1 h 30 min', '2 h', '3 h', '4 h']);
  await dialog.getByLabel('Date', { exact: true }).fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
  await dialog.getByLabel('Duration').selectOption({ label: '1 h 30 min' });
  await dialog.getByLabel(/Grace Hopper/).check();
  await shoot(page, 'ats-interview-dialog');
  await dialog.getByRole('button', { name: 'Schedule Interview' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/ats/interviews?mine=false');
  await expect(page.getByRole('row', { name: /Mary Jackson/ }).getByRole('cell').first()).toHaveText(/\(1 h 30 min\)$/);
  await shoot(page, 'ats-interviews-duration');
});

/** The server's .eml files (DATA_DIR/outbox) sent to `email`. */
async function emailsTo(email: string): Promise<string[]> {
  const dir = join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
  return texts.filter((text) => new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'mi').test(text));
}

test('Notifications (issue 33): schedule with "Email the candidate", edit the interview, and cancel it; the candidate gets each calendar file', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['ATS'] }));
  const api = page.context().request;
  const job = await api.post('/api/ats/jobs', { headers: { origin: ORIGIN }, data: { entityId, title: 'Data Engineer', employmentType: 'full_time', status: 'open' } });
  const candidateEmail = uniqueEmail('annie');
  const candidate = await api.post('/api/ats/candidates', {
    headers: { origin: ORIGIN },
    data: { entityId, firstName: 'Annie', lastName: 'Easley', email: candidateEmail, jobId: ((await job.json()) as { id: string }).id },
  });
  expect(candidate.status()).toBe(201);
  const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);

  await page.goto(`/ats/candidates/${((await candidate.json()) as { id: string }).id}`);
  await page.getByRole('button', { name: 'Schedule Interview' }).click();
  let dialog = page.getByRole('dialog', { name: 'Schedule Interview' });
  await dialog.getByLabel('Date', { exact: true }).fill(day);
  await dialog.getByLabel('Time').fill('11:00');
  await dialog.getByLabel(/Grace Hopper/).check();
  await expect(dialog.getByLabel('Email the candidate')).not.toBeChecked();
  await dialog.getByLabel('Email the candidate').check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Schedule Interview' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await emailsTo(candidateEmail)).length, { timeout: 20_000 }).toBe(1);
  const [invitation] = await emailsTo(candidateEmail);
  expect(invitation).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/m);
  expect(invitation).toMatch(/^Subject: Interview invitation: Data Engineer at /m);

  // Edit: the dialog shows what was saved, "Email the candidate" included; a new time is an update.
  await page.goto('/ats/interviews?mine=false');
  const row = page.getByRole('row', { name: /Annie Easley/ });
  await row.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Interview' });
  await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue(day);
  await expect(dialog.getByLabel('Time')).toHaveValue('11:00');
  await expect(dialog.getByLabel(/Grace Hopper/)).toBeChecked();
  await expect(dialog.getByLabel('Email the candidate')).toBeChecked();
  await dialog.getByLabel('Time').fill('16:15');
  await dialog.getByLabel('Location or Link').fill('Room 12');
  await shoot(page, 'ats-interview-edit-dialog');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Interview updated')).toBeVisible();
  const when = new Date(`${day}T16:15`).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  await expect(row.getByRole('cell').first()).toHaveText(`${when} (1 h)`);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Room 12');
  await expect.poll(async () => (await emailsTo(candidateEmail)).length, { timeout: 20_000 }).toBe(2);
  await shoot(page, 'ats-interviews-editable');

  // Cancel: asked first; then it leaves the upcoming list and the candidate gets the cancellation.
  await row.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this interview?' });
  await expect(confirm).toContainText('The interviewers and the candidate get the cancellation');
  await expectAccessible(page);
  await shoot(page, 'ats-interview-cancel-dialog');
  await confirm.getByRole('button', { name: 'Cancel Interview' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Interview cancelled')).toBeVisible();
  await expect(page.getByRole('row', { name: /Annie Easley/ })).toHaveCount(0);
  await expect.poll(async () => (await emailsTo(candidateEmail)).filter((m) => /method=CANCEL/.test(m)).length, { timeout: 20_000 }).toBe(1);
});

test("Everyday use (issue 31): an ATS-only user's job page asks nothing of HRMS (it answered 403, in the console)", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The entity holds HRMS too, so the board offers hiring into HRMS to those who hold it.
  const { entityId } = await signUpViaApi(page, newCompany({ productNames: ['ATS', 'HRMS'] }));
  const api = page.context().request;
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const ats = products.items.find((p) => p.type === 'ats')!.id;
  const job = await api.post('/api/ats/jobs', { headers: { origin: ORIGIN }, data: { entityId, title: 'Recruiter Walk', employmentType: 'full_time', status: 'open' } });
  const jobId = ((await job.json()) as { id: string }).id;
  const email = uniqueEmail('atsonly');
  const user = await api.post('/api/users', {
    headers: { origin: ORIGIN },
    data: { firstName: 'Ria', lastName: 'Recruiter', email, password: 'secret123', confirmPassword: 'secret123', access: [{ productId: ats, entityId, roleType: 'member' }] },
  });
  expect(user.status()).toBe(201);

  const recruiter = await signedIn(browser, email);
  const asked: string[] = [];
  const errors: string[] = [];
  recruiter.on('request', (request) => asked.push(new URL(request.url()).pathname));
  recruiter.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await recruiter.goto(`/ats/jobs/${jobId}`);
  await expect(recruiter.getByRole('heading', { level: 1, name: 'Recruiter Walk' })).toBeVisible();
  await expect(recruiter.getByRole('heading', { name: 'Pipeline' })).toBeVisible();
  await recruiter.waitForLoadState('networkidle');
  expect(asked.filter((path) => path.startsWith('/api/hrms'))).toEqual([]);
  expect(errors).toEqual([]);
  await recruiter.context().close();
});
