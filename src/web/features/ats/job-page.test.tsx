import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAGES } from '@/shared/ats';
import { ADMIN, apiError, deferred, MEMBER, mockApi, renderPage, uuid, type Reply } from '@/web/test/admin';
import { JobPage } from './job-page';

const ATS = { id: uuid(50), name: 'ATS', type: 'ats', description: null };
const A = uuid(100);
const JOB = uuid(300);

const card = (n: number, stage = 'applied') => ({
  id: uuid(400 + n),
  candidateId: uuid(500 + n),
  candidateName: `Candidate ${n}`,
  candidateEmail: `c${n}@example.com`,
  stage,
  appliedAt: '2026-01-10T10:00:00.000Z',
  rejectionReason: '',
  employeeId: null,
  version: 1,
});

const board = {
  job: {
    id: JOB,
    entityId: A,
    entityName: 'London',
    title: 'Platform Engineer',
    department: 'Engineering',
    location: 'Remote',
    employmentType: 'full_time',
    openings: 1,
    hiringManagerId: null,
    hiringManagerName: null,
    description: '',
    status: 'open',
    activeApplications: 2,
    hired: 0,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  hrmsAvailable: false,
  columns: STAGES.map((stage) => ({
    stage,
    total: stage === 'applied' ? 3 : 0,
    items: stage === 'applied' ? [card(1), card(2)] : [],
    nextCursor: stage === 'applied' ? 'next' : null,
  })),
};

afterEach(() => vi.unstubAllGlobals());

function serve(role: 'member' | 'viewer', move: (body: unknown) => Reply | Promise<Reply>) {
  return mockApi({
    'GET /me/products': { body: { items: [ATS] } },
    'GET /ats/context': { body: { entities: [{ id: A, name: 'London', role }] } },
    [`GET /ats/jobs/${JOB}/board`]: { body: board },
    [`GET /ats/jobs/${JOB}/board-column`]: { body: { stage: 'applied', total: 3, items: [card(3)], nextCursor: null } },
    [`POST /ats/applications/${uuid(401)}/move`]: ({ body }) => move(body),
  });
}

const columnOf = (stage: string) => screen.getByRole('list', { name: `${stage} candidates` });

describe('Job page board', () => {
  it('shows a move at once and undoes it when the server refuses it', async () => {
    const reply = deferred<Reply>();
    serve('member', () => reply.promise);
    renderPage(<JobPage />, { path: '/ats/jobs/:id', entry: `/ats/jobs/${JOB}`, user: MEMBER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Stage of Candidate 1'), 'review');
    // Optimistic: in Review before the server answers.
    expect(within(columnOf('Review')).getByText('Candidate 1')).toBeInTheDocument();
    expect(within(columnOf('Applied')).queryByText('Candidate 1')).not.toBeInTheDocument();
    reply.resolve(apiError(409, 'Someone else changed this record. Reload it and try again.', 'version_conflict'));
    await vi.waitFor(() => expect(within(columnOf('Applied')).getByText('Candidate 1')).toBeInTheDocument());
    expect(within(columnOf('Review')).queryByText('Candidate 1')).not.toBeInTheDocument();
    expect(await screen.findByText('Someone else changed this record. Reload it and try again.')).toBeInTheDocument();
  });

  it('asks for a reason before moving to Rejected, and sends it with the version', async () => {
    const calls = serve('member', () => ({ body: { ...card(1, 'rejected'), version: 2, history: [] } }));
    renderPage(<JobPage />, { path: '/ats/jobs/:id', entry: `/ats/jobs/${JOB}`, user: ADMIN });
    await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' });
    await userEvent.selectOptions(screen.getByLabelText('Stage of Candidate 1'), 'rejected');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason for the rejection.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Salary expectations');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ stage: 'rejected', afterId: null, version: 1, reason: 'Salary expectations' }));
    expect(within(columnOf('Rejected')).getByText('Reason: Salary expectations')).toBeInTheDocument();
  });

  it("asks HRMS for the hire rights only when the user holds HRMS (an ATS-only user was refused: a 403 in the console)", async () => {
    const HRMS = { id: uuid(51), name: 'HRMS', type: 'hrms', description: null };
    const withHrms = { ...board, hrmsAvailable: true };
    for (const products of [[ATS], [ATS, HRMS]]) {
      const calls = mockApi({
        'GET /me/products': { body: { items: products } },
        'GET /ats/context': { body: { entities: [{ id: A, name: 'London', role: 'member' }] } },
        'GET /hrms/context': { body: { entities: [{ id: A, name: 'London', role: 'member' }] } },
        [`GET /ats/jobs/${JOB}/board`]: { body: withHrms },
      });
      const { unmount } = renderPage(<JobPage />, { path: '/ats/jobs/:id', entry: `/ats/jobs/${JOB}`, user: MEMBER });
      await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' });
      if (products.length === 2) await vi.waitFor(() => expect(calls.some((c) => c.path === '/hrms/context')).toBe(true));
      else {
        await new Promise((r) => setTimeout(r, 200));
        expect(calls.some((c) => c.path === '/hrms/context')).toBe(false);
      }
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('pages a column, and gives a viewer no way to move a card', async () => {
    const calls = serve('viewer', () => ({ status: 500 }));
    renderPage(<JobPage />, { path: '/ats/jobs/:id', entry: `/ats/jobs/${JOB}`, user: MEMBER });
    await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' });
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Stage of Candidate 1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Job' })).not.toBeInTheDocument();
    // Only each column's first page is asked for and shown; the rest loads on demand.
    expect(calls.find((c) => c.path === `/ats/jobs/${JOB}/board`)?.url.searchParams.get('limit')).toBe('20');
    expect(within(columnOf('Applied')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(columnOf('Applied')).queryByText('Candidate 3')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/board-column'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (1)' }));
    expect(await within(columnOf('Applied')).findByText('Candidate 3')).toBeInTheDocument();
    const more = calls.find((c) => c.path === `/ats/jobs/${JOB}/board-column`)!;
    expect(Object.fromEntries(more.url.searchParams)).toMatchObject({ stage: 'applied', cursor: 'next' });
    expect(screen.queryByRole('button', { name: /^Show more/ })).not.toBeInTheDocument();
  });
});
