import { ATS_MODULE, ModulePage, type ModulePageProps } from '../modules/api';

/** An ATS page: the module frame with the entity switcher, and the scope for the page's body. */
export function AtsPage(props: ModulePageProps) {
  return <ModulePage module={ATS_MODULE} {...props} />;
}
