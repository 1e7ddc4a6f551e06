import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { BellIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_CATEGORY_LABELS, NOTIFICATION_MESSAGES, UNREAD_COUNT_CAP, type NotificationItem } from '@/shared/notifications';
import { Button } from '@/web/components/ui/button';
import { formatDateTime } from '@/web/lib/format';
import { cn } from '@/web/lib/utils';
import { notificationListQuery, unreadCountQuery, useMarkAllRead, useMarkRead } from './api';
import { relativeTime } from './relative-time';
import { useUnreadStream } from './use-unread-stream';

/** The count as the bell's badge shows it: a phone header has room for three characters. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));
/** The count as words; the server stops counting at UNREAD_COUNT_CAP. */
const countText = (count: number) => (count >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(count));

export const bellLabel = (count: number) => (count > 0 ? `Notifications, ${countText(count)} unread` : 'Notifications');

/**
 * What a screen reader hears when the count changes while the page is open (a polite live
 * region): nothing on the first read, which the bell's name already says.
 */
function useCountAnnouncement(count: number | undefined) {
  const [message, setMessage] = useState('');
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (count === undefined) return;
    if (previous.current !== undefined && previous.current !== count) {
      setMessage(count > 0 ? `${countText(count)} unread notifications` : 'No unread notifications');
    }
    previous.current = count;
  }, [count]);
  return message;
}

/**
 * The notification bell of every module's header and of the products hub: the unread count,
 * live, and a panel with the person's notifications, newest first. Escape closes the panel and
 * puts focus back on the bell (Radix Popover).
 */
export function NotificationBell() {
  useUnreadStream();
  const count = useQuery(unreadCountQuery).data?.count;
  const announcement = useCountAnnouncement(count);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const panel = useRef<HTMLDivElement>(null);

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button variant="outline" size="icon" className="relative size-9 shrink-0" aria-label={bellLabel(count ?? 0)}>
            <BellIcon aria-hidden />
            {count ? (
              <span
                aria-hidden
                className="absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] font-semibold leading-none text-white"
              >
                {badgeText(count)}
              </span>
            ) : null}
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            ref={panel}
            // The panel itself takes focus on opening, so a screen reader says its name first and
            // Tab walks from the top ("Mark all as read", then each entry).
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              panel.current?.focus();
            }}
            align="end"
            sideOffset={8}
            collisionPadding={8}
            aria-labelledby={headingId}
            className="z-50 flex max-h-[min(34rem,var(--radix-popover-content-available-height))] w-[calc(100vw-1rem)] max-w-sm flex-col overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg outline-none"
          >
            <NotificationPanel headingId={headingId} unread={count ?? 0} onFollow={() => setOpen(false)} />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <span aria-live="polite" aria-atomic className="sr-only">
        {announcement}
      </span>
    </>
  );
}

function NotificationPanel({ headingId, unread, onFollow }: { headingId: string; unread: number; onFollow: () => void }) {
  const list = useInfiniteQuery(notificationListQuery);
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const nothingToMark = unread === 0 || markAll.isPending;

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
        <h2 id={headingId} className="text-sm font-semibold">
          Notifications
        </h2>
        {/* aria-disabled rather than disabled: a disabled button would drop the keyboard user's focus out of the panel once everything is read. */}
        <Button
          variant="ghost"
          size="sm"
          aria-disabled={nothingToMark}
          className="aria-disabled:cursor-default aria-disabled:opacity-50 aria-disabled:hover:bg-transparent"
          onClick={() => nothingToMark || markAll.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <p role="status" className="px-4 py-6 text-center text-sm text-muted-foreground">
            Loading...
          </p>
        ) : list.isError ? (
          <div className="grid justify-items-center gap-3 px-4 py-6 text-center text-sm">
            <p role="alert">{NOTIFICATION_MESSAGES.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="px-4 py-8 text-center">
            <p className="text-sm font-medium">You&apos;re all caught up</p>
            <p className="mt-1 text-sm text-muted-foreground">New notifications will appear here.</p>
          </div>
        ) : (
          <ul className="divide-y" aria-labelledby={headingId}>
            {items.map((n) => (
              <NotificationEntry key={n.id} notification={n} onFollow={onFollow} />
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="border-t p-2">
            <Button variant="ghost" size="sm" className="w-full" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}

/** One entry: a link to its record that marks it read on the way. */
function NotificationEntry({ notification: n, onFollow }: { notification: NotificationItem; onFollow: () => void }) {
  const markRead = useMarkRead();
  const unread = n.readAt === null;
  return (
    <li>
      <Link
        to={n.url}
        onClick={() => {
          if (unread) markRead.mutate(n.id);
          onFollow();
        }}
        className="flex gap-3 px-4 py-3 outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} />
        <span className="grid min-w-0 gap-1">
          <span className={cn('break-words text-sm', unread ? 'font-semibold' : 'text-slate-700')}>
            {unread ? <span className="sr-only">Unread: </span> : null}
            {n.title}
          </span>
          <span className="text-xs text-muted-foreground">
            {NOTIFICATION_CATEGORY_LABELS[n.category]} ·{' '}
            <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
              {relativeTime(n.createdAt)}
            </time>
          </span>
        </span>
      </Link>
    </li>
  );
}
