import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { ADMIN, MEMBER, apiError, mockApi, renderPage, uuid } from '@/web/test/admin';
import { HrmsSettingsPage } from './settings-page';

const HRMS = { id: uuid(50), name: 'HRMS', type: 'hrms', description: null };
const A = uuid(100);
const YEAR = new Date().getUTCFullYear();

const leaveType = (n: number, name: string, allowanceDays: number, policy: Record<string, unknown> = {}) => ({
  id: uuid(300 + n),
  entityId: A,
  name,
  allowanceDays,
  accrual: 'yearly',
  carryOverDays: 0,
  carryOverExpiryMonths: null,
  halfDays: true,
  version: 1,
  ...policy,
});
const company = { id: uuid(600), entityId: A, date: `${YEAR}-08-06`, name: 'Founders Day', source: 'company', version: 1 };

afterEach(() => vi.unstubAllGlobals());

function serve(role: 'app_admin' | 'member', extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /me/products': { body: { items: [HRMS] } },
    'GET /hrms/context': { body: { entities: [{ id: A, name: 'London', role }] } },
    'GET /hrms/leave-types': { body: { items: [leaveType(1, 'Annual', 20, { carryOverDays: 5, carryOverExpiryMonths: 3 }), leaveType(2, 'Unpaid', 0)] } },
    'GET /hrms/holidays': ({ url }) => ({
      body: {
        year: Number(url.searchParams.get('year')),
        country: 'United Kingdom',
        items: [{ id: null, entityId: A, date: `${url.searchParams.get('year')}-12-25`, name: 'Christmas Day', source: 'public', version: null }, company],
      },
    }),
    ...extra,
  });
}

describe('HRMS settings page', () => {
  it('an App Admin edits a leave type’s policy and adds a leave type; the toasts say so', async () => {
    const calls = serve('app_admin', {
      [`PATCH /hrms/leave-types/${uuid(301)}`]: ({ body }) => ({ body: { ...leaveType(1, 'Annual', 20), ...(body as object), version: 2 } }),
      'POST /hrms/leave-types': ({ body }) => ({ status: 201, body: leaveType(3, (body as { name: string }).name, 5) }),
    });
    renderPage(<HrmsSettingsPage />, { path: '/hrms/settings', user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Leave types of London' });
    const annual = within(table).getByRole('row', { name: /Annual/ });
    expect(within(annual).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Annual', '20', 'Granted at the year’s start', 'Up to 5 days, expire after 3 months', 'Allowed', 'Edit']);
    expect(within(table).getByText('Unlimited')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Edit Annual' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Leave Type' });
    await userEvent.clear(within(dialog).getByLabelText('Days per Year'));
    await userEvent.type(within(dialog).getByLabelText('Days per Year'), '25');
    await userEvent.selectOptions(within(dialog).getByLabelText('Allowance'), 'Accrued monthly');
    await userEvent.clear(within(dialog).getByLabelText('Carry-over Days'));
    await userEvent.type(within(dialog).getByLabelText('Carry-over Days'), '3');
    await userEvent.clear(within(dialog).getByLabelText('Carried Days Expire After (months)'));
    await userEvent.click(within(dialog).getByLabelText('Half days allowed'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(HRMS_MESSAGES.leaveTypeUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      name: 'Annual',
      allowanceDays: 25,
      accrual: 'monthly',
      carryOverDays: 3,
      carryOverExpiryMonths: null,
      halfDays: false,
      version: 1,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Add Leave Type' }));
    const add = await screen.findByRole('dialog', { name: 'Add Leave Type' });
    await userEvent.type(within(add).getByLabelText('Name'), 'Study');
    await userEvent.clear(within(add).getByLabelText('Days per Year'));
    await userEvent.type(within(add).getByLabelText('Days per Year'), '5');
    await userEvent.click(within(add).getByRole('button', { name: 'Add Leave Type' }));
    expect(await screen.findByText(HRMS_MESSAGES.leaveTypeCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ entityId: A, name: 'Study', allowanceDays: 5, accrual: 'yearly', carryOverDays: 0, carryOverExpiryMonths: null, halfDays: true });
  });

  it('checks the fields before sending, and shows the server refusal in the dialog', async () => {
    const calls = serve('app_admin', { 'POST /hrms/leave-types': apiError(409, 'A leave type with this name already exists.', 'conflict') });
    renderPage(<HrmsSettingsPage />, { path: '/hrms/settings', user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Leave Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Leave Type' });
    await userEvent.type(within(dialog).getByLabelText('Carried Days Expire After (months)'), '13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Leave Type' }));
    expect(await within(dialog).findByText(HRMS_MESSAGES.leaveTypeNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(HRMS_MESSAGES.carryOverExpiryInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Annual');
    await userEvent.clear(within(dialog).getByLabelText('Carried Days Expire After (months)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Leave Type' }));
    expect(await within(dialog).findByText('A leave type with this name already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Annual');
  });

  it('an App Admin adds, edits and deletes company holidays; public holidays are read only', async () => {
    const calls = serve('app_admin', {
      'POST /hrms/holidays': ({ body }) => ({ status: 201, body: { ...company, id: uuid(601), ...(body as object) } }),
      [`PATCH /hrms/holidays/${uuid(600)}`]: ({ body }) => ({ body: { ...company, ...(body as object), version: 2 } }),
      [`DELETE /hrms/holidays/${uuid(600)}`]: { body: company },
    });
    renderPage(<HrmsSettingsPage />, { path: '/hrms/settings', user: ADMIN });
    const table = await screen.findByRole('table', { name: `Holidays of London in ${YEAR}` });
    expect(screen.getByText('Public holidays of United Kingdom, and the company’s own days. Neither counts as leave.')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Christmas Day/ })).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Holiday' }));
    const add = await screen.findByRole('dialog', { name: 'Add Holiday' });
    await userEvent.type(within(add).getByLabelText('Date'), `${YEAR}-09-01`);
    await userEvent.type(within(add).getByLabelText('Name'), 'Summer Party');
    await userEvent.click(within(add).getByRole('button', { name: 'Add Holiday' }));
    expect(await screen.findByText(HRMS_MESSAGES.holidayCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ entityId: A, date: `${YEAR}-09-01`, name: 'Summer Party' });

    await userEvent.click(within(table).getByRole('button', { name: 'Edit Founders Day' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Holiday' });
    await userEvent.clear(within(edit).getByLabelText('Name'));
    await userEvent.type(within(edit).getByLabelText('Name'), 'Founders’ Day');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(HRMS_MESSAGES.holidayUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ date: `${YEAR}-08-06`, name: 'Founders’ Day', version: 1 });

    await userEvent.click(within(table).getByRole('button', { name: 'Delete Founders Day' }));
    expect(await screen.findByText(HRMS_MESSAGES.holidayDeleted)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url.searchParams.get('version')).toBe('1');

    await userEvent.selectOptions(screen.getByLabelText('Year'), String(YEAR - 1));
    expect(await screen.findByRole('table', { name: `Holidays of London in ${YEAR - 1}` })).toBeInTheDocument();
  });

  it('a member sees the policies and holidays and nothing to change them with', async () => {
    serve('member');
    renderPage(<HrmsSettingsPage />, { path: '/hrms/settings', user: MEMBER });
    const table = await screen.findByRole('table', { name: 'Leave types of London' });
    expect(within(table).getByText('20')).toBeInTheDocument();
    expect(screen.getByText('Only an App Admin can change these.')).toBeInTheDocument();
    await screen.findByRole('table', { name: `Holidays of London in ${YEAR}` });
    expect(screen.queryByRole('button', { name: /Edit|Delete|Add/ })).not.toBeInTheDocument();
  });
});
