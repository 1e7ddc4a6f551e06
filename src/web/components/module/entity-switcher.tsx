import { Building2Icon } from 'lucide-react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import type { ModuleScopeState } from './module-context';

const ALL = 'all';

/** One entity or "All entities"; only for a user with the module in more than one entity. */
export function EntitySwitcher({ scope }: { scope: ModuleScopeState }) {
  if (scope.entities.length < 2) return null;
  return (
    <Select value={scope.entityId ?? ALL} onValueChange={(v) => scope.setEntity(v === ALL ? undefined : v)}>
      <SelectTrigger aria-label="Entity" className="h-9 w-36 sm:w-56">
        <Building2Icon className="size-4 shrink-0 opacity-60" aria-hidden />
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>All entities</SelectItem>
        {scope.entities.map((e) => (
          <SelectItem key={e.id} value={e.id}>
            {e.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
