import type { ReactNode } from 'react';
import { EntitySwitcher } from '@/web/components/module/entity-switcher';
import { useModuleScope, type ModuleScopeState } from '@/web/components/module/module-context';
import { PageState } from '@/web/components/ui/page-state';
import type { ModuleConfig } from './module-config';
import { ModuleLayout } from './module-layout';

export interface ModulePageProps {
  title: string;
  /** The page's body, once the module's scope (entities and roles) has loaded. */
  children: (scope: ModuleScopeState) => ReactNode;
}

/** A module's page: the module frame with the entity switcher, and the scope for the page's body. */
export function ModulePage({ module, title, children }: ModulePageProps & { module: ModuleConfig }) {
  const scope = useModuleScope(module.type);
  return (
    <ModuleLayout module={module} title={title} actions={<EntitySwitcher scope={scope} />}>
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

/** The heading of a module page: its title, what it is for, and its actions. */
export function PageHeading({ title, description, actions }: { title: ReactNode; description: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid min-w-0 gap-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
