import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRM_MESSAGES } from '@/shared/crm';
import { MODULE_MESSAGES } from '@/shared/modules';
import { ADMIN, apiError, MEMBER, mockApi, renderPage, uuid } from '@/web/test/admin';
import { ClientPage } from './client-page';
import { ContactsPage } from './contacts-page';
import { OpportunitiesPage } from './opportunities-page';

const CRM = { id: uuid(50), name: 'CRM', type: 'crm', description: null };
const A = uuid(100);
const entities = (role: string) => [{ id: A, name: 'London', role, currency: 'GBP' }];

const contact = (n: number, duplicateOf: { id: string; name: string } | null = null) => ({
  id: uuid(300 + n),
  entityId: A,
  entityName: 'London',
  firstName: `First${n}`,
  lastName: `Last${n}`,
  email: 'same@example.com',
  phone: '',
  jobTitle: 'Buyer',
  clientId: null,
  clientName: null,
  duplicateOf,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const client = {
  id: uuid(400),
  entityId: A,
  entityName: 'London',
  name: 'Fabrikam',
  website: 'fabrikam.example',
  industry: 'Retail',
  ownerId: null,
  ownerName: null,
  status: 'active',
  lastActivityAt: '2026-01-01T00:00:00.000Z',
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  contacts: [],
  opportunities: [],
};

const opportunity = (n: number, stage: string) => ({
  id: uuid(500 + n),
  entityId: A,
  entityName: 'London',
  name: `Deal ${n}`,
  clientId: client.id,
  clientName: 'Fabrikam',
  amountMinor: 150_000,
  currency: 'GBP',
  expectedCloseDate: null,
  ownerId: null,
  ownerName: null,
  stage,
  lostReason: '',
  closedAt: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('Contacts page', () => {
  it('flags a duplicate email with a link to the existing contact', async () => {
    mockApi({
      'GET /me/products': { body: { items: [CRM] } },
      'GET /crm/context': { body: { entities: entities('member') } },
      'GET /crm/contacts': { body: { items: [contact(1), contact(2, { id: uuid(301), name: 'First1 Last1' })], nextCursor: null } },
    });
    renderPage(<ContactsPage />, { path: '/crm/contacts', user: MEMBER });
    const table = await screen.findByRole('table', { name: 'Contacts' });
    const row = within(table).getByRole('link', { name: 'Last2, First2' }).closest('tr')!;
    expect(within(row).getByText(/Possible duplicate of/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'First1 Last1' })).toHaveAttribute('href', `/crm/contacts/${uuid(301)}`);
    const first = within(table).getByRole('link', { name: 'Last1, First1' }).closest('tr')!;
    expect(within(first).queryByText(/Possible duplicate/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', expect.stringContaining('/api/crm/contacts/export?'));
  });
});

describe('Client page', () => {
  it('a stale save closes the form, says the record was reloaded, and reloads it', async () => {
    let reads = 0;
    const calls = mockApi({
      'GET /me/products': { body: { items: [CRM] } },
      'GET /crm/context': { body: { entities: entities('member') } },
      'GET /crm/clients/00000000-0000-4000-8000-000000000190': () => ({ body: { ...client, industry: reads++ === 0 ? 'Retail' : 'Wholesale' } }),
      'GET /crm/activities': { body: { items: [], nextCursor: null } },
      'GET /crm/owner-options': { body: { items: [] } },
      'PATCH /crm/clients/00000000-0000-4000-8000-000000000190': apiError(409, MODULE_MESSAGES.staleVersion, 'version_conflict'),
    });
    renderPage(<ClientPage />, { path: '/crm/clients/:id', entry: `/crm/clients/${client.id}`, user: MEMBER });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('Industry'));
    await userEvent.type(within(dialog).getByLabelText('Industry'), 'Manufacturing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(CRM_MESSAGES.reloaded)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ industry: 'Manufacturing', version: 3 });
    expect((await screen.findAllByText('Wholesale')).length).toBeGreaterThan(0);
  });
});

describe('Opportunities page', () => {
  it('shows a column per stage with its count and total; a viewer gets no move handles', async () => {
    const columns = ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'].map((stage, i) => ({
      stage,
      count: i === 2 ? 1 : 0,
      totals: i === 2 ? [{ currency: 'GBP', amountMinor: 150_000 }] : [],
      items: i === 2 ? [opportunity(1, stage)] : [],
      nextCursor: null,
    }));
    mockApi({
      'GET /me/products': { body: { items: [CRM] } },
      'GET /crm/context': { body: { entities: entities('viewer') } },
      'GET /crm/pipeline': { body: { columns } },
    });
    renderPage(<OpportunitiesPage />, { path: '/crm/opportunities', user: ADMIN });
    const proposal = (await screen.findByRole('heading', { level: 2, name: /Proposal/ })).closest('li')!;
    expect(within(proposal).getByText('Deal 1')).toBeInTheDocument();
    expect(within(proposal).getByText('Total £1,500.00')).toBeInTheDocument();
    // An empty column's total is zero in the entity's currency, not a bare "0".
    const qualification = screen.getByRole('heading', { level: 2, name: /Qualification/ }).closest('li')!;
    expect(within(qualification).getByText('Total £0.00')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/\d+$/, ''))).toEqual([
      'Prospecting',
      'Qualification',
      'Proposal',
      'Negotiation',
      'Closed Won',
      'Closed Lost',
    ]);
    expect(screen.queryByRole('button', { name: 'Move Deal 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Opportunity' })).not.toBeInTheDocument();
  });
});

describe('Pipeline board', () => {
  it('renders only the first page of a large column and loads the next pages on scroll or with Load more', async () => {
    const page = (from: number, stage: string) => Array.from({ length: 20 }, (_, i) => opportunity(from + i, stage));
    const columns = ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'].map((stage, i) => ({
      stage,
      count: i === 0 ? 20_000 : 0,
      totals: [],
      items: i === 0 ? page(0, stage) : [],
      nextCursor: i === 0 ? 'cursor-1' : null,
    }));
    // jsdom has no IntersectionObserver: this one reports the column's end as visible on demand.
    let reachEnd = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          reachEnd = () => this.callback([{ isIntersecting: true }]);
        }
        disconnect() {}
      },
    );
    const calls = mockApi({
      'GET /me/products': { body: { items: [CRM] } },
      'GET /crm/context': { body: { entities: entities('viewer') } },
      'GET /crm/pipeline': { body: { columns } },
      'GET /crm/opportunities': ({ url }) =>
        url.searchParams.get('cursor') === 'cursor-1'
          ? { body: { items: page(20, 'prospecting'), nextCursor: 'cursor-2' } }
          : { body: { items: page(40, 'prospecting'), nextCursor: null } },
    });
    renderPage(<OpportunitiesPage />, { path: '/crm/opportunities', user: ADMIN });
    const column = (await screen.findByRole('heading', { level: 2, name: /Prospecting/ })).closest('li')!;
    expect(within(column).getByLabelText('20000 opportunities')).toBeInTheDocument();
    expect(within(column).getAllByTestId('pipeline-card')).toHaveLength(20);
    expect(calls.some((c) => c.path === '/crm/opportunities')).toBe(false);

    reachEnd(); // scrolled to the column's end
    expect(await within(column).findByText('Deal 39')).toBeInTheDocument();
    expect(within(column).getAllByTestId('pipeline-card')).toHaveLength(40);
    const next = calls.find((c) => c.path === '/crm/opportunities')!.url.searchParams;
    expect(Object.fromEntries(next)).toMatchObject({ stage: 'prospecting', sort: 'createdAt', dir: 'desc', limit: '20', cursor: 'cursor-1' });

    await userEvent.click(within(column).getByRole('button', { name: 'Load more' }));
    expect(await within(column).findByText('Deal 59')).toBeInTheDocument();
    expect(within(column).getAllByTestId('pipeline-card')).toHaveLength(60);
    expect(within(column).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
