import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';

export interface ServerSort {
  /** A column id the server sorts by. */
  id: string;
  desc: boolean;
}

/**
 * A module list: TanStack Table v8 in manual mode, because the server sorts, filters and pages
 * (keyset cursors). The parent keeps sort and cursor in the URL (useListParams).
 */
export function DataTable<T>({
  label,
  columns,
  data,
  sort,
  onSortChange,
  isLoading,
  error,
  empty,
  hasNext,
  hasPrevious,
  onNext,
  onFirst,
  getRowId,
}: {
  /** The table's accessible name. */
  label: string;
  columns: ColumnDef<T>[];
  data: T[] | undefined;
  sort: ServerSort;
  onSortChange: (sort: ServerSort) => void;
  isLoading: boolean;
  error?: Error | null;
  /** Shown instead of the table when there are no rows: say what to do next. */
  empty: ReactNode;
  hasNext: boolean;
  hasPrevious: boolean;
  onNext: () => void;
  onFirst: () => void;
  getRowId: (row: T) => string;
}) {
  const sorting: SortingState = [{ id: sort.id, desc: sort.desc }];
  const table = useReactTable({
    data: data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (next[0]) onSortChange({ id: next[0].id, desc: next[0].desc });
    },
  });

  if (error) {
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
        {error.message}
      </p>
    );
  }
  if (isLoading) return <p role="status" className="p-4 text-sm text-muted-foreground">Loading...</p>;
  if (!data || data.length === 0) {
    return hasPrevious ? (
      <div className="grid justify-items-start gap-2 p-4 text-sm text-muted-foreground">
        <p>No more results.</p>
        <Button variant="outline" size="sm" onClick={onFirst}>
          First page
        </Button>
      </div>
    ) : (
      <>{empty}</>
    );
  }

  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto rounded-md border bg-background" role="region" aria-label={label} tabIndex={0}>
        <Table aria-label={label}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <TableHead
                      key={header.id}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className="whitespace-nowrap"
                    >
                      {header.column.getCanSort() ? (
                        <Button variant="ghost" size="sm" className="-ml-3 h-8" onClick={header.column.getToggleSortingHandler()}>
                          {title}
                          {sorted === 'asc' ? (
                            <ArrowUpIcon aria-hidden />
                          ) : sorted === 'desc' ? (
                            <ArrowDownIcon aria-hidden />
                          ) : (
                            <ArrowUpDownIcon aria-hidden className="opacity-50" />
                          )}
                        </Button>
                      ) : (
                        title
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} className="whitespace-nowrap">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {hasNext || hasPrevious ? (
        <nav aria-label={`${label} pages`} className="flex justify-end gap-2">
          <Button variant="outline" size="sm" onClick={onFirst} disabled={!hasPrevious}>
            First page
          </Button>
          <Button variant="outline" size="sm" onClick={onNext} disabled={!hasNext}>
            Next page
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
