import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { ADMIN, MEMBER, apiError, mockApi, renderPage, uuid } from '@/web/test/admin';
import { HrmsSettingsPage } from './settings-page';

const HRMS = { id: uuid(50), name: 'HRMS', type: 'hrms', description: null };
const A = uuid(100);

const leaveType = (n: number, name: string, allowanceDays: number) => ({ id: uuid(300 + n), entityId: A, name, allowanceDays, version: 1 });

afterEach(() => vi.unstubAllGlobals());

function serve(role: 'app_admin' | 'member', extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /me/products': { body: { items: [HRMS] } },
    'GET /hrms/context': { body: { entities: [{ id: A, name: 'London', role }] } },
    'GET /hrms/leave-types': { body: { items: [leaveType(1, 'Annual', 20), leaveType(2, 'Unpaid', 0)] } },
    ...extra,
  });
}

describe('HRMS settings page', () => {
  it('an App Admin changes an allowance and adds a leave type; the toasts say so', async () => {
    const calls = serve('app_admin', {
      [`PATCH /hrms/leave-types/${uuid(301)}`]: ({ body }) => ({ body: { ...leaveType(1, 'Annual', (body as { allowanceDays: number }).allowanceDays), version: 2 } }),
      'POST /hrms/leave-types': ({ body }) => ({ status: 201, body: { ...leaveType(3, (body as { name: string }).name, 5) } }),
    });
    renderPage(<HrmsSettingsPage />, { path: '/hrms/settings', user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Leave types of London' });
    expect(within(table).getByText('Unlimited')).toBeInTheDocument();

    const annual = within(table).getByLabelText('Days per year for Annual');
    const save = within(annual.closest('form')!).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(annual);
    await userEvent.type(annual, '25');
    await userEvent.click(save);
    expect(await screen.findByText(HRMS_MESSAGES.leaveTypeUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ allowanceDays: 25, version: 1 });

    await userEvent.type(screen.getByLabelText('New Leave Type'), 'Study');
    await userEvent.clear(screen.getByLabelText('Days per Year'));
    await userEvent.type(screen.getByLabelText('Days per Year'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Leave Type' }));
    expect(await screen.findByText(HRMS_MESSAGES.leaveTypeCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ entityId: A, name: 'Study', allowanceDays: 5 });
    expect(screen.getByLabelText('New Leave Type')).toHaveValue('');
  });

  it('checks the name before sending, and shows the server refusal next to the field', async () => {
    const calls = serve('app_admin', { 'POST /hrms/leave-types': apiError(409, 'A leave type with this name already exists.', 'conflict') });
    renderPage(<HrmsSettingsPage />, { path: '/hrms/settings', user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Leave Type' }));
    expect(await screen.findByText(HRMS_MESSAGES.leaveTypeNameRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByLabelText('New Leave Type'), 'Annual');
    await userEvent.click(screen.getByRole('button', { name: 'Add Leave Type' }));
    expect(await screen.findByText('A leave type with this name already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('New Leave Type')).toHaveValue('Annual');
  });

  it('a member sees the allowances and nothing to change them with', async () => {
    serve('member');
    renderPage(<HrmsSettingsPage />, { path: '/hrms/settings', user: MEMBER });
    const table = await screen.findByRole('table', { name: 'Leave types of London' });
    expect(within(table).getByText('20')).toBeInTheDocument();
    expect(screen.getByText('Only an App Admin can change these.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Leave Type' })).not.toBeInTheDocument();
  });
});
