import type { FormEvent } from 'react';
import { CRM_MESSAGES, LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES, leadCreateInput, leadUpdateInput, type Lead } from '@/shared/crm';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { useCreateLead, useUpdateLead } from '../api';
import { EntityField, fieldErrors, Options, SelectField, TextField, useFormState, valuesOf, writableEntities } from '@/web/components/module/form-fields';
import { OwnerSelect } from './form-parts';
import { saveFailed } from './save';

/** Add Lead (no `lead`) or edit one. */
export const LeadDialog = formDialog(LeadForm);

function LeadForm({ scope, lead, onDone }: { scope: ModuleScopeState; lead?: Lead; onDone: () => void }) {
  const { writable, initial } = writableEntities(scope);
  const { id, values: v, set, errors, setErrors } = useFormState(() =>
    valuesOf(lead, { entityId: initial, name: '', companyName: '', email: '', source: '' as Lead['source'] | '', status: 'new' as Lead['status'], ownerId: '' }),
  );
  const create = useCreateLead();
  const update = useUpdateLead();
  const converted = Boolean(lead?.convertedAt);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...v, ownerId: v.ownerId || (lead ? null : undefined), status: converted ? undefined : v.status };
    const { entityId: _entityId, ...editable } = body;
    const parsed = lead ? leadUpdateInput.safeParse({ ...editable, version: lead.version }) : leadCreateInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const onError = saveFailed(onDone, (form) => setErrors({ form }));
    if (lead) {
      update.mutate({ ...editable, source: editable.source || undefined, id: lead.id, version: lead.version }, { onSuccess: succeeded(CRM_MESSAGES.leadUpdated, onDone), onError });
    } else {
      create.mutate({ ...body, source: body.source as Lead['source'] }, { onSuccess: succeeded(CRM_MESSAGES.leadCreated, onDone), onError });
    }
  };

  return (
    <DialogForm
      title={lead ? 'Edit Lead' : 'Add Lead'}
      description={lead ? lead.name : 'Someone who may buy: qualify, then convert.'}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={lead ? 'Save Changes' : 'Add Lead'}
      busy={create.isPending || update.isPending}
    >
      {lead ? null : <EntityField id={`${id}-entity`} entities={writable} value={v.entityId} onChange={set('entityId')} error={errors.entityId} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-name`} label="Name" value={v.name} onChange={set('name')} error={errors.name} />
        <TextField id={`${id}-company`} label="Company Name" value={v.companyName} onChange={set('companyName')} error={errors.companyName} />
      </div>
      <TextField id={`${id}-email`} label="Email" type="email" value={v.email} onChange={set('email')} error={errors.email} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-source`} label="Source" value={v.source} onChange={set('source')} error={errors.source}>
          <option value="">Choose a source</option>
          <Options values={LEAD_SOURCES} labels={LEAD_SOURCE_LABELS} />
        </SelectField>
        <SelectField id={`${id}-status`} label="Status" value={v.status} onChange={set('status')} error={errors.status} disabled={converted}>
          <Options values={LEAD_STATUSES} labels={LEAD_STATUS_LABELS} />
        </SelectField>
      </div>
      <OwnerSelect id={`${id}-owner`} entityId={v.entityId} value={v.ownerId} onChange={set('ownerId')} error={errors.ownerId} isNew={!lead} />
    </DialogForm>
  );
}
