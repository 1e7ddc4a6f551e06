import { useQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  ACCRUAL_LABELS,
  ACCRUALS,
  HRMS_MESSAGES,
  holidayCreateInput,
  holidayUpdateInput,
  leaveTypeCreateInput,
  leaveTypeUpdateInput,
  type Accrual,
  type Holiday,
  type LeaveType,
} from '@/shared/hrms';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { toast } from '@/web/lib/toast';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { PageHeading } from '@/web/components/module/module-page';
import { fieldErrors, Options, SelectField, TextField, useFormState } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { holidaysQuery, leaveTypesQuery, useCreateHoliday, useCreateLeaveType, useDeleteHoliday, useUpdateHoliday, useUpdateLeaveType } from './api';
import { YearSelect } from './components/year-select';
import { formatDay } from './format';
import { HrmsPage } from './hrms-page';

export function HrmsSettingsPage() {
  return <HrmsPage title="HRMS Settings">{(scope) => <Settings scope={scope} />}</HrmsPage>;
}

function Settings({ scope }: { scope: ModuleScopeState }) {
  const types = useQuery(leaveTypesQuery(scope.entityId));
  return (
    <>
      <PageHeading title="HRMS Settings" description="Leave types and their policies, and the holidays not counted as leave, per entity." />
      {types.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {types.error.message}
        </p>
      ) : null}
      {scope.inScope.map((entity) => {
        const admin = scope.can('app_admin', entity.id);
        const mine = (types.data?.items ?? []).filter((t) => t.entityId === entity.id);
        return (
          <div key={entity.id} className="grid gap-4">
            <LeaveTypes entity={entity} types={mine} loading={types.isPending} admin={admin} />
            <Holidays entity={entity} admin={admin} />
          </div>
        );
      })}
    </>
  );
}

/** The heading of a column of row buttons: named for screen readers only. */
const ActionsHead = () => (
  <TableHead>
    <span className="sr-only">Actions</span>
  </TableHead>
);

const allowanceText = (days: number) => (days === 0 ? 'Unlimited' : String(days));
const carryOverText = (t: LeaveType) =>
  t.carryOverDays === 0 ? 'None' : `Up to ${t.carryOverDays} ${t.carryOverDays === 1 ? 'day' : 'days'}${t.carryOverExpiryMonths ? `, expire after ${t.carryOverExpiryMonths} ${t.carryOverExpiryMonths === 1 ? 'month' : 'months'}` : ''}`;

function LeaveTypes({ entity, types, loading, admin }: { entity: { id: string; name: string }; types: LeaveType[]; loading: boolean; admin: boolean }) {
  const [editing, setEditing] = useState<LeaveType | 'new' | null>(null);
  return (
    <SectionCard
      title={`Leave Types · ${entity.name}`}
      description={admin ? 'Allowances are pro-rated to each employee’s start and last day, to the nearest half day. 0 days means unlimited.' : 'Only an App Admin can change these.'}
      action={
        admin ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden />
            Add Leave Type
          </Button>
        ) : null
      }
    >
      {loading ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : (
        <ScrollTable label={`Leave types of ${entity.name}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead className="text-right">Days per Year</TableHead>
              <TableHead>Allowance</TableHead>
              <TableHead>Carry-over</TableHead>
              <TableHead>Half Days</TableHead>
              {admin ? <ActionsHead /> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {types.map((t) => (
              <TableRow key={t.id}>
                <TableCell className="font-medium">{t.name}</TableCell>
                <TableCell className="text-right tabular-nums">{allowanceText(t.allowanceDays)}</TableCell>
                <TableCell>{ACCRUAL_LABELS[t.accrual]}</TableCell>
                <TableCell>{carryOverText(t)}</TableCell>
                <TableCell>{t.halfDays ? 'Allowed' : 'Whole days only'}</TableCell>
                {admin ? (
                  <TableCell className="text-right">
                    <Button size="sm" variant="ghost" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                      <PencilIcon aria-hidden />
                      Edit
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
      <LeaveTypeDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} entityId={entity.id} type={editing === 'new' ? undefined : (editing ?? undefined)} />
    </SectionCard>
  );
}

/** Add or edit a leave type with its policy; numbers are typed as text and checked by the shared schema. */
function LeaveTypeForm({ entityId, type, onDone }: { entityId: string; type?: LeaveType; onDone: () => void }) {
  const create = useCreateLeaveType();
  const update = useUpdateLeaveType();
  const { id, values, setValues, set, errors, setErrors } = useFormState({
    name: type?.name ?? '',
    allowanceDays: String(type?.allowanceDays ?? 0),
    accrual: (type?.accrual ?? 'yearly') as Accrual,
    carryOverDays: String(type?.carryOverDays ?? 0),
    carryOverExpiryMonths: type?.carryOverExpiryMonths ? String(type.carryOverExpiryMonths) : '',
    halfDays: type?.halfDays ?? true,
  });
  // An empty number stays empty (and is refused in words) rather than becoming 0.
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const policy = {
    name: values.name,
    allowanceDays: number(values.allowanceDays),
    accrual: values.accrual,
    carryOverDays: number(values.carryOverDays),
    carryOverExpiryMonths: values.carryOverExpiryMonths.trim() === '' ? null : Number(values.carryOverExpiryMonths),
    halfDays: values.halfDays,
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const onError = (error: Error) => setErrors({ form: error.message });
    if (type) {
      const parsed = leaveTypeUpdateInput.safeParse({ ...policy, version: type.version });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
      update.mutate({ id: type.id, ...parsed.data }, { onSuccess: succeeded(HRMS_MESSAGES.leaveTypeUpdated, onDone), onError });
    } else {
      const parsed = leaveTypeCreateInput.safeParse({ entityId, ...policy });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
      create.mutate(parsed.data, { onSuccess: succeeded(HRMS_MESSAGES.leaveTypeCreated, onDone), onError });
    }
    setErrors({});
  };
  return (
    <DialogForm
      title={type ? 'Edit Leave Type' : 'Add Leave Type'}
      description="Unused days up to the carry-over move to the next year; those not taken within the months set expire."
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={type ? 'Save Changes' : 'Add Leave Type'}
      busy={create.isPending || update.isPending}
    >
      <TextField id={`${id}-name`} label="Name" value={values.name} onChange={set('name')} error={errors.name} placeholder="e.g. Study" maxLength={50} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-days`} label="Days per Year" type="number" inputMode="numeric" min={0} max={366} value={values.allowanceDays} onChange={set('allowanceDays')} error={errors.allowanceDays} />
        <SelectField id={`${id}-accrual`} label="Allowance" value={values.accrual} onChange={set('accrual')} error={errors.accrual}>
          <Options values={ACCRUALS} labels={ACCRUAL_LABELS} />
        </SelectField>
        <TextField id={`${id}-carry`} label="Carry-over Days" type="number" inputMode="numeric" min={0} max={366} value={values.carryOverDays} onChange={set('carryOverDays')} error={errors.carryOverDays} />
        <TextField
          id={`${id}-expiry`}
          label="Carried Days Expire After (months)"
          type="number"
          inputMode="numeric"
          min={1}
          max={12}
          placeholder="Never"
          value={values.carryOverExpiryMonths}
          onChange={set('carryOverExpiryMonths')}
          error={errors.carryOverExpiryMonths}
        />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id={`${id}-half`} checked={values.halfDays} onCheckedChange={(c) => setValues({ ...values, halfDays: c === true })} />
        <Label htmlFor={`${id}-half`}>Half days allowed</Label>
      </div>
    </DialogForm>
  );
}
const LeaveTypeDialog = formDialog(LeaveTypeForm);

function Holidays({ entity, admin }: { entity: { id: string; name: string }; admin: boolean }) {
  const [year, setYear] = useState(() => new Date().getUTCFullYear());
  const [editing, setEditing] = useState<Holiday | 'new' | null>(null);
  const holidays = useQuery(holidaysQuery(entity.id, year));
  const remove = useDeleteHoliday();
  const country = holidays.data?.country;
  const description = country === undefined ? undefined : country === 'Other' ? 'No public holidays for “Other”: add the company’s own days.' : `Public holidays of ${country}, and the company’s own days. Neither counts as leave.`;
  return (
    <SectionCard
      title={`Holidays · ${entity.name}`}
      description={description}
      action={
        <div className="flex flex-wrap items-center gap-2">
          <YearSelect id={`holiday-year-${entity.id}`} value={year} onChange={setYear} />
          {admin ? (
            <Button size="sm" onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden />
              Add Holiday
            </Button>
          ) : null}
        </div>
      }
    >
      {holidays.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {holidays.error.message}
        </p>
      ) : holidays.data ? (
        holidays.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No holidays in {year}.</p>
        ) : (
          <ScrollTable label={`Holidays of ${entity.name} in ${year}`}>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Source</TableHead>
                {admin ? <ActionsHead /> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {holidays.data.items.map((h) => (
                <TableRow key={`${h.source}-${h.id ?? h.date}`}>
                  <TableCell className="whitespace-nowrap tabular-nums">{formatDay(h.date)}</TableCell>
                  <TableCell className="font-medium">{h.name}</TableCell>
                  <TableCell className="whitespace-nowrap">{h.source === 'public' ? 'Public holiday' : 'Company'}</TableCell>
                  {admin ? (
                    <TableCell className="whitespace-nowrap text-right">
                      {h.source === 'company' ? (
                        <div className="flex justify-end gap-1">
                          <Button size="sm" variant="ghost" onClick={() => setEditing(h)} aria-label={`Edit ${h.name}`}>
                            <PencilIcon aria-hidden />
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={remove.isPending}
                            aria-label={`Delete ${h.name}`}
                            onClick={() =>
                              remove.mutate(
                                { id: h.id!, version: h.version! },
                                {
                                  onSuccess: () => toast.success('Success', { description: HRMS_MESSAGES.holidayDeleted }),
                                  onError: (error) => toast.error('Error', { description: error.message }),
                                },
                              )
                            }
                          >
                            <Trash2Icon aria-hidden />
                          </Button>
                        </div>
                      ) : null}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )
      ) : (
        <p className="text-sm text-muted-foreground">Loading...</p>
      )}
      <HolidayDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} entityId={entity.id} holiday={editing === 'new' ? undefined : (editing ?? undefined)} />
    </SectionCard>
  );
}

function HolidayForm({ entityId, holiday, onDone }: { entityId: string; holiday?: Holiday; onDone: () => void }) {
  const create = useCreateHoliday();
  const update = useUpdateHoliday();
  const { id, values, set, errors, setErrors } = useFormState({ date: holiday?.date ?? '', name: holiday?.name ?? '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const onError = (error: Error) => setErrors({ form: error.message });
    if (holiday) {
      const parsed = holidayUpdateInput.safeParse({ ...values, version: holiday.version });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
      update.mutate({ id: holiday.id!, ...parsed.data }, { onSuccess: succeeded(HRMS_MESSAGES.holidayUpdated, onDone), onError });
    } else {
      const parsed = holidayCreateInput.safeParse({ entityId, ...values });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
      create.mutate(parsed.data, { onSuccess: succeeded(HRMS_MESSAGES.holidayCreated, onDone), onError });
    }
    setErrors({});
  };
  return (
    <DialogForm
      title={holiday ? 'Edit Holiday' : 'Add Holiday'}
      description="A day off for everyone at this entity: leave requests do not count it."
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={holiday ? 'Save Changes' : 'Add Holiday'}
      busy={create.isPending || update.isPending}
    >
      <TextField id={`${id}-date`} label="Date" type="date" value={values.date} onChange={set('date')} error={errors.date} />
      <TextField id={`${id}-name`} label="Name" value={values.name} onChange={set('name')} error={errors.name} placeholder="e.g. Founders Day" maxLength={100} />
    </DialogForm>
  );
}
const HolidayDialog = formDialog(HolidayForm, 'md');
