import { HRMS_MODULE, ModulePage, type ModulePageProps } from '../modules/api';

/** An HRMS page: the module frame with the entity switcher, and the scope for the page's body. */
export function HrmsPage(props: ModulePageProps) {
  return <ModulePage module={HRMS_MODULE} {...props} />;
}
