import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../app/AppProviders';
import { FactoryProvider } from '../../app/factory';
import { createQueryClient } from '../../app/queryClient';
import { ActionBar } from '../../components/ActionBar';
import { serve, type Answer } from '../../test/http';
import type { DeviceFamily } from '../tree/machineRules';
import { useSendConfiguration, type SendTarget } from './SendConfiguration';

vi.mock('../../app/auth', () => ({ useMe: () => ({ UsuarioID: 3, Tipos: ['U_EDITOR'] }) }));

const GENERATE = 'POST /api/user/1/machine/5/configuration';
const ORDERS = 'GET /api/user/3/installation/sensor/machine/5/oredernumber';
const STATE: Answer = { status: 200, body: { Equipos: [], Versiones: [], MaximoOrden: 32 } };

const section = (Nombre: string, ...messages: string[]) => ({
  Nombre,
  OK: messages.length === 0,
  Errores: messages.map((message) => ({ code: message === 'Los intervalos de medición del criterio seleccionado son muy cortos' ? 'criterion_times' : 'x', message })),
});

function Harness({ target, family }: { target: SendTarget; family?: DeviceFamily }) {
  const send = useSendConfiguration(5);
  return (
    <>
      <ActionBar label="Acciones" actions={send.actions(() => target, family)} />
      {send.modals}
    </>
  );
}

/** Renders the actions of machine 5 of the factory Planta, with `target` changing its defaults. */
function renderHarness(target: Partial<SendTarget>, family?: DeviceFamily) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <FactoryProvider factories={[{ UsuFabricaID: 1, Nombre: 'Planta', Plantilla: false }]}>
        <Harness target={{ machine: 5, kosSensor: false, learningHours: 0, ...target }} family={family} />
      </FactoryProvider>
    </AppProviders>,
  );
}

function open(target: Partial<SendTarget>, answers: Record<string, Answer>, family?: DeviceFamily) {
  const calls = serve({ 'GET /api/user/1/machine/5/configuration': STATE, ...answers });
  renderHarness(target, family);
  return calls;
}

const sensor = (NumeroSerie: string, Alias: string, NumeroOrden: number) => ({ Tipo: 'MEMS', GUID: NumeroSerie, NumeroSerie, Alias, NumeroOrden, UsuMaquinaID: 5, Maquina: 'Bomba' });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useSendConfiguration', () => {
  it('MACH-002, MACH-051, MACH-054, MACH-055, MSG-030, MSG-025: monitor sends mode 0 and the report shows a tick or a cross per section, with its errors', async () => {
    const calls = open(
      {},
      {
        [GENERATE]: {
          status: 200,
          body: {
            Publicada: false,
            Version: null,
            Secciones: [section('InitialCheck', 'Los intervalos de medición del criterio seleccionado son muy cortos'), section('Machine'), section('FileCreation', 'No se ha creado el fichero: hay errores en las secciones anteriores.')],
          },
        },
      },
    );
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: /Aprender/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Parar/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Monitorizar/ }));
    const report = await screen.findByRole('dialog', { name: 'Informe tras enviar configuración' });
    expect(calls.find((c) => c.key === GENERATE)?.body).toEqual({ Modo: 0 });
    expect(within(report).getByText('No se ha publicado la configuración: corrija los errores marcados.')).toBeInTheDocument();
    // MACH-066: the criterion too short is said on its own, at the top.
    expect(within(report).getAllByText('Los intervalos de medición del criterio seleccionado son muy cortos')).toHaveLength(2);
    const marks = [...report.querySelectorAll('[data-section]')].map((e) => `${e.getAttribute('data-section')}:${e.getAttribute('data-ok')}`);
    expect(marks).toEqual(['InitialCheck:false', 'Machine:true', 'FileCreation:false']);
    expect(within(report).getAllByLabelText('Error')).toHaveLength(2);
    expect(within(report).getAllByLabelText('OK')).toHaveLength(1);
  });

  it("a section's errors show five at first and the rest on request; six show whole", async () => {
    const missing = (n: number) => Array.from({ length: n }, (_, i) => `Faltan los valores de referencia ${i + 1}.`);
    open({}, { [GENERATE]: { status: 200, body: { Publicada: false, Version: null, Secciones: [section('Measurements', ...missing(6)), section('References', ...missing(8))] } } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Monitorizar/ }));
    const report = await screen.findByRole('dialog', { name: 'Informe tras enviar configuración' });
    const shown = (name: string) => [...report.querySelector(`[data-section="${name}"]`)!.parentElement!.querySelectorAll('.ant-typography-danger')].map((e) => e.textContent);
    expect(shown('Measurements')).toEqual(missing(6));
    expect(shown('References')).toEqual(missing(5));
    await user.click(within(report).getByRole('button', { name: 'Ver los 3 errores restantes' }));
    expect(shown('References')).toEqual(missing(8));
    expect(within(report).queryByRole('button', { name: /restantes/ })).not.toBeInTheDocument();
  });

  it('MACH-053, MSG-029: while the server generates, "Esperando informe" shows', async () => {
    let answer: (r: Response) => void = () => {};
    serve({ 'GET /api/user/1/machine/5/configuration': STATE });
    const fetched = vi.fn(async (request: Request) => {
      if (request.method === 'POST') return new Promise<Response>((r) => (answer = r));
      return new Response(JSON.stringify(STATE.body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetched);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <FactoryProvider factories={[{ UsuFabricaID: 1, Nombre: 'Planta', Plantilla: false }]}>
          <Harness target={{ machine: 5, kosSensor: false, learningHours: 0 }} />
        </FactoryProvider>
      </AppProviders>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /Monitorizar/ }));
    expect(await screen.findByRole('dialog', { name: 'Esperando informe' })).toBeInTheDocument();
    answer(new Response(JSON.stringify({ Publicada: true, Version: 4, Secciones: [section('FileCreation')] }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByText(/Configuración publicada: versión 4/)).toBeInTheDocument();
  });

  it('MACH-072, MSG-024: learning without hours says so and sends nothing', async () => {
    const calls = open({ learningHours: null }, {});
    await userEvent.setup().click(screen.getByRole('button', { name: /Aprender/ }));
    expect(await screen.findByText('No se ha asignado un tiempo de aprendizaje.')).toBeInTheDocument();
    expect(calls.some((c) => c.key === GENERATE)).toBe(false);
  });

  it('MACH-059: stopping warns that the device will not look for a new configuration for 6 hours; cancelled, nothing is sent', async () => {
    const calls = open({}, { [GENERATE]: { status: 200, body: { Publicada: true, Version: 2, Secciones: [] } } });
    const user = userEvent.setup();
    const stop = within(screen.getByRole('toolbar', { name: 'Acciones' })).getByRole('button', { name: /Parar/ });
    await user.click(stop);
    const warning = await screen.findByRole('dialog', { name: 'Parar la monitorización' });
    expect(within(warning).getByText('El equipo no buscará una nueva configuración durante 6 horas.')).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.key === GENERATE)).toBe(false);
    await user.click(stop);
    const again = (await screen.findAllByRole('dialog', { name: 'Parar la monitorización' })).at(-1)!;
    await user.click(within(again).getByRole('button', { name: 'Parar' }));
    expect(await screen.findByText(/Configuración publicada: versión 2/)).toBeInTheDocument();
    expect(calls.find((c) => c.key === GENERATE)?.body).toEqual({ Modo: 2 });
  });

  it('MACH-061, MSG-026: sensors of order 0 are listed with their serial and alias, and the configuration goes only on yes', async () => {
    const calls = open({ kosSensor: true }, { [ORDERS]: { status: 200, body: [sensor('S-0', 'Motor LA', 0), sensor('S-1', '', 1)] }, [GENERATE]: { status: 200, body: { Publicada: true, Version: 1, Secciones: [] } } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Monitorizar/ }));
    const question = await screen.findByRole('dialog', { name: "Los siguientes sensores tienen número de orden '0'. ¿Deseas enviar la configuración?" });
    expect(within(question).getByText('S-0 (Motor LA)')).toBeInTheDocument();
    expect(within(question).queryByText('S-1')).not.toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(calls.some((c) => c.key === GENERATE)).toBe(false);
    await user.click(screen.getByRole('button', { name: /Monitorizar/ }));
    const again = (await screen.findAllByRole('dialog', { name: /número de orden '0'/ })).at(-1)!;
    await user.click(within(again).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText(/Configuración publicada: versión 1/)).toBeInTheDocument();
    expect(calls.find((c) => c.key === GENERATE)?.body).toEqual({ Modo: 0, MaximoOrden: 32 });
  });

  it('MACH-062, MACH-064, MSG-027: sensors above the maximum order kept in the browser are listed with an accept button, and nothing is sent', async () => {
    localStorage.setItem('vigia.maximoOrden', '4');
    const calls = open({ kosSensor: true }, { [ORDERS]: { status: 200, body: [sensor('S-0', 'Motor', 0), sensor('S-5', 'Bomba', 5)] } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Monitorizar/ }));
    const notice = await screen.findByRole('dialog', { name: 'Los siguientes sensores Superan el numero maximo de orden' });
    expect(within(notice).getByText('S-5 (Bomba)')).toBeInTheDocument();
    expect(within(notice).queryByText('S-0 (Motor)')).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Aceptar' }));
    expect(calls.some((c) => c.key === GENERATE)).toBe(false);
  });

  it('the monitor action shows the device it goes through: alert device, alert device G or gateway', () => {
    serve({ 'GET /api/user/1/machine/5/configuration': STATE });
    for (const [family, icon] of [
      ['ALERT10', 'dashboard'],
      ['ALERT10C', 'cluster'],
      ['GATEWAY', 'wifi'],
    ] as const) {
      const { unmount } = renderHarness({}, family);
      expect(within(screen.getByRole('button', { name: /Monitorizar/ })).getByRole('img', { name: icon })).toBeInTheDocument();
      unmount();
    }
  });
});
