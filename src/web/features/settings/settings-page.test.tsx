import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_PRODUCT_MESSAGES, type CompanyProduct } from '@/shared/company-products';
import { SETTINGS_MESSAGES } from '@/shared/settings';
import { apiError, deferred, MEMBER, mockApi, renderPage, uuid, type Reply } from '@/web/test/admin';
import { SettingsPage } from './settings-page';

const product = (n: number, name: string, held: boolean, entityCount = 0, userCount = 0): CompanyProduct => ({
  id: uuid(0x90 + n),
  name,
  type: name.toLowerCase() as CompanyProduct['type'],
  description: `${name} description`,
  held,
  entityCount,
  userCount,
});
const ATS = product(1, 'ATS', false);
const CRM = product(2, 'CRM', true, 2, 3);
const HRMS = product(3, 'HRMS', true, 1, 0);

afterEach(() => vi.unstubAllGlobals());

describe('system settings', () => {
  it('links to the four administration pages, back to products, and shows who is signed in', () => {
    mockApi({});
    renderPage(<SettingsPage />, { path: '/settings' });
    expect(screen.getByRole('heading', { level: 1, name: 'System Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Manage Organizations' })).toHaveAttribute('href', '/organization-management');
    expect(screen.getByRole('link', { name: 'Manage Entities' })).toHaveAttribute('href', '/entity-management');
    expect(screen.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/user-management');
    expect(screen.getByRole('heading', { level: 2, name: 'Audit Log' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Audit Log' })).toHaveAttribute('href', '/audit-log');
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('SUPER ADMIN')).toBeInTheDocument();
  });

  it('signs out with Logout and goes to /login', async () => {
    const calls = mockApi({ 'POST /auth/sign-out': { body: {} } });
    renderPage(<SettingsPage />, { path: '/settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /auth/sign-out');
  });

  it('sends a member to /products with the Access Denied toast', async () => {
    mockApi({});
    renderPage(<SettingsPage />, { path: '/settings', user: MEMBER });
    expect(await screen.findByText('Products hub')).toBeInTheDocument();
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText(SETTINGS_MESSAGES.deniedPage)).toBeInTheDocument();
  });
});

describe('the company\'s products', () => {
  const products = () => screen.getByRole('region', { name: 'Products' });
  const row = (name: string) => within(products()).getAllByRole('listitem').find((li) => li.textContent?.startsWith(name));

  it('lists every product, what the company holds and what each reaches, and adds one', async () => {
    let items = [ATS, CRM, HRMS];
    const add = deferred<Reply>();
    const calls = mockApi({
      'GET /company/products': () => ({ body: { items } }),
      'POST /company/products': () => add.promise,
    });
    renderPage(<SettingsPage />, { path: '/settings' });
    expect(await within(products()).findByRole('button', { name: 'Add ATS' })).toBeEnabled();
    expect(within(products()).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'ATSNot addedATS descriptionAdd',
      'CRMIn useHeld by 2 entities; 3 users granted.Remove',
      'HRMSIn useHeld by 1 entity; 0 users granted.Remove',
    ]);

    await userEvent.click(within(products()).getByRole('button', { name: 'Add ATS' }));
    expect(within(products()).getByRole('button', { name: 'Adding ATS...' })).toBeDisabled();
    expect(within(products()).getByRole('button', { name: 'Remove CRM' })).toBeDisabled();
    items = [{ ...ATS, held: true }, CRM, HRMS];
    add.resolve({ body: { items } });
    expect(await screen.findByText('ATS added. Give it to an entity in Entity Management to start using it.')).toBeInTheDocument();
    expect(await within(products()).findByRole('button', { name: 'Remove ATS' })).toBeEnabled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ productId: ATS.id });
    // The products hub's list is read again at once.
    expect(calls.filter((c) => c.path === '/company/products' && c.method === 'GET')).toHaveLength(2);
  });

  it('removes a product only after the confirmation, which says what removal does', async () => {
    let items = [ATS, CRM, HRMS];
    const calls = mockApi({
      'GET /company/products': () => ({ body: { items } }),
      [`DELETE /company/products/${CRM.id}`]: () => {
        items = [ATS, { ...CRM, held: false, entityCount: 0, userCount: 0 }, HRMS];
        return { body: { items } };
      },
    });
    renderPage(<SettingsPage />, { path: '/settings' });
    await userEvent.click(await within(products()).findByRole('button', { name: 'Remove CRM' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove CRM from your company?' });
    expect(dialog).toHaveTextContent('2 entities lose CRM, and 3 users lose their access to it.');
    expect(dialog).toHaveTextContent('The data is kept.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(within(products()).getByRole('button', { name: 'Remove CRM' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove CRM' }));
    expect(await screen.findByText('CRM removed. Its data is kept.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(products()).getByRole('button', { name: 'Add CRM' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it("a refused removal (another admin removed the other product meanwhile) says the server's words and keeps the product", async () => {
    mockApi({
      'GET /company/products': { body: { items: [ATS, CRM, HRMS] } },
      [`DELETE /company/products/${CRM.id}`]: apiError(400, COMPANY_PRODUCT_MESSAGES.lastProduct, 'validation_error'),
    });
    renderPage(<SettingsPage />, { path: '/settings' });
    await userEvent.click(await within(products()).findByRole('button', { name: 'Remove CRM' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove CRM' }));
    expect(await screen.findByText(COMPANY_PRODUCT_MESSAGES.lastProduct)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(row('CRM')).toHaveTextContent('In use');
  });

  it('says why the last product cannot be removed', async () => {
    mockApi({ 'GET /company/products': { body: { items: [ATS, CRM, { ...HRMS, held: false }] } } });
    renderPage(<SettingsPage />, { path: '/settings' });
    expect(await within(products()).findByRole('button', { name: 'Remove CRM' })).toBeDisabled();
    expect(row('CRM')).toHaveTextContent(COMPANY_PRODUCT_MESSAGES.lastProduct);
  });

  it('says when the products cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({ 'GET /company/products': () => (fail ? apiError(500, 'boom') : { body: { items: [CRM] } }) });
    renderPage(<SettingsPage />, { path: '/settings' });
    expect(await within(products()).findByRole('alert')).toHaveTextContent('boom');
    fail = false;
    await userEvent.click(within(products()).getByRole('button', { name: 'Retry' }));
    expect(await within(products()).findByRole('button', { name: 'Remove CRM' })).toBeInTheDocument();
  });
});
