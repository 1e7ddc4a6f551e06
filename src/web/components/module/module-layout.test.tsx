import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RequireAuth } from '@/web/app/guards';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductType } from '@/shared/products';
import { ModuleLayout } from './module-layout';
import { ATS_MODULE, CRM_MODULE, HRMS_MODULE, PROJECTS_MODULE } from './module-config';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@/web/lib/toast', () => ({ toast: { error: toastError, success: vi.fn(), info: vi.fn() } }));

const USER = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  role: 'super_admin',
  companyId: '00000000-0000-4000-8000-000000000002',
  organizationId: null,
  entityId: null,
};

const product = (type: ProductType, n: number): Product => ({
  id: `00000000-0000-4000-8000-00000000001${n}`,
  name: type === 'projects' ? 'Projects' : type.toUpperCase(),
  type,
  description: null,
});

/** Answers the two calls the dashboards make: the session and the user's products. */
function serveApi(products: Product[] | 'never') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/session') return Response.json({ user: USER });
      if (path === '/api/me/products') return products === 'never' ? new Promise<Response>(() => {}) : Response.json({ items: products });
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
}

function renderAt(path: string, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  // The session is known before the page renders, as RequireAuth guarantees in the app.
  queryClient.setQueryData(['session'], USER);
  const router = createMemoryRouter(
    [
      {
        element: <RequireAuth />,
        children: [
          // The frame alone: every module's dashboard is live and has its own tests.
          { path: '/crm', element: <ModuleLayout module={CRM_MODULE} title="CRM Dashboard"><h1>CRM Dashboard</h1></ModuleLayout> },
        ],
      },
      { path: '/products', element: <h1>Your Products</h1> },
      { path: '*', element: <p>Oops! Page not found</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  // jsdom lays nothing out, so recharts warns that its containers measure 0×0.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('of chart should be greater than 0')) return;
    warn(...args);
  });
  document.cookie = 'sidebar_state=; path=/; max-age=0';
  toastError.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ALL = [product('crm', 1), product('ats', 2), product('hrms', 3), product('projects', 4)];

describe.each([
  // Every module is live: their pages have their own tests (src/web/features/{hrms,ats,projects,crm}); this checks the frame.
  { module: CRM_MODULE, path: '/crm', heading: 'CRM Dashboard' },
])('$heading', ({ module, path, heading }) => {
  it('shows one h1 and every sidebar link of spec §2', async () => {
    serveApi(ALL);
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const nav = screen.getByRole('navigation', { name: module.name });
    const links = within(nav).getAllByRole('link');
    // Working pages are links; the others show "Soon" and are not links (no sidebar link leads to the 404 page).
    expect(links.map((a) => a.getAttribute('href'))).toEqual(module.links.filter((l) => l.ready).map((l) => l.to));
    for (const l of module.links.filter((x) => !x.ready)) {
      const item = within(nav).getByText(l.label).closest('[data-slot="sidebar-menu-soon"]');
      expect(item).not.toBeNull();
      expect(within(item as HTMLElement).getByText('Soon')).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page')).toHaveLength(1);

    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Toggle Sidebar' })).toBeInTheDocument();
  });

  it('sends a user without the product to /products with the Access Denied toast', async () => {
    serveApi(ALL.filter((p) => p.type !== module.type));
    const router = renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Your Products' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Access Denied', { description: "You don't have access to this product." });
    expect(screen.queryByRole('heading', { name: heading })).not.toBeInTheDocument();
  });
});

it('shows Loading... while the products load', async () => {
  serveApi('never');
  renderAt('/crm');
  expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
  expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
});

it('lists exactly the links of spec §2', () => {
  expect(CRM_MODULE.links.map((l) => l.to)).toEqual([
    '/crm',
    '/crm/clients',
    '/crm/contacts',
    '/crm/leads',
    '/crm/opportunities',
    '/crm/marketing',
    '/crm/support',
    '/crm/reports',
    '/crm/marketplace',
    '/crm/settings',
  ]);
  expect(ATS_MODULE.links.map((l) => l.to)).toEqual([
    '/ats',
    '/ats/requisitions',
    '/ats/jobs',
    '/ats/candidates',
    '/ats/interviews',
    '/ats/placements',
    '/ats/reports',
    '/ats/marketplace',
    '/ats/settings',
  ]);
  expect(HRMS_MODULE.links.map((l) => l.to)).toEqual([
    '/hrms',
    '/hrms/employees',
    '/hrms/onboarding',
    '/hrms/attendance',
    '/hrms/leaves',
    '/hrms/expenses',
    '/hrms/invoicing',
    '/hrms/payroll',
    '/hrms/performance',
    '/hrms/portal',
    '/hrms/offboarding',
    '/hrms/reports',
    '/hrms/settings',
  ]);
  expect(PROJECTS_MODULE.links.map((l) => l.to)).toEqual([
    '/projects',
    '/projects/list',
    '/projects/roadmap',
    '/projects/tickets',
    '/projects/kanban',
    '/projects/sprint',
    '/projects/reports',
    '/projects/settings',
  ]);
});
