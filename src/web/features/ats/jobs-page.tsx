import { BriefcaseIcon } from 'lucide-react';
import { JOB_EMPLOYMENT_TYPE_LABELS, JOB_STATUS_LABELS, JOB_STATUSES, type Job } from '@/shared/ats';
import { labelled, type ListFilter } from '@/web/components/module/list-params';
import { ATS_MODULE } from '@/web/components/module/module-config';
import { column, entityColumn, ModuleListPage, RecordLink, sortedColumn, type RecordListProps } from '@/web/components/module/record-list';
import { jobsQuery } from './api';
import { JobStatusBadge } from './components/badges';
import { JobDialog } from './components/job-dialog';
import { formatDate } from './format';

const SEARCH: ListFilter = { kind: 'search', placeholder: 'Title, department or location' };
const STATUS: ListFilter = { kind: 'select', param: 'status', label: 'Status', all: 'All statuses', options: labelled(JOB_STATUSES, JOB_STATUS_LABELS) };

/** Jobs and requisitions: one list, the second always filtered to Draft. */
const JOBS: Omit<RecordListProps<Job>, 'title' | 'description' | 'filters'> = {
  name: 'job',
  query: jobsQuery,
  sorts: { createdAt: 'desc', title: 'desc' },
  columns: ({ scope, search }) => [
    sortedColumn(
      'title',
      'Title',
      (j) => j.title,
      (j) => (
        <RecordLink to={`/ats/jobs/${j.id}${search}`} detail={[j.department, j.location].filter(Boolean).join(' · ') || '—'}>
          {j.title}
        </RecordLink>
      ),
    ),
    column('type', 'Type', (j) => JOB_EMPLOYMENT_TYPE_LABELS[j.employmentType]),
    column('manager', 'Hiring Manager', (j) => j.hiringManagerName ?? '—'),
    column('pipeline', 'In Pipeline', (j) => <span className="tabular-nums">{j.activeApplications}</span>),
    column('hired', 'Hired', (j) => <span className="tabular-nums">{`${j.hired} of ${j.openings}`}</span>),
    ...entityColumn<Job>(scope),
    column('status', 'Status', (j) => <JobStatusBadge status={j.status} />),
    sortedColumn('createdAt', 'Posted', (j) => j.createdAt, (j) => formatDate(j.createdAt)),
  ],
  add: { label: 'Post Job', dialog: JobDialog },
  empty: {
    icon: BriefcaseIcon,
    noMatch: 'No jobs match',
    noMatchHint: 'Change the search or the filters to see more.',
    writer: 'Post your first job: keep it in Draft while it is approved, then Open it for applications.',
    reader: 'Jobs posted by your recruiters appear here.',
  },
};

export function JobsPage() {
  return <ModuleListPage module={ATS_MODULE} {...JOBS} title="Jobs" description="Open positions and their pipelines." filters={[SEARCH, STATUS]} />;
}

/** The spec's requisitions: jobs in Draft, not yet open for applications. */
export function RequisitionsPage() {
  return (
    <ModuleListPage
      module={ATS_MODULE}
      {...JOBS}
      title="Requisitions"
      description="Jobs in Draft: approve and open them for applications."
      filters={[SEARCH]}
      fixed={{ status: 'draft' }}
      empty={{ ...JOBS.empty, none: 'No requisitions' }}
    />
  );
}
