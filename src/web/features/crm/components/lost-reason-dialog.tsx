import { useId, useState } from 'react';
import { CRM_MESSAGES } from '@/shared/crm';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { TextField } from '@/web/components/module/form-fields';

/** Moving an opportunity to Closed Lost asks why. Cancel leaves it where it was. */
export function LostReasonDialog({ name, onConfirm, onCancel }: { name: string | null; onConfirm: (reason: string) => void; onCancel: () => void }) {
  return (
    <Dialog open={name !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent className="sm:max-w-md">{name !== null ? <ReasonForm name={name} onConfirm={onConfirm} onCancel={onCancel} /> : null}</DialogContent>
    </Dialog>
  );
}

function ReasonForm({ name, onConfirm, onCancel }: { name: string; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return setError(CRM_MESSAGES.lostReasonRequired);
        onConfirm(reason.trim());
      }}
    >
      <DialogHeader>
        <DialogTitle>Mark as Closed Lost</DialogTitle>
        <DialogDescription>Why was {name} lost?</DialogDescription>
      </DialogHeader>
      <TextField id={`${id}-reason`} label="Lost Reason" value={reason} onChange={setReason} error={error} placeholder="Price, timing, competitor..." />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive">
          Mark as Lost
        </Button>
      </DialogFooter>
    </form>
  );
}
