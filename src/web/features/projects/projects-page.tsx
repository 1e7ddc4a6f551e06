import { PROJECTS_MODULE, ModulePage, type ModulePageProps } from '../modules/api';

/** A Projects page: the module frame with the entity switcher, and the scope for the page's body. */
export function ProjectsPage(props: ModulePageProps) {
  return <ModulePage module={PROJECTS_MODULE} {...props} />;
}
