import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@/shared/account';
import { DEFAULT_NOTIFICATION_PREFERENCE, NOTIFICATION_CATEGORIES, NOTIFICATION_CATEGORY_LABELS, NOTIFICATION_MESSAGES } from '@/shared/notifications';
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

describe('notification preferences', () => {
  const saved = () => ({ items: NOTIFICATION_CATEGORIES.map((category) => ({ category, label: NOTIFICATION_CATEGORY_LABELS[category], ...DEFAULT_NOTIFICATION_PREFERENCE })) });
  /** One category's controls: a group named by its label. */
  const category = (label: string) => within(screen.getByRole('form', { name: 'Notification preferences' })).getByRole('group', { name: label });

  it('shows every category with labelled controls, and saves in the app, by email and when email comes, with a toast', async () => {
    const calls = mockApi({
      'GET /me/notification-preferences': { body: saved() },
      'PUT /me/notification-preferences': ({ body }) => ({
        body: { items: (body as { items: object[] }).items.map((p, i) => ({ ...p, label: NOTIFICATION_CATEGORY_LABELS[NOTIFICATION_CATEGORIES[i]!] })) },
      }),
    });
    renderPage(<AccountPage />, { path: '/account' });
    await screen.findByRole('form', { name: 'Notification preferences' });
    for (const c of NOTIFICATION_CATEGORIES) {
      const group = category(NOTIFICATION_CATEGORY_LABELS[c]);
      expect(within(group).getByRole('checkbox', { name: 'In the app' })).toBeChecked();
      expect(within(group).getByRole('checkbox', { name: 'By email' })).toBeChecked();
      expect(within(group).getByRole('radio', { name: 'Immediately' })).toBeChecked();
      expect(within(group).getByRole('radio', { name: 'Daily digest' })).not.toBeChecked();
    }

    await userEvent.click(within(category('Mentions of me')).getByRole('checkbox', { name: 'In the app' }));
    const tasks = category('Tasks assigned to me or that I follow');
    await userEvent.click(within(tasks).getByRole('radio', { name: 'Daily digest' }));
    const leave = category('Leave requests to review');
    await userEvent.click(within(leave).getByRole('checkbox', { name: 'By email' }));
    // No email, so when it would come cannot be chosen.
    expect(within(leave).getByRole('radio', { name: 'Daily digest' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.saved)).toBeInTheDocument();
    const sent = (calls.find((c) => c.method === 'PUT')?.body as { items: { category: string }[] }).items;
    expect(sent).toHaveLength(NOTIFICATION_CATEGORIES.length);
    expect(sent.find((p) => p.category === 'mentions')).toEqual({ category: 'mentions', inApp: false, email: true, emailMode: 'immediate' });
    expect(sent.find((p) => p.category === 'tasks')).toEqual({ category: 'tasks', inApp: true, email: true, emailMode: 'digest' });
    expect(sent.find((p) => p.category === 'leave_requests')).toEqual({ category: 'leave_requests', inApp: true, email: false, emailMode: 'immediate' });
    expect(within(category('Mentions of me')).getByRole('checkbox', { name: 'In the app' })).not.toBeChecked();
  });

  it('says so when the preferences cannot be read or saved', async () => {
    let readable = false;
    mockApi({
      'GET /me/notification-preferences': () => (readable ? { body: saved() } : apiError(500, 'Database unavailable')),
      'PUT /me/notification-preferences': apiError(400, NOTIFICATION_MESSAGES.duplicateCategory),
    });
    renderPage(<AccountPage />, { path: '/account' });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    readable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.duplicateCategory)).toBeInTheDocument();
  });
});
