import { ATS_MODULE } from '@/web/components/module/module-config';
import { ModulePage, type ModulePageProps } from '@/web/components/module/module-page';

/** An ATS page: the module frame with the entity switcher, and the scope for the page's body. */
export function AtsPage(props: ModulePageProps) {
  return <ModulePage module={ATS_MODULE} {...props} />;
}
