import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { ADMIN, apiError, mockApi, renderPage, uuid, type Handler, type Reply } from '@/web/test/admin';
import { EmployeePage } from './employee-page';

const HRMS = { id: uuid(50), name: 'HRMS', type: 'hrms', description: null };
const A = uuid(100);
const ID = uuid(201);
const LINKED = uuid(300);

const ada = {
  id: ID,
  entityId: A,
  entityName: 'London',
  firstName: 'Ada',
  lastName: 'Staff',
  workEmail: 'ada@example.com',
  jobTitle: 'Engineer',
  department: 'Engineering',
  managerId: null,
  managerName: null,
  employmentType: 'full_time',
  startDate: '2024-01-15',
  status: 'active',
  endDate: null,
  userId: null,
  version: 3,
  createdAt: '2024-01-15T00:00:00.000Z',
  directReports: [],
};

afterEach(() => vi.unstubAllGlobals());

function serve(patch: Handler | Reply) {
  return mockApi({
    'GET /me/products': { body: { items: [HRMS] } },
    'GET /hrms/context': { body: { entities: [{ id: A, name: 'London', role: 'app_admin' }] } },
    [`GET /hrms/employees/${ID}`]: { body: ada },
    [`GET /hrms/employees/${ID}/balances`]: { body: { year: 2026, items: [] } },
    'GET /hrms/leave-requests': { body: { items: [], nextCursor: null } },
    'GET /hrms/employees': { body: { items: [], nextCursor: null } },
    'GET /hrms/user-options': { body: { items: [{ id: LINKED, name: 'Alan Turing', email: 'alan@example.com' }] } },
    [`PATCH /hrms/employees/${ID}`]: patch,
  });
}

async function editAndSave() {
  renderPage(<EmployeePage />, { path: '/hrms/employees/:id', entry: `/hrms/employees/${ID}`, user: ADMIN });
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Employee' });
  await userEvent.clear(within(dialog).getByLabelText('Job Title'));
  await userEvent.type(within(dialog).getByLabelText('Job Title'), 'Lead Engineer');
  await within(dialog).findByRole('option', { name: 'Alan Turing (alan@example.com)' });
  await userEvent.selectOptions(within(dialog).getByLabelText('User Account'), 'Alan Turing (alan@example.com)');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  return dialog;
}

describe('Employee page: Edit', () => {
  it('saves the fields the form shows, links the user account, and sends no entity (the update refuses one)', async () => {
    const calls = serve(({ body }) => ({ body: { ...ada, ...(body as object), version: 4 } }));
    const dialog = await editAndSave();
    expect(await screen.findByText(HRMS_MESSAGES.employeeUpdated)).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'PATCH')!.body;
    expect(sent).toEqual({
      firstName: 'Ada',
      lastName: 'Staff',
      workEmail: 'ada@example.com',
      jobTitle: 'Lead Engineer',
      department: 'Engineering',
      employmentType: 'full_time',
      startDate: '2024-01-15',
      managerId: null,
      userId: LINKED,
      version: 3,
    });
  });

  it('never shows the schema’s words: an answer like "Unrecognized key" reads as a sentence about the task', async () => {
    serve(apiError(400, 'Unrecognized key: "entityId"', 'validation_error'));
    const dialog = await editAndSave();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(HRMS_MESSAGES.employeeUpdateFailed);
    expect(screen.queryByText(/Unrecognized key/)).not.toBeInTheDocument();
  });

  it('shows the API’s own sentence as it is', async () => {
    serve(apiError(409, HRMS_MESSAGES.userTaken, 'conflict'));
    const dialog = await editAndSave();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(HRMS_MESSAGES.userTaken);
  });
});

describe('Employee page: leave balances per year', () => {
  it('HR sees an overdrawn balance as a negative number, and another year on request', async () => {
    const study = { leaveTypeId: uuid(700), name: 'Study', allowanceDays: 5, accrual: 'yearly', entitlement: 5, accrued: 5, carriedOver: 0, carryOverExpiresOn: null, expiring: 0, taken: 8, pending: 0 };
    const calls = mockApi({
      'GET /me/products': { body: { items: [HRMS] } },
      'GET /hrms/context': { body: { entities: [{ id: A, name: 'London', role: 'app_admin' }] } },
      [`GET /hrms/employees/${ID}`]: { body: ada },
      [`GET /hrms/employees/${ID}/balances`]: ({ url }) =>
        url.searchParams.get('year') === '2025'
          ? { body: { year: 2025, items: [{ ...study, taken: 2, remaining: 3, overdrawn: false }] } }
          : { body: { year: 2026, items: [{ ...study, remaining: -3, overdrawn: true }] } },
      'GET /hrms/leave-requests': { body: { items: [], nextCursor: null } },
    });
    renderPage(<EmployeePage />, { path: '/hrms/employees/:id', entry: `/hrms/employees/${ID}`, user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Leave balances' });
    expect(within(table).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Study', '-3Overdrawn', '5', '0', '8', '0']);
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2025');
    await vi.waitFor(() => expect(within(screen.getByRole('table', { name: 'Leave balances' })).getAllByRole('cell')[1]).toHaveTextContent(/^3$/));
    expect(calls.some((c) => c.url.searchParams.get('year') === '2025')).toBe(true);
  });
});
