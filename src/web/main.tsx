import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { sessionKey } from '@/web/lib/session';
import { setTwoFactorSetupRequiredHandler, setUnauthorizedHandler } from './lib/api';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// Our Content-Security-Policy forbids eval; without `jitless` zod probes `new Function` (and the
// browser reports a violation) before falling back. Set through zod's global config object
// (what `z.config()` writes) so the first pages need not load zod; e2e/security.spec.ts checks it.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

const queryClient = createQueryClient();

/**
 * A request answered 401: the session ended while the page was open. Forget it and sign in again.
 * A 403 asking for two-factor setup: the session is read again and RequireAuth goes to the setup.
 */
function RedirectOnUnauthorized() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
      if (window.location.pathname !== '/login') void navigate('/login', { replace: true });
    });
    // Read the session again: it says so, and RequireAuth takes the user to the setup.
    setTwoFactorSetupRequiredHandler(() => void queryClient.invalidateQueries({ queryKey: sessionKey }));
  }, [navigate]);
  return null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <RedirectOnUnauthorized />
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
