import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderEditor } from '../../test/editor';
import { jsonResponse } from '../../test/http';
import { NodeBreadcrumb } from './NodeBreadcrumb';

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
    renderEditor('/other', <NodeBreadcrumb path={{ site: 1, area: 2, machine: 3 }} current="machine" />, '/other');
    const crumbs = await screen.findByRole('navigation', { name: 'Ruta del elemento' });
    expect(await within(crumbs).findByRole('link', { name: /Centro Norte/ })).toHaveAttribute('href', '/editor?site=1');
    expect(within(crumbs).getAllByText(/…/)).toHaveLength(2);
    expect(asked).toEqual(['/api/user/1/tree/children?Tipo=factory&ID=1']);
  });
});
