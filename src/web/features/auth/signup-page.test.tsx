import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@/shared/auth-messages';
import { mockApi, renderPage, uuid } from '@/web/test/admin';
import { SignupPage } from './signup-page';

afterEach(() => vi.unstubAllGlobals());

const CATALOGUE = { items: [{ id: uuid(10), name: 'CRM', type: 'crm', description: 'Sales' }] };

describe('sign-up', () => {
  it("step 1's error toasts go when step 1 is done: Company Setup starts without them", async () => {
    mockApi({ 'GET /products': { body: CATALOGUE } });
    renderPage(<SignupPage />, { path: '/signup', user: null, guarded: false });
    const next = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(next);
    expect(await screen.findByText(AUTH_MESSAGES.fillAllFields)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('First Name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Hopper');
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret123');
    await userEvent.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'secret124');
    await userEvent.click(next);
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Confirm Password', { selector: 'input' }));
    await userEvent.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'secret123');
    await userEvent.click(next);

    expect(await screen.findByRole('heading', { level: 1, name: 'Company Setup' })).toBeInTheDocument();
    // Gone at once (their exit animation), not when they would have timed out (4 s).
    await waitFor(
      () => {
        expect(screen.queryByText(AUTH_MESSAGES.passwordsDoNotMatch)).not.toBeInTheDocument();
        expect(screen.queryByText(AUTH_MESSAGES.fillAllFields)).not.toBeInTheDocument();
      },
      { timeout: 1000 },
    );
    expect(await screen.findByRole('checkbox', { name: /CRM/ })).toBeInTheDocument();
    // A toast of step 2 is shown as before.
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.fillOrganizationDetails)).toBeInTheDocument();
  });
});
