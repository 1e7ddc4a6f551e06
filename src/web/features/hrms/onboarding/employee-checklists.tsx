import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CHECKLIST_KIND_LABELS } from '@/shared/onboarding';
import { SectionCard } from '@/web/components/module/dashboard';
import { checklistsQuery } from './api';
import { ChecklistProgress } from './checklist-card';

/**
 * An employee's onboarding and offboarding progress on their page, each linking to its checklist.
 * Nothing when they have none the caller may see (HR sees all; others only their own).
 */
export function EmployeeChecklists({ employeeId }: { employeeId: string }) {
  const list = useQuery(checklistsQuery({ employeeId }));
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <SectionCard title="Onboarding & Offboarding">
      <ul className="grid gap-4">
        {items.map((c) => (
          <li key={c.id} className="grid gap-2">
            <Link to={`/hrms/${c.kind}?checklist=${c.id}${c.completedAt ? '&status=done' : ''}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              {CHECKLIST_KIND_LABELS[c.kind]}: {c.name}
            </Link>
            <ChecklistProgress checklist={c} />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
