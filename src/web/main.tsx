import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { sessionKey } from './features/auth/api';
import { setUnauthorizedHandler } from './lib/api';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();

/** A request answered 401: the session ended while the page was open. Forget it and sign in again. */
function RedirectOnUnauthorized() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
      if (window.location.pathname !== '/login') void navigate('/login', { replace: true });
    });
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
