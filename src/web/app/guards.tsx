import { Navigate, Outlet } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import { CurrentUserProvider, useSession } from '@/web/lib/session';

/** Protected pages: Loading... while the session is checked, /login without one. */
export function RequireAuth() {
  const session = useSession();
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
  return (
    <CurrentUserProvider user={session.data}>
      <Outlet />
    </CurrentUserProvider>
  );
}
