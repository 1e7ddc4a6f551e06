import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENTITY_MESSAGES, type Entity } from '@/shared/entities';
import type { Product } from '@/shared/products';
import { apiError, deferred, MEMBER, mockApi, renderPage, uuid, type Handler, type Reply } from '@/web/test/admin';
import { EntitiesPage } from './entities-page';

const ORG_A = { id: uuid(0xa1), name: 'Americas' };
const ORG_E = { id: uuid(0xa2), name: 'Europe' };
const CRM: Product = { id: uuid(0x91), name: 'CRM', type: 'crm', description: 'Customers' };
const HRMS: Product = { id: uuid(0x92), name: 'HRMS', type: 'hrms', description: 'People' };

const entity = (n: number, name: string, organizationName: string | null, createdAt: string): Entity => ({
  id: uuid(n),
  name,
  organizationId: ORG_A.id,
  organizationName,
  country: 'Germany',
  productIds: [CRM.id],
  createdAt,
  updatedAt: createdAt,
});
const berlin = entity(1, 'Berlin', 'Europe', '2026-03-05T12:00:00.000Z');
const orphan = entity(2, 'Lost Office', null, '2026-01-10T12:00:00.000Z');

afterEach(() => vi.unstubAllGlobals());

function api(overrides: Record<string, Handler | Reply> = {}) {
  return mockApi({
    'GET /entities': { body: { items: [berlin, orphan], nextCursor: null } },
    'GET /organizations/options': { body: { items: [ORG_A, ORG_E] } },
    'GET /me/products': { body: { items: [CRM, HRMS] } },
    ...overrides,
  });
}

const renderEntities = () => renderPage(<EntitiesPage />, { path: '/entity-management' });

async function choose(label: string, option: string, scope: HTMLElement) {
  await userEvent.click(within(scope).getByLabelText(label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function openAdd() {
  await userEvent.click(screen.getByRole('button', { name: 'Add Entity' }));
  return screen.findByRole('dialog', { name: 'Add New Entity' });
}

describe('entity management', () => {
  it('lists entities with their organization (Unknown when missing), country and short date', async () => {
    api();
    renderEntities();
    expect(screen.getByRole('heading', { level: 1, name: 'Entity Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('SUPER ADMIN')).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await screen.findByText('Berlin');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Entity Name', 'Organization', 'Country', 'Created Date', 'Actions']);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getAllByRole('cell').slice(0, 4).map((c) => c.textContent)).toEqual(['Berlin', 'Europe', 'Germany', 'Mar 5, 2026']);
    expect(within(second!).getAllByRole('cell')[1]).toHaveTextContent('Unknown');
    expect(within(first!).getByRole('button', { name: 'Actions for Berlin' })).toBeInTheDocument();
  });

  it('shows the empty state, and on a load failure toasts and clears the list', async () => {
    api({ 'GET /entities': { body: { items: [], nextCursor: null } } });
    const view = renderEntities();
    expect(await screen.findByText('No entities found. Create your first entity to get started.')).toBeInTheDocument();
    view.unmount();

    api({ 'GET /entities': apiError(500, 'boom') });
    renderEntities();
    expect(await screen.findByText(ENTITY_MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('No entities found. Create your first entity to get started.')).toBeInTheDocument();
  });

  it('lists the company products as "name (type)" and counts the selection', async () => {
    api();
    renderEntities();
    const dialog = await openAdd();
    expect(dialog.className).toContain('sm:max-w-[425px]');
    expect(within(dialog).getByText('Selected: 0 product(s)')).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByLabelText('CRM (crm)'));
    expect(within(dialog).getByText('Selected: 1 product(s)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('HRMS (hrms)'));
    expect(within(dialog).getByText('Selected: 2 product(s)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('CRM (crm)'));
    expect(within(dialog).getByText('Selected: 1 product(s)')).toBeInTheDocument();
  });

  it('says when the company has no products, and toasts when they cannot load', async () => {
    api({ 'GET /me/products': { body: { items: [] } } });
    const view = renderEntities();
    const dialog = await openAdd();
    expect(await within(dialog).findByText('No products available for this company')).toBeInTheDocument();
    view.unmount();

    let productsFail = true;
    api({ 'GET /me/products': () => (productsFail ? apiError(500, 'boom') : { body: { items: [CRM] } }) });
    renderEntities();
    // Said with the page, before the dialog is opened.
    expect(await screen.findByText(ENTITY_MESSAGES.productsLoadFailed)).toBeInTheDocument();
    const retry = await openAdd();
    expect(await within(retry).findByText(ENTITY_MESSAGES.productsLoadFailed)).toBeInTheDocument();
    productsFail = false;
    await userEvent.click(within(retry).getByRole('button', { name: 'Retry' }));
    expect(await within(retry).findByLabelText('CRM (crm)')).toBeInTheDocument();
  });

  it('requires every field and a product before sending anything', async () => {
    const calls = api();
    renderEntities();
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText('Entity Name'), 'Paris');
    await choose('Organization', 'Europe', dialog);
    await choose('Country', 'France', dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Entity' }));
    expect(await within(dialog).findByText(ENTITY_MESSAGES.createRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('creates: reads Creating... while saving, then toasts, closes and reloads', async () => {
    const save = deferred<Reply>();
    const calls = api({ 'POST /entities': () => save.promise });
    renderEntities();
    await screen.findByText('Berlin');
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText('Entity Name'), '  Paris ');
    await choose('Organization', 'Europe', dialog);
    await choose('Country', 'France', dialog);
    await userEvent.click(await within(dialog).findByLabelText('HRMS (hrms)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Entity' }));
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    save.resolve({ status: 201, body: { ...berlin, id: uuid(3), name: 'Paris', country: 'France' } });
    expect(await screen.findByText(ENTITY_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Paris', organizationId: ORG_E.id, country: 'France', productIds: [HRMS.id] });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/entities').length).toBe(2));
  });

  it('keeps the dialog open with the server message on a duplicate', async () => {
    api({ 'POST /entities': apiError(409, ENTITY_MESSAGES.duplicateOnCreate, 'conflict') });
    renderEntities();
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText('Entity Name'), 'Berlin');
    await choose('Organization', 'Europe', dialog);
    await choose('Country', 'Germany', dialog);
    await userEvent.click(await within(dialog).findByLabelText('CRM (crm)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Entity' }));
    expect(await within(dialog).findByText(ENTITY_MESSAGES.duplicateOnCreate)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Entity' })).toBeEnabled();
    expect(within(dialog).getByLabelText('Entity Name')).toHaveValue('Berlin');
  });

  it('edits name and country with the organization read-only', async () => {
    const save = deferred<Reply>();
    const calls = api({
      [`PATCH /entities/${berlin.id}`]: ({ body }) =>
        (body as { name: string }).name === 'Lost Office' ? apiError(409, ENTITY_MESSAGES.duplicateOnUpdate, 'conflict') : save.promise,
    });
    renderEntities();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Berlin' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Entity' });
    const organization = within(dialog).getByLabelText('Organization');
    expect(organization).toHaveValue('Europe');
    expect(organization).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Entity Name')).toHaveValue('Berlin');
    expect(within(dialog).getByLabelText('Country')).toHaveTextContent('Germany');

    const name = within(dialog).getByLabelText('Entity Name');
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Entity' }));
    expect(await within(dialog).findByText(ENTITY_MESSAGES.updateRequired)).toBeInTheDocument();

    await userEvent.type(name, 'Lost Office');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Entity' }));
    expect(await within(dialog).findByText(ENTITY_MESSAGES.duplicateOnUpdate)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Entity' })).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, 'Berlin Mitte');
    await choose('Country', 'Netherlands', dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Entity' }));
    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    save.resolve({ body: { ...berlin, name: 'Berlin Mitte', country: 'Netherlands' } });
    expect(await screen.findByText(ENTITY_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ name: 'Berlin Mitte', country: 'Netherlands', productIds: [CRM.id] });
  });

  it("edits the entity's products: a product it holds is removed only after the confirmation, and the save sends the list", async () => {
    const calls = api({ [`PATCH /entities/${berlin.id}`]: ({ body }) => ({ body: { ...berlin, ...(body as object) } }) });
    renderEntities();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Berlin' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Entity' });
    const crm = await within(dialog).findByLabelText('CRM (crm)');
    const hrms = within(dialog).getByLabelText('HRMS (hrms)');
    expect(crm).toBeChecked();
    expect(hrms).not.toBeChecked();
    expect(within(dialog).getByText('Selected: 1 product(s)')).toBeInTheDocument();

    // A product ticked in this dialog goes again without a question: the entity does not hold it yet.
    await userEvent.click(hrms);
    await userEvent.click(hrms);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await userEvent.click(hrms);

    await userEvent.click(crm);
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove CRM from Berlin?' });
    expect(confirm).toHaveTextContent("Every user's access to CRM at Berlin ends.");
    expect(confirm).toHaveTextContent("Berlin's CRM records stay, and come back if you give Berlin CRM again.");
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(crm).toBeChecked();
    expect(crm).toHaveFocus();

    await userEvent.click(crm);
    confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove CRM' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(crm).not.toBeChecked();
    expect(screen.getByRole('dialog', { name: 'Edit Entity' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Entity' }));
    // The save closes the dialog (its toast is the edit test's above).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Berlin', country: 'Germany', productIds: [HRMS.id] });
    // The products hub and the entities are read again.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/me/products').length).toBeGreaterThan(1));
  });

  it('refuses to save an entity without a product', async () => {
    const calls = api();
    renderEntities();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Berlin' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Entity' });
    await userEvent.click(await within(dialog).findByLabelText('CRM (crm)'));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove CRM' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Entity' }));
    expect(await within(dialog).findByText(ENTITY_MESSAGES.createRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('sends a member to /products with the Access Denied toast', async () => {
    api();
    renderPage(<EntitiesPage />, { path: '/entity-management', user: MEMBER });
    expect(await screen.findByText('Products hub')).toBeInTheDocument();
    expect(await screen.findByText(ENTITY_MESSAGES.deniedPage)).toBeInTheDocument();
  });
});
