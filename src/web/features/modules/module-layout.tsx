import { ArrowLeftIcon, LogOutIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate, NavLink } from 'react-router';
import { toast } from '@/web/lib/toast';
import { PRODUCT_NAME } from '@/shared/brand';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@/web/components/ui/sidebar';
import { useCurrentUser } from '@/web/lib/session';
import { useLogout } from '@/web/lib/session';
import { useMyProducts } from '../products/api';
import type { ModuleConfig } from './module-config';

export const ACCESS_DENIED_MESSAGE = "You don't have access to this product.";

/**
 * A module dashboard's frame. Only users holding the module's product get in: anyone else gets
 * the Access Denied toast and goes to /products (the server holds no module data, so this guard
 * is the whole rule).
 */
export function ModuleLayout({ module, title, children }: { module: ModuleConfig; title: string; children: ReactNode }) {
  const products = useMyProducts();
  const denied = products.isSuccess && !products.data.some((p) => p.type === module.type);
  const toasted = useRef(false);

  useEffect(() => {
    if (denied && !toasted.current) {
      toasted.current = true;
      toast.error('Access Denied', { description: ACCESS_DENIED_MESSAGE });
    }
  }, [denied]);

  useEffect(() => {
    if (products.error) toast.error('Error', { description: products.error.message });
  }, [products.error]);

  if (products.isPending) return <PageState>Loading...</PageState>;
  if (products.isError) {
    return (
      <PageState>
        <span className="grid gap-3">
          <span>{products.error.message}</span>
          <Button variant="outline" onClick={() => void products.refetch()}>
            Try again
          </Button>
        </span>
      </PageState>
    );
  }
  if (denied) return <Navigate to="/products" replace />;
  return (
    <ModuleShell module={module} title={title}>
      {children}
    </ModuleShell>
  );
}

function ModuleShell({ module, title, children }: { module: ModuleConfig; title: string; children: ReactNode }) {
  const { logout, isPending } = useLogout();

  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <SidebarProvider>
      <a
        href="#main-content"
        className="sr-only rounded-md bg-background text-sm font-medium shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:px-3 focus:py-2"
      >
        Skip to main content
      </a>
      <Sidebar title={`${module.name} navigation`}>
        <ModuleNav module={module} />
      </Sidebar>
      <SidebarInset className="bg-slate-50">
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3 sm:px-4">
          <SidebarTrigger />
          <span className="hidden truncate text-sm font-medium text-muted-foreground sm:inline">
            {PRODUCT_NAME} · {module.name}
          </span>
          <div className="ml-auto flex items-center gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/products">
                <ArrowLeftIcon aria-hidden />
                Back
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={logout} disabled={isPending}>
              <LogOutIcon aria-hidden />
              Logout
            </Button>
          </div>
        </header>
        <main id="main-content" tabIndex={-1} className="flex-1 space-y-6 p-4 outline-none sm:p-6">
          {children}
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}

function ModuleNav({ module }: { module: ModuleConfig }) {
  const user = useCurrentUser();
  const { isMobile, setOpenMobile } = useSidebar();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  const ModuleIcon = module.icon;

  return (
    <nav aria-label={module.name} className="flex min-h-0 flex-1 flex-col">
      <SidebarHeader>
        <div className="flex h-12 items-center gap-2 px-1 group-data-[mobile=true]/sidebar:pr-10 group-data-[collapsed=true]/sidebar:justify-center group-data-[collapsed=true]/sidebar:px-0">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <ModuleIcon className="size-4" aria-hidden />
          </span>
          <span className="grid min-w-0 leading-tight group-data-[collapsed=true]/sidebar:sr-only">
            <span className="truncate text-sm font-semibold">{PRODUCT_NAME}</span>
            <span className="truncate text-xs text-muted-foreground">{module.tagline}</span>
          </span>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>{module.name}</SidebarGroupLabel>
          <SidebarMenu>
            {module.links.map(({ to, label, icon: Icon }) => (
              <SidebarMenuItem key={to}>
                <SidebarMenuButton asChild tooltip={label}>
                  <NavLink to={to} end onClick={() => isMobile && setOpenMobile(false)}>
                    <Icon aria-hidden />
                    <span>{label}</span>
                  </NavLink>
                </SidebarMenuButton>
              </SidebarMenuItem>
            ))}
          </SidebarMenu>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <div className="flex items-center gap-2 p-1 group-data-[collapsed=true]/sidebar:justify-center group-data-[collapsed=true]/sidebar:px-0">
          <span
            aria-hidden
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-800"
          >
            {initials}
          </span>
          <span className="grid min-w-0 leading-tight group-data-[collapsed=true]/sidebar:sr-only">
            <span className="truncate text-sm font-medium">
              {user.firstName} {user.lastName}
            </span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
        </div>
      </SidebarFooter>
    </nav>
  );
}
