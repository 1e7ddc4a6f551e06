import type { FormEvent } from 'react';
import {
  amountText,
  CRM_MESSAGES,
  OPPORTUNITY_STAGE_LABELS,
  OPPORTUNITY_STAGES,
  opportunityCreateInput,
  opportunityUpdateInput,
  parseAmount,
  type Opportunity,
  type OpportunityStage,
} from '@/shared/crm';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { useCreateOpportunity, useUpdateOpportunity } from '../api';
import { EntityField, fieldErrors, Options, SelectField, TextField, useFormState, valuesOf, writableEntities } from '@/web/components/module/form-fields';
import { ClientSelect, OwnerSelect } from './form-parts';
import { saveFailed } from './save';

/** Add Opportunity (no `opportunity`) or edit one. A new one can start on a client. */
export const OpportunityDialog = formDialog(OpportunityForm);

function OpportunityForm({
  scope,
  opportunity,
  clientId,
  entityId,
  onDone,
}: {
  scope: ModuleScopeState;
  opportunity?: Opportunity;
  clientId?: string;
  entityId?: string;
  onDone: () => void;
}) {
  const { writable, initial } = writableEntities(scope);
  const { id, values: v, setValues: setV, errors, setErrors } = useFormState(() => ({
    ...valuesOf(opportunity, { entityId: entityId ?? initial, name: '', clientId: clientId ?? '', expectedCloseDate: '', ownerId: '', stage: 'prospecting' as OpportunityStage, lostReason: '' }),
    amount: opportunity ? amountText(opportunity.amountMinor, opportunity.currency) : '',
  }));
  const create = useCreateOpportunity();
  const update = useUpdateOpportunity();
  const set = (key: keyof typeof v) => (value: string) => setV((x) => ({ ...x, [key]: value, ...(key === 'entityId' ? { clientId: '', ownerId: '' } : {}) }));
  const currency = opportunity?.currency ?? scope.entities.find((e) => e.id === v.entityId)?.currency ?? 'USD';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amountMinor = v.amount.trim() === '' ? 0 : parseAmount(v.amount, currency);
    if (amountMinor === null) return setErrors({ amount: CRM_MESSAGES.amountInvalid });
    const body = {
      entityId: v.entityId,
      name: v.name,
      clientId: v.clientId,
      amountMinor,
      expectedCloseDate: v.expectedCloseDate || null,
      ownerId: v.ownerId || (opportunity ? null : undefined),
      stage: v.stage,
      lostReason: v.stage === 'closed_lost' ? v.lostReason : '',
    };
    const { entityId: _entityId, ...editable } = body;
    const parsed = opportunity ? opportunityUpdateInput.safeParse({ ...editable, version: opportunity.version }) : opportunityCreateInput.safeParse(body);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      return setErrors({ ...next, amount: next.amountMinor, lostReason: next.lostReason, clientId: next.clientId ?? (v.clientId ? undefined : CRM_MESSAGES.clientRequired) });
    }
    if (v.stage === 'closed_lost' && !v.lostReason.trim()) return setErrors({ lostReason: CRM_MESSAGES.lostReasonRequired });
    setErrors({});
    const onError = saveFailed(onDone, (form) => setErrors({ form }));
    if (opportunity) {
      update.mutate({ ...editable, id: opportunity.id, version: opportunity.version }, { onSuccess: succeeded(CRM_MESSAGES.opportunityUpdated, onDone), onError });
    } else {
      create.mutate(body, { onSuccess: succeeded(CRM_MESSAGES.opportunityCreated, onDone), onError });
    }
  };

  return (
    <DialogForm
      title={opportunity ? 'Edit Opportunity' : 'Add Opportunity'}
      description={opportunity ? opportunity.name : 'A deal with a client, from prospecting to closed.'}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={opportunity ? 'Save Changes' : 'Add Opportunity'}
      busy={create.isPending || update.isPending}
    >
      {opportunity ? null : <EntityField id={`${id}-entity`} entities={writable} value={v.entityId} onChange={set('entityId')} error={errors.entityId} />}
      <TextField id={`${id}-name`} label="Name" value={v.name} onChange={set('name')} error={errors.name} />
      <ClientSelect id={`${id}-client`} entityId={v.entityId} value={v.clientId} onChange={set('clientId')} error={errors.clientId} emptyLabel="Choose a client" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-amount`} label={`Amount (${currency})`} inputMode="decimal" value={v.amount} onChange={set('amount')} error={errors.amount} placeholder="0" />
        <TextField id={`${id}-close`} label="Expected Close Date" type="date" value={v.expectedCloseDate} onChange={set('expectedCloseDate')} error={errors.expectedCloseDate} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-stage`} label="Stage" value={v.stage} onChange={set('stage')} error={errors.stage}>
          <Options values={OPPORTUNITY_STAGES} labels={OPPORTUNITY_STAGE_LABELS} />
        </SelectField>
        <OwnerSelect id={`${id}-owner`} entityId={v.entityId} value={v.ownerId} onChange={set('ownerId')} error={errors.ownerId} isNew={!opportunity} />
      </div>
      {v.stage === 'closed_lost' ? (
        <TextField id={`${id}-reason`} label="Lost Reason" value={v.lostReason} onChange={set('lostReason')} error={errors.lostReason} />
      ) : null}
    </DialogForm>
  );
}
