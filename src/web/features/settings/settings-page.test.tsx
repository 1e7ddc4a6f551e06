import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_MESSAGES } from '@/shared/settings';
import { MEMBER, mockApi, renderPage } from '@/web/test/admin';
import { SettingsPage } from './settings-page';

afterEach(() => vi.unstubAllGlobals());

describe('system settings', () => {
  it('links to the three administration pages, back to products, and shows who is signed in', () => {
    mockApi({});
    renderPage(<SettingsPage />, { path: '/settings' });
    expect(screen.getByRole('heading', { level: 1, name: 'System Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Manage Organizations' })).toHaveAttribute('href', '/organization-management');
    expect(screen.getByRole('link', { name: 'Manage Entities' })).toHaveAttribute('href', '/entity-management');
    expect(screen.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/user-management');
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
