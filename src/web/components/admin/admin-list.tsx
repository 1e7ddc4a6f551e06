import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { MoreHorizontalIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import type { Page } from '@/shared/pagination';
import { toast } from '@/web/lib/toast';
import type { useFocusReturn } from '@/web/lib/use-focus-return';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { AdminHeader, AdminMain } from './admin-header';

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

/**
 * A company list page of the administration (users, organizations, entities): the header with the
 * way back to Settings, and the list's card with its Add button. Focus comes back to Add when the
 * dialog it opened closes.
 */
export function AdminListPage({
  title,
  list,
  add,
  focus,
  children,
  dialogs,
}: {
  /** The page's h1 ("Entity Management"). */
  title: string;
  /** The card's title and what it lists. */
  list: { title: string; description: string };
  add: { id: string; label: string; onClick: () => void };
  focus: ReturnType<typeof useFocusReturn>;
  /** The card's body: filters, the table. */
  children: ReactNode;
  dialogs: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <AdminHeader title={title} backTo="/settings" backLabel="Back to Settings" />
      <AdminMain>
        <ListCard
          title={list.title}
          description={list.description}
          action={
            <Button
              id={add.id}
              onClick={() => {
                focus.returnTo(add.id);
                add.onClick();
              }}
            >
              <PlusIcon aria-hidden />
              {add.label}
            </Button>
          }
        >
          {children}
        </ListCard>
      </AdminMain>
      {dialogs}
    </div>
  );
}

/**
 * A server-paged administration table: its headings, the rows loaded so far (a failed load says
 * so in a toast and shows none), the loading and empty rows, and "Load more".
 */
export function AdminTable<T>({
  list,
  loadFailed,
  headings,
  empty,
  children,
}: {
  list: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  loadFailed: string;
  /** The column headings, each with its classes. */
  headings: { label: ReactNode; className?: string }[];
  /** What an empty list says. */
  empty: ReactNode;
  /** A row of the table. */
  children: (row: T) => ReactNode;
}) {
  const rows = usePagedRows(list, loadFailed);
  return (
    <>
      <Table>
        <TableHeader>
          <TableRow>
            {headings.map((h, i) => (
              <TableHead key={i} className={h.className}>
                {h.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.isPending ? (
            <TableMessageRow colSpan={headings.length} busy>
              Loading...
            </TableMessageRow>
          ) : rows.length === 0 ? (
            <TableMessageRow colSpan={headings.length}>{empty}</TableMessageRow>
          ) : (
            rows.map(children)
          )}
        </TableBody>
      </Table>
      <LoadMore hasNextPage={!list.isError && list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
    </>
  );
}

/** A row's Actions menu with its one item, Edit; `id` names the menu's button, where focus returns. */
export function EditRowMenu({ id, name, onEdit }: { id: string; name: string; onEdit: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button id={id} variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <MoreHorizontalIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onEdit}>
          <PencilIcon aria-hidden />
          Edit
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
