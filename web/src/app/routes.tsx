import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import RouteErrorBoundary from './RouteErrorBoundary';

// The sign-in page and the signed-in application are chunks of their own: the sign-in page loads
// neither antd nor any page of the application. The error page is not, to show when no chunk loads.
const LoginPage = lazy(() => import('./LoginPage'));
const SignedInApp = lazy(() => import('./SignedInApp'));

/** A chunk on its way: a spinner in the middle of the page. */
function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="vigia-loading" role="progressbar" aria-busy="true" />}>{children}</Suspense>;
}

const errorElement = <RouteErrorBoundary />;

/** The application's routes. Everything but /login requires a session (SignedInApp). */
export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <Loading>
        <LoginPage />
      </Loading>
    ),
    errorElement,
  },
  {
    path: '*',
    element: (
      <Loading>
        <SignedInApp />
      </Loading>
    ),
    errorElement,
  },
];
