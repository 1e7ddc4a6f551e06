import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES, type NotificationItem } from '@/shared/notifications';
import { apiError, mockApi, renderPage, uuid } from '@/web/test/admin';
import { NotificationBell } from './notification-bell';
import { relativeTime } from './relative-time';

/** EventSource as the bell uses it: the test sends the server's events. */
class FakeEventSource {
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }
}

const MINUTE = 60_000;
const note = (n: number, overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  id: uuid(n),
  category: 'leave_requests',
  title: `Sam Staff requested Sick leave ${n}`,
  url: '/hrms/leaves',
  readAt: null,
  createdAt: new Date(Date.now() - n * 5 * MINUTE).toISOString(),
  ...overrides,
});

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('the notification bell', () => {
  it('names the unread count, lists the notifications newest first, loads more, and follows an entry to its record, marking it read', async () => {
    const calls = mockApi({
      'GET /notifications/unread-count': { body: { count: 3 } },
      'GET /notifications': ({ url }) =>
        url.searchParams.get('cursor') === 'page2'
          ? { body: { items: [note(3, { category: 'tasks', title: 'WEB-7 was assigned to you', readAt: new Date().toISOString() })], nextCursor: null } }
          : { body: { items: [note(1), note(2, { category: 'leave_decisions', title: 'Your Annual leave was approved' })], nextCursor: 'page2' } },
      'POST /notifications/00000000-0000-4000-8000-000000000001/read': { body: { ...note(1), readAt: new Date().toISOString() } },
    });
    renderPage(<NotificationBell />, { path: '/here' });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();

    await userEvent.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = await within(panel).findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      `Unread: Sam Staff requested Sick leave 1Leave requests to review · 5 minutes ago`,
      `Unread: Your Annual leave was approvedDecisions on my leave requests · 10 minutes ago`,
    ]);
    expect(calls.find((c) => c.path === '/notifications')?.url.searchParams.get('limit')).toBe('10');

    await userEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    // The third is read: no "Unread" before its title.
    expect(await within(panel).findByRole('link', { name: /^WEB-7 was assigned to you/ })).toHaveAttribute('href', '/hrms/leaves');
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await userEvent.click(links[0]!);
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/notifications/${uuid(1)}/read`)).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks all as read: the count is gone and a screen reader hears it', async () => {
    let unread = 2;
    const calls = mockApi({
      'GET /notifications/unread-count': () => ({ body: { count: unread } }),
      'GET /notifications': { body: { items: [note(1), note(2)], nextCursor: null } },
      'POST /notifications/read-all': () => {
        unread = 0;
        return { body: { marked: 2 } };
      },
    });
    renderPage(<NotificationBell />, { path: '/here' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findAllByRole('link');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/notifications/read-all')).toEqual([expect.objectContaining({ method: 'POST', body: {} })]);
    // Nothing left to mark, and the focus stays where it was.
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toHaveFocus();
    expect(screen.getByText('No unread notifications')).toHaveAttribute('aria-live', 'polite');
  });

  it('follows the live count from one stream per tab, and counts again when the stream is back', async () => {
    let unread = 1;
    const calls = mockApi({ 'GET /notifications/unread-count': () => ({ body: { count: unread } }) });
    renderPage(
      <>
        <NotificationBell />
        <NotificationBell />
      </>,
      { path: '/here' },
    );
    expect(await screen.findAllByRole('button', { name: 'Notifications, 1 unread' })).toHaveLength(2);
    expect(FakeEventSource.all.map((s) => s.url)).toEqual(['/api/notifications/stream']);
    const [stream] = FakeEventSource.all;

    stream!.emit('unread', { count: 4 });
    expect(await screen.findAllByRole('button', { name: 'Notifications, 4 unread' })).toHaveLength(2);
    expect((await screen.findAllByText('4 unread notifications'))[0]).toHaveAttribute('aria-live', 'polite');

    // Back after a drop: what happened meanwhile is read again.
    unread = 7;
    const reads = calls.filter((c) => c.path === '/notifications/unread-count').length;
    stream!.emit('ready', {});
    expect(await screen.findAllByRole('button', { name: 'Notifications, 7 unread' })).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/notifications/unread-count').length).toBe(reads + 1);
  });

  it('works by keyboard: Enter opens, Tab reaches the entries, Escape closes and returns to the bell', async () => {
    mockApi({
      'GET /notifications/unread-count': { body: { count: 1 } },
      'GET /notifications': { body: { items: [note(1)], nextCursor: null } },
    });
    renderPage(<NotificationBell />, { path: '/here' });
    const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByRole('link');
    expect(panel).toHaveFocus();
    await userEvent.tab();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toHaveFocus();
    await userEvent.tab();
    expect(within(panel).getByRole('link', { name: /Sam Staff requested Sick leave 1/ })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("says you're all caught up when there is nothing, and says so when the list cannot be read", async () => {
    let failing = false;
    mockApi({
      'GET /notifications/unread-count': { body: { count: 0 } },
      'GET /notifications': () => (failing ? apiError(500, 'Something broke') : { body: { items: [], nextCursor: null } }),
    });
    renderPage(<NotificationBell />, { path: '/here' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText("You're all caught up")).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true');

    await userEvent.keyboard('{Escape}');
    failing = true;
    await userEvent.click(bell());
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(again).findByRole('alert')).toHaveTextContent(NOTIFICATION_MESSAGES.loadFailed);
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('reads as people say it, and as a day from a week on', () => {
    expect(relativeTime('2026-11-28T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-28T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-28T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-27T10:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-23T12:00:00Z', now)).toBe('5 days ago');
    expect(relativeTime('2026-11-02T12:00:00Z', now)).toBe('Nov 2');
    expect(relativeTime('2025-11-02T12:00:00Z', now)).toBe('Nov 2, 2025');
  });
});
