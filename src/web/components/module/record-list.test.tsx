import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TargetIcon } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moduleQueries } from '@/web/lib/record-queries';
import { ADMIN, mockApi, renderPage, uuid } from '@/web/test/admin';
import { CRM_MODULE } from './module-config';
import { column, ModuleListPage, RecordLink, sortedColumn, type AddDialog } from './record-list';

type Deal = { id: string; name: string; createdAt: string };

const A = uuid(100);
const deal = (n: number): Deal => ({ id: uuid(200 + n), name: `Deal ${n}`, createdAt: '2024-01-15T00:00:00.000Z' });
const dealsQuery = moduleQueries('crm').list<{ items: Deal[]; nextCursor: string | null }>('deals', '/crm/deals');
const AddDeal: AddDialog = ({ open }) => (open ? <p role="dialog" aria-label="New deal" /> : null);

function DealsPage() {
  return (
    <ModuleListPage<Deal>
      module={CRM_MODULE}
      name="deal"
      title="Deals"
      description="Every deal."
      query={dealsQuery}
      sorts={{ createdAt: 'desc', name: 'asc' }}
      filters={[
        { kind: 'search', placeholder: 'Name' },
        { kind: 'select', param: 'ownerId', label: 'Owner', all: 'Anyone', options: [{ value: 'me', label: 'Me' }], clears: ['stage'] },
        { kind: 'text', param: 'stage', label: 'Stage' },
        { kind: 'check', param: 'open', label: 'Open only' },
      ]}
      columns={({ search }) => [
        sortedColumn('name', 'Name', (d) => d.name, (d) => <RecordLink to={`/crm/deals/${d.id}${search}`}>{d.name}</RecordLink>),
        column('created', 'Created', (d) => d.createdAt.slice(0, 10)),
      ]}
      importColumns={['name']}
      add={{ label: 'Add Deal', dialog: AddDeal }}
      empty={{ icon: TargetIcon, writer: 'Add your first deal.', reader: 'Deals appear here.' }}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

function serve(role: 'member' | 'viewer', items: Deal[]) {
  return mockApi({
    'GET /me/products': { body: { items: [{ id: uuid(50), name: 'CRM', type: 'crm', description: null }] } },
    'GET /crm/context': { body: { entities: [{ id: A, name: 'London', role, currency: 'GBP' }] } },
    'GET /crm/deals': { body: { items, nextCursor: null } },
  });
}
const lastList = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.path === '/crm/deals').at(-1)!.url.searchParams;

describe('a module list page (RecordList)', () => {
  it('reads its query from the URL: the first sort with its own direction, each filter by its field, a sort from the headers', async () => {
    const calls = serve('member', [deal(1)]);
    renderPage(<DealsPage />, { path: '/crm/deals', user: ADMIN, entry: '/crm/deals?cursor=abc&sort=nope' });
    const table = await screen.findByRole('table', { name: 'Deals' });
    expect(Object.fromEntries(lastList(calls))).toEqual({ sort: 'createdAt', dir: 'desc', cursor: 'abc', limit: '25' });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/crm/deals/export?sort=createdAt&dir=desc');

    // The fields are labelled and named after the record and the parameter.
    expect(screen.getByLabelText('Search')).toHaveAttribute('id', 'deal-search');
    expect(screen.getByLabelText('Owner')).toHaveAttribute('id', 'deal-owner');
    await userEvent.type(screen.getByLabelText('Stage'), 'won{Enter}');
    await userEvent.selectOptions(screen.getByLabelText('Owner'), 'me');
    await userEvent.click(screen.getByLabelText('Open only'));
    await userEvent.type(screen.getByLabelText('Search'), 'Big{Enter}');
    // Choosing an owner cleared the stage; any change went back to the first page.
    await vi.waitFor(() => expect(Object.fromEntries(lastList(calls))).toEqual({ q: 'Big', ownerId: 'me', open: 'true', sort: 'createdAt', dir: 'desc', limit: '25' }));

    await userEvent.click(within(table).getByRole('button', { name: /Name/ }));
    await vi.waitFor(() => expect(lastList(calls).get('sort')).toBe('name'));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/crm/deals/export?q=Big&ownerId=me&open=true&sort=name&dir=asc');
  });

  it('says why it is empty: no record yet (with Add for a member), or none that matches the filters', async () => {
    serve('member', []);
    renderPage(<DealsPage />, { path: '/crm/deals', user: ADMIN });
    expect(await screen.findByRole('heading', { name: 'No deals yet' })).toBeInTheDocument();
    expect(screen.getByText('Add your first deal.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Deal' }).at(-1)!);
    expect(screen.getByRole('dialog', { name: 'New deal' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search'), 'Big{Enter}');
    expect(await screen.findByRole('heading', { name: 'No deals match' })).toBeInTheDocument();
    expect(screen.getByText('Change the search or the filters to see more.')).toBeInTheDocument();
  });

  it('offers a viewer neither Add nor Import', async () => {
    serve('viewer', []);
    renderPage(<DealsPage />, { path: '/crm/deals', user: ADMIN });
    expect(await screen.findByText('Deals appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Deal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toBeInTheDocument();
  });
});
