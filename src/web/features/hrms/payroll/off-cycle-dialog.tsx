// "New Off-Cycle Run": a correction (or a bonus) paid in the period of an approved or paid run, to
// the employees of that run, each with the gross to pay. The form checks each row in words before
// sending; the server's sentence is shown when it refuses.
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { OFF_CYCLE_FORM_MESSAGES, payRunCreateInput, type PayRun } from '@/shared/payroll';
import { Button } from '@/web/components/ui/button';
import { SelectField, TextField } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { useCreateRun } from './api';

/** At most as many rows as the API takes; never more than the run's employees (each is paid once). */
const MAX_ROWS = 500;
const MONEY = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

export type OffCycleRow = { key: number; employeeId: string; gross: string };
type RowErrors = Partial<Record<number, { employeeId?: string; gross?: string }>>;

/**
 * What is wrong with the rows, per row and field, in words: a gross that is not a positive amount
 * with at most two decimals, or an employee listed twice (the later row is marked).
 */
export function offCycleRowErrors(rows: readonly OffCycleRow[], names: ReadonlyMap<string, string>): RowErrors {
  const errors: RowErrors = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const gross = row.gross.trim();
    const grossError = gross === '' ? OFF_CYCLE_FORM_MESSAGES.grossRequired : !MONEY.test(gross) || /^0(?:\.0{1,2})?$/.test(gross) ? OFF_CYCLE_FORM_MESSAGES.gross : undefined;
    const employeeError = !row.employeeId
      ? OFF_CYCLE_FORM_MESSAGES.employeeRequired
      : seen.has(row.employeeId)
        ? OFF_CYCLE_FORM_MESSAGES.employeeTwice(names.get(row.employeeId) ?? 'This employee')
        : undefined;
    if (row.employeeId) seen.add(row.employeeId);
    if (grossError || employeeError) errors[row.key] = { gross: grossError, employeeId: employeeError };
  }
  return errors;
}

function OffCycleRunForm({ run, onDone, onCreated }: { run: PayRun; onDone: () => void; onCreated: (id: string) => void }) {
  const create = useCreateRun();
  const id = useId();
  const nextKey = useRef(1);
  const [rows, setRows] = useState<OffCycleRow[]>(() => [{ key: 0, employeeId: run.lines[0]?.employeeId ?? '', gross: '' }]);
  const [errors, setErrors] = useState<RowErrors>({});
  const [formError, setFormError] = useState<string>();
  const names = new Map(run.lines.map((l) => [l.employeeId, l.employeeName]));
  /** A changed field's message goes: it spoke of what was there before (an employee listed twice is checked again on sending). */
  const update = (key: number, field: 'employeeId' | 'gross') => (value: string) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
    setErrors((all) => ({ ...all, [key]: { ...all[key], [field]: undefined } }));
  };
  const canAdd = rows.length < Math.min(MAX_ROWS, run.lines.length);
  const addButton = useRef<HTMLButtonElement>(null);
  /**
   * Keyboard users land on what changed: the new row's employee, or Add Employee once a row is
   * removed. Focus moves once the rows have rendered (not on a later frame, which could take the
   * focus from a field the user has moved on to).
   */
  const focusAfterRender = useRef<(() => HTMLElement | null) | null>(null);
  useEffect(() => {
    focusAfterRender.current?.()?.focus();
    focusAfterRender.current = null;
  }, [rows]);
  const add = () => {
    const used = new Set(rows.map((r) => r.employeeId));
    const employeeId = run.lines.find((l) => !used.has(l.employeeId))?.employeeId ?? '';
    const key = nextKey.current++;
    setRows((all) => [...all, { key, employeeId, gross: '' }]);
    focusAfterRender.current = () => document.getElementById(`${id}-${key}-employee`);
  };
  const remove = (key: number) => {
    setRows((all) => all.filter((r) => r.key !== key));
    focusAfterRender.current = () => addButton.current;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rowErrors = offCycleRowErrors(rows, names);
    setErrors(rowErrors);
    setFormError(undefined);
    if (Object.keys(rowErrors).length) return;
    const parsed = payRunCreateInput.safeParse({
      scheduleId: run.scheduleId,
      taxYear: run.taxYear,
      period: run.period,
      kind: 'off_cycle',
      items: rows.map((r) => ({
        employeeId: r.employeeId,
        gross: r.gross.trim(),
      })),
    });
    if (!parsed.success) return setFormError(parsed.error.issues[0]?.message);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        succeeded('Off-cycle run created as a draft: review it, then approve.', onDone)();
        onCreated(created.id);
      },
      onError: (error) => setFormError(error.message),
    });
  };
  return (
    <DialogForm
      title="New Off-Cycle Run"
      description="Pays the amounts you enter in the same pay period as this run, taxed with the period’s earlier payments. It is calculated as a draft for you to review and approve."
      onSubmit={submit}
      onCancel={onDone}
      error={formError}
      submitLabel="Calculate Draft"
      busy={create.isPending}
      busyLabel="Calculating..."
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md border bg-muted/40 p-3 text-sm" aria-label="The period it corrects">
        <dt className="text-muted-foreground">Pay Schedule</dt>
        <dd className="font-medium">{run.scheduleName}</dd>
        <dt className="text-muted-foreground">Pay Period</dt>
        <dd className="font-medium">
          Period {run.period} of tax year {run.taxYear}
          <span className="block font-normal">
            <span className="whitespace-nowrap">{run.periodStart}</span> to <span className="whitespace-nowrap">{run.periodEnd}</span>, paid <span className="whitespace-nowrap">{run.payDate}</span>
          </span>
        </dd>
      </dl>
      <div className="grid gap-3">
        {rows.map((row, i) => {
          const rowErrors = errors[row.key];
          const name = names.get(row.employeeId);
          return (
            <fieldset key={row.key} className="grid grid-cols-[1fr_auto] items-start gap-3 rounded-md border p-3 sm:grid-cols-[1fr_9rem_auto]">
              <legend className="px-1 text-sm font-medium">Payment {i + 1}</legend>
              <div className="col-span-2 sm:col-span-1">
                <SelectField id={`${id}-${row.key}-employee`} label="Employee" value={row.employeeId} onChange={update(row.key, 'employeeId')} error={rowErrors?.employeeId}>
                  {row.employeeId ? null : <option value="">Choose an employee</option>}
                  {run.lines.map((l) => (
                    <option key={l.employeeId} value={l.employeeId}>
                      {l.employeeName}
                    </option>
                  ))}
                </SelectField>
              </div>
              <TextField
                id={`${id}-${row.key}-gross`}
                label={`Gross (${run.currency})`}
                inputMode="decimal"
                autoComplete="off"
                value={row.gross}
                onChange={update(row.key, 'gross')}
                error={rowErrors?.gross}
                placeholder="e.g. 500.00"
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="mt-6"
                disabled={rows.length === 1}
                aria-label={`Remove payment ${i + 1}${name ? ` to ${name}` : ''}`}
                title="Remove this payment"
                onClick={() => remove(row.key)}
              >
                <Trash2Icon aria-hidden />
              </Button>
            </fieldset>
          );
        })}
        <Button ref={addButton} type="button" variant="outline" className="justify-self-start" disabled={!canAdd} onClick={add}>
          <PlusIcon aria-hidden />
          Add Employee
        </Button>
        {canAdd ? null : <p className="text-xs text-muted-foreground">Every employee of this run has a payment.</p>}
      </div>
    </DialogForm>
  );
}
export const OffCycleRunDialog = formDialog(OffCycleRunForm);
