import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useNavigate } from 'react-router';
import { FactoryProvider } from '../../app/factory';
import { TreeProvider, useTree } from './TreeContext';

/** Goes to `to` and shows the tree's selection and expansion. */
function Probe({ to }: { to: string }) {
  const tree = useTree();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to);
  }, [navigate, to]);
  return (
    <span data-testid="state">
      {tree.selectedKey ?? '-'} | {tree.expandedKeys.join(',')}
    </span>
  );
}

function app(to: string) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <FactoryProvider factories={[{ UsuFabricaID: 1, Nombre: 'Planta', Plantilla: false }]}>
          <TreeProvider>
            <Probe to={to} />
          </TreeProvider>
        </FactoryProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => sessionStorage.clear());

describe('TreeProvider', () => {
  it('selects the node of the editor URL and expands the nodes above it', async () => {
    const { rerender } = render(app('/editor/machine?site=1&area=2&machine=3'));
    expect(await screen.findByText('machine:3 | site:1,area:2')).toBeInTheDocument();
    rerender(app('/editor?site=1'));
    expect(await screen.findByText('site:1 | site:1,area:2')).toBeInTheDocument();
    rerender(app('/editor/area?site=4&area=9'));
    expect(await screen.findByText('area:9 | site:1,area:2,site:4')).toBeInTheDocument();
  });

  it('on other pages keeps the expansion and, unhighlighted, the selection, also in sessionStorage', async () => {
    const { rerender } = render(app('/editor/component?site=1&area=2&machine=3&component=5'));
    expect(await screen.findByText('component:5 | site:1,area:2,machine:3')).toBeInTheDocument();
    rerender(app('/admin/factories'));
    expect(await screen.findByText('- | site:1,area:2,machine:3')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('vigia.tree') ?? '{}')[1].selected).toBe('component:5');
  });
});
