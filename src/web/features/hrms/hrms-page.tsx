import { HRMS_MODULE } from '@/web/components/module/module-config';
import { ModulePage, type ModulePageProps } from '@/web/components/module/module-page';

/** An HRMS page: the module frame with the entity switcher, and the scope for the page's body. */
export function HrmsPage(props: ModulePageProps) {
  return <ModulePage module={HRMS_MODULE} {...props} />;
}
