import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { JOB_EMPLOYMENT_TYPE_LABELS } from '@/shared/ats';
import { entitySearch, moduleContextQuery, type ModuleScopeState } from '@/web/components/module/module-context';
import { roleAtLeast } from '@/shared/roles';
import { useMyProducts } from '@/web/features/products/api';
import { boardQuery } from './api';
import { AtsPage } from './ats-page';
import { RecordPage } from '@/web/components/module/record-page';
import { JobStatusBadge } from './components/badges';
import { JobBoard } from './components/board';
import { JobDialog } from './components/job-dialog';
import { DetailList } from '@/web/components/module/form-fields';

export function JobPage() {
  return <AtsPage title="Job">{(scope) => <JobDetail scope={scope} />}</AtsPage>;
}

function JobDetail({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const board = useQuery(boardQuery(id));
  // Creating the employee record on a hire also needs HRMS Member or App Admin at the entity. Only
  // a user who holds HRMS asks for its context: anyone else would be refused (a 403 in the console).
  const holdsHrms = useMyProducts().data?.some((p) => p.type === 'hrms') === true;
  const hrms = useQuery({ ...moduleContextQuery('hrms'), retry: false, enabled: board.data?.hrmsAvailable === true && holdsHrms });
  const search = entitySearch(scope);
  return (
    <RecordPage scope={scope} query={board} back={{ to: `/ats/jobs${search}`, label: 'Jobs' }} entityOf={(data) => data.job.entityId}>
      {(data, canWrite) => {
        const job = data.job;
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
        return {
          title: job.title,
          description: <JobStatusBadge status={job.status} />,
          edit: canWrite ? { label: 'Edit Job', dialog: (props) => <JobDialog {...props} scope={scope} job={job} /> } : undefined,
          body: (
            <>
              <DetailList items={facts} className="rounded-lg border bg-background p-4 sm:grid-cols-3" />
              {job.description ? <p className="max-w-3xl text-sm whitespace-pre-line">{job.description}</p> : null}
              <section className="grid gap-2" aria-labelledby="pipeline-heading">
                <h2 id="pipeline-heading" className="text-lg font-semibold">
                  Pipeline
                </h2>
                {job.status !== 'open' ? (
                  <p className="text-sm text-muted-foreground">Candidates can apply only while the job is Open; the pipeline can still be worked on.</p>
                ) : null}
                <JobBoard data={data} canMove={canWrite} canHire={canHire} search={search} />
              </section>
            </>
          ),
        };
      }}
    </RecordPage>
  );
}
