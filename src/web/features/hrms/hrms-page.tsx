import { Navigate } from 'react-router';
import { HRMS_MODULE } from '@/web/components/module/module-config';
import { moduleContextQuery } from '@/web/components/module/module-context';
import { ModulePage, type ModulePageProps } from '@/web/components/module/module-page';
import { ApiError } from '@/web/lib/api';
import { useQuery } from '@tanstack/react-query';

/**
 * An HRMS page: the module frame with the entity switcher, and the scope for the page's body. A
 * person without an HRMS grant (an employee, issue 34) lands on their Employee Portal instead.
 */
export function HrmsPage(props: ModulePageProps) {
  const context = useQuery({ ...moduleContextQuery('hrms'), retry: false });
  if (context.error instanceof ApiError && context.error.status === 403) return <Navigate to="/hrms/portal" replace />;
  return <ModulePage module={HRMS_MODULE} {...props} />;
}
