import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';

// The sign-in page, the signed-in application and the error page are chunks of their own: the
// sign-in page loads neither antd nor any page of the application.
const LoginPage = lazy(() => import('./LoginPage'));
const SignedInApp = lazy(() => import('./SignedInApp'));
const RouteErrorBoundary = lazy(() => import('./RouteErrorBoundary'));

/** A chunk on its way: a spinner in the middle of the page. */
function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="vigia-loading" role="progressbar" aria-busy="true" />}>{children}</Suspense>;
}

const errorElement = (
  <Loading>
    <RouteErrorBoundary />
  </Loading>
);

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
