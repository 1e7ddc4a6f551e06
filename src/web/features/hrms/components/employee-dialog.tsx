import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { EMPLOYMENT_TYPE_LABELS, EMPLOYMENT_TYPES, HRMS_MESSAGES, employeeCreateInput, employeeUpdateInput, type Employee } from '@/shared/hrms';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { toast } from '@/web/lib/toast';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { employeesQuery, useCreateEmployee, userOptionsQuery, useUpdateEmployee } from '../api';
import { EntityField, fieldErrors, FormError, SelectField, TextField, type Errors } from '@/web/components/module/form-fields';

type Values = {
  entityId: string;
  firstName: string;
  lastName: string;
  workEmail: string;
  jobTitle: string;
  department: string;
  managerId: string;
  employmentType: string;
  startDate: string;
  userId: string;
};

/** Add Employee (no `employee`) or edit one. */
export function EmployeeDialog({
  open,
  onOpenChange,
  scope,
  employee,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  scope: ModuleScopeState;
  employee?: Employee;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {open ? <EmployeeForm scope={scope} employee={employee} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EmployeeForm({ scope, employee, onDone }: { scope: ModuleScopeState; employee?: Employee; onDone: () => void }) {
  const id = useId();
  const writable = scope.entities.filter((e) => scope.can('member', e.id));
  const [values, setValues] = useState<Values>({
    entityId: employee?.entityId ?? scope.entityId ?? (writable.length === 1 ? writable[0]!.id : ''),
    firstName: employee?.firstName ?? '',
    lastName: employee?.lastName ?? '',
    workEmail: employee?.workEmail ?? '',
    jobTitle: employee?.jobTitle ?? '',
    department: employee?.department ?? '',
    managerId: employee?.managerId ?? '',
    employmentType: employee?.employmentType ?? 'full_time',
    startDate: employee?.startDate ?? '',
    userId: employee?.userId ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const saving = create.isPending || update.isPending;
  const isAdmin = values.entityId !== '' && scope.can('app_admin', values.entityId);
  const managers = useQuery({ ...employeesQuery({ entityId: values.entityId, limit: 100, status: 'active' }), enabled: values.entityId !== '' });
  const users = useQuery({ ...userOptionsQuery(values.entityId), enabled: isAdmin });
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...values,
      managerId: values.managerId || null,
      userId: values.userId || null,
    };
    const parsed = employee
      ? employeeUpdateInput.safeParse({ ...body, entityId: undefined, version: employee.version, userId: isAdmin ? body.userId : undefined })
      : employeeCreateInput.safeParse({ ...body, userId: isAdmin ? body.userId : null });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      if (!values.entityId) next.entityId = 'Choose an entity';
      return setErrors(next);
    }
    setErrors({});
    const onError = (error: Error) => setErrors({ form: error.message });
    if (employee) {
      const { entityId: _entityId, ...rest } = body;
      update.mutate(
        { ...rest, id: employee.id, version: employee.version, userId: isAdmin ? rest.userId : undefined, employmentType: rest.employmentType as Employee['employmentType'] },
        {
          onSuccess: () => {
            toast.success('Success', { description: HRMS_MESSAGES.employeeUpdated });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...body, employmentType: body.employmentType as Employee['employmentType'], userId: isAdmin ? body.userId : null },
        {
          onSuccess: () => {
            toast.success('Success', { description: HRMS_MESSAGES.employeeCreated });
            onDone();
          },
          onError,
        },
      );
    }
  };

  const field = (key: keyof Values, label: string, type = 'text') => (
    <TextField id={`${id}-${key}`} label={label} type={type} value={values[key]} onChange={set(key)} error={errors[key]} />
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{employee ? 'Edit Employee' : 'Add Employee'}</DialogTitle>
        <DialogDescription>{employee ? `${employee.firstName} ${employee.lastName}` : 'A new employee record.'}</DialogDescription>
      </DialogHeader>
      {employee ? null : <EntityField id={`${id}-entity`} entities={writable} value={values.entityId} onChange={set('entityId')} error={errors.entityId} />}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First Name')}
        {field('lastName', 'Last Name')}
      </div>
      {field('workEmail', 'Work Email', 'email')}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('jobTitle', 'Job Title')}
        {field('department', 'Department')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-type`} label="Employment Type" value={values.employmentType} onChange={set('employmentType')} error={errors.employmentType}>
          {EMPLOYMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {EMPLOYMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        {field('startDate', 'Start Date', 'date')}
      </div>
      <SelectField id={`${id}-manager`} label="Manager" value={values.managerId} onChange={set('managerId')} error={errors.managerId} disabled={!values.entityId}>
        <option value="">No manager</option>
        {(managers.data?.items ?? [])
          .filter((m) => m.id !== employee?.id)
          .map((m) => (
            <option key={m.id} value={m.id}>
              {m.firstName} {m.lastName}
            </option>
          ))}
      </SelectField>
      {isAdmin ? (
        <SelectField id={`${id}-user`} label="User Account" value={values.userId} onChange={set('userId')} error={errors.userId}>
          <option value="">Not linked</option>
          {(users.data?.items ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.email})
            </option>
          ))}
        </SelectField>
      ) : null}
      <FormError message={errors.form} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : employee ? 'Save Changes' : 'Add Employee'}
        </Button>
      </DialogFooter>
    </form>
  );
}
