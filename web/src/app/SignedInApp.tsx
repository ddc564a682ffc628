import { lazy, useEffect } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { setFailedListHandler } from '../api/client';
import { AntProviders } from './AppProviders';
import { showOnly } from './messages';
import AppLayout from './AppLayout';
import { RequireAdmin, RequireAuth } from './auth';
import './dates';
import { editorRoutes } from '../features/tree/routes';
import { memsRoute } from '../features/devices/mems/routes';

// One chunk per page: each is loaded the first time it is opened.
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

/** The signed-in application's pages, under its layout (header, side-bar). */
const pages: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
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

/** Tells the user, once however many lists failed together, that an empty list is not the real one. */
function FailedListNotice() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  useEffect(() => setFailedListHandler(() => showOnly(message, 'failed-list', { type: 'error', content: t('errors.listFailed') })), [message, t]);
  return null;
}

/**
 * Everything but the sign-in page: antd with its locale, the signed-in user (anyone without a
 * session is sent to the sign-in page) and the pages. A chunk of its own, so that the sign-in
 * page downloads none of it.
 */
export default function SignedInApp() {
  const page = useRoutes(pages);
  return (
    <AntProviders>
      <FailedListNotice />
      <RequireAuth>{page}</RequireAuth>
    </AntProviders>
  );
}
