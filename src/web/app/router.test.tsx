import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '@/web/lib/session';
import { ADMIN, mockApi, uuid } from '@/web/test/admin';
import { AppRoutes } from './router';

const PRODUCTS = ['crm', 'ats', 'hrms', 'projects'].map((type, i) => ({ id: uuid(10 + i), name: type.toUpperCase(), type, description: null }));

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  mockApi({ 'GET /me/products': { body: { items: PRODUCTS } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKey, ADMIN);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('pages a module does not have (issue 31)', () => {
  it.each([
    ['/hrms/performance', 'HRMS', 'Performance'],
    ['/crm/marketing', 'CRM', 'Marketing'],
    ['/ats/placements', 'ATS', 'Placements'],
    // Matched by /projects/:projectId first: not an id, so not a project.
    ['/projects/sprint', 'Projects', 'Sprint'],
  ])('%s, a sidebar item marked Soon, says it is not available yet, in the module frame', async (path, module, feature) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: feature })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 2, name: `${feature} is not available yet` })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: `Go to the ${module} Dashboard` })).toHaveAttribute('href', path.replace(/\/[^/]+$/, ''));
    // The frame: the module's sidebar and header.
    expect(screen.getByRole('navigation', { name: module })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/products');
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
  });

  it.each([
    ['/crm/nonsense', 'CRM'],
    ['/hrms/employees/x/y', 'HRMS'],
    ['/projects/tickets/not-an-id', 'Projects'],
    ['/projects/sprint/board', 'Projects'],
  ])('%s, no page at all, is the 404 in the module frame, and the path is logged', async (path, module) => {
    renderAt(path);
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: module })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', path);
  });

  it('a path outside every module is still the site 404', async () => {
    renderAt('/nothing-here');
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
