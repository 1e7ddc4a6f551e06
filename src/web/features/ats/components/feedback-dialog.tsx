import { useId, useState, type FormEvent } from 'react';
import { ATS_MESSAGES, feedbackInput, type Interview } from '@/shared/ats';
import { TextAreaField } from '@/web/components/module/form-fields';
import { DialogForm, FormDialog, succeeded } from '@/web/components/module/record-dialog';
import { useSubmitFeedback } from '../api';

/** An interviewer's feedback: 1–5 and notes, once; then they see the others'. */
export function FeedbackDialog({ interview, onOpenChange }: { interview: Interview | null; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={interview !== null} onOpenChange={onOpenChange} size="md">
      {interview ? <FeedbackForm interview={interview} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function FeedbackForm({ interview, onDone }: { interview: Interview; onDone: () => void }) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string>();
  const submitFeedback = useSubmitFeedback();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = feedbackInput.safeParse({ rating, notes });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    submitFeedback.mutate({ id: interview.id, rating, notes }, { onSuccess: succeeded(ATS_MESSAGES.feedbackSubmitted, onDone), onError: (e) => setError(e.message) });
  };
  return (
    <DialogForm
      title="Submit Feedback"
      description={`${interview.candidateName} for ${interview.jobTitle}. You will see the other interviewers’ feedback once you have submitted yours.`}
      onSubmit={submit}
      onCancel={onDone}
      error={error}
      submitLabel="Submit Feedback"
      busy={submitFeedback.isPending}
      busyLabel="Submit Feedback"
    >
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Rating</legend>
        <div className="flex gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex items-center gap-1 text-sm">
              <input type="radio" name={`${id}-rating`} className="size-4" checked={rating === n} onChange={() => setRating(n)} />
              {n}
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField id={`${id}-notes`} label="Notes" rows={5} value={notes} onChange={setNotes} />
    </DialogForm>
  );
}
