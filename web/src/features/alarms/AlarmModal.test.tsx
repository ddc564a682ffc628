import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { MachineVco } from '../../api/types';
import { AppProviders } from '../../app/AppProviders';
import { FactoryProvider } from '../../app/factory';
import { createQueryClient } from '../../app/queryClient';
import type { ChartLine, TimeChartProps } from '../../components/TimeChart';
import { serve, type Answer } from '../../test/http';
import { AlarmModal, type AlarmModalProps } from './AlarmModal';
import type { VcvAlarm } from './api';

const me = vi.hoisted(() => ({ Tipos: ['U_EDITOR'] as string[] }));
vi.mock('../../app/auth', () => ({ useMe: () => me }));
// jsdom draws no canvas: the chart shows what it would draw.
vi.mock('../../components/TimeChart', () => ({
  TimeChart: (p: TimeChartProps) => (
    <div
      role="img"
      aria-label={p.ariaLabel}
      data-points={p.times.length}
      data-range={JSON.stringify(p.yRange)}
      data-lines={JSON.stringify((p.lines ?? []).map((l: ChartLine) => [l.label, l.value, l.color, l.width]))}
      data-y-label={p.yLabel}
      data-grid-lines={p.yGridLines}
      data-time={p.formatTime(Date.UTC(2026, 10, 24, 12, 30) / 1000)}
    />
  ),
}));

const ROW: VcvAlarm = {
  UsuValorReferenciaID: 8,
  UsuPuntoVibracionID: 22,
  UsuMaqPuntoVcvId: 8,
  Tipo: 'MPV',
  Direccion: 1,
  Orientacion: 0,
  UsuCondicionId: 2,
  ComponenteNombre: 'Bomba centrífuga',
  PuntoNombre: 'Bomba LA',
  TipoVcp: '',
  Rango: 'BR',
  VcvNombre: 'Velocidad 1x',
  CondicionNombre: 'Marcha',
  VrAviso: 2800,
  VrAlarma: 4500,
  VrPeligro: 7100,
};
const CHART = 'POST /api/user/1/visualizator/data/mpv/8/direction/1/condition/2';
const VALUES = [
  { Fecha: '2026-11-01T00:00:00Z', Valor: 2100 },
  { Fecha: '2026-11-02T00:00:00Z', Valor: 5200 },
];

function open(props: Partial<AlarmModalProps> = {}, answers: Record<string, Answer> = {}) {
  const calls = serve({ [CHART]: { status: 200, body: { Datos: VALUES, NombreCondicionHist: 'Marcha' } }, ...answers });
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <FactoryProvider factories={[{ UsuFabricaID: 1, Nombre: 'Planta', Plantilla: false }]}>
        <MemoryRouter>
          <AlarmModal machine={5} subject={{ kind: 'vcv', row: ROW }} onClose={onClose} {...props} />
        </MemoryRouter>
      </FactoryProvider>
    </AppProviders>,
  );
  return { calls, onClose };
}

/** The levels the chart draws: [label, value, colour] of the solid ones. */
async function drawnLines(): Promise<[string, number, string][]> {
  const chart = await screen.findByRole('img', { name: /Histórico de/ });
  return (JSON.parse(chart.getAttribute('data-lines') ?? '[]') as [string, number, string, number][])
    .filter(([, , , width]) => width === 3)
    .map(([label, value, color]) => [label, value, color]);
}

/** The levels the chart draws: [label, value] of the solid ones. */
async function drawn(): Promise<[string, number][]> {
  return (await drawnLines()).map(([label, value]) => [label, value]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  me.Tipos = ['U_EDITOR'];
});

describe('AlarmModal', () => {
  it('ALRM-053, ALRM-054, ALRM-055, ALRM-057, ALRM-047: a VCV row read-only, its three values and the chart with its lines (thousandths divided by 1000)', async () => {
    const { calls } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Editar alarma' });
    for (const text of ['Bomba centrífuga', 'Bomba LA', 'H', 'Velocidad 1x', 'Marcha']) expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText('Aviso')).toHaveValue('2,800');
    expect(screen.getByLabelText('Alarma')).toHaveValue('4,500');
    expect(screen.getByLabelText('Peligro')).toHaveValue('7,100');
    expect(await drawn()).toEqual([
      ['Aviso', 2.8],
      ['Alarma', 4.5],
      ['Peligro', 7.1],
    ]);
    // ALRM-067: up to 1.5 times the larger of the data's maximum (5.2) and the danger (7.1).
    expect(JSON.parse(screen.getByRole('img', { name: /Histórico de/ }).getAttribute('data-range') ?? '')).toEqual([0, 7.1 * 1.5]);
    expect(calls.find((c) => c.key === CHART)?.body).toHaveProperty('FechaInicio');
  });

  it('ALRM-058, ALRM-059, ALRM-060: the warning line is yellow, the alarm amber, the danger red', async () => {
    open();
    expect((await drawnLines()).map(([label, , color]) => [label, color])).toEqual([
      ['Aviso', '#FFFF00'],
      ['Alarma', '#FFBF00'],
      ['Peligro', '#FF0000'],
    ]);
  });

  it("ALRM-065, ALRM-068, ALRM-069: the y axis titled mm/s RMS, 12 grid lines, dates as 'DD MMM YYYY JJ:NN'", async () => {
    open();
    const chart = await screen.findByRole('img', { name: /Histórico de/ });
    expect(chart).toHaveAttribute('data-y-label', 'mm/s RMS');
    expect(chart).toHaveAttribute('data-grid-lines', '12');
    // Day, abbreviated month, year, hours and minutes of the browser's time zone.
    expect(chart.getAttribute('data-time')).toMatch(/^\d{2} [a-zé]{3}\.? 2026 \d{2}:30$/);
  });

  it("a VCP's levels and axis are in its type's unit: g for an acceleration", async () => {
    const row: VcvAlarm = { ...ROW, Tipo: 'MPVP', TipoVcp: 'ACE', VcvNombre: 'Aceleración pico', Direccion: 0 };
    const chart = 'POST /api/user/1/visualizator/data/mpvp/8/direction/0/condition/2';
    open({ subject: { kind: 'vcv', row } }, { [chart]: { status: 200, body: { Datos: VALUES, NombreCondicionHist: 'Marcha' } } });
    expect(await screen.findByRole('img', { name: /Histórico de/ })).toHaveAttribute('data-y-label', 'Aceleración pico (g)');
    expect(screen.getByText('Actual: 2,800 g')).toBeInTheDocument();
  });

  it('ALRM-073, ALRM-076: a wrong order is flagged and not drawn; a right one is redrawn as typed', async () => {
    open();
    const user = userEvent.setup();
    await drawn();
    const warning = screen.getByLabelText('Aviso');
    await user.clear(warning);
    await user.type(warning, '5');
    // The spec's message, and the order broken.
    expect(screen.getByText('El valor introducido no es correcto. El aviso debe ser menor que la alarma.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Guardar/ })).toBeDisabled();
    expect((await drawn())[0]).toEqual(['Aviso', 2.8]);
    await user.clear(warning);
    await user.type(warning, 'x');
    expect(screen.getByText('El valor introducido no es correcto.')).toBeInTheDocument();
    await user.clear(warning);
    await user.type(warning, '3,2');
    expect(screen.getByRole('button', { name: /Guardar/ })).toBeEnabled();
    await waitFor(async () => expect((await drawn())[0]).toEqual(['Aviso', 3.2]));
  });

  it('ALRM-063: hands the values in thousandths to onSave (a precalculation line)', async () => {
    const onSave = vi.fn();
    const { onClose } = open({ onSave, start: ['0,862', '0,995', '1,194'] });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Aviso')).toHaveValue('0,862');
    // The stored values are shown beside the fields.
    expect(screen.getByText('Actual: 2,800 mm/s RMS')).toBeInTheDocument();
    // The stored danger (7.1) above the proposed one (1.194) and the data (5.2) still shows: y up to 1.5 × 7.1.
    expect(JSON.parse((await screen.findByRole('img', { name: /Histórico de/ })).getAttribute('data-range') ?? '')).toEqual([0, 7.1 * 1.5]);
    await user.clear(screen.getByLabelText('Peligro'));
    await user.type(screen.getByLabelText('Peligro'), '1.5');
    await user.click(screen.getByRole('button', { name: /Guardar/ }));
    expect(onSave).toHaveBeenCalledWith([862, 995, 1500]);
    expect(onClose).toHaveBeenCalled();
  });

  it('MSG-057: a period without values says so instead of a chart', async () => {
    open({}, { [CHART]: { status: 200, body: { Datos: [], NombreCondicionHist: 'Marcha' } } });
    expect(await screen.findByText('No hay datos a mostrar.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Histórico de/ })).not.toBeInTheDocument();
  });

  it('ALRM-071: writes the row itself when opened from a list, and says when it could not', async () => {
    const PUT = 'PUT /api/user/1/machine/5/alarm/8/direction/1';
    const { calls, onClose } = open({}, { [PUT]: { status: 500 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText('No se ha podido realizar el cambio.')).toBeInTheDocument(); // MSG-054
    expect(calls.find((c) => c.key === PUT)?.body).toEqual({ VrAviso: 2800, VrAlarma: 4500, VrPeligro: 7100 });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('ALRM-062, ALRM-072: Reset asks first, then takes the recalculated values', async () => {
    const POST = 'POST /api/user/1/machine/5/reference/calculate/vcv/8';
    const { calls } = open({}, { [POST]: { status: 200, body: { VrAviso: 3100, VrAlarma: 3600, VrPeligro: 4300 } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Resetear/ }));
    const pop = await screen.findByRole('tooltip');
    expect(within(pop).getByText('¿Está seguro de querer resetear los valores?')).toBeInTheDocument();
    await user.click(within(pop).getByRole('button', { name: 'Resetear' }));
    expect(await screen.findByText('Los valores se han reseteado correctamente.')).toBeInTheDocument(); // MSG-055
    expect(screen.getByLabelText('Aviso')).toHaveValue('3,100');
    expect(screen.getByLabelText('Peligro')).toHaveValue('4,300');
    expect(calls.find((c) => c.key === POST)?.body).toEqual({ Punto: 22, Direccion: 1, Notificacion: null });
  });

  it('a machine VCO with no states yet opens without an error; its empty warning is flagged once typed in or saved', async () => {
    const vco = { UsuVco_vId: 4, NombreEs: 'Velocidad de giro', NombreEn: 'Speed', Tipo: { EnumTipoVcoID: 'VCO' }, VrAviso: '', VrAlarma: '', VrPeligro: '' } as unknown as MachineVco;
    open({ subject: { kind: 'vco', vco } }, { 'POST /api/user/1/visualizator/data/machine/5/vco/4': { status: 200, body: [] } });
    const user = userEvent.setup();
    const warning = screen.getByLabelText('Aviso');
    expect(screen.queryByText('El valor introducido no es correcto.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Guardar/ })).toBeDisabled();
    await user.type(warning, '{Enter}');
    expect(screen.getByText('El valor introducido no es correcto.')).toBeInTheDocument();
  });

  it("ALRM-056, ALRM-046, ALRM-048: a machine VCO shows its criterion's and its names and writes its states", async () => {
    const vco = { UsuVco_vId: 4, NombreEs: 'Velocidad de giro', NombreEn: 'Speed', Tipo: { EnumTipoVcoID: 'VCO' }, VrAviso: '1480.000', VrAlarma: '2500.000', VrPeligro: '2975.000' } as unknown as MachineVco;
    const PUT = 'PUT /api/user/1/machineocv/machine/5/ocv/4';
    const { calls } = open(
      { subject: { kind: 'vco', vco } },
      {
        'GET /api/user/1/machine/5/vco/4/alarm': {
          status: 200,
          body: { UsuMaquinaId: 5, UsuCriterioId: 23, CriterioNombre: 'Criterio bombas', UsuVcoId: 4, VcoNombre: 'Velocidad de giro', VrAviso: 1480000, VrAlarma: 2500000, VrPeligro: 2975000 },
        },
        'POST /api/user/1/visualizator/data/machine/5/vco/4': { status: 200, body: [{ Fecha: '2026-11-01T00:00:00Z', Inicio: 4000000, Fin: 6000000 }] },
        [PUT]: { status: 200, body: {} },
      },
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Criterio bombas')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByText('Velocidad de giro')).toBeInTheDocument();
    expect(screen.getByLabelText('Aviso')).toHaveValue('1480,000');
    expect(screen.queryByRole('button', { name: /Resetear/ })).not.toBeInTheDocument();
    expect(await drawn()).toEqual([
      ['Aviso', 1480],
      ['Alarma', 2500],
      ['Peligro', 2975],
    ]);
    // The mean of start and end in thousandths, 5000, is above the danger: the range follows it.
    expect(JSON.parse(screen.getByRole('img', { name: /Histórico de/ }).getAttribute('data-range') ?? '')).toEqual([0, 7500]);
    await user.clear(screen.getByLabelText('Alarma'));
    await user.type(screen.getByLabelText('Alarma'), '2600,5');
    await user.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(calls.find((c) => c.key === PUT)?.body).toEqual({ Posicion: 99, VrAviso: '1480.000', VrAlarma: '2600.500', VrPeligro: '2975.000' }));
  });
});
