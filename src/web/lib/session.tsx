import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { SessionResponse, SessionUser } from '@/shared/auth';
import { SESSION_REFRESH_TICK_MS } from '@/shared/timing';
import { api, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';

/**
 * Who is signed in: the session query, the current user of a protected page, the super-admin gate
 * and logout. Below both the features and the app shell, so features never import from app/.
 */

export const sessionKey = ['session'] as const;

/** The signed-in user or null; re-checked every 30 s so a session ended elsewhere is noticed. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: async (): Promise<SessionUser | null> => (await api.get<SessionResponse>('/session')).user,
  refetchInterval: SESSION_REFRESH_TICK_MS,
  staleTime: SESSION_REFRESH_TICK_MS,
});

export const useSession = () => useQuery(sessionQuery);

/**
 * The user RequireAuth (app/guards.tsx) rendered with. Read from context, not from the session
 * query, so a page never sees the session vanish (on logout) before RequireAuth takes it away.
 */
const CurrentUserContext = createContext<SessionUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

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
export function RequireSuperAdmin({ deniedMessage, children }: { deniedMessage: string; children: ReactNode }) {
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

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/sign-out', null),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(sessionKey, null);
    },
  });
}

/** Signs out, then goes to /login; a failure shows its message (spec §8). */
export function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return {
    logout: () =>
      signOut.mutate(undefined, {
        onSuccess: () => navigate('/login', { replace: true }),
        onError: (e) => toast.error('Error', { description: errorMessage(e, 'Failed to sign out') }),
      }),
    isPending: signOut.isPending,
  };
}
