import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { EMPLOYMENT_TYPE_LABELS, EMPLOYMENT_TYPES, HRMS_MESSAGES, employeeCreateInput, employeeUpdateInput, type Employee } from '@/shared/hrms';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { toast } from '@/web/lib/toast';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { employeesQuery, useCreateEmployee, userOptionsQuery, useUpdateEmployee } from '../api';
import { EntityField, FormError, formErrors, formMessage, SelectField, TextField, type Errors } from '@/web/components/module/form-fields';

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
  // Anyone not yet gone may be a manager: one on leave today, or starting next month to lead a team.
  const managers = useQuery({ ...employeesQuery({ entityId: values.entityId, limit: 100 }), enabled: values.entityId !== '' });
  const users = useQuery({ ...userOptionsQuery(values.entityId), enabled: isAdmin });
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // What the form sends: the fields it shows. Not the entity on an edit: an employee stays in
    // theirs, and the update schema refuses keys it does not know (sending `entityId` made every
    // edit fail, issue 31). The manager and the user account are App Admin decisions (the API
    // refuses them to a Member): a Member's form sends the manager the record has, and no user.
    const fields = {
      firstName: values.firstName,
      lastName: values.lastName,
      workEmail: values.workEmail,
      jobTitle: values.jobTitle,
      department: values.department,
      employmentType: values.employmentType as Employee['employmentType'],
      startDate: values.startDate,
      managerId: isAdmin ? values.managerId || null : (employee?.managerId ?? null),
    };
    const userId = values.userId || null;
    const failed = employee ? HRMS_MESSAGES.employeeUpdateFailed : HRMS_MESSAGES.employeeAddFailed;
    // Only a field on the form gets a message of its own; anything else is the form's fault, said
    // as a sentence about the task (formErrors), never in the schema's words.
    const shown = [...Object.keys(fields), ...(isAdmin ? ['userId'] : []), ...(!employee && writable.length > 1 ? ['entityId'] : [])];
    const onError = (error: Error) => setErrors({ form: formMessage(error, failed) });
    const onSuccess = (message: string) => () => {
      toast.success('Success', { description: message });
      onDone();
    };
    if (employee) {
      const body = { ...fields, ...(isAdmin ? { userId } : {}), version: employee.version };
      const parsed = employeeUpdateInput.safeParse(body);
      if (!parsed.success) return setErrors(formErrors(parsed.error.issues, shown, failed));
      setErrors({});
      update.mutate({ ...body, id: employee.id }, { onSuccess: onSuccess(HRMS_MESSAGES.employeeUpdated), onError });
    } else {
      const body = { ...fields, entityId: values.entityId, userId: isAdmin ? userId : null };
      const parsed = employeeCreateInput.safeParse(body);
      if (!parsed.success) {
        const next = formErrors(parsed.error.issues, [...shown, 'entityId'], failed);
        if (!values.entityId) next.entityId = 'Choose an entity';
        return setErrors(next);
      }
      setErrors({});
      create.mutate(body, { onSuccess: onSuccess(HRMS_MESSAGES.employeeCreated), onError });
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
      <SelectField id={`${id}-manager`} label="Manager" value={values.managerId} onChange={set('managerId')} error={errors.managerId} disabled={!values.entityId || !isAdmin}>
        <option value="">No manager</option>
        {(managers.data?.items ?? [])
          .filter((m) => m.id !== employee?.id && (m.status !== 'terminated' || m.id === values.managerId))
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
