import { useId, useState, type FormEvent } from 'react';
import { ATS_MESSAGES } from '@/shared/ats';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { todayIso } from '../format';
import { Textarea } from '@/web/components/ui/textarea';

/** Moving to Rejected asks why (kept in the stage history and on the card). */
export function RejectDialog({ open, name, onCancel, onConfirm }: { open: boolean; name: string; onCancel: () => void; onConfirm: (reason: string) => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent className="sm:max-w-md">{open ? <RejectForm name={name} onCancel={onCancel} onConfirm={onConfirm} /> : null}</DialogContent>
    </Dialog>
  );
}

function RejectForm({ name, onCancel, onConfirm }: { name: string; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(ATS_MESSAGES.rejectionReasonRequired);
    onConfirm(reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Reject {name}</DialogTitle>
        <DialogDescription>Say why: the reason is kept in the application’s history.</DialogDescription>
      </DialogHeader>
      <Field id={`${id}-reason`} label="Reason" error={error}>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-reason-error` : undefined}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive">
          Reject
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Moving to Hired when the entity has HRMS: offer to create the employee record (name, email,
 * job title, department and employment type from the candidate and the job; the start date here),
 * in the same transaction as the move.
 */
export function HireDialog({
  open,
  name,
  jobTitle,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  name: string;
  jobTitle: string;
  onCancel: () => void;
  onConfirm: (startDate: string | null) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent className="sm:max-w-md">{open ? <HireForm name={name} jobTitle={jobTitle} onCancel={onCancel} onConfirm={onConfirm} /> : null}</DialogContent>
    </Dialog>
  );
}

function HireForm({ name, jobTitle, onCancel, onConfirm }: { name: string; jobTitle: string; onCancel: () => void; onConfirm: (startDate: string | null) => void }) {
  const id = useId();
  const [create, setCreate] = useState(true);
  const [startDate, setStartDate] = useState(todayIso());
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create && !/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return setError(ATS_MESSAGES.startDateRequired);
    onConfirm(create ? startDate : null);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Hire {name}</DialogTitle>
        <DialogDescription>Move to Hired for {jobTitle}.</DialogDescription>
      </DialogHeader>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4" checked={create} onChange={(e) => setCreate(e.target.checked)} />
        <span>
          <span className="font-medium">Create employee record</span>
          <span className="block text-muted-foreground">Adds {name} to HRMS with this job’s title, department and employment type.</span>
        </span>
      </label>
      {create ? (
        <Field id={`${id}-start`} label="Start Date" error={error}>
          <Input
            id={`${id}-start`}
            type="date"
            value={startDate}
            onChange={(e) => setStartDate(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-start-error` : undefined}
          />
        </Field>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Move to Hired</Button>
      </DialogFooter>
    </form>
  );
}
