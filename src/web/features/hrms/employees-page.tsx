import type { ColumnDef } from '@tanstack/react-table';
import { DownloadIcon, PlusIcon, UploadIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EMPLOYEE_CSV_COLUMNS, EMPLOYEE_STATUS_LABELS, EMPLOYEE_STATUSES, EMPLOYMENT_TYPE_LABELS, type Employee } from '@/shared/hrms';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { ImportDialog } from '@/web/components/module/import-dialog';
import { useListParams } from '@/web/components/module/list-params';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { useEmployees } from './api';
import { EmployeeDialog } from './components/employee-dialog';
import { StatusBadge } from './components/status-badge';
import { formatDay } from './format';
import { HrmsPage, nativeSelect, PageHeading } from './hrms-page';

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
  const importEntity = scope.entity ?? (scope.entities.length === 1 ? scope.entities[0] : undefined);
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
    { id: 'status', header: 'Status', enableSorting: false, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  ];

  return (
    <>
      <PageHeading
        title="Employees"
        description="Your people: search, filter and open a profile."
        actions={
          <>
            <Button asChild variant="outline">
              <a href={`/api/hrms/employees/export?${exportQuery.toString()}`} download>
                <DownloadIcon aria-hidden />
                Export CSV
              </a>
            </Button>
            {canWrite && importEntity && scope.can('member', importEntity.id) ? (
              <Button variant="outline" onClick={() => setImporting(true)}>
                <UploadIcon aria-hidden />
                Import CSV
              </Button>
            ) : null}
            {canWrite ? (
              <Button onClick={() => setAdding(true)}>
                <PlusIcon aria-hidden />
                Add Employee
              </Button>
            ) : null}
          </>
        }
      />
      <search className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor="employee-search">Search</Label>
          <Input
            id="employee-search"
            type="search"
            placeholder="Name or email"
            defaultValue={query.q ?? ''}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.set({ q: e.currentTarget.value.trim() });
            }}
            onBlur={(e) => e.currentTarget.value.trim() !== (query.q ?? '') && list.set({ q: e.currentTarget.value.trim() })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="employee-department">Department</Label>
          <Input
            id="employee-department"
            defaultValue={query.department ?? ''}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.set({ department: e.currentTarget.value.trim() });
            }}
            onBlur={(e) => e.currentTarget.value.trim() !== (query.department ?? '') && list.set({ department: e.currentTarget.value.trim() })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="employee-status">Status</Label>
          <select id="employee-status" className={nativeSelect} value={query.status ?? ''} onChange={(e) => list.set({ status: e.target.value })}>
            <option value="">All statuses</option>
            {EMPLOYEE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {EMPLOYEE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
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
      {importEntity ? (
        <ImportDialog
          open={importing}
          onOpenChange={setImporting}
          title="Import Employees"
          path="/hrms/employees/import"
          entityId={importEntity.id}
          entityName={importEntity.name}
          columns={EMPLOYEE_CSV_COLUMNS}
          invalidate={['hrms']}
        />
      ) : null}
    </>
  );
}
