import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CRM_MESSAGES, convertInput, parseAmount, type Lead, type LeadConversion } from '@/shared/crm';
import { Button } from '@/web/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { formDialog } from '@/web/components/module/record-dialog';
import { toast } from '@/web/lib/toast';
import { leadConversionQuery, useConvertLead } from '../api';
import { fieldErrors, FormError, TextField, type Errors } from '@/web/components/module/form-fields';
import { ClientSelect } from './form-parts';
import { saveFailed } from './save';

/**
 * Convert a qualified lead: a client (new, named after the lead's company, or an existing one), a
 * contact from the lead, and an opportunity, all at once. Then the new opportunity opens. When
 * the entity already has a client of the company's name (ignoring case and spacing), that client
 * is proposed and chosen; a new one is still one choice away.
 */
export const ConvertDialog = formDialog(ConvertForm);

function ConvertForm({ lead, currency, search, onDone }: { lead: Lead; currency: string; search: string; onDone: () => void }) {
  const conversion = useQuery(leadConversionQuery(lead.id));
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Convert Lead</DialogTitle>
        <DialogDescription>
          {lead.name} becomes a contact of the client below, with a new opportunity. All of it is saved together, or none of it.
        </DialogDescription>
      </DialogHeader>
      {conversion.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading...
        </p>
      ) : conversion.isError ? (
        <>
          <FormError message={conversion.error.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </DialogFooter>
        </>
      ) : (
        <ConvertFields lead={lead} conversion={conversion.data} currency={currency} search={search} onDone={onDone} />
      )}
    </div>
  );
}

function ConvertFields({ lead, conversion, currency, search, onDone }: { lead: Lead; conversion: LeadConversion; currency: string; search: string; onDone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const existing = conversion.existingClient;
  // '' is a new client; the proposed one is chosen from the start.
  const [v, setV] = useState({ clientId: existing?.id ?? '', opportunityName: `${existing?.name ?? conversion.newClientName} deal`, amount: '', expectedCloseDate: '' });
  const [errors, setErrors] = useState<Errors>({});
  const convert = useConvertLead();
  const set = (key: keyof typeof v) => (value: string) => setV((x) => ({ ...x, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amountMinor = v.amount.trim() === '' ? 0 : parseAmount(v.amount, currency);
    if (amountMinor === null) return setErrors({ amount: CRM_MESSAGES.amountInvalid });
    const body = {
      version: lead.version,
      clientId: v.clientId || null,
      // A second client of that name only when the user saw the proposal and chose a new one anyway.
      newClient: v.clientId === '' && existing !== null,
      opportunityName: v.opportunityName,
      amountMinor,
      expectedCloseDate: v.expectedCloseDate || null,
    };
    const parsed = convertInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    convert.mutate(
      { ...body, id: lead.id },
      {
        onSuccess: (result) => {
          toast.success('Success', { description: CRM_MESSAGES.leadConverted });
          onDone();
          void navigate(`/crm/opportunities/${result.opportunityId}${search}`);
        },
        onError: saveFailed(onDone, (form) => setErrors({ form })),
      },
    );
  };

  const hint = existing
    ? v.clientId === existing.id
      ? `${existing.name} is already a client: ${lead.name} joins it. To add another client instead, choose “New client: ${conversion.newClientName}”.`
      : v.clientId === ''
        ? `A second client is added beside ${existing.name}, which has the same name.`
        : undefined
    : undefined;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <ClientSelect
        id={`${id}-client`}
        entityId={lead.entityId}
        value={v.clientId}
        onChange={set('clientId')}
        error={errors.clientId}
        emptyLabel={`New client: ${conversion.newClientName}`}
        pinned={existing ? { ...existing, label: `${existing.name} (existing client)` } : undefined}
        description={hint}
      />
      <TextField id={`${id}-name`} label="Opportunity Name" value={v.opportunityName} onChange={set('opportunityName')} error={errors.opportunityName} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-amount`} label={`Amount (${currency})`} inputMode="decimal" value={v.amount} onChange={set('amount')} error={errors.amount} placeholder="0" />
        <TextField id={`${id}-close`} label="Expected Close Date" type="date" value={v.expectedCloseDate} onChange={set('expectedCloseDate')} error={errors.expectedCloseDate} />
      </div>
      <FormError message={errors.form} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={convert.isPending}>
          {convert.isPending ? 'Converting...' : 'Convert'}
        </Button>
      </DialogFooter>
    </form>
  );
}
