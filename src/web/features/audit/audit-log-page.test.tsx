import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '@/shared/audit';
import { SETTINGS_MESSAGES } from '@/shared/settings';
import { apiError, MEMBER, mockApi, renderPage, uuid } from '@/web/test/admin';
import { AuditLogPage } from './audit-log-page';

afterEach(() => vi.unstubAllGlobals());

const event = (n: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: uuid(n),
  createdAt: '2026-03-05T12:00:00.000Z',
  actorId: uuid(100),
  actorName: 'Grace Hopper',
  actorEmail: 'grace@example.com',
  action: 'organization.updated',
  targetType: 'organization',
  targetId: uuid(200),
  targetLabel: 'Europe',
  changes: [{ field: 'name', before: 'EU', after: 'Europe' }],
  ipAddress: '203.0.113.7',
  userAgent: 'Chrome',
  requestId: 'r1',
  ...overrides,
});

describe('audit log page', () => {
  it('shows Time, Actor, Action, Target and Details with before and after', async () => {
    mockApi({ 'GET /audit-events': { body: { items: [event(1)], nextCursor: null } } });
    renderPage(<AuditLogPage />, { path: '/audit-log' });
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/settings');
    await screen.findByText('grace@example.com');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Actor', 'Action', 'Target', 'Details']);
    const row = screen.getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(/Mar 5, 2026/);
    expect(cells[1]).toHaveTextContent('Grace Hopper');
    expect(cells[1]).toHaveTextContent('grace@example.com');
    expect(cells[2]).toHaveTextContent('Organization updated');
    expect(cells[3]).toHaveTextContent('Europe');
    expect(within(cells[4]!).getByRole('deletion')).toHaveTextContent('EU');
    expect(within(cells[4]!).getByRole('insertion')).toHaveTextContent('Europe');
  });

  it("never shows internal fields in before and after (a board card's rank, kept by events from before they were left out)", async () => {
    const moved = event(2, {
      action: 'task.moved',
      targetType: 'task',
      targetLabel: 'WEB-1 Launch',
      changes: [
        { field: 'status', before: 'todo', after: 'done' },
        { field: 'rank', before: 'a1', after: 'Zz' },
        { field: 'version', before: 1, after: 2 },
      ],
    });
    const reordered = event(3, { action: 'task.moved', targetType: 'task', targetLabel: 'WEB-2 Polish', changes: [{ field: 'rank', before: 'a1', after: 'a0' }] });
    mockApi({ 'GET /audit-events': { body: { items: [moved, reordered], nextCursor: null } } });
    renderPage(<AuditLogPage />, { path: '/audit-log' });
    await screen.findByText('WEB-2 Polish');
    const [, first, second] = screen.getAllByRole('row');
    const details = (row: HTMLElement) => within(row).getAllByRole('cell')[4]!;
    expect(details(first!)).toHaveTextContent('status: todo → done');
    expect(details(first!)).not.toHaveTextContent(/rank|a1|Zz|version/);
    expect(details(second!)).toHaveTextContent('—');
    expect(details(second!)).not.toHaveTextContent(/rank/);
  });

  it('reads the filters from the URL, sends them, and exports the same view', async () => {
    const calls = mockApi({ 'GET /audit-events': { body: { items: [], nextCursor: null } } });
    renderPage(<AuditLogPage />, { path: '/audit-log', entry: '/audit-log?actor=grace&action=user.deleted&target=Alan&from=2026-03-01&to=2026-03-31&bogus=1' });
    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Actor')).toHaveValue('grace');
    expect(screen.getByLabelText('Action')).toHaveValue('user.deleted');
    expect(screen.getByLabelText('Target')).toHaveValue('Alan');
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-31');
    const sent = calls.find((c) => c.path === '/audit-events')!.url.searchParams;
    expect(sent.get('actor')).toBe('grace');
    expect(sent.get('action')).toBe('user.deleted');
    expect(sent.get('target')).toBe('Alan');
    // Whole local days: from the start of the first to the start of the day after the last.
    expect(sent.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(sent.get('to')).toBe(new Date(2026, 3, 1).toISOString());
    expect(sent.has('bogus')).toBe(false);
    const href = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!;
    const exported = new URL(href, 'http://x').searchParams;
    expect(href.startsWith('/api/audit-events/export?')).toBe(true);
    expect(Object.fromEntries(exported)).toEqual({ actor: 'grace', action: 'user.deleted', target: 'Alan', from: sent.get('from'), to: sent.get('to') });
  });

  it('applies and clears filters, and refuses a From after To', async () => {
    const calls = mockApi({ 'GET /audit-events': { body: { items: [event(1)], nextCursor: null } } });
    renderPage(<AuditLogPage />, { path: '/audit-log' });
    await screen.findByText('grace@example.com');
    await userEvent.type(screen.getByLabelText('Actor'), 'ada');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'User deleted');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('actor')).toBe('ada'));
    expect(calls.at(-1)!.url.searchParams.get('action')).toBe('user.deleted');

    await userEvent.type(screen.getByLabelText('From'), '2026-05-02');
    await userEvent.type(screen.getByLabelText('To'), '2026-05-01');
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByText('From must not be after To')).toBeInTheDocument();
    expect(calls.length).toBe(before);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect([...calls.at(-1)!.url.searchParams.keys()].sort()).toEqual(['limit']));
    expect(screen.getByLabelText('Actor')).toHaveValue('');
  });

  it('pages with Load more', async () => {
    const calls = mockApi({
      'GET /audit-events': ({ url }) =>
        url.searchParams.get('cursor') ? { body: { items: [event(2, { targetLabel: 'Older' })], nextCursor: null } } : { body: { items: [event(1)], nextCursor: 'c1' } },
    });
    renderPage(<AuditLogPage />, { path: '/audit-log' });
    await screen.findByText('grace@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older')).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('cursor')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi({ 'GET /audit-events': { body: { items: [], nextCursor: null } } });
    renderPage(<AuditLogPage />, { path: '/audit-log' });
    expect(await screen.findByText('No events yet.')).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    mockApi({ 'GET /audit-events': apiError(500, 'An unexpected error occurred') });
    renderPage(<AuditLogPage />, { path: '/audit-log' });
    expect(await screen.findByText('An unexpected error occurred', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No events yet.')).toBeInTheDocument();
  });

  it('keeps members out', async () => {
    const calls = mockApi({});
    renderPage(<AuditLogPage />, { path: '/audit-log', user: MEMBER });
    expect(await screen.findByText('Products hub')).toBeInTheDocument();
    expect(await screen.findByText(SETTINGS_MESSAGES.deniedPage, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
