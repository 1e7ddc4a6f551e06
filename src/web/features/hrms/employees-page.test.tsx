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

function serve(role: 'app_admin' | 'member' | 'viewer', items: unknown[], entities = [{ id: A, name: 'London', role }], more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...more,
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

  it('a Member adds an employee but does not choose the manager (an App Admin decision)', async () => {
    const calls = serve('member', [employee(1)], undefined, { 'POST /hrms/employees': ({ body }) => ({ status: 201, body: { ...employee(3), ...(body as object) } }) });
    renderPage(<EmployeesPage />, { path: '/hrms/employees', user: MEMBER });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Employee' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Manager')).toBeDisabled();
    expect(within(dialog).queryByLabelText('User Account')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('First Name'), 'Ada');
    await userEvent.type(within(dialog).getByLabelText('Last Name'), 'Lovelace');
    await userEvent.type(within(dialog).getByLabelText('Work Email'), 'ada@example.com');
    await userEvent.type(within(dialog).getByLabelText('Start Date'), '2024-01-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Employee' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ entityId: A, managerId: null, userId: null }));
  });

  it('shows each status with the date that changes it, and filters by Starting', async () => {
    const year = new Date().getUTCFullYear();
    const calls = serve('app_admin', [
      { ...employee(1), status: 'starting', startDate: '2099-01-04' },
      { ...employee(2), status: 'active', endDate: `${year}-12-31` },
      { ...employee(3), status: 'terminated', endDate: '2024-06-30' },
      employee(4),
    ]);
    renderPage(<EmployeesPage />, { path: '/hrms/employees', user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Employees' });
    const status = (n: number) => within(within(table).getByRole('row', { name: new RegExp(`Last${n}, First${n}`) })).getAllByRole('cell').at(-1);
    expect(status(1)).toHaveTextContent(/^Starting 4 Jan 2099$/);
    expect(status(2)).toHaveTextContent(/^Leaving 31 Dec$/);
    expect(status(3)).toHaveTextContent(/^Terminated$/);
    expect(status(4)).toHaveTextContent(/^Active$/);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Starting');
    await vi.waitFor(() => expect(calls.at(-1)!.url.searchParams.get('status')).toBe('starting'));
  });

  it('imports under "All entities" too: the dialog asks which entity the file goes into', async () => {
    const calls = serve('app_admin', [employee(1), employee(2, B)], [
      { id: A, name: 'London', role: 'app_admin' },
      { id: B, name: 'Northwind Inc.', role: 'member' },
    ], { 'POST /hrms/employees/import': { body: { created: 1, errors: [] } } });
    renderPage(<EmployeesPage />, { path: '/hrms/employees', user: MEMBER });
    expect(await screen.findByRole('combobox', { name: 'Entity' })).toHaveTextContent('All entities');
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Employees' });
    expect(within(dialog).getByText(/^Choose the entity the file goes into\. The first row names the columns/)).toBeInTheDocument();
    const text = 'First Name,Last Name,Work Email,Job Title,Department,Employment Type,Start Date,Manager Email\nAda,Lovelace,ada@example.com,,,Full-time,2024-01-01,\n';
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), new File([text], 'people.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByLabelText('Entity')).toHaveAccessibleDescription('Choose an entity');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.selectOptions(within(dialog).getByLabelText('Entity'), 'Northwind Inc.');
    expect(within(dialog).getByText(/^Into Northwind Inc\. The first row/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('1 imported, 0 not imported.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ entityId: B, csv: text });
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
