import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem, UnreadCount } from '@/shared/notifications';
import type { Page } from '@/shared/pagination';
import { api } from '@/web/lib/api';

/** Everything the bell shows lives under this key: a change refreshes it all. */
export const notificationsKey = ['notifications'] as const;
export const unreadCountKey = [...notificationsKey, 'unread-count'] as const;

/** One panel's worth: the list continues with "Load more". */
export const NOTIFICATION_PAGE_SIZE = 10;

/** The bell's number. The live stream writes it too (use-unread-stream.ts), so it is never stale for long. */
export const unreadCountQuery = queryOptions({
  queryKey: unreadCountKey,
  queryFn: () => api.get<UnreadCount>('/notifications/unread-count'),
});

/** The signed-in person's notifications, newest first, page by page (keyset cursors). */
export const notificationListQuery = infiniteQueryOptions({
  queryKey: [...notificationsKey, 'list'],
  queryFn: ({ pageParam }) => api.get<Page<NotificationItem>>('/notifications', null, { limit: NOTIFICATION_PAGE_SIZE, cursor: pageParam }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

function useNotificationMutation<A>(send: (arg: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => qc.invalidateQueries({ queryKey: notificationsKey }) });
}

/** Marks one notification read (following its link does). */
export const useMarkRead = () => useNotificationMutation((id: string) => api.post<NotificationItem>(`/notifications/${id}/read`, null, {}));

/** Marks every notification read. */
export const useMarkAllRead = () => useNotificationMutation(() => api.post<{ marked: number }>('/notifications/read-all', null, {}));
