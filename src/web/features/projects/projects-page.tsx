import { PROJECTS_MODULE } from '@/web/components/module/module-config';
import { ModulePage, type ModulePageProps } from '@/web/components/module/module-page';

/** A Projects page: the module frame with the entity switcher, and the scope for the page's body. */
export function ProjectsPage(props: ModulePageProps) {
  return <ModulePage module={PROJECTS_MODULE} {...props} />;
}
