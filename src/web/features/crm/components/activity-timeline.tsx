import { useQuery } from '@tanstack/react-query';
import { CalendarIcon, MessageSquareIcon, PhoneIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, CRM_MESSAGES, type ActivityTarget, type ActivityType } from '@/shared/crm';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { toast } from '@/web/lib/toast';
import { SectionCard } from '@/web/components/module/dashboard';
import { activitiesQuery, mentionableQuery, useLogActivity } from '../api';
import { SelectField } from '@/web/components/module/form-fields';
import { MentionText, MentionTextarea } from '@/web/components/mention-textarea';

const ICONS = { note: MessageSquareIcon, call: PhoneIcon, meeting: CalendarIcon } as const;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A record's notes, calls and meetings, newest first, with a form to log one (Member and up). A
 * converted record's timeline also holds its lead's, marked as such.
 */
export function ActivityTimeline({ target, id, canWrite, showSubject = false }: { target: ActivityTarget; id: string; canWrite: boolean; showSubject?: boolean }) {
  const list = useQuery(activitiesQuery({ [target]: id }));
  return (
    <SectionCard title="Activity" description="Notes, calls and meetings, newest first">
      <div className="grid gap-4">
        {canWrite ? <LogForm target={target} id={id} /> : null}
        {list.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {list.error.message}
          </p>
        ) : list.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No activity yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Activity timeline">
            {list.data.items.map((a) => {
              const Icon = ICONS[a.type];
              return (
                <li key={a.id} className="grid grid-cols-[auto_1fr] gap-3 rounded-md border p-3">
                  <Icon className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
                  <div className="grid min-w-0 gap-1">
                    <p className="text-xs text-muted-foreground">
                      <span className="font-medium text-foreground">{ACTIVITY_TYPE_LABELS[a.type]}</span> by {a.authorName} · <time dateTime={a.occurredAt}>{when(a.occurredAt)}</time>
                      {target !== 'leadId' && a.leadId ? <> · from the lead {a.subject}</> : showSubject && !a.clientId ? <> · on {a.subject}</> : null}
                    </p>
                    <p className="text-sm break-words whitespace-pre-wrap">
                      <MentionText>{a.body}</MentionText>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </SectionCard>
  );
}

function LogForm({ target, id }: { target: ActivityTarget; id: string }) {
  const fieldId = useId();
  const [type, setType] = useState<ActivityType>('note');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const log = useLogActivity();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setError(CRM_MESSAGES.activityBodyRequired);
    setError(undefined);
    log.mutate(
      { type, body, [target]: id },
      {
        onSuccess: () => {
          setBody('');
          toast.success('Success', { description: CRM_MESSAGES.activityLogged });
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-md border bg-muted/30 p-3">
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <SelectField id={`${fieldId}-type`} label="Type" value={type} onChange={(v) => setType(v as ActivityType)}>
          {ACTIVITY_TYPES.map((t) => (
            <option key={t} value={t}>
              {ACTIVITY_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <Field id={`${fieldId}-body`} label="What happened" error={error}>
          <MentionTextarea
            className="min-h-16"
            id={`${fieldId}-body`}
            rows={2}
            value={body}
            onChange={setBody}
            people={mentionableQuery({ [target]: id })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-body-error` : undefined}
          />
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={log.isPending}>
          {log.isPending ? 'Logging...' : 'Log Activity'}
        </Button>
      </div>
    </form>
  );
}
