import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, MEMBER, mockApi, renderPage, uuid } from '@/web/test/admin';
import { EmployeesPage } from './employees-page';

const HRMS = { id: uuid(50), name: 'HRMS', type: 'hrms', description: null };
const A = uuid(100);
const B = uuid(101);

const employee = (n: number, entityId = A) => ({
  id: uuid(200 + n),
  entityId,
  entityName: entityId === A ? 'London' : 'Paris',
  firstName: `First${n}`,
  lastName: `Last${n}`,
  workEmail: `e${n}@example.com`,
  jobTitle: 'Engineer',
  department: 'Engineering',
  managerId: null,
  managerName: null,
  employmentType: 'full_time',
  startDate: '2024-01-15',
  status: 'active',
  endDate: null,
  userId: null,
  version: 1,
  createdAt: '2024-01-15T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

function serve(role: 'app_admin' | 'viewer', items: unknown[], entities = [{ id: A, name: 'London', role }]) {
  return mockApi({
    'GET /me/products': { body: { items: [HRMS] } },
    'GET /hrms/context': { body: { entities } },
    'GET /hrms/employees': ({ url }) => ({ body: { items: url.searchParams.get('q') ? items.slice(0, 1) : items, nextCursor: null } }),
  });
}

describe('Employees page', () => {
  it('shows the directory with sortable columns, and sends search, filters and sort to the server through the URL', async () => {
    const calls = serve('app_admin', [employee(1), employee(2)]);
    renderPage(<EmployeesPage />, { path: '/hrms/employees', user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Employees' });
    expect(within(table).getByRole('link', { name: 'Last1, First1' })).toHaveAttribute('href', `/hrms/employees/${uuid(201)}`);
    expect(screen.getByRole('button', { name: 'Add Employee' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', expect.stringContaining('/api/hrms/employees/export?'));

    await userEvent.type(screen.getByLabelText('Search'), 'Last1{Enter}');
    await vi.waitFor(() => expect(calls.at(-1)!.url.searchParams.get('q')).toBe('Last1'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'terminated');
    await vi.waitFor(() => expect(calls.at(-1)!.url.searchParams.get('status')).toBe('terminated'));
    await userEvent.click(within(table).getByRole('button', { name: /Start Date/ }));
    await vi.waitFor(() => expect(calls.at(-1)!.url.searchParams.get('sort')).toBe('startDate'));
    expect(calls.at(-1)!.url.searchParams.get('q')).toBe('Last1');
  });

  it('a viewer gets no button that changes anything, and an empty directory says what happens next', async () => {
    serve('viewer', []);
    renderPage(<EmployeesPage />, { path: '/hrms/employees', user: MEMBER });
    expect(await screen.findByText('No employees yet')).toBeInTheDocument();
    expect(screen.getByText('Employees added by your HR team appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Employee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
  });

  it('offers the entity switcher with "All entities" when the user holds HRMS in two entities', async () => {
    serve('app_admin', [employee(1), employee(2, B)], [
      { id: A, name: 'London', role: 'app_admin' },
      { id: B, name: 'Paris', role: 'viewer' },
    ]);
    renderPage(<EmployeesPage />, { path: '/hrms/employees', user: MEMBER });
    expect(await screen.findByRole('combobox', { name: 'Entity' })).toHaveTextContent('All entities');
    // Two entities: the Entity column shows where each employee belongs.
    expect(await screen.findByRole('columnheader', { name: 'Entity' })).toBeInTheDocument();
  });
});
