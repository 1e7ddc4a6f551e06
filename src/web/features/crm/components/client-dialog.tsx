import { useId, useState, type FormEvent } from 'react';
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, CRM_MESSAGES, clientCreateInput, clientUpdateInput, type Client, type ClientStatus } from '@/shared/crm';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { toast } from '@/web/lib/toast';
import { useCreateClient, useUpdateClient } from '../api';
import { EntityField, fieldErrors, FormError, SelectField, TextField, type Errors } from '@/web/components/module/form-fields';
import { OwnerSelect } from './form-parts';
import { saveFailed } from './save';

/** Add Client (no `client`) or edit one. */
export function ClientDialog({ open, onOpenChange, scope, client }: { open: boolean; onOpenChange: (o: boolean) => void; scope: ModuleScopeState; client?: Client }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {open ? <ClientForm scope={scope} client={client} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({ scope, client, onDone }: { scope: ModuleScopeState; client?: Client; onDone: () => void }) {
  const id = useId();
  const writable = scope.entities.filter((e) => scope.can('member', e.id));
  const [v, setV] = useState({
    entityId: client?.entityId ?? scope.entityId ?? (writable.length === 1 ? writable[0]!.id : ''),
    name: client?.name ?? '',
    website: client?.website ?? '',
    industry: client?.industry ?? '',
    ownerId: client?.ownerId ?? '',
    status: client?.status ?? ('prospect' as ClientStatus),
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateClient();
  const update = useUpdateClient();
  const set = (key: keyof typeof v) => (value: string) => setV((x) => ({ ...x, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...v, ownerId: v.ownerId || (client ? null : undefined) };
    const { entityId: _entityId, ...editable } = body;
    const parsed = client ? clientUpdateInput.safeParse({ ...editable, version: client.version }) : clientCreateInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const onError = saveFailed(onDone, (form) => setErrors({ form }));
    if (client) {
      update.mutate({ ...editable, id: client.id, version: client.version }, { onSuccess: () => (toast.success('Success', { description: CRM_MESSAGES.clientUpdated }), onDone()), onError });
    } else {
      create.mutate(body, { onSuccess: () => (toast.success('Success', { description: CRM_MESSAGES.clientCreated }), onDone()), onError });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{client ? 'Edit Client' : 'Add Client'}</DialogTitle>
        <DialogDescription>{client ? client.name : 'A company you sell to.'}</DialogDescription>
      </DialogHeader>
      {client ? null : <EntityField id={`${id}-entity`} entities={writable} value={v.entityId} onChange={set('entityId')} error={errors.entityId} />}
      <TextField id={`${id}-name`} label="Name" value={v.name} onChange={set('name')} error={errors.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-website`} label="Website" value={v.website} onChange={set('website')} error={errors.website} placeholder="example.com" />
        <TextField id={`${id}-industry`} label="Industry" value={v.industry} onChange={set('industry')} error={errors.industry} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-status`} label="Status" value={v.status} onChange={set('status')} error={errors.status}>
          {CLIENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CLIENT_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <OwnerSelect id={`${id}-owner`} entityId={v.entityId} value={v.ownerId} onChange={set('ownerId')} error={errors.ownerId} isNew={!client} />
      </div>
      <FormError message={errors.form} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {create.isPending || update.isPending ? 'Saving...' : client ? 'Save Changes' : 'Add Client'}
        </Button>
      </DialogFooter>
    </form>
  );
}
