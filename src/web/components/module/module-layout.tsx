import { ArrowLeftIcon, LogOutIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate, NavLink, useSearchParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import { PRODUCT_NAME } from '@/shared/brand';
import { NotificationBell } from '@/web/components/notifications/notification-bell';
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
import { useMyProducts } from '@/web/lib/products';
import type { ModuleConfig } from './module-config';
import { moduleContextQuery } from './module-context';

export const ACCESS_DENIED_MESSAGE = "You don't have access to this product.";

/**
 * A module page's frame. Only users holding the module's product get in: anyone else gets the
 * Access Denied toast and goes to /products. This is a courtesy: the server's module scope
 * (withModuleScope) is the rule for the module's data.
 */
export function ModuleLayout({
  module,
  title,
  actions,
  children,
}: {
  module: ModuleConfig;
  title: string;
  /** Shown in the module header (the entity switcher). */
  actions?: ReactNode;
  children: ReactNode;
}) {
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
    <ModuleShell module={module} title={title} actions={actions}>
      {children}
    </ModuleShell>
  );
}

function ModuleShell({ module, title, actions, children }: { module: ModuleConfig; title: string; actions?: ReactNode; children: ReactNode }) {
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
          <div className="ml-auto flex min-w-0 items-center gap-2">
            {actions}
            <NotificationBell />
            <Button asChild variant="outline" size="sm">
              <Link to="/products">
                <ArrowLeftIcon aria-hidden />
                {/* Icon-only on a phone when the header also holds the entity switcher. */}
                <span className={actions ? 'max-sm:sr-only' : undefined}>Back</span>
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={logout} disabled={isPending}>
              <LogOutIcon aria-hidden />
              <span className={actions ? 'max-sm:sr-only' : undefined}>Logout</span>
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
  const [params] = useSearchParams();
  const entity = params.get('entity');
  const entitySearch = entity ? `?entity=${encodeURIComponent(entity)}` : '';
  // Only what the person may open: without a grant (the context answers 403), the self-service pages alone.
  const context = useQuery({ ...moduleContextQuery(module.type), retry: false });
  const links = context.isError ? module.links.filter((l) => l.selfService) : module.links;

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
            {links.map(({ to, label, icon: Icon, ready }) => (
              <SidebarMenuItem key={to}>
                {ready ? (
                  <SidebarMenuButton asChild tooltip={label}>
                    {/* The entity choice travels with the module's links. */}
                    <NavLink to={{ pathname: to, search: entitySearch }} end={to === module.links[0]?.to} onClick={() => isMobile && setOpenMobile(false)}>
                      <Icon aria-hidden />
                      <span>{label}</span>
                    </NavLink>
                  </SidebarMenuButton>
                ) : (
                  // Not built yet: shown, but not a link, so no sidebar entry leads to the 404 page.
                  <div
                    data-slot="sidebar-menu-soon"
                    className="flex h-9 w-full items-center gap-2 overflow-hidden rounded-md px-2 text-sm text-muted-foreground group-data-[collapsed=true]/sidebar:size-8 group-data-[collapsed=true]/sidebar:justify-center group-data-[collapsed=true]/sidebar:px-0 [&>svg]:size-4 [&>svg]:shrink-0"
                  >
                    <Icon aria-hidden />
                    <span className="truncate group-data-[collapsed=true]/sidebar:sr-only">{label}</span>
                    <span className="ml-auto rounded-full border border-slate-300 px-1.5 text-[10px] font-medium uppercase tracking-wide text-slate-600 group-data-[collapsed=true]/sidebar:sr-only">
                      Soon
                    </span>
                  </div>
                )}
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
