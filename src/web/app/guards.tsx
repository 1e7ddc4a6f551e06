import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import { CurrentUserProvider, useSession } from '@/web/lib/session';

export const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';

/** Protected pages: Loading... while the session is checked, /login without one. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageState>Loading...</PageState>;
  if (session.isError) {
    return (
      <PageState>
        <span className="grid gap-3">
          <span>{session.error.message}</span>
          <Button variant="outline" onClick={() => void session.refetch()}>
            Try again
          </Button>
        </span>
      </PageState>
    );
  }
  if (!session.data) return <Navigate to="/login" replace />;
  // The company requires two-factor sign-in of this super admin: nothing else until it is set up.
  if (session.data.twoFactorSetupRequired && location.pathname !== TWO_FACTOR_SETUP_PATH) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  return (
    <CurrentUserProvider user={session.data}>
      <Outlet />
    </CurrentUserProvider>
  );
}
