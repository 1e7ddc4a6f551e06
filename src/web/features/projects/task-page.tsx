import { useQuery } from '@tanstack/react-query';
import { BellIcon, BellOffIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { commentInput, PRIORITY_LABELS, PROJECTS_MESSAGES, TASK_STATUS_LABELS, TASK_STATUSES, type Activity, type TaskStatus } from '@/shared/projects';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { formatDateTime } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { SectionCard } from '@/web/components/module/dashboard';
import { mentionableQuery, taskQuery, useAddComment, useFollowTask, useMoveTask } from './api';
import { formatDay, PriorityBadge, TaskStatusBadge } from './components/badges';
import { Markdown } from './components/markdown';
import { TaskDialog } from './components/task-dialog';
import { ProjectsPage } from './projects-page';
import { RecordPage } from '@/web/components/module/record-page';
import { Options } from '@/web/components/module/form-fields';
import { nativeSelect } from '@/web/components/module/styles';
import { MentionTextarea } from '@/web/components/mention-textarea';

export function TaskPage() {
  return <ProjectsPage title="Task">{(scope) => <TaskDetailView scope={scope} />}</ProjectsPage>;
}

const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  assignee: 'assignee',
  dueDate: 'due date',
  labels: 'labels',
};

const show = (field: string, value: unknown) => {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return 'none';
  if (field === 'status') return TASK_STATUS_LABELS[value as TaskStatus] ?? String(value);
  if (field === 'priority') return PRIORITY_LABELS[value as keyof typeof PRIORITY_LABELS] ?? String(value);
  if (field === 'dueDate') return formatDay(String(value));
  return Array.isArray(value) ? value.join(', ') : String(value);
};

function describe(a: Activity) {
  if (a.kind === 'created') return 'created the task';
  if (a.kind === 'commented') return 'commented';
  if (a.changes.length === 0) return a.kind === 'moved' ? 'moved the task' : 'edited the task';
  return a.changes
    .map((c) => (c.field === 'description' || !('after' in c) ? `changed the ${FIELD_LABELS[c.field] ?? c.field}` : `changed the ${FIELD_LABELS[c.field] ?? c.field} from ${show(c.field, c.before)} to ${show(c.field, c.after)}`))
    .join('; ');
}

function TaskDetailView({ scope }: { scope: ModuleScopeState }) {
  const { taskId = '' } = useParams();
  const id = useId();
  const task = useQuery(taskQuery(taskId));
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const addComment = useAddComment();
  const move = useMoveTask();
  const follow = useFollowTask();
  const search = entitySearch(scope);

  return (
    <RecordPage scope={scope} query={task} back={{ to: `/projects/tickets${search}`, label: 'Tickets' }}>
      {(t, canWrite) => {
        const details: [string, ReactNode][] = [
          ['Project', <Link key="p" to={`/projects/${t.projectId}${search}`} className="text-primary underline underline-offset-4">{t.projectName}</Link>],
          ['Status', <TaskStatusBadge key="s" status={t.status} />],
          ['Priority', <PriorityBadge key="pr" priority={t.priority} />],
          ['Assignee', t.assignee?.name ?? 'Unassigned'],
          ['Due Date', formatDay(t.dueDate)],
          ['Labels', t.labels.length > 0 ? t.labels.join(', ') : '—'],
          ['Followers', `${t.followers}${t.following ? ' (including you)' : ''}`],
          ['Created', formatDateTime(t.createdAt)],
        ];

        const submitComment = (event: FormEvent) => {
          event.preventDefault();
          const parsed = commentInput.safeParse({ body: comment });
          if (!parsed.success) return setCommentError(parsed.error.issues[0]!.message);
          setCommentError(undefined);
          addComment.mutate(
            { id: t.id, body: parsed.data.body },
            {
              onSuccess: () => {
                setComment('');
                toast.success('Success', { description: PROJECTS_MESSAGES.commentAdded });
              },
              onError: (e) => setCommentError(e.message),
            },
          );
        };

        return {
          title: (
            <>
              <span className="font-mono text-muted-foreground">{t.code}</span> {t.title}
            </>
          ),
          description: t.projectName,
          edit: canWrite ? { label: 'Edit Task', primary: true, dialog: (props) => <TaskDialog {...props} scope={scope} task={t} /> } : undefined,
          actions: (edit) => (
            <>
              {/* Anyone who may read the task may follow it: it changes what they hear, not the task. */}
              <Button
                type="button"
                variant="outline"
                disabled={follow.isPending}
                onClick={() =>
                  follow.mutate(
                    { id: t.id, following: !t.following },
                    {
                      onSuccess: (x) => toast.success('Success', { description: x.following ? PROJECTS_MESSAGES.followed : PROJECTS_MESSAGES.unfollowed }),
                      onError: (err) => toast.error(err.message),
                    },
                  )
                }
              >
                {t.following ? <BellOffIcon aria-hidden /> : <BellIcon aria-hidden />}
                {t.following ? 'Unfollow' : 'Follow'}
              </Button>
              {canWrite ? (
                <>
                  <div className="grid gap-1">
                    <label htmlFor={`${id}-status`} className="sr-only">
                      Status
                    </label>
                    <select
                      id={`${id}-status`}
                      className={`${nativeSelect} h-9 w-40`}
                      value={t.status}
                      disabled={move.isPending}
                      onChange={(e) =>
                        move.mutate(
                          { id: t.id, status: e.target.value as TaskStatus, afterId: null, beforeId: null },
                          { onSuccess: (x) => toast.success('Success', { description: `Moved to ${TASK_STATUS_LABELS[x.status]}` }), onError: (err) => toast.error(err.message) },
                        )
                      }
                    >
                      <Options values={TASK_STATUSES} labels={TASK_STATUS_LABELS} />
                    </select>
                  </div>
                  {edit}
                </>
              ) : null}
            </>
          ),
          body: (
            <>
              <div className="grid gap-4 lg:grid-cols-3">
                <div className="grid gap-4 lg:col-span-2">
                  <SectionCard title="Description" description="Markdown, as written">
                    {t.description ? <Markdown>{t.description}</Markdown> : <p className="text-sm text-muted-foreground">No description yet.</p>}
                  </SectionCard>
                  <SectionCard title="Comments" description={`${t.comments.length} ${t.comments.length === 1 ? 'comment' : 'comments'}`}>
                    <ol className="grid gap-4">
                      {t.comments.map((c) => (
                        <li key={c.id} className="grid gap-1 border-b pb-3 last:border-b-0">
                          <p className="text-sm">
                            <span className="font-medium">{c.author?.name ?? c.authorName}</span>{' '}
                            <time dateTime={c.createdAt} className="text-muted-foreground">
                              {formatDateTime(c.createdAt)}
                            </time>
                          </p>
                          <Markdown>{c.body}</Markdown>
                        </li>
                      ))}
                    </ol>
                    {canWrite ? (
                      <form onSubmit={submitComment} noValidate className="mt-4 grid gap-2">
                        <Field id={`${id}-comment`} label="Add a comment" error={commentError}>
                          <MentionTextarea
                            id={`${id}-comment`}
                            value={comment}
                            onChange={setComment}
                            people={mentionableQuery(t.id)}
                            aria-invalid={commentError ? true : undefined}
                            aria-describedby={commentError ? `${id}-comment-error` : undefined}
                          />
                        </Field>
                        <div>
                          <Button type="submit" disabled={addComment.isPending}>
                            {addComment.isPending ? 'Posting...' : 'Comment'}
                          </Button>
                        </div>
                      </form>
                    ) : null}
                  </SectionCard>
                </div>
                <div className="grid content-start gap-4">
                  <SectionCard title="Details">
                    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                      {details.map(([label, value]) => (
                        <div key={label} className="contents">
                          <dt className="text-muted-foreground">{label}</dt>
                          <dd className="min-w-0 break-words">{value}</dd>
                        </div>
                      ))}
                    </dl>
                  </SectionCard>
                  <SectionCard title="Activity" description="Newest first">
                    <ol className="grid gap-2 text-sm">
                      {t.activity.map((a) => (
                        <li key={a.id}>
                          <span className="font-medium">{a.actorName}</span> {describe(a)}{' '}
                          <time dateTime={a.createdAt} className="block text-xs text-muted-foreground">
                            {formatDateTime(a.createdAt)}
                          </time>
                        </li>
                      ))}
                    </ol>
                  </SectionCard>
                </div>
              </div>
            </>
          ),
        };
      }}
    </RecordPage>
  );
}
