import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, MEMBER, mockApi, renderPage, uuid } from '@/web/test/admin';
import { ENTITY_ID as A, PROJECT_ID as P, PROJECTS_PRODUCT as PROJECTS, projectTask } from '@/web/test/projects';
import { TicketsPage } from './tickets-page';

/** Overdue (due in 2020) and labelled, unless overridden. */
const task = (n: number, overrides: Record<string, unknown> = {}) => projectTask(n, { dueDate: '2020-01-01', labels: ['ui'], ...overrides });

afterEach(() => vi.unstubAllGlobals());

function serve(role: 'app_admin' | 'viewer', items: unknown[]) {
  return mockApi({
    'GET /me/products': { body: { items: [PROJECTS] } },
    'GET /projects/context': { body: { entities: [{ id: A, name: 'London', role }] } },
    'GET /projects/projects': { body: { items: [{ id: P, entityId: A, key: 'WEB', name: 'Website' }], nextCursor: null } },
    'GET /projects/user-options': { body: { items: [{ id: uuid(9), name: 'Ada Lovelace', email: 'ada@example.com' }] } },
    'GET /projects/tasks': { body: { items, nextCursor: null } },
  });
}

describe('Tickets page', () => {
  it('lists tasks as KEY-n with their status, marks overdue ones, and keeps every filter in the URL', async () => {
    const calls = serve('app_admin', [task(1), task(2, { status: 'done' })]);
    renderPage(<TicketsPage />, { path: '/projects/tickets', user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Tasks' });
    expect(within(table).getByRole('link', { name: 'WEB-1 Task 1' })).toHaveAttribute('href', `/projects/tickets/${uuid(1001)}`);
    expect(within(table).getAllByText(/\(overdue\)/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'New Task' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', expect.stringContaining('/api/projects/tasks/export?'));

    await userEvent.selectOptions(screen.getByLabelText('Project'), P);
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/projects/tasks').at(-1)!.url.searchParams.get('projectId')).toBe(P));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'in_review');
    await userEvent.selectOptions(screen.getByLabelText('Assignee'), 'none');
    await userEvent.type(screen.getByLabelText('Label'), 'bug{Enter}');
    await userEvent.click(screen.getByLabelText('Overdue only'));
    await vi.waitFor(() => {
      const params = calls.filter((c) => c.path === '/projects/tasks').at(-1)!.url.searchParams;
      expect(Object.fromEntries(['projectId', 'status', 'assigneeId', 'label', 'overdue'].map((k) => [k, params.get(k)]))).toEqual({
        projectId: P,
        status: 'in_review',
        assigneeId: 'none',
        label: 'bug',
        overdue: 'true',
      });
    });
  });

  it('a viewer gets no button that changes anything', async () => {
    serve('viewer', []);
    renderPage(<TicketsPage />, { path: '/projects/tickets', user: MEMBER });
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
  });
});
