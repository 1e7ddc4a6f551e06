import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './guards';
import { NotFoundPage } from './not-found';
import { RouteError } from './route-error';

/** Each page is its own chunk: a visitor of / never downloads the admin screens. */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown while the first page's code loads (lazy routes); nothing, to avoid a flash.
    hydrateFallbackElement: null,
    children: [
      { path: '/', ...page(() => import('../features/marketing/landing-page'), (m) => m.LandingPage) },
      { path: '/what-we-offer', ...page(() => import('../features/marketing/what-we-offer-page'), (m) => m.WhatWeOfferPage) },
      { path: '/who-we-serve', ...page(() => import('../features/marketing/who-we-serve-page'), (m) => m.WhoWeServePage) },
      { path: '/pricing', ...page(() => import('../features/marketing/pricing-page'), (m) => m.PricingPage) },
      { path: '/login', ...page(() => import('../features/auth/login-page'), (m) => m.LoginPage) },
      { path: '/signup', ...page(() => import('../features/auth/signup-page'), (m) => m.SignupPage) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/products', ...page(() => import('../features/products/products-page'), (m) => m.ProductsPage) },
          { path: '/settings', ...page(() => import('../features/settings/settings-page'), (m) => m.SettingsPage) },
          {
            path: '/organization-management',
            ...page(() => import('../features/organizations/organizations-page'), (m) => m.OrganizationsPage),
          },
          { path: '/entity-management', ...page(() => import('../features/entities/entities-page'), (m) => m.EntitiesPage) },
          { path: '/user-management', ...page(() => import('../features/users/users-page'), (m) => m.UsersPage) },
          { path: '/crm', ...page(() => import('../features/modules/crm-dashboard'), (m) => m.CrmDashboard) },
          { path: '/ats', ...page(() => import('../features/modules/ats-dashboard'), (m) => m.AtsDashboard) },
          { path: '/hrms', ...page(() => import('../features/modules/hrms-dashboard'), (m) => m.HrmsDashboard) },
          { path: '/projects', ...page(() => import('../features/modules/projects-dashboard'), (m) => m.ProjectsDashboard) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
