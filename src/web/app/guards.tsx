import { createContext, useContext, useEffect, useRef } from 'react';
import { Navigate, Outlet } from 'react-router';
import { toast } from '@/web/lib/toast';
import type { SessionUser } from '@/shared/auth';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import { useSession } from '@/web/features/auth/api';

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
    <CurrentUserContext value={session.data}>
      <Outlet />
    </CurrentUserContext>
  );
}

/**
 * The user RequireAuth rendered with. Read from context, not from the session query, so a page
 * never sees the session vanish (on logout) before RequireAuth takes it away.
 */
const CurrentUserContext = createContext<SessionUser | null>(null);

/** The signed-in user, inside RequireAuth. */
export function useCurrentUser(): SessionUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside RequireAuth');
  return user;
}

/**
 * Super-admin pages: anyone else gets the Access Denied toast with the page's message and goes
 * to /products (spec §6). The server refuses them too; this only spares a useless page.
 */
export function RequireSuperAdmin({ deniedMessage, children }: { deniedMessage: string; children: React.ReactNode }) {
  const user = useCurrentUser();
  const denied = user.role !== 'super_admin';
  const toasted = useRef(false);
  useEffect(() => {
    if (denied && !toasted.current) {
      toasted.current = true;
      toast.error('Access Denied', { description: deniedMessage });
    }
  }, [denied, deniedMessage]);
  if (denied) return <Navigate to="/products" replace />;
  return children;
}
