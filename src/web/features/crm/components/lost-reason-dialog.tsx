import { useId, useState } from 'react';
import { CRM_MESSAGES } from '@/shared/crm';
import { TextField } from '@/web/components/module/form-fields';
import { DialogForm, FormDialog } from '@/web/components/module/record-dialog';

/** Moving an opportunity to Closed Lost asks why. Cancel leaves it where it was. */
export function LostReasonDialog({ name, onConfirm, onCancel }: { name: string | null; onConfirm: (reason: string) => void; onCancel: () => void }) {
  return (
    <FormDialog open={name !== null} onOpenChange={(open) => (open ? undefined : onCancel())} size="md">
      <ReasonForm name={name ?? ''} onConfirm={onConfirm} onCancel={onCancel} />
    </FormDialog>
  );
}

function ReasonForm({ name, onConfirm, onCancel }: { name: string; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <DialogForm
      title="Mark as Closed Lost"
      description={`Why was ${name} lost?`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return setError(CRM_MESSAGES.lostReasonRequired);
        onConfirm(reason.trim());
      }}
      onCancel={onCancel}
      submitLabel="Mark as Lost"
      destructive
    >
      <TextField id={`${id}-reason`} label="Lost Reason" value={reason} onChange={setReason} error={error} placeholder="Price, timing, competitor..." />
    </DialogForm>
  );
}
