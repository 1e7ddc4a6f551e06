import { CompassIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '@/web/components/module/empty-state';
import { ATS_MODULE, CRM_MODULE, HRMS_MODULE, PROJECTS_MODULE, type ModuleConfig } from '@/web/components/module/module-config';
import { ModuleLayout } from '@/web/components/module/module-layout';
import { PageHeading } from '@/web/components/module/module-page';

/**
 * A path under a module that is none of its pages, in the module's frame (its sidebar and
 * header), so a typed /hrms/payroll no longer falls out of the app to the bare 404 page. A
 * sidebar item marked "Soon" says that page is not available yet and names it; any other path
 * is the 404 page's text (and logged, as the 404 page logs it).
 */
export function ModuleMissingPage({ module }: { module: ModuleConfig }) {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const soon = module.links.find((l) => !l.ready && l.to === path);
  const home = module.links[0]!;

  useEffect(() => {
    if (!soon) console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [soon, pathname]);

  const back = (
    <Link to={home.to} className="text-sm font-medium text-primary underline underline-offset-4">
      Go to the {module.name} {home.label}
    </Link>
  );
  if (soon) {
    const Icon = soon.icon;
    return (
      <ModuleLayout module={module} title={soon.label}>
        <PageHeading title={soon.label} description={`Part of ${module.name}.`} />
        <EmptyState icon={Icon} title={`${soon.label} is not available yet`} action={back}>
          {soon.label} is coming soon to {module.name}. Until then, the pages with a link in the sidebar are ready to use.
        </EmptyState>
      </ModuleLayout>
    );
  }
  return (
    <ModuleLayout module={module} title="Page not found">
      <PageHeading title="404" description="Oops! Page not found" />
      <EmptyState icon={CompassIcon} title={`${module.name} has no page here`} action={back}>
        Check the address, or choose a page in the sidebar.
      </EmptyState>
    </ModuleLayout>
  );
}

export const CrmMissingPage = () => <ModuleMissingPage module={CRM_MODULE} />;
export const AtsMissingPage = () => <ModuleMissingPage module={ATS_MODULE} />;
export const HrmsMissingPage = () => <ModuleMissingPage module={HRMS_MODULE} />;
export const ProjectsMissingPage = () => <ModuleMissingPage module={PROJECTS_MODULE} />;
