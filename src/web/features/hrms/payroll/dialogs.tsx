// The payroll set-up and "New pay run" dialogs: each form checks its input with the shared schema
// (the server's own) before sending, and shows the server's sentence when it refuses.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  PAY_BASES,
  PAY_COMPONENT_KIND_LABELS,
  PAY_COMPONENT_KINDS,
  PAY_COMPONENT_METHOD_LABELS,
  PAY_COMPONENT_METHODS,
  payComponentCreateInput,
  payComponentUpdateInput,
  PAY_FREQUENCIES,
  PAY_FREQUENCY_LABELS,
  PAYROLL_TAX_YEARS,
  payRecordCreateInput,
  payRecordUpdateInput,
  payrollSettingsCreateInput,
  payrollSettingsUpdateInput,
  payRunCreateInput,
  payScheduleCreateInput,
  payScheduleUpdateInput,
  UK_BASES,
  US_ACCOUNT_TYPES,
  US_FILING_STATUSES,
  type PayComponent,
  type PayComponentKind,
  type PayComponentMethod,
  type PayFrequency,
  type PayRecord,
  type PayrollSettings,
  type PaySchedule,
} from '@/shared/payroll';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { fieldErrors, Options, SelectField, TextAreaField, TextField, useFormState } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { employeesQuery } from '../api';
import {
  componentsQuery,
  periodsQuery,
  useCreateComponent,
  useCreatePayRecord,
  useCreateRun,
  useCreateSchedule,
  useCreateSettings,
  useUpdateComponent,
  useUpdatePayRecord,
  useUpdateSchedule,
  useUpdateSettings,
} from './api';

/** Empty text is "not given": the schema then names the field that needs it. */
const given = (text: string) => (text.trim() === '' ? undefined : text.trim());

type Mutation<I> = { mutate: (input: I, options: { onSuccess: () => void; onError: (error: Error) => void }) => void };
type Schema<T> = { safeParse: (input: unknown) => { success: true; data: T } | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } } };

/**
 * Saves a set-up form: an edit checks the update schema and PATCHes with the version read, a new
 * record checks the create schema and POSTs; a field the schema refuses, or the server's sentence,
 * is shown on the form.
 */
function saveRecord<C, U>(options: {
  existing: { id: string; version: number } | undefined;
  body: Record<string, unknown>;
  createExtra: Record<string, unknown>;
  schemas: { create: Schema<C>; update: Schema<U> };
  mutations: { create: Mutation<C>; update: Mutation<U & { id: string }> };
  messages: { created: string; updated: string };
  setErrors: (errors: Partial<Record<string, string>>) => void;
  onDone: () => void;
}) {
  const { existing, body, schemas, mutations, messages, setErrors, onDone } = options;
  const onError = (error: Error) => setErrors({ form: error.message });
  if (existing) {
    const parsed = schemas.update.safeParse({ ...body, version: existing.version });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    mutations.update.mutate({ id: existing.id, ...parsed.data }, { onSuccess: succeeded(messages.updated, onDone), onError });
  } else {
    const parsed = schemas.create.safeParse({ ...options.createExtra, ...body });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    mutations.create.mutate(parsed.data, { onSuccess: succeeded(messages.created, onDone), onError });
  }
  setErrors({});
}

const COUNTRY_LABELS = { GB: 'United Kingdom (PAYE, National Insurance)', US: 'United States (federal taxes)', other: 'Another country (your own rules)' } as const;
const BASIS_LABELS = { cumulative: 'Cumulative', week1month1: 'Week 1 / Month 1' } as const;
const FILING_LABELS = { single: 'Single or Married filing separately', married_jointly: 'Married filing jointly', head_of_household: 'Head of household' } as const;
const PAY_BASIS_LABELS = { salary: 'Salary (per year)', hourly: 'Hourly rate' } as const;
const ACCOUNT_LABELS = { checking: 'Checking', savings: 'Savings' } as const;

// ----- settings ---------------------------------------------------------------------------------

const EXAMPLE_RULES = JSON.stringify({ label: 'Our payroll team’s rules', components: [{ code: 'income_tax', label: 'Income tax', kind: 'employee', rate: '0.2' }] }, null, 2);

function SettingsForm({ entityId, settings, onDone }: { entityId: string; settings?: PayrollSettings; onDone: () => void }) {
  const create = useCreateSettings();
  const update = useUpdateSettings();
  const known = settings?.country === 'GB' || settings?.country === 'US';
  const { id, values, set, errors, setErrors } = useFormState({
    kind: (settings ? (known ? settings.country : 'other') : 'GB') as keyof typeof COUNTRY_LABELS,
    otherCountry: settings && !known ? settings.country : '',
    currency: settings?.currency ?? 'GBP',
    rules: settings?.custom ? JSON.stringify(settings.custom, null, 2) : EXAMPLE_RULES,
    bankName: settings?.bank.name ?? '',
    iban: settings?.bank.iban ?? '',
    bic: settings?.bank.bic ?? '',
    routingNumber: settings?.bank.routingNumber ?? '',
    companyIdentification: settings?.bank.companyIdentification ?? '',
    overtimeMultiplier: settings ? settings.overtimeMultiplier.replace(/\.?0+$/, '') : '1.5',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    let custom: unknown;
    if (values.kind === 'other') {
      try {
        custom = JSON.parse(values.rules);
      } catch {
        return setErrors({ custom: 'Rules must be JSON as in the example: a label and components.' });
      }
    }
    const country = values.kind === 'other' ? values.otherCountry.trim().toUpperCase() : values.kind;
    const currency = values.kind === 'GB' ? 'GBP' : values.kind === 'US' ? 'USD' : values.currency.trim().toUpperCase();
    const bank = Object.fromEntries(
      Object.entries({ name: given(values.bankName), iban: given(values.iban), bic: given(values.bic), routingNumber: given(values.routingNumber), companyIdentification: given(values.companyIdentification) }).filter(([, v]) => v !== undefined),
    );
    const body = { country, currency, bank, overtimeMultiplier: values.overtimeMultiplier.trim(), ...(custom === undefined ? {} : { custom }) };
    saveRecord({
      existing: settings,
      body,
      createExtra: { entityId },
      schemas: { create: payrollSettingsCreateInput, update: payrollSettingsUpdateInput },
      mutations: { create, update },
      messages: { created: 'Payroll set up.', updated: 'Payroll settings saved.' },
      setErrors,
      onDone,
    });
  };
  return (
    <DialogForm
      title={settings ? 'Edit Payroll Settings' : 'Set Up Payroll'}
      description="The payroll country picks the tax rules; the bank details are your company’s side of the bank payment files."
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel="Save Settings"
      busy={create.isPending || update.isPending}
    >
      <SelectField id={`${id}-country`} label="Payroll Country" value={values.kind} onChange={set('kind')} error={errors.country}>
        <Options values={['GB', 'US', 'other'] as const} labels={COUNTRY_LABELS} />
      </SelectField>
      {values.kind === 'other' ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id={`${id}-other`} label="Country Code" value={values.otherCountry} onChange={set('otherCountry')} placeholder="e.g. DE" maxLength={2} />
            <TextField id={`${id}-currency`} label="Currency" value={values.currency} onChange={set('currency')} error={errors.currency} placeholder="e.g. EUR" maxLength={3} />
          </div>
          <TextAreaField id={`${id}-rules`} label="Tax Rules (JSON)" value={values.rules} onChange={set('rules')} error={errors.custom} rows={7} className="font-mono text-xs" />
        </>
      ) : null}
      <TextField
        id={`${id}-overtime`}
        label="Overtime Multiplier (× Hourly Rate)"
        inputMode="decimal"
        value={values.overtimeMultiplier}
        onChange={set('overtimeMultiplier')}
        error={errors.overtimeMultiplier}
        placeholder="e.g. 1.5"
        maxLength={4}
      />
      <TextField id={`${id}-bank-name`} label="Company Name on Bank Files" value={values.bankName} onChange={set('bankName')} error={errors.bank} maxLength={70} />
      {values.kind === 'US' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${id}-routing`} label="Your Bank’s Routing Number" value={values.routingNumber} onChange={set('routingNumber')} inputMode="numeric" maxLength={9} />
          <TextField id={`${id}-company-id`} label="Company Identification" value={values.companyIdentification} onChange={set('companyIdentification')} maxLength={10} placeholder="e.g. 1123456789" />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${id}-iban`} label="Company IBAN" value={values.iban} onChange={set('iban')} />
          <TextField id={`${id}-bic`} label="Company BIC" value={values.bic} onChange={set('bic')} maxLength={11} />
        </div>
      )}
    </DialogForm>
  );
}
export const SettingsDialog = formDialog(SettingsForm);

// ----- schedules --------------------------------------------------------------------------------

function ScheduleForm({ entityId, schedule, country, onDone }: { entityId: string; schedule?: PaySchedule; country: string; onDone: () => void }) {
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const { id, values, set, errors, setErrors } = useFormState({ name: schedule?.name ?? '', frequency: (schedule?.frequency ?? 'monthly') as PayFrequency, firstPayDate: schedule?.firstPayDate ?? '' });
  const frequencies = country === 'GB' ? PAY_FREQUENCIES.filter((f) => f !== 'semimonthly') : PAY_FREQUENCIES;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    saveRecord({
      existing: schedule,
      body: values,
      createExtra: { entityId },
      schemas: { create: payScheduleCreateInput, update: payScheduleUpdateInput },
      mutations: { create, update },
      messages: { created: 'Pay schedule added.', updated: 'Pay schedule saved.' },
      setErrors,
      onDone,
    });
  };
  return (
    <DialogForm
      title={schedule ? 'Edit Pay Schedule' : 'Add Pay Schedule'}
      description="Pay dates step from the first pay date; semi-monthly pays on the 15th and the last day of each month."
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={schedule ? 'Save Changes' : 'Add Pay Schedule'}
      busy={create.isPending || update.isPending}
    >
      <TextField id={`${id}-name`} label="Name" value={values.name} onChange={set('name')} error={errors.name} placeholder="e.g. Monthly salaried" maxLength={120} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-frequency`} label="Frequency" value={values.frequency} onChange={set('frequency')} error={errors.frequency}>
          {frequencies.map((f) => (
            <option key={f} value={f}>
              {PAY_FREQUENCY_LABELS[f]}
            </option>
          ))}
        </SelectField>
        <TextField id={`${id}-first`} label="First Pay Date" type="date" value={values.firstPayDate} onChange={set('firstPayDate')} error={errors.firstPayDate} />
      </div>
    </DialogForm>
  );
}
export const ScheduleDialog = formDialog(ScheduleForm, 'md');

// ----- pay components ---------------------------------------------------------------------------

/** How a component is figured, as the table and the form say it. */
export function componentRule(c: Pick<PayComponent, 'method' | 'amount' | 'percent'>, currency: string) {
  if (c.method === 'fixed') return `${currency} ${c.amount} per period`;
  if (c.method === 'percent') return `${c.percent} % of gross pay`;
  return 'Entered on each pay run';
}

function ComponentForm({ entityId, component, onDone }: { entityId: string; component?: PayComponent; onDone: () => void }) {
  const create = useCreateComponent();
  const update = useUpdateComponent();
  const { id, values, set, errors, setErrors } = useFormState({
    name: component?.name ?? '',
    kind: (component?.kind ?? 'deduction_pre_tax') as PayComponentKind,
    method: (component?.method ?? 'percent') as PayComponentMethod,
    amount: component?.amount ?? '',
    percent: component?.percent ?? '',
  });
  // An earning is a fixed amount or a one-off; only an earning is a one-off.
  const methods = PAY_COMPONENT_METHODS.filter((m) => (values.kind === 'earning' ? m !== 'percent' : m !== 'one_off'));
  const method = methods.includes(values.method) ? values.method : methods[0]!;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    saveRecord({
      existing: component,
      body: {
        name: values.name,
        kind: values.kind,
        method,
        amount: method === 'fixed' ? (given(values.amount) ?? null) : null,
        percent: method === 'percent' ? (given(values.percent) ?? null) : null,
      },
      createExtra: { entityId },
      schemas: { create: payComponentCreateInput, update: payComponentUpdateInput },
      mutations: { create, update },
      messages: { created: 'Pay component added.', updated: 'Pay component saved.' },
      setErrors,
      onDone,
    });
  };
  return (
    <DialogForm
      title={component ? 'Edit Pay Component' : 'Add Pay Component'}
      description="Deductions before tax (a pension, a 401(k)) lower the pay income tax is figured on; after tax, net pay only. Employer contributions are the employer’s cost."
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={component ? 'Save Changes' : 'Add Pay Component'}
      busy={create.isPending || update.isPending}
    >
      <TextField id={`${id}-name`} label="Name" value={values.name} onChange={set('name')} error={errors.name} placeholder="e.g. Pension" maxLength={120} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-kind`} label="Kind" value={values.kind} onChange={set('kind')} error={errors.kind}>
          <Options values={PAY_COMPONENT_KINDS} labels={PAY_COMPONENT_KIND_LABELS} />
        </SelectField>
        <SelectField id={`${id}-method`} label="Calculated As" value={method} onChange={set('method')} error={errors.method}>
          {methods.map((m) => (
            <option key={m} value={m}>
              {PAY_COMPONENT_METHOD_LABELS[m]}
            </option>
          ))}
        </SelectField>
        {method === 'fixed' ? <TextField id={`${id}-amount`} label="Amount per Period" inputMode="decimal" value={values.amount} onChange={set('amount')} error={errors.amount} placeholder="e.g. 25.00" /> : null}
        {method === 'percent' ? <TextField id={`${id}-percent`} label="Percent of Gross Pay" inputMode="decimal" value={values.percent} onChange={set('percent')} error={errors.percent} placeholder="e.g. 5" /> : null}
      </div>
    </DialogForm>
  );
}
export const ComponentDialog = formDialog(ComponentForm, 'md');

/** The form's state of one component on a pay record: assigned or not, and the employee's own figure ('' = the component's). */
type Assignment = { on: boolean; own: string };

/** The entity's components an employee can have (one-off earnings are entered on a run), each with a checkbox and an own amount or percent. */
function ComponentAssignments({
  id,
  components,
  value,
  onChange,
  currency,
  error,
}: {
  id: string;
  components: PayComponent[];
  value: Record<string, Assignment>;
  onChange: (next: Record<string, Assignment>) => void;
  currency: string;
  error?: string;
}) {
  const assignable = components.filter((c) => c.method !== 'one_off');
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Pay Components</legend>
      {assignable.length === 0 ? <p className="text-sm text-muted-foreground">No pay components yet: add them under Pay Components.</p> : null}
      {assignable.map((c) => {
        const a = value[c.id] ?? { on: false, own: '' };
        const set = (next: Partial<Assignment>) => onChange({ ...value, [c.id]: { ...a, ...next } });
        return (
          <div key={c.id} className="grid items-end gap-2 sm:grid-cols-2">
            <div className="flex items-center gap-2 sm:pb-2">
              <Checkbox id={`${id}-component-${c.id}`} checked={a.on} onCheckedChange={(checked) => set({ on: checked === true })} />
              <Label htmlFor={`${id}-component-${c.id}`}>
                {c.name} <span className="font-normal text-muted-foreground">({PAY_COMPONENT_KIND_LABELS[c.kind]}, {componentRule(c, currency)})</span>
              </Label>
            </div>
            {a.on ? (
              <TextField
                id={`${id}-component-${c.id}-own`}
                label={c.method === 'fixed' ? `Own Amount for ${c.name}` : `Own Percent for ${c.name}`}
                inputMode="decimal"
                value={a.own}
                onChange={(own) => set({ own })}
                placeholder={`Default: ${c.method === 'fixed' ? c.amount : `${c.percent} %`}`}
              />
            ) : null}
          </div>
        );
      })}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

// ----- pay records ------------------------------------------------------------------------------

function PayRecordForm({
  entityId,
  settings,
  schedules,
  record,
  onDone,
}: {
  entityId: string;
  settings: PayrollSettings;
  schedules: PaySchedule[];
  record?: PayRecord;
  onDone: () => void;
}) {
  const create = useCreatePayRecord();
  const update = useUpdatePayRecord();
  const employees = useQuery({ ...employeesQuery({ entityId, status: 'active', limit: 100 }), enabled: !record });
  const components = useQuery(componentsQuery(entityId));
  const [assignments, setAssignments] = useState<Record<string, Assignment>>(() =>
    Object.fromEntries((record?.components ?? []).map((c) => [c.componentId, { on: true, own: c.amount ?? c.percent ?? '' }])),
  );
  const { id, values, setValues, set, errors, setErrors } = useFormState({
    employeeId: record?.employeeId ?? '',
    scheduleId: record?.scheduleId ?? schedules[0]?.id ?? '',
    payBasis: record?.payBasis ?? 'salary',
    annualSalary: record?.annualSalary ?? '',
    hourlyRate: record?.hourlyRate ?? '',
    hoursPerWeek: record?.hoursPerWeek ?? '',
    startDate: record?.startDate ?? '',
    endDate: record?.endDate ?? '',
    taxCode: record?.uk?.taxCode ?? '1257L',
    basis: record?.uk?.basis ?? 'cumulative',
    filingStatus: record?.us?.filingStatus ?? 'single',
    step2: record?.us?.step2 ?? false,
    step3: record?.us?.step3 ?? '0.00',
    step4a: record?.us?.step4a ?? '0.00',
    step4b: record?.us?.step4b ?? '0.00',
    step4c: record?.us?.step4c ?? '0.00',
    iban: record?.bank?.iban ?? '',
    bic: record?.bank?.bic ?? '',
    routingNumber: record?.bank?.routingNumber ?? '',
    accountNumber: record?.bank?.accountNumber ?? '',
    accountType: record?.bank?.accountType ?? 'checking',
  });
  const country = settings.country;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const salaried = values.payBasis === 'salary';
    const bankValues =
      country === 'US'
        ? { routingNumber: given(values.routingNumber), accountNumber: given(values.accountNumber), accountType: values.accountType }
        : { iban: given(values.iban), bic: given(values.bic) };
    const bank = Object.values(bankValues).some((v) => v !== undefined && v !== values.accountType) ? bankValues : null;
    const body = {
      scheduleId: values.scheduleId,
      payBasis: values.payBasis,
      annualSalary: salaried ? given(values.annualSalary) : null,
      hourlyRate: salaried ? null : given(values.hourlyRate),
      hoursPerWeek: salaried ? null : given(values.hoursPerWeek),
      currency: settings.currency,
      startDate: values.startDate,
      endDate: given(values.endDate) ?? null,
      uk: country === 'GB' ? { taxCode: values.taxCode, basis: values.basis, niCategory: 'A' } : null,
      us:
        country === 'US'
          ? { filingStatus: values.filingStatus, step2: values.step2, step3: values.step3, step4a: values.step4a, step4b: values.step4b, step4c: values.step4c }
          : null,
      bank,
      components: (components.data?.items ?? [])
        .filter((c) => assignments[c.id]?.on && c.method !== 'one_off')
        .map((c) => {
          const own = given(assignments[c.id]!.own) ?? null;
          return { componentId: c.id, amount: c.method === 'fixed' ? own : null, percent: c.method === 'percent' ? own : null };
        }),
    };
    saveRecord({
      existing: record,
      body,
      createExtra: { employeeId: values.employeeId },
      schemas: { create: payRecordCreateInput, update: payRecordUpdateInput },
      mutations: { create, update },
      messages: { created: 'Pay record added.', updated: 'Pay record saved.' },
      setErrors,
      onDone,
    });
  };
  return (
    <DialogForm
      title={record ? `Edit Pay · ${record.employeeName}` : 'Add Pay Record'}
      description={`Pay in ${settings.currency}. A salary period the start or end date cuts is paid for its calendar days; hourly pay is the hours of approved timesheets whose week ends in the period.`}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={record ? 'Save Changes' : 'Add Pay Record'}
      busy={create.isPending || update.isPending}
    >
      {record ? null : (
        <SelectField id={`${id}-employee`} label="Employee" value={values.employeeId} onChange={set('employeeId')} error={errors.employeeId}>
          <option value="">Select an employee</option>
          {(employees.data?.items ?? []).map((e) => (
            <option key={e.id} value={e.id}>
              {e.firstName} {e.lastName}
            </option>
          ))}
        </SelectField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-schedule`} label="Pay Schedule" value={values.scheduleId} onChange={set('scheduleId')} error={errors.scheduleId}>
          {schedules.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-basis`} label="Pay Basis" value={values.payBasis} onChange={set('payBasis')} error={errors.payBasis}>
          <Options values={PAY_BASES} labels={PAY_BASIS_LABELS} />
        </SelectField>
        {values.payBasis === 'salary' ? (
          <TextField id={`${id}-salary`} label="Annual Salary" inputMode="decimal" value={values.annualSalary} onChange={set('annualSalary')} error={errors.annualSalary} placeholder="e.g. 36000.00" />
        ) : (
          <>
            <TextField id={`${id}-rate`} label="Hourly Rate" inputMode="decimal" value={values.hourlyRate} onChange={set('hourlyRate')} error={errors.hourlyRate} />
            <TextField id={`${id}-hours`} label="Hours per Week" inputMode="decimal" value={values.hoursPerWeek} onChange={set('hoursPerWeek')} error={errors.hoursPerWeek} />
          </>
        )}
        <TextField id={`${id}-start`} label="Pay Start Date" type="date" value={values.startDate} onChange={set('startDate')} error={errors.startDate} />
        <TextField id={`${id}-end`} label="Pay End Date" type="date" value={values.endDate} onChange={set('endDate')} error={errors.endDate} />
      </div>
      {country === 'GB' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${id}-tax-code`} label="Tax Code" value={values.taxCode} onChange={set('taxCode')} error={errors.uk} maxLength={8} />
          <SelectField id={`${id}-tax-basis`} label="Tax Basis" value={values.basis} onChange={set('basis')}>
            <Options values={UK_BASES} labels={BASIS_LABELS} />
          </SelectField>
        </div>
      ) : null}
      {country === 'US' ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">Form W-4 (2020 or later)</legend>
          <SelectField id={`${id}-filing`} label="Filing Status (Step 1c)" value={values.filingStatus} onChange={set('filingStatus')} error={errors.us}>
            <Options values={US_FILING_STATUSES} labels={FILING_LABELS} />
          </SelectField>
          <div className="flex items-center gap-2 sm:pt-6">
            <Checkbox id={`${id}-step2`} checked={values.step2} onCheckedChange={(c) => setValues({ ...values, step2: c === true })} />
            <Label htmlFor={`${id}-step2`}>Step 2: two jobs</Label>
          </div>
          <TextField id={`${id}-step3`} label="Step 3: Dependents Amount" inputMode="decimal" value={values.step3} onChange={set('step3')} />
          <TextField id={`${id}-step4a`} label="Step 4(a): Other Income" inputMode="decimal" value={values.step4a} onChange={set('step4a')} />
          <TextField id={`${id}-step4b`} label="Step 4(b): Deductions" inputMode="decimal" value={values.step4b} onChange={set('step4b')} />
          <TextField id={`${id}-step4c`} label="Step 4(c): Extra Withholding" inputMode="decimal" value={values.step4c} onChange={set('step4c')} />
        </fieldset>
      ) : null}
      <ComponentAssignments id={id} components={components.data?.items ?? []} value={assignments} onChange={setAssignments} currency={settings.currency} error={errors.components} />
      {country === 'US' ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField id={`${id}-routing`} label="Routing Number" inputMode="numeric" value={values.routingNumber} onChange={set('routingNumber')} error={errors.bank} maxLength={9} />
          <TextField id={`${id}-account`} label="Account Number" inputMode="numeric" value={values.accountNumber} onChange={set('accountNumber')} maxLength={17} />
          <SelectField id={`${id}-account-type`} label="Account Type" value={values.accountType} onChange={set('accountType')}>
            <Options values={US_ACCOUNT_TYPES} labels={ACCOUNT_LABELS} />
          </SelectField>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${id}-iban`} label="IBAN" value={values.iban} onChange={set('iban')} error={errors.bank} />
          <TextField id={`${id}-bic`} label="BIC" value={values.bic} onChange={set('bic')} maxLength={11} />
        </div>
      )}
    </DialogForm>
  );
}
export const PayRecordDialog = formDialog(PayRecordForm);

// ----- a new pay run ----------------------------------------------------------------------------

/** The latest tax year the country's rules hold (any calendar year for an administrator's own rules). */
const defaultTaxYear = (country: string) =>
  country === 'GB' || country === 'US' ? PAYROLL_TAX_YEARS[country][PAYROLL_TAX_YEARS[country].length - 1]! : String(new Date().getUTCFullYear());

function NewRunForm({ settings, schedules, onDone, onCreated }: { settings: PayrollSettings; schedules: PaySchedule[]; onDone: () => void; onCreated: (id: string) => void }) {
  const create = useCreateRun();
  const { id, values, set, errors, setErrors } = useFormState({ scheduleId: schedules[0]?.id ?? '', taxYear: defaultTaxYear(settings.country), period: '1' });
  const periods = useQuery(periodsQuery(values.scheduleId, values.taxYear));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = payRunCreateInput.safeParse({ scheduleId: values.scheduleId, taxYear: values.taxYear, period: Number(values.period) });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (run) => {
        succeeded('Pay run calculated as a draft.', onDone)();
        onCreated(run.id);
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  return (
    <DialogForm
      title="New Pay Run"
      description="Calculates a draft for every employee paid on the schedule in the period; you review it before approving."
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel="Calculate Draft"
      busy={create.isPending}
      busyLabel="Calculating..."
    >
      <SelectField id={`${id}-schedule`} label="Pay Schedule" value={values.scheduleId} onChange={set('scheduleId')} error={errors.scheduleId}>
        {schedules.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({PAY_FREQUENCY_LABELS[s.frequency]})
          </option>
        ))}
      </SelectField>
      <TextField id={`${id}-year`} label="Tax Year" value={values.taxYear} onChange={set('taxYear')} error={errors.taxYear} placeholder={settings.country === 'GB' ? 'e.g. 2025-26' : 'e.g. 2025'} />
      <SelectField id={`${id}-period`} label="Pay Period" value={values.period} onChange={set('period')} error={errors.period ?? (periods.isError ? periods.error.message : undefined)}>
        {(periods.data?.items ?? []).map((p) => (
          <option key={p.period} value={String(p.period)}>
            {p.period}: {p.start} to {p.end}, paid {p.payDate}
          </option>
        ))}
      </SelectField>
    </DialogForm>
  );
}
export const NewRunDialog = formDialog(NewRunForm, 'md');
