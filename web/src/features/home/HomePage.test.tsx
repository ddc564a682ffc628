import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { FactoryProvider } from '../../app/factory';
import { createQueryClient } from '../../app/queryClient';
import { serve, type Answer } from '../../test/http';
import HomePage from './HomePage';
import type { Overview, Place } from './overview';

vi.mock('../../app/auth', () => ({ useMe: () => ({ Nombre: 'Elena Editora', Login: 'editor', Tipos: ['U_EDITOR'] }) }));

const OVERVIEW = 'GET /api/user/1/overview';

const place = (id: number, name: string): Place => ({ UsuMaquinaID: id, Nombre: name, UsuAreaID: 3, Area: 'Bombeo', UsuCentroID: 1, Centro: 'Centro Norte' });
const none = [
  { Estado: 'PELIGRO' as const, Series: 0, Puntos: 0 },
  { Estado: 'ALARMA' as const, Series: 0, Puntos: 0 },
  { Estado: 'AVISO' as const, Series: 0, Puntos: 0 },
];

function overview(patch: Partial<Overview> = {}): Overview {
  return {
    Centros: 2,
    Maquinas: 1500,
    Puntos: 12345,
    SinCriterio: { Total: 0, Maquinas: [] },
    SinValores: { Total: 0, Maquinas: [] },
    Alarmas: { Estados: none, Centros: [] },
    Cambios: [],
    ...patch,
  };
}

function open(answer: Answer, plantilla = false) {
  const calls = serve({ [OVERVIEW]: answer, 'GET /api/user/1/configuration': { status: 200, body: { Estados: [], Atencion: [] } } });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <FactoryProvider factories={[{ UsuFabricaID: 1, Nombre: 'Planta Demo', Plantilla: plantilla }]}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </FactoryProvider>
    </AppProviders>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the factory’s figures in Spanish, and says all is well where nothing needs a look', async () => {
    open({ status: 200, body: overview() });
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    const figures = await screen.findByLabelText('La fábrica en cifras');
    expect(await within(figures).findByText('12.345')).toBeInTheDocument();
    expect(within(figures).getByText('1500')).toBeInTheDocument();
    expect(screen.getByText('Ningún punto supera sus umbrales de aviso, alarma ni peligro.')).toBeInTheDocument();
    expect(screen.getByText('Todas las máquinas tienen criterio.')).toBeInTheDocument();
    expect(screen.getByText('Todas las máquinas tienen valores de referencia.')).toBeInTheDocument();
    expect(screen.getByText('Todavía no se ha registrado ningún cambio en la fábrica.')).toBeInTheDocument();
  });

  it('lists the machines to configure, each a link to its editor, and how many more there are', async () => {
    const listed = Array.from({ length: 10 }, (_, i) => place(10 + i, `Bomba ${i}`));
    open({ status: 200, body: overview({ SinCriterio: { Total: 12, Maquinas: listed }, SinValores: { Total: 1, Maquinas: [place(5, 'Bomba P-101')] } }) });
    const criterion = await screen.findByRole('region', { name: 'Sin criterio' });
    expect(within(criterion).getAllByRole('link')).toHaveLength(10);
    expect(within(criterion).getByRole('link', { name: 'Bomba 0' })).toHaveAttribute('href', '/editor/machine?site=1&area=3&machine=10');
    expect(within(criterion).getByText('y 2 más')).toBeInTheDocument();
    expect(within(criterion).getByText('12')).toBeInTheDocument();
    const values = screen.getByRole('region', { name: 'Sin valores de referencia' });
    expect(within(values).getByRole('link', { name: 'Bomba P-101' })).toHaveAttribute('href', '/editor/machine?site=1&area=3&machine=5');
    expect(within(values).queryByText(/más/)).not.toBeInTheDocument();
  });

  it('counts the points above their thresholds by state and opens each site’s alarms in a state', async () => {
    const estados = [
      { Estado: 'PELIGRO' as const, Series: 2, Puntos: 1 },
      { Estado: 'ALARMA' as const, Series: 0, Puntos: 0 },
      { Estado: 'AVISO' as const, Series: 1500, Puntos: 1200 },
    ];
    open({ status: 200, body: overview({ Alarmas: { Estados: estados, Centros: [{ UsuCentroID: 1, Nombre: 'Centro Norte', Estados: estados }] } }) });
    const tiles = await screen.findByRole('group', { name: 'Puntos por estado' });
    expect(within(tiles).getByLabelText('Peligro: 1 punto, 2 medidas')).toBeInTheDocument();
    expect(within(tiles).getByLabelText('Aviso: 1200 puntos, 1500 medidas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Centro Norte' })).toHaveAttribute('href', '/editor/alarms?site=1');
    expect(screen.getByRole('link', { name: 'Centro Norte: 1 punto en Peligro' })).toHaveAttribute('href', '/editor/alarms?site=1&estado=PELIGRO');
    expect(screen.queryByRole('link', { name: /en Alarma/ })).not.toBeInTheDocument();
  });

  it('lists the latest changes: what, on what, who, when, and the machine it was under', async () => {
    const recent = new Date(Date.now() - 5 * 60_000).toISOString();
    const change = { ID: 1, Fecha: recent, Usuario: 'editor', Tipo: 'machine', Operacion: 'edit-machine', Metodo: 'PUT', MaquinaID: 5, Nombre: 'Bomba P-101', Maquina: place(5, 'Bomba P-101') };
    open({ status: 200, body: overview({ Cambios: [change, { ...change, ID: 2, Operacion: 'create-vcv', Tipo: 'vcv', MaquinaID: null, Maquina: undefined, Nombre: 'Velocidad' }] }) });
    const [edit, created] = within(await screen.findByRole('list', { name: 'Últimos cambios' })).getAllByRole('listitem');
    expect(edit).toHaveTextContent('Modificación Máquina Bomba P-101');
    expect(edit).toHaveTextContent('editor · hace 5 minutos');
    expect(within(edit).getByRole('link', { name: 'Centro Norte › Bombeo › Bomba P-101' })).toHaveAttribute('href', '/editor/machine?site=1&area=3&machine=5');
    expect(created).toHaveTextContent('Alta VCV Velocidad');
    expect(within(created).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when the overview cannot be read', async () => {
    open({ status: 404, body: { errors: [{ code: 'not_found', message: 'El elemento no existe.' }] } });
    expect(await screen.findByText('No se ha podido cargar el resumen de la fábrica.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('asks nothing of the template workspace, which holds no plant', async () => {
    const calls = open({ status: 200, body: overview() }, true);
    expect(await screen.findByRole('heading', { name: 'Le damos la bienvenida, Elena Editora' })).toBeInTheDocument();
    expect(screen.queryByLabelText('La fábrica en cifras')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.key === OVERVIEW)).toHaveLength(0);
  });
});
