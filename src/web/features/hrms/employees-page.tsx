import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EMPLOYEE_CSV_COLUMNS, EMPLOYEE_STATUS_LABELS, EMPLOYEE_STATUSES, EMPLOYMENT_TYPE_LABELS, type Employee } from '@/shared/hrms';
import { Button } from '@/web/components/ui/button';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { ImportDialog } from '@/web/components/module/import-dialog';
import { ListActions, ListSelectFilter, ListTextFilter } from '@/web/components/module/list-controls';
import { useListParams } from '@/web/components/module/list-params';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { useEmployees } from './api';
import { EmployeeDialog } from './components/employee-dialog';
import { EmployeeStatusBadge } from './components/status-badge';
import { formatDay } from './format';
import { HrmsPage } from './hrms-page';
import { PageHeading } from '@/web/components/module/module-page';

export function EmployeesPage() {
  return <HrmsPage title="Employees">{(scope) => <Directory scope={scope} />}</HrmsPage>;
}

const SORTS = ['name', 'startDate', 'createdAt'];

function Directory({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const sortId = SORTS.includes(list.get('sort') ?? '') ? list.get('sort')! : 'name';
  const query = {
    entityId: scope.entityId,
    q: list.get('q'),
    department: list.get('department'),
    status: list.get('status'),
    sort: sortId,
    dir: list.get('dir') === 'desc' ? 'desc' : 'asc',
    cursor: list.get('cursor'),
    limit: 25,
  };
  const employees = useEmployees(query);
  const entitySearch = scope.entityId ? `?entity=${scope.entityId}` : '';
  const canWrite = scope.can('member');
  // Under "All entities" too: the import dialog then asks which entity the file goes into.
  const importInto = scope.inScope.filter((e) => scope.can('member', e.id));
  const exportQuery = new URLSearchParams(Object.entries({ ...query, cursor: undefined, limit: undefined }).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const filtered = Boolean(query.q || query.department || query.status);

  const columns: ColumnDef<Employee>[] = [
    {
      id: 'name',
      // An accessor makes the column sortable for TanStack Table; the server does the sorting.
      accessorFn: (e) => `${e.lastName} ${e.firstName}`,
      header: 'Name',
      enableSorting: true,
      cell: ({ row: { original: e } }) => (
        <div className="grid">
          <Link to={`/hrms/employees/${e.id}${entitySearch}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {e.lastName}, {e.firstName}
          </Link>
          <span className="text-xs text-muted-foreground">{e.workEmail}</span>
        </div>
      ),
    },
    { id: 'jobTitle', header: 'Job Title', enableSorting: false, cell: ({ row }) => row.original.jobTitle || '—' },
    { id: 'department', header: 'Department', enableSorting: false, cell: ({ row }) => row.original.department || '—' },
    { id: 'type', header: 'Type', enableSorting: false, cell: ({ row }) => EMPLOYMENT_TYPE_LABELS[row.original.employmentType] },
    ...(scope.entities.length > 1 ? [{ id: 'entity', header: 'Entity', enableSorting: false, cell: ({ row }) => row.original.entityName } as ColumnDef<Employee>] : []),
    { id: 'startDate', accessorFn: (e) => e.startDate, header: 'Start Date', enableSorting: true, cell: ({ row }) => formatDay(row.original.startDate) },
    { id: 'status', header: 'Status', enableSorting: false, cell: ({ row }) => <EmployeeStatusBadge employee={row.original} /> },
  ];

  return (
    <>
      <PageHeading
        title="Employees"
        description="Your people: search, filter and open a profile."
        actions={
          <ListActions
            exportHref={`/api/hrms/employees/export?${exportQuery.toString()}`}
            onImport={importInto.length > 0 ? () => setImporting(true) : undefined}
            addLabel="Add Employee"
            onAdd={canWrite ? () => setAdding(true) : undefined}
          />
        }
      />
      <search className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <ListTextFilter id="employee-search" label="Search" search placeholder="Name or email" value={query.q} onApply={(value) => list.set({ q: value })} />
        <ListTextFilter id="employee-department" label="Department" value={query.department} onApply={(value) => list.set({ department: value })} />
        <ListSelectFilter id="employee-status" label="Status" value={query.status ?? ''} onChange={(value) => list.set({ status: value })}>
          <option value="">All statuses</option>
          {EMPLOYEE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {EMPLOYEE_STATUS_LABELS[s]}
            </option>
          ))}
        </ListSelectFilter>
      </search>
      <DataTable
        label="Employees"
        columns={columns}
        data={employees.data?.items}
        getRowId={(e) => e.id}
        sort={{ id: sortId, desc: query.dir === 'desc' }}
        onSortChange={(s) => {
          list.set({ sort: s.id, dir: s.desc ? 'desc' : 'asc' });
        }}
        isLoading={employees.isPending}
        error={employees.error}
        hasNext={Boolean(employees.data?.nextCursor)}
        hasPrevious={Boolean(query.cursor)}
        onNext={() => {
          list.set({ cursor: employees.data?.nextCursor ?? undefined });
        }}
        onFirst={() => {
          list.set({ cursor: undefined });
        }}
        empty={
          filtered ? (
            <EmptyState icon={UsersIcon} title="No employees match">
              Change the search or the filters to see more.
            </EmptyState>
          ) : (
            <EmptyState
              icon={UsersIcon}
              title="No employees yet"
              action={
                canWrite ? (
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon aria-hidden />
                    Add Employee
                  </Button>
                ) : undefined
              }
            >
              {canWrite ? 'Add your first employee, or import a CSV file with one row per employee.' : 'Employees added by your HR team appear here.'}
            </EmptyState>
          )
        }
      />
      <EmployeeDialog open={adding} onOpenChange={setAdding} scope={scope} />
      {importInto.length > 0 ? (
        <ImportDialog
          open={importing}
          onOpenChange={setImporting}
          title="Import Employees"
          path="/hrms/employees/import"
          entities={importInto}
          columns={EMPLOYEE_CSV_COLUMNS}
          invalidate={['hrms']}
        />
      ) : null}
    </>
  );
}
