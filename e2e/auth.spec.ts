import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { newCompany, shoot, signInViaUi, signUpViaApi } from './helpers';

test.describe('sign-up', () => {
  test('walks both steps with their validation and lands on the products hub', async ({ page }) => {
    const c = newCompany();
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByText('Enter your personal details')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please fill in all fields')).toBeVisible();

    await page.getByLabel('First Name').fill(c.firstName);
    await page.getByLabel('Last Name').fill(c.lastName);
    await page.getByLabel('Email').fill(c.email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm Password').fill('secret2');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm Password').fill('12345');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();

    // The show/hide toggle reveals the password.
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');

    await page.getByLabel('Password', { exact: true }).fill(c.password);
    await page.getByLabel('Confirm Password').fill(c.password);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Company Setup' })).toBeVisible();
    await expect(page.getByText('Set up your organization and select products')).toBeVisible();
    await expect(page.getByLabel('CRM')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please fill in all organization details')).toBeVisible();

    await page.getByLabel('Company Name').fill(c.companyName);
    await page.getByLabel('Organization Name').fill(c.organizationName);
    await page.getByLabel('Entity Name').fill(c.entityName);
    await page.getByLabel('Country').click();
    await expect(page.getByRole('option')).toHaveCount(16);
    await page.getByRole('option', { name: 'Canada' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please select at least one product')).toBeVisible();

    // Back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('First Name')).toHaveValue(c.firstName);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('CRM').check();
    await page.getByLabel('Projects').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account created successfully. Redirecting to products page...')).toBeVisible();
    await expect(page).toHaveURL(/\/products$/, { timeout: 5000 });

    await expect(page.getByText(`Welcome, ${c.firstName} ${c.lastName}`)).toBeVisible();
    await expect(page.getByText('SUPER ADMIN')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Products' })).toBeVisible();
    const productCards = page.getByRole('link', { name: /^Open (CRM|ATS|HRMS|Projects)$/ });
    await expect(productCards).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Open CRM' })).toHaveAttribute('href', '/crm');
    await expect(page.getByRole('link', { name: 'Open Projects' })).toHaveAttribute('href', '/projects');
    await expect(page.getByRole('link', { name: 'Open Settings' })).toBeVisible();
  });

  test('refuses an email that is taken', async ({ page }) => {
    const { company } = await signUpViaApi(page);
    await page.context().clearCookies();
    await page.goto('/signup');
    await page.getByLabel('First Name').fill('Other');
    await page.getByLabel('Last Name').fill('Person');
    await page.getByLabel('Email').fill(company.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Company Name').fill('Another');
    await page.getByLabel('Organization Name').fill('Another Org');
    await page.getByLabel('Entity Name').fill('Another Entity');
    await page.getByLabel('Country').click();
    await page.getByRole('option', { name: 'Other' }).click();
    await page.getByLabel('ATS').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Sign Up Failed')).toBeVisible();
    await expect(page.getByText('User already registered')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test("Everyday use (issue 31): step 1's error toasts are gone when Company Setup opens", async ({ page }) => {
  const c = newCompany();
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await page.getByLabel('First Name').fill(c.firstName);
  await page.getByLabel('Last Name').fill(c.lastName);
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Password', { exact: true }).fill(c.password);
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(c.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Company Setup' })).toBeVisible();
  // At once, not when they would have timed out (4 s).
  await expect(page.getByText('Passwords do not match')).toHaveCount(0, { timeout: 1_500 });
  await expect(page.getByText('Please fill in all fields')).toHaveCount(0);
  await shoot(page, 'signup-company-setup');
  // Step 2's own toasts still show.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please fill in all organization details')).toBeVisible();
});

test.describe('sign-in and sessions', () => {
  test('logout ends the session; sign-in brings the user back', async ({ page }) => {
    const { company } = await signUpViaApi(page);
    await page.goto('/products');
    await expect(page.getByText(`Welcome, ${company.firstName} ${company.lastName}`)).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/products');
    await expect(page).toHaveURL(/\/login$/);

    await expect(page.getByRole('heading', { name: 'WorkSphere Hub' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please fill in all fields')).toBeVisible();

    await page.getByLabel('Email').fill(company.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toBeVisible();

    await signInViaUi(page, company.email, company.password);
    await expect(page.getByText('Logged in successfully')).toBeVisible();

    // Signed in: /login and /signup lead back to the hub.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/products$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/products$/);
  });

  test('a session ended elsewhere sends the open page to /login at its next request', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Your Products' })).toBeVisible();
    // End the session on the server, as a logout in another tab would.
    await page.context().request.post('/api/auth/sign-out', { headers: { origin: new URL(page.url()).origin } });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('protected pages redirect to /login without a session', async ({ page }) => {
    for (const path of ['/products', '/settings', '/organization-management', '/entity-management', '/user-management', '/crm']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });
});

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // Outside every module (inside one, the module's own frame answers: projects.spec.ts, hrms.spec.ts).
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(errors.some((e) => e.includes('/no-such-page'))).toBe(true);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('accessibility and layout at both widths', () => {
  for (const width of [1280, 375]) {
    test(`sign-in, sign-up, products hub and 404 pass axe and fit the screen at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const fits = async () => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      };
      for (const path of ['/login', '/signup', '/nowhere']) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expectAccessible(page);
        await fits();
      }
      await signUpViaApi(page, newCompany({ productNames: ['CRM', 'ATS', 'HRMS', 'Projects'] }));
      await page.goto('/products');
      await expect(page.getByRole('link', { name: 'Open Projects' })).toBeVisible();
      await expectAccessible(page);
      await fits();
    });
  }
});
