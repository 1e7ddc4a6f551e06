import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/shared/users';
import { USER_MESSAGES } from '@/shared/users';
import { ADMIN, apiError, deferred, MEMBER, mockApi, renderPage, uuid, type Handler, type Reply } from '@/web/test/admin';
import { UsersPage } from './users-page';

const ada: User = { id: uuid(5), firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'user', status: 'active', createdAt: '2026-03-05T12:00:00.000Z' };
const grace: User = { id: uuid(2), firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', role: 'super_admin', status: 'active', createdAt: '2026-01-10T12:00:00.000Z' };
const alan: User = { id: uuid(3), firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', role: 'user', status: 'deactivated', createdAt: '2025-12-01T12:00:00.000Z' };
const crm = { id: uuid(10), name: 'CRM', type: 'crm', description: null };
const hrms = { id: uuid(11), name: 'HRMS', type: 'hrms', description: null };
const london = { id: uuid(20), name: 'London', organizationId: uuid(30), organizationName: 'Engines', productIds: [crm.id, hrms.id] };

afterEach(() => vi.unstubAllGlobals());

function api(overrides: Record<string, Handler | Reply> = {}) {
  return mockApi({ 'GET /users': { body: { items: [ada, grace], nextCursor: null, total: 2 } }, ...overrides });
}

describe('user management page', () => {
  it('lists users newest first with role shown with spaces and short dates', async () => {
    api();
    renderPage(<UsersPage />, { path: '/user-management' });
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/settings');
    await screen.findByText('Ada Lovelace');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Email', 'Role', 'Status', 'Created Date', 'Actions']);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual(['Ada Lovelace', 'ada@example.com', 'user', 'Active', 'Mar 5, 2026']);
    expect(within(second!).getAllByRole('cell')[2]).toHaveTextContent('super admin');
    expect(within(second!).getByRole('button', { name: 'Edit Grace Hopper' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Delete Grace Hopper' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    api({ 'GET /users': { body: { items: [], nextCursor: null, total: 2 } } });
    renderPage(<UsersPage />, { path: '/user-management' });
    expect(await screen.findByText('No users found. Create your first user to get started.')).toBeInTheDocument();
  });

  it('keeps a status picked while the typed search is still waiting to run', async () => {
    const calls = api();
    renderPage(<UsersPage />, { path: '/user-management' });
    await screen.findByText('Ada Lovelace');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'LOVE');
    // Within the search's pause: pick a status before the typed text is applied.
    await user.click(screen.getByLabelText('Status'));
    await user.click(await screen.findByRole('option', { name: 'Deactivated' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/users' && c.url.searchParams.get('status') === 'deactivated' && c.url.searchParams.get('search') === 'LOVE')).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 400));
    const last = calls.filter((c) => c.path === '/users').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ status: 'deactivated', search: 'LOVE' });
  });

  it('gates the page: a member reads the access-denied text and stays; no session asks to log in', async () => {
    const calls = api();
    const view = renderPage(<UsersPage />, { path: '/user-management', user: MEMBER });
    expect(await screen.findByText(USER_MESSAGES.accessDenied)).toBeInTheDocument();
    expect(screen.queryByText('Products hub')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users')).toHaveLength(0);
    view.unmount();

    renderPage(<UsersPage />, { path: '/user-management', user: null, guarded: false });
    expect(screen.getByText(USER_MESSAGES.pleaseLogIn)).toBeInTheDocument();
  });

  it('edits a user in one save: details, company role and access pre-filled, busy while saving', async () => {
    const done = deferred<Reply>();
    const calls = api({
      [`GET /users/${ada.id}`]: { body: { ...ada, access: [{ productId: crm.id, entityId: london.id, roleType: 'member' }] } },
      'GET /me/products': { body: { items: [crm, hrms] } },
      'GET /entity-options': { body: { items: [london] } },
      [`PATCH /users/${ada.id}`]: () => done.promise,
    });
    renderPage(<UsersPage />, { path: '/user-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const first = await within(dialog).findByLabelText('First Name');
    expect(first).toHaveValue('Ada');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(within(dialog).getByLabelText('Company Role')).toHaveTextContent('User');
    expect(await within(dialog).findByRole('checkbox', { name: 'CRM' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'HRMS' })).not.toBeChecked();
    expect(within(dialog).getByLabelText('Role for CRM, row 1')).toHaveTextContent('Member');

    await userEvent.clear(first);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(USER_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await userEvent.type(first, 'Augusta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      role: 'user',
      access: [{ productId: crm.id, entityId: london.id, roleType: 'member' }],
    });
    done.resolve({ body: { ...ada, firstName: 'Augusta' } });
    expect(await screen.findByText(USER_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the edit dialog open with the server message when a save is refused', async () => {
    api({
      [`GET /users/${grace.id}`]: { body: { ...grace, access: [] } },
      'GET /me/products': { body: { items: [crm] } },
      'GET /entity-options': { body: { items: [london] } },
      [`PATCH /users/${grace.id}`]: apiError(409, USER_MESSAGES.lastSuperAdmin),
    });
    renderPage(<UsersPage />, { path: '/user-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await within(dialog).findByLabelText('First Name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect((await within(dialog).findAllByText(USER_MESSAGES.lastSuperAdmin)).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  });

  it('deactivates after confirmation and reactivates; the Status column says which', async () => {
    let items = [ada, grace, alan];
    const calls = api({
      'GET /users': () => ({ body: { items, nextCursor: null, total: 2 } }),
      [`POST /users/${ada.id}/deactivate`]: () => {
        items = items.map((u) => (u.id === ada.id ? { ...u, status: 'deactivated' as const } : u));
        return { body: { ...ada, status: 'deactivated' } };
      },
      [`POST /users/${alan.id}/reactivate`]: () => {
        items = items.map((u) => (u.id === alan.id ? { ...u, status: 'active' as const } : u));
        return { body: { ...alan, status: 'active' } };
      },
    });
    renderPage(<UsersPage />, { path: '/user-management' });
    const alanRow = (await screen.findByText('Alan Turing')).closest('tr')!;
    expect(within(alanRow).getByText('Deactivated')).toBeInTheDocument();
    await userEvent.click(within(alanRow).getByRole('button', { name: 'More actions for Alan Turing' }));
    expect(screen.queryByRole('menuitem', { name: 'Deactivate' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate User' });
    expect(within(dialog).getByText(USER_MESSAGES.confirmDeactivate)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(USER_MESSAGES.deactivated)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByText('Ada Lovelace').closest('tr')!).getByText('Deactivated')).toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'More actions for Alan Turing' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reactivate' }));
    expect(await screen.findByText(USER_MESSAGES.reactivated)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByText('Alan Turing').closest('tr')!).getByText('Active')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/users/${ada.id}/deactivate`, `/users/${alan.id}/reactivate`]);
  });

  it('offers no Deactivate on the signed-in admin\'s own row', async () => {
    api({ 'GET /users': { body: { items: [{ ...grace, id: ADMIN.id }, ada], nextCursor: null, total: 2 } } });
    renderPage(<UsersPage />, { path: '/user-management' });
    await screen.findByText('Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Grace Hopper' }));
    expect(await screen.findByRole('menuitem', { name: 'Send Password Reset' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('offers Resend and Revoke Invitation for an invited user, and Send Password Reset for an active one', async () => {
    const invitee: User = { ...ada, id: uuid(4), firstName: 'Ivy', lastName: 'Invited', email: 'ivy@example.com', status: 'invited' };
    const calls = api({
      'GET /users': { body: { items: [invitee, ada], nextCursor: null, total: 2 } },
      [`POST /users/${invitee.id}/resend-invitation`]: { status: 204 },
      [`POST /users/${invitee.id}/revoke-invitation`]: { status: 204 },
      [`POST /users/${ada.id}/send-password-reset`]: { status: 204 },
    });
    renderPage(<UsersPage />, { path: '/user-management' });
    expect(within((await screen.findByText('Ivy Invited')).closest('tr')!).getByText('Invited')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Ivy Invited' }));
    expect(screen.queryByRole('menuitem', { name: 'Send Password Reset' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Resend Invitation' }));
    expect(await screen.findByText(USER_MESSAGES.invitationResent)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Ivy Invited' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Revoke Invitation' }));
    expect(await screen.findByText(USER_MESSAGES.invitationRevoked)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send Password Reset' }));
    expect(await screen.findByText(USER_MESSAGES.passwordResetSent)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/users/${invitee.id}/resend-invitation`,
      `/users/${invitee.id}/revoke-invitation`,
      `/users/${ada.id}/send-password-reset`,
    ]);
  });

  it('deletes after confirmation, and reloads the list', async () => {
    let items = [ada, grace];
    const done = deferred<Reply>();
    const calls = api({
      'GET /users': () => ({ body: { items, nextCursor: null, total: 2 } }),
      [`DELETE /users/${ada.id}`]: async () => {
        const reply = await done.promise;
        items = [grace];
        return reply;
      },
    });
    renderPage(<UsersPage />, { path: '/user-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this user? This action cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    done.resolve({ status: 204 });
    expect(await screen.findByText(USER_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument());
  });

  it('offers no Delete on your own row: it is disabled, says why, and is still reached by keyboard', async () => {
    const me: User = { ...grace, id: ADMIN.id, firstName: ADMIN.firstName, lastName: 'Hopper (you)' };
    const calls = api({ 'GET /users': { body: { items: [ada, me], nextCursor: null, total: 2 } } });
    renderPage(<UsersPage />, { path: '/user-management' });
    const own = await screen.findByRole('button', { name: 'Delete Grace Hopper (you)' });
    expect(own).toHaveAttribute('aria-disabled', 'true');
    expect(own).toHaveAccessibleDescription(USER_MESSAGES.cannotDeleteSelf);
    await userEvent.click(own);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Keyboard: Tab reaches it (a disabled button would be skipped), and focus shows the reason.
    own.blur();
    screen.getByRole('button', { name: 'More actions for Grace Hopper (you)' }).focus();
    await userEvent.tab();
    expect(own).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(USER_MESSAGES.cannotDeleteSelf);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    // Everyone else's Delete still asks.
    expect(screen.getByRole('button', { name: 'Delete Ada Lovelace' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows the server message when a delete is refused', async () => {
    api({ [`DELETE /users/${grace.id}`]: apiError(400, USER_MESSAGES.cannotDeleteSelf) });
    renderPage(<UsersPage />, { path: '/user-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Grace Hopper' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(USER_MESSAGES.cannotDeleteSelf)).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper', { selector: 'td' })).toBeInTheDocument();
  });
});

describe('sign out everywhere', () => {
  it("asks, ends every session of the user, and says so", async () => {
    const done = deferred<Reply>();
    const calls = api({ [`POST /users/${ada.id}/sign-out-everywhere`]: () => done.promise });
    renderPage(<UsersPage />, { path: '/user-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out Everywhere: Ada Lovelace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign Out Everywhere' });
    expect(within(dialog).getByText(/ends every session of this user/)).toBeInTheDocument();
    expect(within(dialog).getByText('(ada@example.com)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out Everywhere' }));
    expect(await within(dialog).findByRole('button', { name: 'Signing Out...' })).toBeDisabled();
    done.resolve({ body: { revoked: 2 } });
    expect(await screen.findByText('User signed out everywhere', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/users/${ada.id}/sign-out-everywhere`]);
  });

  it("shows the server's message when it is refused", async () => {
    api({ [`POST /users/${ada.id}/sign-out-everywhere`]: apiError(404, USER_MESSAGES.notFound) });
    renderPage(<UsersPage />, { path: '/user-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out Everywhere: Ada Lovelace' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign Out Everywhere' }));
    expect(await screen.findByText(USER_MESSAGES.notFound, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
