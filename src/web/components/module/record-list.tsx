import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon, type LucideIcon } from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Page } from '@/shared/pagination';
import { Button } from '@/web/components/ui/button';
import type { ListQuery } from '@/web/lib/record-queries';
import { DataTable } from './data-table';
import { EmptyState } from './empty-state';
import { ImportDialog } from './import-dialog';
import { ListActions, ListFilters } from './list-controls';
import { useListQuery, type ListFilter, type ListQueryState, type ListSorts } from './list-params';
import { entitySearch, type ModuleScopeState } from './module-context';
import type { ModuleConfig } from './module-config';
import { ModulePage, PageHeading } from './module-page';

/**
 * The query options of a module list for the list's query, and the list's API route (`leadsQuery`
 * in the feature's api.ts, made by moduleQueries' `list`): its CSV export is `path/export`, its import `path/import`.
 */
export type ListQueryOptions<T> = ((query: ListQuery) => UseQueryOptions<Page<T>, Error, Page<T>, (string | ListQuery)[]>) & { path: string };

/** What an empty list says: why it is empty, and what to do next. */
export interface ListEmpty {
  icon: LucideIcon;
  /** The title when the filters hide every record: by default "No leads match" (the table's name). */
  noMatch?: string;
  /** What to change then; by default the search, or the search or the filters. */
  noMatchHint?: string;
  /** The title when there is no record yet: by default "No leads yet". */
  none?: string;
  /** What to do next, for someone who may add records, and for the others. */
  writer: string;
  reader: string;
}

/** The CSV export of a list: its route with the list's filters and sort (no cursor, no page size). */
export function exportHref(path: string, query: ListQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key !== 'cursor' && key !== 'limit' && typeof value === 'string' && value !== '') params.set(key, value);
  }
  return `/api${path}?${params.toString()}`;
}

/** A column the server does not sort by; `cell` gives what a row shows. */
export const column = <T,>(id: string, header: string, cell: (row: T) => ReactNode): ColumnDef<T> => ({
  id,
  header,
  enableSorting: false,
  cell: ({ row }) => cell(row.original),
});

/**
 * A column the server sorts by, `id` being the sort's name. TanStack Table needs the row's `value`
 * to offer the sort (and starts a text column ascending, any other descending); the server sorts.
 */
export const sortedColumn = <T,>(id: string, header: string, value: (row: T) => unknown, cell: (row: T) => ReactNode): ColumnDef<T> => ({
  id,
  header,
  accessorFn: value,
  enableSorting: true,
  cell: ({ row }) => cell(row.original),
});

/** The Name column of a list of people: "Last, First", sorted by it, linking to the person; `detail` and `below` as in RecordLink. */
export const personColumn = <T extends { firstName: string; lastName: string }>(
  to: (row: T) => string,
  { detail, below }: { detail?: (row: T) => string; below?: (row: T) => ReactNode } = {},
): ColumnDef<T> =>
  sortedColumn<T>(
    'name',
    'Name',
    (p) => `${p.lastName} ${p.firstName}`,
    (p) => (
      <RecordLink to={to(p)} detail={detail?.(p)} below={below?.(p)}>
        {p.lastName}, {p.firstName}
      </RecordLink>
    ),
  );

/** The Entity column, for a caller who holds the module at more than one entity. */
export const entityColumn = <T extends { entityName: string }>(scope: ModuleScopeState): ColumnDef<T>[] =>
  scope.entities.length > 1 ? [column<T>('entity', 'Entity', (r) => r.entityName)] : [];

/** A record's name in a list, linking to its page, with a muted line under it (`detail`: an email, a place) or another element (`below`). */
export function RecordLink({ to, children, detail, below }: { to: string; children: ReactNode; detail?: string | null; below?: ReactNode }) {
  const link = (
    <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
  if (detail === undefined && below === undefined) return link;
  return (
    <div className="grid">
      {link}
      {detail ? <RecordDetail>{detail}</RecordDetail> : null}
      {below}
    </div>
  );
}

/** The small muted line under a record's name. */
export const RecordDetail = ({ children }: { children: ReactNode }) => <span className="text-xs text-muted-foreground">{children}</span>;

/**
 * A module list's table, bound to the URL: the server's sort and pages, the loading and error
 * states, and the empty states (with the Add button for someone who may add).
 */
export function RecordTable<T extends { id: string }>({
  label,
  columns,
  state: { list, query, filtered, filterCount },
  result,
  empty,
  add,
}: {
  label: string;
  columns: ColumnDef<T>[];
  state: ListQueryState;
  result: { data?: Page<T>; isPending: boolean; error: Error | null };
  empty: ListEmpty;
  /** The Add button of an empty list, for someone who may add. */
  add?: { label: string; onClick: () => void };
}) {
  const { icon } = empty;
  return (
    <DataTable
      label={label}
      columns={columns}
      data={result.data?.items}
      getRowId={(r) => r.id}
      sort={{ id: String(query.sort), desc: query.dir === 'desc' }}
      onSortChange={(s) => list.set({ sort: s.id, dir: s.desc ? 'desc' : 'asc' })}
      isLoading={result.isPending}
      error={result.error}
      hasNext={Boolean(result.data?.nextCursor)}
      hasPrevious={Boolean(query.cursor)}
      onNext={() => list.set({ cursor: result.data?.nextCursor ?? undefined })}
      onFirst={() => list.set({ cursor: undefined })}
      empty={
        filtered ? (
          <EmptyState icon={icon} title={empty.noMatch ?? `No ${label.toLowerCase()} match`}>
            {empty.noMatchHint ?? (filterCount > 1 ? 'Change the search or the filters to see more.' : 'Change the search to see more.')}
          </EmptyState>
        ) : (
          <EmptyState
            icon={icon}
            title={empty.none ?? `No ${label.toLowerCase()} yet`}
            action={
              add ? (
                <Button onClick={add.onClick}>
                  <PlusIcon aria-hidden />
                  {add.label}
                </Button>
              ) : undefined
            }
          >
            {add ? empty.writer : empty.reader}
          </EmptyState>
        )
      }
    />
  );
}

/** The dialog that adds a record, opened by Add. */
export type AddDialog = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void; scope: ModuleScopeState }>;

export interface RecordListProps<T> {
  /** The record's name in the filters' ids: `lead` gives lead-search, lead-status. */
  name: string;
  title: string;
  description: string;
  /** The table's accessible name (and the import's "Import …", the empty states' "No …"), when not the title. */
  label?: string;
  query: ListQueryOptions<T>;
  sorts: ListSorts;
  filters: readonly ListFilter[];
  /** Parameters the list always has, not shown as filters. */
  fixed?: ListQuery;
  /** The columns; `search` keeps the scope's entity in links (`?entity=`). */
  columns: (context: { scope: ModuleScopeState; search: string }) => ColumnDef<T>[];
  /** The CSV columns of an import; without them, the list has no import. */
  importColumns?: readonly string[];
  /** The Add button's label and its dialog, for members. */
  add: { label: string; dialog: AddDialog };
  empty: ListEmpty;
}

/**
 * A module's list page: the heading with Export CSV, Import CSV and Add; the filters in the URL;
 * the table with its sort, pages and empty states; the add and import dialogs.
 */
export function RecordList<T extends { id: string }>({
  scope,
  name,
  title,
  description,
  label = title,
  query: options,
  sorts,
  filters,
  fixed,
  columns,
  importColumns,
  add,
  empty,
}: RecordListProps<T> & { scope: ModuleScopeState }) {
  const state = useListQuery({ entityId: scope.entityId, sorts, filters, fixed });
  const result = useQuery(options(state.query));
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const canAdd = scope.can('member') ? { label: add.label, onClick: () => setAdding(true) } : undefined;
  // Under "All entities" too: the import dialog then asks which entity the file goes into.
  const importInto = importColumns ? scope.inScope.filter((e) => scope.can('member', e.id)) : [];
  const { path } = options;
  const Dialog = add.dialog;

  return (
    <>
      <PageHeading
        title={title}
        description={description}
        actions={
          <ListActions
            exportHref={exportHref(`${path}/export`, state.query)}
            onImport={importInto.length > 0 ? () => setImporting(true) : undefined}
            addLabel={add.label}
            onAdd={canAdd?.onClick}
          />
        }
      />
      <ListFilters name={name} filters={filters} list={state.list} />
      <RecordTable label={label} columns={columns({ scope, search: entitySearch(scope) })} state={state} result={result} empty={empty} add={canAdd} />
      <Dialog open={adding} onOpenChange={setAdding} scope={scope} />
      {importColumns && importInto.length > 0 ? (
        <ImportDialog
          open={importing}
          onOpenChange={setImporting}
          title={`Import ${label}`}
          path={`${path}/import`}
          entities={importInto}
          columns={importColumns}
          invalidate={[path.split('/')[1]]}
        />
      ) : null}
    </>
  );
}

/** A module's list page in the module's frame (its sidebar and entity switcher): the page is titled as the list. */
export function ModuleListPage<T extends { id: string }>({ module, ...list }: RecordListProps<T> & { module: ModuleConfig }) {
  return (
    <ModulePage module={module} title={list.title}>
      {(scope) => <RecordList scope={scope} {...list} />}
    </ModulePage>
  );
}
