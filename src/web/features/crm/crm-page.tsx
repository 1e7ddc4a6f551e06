import { CRM_MODULE, ModulePage, type ModulePageProps } from '../modules/api';

/** A CRM page: the module frame with the entity switcher, and the scope for the page's body. */
export function CrmPage(props: ModulePageProps) {
  return <ModulePage module={CRM_MODULE} {...props} />;
}
