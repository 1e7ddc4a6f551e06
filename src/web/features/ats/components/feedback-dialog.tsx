import { useId, useState, type FormEvent } from 'react';
import { ATS_MESSAGES, feedbackInput, type Interview } from '@/shared/ats';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { toast } from '@/web/lib/toast';
import { useSubmitFeedback } from '../api';
import { Textarea } from '@/web/components/ui/textarea';

/** An interviewer's feedback: 1–5 and notes, once; then they see the others'. */
export function FeedbackDialog({ interview, onOpenChange }: { interview: Interview | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={interview !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">{interview ? <FeedbackForm interview={interview} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
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
    submitFeedback.mutate(
      { id: interview.id, rating, notes },
      {
        onSuccess: () => {
          toast.success('Success', { description: ATS_MESSAGES.feedbackSubmitted });
          onDone();
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Submit Feedback</DialogTitle>
        <DialogDescription>
          {interview.candidateName} for {interview.jobTitle}. You will see the other interviewers’ feedback once you have submitted yours.
        </DialogDescription>
      </DialogHeader>
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
      <Field id={`${id}-notes`} label="Notes">
        <Textarea
          id={`${id}-notes`}
          rows={5}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </Field>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitFeedback.isPending}>
          Submit Feedback
        </Button>
      </DialogFooter>
    </form>
  );
}
