import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Flex, Spin } from 'antd';
import { RequireAdmin, RequireAuth } from './auth';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { editorRoutes } from '../features/tree/routes';
import { memsRoute } from '../features/devices/mems/routes';

// One chunk per page: each is loaded the first time it is opened; the shell (header, side-bar
// and tree) too, so that the sign-in page loads none of it.
const AppLayout = lazy(() => import('./AppLayout'));
const LoginPage = lazy(() => import('./LoginPage'));
const ErrorPage = lazy(() => import('./ErrorPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const HomePage = lazy(() => import('../features/home/HomePage'));
const FactoriesPage = lazy(() => import('../features/admin/FactoriesPage'));
const UsersPage = lazy(() => import('../features/admin/UsersPage'));
const AuditPage = lazy(() => import('../features/audit/AuditPage'));
const EquipmentPage = lazy(() => import('../features/devices/equipment/EquipmentPage'));
const SensorsPage = lazy(() => import('../features/sensors/SensorsPage'));
const BandsPage = lazy(() => import('../features/bands/BandsPage'));
const SpectraPage = lazy(() => import('../features/spectra/SpectraPage'));
const VcvsPage = lazy(() => import('../features/vcvs/VcvsPage'));
const CriteriaPage = lazy(() => import('../features/criteria/CriteriaPage'));
const ImportPage = lazy(() => import('../features/history/ImportPage'));

function FullPage({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
          <Spin size="large" />
        </Flex>
      }
    >
      {children}
    </Suspense>
  );
}

/** The application's routes. Everything but /login requires a session. */
export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <FullPage>
        <LoginPage />
      </FullPage>
    ),
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: '/',
    element: (
      <RequireAuth>
        <FullPage>
          <AppLayout />
        </FullPage>
      </RequireAuth>
    ),
    errorElement: <RouteErrorBoundary />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'editor', children: editorRoutes },
      { path: 'catalog/sensors', element: <SensorsPage /> },
      { path: 'catalog/bands', element: <BandsPage /> },
      { path: 'catalog/spectra', element: <SpectraPage /> },
      { path: 'catalog/vcvs', element: <VcvsPage /> },
      { path: 'catalog/criteria', element: <CriteriaPage /> },
      memsRoute,
      { path: 'history/import', element: <ImportPage /> },
      { path: 'admin/factories', element: <FactoriesPage /> },
      {
        path: 'admin/users',
        element: (
          <RequireAdmin>
            <UsersPage />
          </RequireAdmin>
        ),
      },
      {
        path: 'admin/audit',
        element: (
          <RequireAdmin>
            <AuditPage />
          </RequireAdmin>
        ),
      },
      {
        path: 'admin/equipment',
        element: (
          <RequireAdmin>
            <EquipmentPage />
          </RequireAdmin>
        ),
      },
      { path: 'error', element: <ErrorPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
