import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { Page } from '@/shared/pagination';
import { toast } from '@/web/lib/toast';
import { Button } from '@/web/components/ui/button';
import { TableCell, TableRow } from '@/web/components/ui/table';

/** One full-width row of a list table: its loading or empty state. */
export function TableMessageRow({ colSpan, children, busy = false }: { colSpan: number; children: ReactNode; busy?: boolean }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="py-10 text-center text-muted-foreground">
        <span role={busy ? 'status' : undefined}>{children}</span>
      </TableCell>
    </TableRow>
  );
}

/** "Load more" below a list whose server answered a next cursor. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center border-t p-4">
      <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

/** The titled card that holds a list and its primary action. */
export function ListCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="list-title" className="rounded-lg border bg-card shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 id="list-title" className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {action}
      </div>
      <div className="border-t">{children}</div>
    </section>
  );
}

/**
 * The rows of a server-paged list loaded so far. A failed load clears them (spec §8) rather than
 * showing stale rows, and says so once per failure.
 */
export function usePagedRows<T>(list: UseInfiniteQueryResult<InfiniteData<Page<T>>>, loadFailed: string): T[] {
  useEffect(() => {
    if (list.isError) toast.error('Error', { description: loadFailed });
  }, [list.isError, list.errorUpdatedAt, loadFailed]);
  return list.isError ? [] : (list.data?.pages.flatMap((p) => p.items) ?? []);
}
