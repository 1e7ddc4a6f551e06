import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { ORGANIZATION_MESSAGES, type Organization } from '@/shared/organizations';
import { apiError, deferred, MEMBER, mockApi, renderPage, uuid, type Reply } from '@/web/test/admin';
import { OrganizationsPage } from './organizations-page';

const org = (n: number, name: string, createdAt: string): Organization => ({ id: uuid(n), name, createdAt, updatedAt: createdAt });

const newest = org(1, 'Europe', '2026-03-05T14:30:00.000Z');
const oldest = org(2, 'Americas', '2026-01-10T09:05:00.000Z');

afterEach(() => vi.unstubAllGlobals());

const renderOrganizations = () => renderPage(<OrganizationsPage />, { path: '/organization-management' });

describe('organization management', () => {
  it('lists organizations in the order the server gives (newest first) with en-US dates', async () => {
    mockApi({ 'GET /organizations': { body: { items: [newest, oldest], nextCursor: null } } });
    renderOrganizations();
    expect(screen.getByRole('heading', { level: 1, name: 'Organization Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await screen.findByText('Europe');
    const rows = screen.getAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Europe', 'Americas']);
    expect(screen.getByRole('columnheader', { name: 'Organization Name' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Created Date' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText(new Date(newest.createdAt).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }))).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/^Mar 5, 2026, \d\d:\d\d (AM|PM)$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the empty state and offers Load more when the server has another page', async () => {
    const calls = mockApi({
      'GET /organizations': ({ url }) =>
        url.searchParams.get('cursor') === 'next'
          ? { body: { items: [oldest], nextCursor: null } }
          : { body: { items: [newest], nextCursor: 'next' } },
    });
    renderOrganizations();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Americas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/organizations').map((c) => c.url.searchParams.get('cursor'))).toEqual([null, 'next']);
  });

  it('says so when there are none, and toasts when the list cannot load', async () => {
    mockApi({ 'GET /organizations': { body: { items: [], nextCursor: null } } });
    const first = renderOrganizations();
    expect(await screen.findByText('No organizations found')).toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /organizations': { status: 500, body: { error: { code: 'internal_error', message: 'boom' } } } });
    renderOrganizations();
    expect(await screen.findByText(ORGANIZATION_MESSAGES.loadFailed)).toBeInTheDocument();
  });

  it('validates the name under the field and sends nothing until it is valid', async () => {
    const calls = mockApi({ 'GET /organizations': { body: { items: [], nextCursor: null } } });
    renderOrganizations();
    await userEvent.click(screen.getByRole('button', { name: 'Add Organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Organization' });
    expect(within(dialog).getByText(/Organization names must be unique/)).toBeInTheDocument();
    expect(dialog.className).toContain('sm:max-w-[425px]');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(await within(dialog).findByText('Organization name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Organization Name')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(within(dialog).getByLabelText('Organization Name'), '  A  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(await within(dialog).findByText('Organization name must be at least 2 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('keeps the dialog open with the server message on a duplicate name', async () => {
    mockApi({
      'GET /organizations': { body: { items: [newest], nextCursor: null } },
      'POST /organizations': apiError(409, ORGANIZATION_MESSAGES.duplicate, 'conflict'),
    });
    renderOrganizations();
    await userEvent.click(screen.getByRole('button', { name: 'Add Organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Organization' });
    await userEvent.type(within(dialog).getByLabelText('Organization Name'), 'Europe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(await within(dialog).findByText(ORGANIZATION_MESSAGES.duplicate)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New Organization' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Organization Name')).toHaveValue('Europe');
  });

  it('toasts the generic failure for other errors', async () => {
    mockApi({
      'GET /organizations': { body: { items: [], nextCursor: null } },
      'POST /organizations': { status: 500, body: { error: { code: 'internal_error', message: 'An unexpected error occurred' } } },
    });
    renderOrganizations();
    await userEvent.click(screen.getByRole('button', { name: 'Add Organization' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Organization Name'), 'Asia');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(await within(dialog).findByText(ORGANIZATION_MESSAGES.createFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('creates: disables submit while saving, then toasts, closes and reloads the list', async () => {
    const created = org(3, 'Asia', '2026-04-01T10:00:00.000Z');
    let items = [newest];
    const save = deferred<Reply>();
    const calls = mockApi({
      'GET /organizations': () => ({ body: { items, nextCursor: null } }),
      'POST /organizations': async () => {
        const reply = await save.promise;
        items = [created, newest];
        return reply;
      },
    });
    renderOrganizations();
    await screen.findByText('Europe');
    await userEvent.click(screen.getByRole('button', { name: 'Add Organization' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Organization Name'), '  Asia ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create Organization' })).toBeDisabled());
    save.resolve({ status: 201, body: created });

    expect(await screen.findByText(ORGANIZATION_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Asia')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Asia' });
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/organizations').length).toBeGreaterThanOrEqual(2);

    // The next opening starts from an empty form.
    await userEvent.click(screen.getByRole('button', { name: 'Add Organization' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Organization Name')).toHaveValue('');
  });

  it('edits from the row menu with the name pre-filled; Cancel forgets the selection', async () => {
    const calls = mockApi({
      'GET /organizations': { body: { items: [newest, oldest], nextCursor: null } },
      [`PATCH /organizations/${oldest.id}`]: { body: { ...oldest, name: 'The Americas' } },
    });
    renderOrganizations();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Americas' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Organization' });
    expect(dialog.className).toContain('sm:max-w-[425px]');
    expect(within(dialog).getByLabelText('Organization Name')).toHaveValue('Americas');
    await userEvent.clear(within(dialog).getByLabelText('Organization Name'));
    await userEvent.type(within(dialog).getByLabelText('Organization Name'), 'Changed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // After Cancel, Add opens an empty add dialog, not the edited one.
    await userEvent.click(screen.getByRole('button', { name: 'Add Organization' }));
    dialog = await screen.findByRole('dialog', { name: 'Add New Organization' });
    expect(within(dialog).getByLabelText('Organization Name')).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Americas' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Organization' });
    expect(within(dialog).getByLabelText('Organization Name')).toHaveValue('Americas');
    await userEvent.clear(within(dialog).getByLabelText('Organization Name'));
    await userEvent.type(within(dialog).getByLabelText('Organization Name'), 'The Americas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Organization' }));
    expect(await screen.findByText(ORGANIZATION_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'The Americas' });
  });

  it('sends a member back to the products hub with the Access Denied toast', async () => {
    const calls = mockApi({});
    renderPage(<OrganizationsPage />, { path: '/organization-management', user: MEMBER });
    expect(await screen.findByText('Products hub')).toBeInTheDocument();
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText(ORGANIZATION_MESSAGES.deniedPage)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/organizations')).toHaveLength(0);
  });
});
