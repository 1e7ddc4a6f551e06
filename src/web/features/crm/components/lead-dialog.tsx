import { useId, useState, type FormEvent } from 'react';
import { CRM_MESSAGES, LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES, leadCreateInput, leadUpdateInput, type Lead } from '@/shared/crm';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { toast } from '@/web/lib/toast';
import { useCreateLead, useUpdateLead } from '../api';
import { EntityField, fieldErrors, FormError, SelectField, TextField, type Errors } from '@/web/components/module/form-fields';
import { OwnerSelect } from './form-parts';
import { saveFailed } from './save';

/** Add Lead (no `lead`) or edit one. */
export function LeadDialog({ open, onOpenChange, scope, lead }: { open: boolean; onOpenChange: (o: boolean) => void; scope: ModuleScopeState; lead?: Lead }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {open ? <LeadForm scope={scope} lead={lead} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LeadForm({ scope, lead, onDone }: { scope: ModuleScopeState; lead?: Lead; onDone: () => void }) {
  const id = useId();
  const writable = scope.entities.filter((e) => scope.can('member', e.id));
  const [v, setV] = useState({
    entityId: lead?.entityId ?? scope.entityId ?? (writable.length === 1 ? writable[0]!.id : ''),
    name: lead?.name ?? '',
    companyName: lead?.companyName ?? '',
    email: lead?.email ?? '',
    source: (lead?.source ?? '') as Lead['source'] | '',
    status: (lead?.status ?? 'new') as Lead['status'],
    ownerId: lead?.ownerId ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateLead();
  const update = useUpdateLead();
  const set = (key: keyof typeof v) => (value: string) => setV((x) => ({ ...x, [key]: value }));
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
      update.mutate({ ...editable, source: editable.source || undefined, id: lead.id, version: lead.version }, {
        onSuccess: () => (toast.success('Success', { description: CRM_MESSAGES.leadUpdated }), onDone()),
        onError,
      });
    } else {
      create.mutate({ ...body, source: body.source as Lead['source'] }, { onSuccess: () => (toast.success('Success', { description: CRM_MESSAGES.leadCreated }), onDone()), onError });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{lead ? 'Edit Lead' : 'Add Lead'}</DialogTitle>
        <DialogDescription>{lead ? lead.name : 'Someone who may buy: qualify, then convert.'}</DialogDescription>
      </DialogHeader>
      {lead ? null : <EntityField id={`${id}-entity`} entities={writable} value={v.entityId} onChange={set('entityId')} error={errors.entityId} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-name`} label="Name" value={v.name} onChange={set('name')} error={errors.name} />
        <TextField id={`${id}-company`} label="Company Name" value={v.companyName} onChange={set('companyName')} error={errors.companyName} />
      </div>
      <TextField id={`${id}-email`} label="Email" type="email" value={v.email} onChange={set('email')} error={errors.email} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-source`} label="Source" value={v.source} onChange={set('source')} error={errors.source}>
          <option value="">Choose a source</option>
          {LEAD_SOURCES.map((s) => (
            <option key={s} value={s}>
              {LEAD_SOURCE_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-status`} label="Status" value={v.status} onChange={set('status')} error={errors.status} disabled={converted}>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      <OwnerSelect id={`${id}-owner`} entityId={v.entityId} value={v.ownerId} onChange={set('ownerId')} error={errors.ownerId} isNew={!lead} />
      <FormError message={errors.form} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {create.isPending || update.isPending ? 'Saving...' : lead ? 'Save Changes' : 'Add Lead'}
        </Button>
      </DialogFooter>
    </form>
  );
}
