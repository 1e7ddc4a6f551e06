import { useQuery } from '@tanstack/react-query';
import { ClipboardCheckIcon, Settings2Icon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CHECKLIST_KIND_LABELS, CHECKLIST_LIST_LIMIT, type ChecklistKind } from '@/shared/onboarding';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import { EmptyState } from '@/web/components/module/empty-state';
import { SelectField } from '@/web/components/module/form-fields';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { PageHeading } from '@/web/components/module/module-page';
import { errorMessage } from '@/web/lib/api';
import { HrmsPage } from '../hrms-page';
import { checklistsQuery } from './api';
import { ChecklistCard } from './checklist-card';

export const OnboardingPage = () => <ChecklistsPage kind="onboarding" />;
export const OffboardingPage = () => <ChecklistsPage kind="offboarding" />;

const DESCRIPTIONS: Record<ChecklistKind, string> = {
  onboarding: 'New starters’ checklists, the most overdue first. Tick a task when it is done.',
  offboarding: 'Leavers’ checklists, the most overdue first. Tick a task when it is done.',
};

const STATUS_LABELS = { open: 'In Progress', done: 'Complete' } as const;

function ChecklistsPage({ kind }: { kind: ChecklistKind }) {
  const title = CHECKLIST_KIND_LABELS[kind];
  return <HrmsPage title={title}>{(scope) => <Checklists kind={kind} scope={scope} />}</HrmsPage>;
}

function Checklists({ kind, scope }: { kind: ChecklistKind; scope: ModuleScopeState }) {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') === 'done' ? 'done' : 'open';
  const focused = params.get('checklist');
  const list = useQuery(checklistsQuery({ entityId: scope.entityId, kind, status }));
  // A notification's link names the checklist: bring it into view once it is on the page.
  useEffect(() => {
    if (focused && list.data) document.getElementById(`checklist-${focused}`)?.scrollIntoView({ block: 'start' });
  }, [focused, list.data]);
  const setStatus = (next: string) =>
    setParams((p) => {
      const q = new URLSearchParams(p);
      if (next === 'open') q.delete('status');
      else q.set('status', next);
      return q;
    });
  const items = list.data?.items ?? [];
  return (
    <div className="grid gap-4">
      <PageHeading
        title={CHECKLIST_KIND_LABELS[kind]}
        description={DESCRIPTIONS[kind]}
        actions={
          scope.can('app_admin') ? (
            <Button asChild variant="outline">
              <Link to={`/hrms/onboarding/templates${entitySearch(scope)}`}>
                <Settings2Icon aria-hidden />
                Checklist Templates
              </Link>
            </Button>
          ) : null
        }
      />
      <div className="max-w-xs">
        <SelectField id="checklist-status" label="Status" value={status} onChange={setStatus}>
          {(['open', 'done'] as const).map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {list.isPending ? (
        <PageState>Loading...</PageState>
      ) : list.isError ? (
        <PageState>{errorMessage(list.error, `Failed to load ${kind} checklists. Please try again.`)}</PageState>
      ) : items.length === 0 ? (
        <EmptyState icon={ClipboardCheckIcon} title={status === 'open' ? `No ${kind} in progress` : `No completed ${kind}`}>
          {kind === 'onboarding'
            ? 'A checklist starts when an employee is added or hired, from the entity’s default onboarding template.'
            : 'A checklist starts when an employee is given a last day, from the entity’s default offboarding template.'}
        </EmptyState>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            {items.map((checklist) => (
              <ChecklistCard key={checklist.id} checklist={checklist} />
            ))}
          </div>
          {list.data?.more ? <p className="text-sm text-muted-foreground">Showing the first {CHECKLIST_LIST_LIMIT}, the most urgent. Choose an entity to see fewer at once.</p> : null}
        </>
      )}
    </div>
  );
}
