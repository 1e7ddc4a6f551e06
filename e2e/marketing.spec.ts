import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 800 };
const PAGES = ['/', '/what-we-offer', '/who-we-serve', '/pricing'] as const;

/** One h1, and no heading level skipped on the way down. */
async function expectHeadingOutline(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((els) => els.map((e) => Number(e.tagName[1])));
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i]!, `heading ${i} jumps from h${levels[i - 1]}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
}

/** Nothing wider than the viewport, and no link that goes nowhere. */
async function expectNoOverflowOrDeadLinks(page: Page) {
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const dead = await page.locator('a').evaluateAll((as) =>
    as.map((a) => a.getAttribute('href') ?? '').filter((href) => href === '' || href === '#' || href.startsWith('javascript:')),
  );
  expect(dead).toEqual([]);
}

async function inViewport(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top < window.innerHeight && r.bottom > 0;
  });
}

test.describe('landing page', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
  });

  test('shows every section of the spec, in order, with its figures', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/WorkSphere/);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'WorkSphere' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('One platform');
    await expect(page.getByRole('button', { name: 'Get a Demo' })).toBeVisible();

    // What We Offer: five module cards, each with a subtitle, four bullets and an ideal-for line.
    const offer = page.locator('#what-we-offer');
    await expect(offer.getByRole('heading', { level: 2, name: 'What We Offer' })).toBeVisible();
    for (const name of ['HRMS', 'Payroll', 'CRM', 'ATS', 'Project Management']) {
      const card = offer.getByRole('article', { name, exact: true });
      await expect(card).toBeVisible();
      await expect(card.getByRole('listitem')).toHaveCount(4);
      await expect(card.getByText('Ideal for:')).toBeVisible();
    }
    await expect(offer.getByRole('heading', { name: 'One unified platform' })).toBeVisible();

    // The numbers of spec §1 and §9.
    const numbers = page.getByRole('region', { name: 'WorkSphere by the numbers' });
    for (const [value, label] of [
      ['250K+', 'employees managed'],
      ['15K+', 'companies'],
      ['$3B+', 'processed in payroll'],
      ['5 to 50,000', 'users on one platform'],
      ['100+', 'integrations'],
      ['3', 'onboarding steps'],
    ] as const) {
      await expect(numbers.getByRole('definition').filter({ hasText: new RegExp(`^${value.replace(/[$+]/g, '\\$&')}$`) })).toBeVisible();
      await expect(numbers.getByRole('term').filter({ hasText: label })).toBeVisible();
    }

    // Advantages of spec §1.
    for (const advantage of [
      'One dashboard, one login',
      'Scales from 5 to 50,000 users',
      'Bundled pricing',
      'Compliance with labour and privacy law',
      'Dedicated success manager',
      'Integrations with 100+ tools',
    ])
      await expect(page.getByRole('heading', { level: 3, name: advantage })).toBeVisible();

    // Three easy steps.
    const steps = page.getByRole('region', { name: 'Up and running in 3 easy steps' });
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    for (const step of ['Book a consultation', 'Add your people', 'Go live fast'])
      await expect(steps.getByRole('heading', { name: step })).toBeVisible();

    // Testimonials from three people, three client quotes.
    await expect(page.getByRole('region', { name: 'Loved by the teams who use it every day' }).getByRole('figure')).toHaveCount(3);
    await expect(page.locator('#customer-stories').getByRole('figure')).toHaveCount(3);

    // Footer.
    const footer = page.getByRole('contentinfo');
    for (const link of ['About Us', 'Careers', 'Blog', 'Customer Stories', 'Help Center', 'Security & Privacy', 'Terms of Use'])
      await expect(footer.getByRole('link', { name: new RegExp(`^${link.replace(/[&]/g, '\\$&')}`) })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Legal' })).toBeVisible();

    // Spec order: hero, what we offer, testimonials, numbers, platform modules, advantages,
    // integrations, three steps, client quotes, final call to action, footer.
    const order = [
      page.getByRole('heading', { level: 1 }),
      page.getByRole('heading', { level: 2, name: 'What We Offer' }),
      page.getByRole('heading', { level: 2, name: 'Loved by the teams who use it every day' }),
      page.getByRole('heading', { level: 2, name: 'WorkSphere by the numbers' }),
      page.getByRole('heading', { level: 2, name: /^Start with one module/ }),
      page.getByRole('heading', { level: 2, name: 'Why companies choose WorkSphere' }),
      page.getByRole('heading', { level: 2, name: /100\+ tools you already use/ }),
      page.getByRole('heading', { level: 2, name: 'Up and running in 3 easy steps' }),
      page.getByRole('heading', { level: 2, name: 'What our clients say' }),
      page.getByRole('heading', { level: 2, name: /^Ready to bring/ }),
      footer,
    ];
    const tops: number[] = [];
    for (const el of order) tops.push((await el.boundingBox())!.y);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);

    await expectHeadingOutline(page);
    await expectNoOverflowOrDeadLinks(page);
  });

  test('top bar links go to the marketing pages and log-in, and each page leads back home', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });

    for (const [name, path] of [
      ['What We Offer', '/what-we-offer'],
      ['Who We Serve', '/who-we-serve'],
      ['Pricing', '/pricing'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('One platform');
    }

    await banner.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the plain anchors scroll to customer stories and resources', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link', { name: 'Customer Stories' })).toHaveAttribute('href', '#customer-stories');
    await expect(nav.getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '#resources');

    await nav.getByRole('link', { name: 'Customer Stories' }).click();
    await expect(page).toHaveURL(/#customer-stories$/);
    await expect.poll(() => inViewport(page, '#customer-stories')).toBe(true);

    await nav.getByRole('link', { name: 'Resources' }).click();
    await expect(page).toHaveURL(/#resources$/);
    await expect.poll(() => inViewport(page, '#resources')).toBe(true);
    await expect(page.locator('#resources').getByRole('link', { name: /^Help Center/ })).toBeVisible();
  });

  test('Get Started and Sign Up Now go to sign-up', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: 'Sign Up Now' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('footer links to pages we do not have open an email instead', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /^Careers/ })).toHaveAttribute('href', /^mailto:careers@worksphere\.example/);
    await expect(footer.getByRole('link', { name: /^Help Center/ })).toHaveAttribute('href', /^mailto:support@worksphere\.example/);
    await expect(footer.getByRole('link', { name: /^Terms of Use/ })).toHaveAttribute('href', /^mailto:legal@worksphere\.example/);
    await expect(footer.getByRole('link', { name: 'Customer Stories' })).toHaveAttribute('href', '/#customer-stories');
    await footer.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/#about$/);
    await expect.poll(() => inViewport(page, '#about')).toBe(true);
  });

  test('footer anchors work from another page', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Customer Stories' }).click();
    await expect(page).toHaveURL(/\/#customer-stories$/);
    await expect.poll(() => inViewport(page, '#customer-stories')).toBe(true);
  });
});

test.describe('contact dialog', () => {
  test('opens from the keyboard, has labelled fields, validates and closes with Escape', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const bookDemo = page.getByRole('banner').getByRole('button', { name: 'Book a Demo' });
    await bookDemo.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Book a demo' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('sales@worksphere.example');
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    for (const label of ['Full name', 'Work email', 'Company', 'Message (optional)']) await expect(dialog.getByLabel(label)).toBeVisible();
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Open email to sales' }).click();
    await expect(dialog.getByText('Please enter your name')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid work email')).toBeVisible();
    await expect(dialog.getByText('Please enter your company')).toBeVisible();
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    await expect(dialog.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(bookDemo).toBeFocused();
  });

  test('each call to action opens it with its own title; sending says what happens', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('button', { name: 'Talk to Sales' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Talk to sales' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('button', { name: 'Get a Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a demo' });
    await dialog.getByLabel('Full name').fill('Ada Lovelace');
    await dialog.getByLabel('Work email').fill('ada@engines.example');
    await dialog.getByLabel('Company').fill('Analytical Engines');
    await dialog.getByLabel('Message (optional)').fill('Payroll for 40 people');
    await dialog.getByRole('button', { name: 'Open email to sales' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Thanks, Ada!')).toBeVisible();
    await expect(page.getByText(/Your email app is opening with a message to sales@worksphere\.example/)).toBeVisible();
    // The mail app is outside the page: the visitor stays where they were.
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('mobile menu (375 px)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(MOBILE);
  });

  test('opens the navigation, its links work, and Escape closes it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['What We Offer', 'Who We Serve', 'Pricing', 'Customer Stories', 'Resources', 'Log In'])
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // Keyboard: open with Enter, follow an anchor; the menu closes on the way.
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Customer Stories' }).click();
    await expect(page).toHaveURL(/#customer-stories$/);
    await expect(menu).toBeHidden();
    await expect.poll(() => inViewport(page, '#customer-stories')).toBe(true);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('marketing pages', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
  });

  test('What We Offer: five modules with features, benefits and ideal audience', async ({ page }) => {
    await page.goto('/what-we-offer');
    await expect(page.getByRole('heading', { level: 1, name: 'What We Offer' })).toBeVisible();
    for (const name of ['HRMS', 'Payroll', 'CRM', 'ATS', 'Project Management']) {
      const section = page.getByRole('region', { name, exact: true });
      await expect(section.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      for (const part of ['Features', 'Benefits', 'Ideal for']) await expect(section.getByRole('heading', { level: 3, name: part })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: /one unified platform/i })).toBeVisible();

    // The header's demo button opens the contact dialog.
    await page.getByRole('banner').getByRole('button', { name: 'Book a Demo' }).click();
    await expect(page.getByRole('dialog', { name: 'Book a demo' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await expectHeadingOutline(page);
    await expectNoOverflowOrDeadLinks(page);
  });

  test('Who We Serve: six audiences with testimonials and seven industries', async ({ page }) => {
    await page.goto('/who-we-serve');
    await expect(page.getByRole('heading', { level: 1, name: 'Who We Serve' })).toBeVisible();
    const audiences = page.locator('#audiences');
    for (const name of [
      'HR teams',
      'Finance and payroll teams',
      'Sales and support teams',
      'Recruiters and hiring managers',
      'Project managers',
      'Founders, COOs and CIOs',
    ]) {
      const card = audiences.getByRole('article', { name, exact: true });
      await expect(card).toBeVisible();
      await expect(card.getByRole('figure')).toHaveCount(1);
    }
    const industries = page.getByRole('region', { name: 'Industries we serve' });
    await expect(industries.getByRole('heading', { level: 3 })).toHaveCount(7);
    await expectHeadingOutline(page);
    await expectNoOverflowOrDeadLinks(page);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Pricing: prices, discounts, enterprise, billing terms and FAQ', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    const prices = page.getByRole('region', { name: 'Module prices' });
    for (const [name, price] of [
      ['CRM', '$5'],
      ['ATS', '$10'],
      ['HRMS', '$2'],
      ['Payroll', '$20'],
      ['Project Management', '$5'],
    ] as const)
      await expect(prices.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })).toContainText(price);

    const discounts = page.getByRole('region', { name: 'Bundle discounts' });
    for (const text of ['Any 3 modules', '10% off', '4 modules', '15% off', 'All 5 modules', '20% off', 'Annual billing'])
      await expect(discounts.getByText(text, { exact: true }).first()).toBeVisible();

    await expect(page.getByRole('region', { name: 'Enterprise' })).toContainText('Volume discounts for teams over 500 users');
    await expect(page.getByRole('region', { name: 'Enterprise' })).toContainText('Custom quotes for teams over 1,000 users');
    await expect(page.getByRole('region', { name: 'Billing terms' })).toContainText('14 days, with no credit card required.');

    // FAQ entries open from the keyboard.
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const question = faq.getByText('Is there a free trial?');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(faq.getByText('Yes: 14 days, and no credit card is needed to start it.')).toBeVisible();

    // The header's trial button goes to sign-up.
    await page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('Pricing: header and page structure', async ({ page }) => {
    await page.goto('/pricing');
    await expectHeadingOutline(page);
    await expectNoOverflowOrDeadLinks(page);
  });
});

test.describe('pricing calculator', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/pricing');
  });

  const total = (page: Page) => page.getByTestId('quote-total');

  test('starts with three modules and the bundle discount applied', async ({ page }) => {
    // CRM 5 + HRMS 2 + Payroll 20 = 27 × 25 users = 675; 10% off = 607.50.
    await expect(page.getByLabel('CRM', { exact: true })).toBeChecked();
    await expect(page.getByLabel('HRMS', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Payroll', { exact: true })).toBeChecked();
    await expect(page.getByTestId('quote-subtotal')).toHaveText('$675');
    await expect(page.getByTestId('quote-bundle')).toHaveText('−$67.50');
    await expect(total(page)).toHaveText('$607.50');
  });

  test('all five modules, annual billing: bundle first, then the annual discount', async ({ page }) => {
    for (const m of ['ATS', 'Projects']) await page.getByLabel(m, { exact: true }).check();
    await page.getByLabel('Number of users').fill('10');
    await page.getByLabel('Number of entities').fill('2');
    await page.getByRole('radio', { name: /Annual/ }).check();
    // 42 × 10 × 2 = 840; −20% bundle = 672; −20% annual = 537.60.
    await expect(page.getByTestId('quote-subtotal')).toHaveText('$840');
    await expect(page.getByTestId('quote-bundle')).toHaveText('−$168');
    await expect(page.getByTestId('quote-annual')).toHaveText('−$134.40');
    await expect(total(page)).toHaveText('$537.60');
    await expect(page.getByTestId('quote-year')).toHaveText('$6,451.20');

    // Back to monthly: no annual discount.
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await expect(total(page)).toHaveText('$672');
    await expect(page.getByTestId('quote-year')).toHaveCount(0);
  });

  test('four modules get 15%; one or two get nothing', async ({ page }) => {
    await page.getByLabel('ATS', { exact: true }).check();
    await page.getByLabel('Number of users').fill('10');
    // 37 × 10 = 370; 15% off = 314.50.
    await expect(total(page)).toHaveText('$314.50');
    await page.getByLabel('ATS', { exact: true }).uncheck();
    await page.getByLabel('HRMS', { exact: true }).uncheck();
    // CRM + Payroll = 25 × 10 = 250, no bundle.
    await expect(total(page)).toHaveText('$250');
    await expect(page.getByTestId('quote-bundle')).toHaveText('$0');
  });

  test('over 500 users mentions volume discounts; over 1,000 offers a custom quote', async ({ page }) => {
    for (const m of ['CRM', 'HRMS', 'Payroll']) await page.getByLabel(m, { exact: true }).uncheck();
    await page.getByLabel('ATS', { exact: true }).check();
    await page.getByLabel('Number of users').fill('600');
    await expect(total(page)).toHaveText('$6,000');
    await expect(page.getByText('Teams over 500 users qualify for volume discounts.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request a custom quote' })).toHaveCount(0);

    await page.getByLabel('Number of users').fill('1001');
    await expect(page.getByText('Over 1,000 users? You get a custom quote.')).toBeVisible();
    await page.getByRole('button', { name: 'Request a custom quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a custom quote' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Message (optional)')).toHaveValue(/Users: 1,001/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('explains what it needs', async ({ page }) => {
    await page.getByLabel('Number of users').fill('0');
    await expect(page.getByText('Enter a whole number of users from 1 to 50,000.')).toBeVisible();
    await expect(page.getByLabel('Number of users')).toHaveAttribute('aria-invalid', 'true');
    await expect(total(page)).toHaveCount(0);
    await page.getByLabel('Number of users').fill('5');
    for (const m of ['CRM', 'HRMS', 'Payroll']) await page.getByLabel(m, { exact: true }).uncheck();
    await expect(page.getByText('Choose at least one module to see a price.')).toBeVisible();
  });
});

test.describe('accessibility and layout', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    for (const path of PAGES) {
      test(`${path} at ${viewport.width} px passes axe and fits the screen`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page);
        await expectNoOverflowOrDeadLinks(page);
      });
    }
  }
});
