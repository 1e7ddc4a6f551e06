import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { JOB_EMPLOYMENT_TYPE_LABELS } from '@/shared/ats';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import { entitySearch, moduleContextQuery, type ModuleScopeState } from '@/web/components/module/module-context';
import { roleAtLeast } from '@/shared/roles';
import { useMyProducts } from '@/web/features/products/api';
import { boardQuery } from './api';
import { AtsPage } from './ats-page';
import { PageHeading } from '@/web/components/module/module-page';
import { JobStatusBadge } from './components/badges';
import { Board } from './components/board';
import { JobDialog } from './components/job-dialog';
import { DetailList } from '@/web/components/module/form-fields';

export function JobPage() {
  return <AtsPage title="Job">{(scope) => <JobDetail scope={scope} />}</AtsPage>;
}

function JobDetail({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const board = useQuery(boardQuery(id));
  const [editing, setEditing] = useState(false);
  // Creating the employee record on a hire also needs HRMS Member or App Admin at the entity. Only
  // a user who holds HRMS asks for its context: anyone else would be refused (a 403 in the console).
  const holdsHrms = useMyProducts().data?.some((p) => p.type === 'hrms') === true;
  const hrms = useQuery({ ...moduleContextQuery('hrms'), retry: false, enabled: board.data?.hrmsAvailable === true && holdsHrms });
  const search = entitySearch(scope);
  if (board.isPending) return <PageState>Loading...</PageState>;
  if (board.isError) return <PageState>{board.error.message}</PageState>;
  const job = board.data.job;
  const canWrite = scope.can('member', job.entityId);
  const hrmsRole = hrms.data?.entities.find((e) => e.id === job.entityId)?.role;
  const canHire = canWrite && hrmsRole !== undefined && roleAtLeast(hrmsRole, 'member');
  const facts: [string, string][] = [
    ['Department', job.department || '—'],
    ['Location', job.location || '—'],
    ['Employment Type', JOB_EMPLOYMENT_TYPE_LABELS[job.employmentType]],
    ['Openings', `${job.hired} of ${job.openings} filled`],
    ['Hiring Manager', job.hiringManagerName ?? '—'],
    ['Entity', job.entityName],
  ];
  return (
    <>
      <Link to={`/ats/jobs${search}`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden />
        Jobs
      </Link>
      <PageHeading
        title={job.title}
        description={<JobStatusBadge status={job.status} />}
        actions={
          canWrite ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden />
              Edit Job
            </Button>
          ) : null
        }
      />
      <DetailList items={facts} className="rounded-lg border bg-background p-4 sm:grid-cols-3" />
      {job.description ? <p className="max-w-3xl text-sm whitespace-pre-line">{job.description}</p> : null}
      <section className="grid gap-2" aria-labelledby="pipeline-heading">
        <h2 id="pipeline-heading" className="text-lg font-semibold">
          Pipeline
        </h2>
        {job.status !== 'open' ? (
          <p className="text-sm text-muted-foreground">Candidates can apply only while the job is Open; the pipeline can still be worked on.</p>
        ) : null}
        <Board data={board.data} canMove={canWrite} canHire={canHire} search={search} />
      </section>
      <JobDialog open={editing} onOpenChange={setEditing} scope={scope} job={job} />
    </>
  );
}
