import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { FactoryProvider } from '../app/factory';
import { createQueryClient } from '../app/queryClient';
import { TreeProvider } from '../features/tree/TreeContext';

interface EditorOptions {
  /** The signed-in user's factories; factory 1 alone by default. */
  factories?: { UsuFabricaID: number; Nombre: string; Plantilla: boolean }[];
  /** The routes under `path`, for a page that renders an outlet. */
  children?: RouteObject[];
  queryClient?: QueryClient;
}

/**
 * Renders `page` at `url` under the route `path`, inside the editors' providers (the app's, the
 * factory's, the side-bar's); answers the router.
 */
export function renderEditor(
  path: string,
  page: ReactNode,
  url: string,
  { factories = [{ UsuFabricaID: 1, Nombre: 'Planta', Plantilla: false }], children, queryClient = createQueryClient() }: EditorOptions = {},
) {
  const router = createMemoryRouter([{ path, element: <TreeProvider>{page}</TreeProvider>, children }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={queryClient}>
      <FactoryProvider factories={factories}>
        <RouterProvider router={router} />
      </FactoryProvider>
    </AppProviders>,
  );
  return router;
}
