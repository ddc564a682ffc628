import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { MemsSection } from './MemsSection';
import { MEMS_BASE } from './section';

// Loaded when first opened.
const MemsSensorsPage = lazy(() => import('./MemsSensorsPage'));

/** The MEMS section at /mems: the wrapper over its screens, the KOS Sensor list at its index. */
export const memsRoute: RouteObject = {
  path: MEMS_BASE.slice(1),
  element: <MemsSection />,
  children: [{ index: true, element: <MemsSensorsPage /> }],
};
