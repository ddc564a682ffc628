import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { loadStartLanguage } from './i18n';
import './index.css';
import { setUnauthorizedHandler } from './api/client';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/routes';
import { endSession } from './app/session';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

// AUTH-003: any 401 (but the sign-in call's) ends the session on the client.
setUnauthorizedHandler(() => void endSession(queryClient, router));

// antd and its locales come with the signed-in application (SignedInApp); the first page only
// waits for the texts of its language.
void loadStartLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
