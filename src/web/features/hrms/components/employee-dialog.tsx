import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { EMPLOYMENT_TYPE_LABELS, EMPLOYMENT_TYPES, HRMS_MESSAGES, employeeCreateInput, employeeUpdateInput, type Employee, type PersonalContact } from '@/shared/hrms';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { employeesQuery, useCreateEmployee, userOptionsQuery, useUpdateEmployee } from '../api';
import { EntityField, formErrors, formMessage, Options, SelectField, TextAreaField, TextField, useFormState, valuesOf, writableEntities } from '@/web/components/module/form-fields';

/** Add Employee (no `employee`) or edit one. */
export const EmployeeDialog = formDialog(EmployeeForm);

/**
 * The employee's personal contact details come with the record on its page, for HR (Member and up);
 * the edit form shows and saves them only then.
 */
type EditedEmployee = Employee & { personal?: PersonalContact | null };

function EmployeeForm({ scope, employee, onDone }: { scope: ModuleScopeState; employee?: EditedEmployee; onDone: () => void }) {
  const { writable, initial } = writableEntities(scope);
  const personal = employee?.personal ?? null;
  const { id, values, set, errors, setErrors } = useFormState(() => ({
    ...valuesOf(employee, { entityId: initial, firstName: '', lastName: '', workEmail: '', jobTitle: '', department: '', managerId: '', employmentType: 'full_time', startDate: '', userId: '' }),
    ...(personal ?? { personalEmail: '', phone: '', address: '' }),
  }));
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const saving = create.isPending || update.isPending;
  const isAdmin = values.entityId !== '' && scope.can('app_admin', values.entityId);
  // Anyone not yet gone may be a manager: one on leave today, or starting next month to lead a team.
  const managers = useQuery({ ...employeesQuery({ entityId: values.entityId, limit: 100 }), enabled: values.entityId !== '' });
  const users = useQuery({ ...userOptionsQuery(values.entityId), enabled: isAdmin });

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
    const contact = personal ? { personalEmail: values.personalEmail, phone: values.phone, address: values.address } : {};
    const failed = employee ? HRMS_MESSAGES.employeeUpdateFailed : HRMS_MESSAGES.employeeAddFailed;
    // Only a field on the form gets a message of its own; anything else is the form's fault, said
    // as a sentence about the task (formErrors), never in the schema's words.
    const shown = [...Object.keys(fields), ...Object.keys(contact), ...(isAdmin ? ['userId'] : []), ...(!employee && writable.length > 1 ? ['entityId'] : [])];
    const onError = (error: Error) => setErrors({ form: formMessage(error, failed) });
    if (employee) {
      const body = { ...fields, ...contact, ...(isAdmin ? { userId } : {}), version: employee.version };
      const parsed = employeeUpdateInput.safeParse(body);
      if (!parsed.success) return setErrors(formErrors(parsed.error.issues, shown, failed));
      setErrors({});
      update.mutate({ ...body, id: employee.id }, { onSuccess: succeeded(HRMS_MESSAGES.employeeUpdated, onDone), onError });
    } else {
      const body = { ...fields, entityId: values.entityId, userId: isAdmin ? userId : null };
      const parsed = employeeCreateInput.safeParse(body);
      if (!parsed.success) {
        const next = formErrors(parsed.error.issues, [...shown, 'entityId'], failed);
        if (!values.entityId) next.entityId = 'Choose an entity';
        return setErrors(next);
      }
      setErrors({});
      create.mutate(body, { onSuccess: succeeded(HRMS_MESSAGES.employeeCreated, onDone), onError });
    }
  };

  const field = (key: keyof typeof values, label: string, type = 'text') => (
    <TextField id={`${id}-${key}`} label={label} type={type} value={values[key]} onChange={set(key)} error={errors[key]} />
  );

  return (
    <DialogForm
      title={employee ? 'Edit Employee' : 'Add Employee'}
      description={employee ? `${employee.firstName} ${employee.lastName}` : 'A new employee record.'}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={employee ? 'Save Changes' : 'Add Employee'}
      busy={saving}
    >
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
          <Options values={EMPLOYMENT_TYPES} labels={EMPLOYMENT_TYPE_LABELS} />
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
        <>
          <SelectField id={`${id}-user`} label="User Account" value={values.userId} onChange={set('userId')} error={errors.userId}>
            <option value="">Not linked</option>
            {(users.data?.items ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.email})
              </option>
            ))}
          </SelectField>
          <LinkOffer users={users.data?.items ?? []} workEmail={values.workEmail} linked={values.userId} onLink={set('userId')} />
        </>
      ) : null}
      {personal ? (
        <fieldset className="grid gap-4 border-t pt-4">
          <legend className="pt-4 text-sm font-medium">Personal Contact</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('personalEmail', 'Personal Email', 'email')}
            <TextField id={`${id}-phone`} label="Phone" type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} maxLength={50} />
          </div>
          <TextAreaField id={`${id}-address`} label="Address" value={values.address} onChange={set('address')} error={errors.address} maxLength={500} rows={3} />
        </fieldset>
      ) : null}
    </DialogForm>
  );
}

/**
 * The company user whose email is the work email, offered for linking (issue 34): linked, the
 * employee opens the Employee Portal without an HRMS grant. Nothing when it is linked already.
 */
function LinkOffer({ users, workEmail, linked, onLink }: { users: { id: string; name: string; email: string }[]; workEmail: string; linked: string; onLink: (id: string) => void }) {
  const match = users.find((u) => u.email.toLowerCase() === workEmail.trim().toLowerCase());
  if (!match || match.id === linked) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span>
        {match.name} has a user account with this work email.
      </span>
      <Button type="button" variant="outline" size="sm" onClick={() => onLink(match.id)}>
        Link {match.name}
      </Button>
    </p>
  );
}
