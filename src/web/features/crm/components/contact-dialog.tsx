import type { FormEvent } from 'react';
import { CRM_MESSAGES, contactCreateInput, contactUpdateInput, type Contact } from '@/shared/crm';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { DialogForm, formDialog } from '@/web/components/module/record-dialog';
import { toast } from '@/web/lib/toast';
import { useCreateContact, useUpdateContact } from '../api';
import { EntityField, fieldErrors, TextField, useFormState, valuesOf, writableEntities } from '@/web/components/module/form-fields';
import { ClientSelect } from './form-parts';
import { saveFailed } from './save';

/** Add Contact (no `contact`) or edit one. A new contact can start on a client (`clientId`). */
export const ContactDialog = formDialog(ContactForm);

function ContactForm({ scope, contact, clientId, entityId, onDone }: { scope: ModuleScopeState; contact?: Contact; clientId?: string; entityId?: string; onDone: () => void }) {
  const { writable, initial } = writableEntities(scope);
  const { id, values: v, setValues: setV, errors, setErrors } = useFormState(() =>
    valuesOf(contact, { entityId: entityId ?? initial, firstName: '', lastName: '', email: '', phone: '', jobTitle: '', clientId: clientId ?? '' }),
  );
  const create = useCreateContact();
  const update = useUpdateContact();
  const set = (key: keyof typeof v) => (value: string) => setV((x) => ({ ...x, [key]: value, ...(key === 'entityId' ? { clientId: '' } : {}) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...v, clientId: v.clientId || null };
    const { entityId: _entityId, ...editable } = body;
    const parsed = contact ? contactUpdateInput.safeParse({ ...editable, version: contact.version }) : contactCreateInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const onError = saveFailed(onDone, (form) => setErrors({ form }));
    const done = (saved: Contact) => {
      toast.success('Success', { description: contact ? CRM_MESSAGES.contactUpdated : CRM_MESSAGES.contactCreated });
      if (saved.duplicateOf) toast.info('Possible duplicate', { description: `${saved.duplicateOf.name} has the same email in this entity.` });
      onDone();
    };
    if (contact) {
      update.mutate({ ...editable, id: contact.id, version: contact.version }, { onSuccess: done, onError });
    } else {
      create.mutate(body, { onSuccess: done, onError });
    }
  };

  return (
    <DialogForm
      title={contact ? 'Edit Contact' : 'Add Contact'}
      description={contact ? `${contact.firstName} ${contact.lastName}` : 'A person at a client or prospect.'}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={contact ? 'Save Changes' : 'Add Contact'}
      busy={create.isPending || update.isPending}
    >
      {contact ? null : <EntityField id={`${id}-entity`} entities={writable} value={v.entityId} onChange={set('entityId')} error={errors.entityId} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-first`} label="First Name" value={v.firstName} onChange={set('firstName')} error={errors.firstName} />
        <TextField id={`${id}-last`} label="Last Name" value={v.lastName} onChange={set('lastName')} error={errors.lastName} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-email`} label="Email" type="email" value={v.email} onChange={set('email')} error={errors.email} />
        <TextField id={`${id}-phone`} label="Phone" type="tel" value={v.phone} onChange={set('phone')} error={errors.phone} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-title`} label="Job Title" value={v.jobTitle} onChange={set('jobTitle')} error={errors.jobTitle} />
        <ClientSelect id={`${id}-client`} entityId={v.entityId} value={v.clientId} onChange={set('clientId')} error={errors.clientId} />
      </div>
    </DialogForm>
  );
}
