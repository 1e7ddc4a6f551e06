import { UsersIcon } from 'lucide-react';
import { EMPLOYEE_CSV_COLUMNS, EMPLOYEE_STATUS_LABELS, EMPLOYEE_STATUSES, EMPLOYMENT_TYPE_LABELS, type Employee } from '@/shared/hrms';
import { labelled } from '@/web/components/module/list-params';
import { HRMS_MODULE } from '@/web/components/module/module-config';
import { column, entityColumn, ModuleListPage, personColumn, sortedColumn } from '@/web/components/module/record-list';
import { employeesQuery } from './api';
import { EmployeeDialog } from './components/employee-dialog';
import { EmployeeStatusBadge } from './components/status-badge';
import { formatDay } from './format';

export function EmployeesPage() {
  return (
    <ModuleListPage<Employee>
      module={HRMS_MODULE}
      name="employee"
      title="Employees"
      description="Your people: search, filter and open a profile."
      query={employeesQuery}
      sorts={{ name: 'asc', startDate: 'asc', createdAt: 'asc' }}
      filters={[
        { kind: 'search', placeholder: 'Name or email' },
        { kind: 'text', param: 'department', label: 'Department' },
        { kind: 'select', param: 'status', label: 'Status', all: 'All statuses', options: labelled(EMPLOYEE_STATUSES, EMPLOYEE_STATUS_LABELS) },
      ]}
      columns={({ scope, search }) => [
        personColumn((e) => `/hrms/employees/${e.id}${search}`, { detail: (e) => e.workEmail }),
        column('jobTitle', 'Job Title', (e) => e.jobTitle || '—'),
        column('department', 'Department', (e) => e.department || '—'),
        column('type', 'Type', (e) => EMPLOYMENT_TYPE_LABELS[e.employmentType]),
        ...entityColumn<Employee>(scope),
        sortedColumn('startDate', 'Start Date', (e) => e.startDate, (e) => formatDay(e.startDate)),
        column('status', 'Status', (e) => <EmployeeStatusBadge employee={e} />),
      ]}
      importColumns={EMPLOYEE_CSV_COLUMNS}
      add={{ label: 'Add Employee', dialog: EmployeeDialog }}
      empty={{
        icon: UsersIcon,
        writer: 'Add your first employee, or import a CSV file with one row per employee.',
        reader: 'Employees added by your HR team appear here.',
      }}
    />
  );
}
