/**
 * Payroll in the browser (issue 35): every set-up dialog walked and saved (settings, schedule,
 * pay record, each added and edited, found after a reload), and a pay run taken draft → approved
 * → paid, with its review, payslip and bank file; the paid payslip then in the employee's portal;
 * an off-cycle run's review saying which pay components apply to it; an approved run corrected by
 * an off-cycle run made in its "New Off-Cycle Run" dialog (every field walked), then approved.
 */
import { expect, test, type Page } from '@playwright/test';
import { newCompany, ORIGIN, shoot, signedIn, signUpViaApi, uniqueEmail } from './helpers';

async function setUp(page: Page, productNames = ['HRMS']) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { entityId } = await signUpViaApi(page, newCompany({ productNames }));
  const api = page.context().request;
  const employee = async (firstName: string, lastName: string, extra: Record<string, unknown> = {}) => {
    const res = await api.post('/api/hrms/employees', {
      headers: { origin: ORIGIN },
      data: { entityId, firstName, lastName, workEmail: `${firstName.toLowerCase()}-${Date.now()}@example.com`, employmentType: 'full_time', startDate: '2024-01-15', ...extra },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  return { entityId, api, employee };
}

const saved = async (page: Page, dialog: ReturnType<Page['getByRole']>, button: string, message: string) => {
  await dialog.getByRole('button', { name: button }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(dialog).toBeHidden();
};

test('payroll set-up: settings, a schedule and a pay record, each added and edited, shown after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const { employee } = await setUp(page);
  await employee('Ada', 'Lovelace');
  await page.goto('/hrms/payroll');
  await expect(page.getByRole('link', { name: 'Payroll' })).toBeVisible();

  await page.getByRole('button', { name: 'Set Up Payroll' }).click();
  let dialog = page.getByRole('dialog', { name: 'Set Up Payroll' });
  await dialog.getByLabel('Payroll Country').selectOption({ label: 'United States (federal taxes)' });
  await dialog.getByLabel('Company Name on Bank Files').fill('Compilers Inc');
  await dialog.getByLabel('Your Bank’s Routing Number').fill('021000021');
  await dialog.getByLabel('Company Identification').fill('1123456789');
  await saved(page, dialog, 'Save Settings', 'Payroll set up.');
  await page.reload();
  await expect(page.getByText('US payroll in USD.')).toBeVisible();
  await expect(page.getByText('State and local taxes are not calculated')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Payroll Settings' });
  await expect(dialog.getByLabel('Company Identification')).toHaveValue('1123456789');
  await expect(dialog.getByLabel('Overtime Multiplier (× Hourly Rate)')).toHaveValue('1.5');
  await dialog.getByLabel('Company Name on Bank Files').fill('Compilers Payroll Inc');
  await dialog.getByLabel('Overtime Multiplier (× Hourly Rate)').fill('2');
  await saved(page, dialog, 'Save Settings', 'Payroll settings saved.');
  await page.reload();
  await page.getByRole('button', { name: 'Edit Settings' }).click();
  await expect(page.getByLabel('Company Name on Bank Files')).toHaveValue('Compilers Payroll Inc');
  await expect(page.getByLabel('Overtime Multiplier (× Hourly Rate)')).toHaveValue('2');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Add Pay Schedule' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Pay Schedule' });
  await dialog.getByLabel('Name').fill('Monthly salaried');
  await dialog.getByLabel('Frequency').selectOption({ label: 'Semi-monthly' });
  await dialog.getByLabel('First Pay Date').fill('2025-01-15');
  await saved(page, dialog, 'Add Pay Schedule', 'Pay schedule added.');
  await page.reload();
  await expect(page.getByRole('cell', { name: 'Semi-monthly' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Monthly salaried' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Pay Schedule' });
  await dialog.getByLabel('Name').fill('Monthly');
  await dialog.getByLabel('Frequency').selectOption({ label: 'Monthly' });
  await dialog.getByLabel('First Pay Date').fill('2025-01-31');
  await saved(page, dialog, 'Save Changes', 'Pay schedule saved.');
  await page.reload();
  const scheduleRow = page.getByRole('row', { name: /Monthly Monthly 2025-01-31/ });
  await expect(scheduleRow).toBeVisible();

  // Pay components: one added, every field edited, another deleted after a confirmation.
  await page.getByRole('button', { name: 'Add Pay Component' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Pay Component' });
  await dialog.getByLabel('Name').fill('Pension');
  await dialog.getByLabel('Kind').selectOption({ label: 'Deduction before tax' });
  await dialog.getByLabel('Calculated As').selectOption({ label: 'Percent of gross pay' });
  await dialog.getByLabel('Percent of Gross Pay').fill('5');
  await saved(page, dialog, 'Add Pay Component', 'Pay component added.');
  await page.reload();
  await expect(page.getByRole('row', { name: /Pension Deduction before tax 5 % of gross pay 0/ })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Pension' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Pay Component' });
  await expect(dialog.getByLabel('Percent of Gross Pay')).toHaveValue('5');
  await dialog.getByLabel('Name').fill('Union dues');
  await dialog.getByLabel('Kind').selectOption({ label: 'Deduction after tax' });
  await dialog.getByLabel('Calculated As').selectOption({ label: 'Fixed amount per period' });
  await dialog.getByLabel('Amount per Period').fill('20.00');
  await saved(page, dialog, 'Save Changes', 'Pay component saved.');
  await page.reload();
  await expect(page.getByRole('row', { name: /Union dues Deduction after tax USD 20\.00 per period/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add Pay Component' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Pay Component' });
  await dialog.getByLabel('Name').fill('401(k)');
  await dialog.getByLabel('Percent of Gross Pay').fill('6');
  await saved(page, dialog, 'Add Pay Component', 'Pay component added.');
  await page.getByRole('button', { name: 'Delete Union dues' }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Delete Union dues?' });
  await confirm.getByRole('button', { name: 'Keep Component' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Delete Union dues' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Delete Union dues?' });
  await shoot(page, 'payroll-component-delete');
  await confirm.getByRole('button', { name: 'Delete Component' }).click();
  await expect(page.getByText('Union dues deleted.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: /Union dues/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /401\(k\) Deduction before tax 6 % of gross pay 0/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add Pay Record' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Pay Record' });
  await dialog.getByLabel('Employee').selectOption({ label: 'Ada Lovelace' });
  await dialog.getByLabel('Pay Basis').selectOption({ label: 'Hourly rate' });
  await dialog.getByLabel('Hourly Rate').fill('40.00');
  await dialog.getByLabel('Hours per Week').fill('37.5');
  await dialog.getByLabel('Pay Start Date').fill('2024-02-01');
  await dialog.getByLabel('Pay End Date').fill('2026-12-31');
  await dialog.getByLabel('Filing Status (Step 1c)').selectOption({ label: 'Head of household' });
  await dialog.getByLabel('Step 2: two jobs').check();
  await dialog.getByLabel('Step 3: Dependents Amount').fill('2000.00');
  await dialog.getByLabel('Step 4(a): Other Income').fill('100.00');
  await dialog.getByLabel('Step 4(b): Deductions').fill('200.00');
  await dialog.getByLabel('Step 4(c): Extra Withholding').fill('25.00');
  await dialog.getByLabel('Routing Number').fill('011000015');
  await dialog.getByLabel('Account Number').fill('123456789');
  await dialog.getByLabel('Account Type').selectOption({ label: 'Savings' });
  await dialog.getByRole('checkbox', { name: /^401\(k\)/ }).check();
  await dialog.getByLabel('Own Percent for 401(k)').fill('4');
  await saved(page, dialog, 'Add Pay Record', 'Pay record added.');
  await page.reload();
  await expect(page.getByRole('row', { name: /Ada Lovelace Monthly USD 40\.00 an hour 2024-02-01 to 2026-12-31/ })).toBeVisible();

  await page.getByRole('button', { name: 'Edit pay of Ada Lovelace' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Pay · Ada Lovelace' });
  for (const [label, value] of [
    ['Filing Status (Step 1c)', 'head_of_household'],
    ['Step 3: Dependents Amount', '2000.00'],
    ['Step 4(a): Other Income', '100.00'],
    ['Step 4(b): Deductions', '200.00'],
    ['Step 4(c): Extra Withholding', '25.00'],
    ['Routing Number', '011000015'],
    ['Account Number', '123456789'],
    ['Account Type', 'savings'],
  ] as const)
    await expect(dialog.getByLabel(label), label).toHaveValue(value);
  await expect(dialog.getByLabel('Step 2: two jobs')).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^401\(k\)/ })).toBeChecked();
  await expect(dialog.getByLabel('Own Percent for 401(k)')).toHaveValue('4');
  await dialog.getByLabel('Own Percent for 401(k)').fill('7.5');
  await shoot(page, 'payroll-pay-record-components');
  await dialog.getByLabel('Pay Basis').selectOption({ label: 'Salary (per year)' });
  await dialog.getByLabel('Annual Salary').fill('72000.00');
  await dialog.getByLabel('Pay End Date').fill('');
  await saved(page, dialog, 'Save Changes', 'Pay record saved.');
  await page.reload();
  await expect(page.getByRole('row', { name: /Ada Lovelace Monthly USD 72,000\.00 a year 2024-02-01 onwards/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /401\(k\) Deduction before tax 6 % of gross pay 1/ })).toBeVisible();
  await page.getByRole('button', { name: 'Edit pay of Ada Lovelace' }).click();
  await expect(page.getByLabel('Own Percent for 401(k)')).toHaveValue('7.5');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await shoot(page, 'payroll-setup');
});

test('a pay run: New Pay Run → review → Approve → Mark as Paid, with payslip and bank file; the payslip in the employee’s portal', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const { entityId, api, employee } = await setUp(page, ['HRMS', 'CRM']);
  const post = async (path: string, data: unknown) => {
    const res = await api.post(`/api${path}`, { headers: { origin: ORIGIN }, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  // Ada signs in as an employee only: her user holds CRM, nothing of HRMS.
  const products = (await (await api.get('/api/products')).json()) as { items: { id: string; type: string }[] };
  const adaEmail = uniqueEmail('ada');
  const adaUser = await post('/users', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: adaEmail,
    password: 'secret123',
    confirmPassword: 'secret123',
    access: [{ productId: products.items.find((p) => p.type === 'crm')!.id, entityId, roleType: 'viewer' }],
  });
  await post('/hrms/payroll/settings', { entityId, country: 'US', currency: 'USD', bank: { name: 'Compilers Inc', routingNumber: '021000021', companyIdentification: '1123456789' } });
  const schedule = await post('/hrms/payroll/schedules', { entityId, name: 'Monthly', frequency: 'monthly', firstPayDate: '2025-01-31' });
  await post('/hrms/payroll/components', { entityId, name: 'Bonus', kind: 'earning', method: 'one_off' });
  const w4 = { filingStatus: 'single', step2: false, step3: '0.00', step4a: '0.00', step4b: '0.00', step4c: '0.00' };
  const people = [
    ['Ada', 'Lovelace', '72000.00', '2024-01-01'],
    ['Alan', 'Turing', '96000.00', '2025-01-16'],
    ['Grace', 'Brewster', '250000.00', '2024-06-01'],
  ] as const;
  const employeeIds: Record<string, string> = {};
  for (const [first, last, salary, start] of people) {
    const id = await employee(first, last, first === 'Ada' ? { userId: adaUser.id } : {});
    employeeIds[first] = id;
    await post('/hrms/payroll/pay-records', {
      employeeId: id,
      scheduleId: schedule.id,
      payBasis: 'salary',
      annualSalary: salary,
      currency: 'USD',
      startDate: start,
      us: w4,
      bank: { routingNumber: '011000015', accountNumber: '12345678', accountType: 'checking' },
    });
  }

  await page.goto('/hrms/payroll');
  await page.getByRole('button', { name: 'New Pay Run' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Pay Run' });
  await expect(dialog.getByLabel('Tax Year')).toHaveValue('2025');
  await dialog.getByLabel('Pay Period').selectOption({ label: '1: 2025-01-01 to 2025-01-31, paid 2025-01-31' });
  await dialog.getByRole('button', { name: 'Calculate Draft' }).click();
  await expect(page.getByText('Pay run calculated as a draft.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Pay Run · 2025-01-31/ })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  // The example: $6,000 a month, single → net $4,919.83; Alan starts on the 16th: 16 of 31 days.
  await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toContainText('USD 4,919.83');
  await expect(page.getByRole('row', { name: /Alan Turing/ })).toContainText('× 16 of 31 days');
  await expect(page.getByText('State and local taxes are not calculated')).toBeVisible();

  // A bonus entered on the draft: added for Alan and Grace, Grace's removed; the run is calculated again.
  const oneOff = page.getByRole('form', { name: 'Add a one-off amount' });
  await expect(page.getByText('No one-off amounts in this pay run.')).toBeVisible();
  for (const name of ['Alan Turing', 'Grace Brewster']) {
    await oneOff.getByLabel('Employee').selectOption({ label: name });
    await oneOff.getByLabel('Component').selectOption({ label: 'Bonus' });
    await oneOff.getByLabel('Amount').fill(name === 'Alan Turing' ? '1000' : '250.00');
    await oneOff.getByRole('button', { name: 'Add Amount' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${name} Bonus USD`) })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Remove Bonus of Grace Brewster' }).click();
  await expect(page.getByRole('row', { name: /Grace Brewster Bonus/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('row', { name: /Alan Turing Bonus USD 1,000\.00/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Alan Turing/ }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Each employee’s gross to net' }).getByRole('row', { name: /Alan Turing/ })).toContainText('Bonus: USD 1,000.00');
  await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toContainText('USD 4,919.83');
  await shoot(page, 'payroll-review-draft');

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Pay run approved: its figures are locked.')).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recalculate' })).toHaveCount(0);
  const bank = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Bank File (NACHA)' }).click();
  const nacha = await (await bank).path();
  expect(nacha).toBeTruthy();

  // Approved is not paid: nothing in Ada's portal yet.
  const ada = await signedIn(browser, adaEmail);
  await ada.goto('/hrms/portal');
  await expect(ada.getByRole('heading', { name: 'No payslips yet' })).toBeVisible();
  await shoot(ada, 'portal-no-payslips');

  await page.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(page.getByText('Pay run marked as paid.')).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await shoot(page, 'payroll-review-paid');

  const payslip = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Payslip of Ada Lovelace (PDF)' }).click();
  const file = await payslip;
  expect(file.suggestedFilename()).toMatch(/^payslip-2025-01-31-Ada Lovelace\.pdf$/);
  if (process.env.SHOTS) await file.saveAs(`${process.env.SHOTS}/payslip.pdf`);

  await page.getByRole('link', { name: 'Payroll' }).first().click();
  await expect(page.getByRole('row', { name: /2025-01-31 Monthly 2025 · 1 Paid 3/ })).toBeVisible();
  await shoot(page, 'payroll-runs');

  // Year-end: Form W-2 boxes 1 to 6 and box 12 code D (no 401(k) here: 0.00) from the paid run.
  await expect(page.getByRole('columnheader', { name: 'Box 12 code D 401(k) elective deferrals' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ada Lovelace USD 6,000\.00 USD 621\.17 USD 6,000\.00 USD 372\.00 USD 6,000\.00 USD 87\.00 USD 0\.00/ })).toBeVisible();
  const w2 = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Year-end figures of Ada Lovelace (PDF)' }).click();
  if (process.env.SHOTS) await (await w2).saveAs(`${process.env.SHOTS}/w2.pdf`);

  // Ada is told, finds the payslip in her portal (her own only) and downloads it.
  const told = (await (await ada.context().request.get('/api/notifications')).json()) as { items: { category: string; title: string; url: string }[] };
  expect(told.items.filter((n) => n.category === 'payslips')).toEqual([expect.objectContaining({ title: 'Your payslip for 2025-01-31 is ready', url: '/hrms/portal' })]);
  await ada.reload();
  const payslips = ada.getByRole('table', { name: 'My payslips' });
  await expect(payslips.getByRole('row')).toHaveCount(2);
  await expect(payslips.getByRole('row', { name: /Jan 31, 2025\s*for Jan 1, 2025 – Jan 31, 2025\s*USD 4,919\.83/ })).toBeVisible();
  await shoot(ada, 'portal-payslips');
  const mine = ada.waitForEvent('download');
  await ada.getByRole('link', { name: 'Download payslip for Jan 31, 2025 (PDF)' }).click();
  expect((await mine).suggestedFilename()).toBe('payslip-2025-01-31-Ada Lovelace.pdf');
  await ada.context().close();

  // An off-cycle run in January (a $1,000 bonus for Ada, through the API): its review says which pay
  // components apply, and its federal income tax is the aggregate procedure's: withholding on
  // $6,000 + $1,000 as one month (841.17) less the 621.17 January's regular run withheld = 220.00.
  const offCycle = await post('/hrms/payroll/runs', { scheduleId: schedule.id, taxYear: '2025', period: 1, kind: 'off_cycle', items: [{ employeeId: employeeIds.Ada, gross: '1000.00' }] });
  await page.goto(`/hrms/payroll/runs/${offCycle.id}`);
  await expect(page.getByText('Monthly (off-cycle) · period 1 of tax year 2025')).toBeVisible();
  await expect(page.getByRole('note', { name: 'What an off-cycle run applies' })).toContainText('Pay components that are a percent of pay (a pension, a 401(k), an employer match) apply to it; fixed amounts a period (an allowance, union dues) do not');
  await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toContainText('Federal income tax: USD 220.00');
  await shoot(page, 'payroll-off-cycle');
});

test('an approved run corrected in the browser: New Off-Cycle Run, two employees with their gross, checked in words, calculated as a draft, then approved', async ({ page }) => {
  test.setTimeout(120_000);
  const { entityId, api, employee } = await setUp(page);
  const post = async (path: string, data: unknown, status = 201) => {
    const res = await api.post(`/api${path}`, { headers: { origin: ORIGIN }, data });
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()) as { id: string; version: number };
  };
  await post('/hrms/payroll/settings', { entityId, country: 'US', currency: 'USD', bank: { name: 'Compilers Inc', routingNumber: '021000021', companyIdentification: '1123456789' } });
  const schedule = await post('/hrms/payroll/schedules', { entityId, name: 'Monthly', frequency: 'monthly', firstPayDate: '2025-01-31' });
  const w4 = { filingStatus: 'single', step2: false, step3: '0.00', step4a: '0.00', step4b: '0.00', step4c: '0.00' };
  for (const [first, last, salary] of [['Ada', 'Lovelace', '72000.00'], ['Alan', 'Turing', '96000.00']] as const) {
    const id = await employee(first, last);
    await post('/hrms/payroll/pay-records', { employeeId: id, scheduleId: schedule.id, payBasis: 'salary', annualSalary: salary, currency: 'USD', startDate: '2024-01-01', us: w4 });
  }
  const regular = await post('/hrms/payroll/runs', { scheduleId: schedule.id, taxYear: '2025', period: 1 });
  await post(`/hrms/payroll/runs/${regular.id}/approve`, { version: regular.version }, 200);

  await page.goto(`/hrms/payroll/runs/${regular.id}`);
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New Off-Cycle Run' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Off-Cycle Run' });
  await expect(dialog.getByRole('definition').filter({ hasText: 'Period 1 of tax year 2025' })).toContainText('2025-01-01 to 2025-01-31, paid 2025-01-31');
  const first = dialog.getByRole('group', { name: 'Payment 1' });
  await expect(first.getByLabel('Employee').locator('option:checked')).toHaveText('Ada Lovelace');
  await expect(dialog.getByRole('button', { name: 'Remove payment 1 to Ada Lovelace' })).toBeDisabled();

  // Checked in words before anything is sent: a missing amount, a zero, three decimals.
  await dialog.getByRole('button', { name: 'Calculate Draft' }).click();
  await expect(first.getByText('Enter the gross amount to pay, such as 500.00.')).toBeVisible();
  for (const wrong of ['0', '12.345']) {
    await first.getByLabel('Gross (USD)').fill(wrong);
    await dialog.getByRole('button', { name: 'Calculate Draft' }).click();
    await expect(first.getByText('Gross must be an amount of money more than zero, with at most two decimals, such as 500.00.')).toBeVisible();
  }
  await first.getByLabel('Employee').selectOption({ label: 'Ada Lovelace' });
  await first.getByLabel('Gross (USD)').fill('1000');

  // A second row: added (Alan, the run's other employee), removed, added again; the same employee twice is refused.
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  const second = dialog.getByRole('group', { name: 'Payment 2' });
  await expect(second.getByLabel('Employee').locator('option:checked')).toHaveText('Alan Turing');
  await expect(dialog.getByRole('button', { name: 'Add Employee' })).toBeDisabled();
  await expect(second.getByLabel('Employee')).toBeFocused();
  await dialog.getByRole('button', { name: 'Remove payment 2 to Alan Turing' }).click();
  await expect(second).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add Employee' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(second.getByLabel('Employee')).toBeFocused();
  await second.getByLabel('Employee').selectOption({ label: 'Ada Lovelace' });
  await second.getByLabel('Gross (USD)').fill('250.50');
  await dialog.getByRole('button', { name: 'Calculate Draft' }).click();
  await expect(second.getByText('Ada Lovelace is listed twice: pay each employee once, with the total to pay.')).toBeVisible();
  await second.getByLabel('Employee').selectOption({ label: 'Alan Turing' });
  await expect(second.getByText(/listed twice/)).toHaveCount(0);
  await shoot(page, 'payroll-off-cycle-dialog');
  // Sent from the keyboard: Enter in the last amount.
  await second.getByLabel('Gross (USD)').press('Enter');
  await expect(page.getByText('Off-cycle run created as a draft: review it, then approve.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new draft's review, and again after a reload: $1,000 on Ada's $6,000 month withholds 220.00 (Publication 15 section 7).
  const review = async () => {
    await expect(page.getByText('Monthly (off-cycle) · period 1 of tax year 2025')).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Each employee’s gross to net' });
    await expect(table.getByRole('row', { name: /Ada Lovelace/ })).toContainText('USD 1,000.00');
    await expect(table.getByRole('row', { name: /Ada Lovelace/ })).toContainText('Federal income tax: USD 220.00');
    await expect(table.getByRole('row', { name: /Alan Turing/ })).toContainText('USD 250.50');
    await expect(page.getByRole('note', { name: 'What an off-cycle run applies' })).toBeVisible();
  };
  await review();
  expect(page.url()).not.toContain(regular.id);
  await page.reload();
  await review();
  await expect(page.getByRole('button', { name: 'New Off-Cycle Run' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Pay run approved: its figures are locked.')).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await shoot(page, 'payroll-off-cycle-approved');
});
