import { useId, useState, type FormEvent } from 'react';
import { ATS_MESSAGES } from '@/shared/ats';
import { TextAreaField, TextField } from '@/web/components/module/form-fields';
import { DialogForm, FormDialog } from '@/web/components/module/record-dialog';
import { todayIso } from '../format';

/** Moving to Rejected asks why (kept in the stage history and on the card). */
export function RejectDialog({ open, name, onCancel, onConfirm }: { open: boolean; name: string; onCancel: () => void; onConfirm: (reason: string) => void }) {
  return (
    <FormDialog open={open} onOpenChange={(next) => !next && onCancel()} size="md">
      <RejectForm name={name} onCancel={onCancel} onConfirm={onConfirm} />
    </FormDialog>
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
    <DialogForm title={`Reject ${name}`} description="Say why: the reason is kept in the application’s history." onSubmit={submit} onCancel={onCancel} submitLabel="Reject" destructive>
      <TextAreaField id={`${id}-reason`} label="Reason" rows={3} maxLength={500} value={reason} onChange={setReason} error={error} />
    </DialogForm>
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
    <FormDialog open={open} onOpenChange={(next) => !next && onCancel()} size="md">
      <HireForm name={name} jobTitle={jobTitle} onCancel={onCancel} onConfirm={onConfirm} />
    </FormDialog>
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
    <DialogForm title={`Hire ${name}`} description={`Move to Hired for ${jobTitle}.`} onSubmit={submit} onCancel={onCancel} submitLabel="Move to Hired">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4" checked={create} onChange={(e) => setCreate(e.target.checked)} />
        <span>
          <span className="font-medium">Create employee record</span>
          <span className="block text-muted-foreground">Adds {name} to HRMS with this job’s title, department and employment type.</span>
        </span>
      </label>
      {create ? <TextField id={`${id}-start`} label="Start Date" type="date" value={startDate} onChange={setStartDate} error={error} /> : null}
    </DialogForm>
  );
}
