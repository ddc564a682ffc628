import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { FactoryProvider } from '../../app/factory';
import { createQueryClient } from '../../app/queryClient';
import { jsonResponse } from '../../test/http';
import { NodeBreadcrumb } from './NodeBreadcrumb';
import { TreeProvider } from './TreeContext';

afterEach(() => vi.unstubAllGlobals());

describe('NodeBreadcrumb', () => {
  it('asks only the lists of branches the side-bar has expanded in this factory', async () => {
    // Not an editor URL: the side-bar expands nothing, as for a path of the factory just left.
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}?${url.searchParams}`);
      return jsonResponse(200, [{ Tipo: 'site', ID: 1, Nombre: 'Centro Norte', Hijos: true }]);
    });
    const router = createMemoryRouter(
      [
        {
          path: '/other',
          element: (
            <TreeProvider>
              <NodeBreadcrumb path={{ site: 1, area: 2, machine: 3 }} current="machine" />
            </TreeProvider>
          ),
        },
      ],
      { initialEntries: ['/other'] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <FactoryProvider factories={[{ UsuFabricaID: 1, Nombre: 'Planta', Plantilla: false }]}>
          <RouterProvider router={router} />
        </FactoryProvider>
      </AppProviders>,
    );
    const crumbs = await screen.findByRole('navigation', { name: 'Ruta del elemento' });
    expect(await within(crumbs).findByRole('link', { name: /Centro Norte/ })).toHaveAttribute('href', '/editor?site=1');
    expect(within(crumbs).getAllByText(/…/)).toHaveLength(2);
    expect(asked).toEqual(['/api/user/1/tree/children?Tipo=factory&ID=1']);
  });
});
