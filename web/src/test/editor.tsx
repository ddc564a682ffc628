import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { FactoryProvider } from '../app/factory';
import { createQueryClient } from '../app/queryClient';
import { TreeProvider } from '../features/tree/TreeContext';

/**
 * Renders `page` at `url` under the route `path`, inside the editors' providers, as the
 * only page of factory 1 (or of `factories`); answers the router.
 */
export function renderEditor(path: string, page: ReactNode, url: string, factories = [{ UsuFabricaID: 1, Nombre: 'Planta', Plantilla: false }]) {
  const router = createMemoryRouter([{ path, element: <TreeProvider>{page}</TreeProvider> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <FactoryProvider factories={factories}>
        <RouterProvider router={router} />
      </FactoryProvider>
    </AppProviders>,
  );
  return router;
}
