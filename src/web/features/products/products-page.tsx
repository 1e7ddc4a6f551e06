import {
  BriefcaseIcon,
  FolderKanbanIcon,
  HandshakeIcon,
  LayoutDashboardIcon,
  LogOutIcon,
  SettingsIcon,
  ShieldCheckIcon,
  UserIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { PRODUCT_NAME } from '@/shared/brand';
import { PRODUCT_PATHS, type ProductType } from '@/shared/products';
import { roleBadge } from '@/shared/roles';
import { NotificationBell } from '@/web/components/notifications/notification-bell';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useCurrentUser } from '@/web/lib/session';
import { useLogout } from '@/web/lib/session';
import { useMyProducts } from './api';

const PRODUCT_ICONS: Record<ProductType, LucideIcon> = {
  crm: HandshakeIcon,
  ats: BriefcaseIcon,
  hrms: UsersIcon,
  projects: FolderKanbanIcon,
};

export function ProductsPage() {
  const user = useCurrentUser();
  const products = useMyProducts();
  const { logout, isPending } = useLogout();

  useEffect(() => {
    if (products.error) toast.error('Error', { description: products.error.message });
  }, [products.error]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="grid gap-1">
            <span className="text-xl font-bold text-primary">{PRODUCT_NAME}</span>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              Welcome, {user.firstName} {user.lastName}
              <Badge variant="secondary">{roleBadge(user.role)}</Badge>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <NotificationBell />
            <Button asChild variant="ghost">
              <Link to="/account">
                <UserIcon aria-hidden />
                My Account
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to="/account/security">
                <ShieldCheckIcon aria-hidden />
                Account Security
              </Link>
            </Button>
            <Button variant="outline" onClick={logout} disabled={isPending}>
              <LogOutIcon aria-hidden />
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight">Your Products</h1>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <Card className="flex flex-col">
            <CardHeader>
              <LayoutDashboardIcon className="size-8 text-primary" aria-hidden />
              <CardTitle>Dashboard</CardTitle>
              <CardDescription>An overview of your company across every product.</CardDescription>
            </CardHeader>
            <CardContent className="mt-auto">
              <Button
                className="w-full"
                onClick={() => toast.info('The company dashboard is coming soon. Open a product below in the meantime.')}
              >
                Open Dashboard
              </Button>
            </CardContent>
          </Card>
          {user.role === 'super_admin' ? (
            <Card className="flex flex-col">
              <CardHeader>
                <SettingsIcon className="size-8 text-primary" aria-hidden />
                <CardTitle>Settings</CardTitle>
                <CardDescription>Manage organizations, entities, users and products of your company.</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <Button asChild variant="outline" className="w-full">
                  <Link to="/settings">Open Settings</Link>
                </Button>
              </CardContent>
            </Card>
          ) : null}
          {products.data?.map((product) => {
            const Icon = PRODUCT_ICONS[product.type];
            return (
              <Card key={product.id} className="flex flex-col">
                <CardHeader>
                  <Icon className="size-8 text-primary" aria-hidden />
                  <CardTitle>{product.name}</CardTitle>
                  <CardDescription>{product.description}</CardDescription>
                </CardHeader>
                <CardContent className="mt-auto">
                  <Button asChild className="w-full">
                    <Link to={PRODUCT_PATHS[product.type]} aria-label={`Open ${product.name}`}>
                      Open
                    </Link>
                  </Button>
                </CardContent>
              </Card>
            );
          })}
        </div>
        {products.isPending ? (
          <p role="status" className="mt-8 text-center text-muted-foreground">
            Loading...
          </p>
        ) : products.data?.length === 0 ? (
          <div className="mt-8 rounded-lg border border-dashed bg-white p-8 text-center">
            <h2 className="text-lg font-semibold">No products available</h2>
            <p className="mt-1 text-muted-foreground">Contact your administrator to get access to products.</p>
          </div>
        ) : null}
      </main>
    </div>
  );
}
