import { CRM_MODULE } from '@/web/components/module/module-config';
import { ModulePage, type ModulePageProps } from '@/web/components/module/module-page';

/** A CRM page: the module frame with the entity switcher, and the scope for the page's body. */
export function CrmPage(props: ModulePageProps) {
  return <ModulePage module={CRM_MODULE} {...props} />;
}
