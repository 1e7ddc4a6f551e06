import { FileTextIcon, UsersIcon } from 'lucide-react';
import { CANDIDATE_CSV_COLUMNS, type Candidate } from '@/shared/ats';
import { ATS_MODULE } from '@/web/components/module/module-config';
import { column, entityColumn, ModuleListPage, personColumn, sortedColumn } from '@/web/components/module/record-list';
import { candidatesQuery } from './api';
import { CandidateDialog } from './components/candidate-dialog';
import { formatDate } from './format';

export function CandidatesPage() {
  return (
    <ModuleListPage<Candidate>
      module={ATS_MODULE}
      name="candidate"
      title="Candidates"
      description="Everyone who applied or was sourced, with their résumés and applications."
      query={candidatesQuery}
      sorts={{ createdAt: 'desc', name: 'desc' }}
      filters={[{ kind: 'search', placeholder: 'Name or email' }]}
      columns={({ scope, search }) => [
        personColumn((c) => `/ats/candidates/${c.id}${search}`, { detail: (c) => c.email }),
        column('phone', 'Phone', (c) => c.phone || '—'),
        column('source', 'Source', (c) => c.source || '—'),
        column('applications', 'Applications', (c) => <span className="tabular-nums">{c.applications}</span>),
        column('resume', 'Résumé', (c) =>
          c.resume ? (
            <span className="inline-flex items-center gap-1">
              <FileTextIcon className="size-4" aria-hidden />
              Yes
            </span>
          ) : (
            '—'
          ),
        ),
        ...entityColumn<Candidate>(scope),
        sortedColumn('createdAt', 'Added', (c) => c.createdAt, (c) => formatDate(c.createdAt)),
      ]}
      importColumns={CANDIDATE_CSV_COLUMNS}
      add={{ label: 'Add Candidate', dialog: CandidateDialog }}
      empty={{
        icon: UsersIcon,
        writer: 'Add a candidate with their résumé, or import a CSV file with one row per candidate.',
        reader: 'Candidates added by your recruiters appear here.',
      }}
    />
  );
}
