import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/shared/users';
import { USER_MESSAGES } from '@/shared/users';
import { apiError, deferred, MEMBER, mockApi, renderPage, uuid, type Handler, type Reply } from '@/web/test/admin';
import { UsersPage } from './users-page';

const ada: User = { id: uuid(1), firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'user', createdAt: '2026-03-05T12:00:00.000Z' };
const grace: User = { id: uuid(2), firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', role: 'super_admin', createdAt: '2026-01-10T12:00:00.000Z' };

afterEach(() => vi.unstubAllGlobals());

function api(overrides: Record<string, Handler | Reply> = {}) {
  return mockApi({ 'GET /users': { body: { items: [ada, grace], nextCursor: null } }, ...overrides });
}

describe('user management page', () => {
  it('lists users newest first with role shown with spaces and short dates', async () => {
    api();
    renderPage(<UsersPage />, { path: '/user-management' });
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/settings');
    await screen.findByText('Ada Lovelace');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Email', 'Role', 'Created Date', 'Actions']);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getAllByRole('cell').slice(0, 4).map((c) => c.textContent)).toEqual(['Ada Lovelace', 'ada@example.com', 'user', 'Mar 5, 2026']);
    expect(within(second!).getAllByRole('cell')[2]).toHaveTextContent('super admin');
    expect(within(second!).getByRole('button', { name: 'Edit Grace Hopper' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Delete Grace Hopper' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    api({ 'GET /users': { body: { items: [], nextCursor: null } } });
    renderPage(<UsersPage />, { path: '/user-management' });
    expect(await screen.findByText('No users found. Create your first user to get started.')).toBeInTheDocument();
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

  it('answers Edit with the next-phase note', async () => {
    api();
    renderPage(<UsersPage />, { path: '/user-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    expect(await screen.findByText(USER_MESSAGES.editPlaceholder)).toBeInTheDocument();
  });

  it('deletes after confirmation, and reloads the list', async () => {
    let items = [ada, grace];
    const done = deferred<Reply>();
    const calls = api({
      'GET /users': () => ({ body: { items, nextCursor: null } }),
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

  it('shows the server message when a delete is refused', async () => {
    api({ [`DELETE /users/${grace.id}`]: apiError(400, USER_MESSAGES.cannotDeleteSelf) });
    renderPage(<UsersPage />, { path: '/user-management' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Grace Hopper' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(USER_MESSAGES.cannotDeleteSelf)).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper', { selector: 'td' })).toBeInTheDocument();
  });
});
