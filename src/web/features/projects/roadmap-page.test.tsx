import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, mockApi, renderPage, uuid } from '@/web/test/admin';
import { RoadmapPage } from './roadmap-page';

const PROJECTS = { id: uuid(50), name: 'Projects', type: 'projects', description: null };
const A = uuid(100);

const project = {
  id: uuid(300),
  entityId: A,
  entityName: 'London',
  key: 'WEB',
  name: 'Website Relaunch',
  description: '',
  status: 'in_progress',
  priority: 'high',
  lead: null,
  members: [],
  startDate: '2026-10-20',
  dueDate: '2027-02-10',
  taskCount: 0,
  doneCount: 0,
  progress: 0,
  version: 1,
  createdAt: '2026-10-01T00:00:00.000Z',
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Roadmap page', () => {
  it('names the months of its axis with their whole year ("Nov 2026"; "Nov 26" read as a day)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    mockApi({
      'GET /me/products': { body: { items: [PROJECTS] } },
      'GET /projects/context': { body: { entities: [{ id: A, name: 'London', role: 'app_admin' }] } },
      'GET /projects/projects': { body: { items: [project], nextCursor: null } },
    });
    renderPage(<RoadmapPage />, { path: '/projects/roadmap', user: ADMIN });
    expect(await screen.findByRole('link', { name: 'WEB Website Relaunch' })).toBeInTheDocument();
    const axis = screen.getByRole('region', { name: 'Roadmap timeline' }).querySelector('[aria-hidden="true"]')!;
    expect([...axis.children].map((label) => label.textContent)).toEqual(['Nov 2026', 'Dec 2026', 'Jan 2027', 'Feb 2027']);
  });
});
