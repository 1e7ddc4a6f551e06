import type { ReactNode } from 'react';
import { PageState } from '@/web/components/ui/page-state';
import { HRMS_MODULE } from '../modules/api';
import { ModuleLayout } from '../modules/api';
import { EntitySwitcher } from '@/web/components/module/entity-switcher';
import { useModuleScope, type ModuleScopeState } from '@/web/components/module/module-context';

/** An HRMS page: the module frame with the entity switcher, and the scope for the page's body. */
export function HrmsPage({ title, children }: { title: string; children: (scope: ModuleScopeState) => ReactNode }) {
  const scope = useModuleScope('hrms');
  return (
    <ModuleLayout module={HRMS_MODULE} title={title} actions={<EntitySwitcher scope={scope} />}>
      {scope.context.isPending ? (
        <PageState>Loading...</PageState>
      ) : scope.context.isError ? (
        <PageState>{scope.context.error.message}</PageState>
      ) : (
        children(scope)
      )}
    </ModuleLayout>
  );
}

export function PageHeading({ title, description, actions }: { title: string; description: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export const nativeSelect =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50';
