import { useQuery } from '@tanstack/react-query';
import { SectionCard } from '@/web/components/module/dashboard';
import { errorMessage } from '@/web/lib/api';
import { checklistsQuery } from './api';
import { ChecklistCard } from './checklist-card';

/**
 * The Employee Portal's onboarding card: the caller's own checklists (onboarding, offboarding)
 * and the tasks assigned to them on others' (a manager's "Meet the team"), each ticked here.
 * Nothing at all when there is none, so the portal shows it only to those it concerns.
 */
export function MyOnboardingCard() {
  const list = useQuery(checklistsQuery({ mine: 'true', status: 'open' }));
  if (list.isError) return <SectionCard title="Onboarding Tasks">{<p className="text-sm text-muted-foreground">{errorMessage(list.error, 'Failed to load your onboarding tasks. Please try again.')}</p>}</SectionCard>;
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <SectionCard title="Onboarding Tasks" description="Your checklist and the tasks assigned to you. Tick a task when it is done.">
      <div className="grid gap-3">
        {items.map((checklist) => (
          <ChecklistCard key={checklist.id} checklist={checklist} employeeLink={false} />
        ))}
      </div>
    </SectionCard>
  );
}
