import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './i18n';
import './index.css';
import { setUnauthorizedHandler } from './api/client';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/routes';
import { endSession } from './app/session';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

// AUTH-003: any 401 (but the sign-in call's) ends the session on the client.
setUnauthorizedHandler(() => void endSession(queryClient, router));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
