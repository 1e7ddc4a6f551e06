import { Building2Icon, LogOutIcon, MapPinIcon, ScrollTextIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { SETTINGS_MESSAGES } from '@/shared/settings';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { RequireSuperAdmin } from '@/web/lib/session';
import { useLogout } from '@/web/lib/session';
import { AdminHeader, AdminMain } from '@/web/components/admin/admin-header';
import { CompanyProducts } from './company-products';
import { TwoFactorRequirement } from './two-factor-requirement';

const SECTIONS: { to: string; title: string; description: string; action: string; icon: LucideIcon }[] = [
  {
    to: '/organization-management',
    title: 'Organization Management',
    description: 'Create and rename the organizations of your company.',
    action: 'Manage Organizations',
    icon: Building2Icon,
  },
  {
    to: '/entity-management',
    title: 'Entity Management',
    description: 'Set up business units and locations, their country and the products they hold.',
    action: 'Manage Entities',
    icon: MapPinIcon,
  },
  {
    to: '/user-management',
    title: 'User Management',
    description: 'Add users, grant them products at your entities, and remove them.',
    action: 'Manage Users',
    icon: UsersIcon,
  },
  {
    to: '/audit-log',
    title: 'Audit Log',
    description: 'See who changed what and when, filter the events, and export them as CSV.',
    action: 'View Audit Log',
    icon: ScrollTextIcon,
  },
];

export function SettingsPage() {
  return (
    <RequireSuperAdmin deniedMessage={SETTINGS_MESSAGES.deniedPage}>
      <Settings />
    </RequireSuperAdmin>
  );
}

function Settings() {
  const { logout, isPending } = useLogout();
  return (
    <div className="min-h-dvh bg-slate-50">
      <AdminHeader
        title="System Settings"
        backTo="/products"
        backLabel="Back to Products"
        actions={
          <Button variant="outline" size="sm" onClick={logout} disabled={isPending}>
            <LogOutIcon aria-hidden />
            Logout
          </Button>
        }
      />
      <AdminMain>
        <p className="text-muted-foreground">Manage the organizations, entities, users and products of your company, and review its audit log.</p>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SECTIONS.map(({ to, title, description, action, icon: Icon }) => (
            <Card key={to} className="flex flex-col">
              <CardHeader>
                <Icon className="size-8 text-primary" aria-hidden />
                <h2 className="text-xl font-semibold leading-none tracking-tight">{title}</h2>
                <CardDescription>{description}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <Button asChild className="w-full">
                  <Link to={to}>{action}</Link>
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
        <CompanyProducts />
        <TwoFactorRequirement />
      </AdminMain>
    </div>
  );
}
