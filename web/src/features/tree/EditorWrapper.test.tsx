import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderEditor } from '../../test/editor';
import { serve } from '../../test/http';
import { EditorWrapper } from './EditorWrapper';
import { useFeedback } from './feedback';
import { WRAPPERS } from './routes';

/** The edition tab's stand-in: a button that says its action went well. */
function Edition() {
  const feedback = useFeedback();
  return <button onClick={() => feedback.success('VCVs por defecto asignados correctamente (2 nuevos).')}>edition</button>;
}

/** A node kind's wrapper (the machine's) at `url`, its tabs' pages standing in as their sub-paths. */
function open(url: string, kind: 'machine' | 'component' = 'machine') {
  renderEditor(`/editor/${kind}`, <EditorWrapper base={`/editor/${kind}`} tabs={WRAPPERS[kind]} kind={kind} />, url, {
    children: WRAPPERS[kind].map(({ path }) => (path ? { path, element: <p>{path}</p> } : { index: true, element: <Edition /> })),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('EditorWrapper', () => {
  it('TREE-009: the machine wrapper shows only when the path names a machine', async () => {
    open('/editor/machine?site=1&area=2');
    expect(await screen.findByText('Seleccione un elemento en el árbol de la izquierda.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('edition')).toBeNull();
  });

  it('shows the tabs and the active one with a machine', async () => {
    open('/editor/machine/alarm-edition?site=1&area=2&machine=3');
    expect(await screen.findByRole('tab', { name: 'Cálculo de alarmas' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('alarm-edition')).toBeInTheDocument();
  });

  it("the node's path above its tabs: the site and the area link to their editors, the machine is where one is", async () => {
    // One children list for all levels: each step finds its node in it by kind and id.
    serve({
      'GET /api/user/1/tree/children': {
        status: 200,
        body: [
          { Tipo: 'site', ID: 1, Nombre: 'Centro Norte', Hijos: true },
          { Tipo: 'area', ID: 2, Nombre: 'Bombeo', Hijos: true },
          { Tipo: 'machine', ID: 3, Nombre: 'Bomba P-101', Hijos: true },
        ],
      },
    });
    open('/editor/machine/alarm-edition?site=1&area=2&machine=3');
    const crumbs = await screen.findByRole('navigation', { name: 'Ruta del elemento' });
    expect(await within(crumbs).findByRole('link', { name: /Centro Norte/ })).toHaveAttribute('href', '/editor?site=1');
    expect(within(crumbs).getByRole('link', { name: /Bombeo/ })).toHaveAttribute('href', '/editor/area?site=1&area=2');
    expect(within(crumbs).getByText(/Bomba P-101/)).toBeInTheDocument();
    expect(within(crumbs).queryByRole('link', { name: /Bomba P-101/ })).toBeNull();
  });

  it('a wrapper of one page shows that page with no tab bar', async () => {
    open('/editor/component?site=1&area=2&machine=3&component=4', 'component');
    expect(await screen.findByRole('button', { name: 'edition' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it("REF-004: the machine's alert list is its tab reference-value-edition", async () => {
    open('/editor/machine/reference-value-edition?site=1&area=2&machine=3');
    expect(await screen.findByRole('tab', { name: 'Lista de alertas' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('reference-value-edition')).toBeInTheDocument();
  });

  it("takes away a message about another tab's action when the tab changes", async () => {
    open('/editor/machine?site=1&area=2&machine=3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'edition' }));
    expect(await screen.findByText('VCVs por defecto asignados correctamente (2 nuevos).')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Lista de alertas' }));
    expect(await screen.findByText('reference-value-edition')).toBeInTheDocument();
    // Gone: leaving (jsdom never ends the fade).
    await waitFor(() => expect(screen.getByText('VCVs por defecto asignados correctamente (2 nuevos).').closest('.ant-message-notice')).toHaveClass('ant-message-fade-leave'));
  });
});
