import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { FactoryProvider } from '../../app/factory';
import { createQueryClient } from '../../app/queryClient';
import { serve } from '../../test/http';
import { precalcLine } from '../../test/precalc';
import AlarmEditionPage from './AlarmEditionPage';

const me = vi.hoisted(() => ({ Tipos: ['U_EDITOR'] as string[] }));
vi.mock('../../app/auth', () => ({ useMe: () => me }));

const LINE = precalcLine({ VcvNombre: 'Envolvente global', ActualAviso: 3000, ActualAlarma: 6000, ActualPeligro: 9000 });
const CALCULATE = 'POST /api/user/1/machine/5/reference/calculate';
const LISTS = 'GET /api/user/1/machine/5/precalculation';

function open(machine: object, answers: Parameters<typeof serve>[0] = {}) {
  const calls = serve({
    'GET /api/user/1/machine/5': { status: 200, body: { UsuMaquinaID: 5, NombreEs: 'Bomba P-101', ...machine } },
    [LISTS]: {
      status: 200,
      body: {
        Componentes: [{ UsuComponenteID: 11, NombreEs: 'Bomba centrífuga', NombreEn: 'Centrifugal pump', ComentarioEs: '', ComentarioEn: '', Potencia: null, VelocidadNominal: null, Montaje: { GenOrientacionID: 1 }, ParametrosDinamicos: false }],
        Condiciones: [
          { UsuCondicionID: 1, CondicionID: 1, CondicionNombre: 'Parada' },
          { UsuCondicionID: 2, CondicionID: 2, CondicionNombre: 'Marcha' },
        ],
        Puntos: [{ UsuPuntoVibracionID: 22, NombreEs: 'Bomba LA', UsuComponenteId: 11 }],
      },
    },
    'GET /api/user/1/calculation': { status: 200, body: [] },
    ...answers,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <FactoryProvider factories={[{ UsuFabricaID: 1, Nombre: 'Planta', Plantilla: false }]}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/editor/machine/alarm-edition', element: <AlarmEditionPage /> }], {
            initialEntries: ['/editor/machine/alarm-edition?site=1&area=2&machine=5'],
          })}
        />
      </FactoryProvider>
    </AppProviders>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  me.Tipos = ['U_EDITOR'];
});

describe('AlarmEditionPage', () => {
  it('ALRM-016: shows its form only once the machine and its lists are ready, and why not when they cannot be read', async () => {
    const calls = open({ CriterioId: 23 });
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByRole('button', { name: /Precalcular/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Precalcular/ })).toBeInTheDocument();
    expect(document.querySelector('.ant-skeleton')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Bomba centrífuga' })).toBeChecked();
    expect(calls.filter((c) => c.key === LISTS)).toHaveLength(1);
  });

  it('ALRM-016: a machine whose lists cannot be read shows no form', async () => {
    open({ CriterioId: 23 }, { [LISTS]: { status: 404, body: { errors: [{ code: 'not_found', message: 'El elemento no existe.' }] } } });
    expect(await screen.findByText(/no existe/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Precalcular/ })).not.toBeInTheDocument();
  });

  it('ALRM-001, ALRM-024: titled; without a criterion Precalcular asks nothing and says why', async () => {
    const calls = open({ CriterioId: null });
    const user = userEvent.setup();
    expect(await screen.findByText('Edición de alarmas MEMS')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Precalcular/ }));
    expect(await screen.findByText('La máquina no tiene un criterio asignado.')).toBeInTheDocument(); // MSG-047
    expect(calls.some((c) => c.key === CALCULATE)).toBe(false);
    expect(screen.queryByRole('button', { name: /Guardar valores/ })).not.toBeInTheDocument();
  });

  it('ALRM-017, ALRM-022: the server finds no values: the message, and no save button', async () => {
    const calls = open({ CriterioId: 23 }, { [CALCULATE]: { status: 200, body: { Criterio: true, Datos: false, Lineas: [] } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Precalcular/ }));
    expect(await screen.findByText('No existen datos para realizar el precálculo.')).toBeInTheDocument(); // MSG-048
    expect(screen.queryByRole('button', { name: /Guardar valores/ })).not.toBeInTheDocument();
    expect(calls.find((c) => c.key === CALCULATE)?.body).toMatchObject({ Componentes: '11', Condiciones: '', Metodo: 'P95', VrAvisoLimite: 0.3, VrPeligroAplicarValor: 0.3 });
  });

  it('ALRM-042, ALRM-051: the condition choice lists the criterion conditions by their CondicionID', async () => {
    const calls = open({ CriterioId: 23 }, { [CALCULATE]: { status: 200, body: { Criterio: true, Datos: false, Lineas: [] } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Todas las condiciones/ }));
    await user.click(screen.getByRole('combobox', { name: 'Condiciones' }));
    await user.click(await screen.findByTitle('Marcha'));
    await user.click(screen.getByRole('button', { name: /Precalcular/ }));
    await screen.findByText('No existen datos para realizar el precálculo.');
    expect(calls.find((c) => c.key === CALCULATE)?.body).toMatchObject({ Condiciones: '2' });
  });

  it('ALRM-022: after a precalculation with lines, saves the checked ones; a failure says so', async () => {
    const SAVE = 'PUT /api/user/1/machine/5/reference';
    const calls = open(
      { CriterioId: 23 },
      { [CALCULATE]: { status: 200, body: { Criterio: true, Datos: true, Lineas: [LINE] } }, [SAVE]: { status: 500 } },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Precalcular/ }));
    const row = (await screen.findAllByRole('row')).find((r) => within(r).queryByText('Bomba LA'));
    expect(row).toBeDefined();
    expect(within(row as HTMLElement).getByText('Actual 3,000')).toBeInTheDocument();
    // Every line in mm/s RMS: the unit heads the three level columns.
    expect(screen.getAllByRole('columnheader').filter((h) => within(h).queryByText('mm/s RMS'))).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: /Guardar valores/ }));
    expect(await screen.findByText('No se han podido guardar los valores.')).toBeInTheDocument(); // MSG-052
    expect(calls.find((c) => c.key === SAVE)?.body).toEqual({ ValoresCalculados: JSON.stringify([{ VrId: 7, Dir: 0, Av: 862, Al: 995, Pl: 1194 }]) });
  });
  it('a read-only user precalculates and reads the proposals, told that they cannot be saved, with no field to edit nor save button', async () => {
    me.Tipos = ['U_LECTOR'];
    open({ CriterioId: 23 }, { [CALCULATE]: { status: 200, body: { Criterio: true, Datos: true, Lineas: [LINE] } } });
    const user = userEvent.setup();
    expect(await screen.findByText('Solo lectura: puede precalcular y consultar las propuestas, pero no guardarlas.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Precalcular/ }));
    expect((await screen.findAllByRole('row')).find((r) => within(r).queryByText('Bomba LA'))).toBeDefined();
    expect(screen.queryByRole('button', { name: /Guardar valores/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Bomba LA/ })).toBeNull();
  });
  it('lines of different units each show theirs in a unit column beside the levels: mm/s RMS for a VCV, g for an acceleration VCP', async () => {
    const vcp = precalcLine({ UsuValorReferenciaID: 9, UsuMaqPuntoVcvId: 9, Tipo: 'MPVP', TipoVcp: 'ACE', VcvNombre: 'Aceleración pico' });
    open({ CriterioId: 23 }, { [CALCULATE]: { status: 200, body: { Criterio: true, Datos: true, Lineas: [LINE, vcp] } } });
    await userEvent.setup().click(await screen.findByRole('button', { name: /Precalcular/ }));
    const headers = (await screen.findAllByRole('columnheader')).map((h) => h.textContent);
    expect(headers.slice(headers.indexOf('Aviso'), headers.indexOf('Aviso') + 4)).toEqual(['Aviso', 'Alarma', 'Peligro', 'Unidad']);
    const row = async (name: string) => (await screen.findAllByRole('row')).find((r) => within(r).queryByText(name)) as HTMLElement;
    expect(within(await row('Envolvente global')).getAllByText('mm/s RMS')).toHaveLength(1);
    expect(within(await row('Aceleración pico')).getAllByText('g')).toHaveLength(1);
    expect(screen.getAllByRole('columnheader').filter((h) => within(h).queryByText('mm/s RMS'))).toHaveLength(0);
  });

  it('MSG-050: a calculation template that cannot be saved says so; saved, it says that', async () => {
    const COMPONENT = { UsuComponenteID: 11, NombreEs: 'Bomba centrífuga', NombreEn: 'Centrifugal pump', UsuCalculoVrId: null };
    let fail = true;
    const calls = open(
      { CriterioId: 23 },
      {
        'GET /api/user/1/calculation': { status: 200, body: [{ UsuCalculoVrID: 4, NombreEs: 'Estándar', NombreEn: 'Standard' }] },
        'GET /api/user/1/component/11': { status: 200, body: COMPONENT },
        'PUT /api/user/1/component/11': () => (fail ? { status: 500 } : { status: 200, body: { ...COMPONENT, UsuCalculoVrId: 4 } }),
      },
    );
    const user = userEvent.setup();
    const choose = async () => {
      await user.click(await screen.findByRole('combobox', { name: 'Plantilla de cálculo de Bomba centrífuga' }));
      await user.click(await screen.findByTitle('Estándar'));
    };
    await choose();
    expect(await screen.findByText('No se ha podido guardar la plantilla de cálculo.')).toBeInTheDocument();
    // Not saved, not shown.
    expect(screen.getAllByTitle('Estándar').filter((e) => e.closest('.ant-select-selector'))).toEqual([]);
    expect(calls.find((c) => c.key === 'PUT /api/user/1/component/11')?.body).toMatchObject({ UsuCalculoVrId: 4 });
    fail = false;
    await choose();
    expect(await screen.findByText('Plantilla de cálculo guardada correctamente.')).toBeInTheDocument();
  });
});
