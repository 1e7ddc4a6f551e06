import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { sessionKey } from './features/auth/api';
import { setUnauthorizedHandler } from './lib/api';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();
const router = createRouter();

// A request answered 401: the session ended while the page was open. Forget it and sign in again.
setUnauthorizedHandler(() => {
  queryClient.clear();
  queryClient.setQueryData(sessionKey, null);
  if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
