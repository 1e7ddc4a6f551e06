import type { FormEvent } from 'react';
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, CRM_MESSAGES, clientCreateInput, clientUpdateInput, type Client, type ClientStatus } from '@/shared/crm';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { useCreateClient, useUpdateClient } from '../api';
import { EntityField, fieldErrors, Options, SelectField, TextField, useFormState, valuesOf, writableEntities } from '@/web/components/module/form-fields';
import { OwnerSelect } from './form-parts';
import { saveFailed } from './save';

/** Add Client (no `client`) or edit one. */
export const ClientDialog = formDialog(ClientForm);

function ClientForm({ scope, client, onDone }: { scope: ModuleScopeState; client?: Client; onDone: () => void }) {
  const { writable, initial } = writableEntities(scope);
  const { id, values: v, set, errors, setErrors } = useFormState(() =>
    valuesOf(client, { entityId: initial, name: '', website: '', industry: '', ownerId: '', status: 'prospect' as ClientStatus }),
  );
  const create = useCreateClient();
  const update = useUpdateClient();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...v, ownerId: v.ownerId || (client ? null : undefined) };
    const { entityId: _entityId, ...editable } = body;
    const parsed = client ? clientUpdateInput.safeParse({ ...editable, version: client.version }) : clientCreateInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const onError = saveFailed(onDone, (form) => setErrors({ form }));
    if (client) update.mutate({ ...editable, id: client.id, version: client.version }, { onSuccess: succeeded(CRM_MESSAGES.clientUpdated, onDone), onError });
    else create.mutate(body, { onSuccess: succeeded(CRM_MESSAGES.clientCreated, onDone), onError });
  };

  return (
    <DialogForm
      title={client ? 'Edit Client' : 'Add Client'}
      description={client ? client.name : 'A company you sell to.'}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={client ? 'Save Changes' : 'Add Client'}
      busy={create.isPending || update.isPending}
    >
      {client ? null : <EntityField id={`${id}-entity`} entities={writable} value={v.entityId} onChange={set('entityId')} error={errors.entityId} />}
      <TextField id={`${id}-name`} label="Name" value={v.name} onChange={set('name')} error={errors.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-website`} label="Website" value={v.website} onChange={set('website')} error={errors.website} placeholder="example.com" />
        <TextField id={`${id}-industry`} label="Industry" value={v.industry} onChange={set('industry')} error={errors.industry} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-status`} label="Status" value={v.status} onChange={set('status')} error={errors.status}>
          <Options values={CLIENT_STATUSES} labels={CLIENT_STATUS_LABELS} />
        </SelectField>
        <OwnerSelect id={`${id}-owner`} entityId={v.entityId} value={v.ownerId} onChange={set('ownerId')} error={errors.ownerId} isNew={!client} />
      </div>
    </DialogForm>
  );
}
