import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@/shared/account';
import { apiError, mockApi, renderPage } from '@/web/test/admin';
import { AccountPage } from './account-page';

afterEach(() => vi.unstubAllGlobals());

describe('my account', () => {
  it('changes the name', async () => {
    const calls = mockApi({ 'PATCH /me': { body: { message: ACCOUNT_MESSAGES.profileUpdated } }, 'GET /session': { body: { user: null } } });
    renderPage(<AccountPage />, { path: '/account' });
    const profile = screen.getByRole('form', { name: 'Profile' });
    const first = within(profile).getByLabelText('First Name');
    expect(first).toHaveValue('Grace');
    await userEvent.clear(first);
    await userEvent.click(within(profile).getByRole('button', { name: 'Save Changes' }));
    expect(within(profile).getByText('First name is required')).toBeInTheDocument();
    await userEvent.type(first, 'Amazing Grace');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.profileUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ firstName: 'Amazing Grace', lastName: 'Hopper' });
  });

  it('changes the password with the current one; a wrong current password is said in the form', async () => {
    let wrong = true;
    mockApi({
      'POST /me/password': () => (wrong ? apiError(400, ACCOUNT_MESSAGES.currentPasswordWrong) : { body: { message: ACCOUNT_MESSAGES.passwordChanged } }),
      'GET /me/sessions': { body: { items: [] } },
    });
    renderPage(<AccountPage />, { path: '/account' });
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(within(form).getByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Current Password'), 'old-one');
    await userEvent.type(within(form).getByLabelText('New Password'), 'new-one1');
    await userEvent.type(within(form).getByLabelText('Confirm New Password'), 'new-one1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    wrong = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(within(form).getByLabelText('Current Password')).toHaveValue('');
  });
});
