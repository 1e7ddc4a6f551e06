import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
// shared/uuid, not shared/text: that one brings zod into every page's first load (/login's budget is 120 KB).
import { isUuid } from '@/shared/uuid';
import { PageState } from '@/web/components/ui/page-state';
import { RequireAuth } from './guards';
import { NotFoundPage } from './not-found';
import { RouteErrorBoundary } from './route-error';

/**
 * Each page is its own chunk: a visitor of / never downloads the admin screens. Declarative
 * routes (not the data router): the first page loads about 15 KB less JavaScript.
 */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return <Page />;
};

/**
 * A page whose path names a record by id: anything else in that place is an unknown path, the
 * `fallback` (the module's own 404, in its frame).
 */
function UuidParam({ name, fallback, children }: { name: string; fallback: ReactNode; children: ReactNode }) {
  const value = useParams()[name] ?? '';
  return isUuid(value) ? children : fallback;
}

/**
 * Any other path under a module: its "not available yet" page for a sidebar item marked Soon,
 * or its 404, in the module's frame (features/modules/module-missing-page.tsx).
 */
const missing = {
  crm: page(() => import('../features/modules/module-missing-page'), (m) => m.CrmMissingPage),
  ats: page(() => import('../features/modules/module-missing-page'), (m) => m.AtsMissingPage),
  hrms: page(() => import('../features/modules/module-missing-page'), (m) => m.HrmsMissingPage),
  projects: page(() => import('../features/modules/module-missing-page'), (m) => m.ProjectsMissingPage),
};

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageState>Loading...</PageState>}>
        <Routes>
          <Route path="/" element={page(() => import('../features/marketing/landing-page'), (m) => m.LandingPage)} />
          <Route path="/what-we-offer" element={page(() => import('../features/marketing/what-we-offer-page'), (m) => m.WhatWeOfferPage)} />
          <Route path="/who-we-serve" element={page(() => import('../features/marketing/who-we-serve-page'), (m) => m.WhoWeServePage)} />
          <Route path="/pricing" element={page(() => import('../features/marketing/pricing-page'), (m) => m.PricingPage)} />
          <Route path="/login" element={page(() => import('../features/auth/login-page'), (m) => m.LoginPage)} />
          <Route path="/signup" element={page(() => import('../features/auth/signup-page'), (m) => m.SignupPage)} />
          <Route path="/forgot-password" element={page(() => import('../features/auth/forgot-password-page'), (m) => m.ForgotPasswordPage)} />
          <Route path="/reset-password" element={page(() => import('../features/auth/reset-password-page'), (m) => m.ResetPasswordPage)} />
          <Route path="/accept-invite" element={page(() => import('../features/auth/accept-invite-page'), (m) => m.AcceptInvitePage)} />
          <Route element={<RequireAuth />}>
            <Route path="/products" element={page(() => import('../features/products/products-page'), (m) => m.ProductsPage)} />
            <Route path="/settings" element={page(() => import('../features/settings/settings-page'), (m) => m.SettingsPage)} />
            <Route
              path="/organization-management"
              element={page(() => import('../features/organizations/organizations-page'), (m) => m.OrganizationsPage)}
            />
            <Route path="/entity-management" element={page(() => import('../features/entities/entities-page'), (m) => m.EntitiesPage)} />
            <Route path="/user-management" element={page(() => import('../features/users/users-page'), (m) => m.UsersPage)} />
            <Route path="/audit-log" element={page(() => import('../features/audit/audit-log-page'), (m) => m.AuditLogPage)} />
            <Route path="/account" element={page(() => import('../features/account/account-page'), (m) => m.AccountPage)} />
            <Route path="/account/security" element={page(() => import('../features/account/security-page'), (m) => m.SecurityPage)} />
            <Route path="/two-factor-setup" element={page(() => import('../features/account/two-factor-setup-page'), (m) => m.TwoFactorSetupPage)} />
            <Route path="/crm" element={page(() => import('../features/crm/dashboard-page'), (m) => m.CrmDashboardPage)} />
            <Route path="/crm/clients" element={page(() => import('../features/crm/clients-page'), (m) => m.ClientsPage)} />
            <Route path="/crm/clients/:id" element={page(() => import('../features/crm/client-page'), (m) => m.ClientPage)} />
            <Route path="/crm/contacts" element={page(() => import('../features/crm/contacts-page'), (m) => m.ContactsPage)} />
            <Route path="/crm/contacts/:id" element={page(() => import('../features/crm/contact-page'), (m) => m.ContactPage)} />
            <Route path="/crm/leads" element={page(() => import('../features/crm/leads-page'), (m) => m.LeadsPage)} />
            <Route path="/crm/leads/:id" element={page(() => import('../features/crm/lead-page'), (m) => m.LeadPage)} />
            <Route path="/crm/opportunities" element={page(() => import('../features/crm/opportunities-page'), (m) => m.OpportunitiesPage)} />
            <Route path="/crm/opportunities/:id" element={page(() => import('../features/crm/opportunity-page'), (m) => m.OpportunityPage)} />
            <Route path="/crm/*" element={missing.crm} />
            <Route path="/ats" element={page(() => import('../features/ats/dashboard-page'), (m) => m.AtsDashboardPage)} />
            <Route path="/ats/requisitions" element={page(() => import('../features/ats/jobs-page'), (m) => m.RequisitionsPage)} />
            <Route path="/ats/jobs" element={page(() => import('../features/ats/jobs-page'), (m) => m.JobsPage)} />
            <Route path="/ats/jobs/:id" element={page(() => import('../features/ats/job-page'), (m) => m.JobPage)} />
            <Route path="/ats/candidates" element={page(() => import('../features/ats/candidates-page'), (m) => m.CandidatesPage)} />
            <Route path="/ats/candidates/:id" element={page(() => import('../features/ats/candidate-page'), (m) => m.CandidatePage)} />
            <Route path="/ats/interviews" element={page(() => import('../features/ats/interviews-page'), (m) => m.InterviewsPage)} />
            <Route path="/ats/*" element={missing.ats} />
            <Route path="/hrms" element={page(() => import('../features/hrms/dashboard-page'), (m) => m.HrmsDashboardPage)} />
            <Route path="/hrms/employees" element={page(() => import('../features/hrms/employees-page'), (m) => m.EmployeesPage)} />
            <Route path="/hrms/employees/:id" element={page(() => import('../features/hrms/employee-page'), (m) => m.EmployeePage)} />
            <Route path="/hrms/leaves" element={page(() => import('../features/hrms/leaves-page'), (m) => m.LeavesPage)} />
            <Route path="/hrms/portal" element={page(() => import('../features/hrms/portal-page'), (m) => m.PortalPage)} />
            <Route path="/hrms/settings" element={page(() => import('../features/hrms/settings-page'), (m) => m.HrmsSettingsPage)} />
            <Route path="/hrms/payroll" element={page(() => import('../features/hrms/payroll/payroll-page'), (m) => m.PayrollPage)} />
            <Route path="/hrms/payroll/runs/:id" element={page(() => import('../features/hrms/payroll/run-page'), (m) => m.PayRunPage)} />
            <Route path="/hrms/onboarding" element={page(() => import('../features/hrms/onboarding/checklists-page'), (m) => m.OnboardingPage)} />
            <Route path="/hrms/offboarding" element={page(() => import('../features/hrms/onboarding/checklists-page'), (m) => m.OffboardingPage)} />
            <Route path="/hrms/onboarding/templates" element={page(() => import('../features/hrms/onboarding/templates-page'), (m) => m.ChecklistTemplatesPage)} />
            <Route path="/hrms/attendance" element={page(() => import('../features/hrms/attendance/attendance-page'), (m) => m.AttendancePage)} />
            <Route path="/hrms/*" element={missing.hrms} />
            <Route path="/projects" element={page(() => import('../features/projects/dashboard-page'), (m) => m.ProjectsDashboardPage)} />
            <Route path="/projects/list" element={page(() => import('../features/projects/projects-list-page'), (m) => m.ProjectsListPage)} />
            <Route path="/projects/tickets" element={page(() => import('../features/projects/tickets-page'), (m) => m.TicketsPage)} />
            <Route
              path="/projects/tickets/:taskId"
              element={
                <UuidParam name="taskId" fallback={missing.projects}>
                  {page(() => import('../features/projects/task-page'), (m) => m.TaskPage)}
                </UuidParam>
              }
            />
            <Route path="/projects/kanban" element={page(() => import('../features/projects/kanban-page'), (m) => m.KanbanPage)} />
            <Route path="/projects/roadmap" element={page(() => import('../features/projects/roadmap-page'), (m) => m.RoadmapPage)} />
            {/* After the fixed paths; a path that is not an id (a page not built yet, e.g. /projects/sprint) is the module's missing page. */}
            <Route
              path="/projects/:projectId"
              element={
                <UuidParam name="projectId" fallback={missing.projects}>
                  {page(() => import('../features/projects/project-page'), (m) => m.ProjectPage)}
                </UuidParam>
              }
            />
            <Route path="/projects/*" element={missing.projects} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
