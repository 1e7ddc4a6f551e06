import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { CalendarClockIcon, DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Interview } from '@/shared/ats';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { useListParams } from '@/web/components/module/list-params';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { interviewsQuery } from './api';
import { AtsPage } from './ats-page';
import { PageHeading } from '@/web/components/module/module-page';
import { nativeSelect } from '@/web/components/module/styles';
import { StageBadge } from './components/badges';
import { FeedbackDialog } from './components/feedback-dialog';
import { CancelInterviewDialog, InterviewDialog } from './components/interview-dialog';
import { formatDuration, formatWhen } from './format';

export function InterviewsPage() {
  return <AtsPage title="Interviews">{(scope) => <InterviewList scope={scope} />}</AtsPage>;
}

function Panel({ interview }: { interview: Interview }) {
  return (
    <ul className="grid gap-1">
      {interview.interviewers.map((p) => (
        <li key={p.userId} className="whitespace-normal">
          <span className="font-medium">{p.name}</span>{' '}
          {p.rating !== null ? (
            <span>
              <span aria-label={`Rated ${p.rating} of 5`}>{`${p.rating}/5`}</span>
              {p.notes ? <span className="block text-xs whitespace-pre-line text-muted-foreground">{p.notes}</span> : null}
            </span>
          ) : p.submitted ? (
            <span className="text-xs text-muted-foreground">Feedback submitted (visible after you submit yours)</span>
          ) : (
            <span className="text-xs text-muted-foreground">No feedback yet</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function InterviewList({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const [giving, setGiving] = useState<Interview | null>(null);
  const [editing, setEditing] = useState<Interview | null>(null);
  const [cancelling, setCancelling] = useState<Interview | null>(null);
  const when = list.get('when') === 'past' ? 'past' : 'upcoming';
  const mine = list.get('mine') === 'false' ? 'false' : 'true';
  const query = { entityId: scope.entityId, when, mine, cursor: list.get('cursor'), limit: 25 };
  const interviews = useQuery(interviewsQuery(query));
  const search = entitySearch(scope);
  const exportQuery = new URLSearchParams(Object.entries({ entityId: scope.entityId, when, mine }).filter((e): e is [string, string] => typeof e[1] === 'string'));

  const columns: ColumnDef<Interview>[] = [
    {
      id: 'startsAt',
      header: 'When',
      enableSorting: false,
      cell: ({ row: { original: i } }) => (
        <div className="grid justify-items-start gap-1">
          <span>{`${formatWhen(i.startsAt)} (${formatDuration(i.durationMinutes)})`}</span>
          {i.cancelledAt ? <Badge variant="danger">Cancelled</Badge> : null}
        </div>
      ),
    },
    {
      id: 'candidate',
      header: 'Candidate',
      enableSorting: false,
      cell: ({ row: { original: i } }) => (
        <div className="grid">
          <Link to={`/ats/candidates/${i.candidateId}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {i.candidateName}
          </Link>
          <span className="text-xs text-muted-foreground">{i.jobTitle}</span>
        </div>
      ),
    },
    { id: 'stage', header: 'Stage', enableSorting: false, cell: ({ row }) => <StageBadge stage={row.original.stage} /> },
    { id: 'location', header: 'Location or Link', enableSorting: false, cell: ({ row }) => <span className="whitespace-normal break-all">{row.original.location || '—'}</span> },
    { id: 'panel', header: 'Interviewers and Feedback', enableSorting: false, cell: ({ row }) => <Panel interview={row.original} /> },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      cell: ({ row: { original: i } }) => (
        <div className="flex flex-wrap gap-2">
          {i.awaitingMyFeedback ? (
            <Button size="sm" variant="outline" onClick={() => setGiving(i)}>
              Submit Feedback
            </Button>
          ) : null}
          {when === 'upcoming' && !i.cancelledAt && scope.can('member', i.entityId) ? (
            <>
              <Button size="sm" variant="outline" aria-label={`Edit the interview of ${i.candidateName}`} onClick={() => setEditing(i)}>
                Edit
              </Button>
              <Button size="sm" variant="outline" aria-label={`Cancel the interview of ${i.candidateName}`} onClick={() => setCancelling(i)}>
                Cancel
              </Button>
            </>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title="Interviews"
        description={mine === 'true' ? 'Interviews you sit on. Submit your feedback after each one.' : 'Every interview in your scope.'}
        actions={
          <Button asChild variant="outline">
            <a href={`/api/ats/interviews/export?${exportQuery.toString()}`} download>
              <DownloadIcon aria-hidden />
              Export CSV
            </a>
          </Button>
        }
      />
      <search className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor="interview-when" className="text-sm font-medium">
            When
          </label>
          <select id="interview-when" className={nativeSelect} value={when} onChange={(e) => list.set({ when: e.target.value === 'past' ? 'past' : undefined })}>
            <option value="upcoming">Upcoming</option>
            <option value="past">Past</option>
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="interview-mine" className="text-sm font-medium">
            Interviews
          </label>
          <select id="interview-mine" className={nativeSelect} value={mine} onChange={(e) => list.set({ mine: e.target.value === 'false' ? 'false' : undefined })}>
            <option value="true">Mine</option>
            <option value="false">Everyone’s</option>
          </select>
        </div>
      </search>
      <DataTable
        label="Interviews"
        columns={columns}
        data={interviews.data?.items}
        getRowId={(i) => i.id}
        sort={{ id: 'startsAt', desc: when === 'past' }}
        onSortChange={() => {}}
        isLoading={interviews.isPending}
        error={interviews.error}
        hasNext={Boolean(interviews.data?.nextCursor)}
        hasPrevious={Boolean(query.cursor)}
        onNext={() => list.set({ cursor: interviews.data?.nextCursor ?? undefined })}
        onFirst={() => list.set({ cursor: undefined })}
        empty={
          <EmptyState icon={CalendarClockIcon} title={when === 'past' ? 'No past interviews' : 'No upcoming interviews'}>
            Interviews are scheduled from a candidate’s application, on the candidate’s page.
          </EmptyState>
        }
      />
      <FeedbackDialog interview={giving} onOpenChange={(open) => !open && setGiving(null)} />
      {editing ? (
        <InterviewDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          application={{ id: editing.applicationId, entityId: editing.entityId, candidateName: editing.candidateName, jobTitle: editing.jobTitle }}
          interview={editing}
        />
      ) : null}
      <CancelInterviewDialog interview={cancelling} onOpenChange={(open) => !open && setCancelling(null)} />
    </>
  );
}
