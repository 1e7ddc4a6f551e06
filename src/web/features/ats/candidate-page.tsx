import { useQuery } from '@tanstack/react-query';
import { CalendarPlusIcon, DownloadIcon, UploadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ATS_MESSAGES, STAGE_LABELS, type Application, type Candidate } from '@/shared/ats';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/lib/toast';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { applicationQuery, applicationsQuery, candidateQuery, interviewsQuery, jobsQuery, useApply, useUploadResume } from './api';
import { AtsPage } from './ats-page';
import { RecordPage } from '@/web/components/module/record-page';
import { DetailList } from '@/web/components/module/form-fields';
import { nativeSelect } from '@/web/components/module/styles';
import { StageBadge } from './components/badges';
import { CandidateDialog, resumeProblem } from './components/candidate-dialog';
import { InterviewDialog } from './components/interview-dialog';
import { formatDate, formatSize, formatWhen } from './format';

export function CandidatePage() {
  return <AtsPage title="Candidate">{(scope) => <CandidateDetail scope={scope} />}</AtsPage>;
}

function CandidateDetail({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const candidate = useQuery(candidateQuery(id));
  const search = entitySearch(scope);
  return (
    <RecordPage scope={scope} query={candidate} back={{ to: `/ats/candidates${search}`, label: 'Candidates' }}>
      {(c, canWrite) => ({
        title: `${c.firstName} ${c.lastName}`,
        description: c.email,
        edit: canWrite ? { label: 'Edit Candidate', dialog: (props) => <CandidateDialog {...props} scope={scope} candidate={c} /> } : undefined,
        body: (
          <>
            <DetailList
              items={[
                ['Phone', c.phone || '—'],
                ['Source', c.source || '—'],
                ['Entity', c.entityName],
                ['Added', formatDate(c.createdAt)],
              ]}
              className="rounded-lg border bg-background p-4 sm:grid-cols-4"
            />
            <Resume candidate={c} canWrite={canWrite} />
            <Applications candidate={c} canWrite={canWrite} search={search} />
          </>
        ),
      })}
    </RecordPage>
  );
}

function Resume({ candidate, canWrite }: { candidate: Candidate; canWrite: boolean }) {
  const inputId = useId();
  const upload = useUploadResume();
  const [problem, setProblem] = useState<string>();
  const choose = (file: File | null) => {
    if (!file) return;
    const error = resumeProblem(file);
    setProblem(error);
    if (error) return;
    upload.mutate(
      { id: candidate.id, file },
      {
        onSuccess: () => toast.success('Success', { description: ATS_MESSAGES.resumeUploaded }),
        onError: (e) => setProblem(e.message),
      },
    );
  };
  return (
    <section className="grid gap-2 rounded-lg border bg-background p-4" aria-labelledby="resume-heading">
      <h2 id="resume-heading" className="text-lg font-semibold">
        Résumé
      </h2>
      {candidate.resume ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <a className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline" href={`/api/ats/candidates/${candidate.id}/resume`} download>
            <DownloadIcon className="size-4" aria-hidden />
            {candidate.resume.fileName}
          </a>
          <span className="text-muted-foreground">
            {formatSize(candidate.resume.size)}, uploaded {formatDate(candidate.resume.uploadedAt)}
          </span>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No résumé yet.</p>
      )}
      {canWrite ? (
        <div className="grid gap-1">
          <label htmlFor={inputId} className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-within:outline-2 focus-within:outline-ring">
            <UploadIcon className="size-4" aria-hidden />
            {upload.isPending ? 'Uploading...' : candidate.resume ? 'Replace Résumé (PDF)' : 'Upload Résumé (PDF)'}
            <input id={inputId} type="file" accept="application/pdf,.pdf" className="sr-only" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
          </label>
          {problem ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function Applications({ candidate, canWrite, search }: { candidate: Candidate; canWrite: boolean; search: string }) {
  const applications = useQuery(applicationsQuery({ candidateId: candidate.id, limit: 100 }));
  const jobs = useQuery({ ...jobsQuery({ entityId: candidate.entityId, status: 'open', sort: 'title', dir: 'asc', limit: 100 }), enabled: canWrite });
  const apply = useApply();
  const [jobId, setJobId] = useState('');
  const selectId = useId();
  const applied = new Set((applications.data?.items ?? []).map((a) => a.jobId));
  const openJobs = (jobs.data?.items ?? []).filter((j) => !applied.has(j.id));
  return (
    <section className="grid gap-3" aria-labelledby="applications-heading">
      <h2 id="applications-heading" className="text-lg font-semibold">
        Applications
      </h2>
      {canWrite ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!jobId) return;
            apply.mutate(
              { candidateId: candidate.id, jobId },
              {
                onSuccess: () => {
                  setJobId('');
                  toast.success('Success', { description: ATS_MESSAGES.applicationCreated });
                },
                onError: (error) => toast.error('Not added', { description: error.message }),
              },
            );
          }}
        >
          <div className="grid min-w-56 gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium">
              Apply to an Open job
            </label>
            <select id={selectId} className={nativeSelect} value={jobId} onChange={(e) => setJobId(e.target.value)}>
              <option value="">Choose a job</option>
              {openJobs.map((j) => (
                <option key={j.id} value={j.id}>
                  {j.title}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" disabled={!jobId || apply.isPending}>
            Add Application
          </Button>
        </form>
      ) : null}
      {applications.isPending ? <p className="text-sm text-muted-foreground">Loading...</p> : null}
      {applications.data?.items.length === 0 ? <p className="text-sm text-muted-foreground">No applications yet.</p> : null}
      <ul className="grid gap-3">
        {(applications.data?.items ?? []).map((a) => (
          <ApplicationCard key={a.id} application={a} canWrite={canWrite} search={search} />
        ))}
      </ul>
    </section>
  );
}

function ApplicationCard({ application, canWrite, search }: { application: Application; canWrite: boolean; search: string }) {
  const detail = useQuery(applicationQuery(application.id));
  const interviews = useQuery(interviewsQuery({ applicationId: application.id, when: 'upcoming', limit: 20 }));
  const [scheduling, setScheduling] = useState(false);
  const closed = application.stage === 'hired' || application.stage === 'rejected';
  return (
    <li className="grid gap-2 rounded-lg border bg-background p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/ats/jobs/${application.jobId}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {application.jobTitle}
          </Link>
          <StageBadge stage={application.stage} />
          {application.employeeId ? <span className="text-xs font-medium text-green-700">Employee record created</span> : null}
        </div>
        {canWrite && !closed ? (
          <Button variant="outline" size="sm" onClick={() => setScheduling(true)}>
            <CalendarPlusIcon aria-hidden />
            Schedule Interview
          </Button>
        ) : null}
      </div>
      {(interviews.data?.items ?? []).length > 0 ? (
        <p className="text-muted-foreground">
          Upcoming interview{interviews.data!.items.length > 1 ? 's' : ''}: {interviews.data!.items.map((i) => formatWhen(i.startsAt)).join('; ')}
        </p>
      ) : null}
      <details>
        <summary className="cursor-pointer text-muted-foreground">Stage history</summary>
        <ol className="mt-2 grid gap-1">
          {(detail.data?.history ?? []).map((h) => (
            <li key={h.id}>
              <span className="font-medium">{h.fromStage ? `${STAGE_LABELS[h.fromStage]} → ${STAGE_LABELS[h.toStage]}` : `Applied`}</span>
              <span className="text-muted-foreground">
                {' '}
                by {h.changedByName ?? 'a deleted user'}, {formatWhen(h.changedAt)}
              </span>
              {h.reason ? <span className="block whitespace-pre-line text-muted-foreground">Reason: {h.reason}</span> : null}
            </li>
          ))}
        </ol>
      </details>
      <InterviewDialog open={scheduling} onOpenChange={setScheduling} application={application} />
    </li>
  );
}
