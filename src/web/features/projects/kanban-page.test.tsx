import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, mockApi, renderPage } from '@/web/test/admin';
import { ENTITY_ID as A, PROJECT_ID as P, PROJECTS_PRODUCT as PROJECTS, projectTask } from '@/web/test/projects';
import { KanbanPage } from './kanban-page';

const tasks = (from: number, count: number) => Array.from({ length: count }, (_, i) => projectTask(from + i));

afterEach(() => vi.unstubAllGlobals());

describe('Kanban page', () => {
  it('shows each column’s first page and its size, and loads the next page of a column on demand', async () => {
    const project = { id: P, entityId: A, entityName: 'London', key: 'WEB', name: 'Website', taskCount: 120, doneCount: 0 };
    const empty = (status: string) => ({ status, total: 0, items: [], nextCursor: null });
    const calls = mockApi({
      'GET /me/products': { body: { items: [PROJECTS] } },
      'GET /projects/context': { body: { entities: [{ id: A, name: 'London', role: 'app_admin' }] } },
      'GET /projects/projects': { body: { items: [project], nextCursor: null } },
      [`GET /projects/projects/${P}/board`]: {
        body: { project, columns: [{ status: 'todo', total: 120, items: tasks(1, 50), nextCursor: 'page-2' }, empty('in_progress'), empty('in_review'), empty('done')] },
      },
      'GET /projects/tasks': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2' ? { body: { items: tasks(51, 50), nextCursor: 'page-3' } } : { body: { items: tasks(101, 20), nextCursor: null } },
    });
    renderPage(<KanbanPage />, { path: '/projects/kanban', user: ADMIN });

    const todo = await screen.findByRole('list', { name: 'To Do cards' });
    // Only the first page of the column is on the page; the heading counts the whole column.
    expect(within(todo).getAllByRole('link', { name: /^WEB-\d+ Task \d+$/ })).toHaveLength(50);
    expect(within(todo).queryByRole('link', { name: 'WEB-51 Task 51' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^To Do\s*120$/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/projects/tasks')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Load more (70 more)' }));
    await vi.waitFor(() => expect(within(todo).getAllByRole('link', { name: /^WEB-\d+ Task \d+$/ })).toHaveLength(100));
    const page = calls.filter((c) => c.path === '/projects/tasks').at(-1)!.url.searchParams;
    expect(Object.fromEntries(page)).toMatchObject({ projectId: P, status: 'todo', sort: 'rank', dir: 'asc', cursor: 'page-2' });

    await userEvent.click(screen.getByRole('button', { name: 'Load more (20 more)' }));
    await vi.waitFor(() => expect(within(todo).getAllByRole('link', { name: /^WEB-\d+ Task \d+$/ })).toHaveLength(120));
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });
});
