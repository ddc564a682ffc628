import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../../app/queryClient';
import { renderEditor } from '../../../test/editor';
import { errorBody, serve, type Answer } from '../../../test/http';
import { stubWideScreen } from '../../../test/screen';
import MachineEditor from './MachineEditor';

const me = vi.hoisted(() => ({ Tipos: ['ADMIN'] as string[] }));
vi.mock('../../../app/auth', () => ({ useMe: () => me }));

const json = (body: unknown): Answer => ({ status: 200, body });
const MACHINE = { UsuMaquinaID: 3, UsuAreaID: 2, NombreEs: 'Bomba P-1', Actualizacion: 'VCOV', VelocidadVariable: false, Online: false, Kw: 55, TiempoAprendizaje: 0, KOSSensor: false, CriterioId: 7 };
const ENUMS = {
  Actualizacion: [
    { id: 'VCOV', nameSPA: 'VCOV', nameENG: 'VCOV' },
    { id: 'DESCONOCIDO', nameSPA: 'Desconocido', nameENG: 'Unknown' },
  ],
  Anclaje: [
    { id: '1', nameSPA: 'Rígido', nameENG: 'Rigid' },
    { id: '2', nameSPA: 'Flexible', nameENG: 'Flexible' },
  ],
};
// The system criterion DESCONOCIDO and one a VCOV machine may take.
const CRITERIA = [
  { UsuCriterioID: 1, NombreEs: 'DESCONOCIDO', NombreEn: 'UNKNOWN', Sistema: true, Vco_v: [] },
  { UsuCriterioID: 7, NombreEs: 'Turno de noche', NombreEn: 'Night shift', Vco_v: [{ Tipo: 'VCOV', SensorVirtual: 0 }] },
];

/** The machine editor of machine 3, with the machine `machine` answers. */
function open(answers: Parameters<typeof serve>[0] = {}, machine: Answer | (() => Answer | Promise<Answer>) = json(MACHINE), queryClient = createQueryClient()) {
  const calls = serve({
    'GET /api/user/1/machine/3': machine,
    'GET /api/user/1/enums': json(ENUMS),
    'GET /api/user/1/criterion': json(CRITERIA),
    'GET /api/criterion': json([]),
    'GET /api/user/1/calculation': json([{ UsuCalculoVrID: 4, NombreEs: 'Estándar', NombreEn: 'Standard' }]),
    ...answers,
  });
  renderEditor('/editor/machine', <MachineEditor />, '/editor/machine?site=1&area=2&machine=3', { queryClient });
  return calls;
}

/** The form item of the field labelled `label`. */
const item = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
/** The messages shown: not one fading out as the next replaces it (app/messages.ts). */
const messages = () => Array.from(document.querySelectorAll('.ant-message-notice:not(.ant-message-fade-leave)')).map((n) => n.textContent);

beforeEach(stubWideScreen);
afterEach(() => {
  vi.unstubAllGlobals();
  me.Tipos = ['ADMIN'];
});

// An editor under jsdom takes seconds on a busy machine.
describe('MachineEditor', { timeout: 60_000 }, () => {
  it('MACH-023, MACH-008, MACH-009, MACH-010: loads, then shows the fields of the spec with their units', async () => {
    let answer!: (a: Answer) => void;
    open({}, () => new Promise<Answer>((resolve) => (answer = resolve)));
    // MACH-023: loading...
    await waitFor(() => expect(document.querySelector('.ant-skeleton')).not.toBeNull());
    expect(screen.queryByRole('button', { name: /Guardar$/ })).toBeNull();
    answer(json(MACHINE));
    // ... then ready.
    expect(await screen.findByDisplayValue('Bomba P-1')).toBeInTheDocument();
    expect(document.querySelector('.ant-skeleton')).toBeNull();
    // MACH-008: Nombre, VelocidadVariable, Actualizacion, VelocidadMinima, VelocidadMaxTrabajo,
    // AmplitudMinima1x, Online, Kw, Anclaje, CriterioId, calculoVaID (an administrator's) and
    // Explicacion.
    for (const label of [
      'Nombre',
      'Velocidad variable',
      'Actualización',
      'Velocidad mínima',
      'Velocidad nominal / máxima de trabajo',
      'Amplitud mínima 1x',
      'En línea',
      'Potencia',
      'Anclaje',
      'Criterio',
      'Cálculo VA',
      'Comentario',
    ]) {
      expect(item(label)).toBeInTheDocument();
    }
    expect(within(item('Potencia')).getByText('kW')).toBeInTheDocument();
    // MACH-009: minimum and nominal/maximum speed in rpm; MACH-010: 1x amplitude in mm/s RMS.
    expect(within(item('Velocidad mínima')).getByText('rpm')).toBeInTheDocument();
    expect(within(item('Velocidad nominal / máxima de trabajo')).getByText('rpm')).toBeInTheDocument();
    expect(within(item('Amplitud mínima 1x')).getByText('mm/s RMS')).toBeInTheDocument();
  });

  it('MACH-012: the criterion is chosen from the list, may be left empty, and is DESCONOCIDO in that update mode', async () => {
    const user = userEvent.setup();
    const calls = open({ 'PUT /api/user/1/machine/3': json(MACHINE) }, json({ ...MACHINE, CriterioId: undefined }));
    await screen.findByDisplayValue('Bomba P-1');
    const criterion = screen.getByRole('combobox', { name: 'Criterio' });
    expect(within(item('Criterio')).getByText('Sin criterio')).toBeInTheDocument();
    await user.click(criterion);
    expect(await screen.findByTitle('Turno de noche')).toBeInTheDocument();
    expect(screen.queryByTitle('DESCONOCIDO')).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /Guardar$/ }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/user/1/machine/3')?.body).toMatchObject({ CriterioId: null }));
    await user.click(screen.getByRole('combobox', { name: 'Actualización' }));
    await user.click(await screen.findByTitle('Desconocido'));
    await waitFor(() => expect(within(item('Criterio')).getByTitle('DESCONOCIDO')).toBeInTheDocument());
    expect(item('Criterio').querySelector('.ant-select-disabled')).not.toBeNull();
  });

  it('a select says what it holds: the criterion loading until the criteria come, then its name, never its id; no anchoring', async () => {
    let answer!: (a: Answer) => void;
    open({ 'GET /api/user/1/criterion': () => new Promise<Answer>((resolve) => (answer = resolve)) });
    await screen.findByDisplayValue('Bomba P-1');
    expect(within(item('Criterio')).getByText('Cargando…')).toBeInTheDocument();
    expect(within(item('Criterio')).queryByText('7')).toBeNull();
    expect(within(item('Anclaje')).getByText('Ninguno')).toBeInTheDocument();
    answer(json(CRITERIA));
    expect(await within(item('Criterio')).findByTitle('Turno de noche')).toBeInTheDocument();
  });

  // A change of language fetches every query again: the machine's answer, with the same values,
  // keeps what is typed; another user's values fill an untouched form, and are told beside a
  // typed one, which stays until the current values are loaded.
  it('an answer fetched again keeps what is typed: another user\'s values are told, and loaded on request', async () => {
    const user = userEvent.setup();
    const queryClient = createQueryClient();
    let machine = MACHINE;
    const calls = open({}, () => json(machine), queryClient);
    await screen.findByDisplayValue('Bomba P-1');
    const fetched = () => calls.filter((c) => c.key === 'GET /api/user/1/machine/3').length;
    machine = { ...MACHINE, NombreEs: 'Bomba P-2' };
    await queryClient.invalidateQueries();
    expect(await screen.findByDisplayValue('Bomba P-2')).toBeInTheDocument();

    const name = screen.getByLabelText('Nombre');
    await user.clear(name);
    await user.type(name, 'Bomba P-9');
    await queryClient.invalidateQueries();
    expect(fetched()).toBe(3);
    expect(name).toHaveValue('Bomba P-9');
    expect(screen.queryByRole('alert')).toBeNull();

    machine = { ...MACHINE, NombreEs: 'Bomba P-7' };
    await queryClient.invalidateQueries();
    expect(fetched()).toBe(4);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Otro usuario ha cambiado este elemento mientras usted lo editaba');
    expect(name).toHaveValue('Bomba P-9');
    await user.click(within(alert).getByRole('button', { name: /Cargar los valores actuales/ }));
    expect(await screen.findByDisplayValue('Bomba P-7')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("MACH-024, MACH-019, MACH-025: while saving the button is disabled with a spinner; the criterion goes as CriterioId; each message replaces the one shown", async () => {
    const user = userEvent.setup();
    let answer!: (a: Answer) => void;
    const calls = open({ 'PUT /api/user/1/machine/3': () => new Promise<Answer>((resolve) => (answer = resolve)) });
    await screen.findByDisplayValue('Bomba P-1');
    await user.click(screen.getByRole('button', { name: /Más acciones$/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Copiar máquina$/ }));
    expect(await screen.findByText('Máquina copiada correctamente.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Guardar$/ }));
    // MACH-024
    const saving = await screen.findByRole('button', { name: /Guardando$/ });
    expect(saving).toBeDisabled();
    expect(saving.querySelector('.anticon-loading')).not.toBeNull();
    // MACH-019: the machine's criterion (UsuCriterio) is sent as CriterioId.
    expect(calls.find((c) => c.key === 'PUT /api/user/1/machine/3')?.body).toMatchObject({ CriterioId: 7 });
    answer({ status: 400, body: errorBody({ code: 'x', message: 'Sin conexión' }) });
    // MACH-025: the save error replaces the copy message; the saved message replaces the error.
    await waitFor(() => expect(messages()).toEqual([expect.stringContaining('No se ha podido guardar.')]));
    await user.click(await screen.findByRole('button', { name: /Guardar$/ }));
    answer(json(MACHINE));
    await waitFor(() => expect(messages()).toEqual(['La máquina se ha guardado correctamente.']));
  });

  it('MACH-060, MSG-023: assigning spectra, default VCVs and bearing VCVs each ends in a failure or a success message', async () => {
    const user = userEvent.setup();
    // Each assignment fails the first time and succeeds the second, with n assigned.
    const failThenAssign = (n: number) => {
      let calls = 0;
      return (): Answer => (calls++ === 0 ? { status: 400, body: errorBody({ code: 'none', message: 'Nada que asignar.' }) } : json({ Asignados: n }));
    };
    // A KOS Sensor machine: the same actions assign the digital spectra and VCVs.
    open(
      {
        'POST /api/user/1/machine/3/assign/spectra': failThenAssign(2),
        'POST /api/user/1/machine/3/assign/defaultvcv': failThenAssign(1),
        'POST /api/user/1/machine/3/assign/bearingvcv': failThenAssign(4),
      },
      json({ ...MACHINE, KOSSensor: true }),
    );
    await screen.findByDisplayValue('Bomba P-1');
    // MACH-003: the three under the toolbar's menu 'Asignar'.
    const run = async (action: string) => {
      await user.click(screen.getByRole('button', { name: /Asignar$/ }));
      await user.click(await screen.findByRole('menuitem', { name: new RegExp(`${action}$`) }));
    };
    for (const [action, failed, assigned] of [
      // Spectra are given to points; VCVs counted as new associations, one or more.
      ['Asignar espectros', 'No se han podido asignar los espectros.', 'Espectros asignados correctamente a 2 puntos.'],
      ['Asignar VCVs por defecto', 'No se han podido asignar los VCVs por defecto.', 'VCVs por defecto asignados correctamente (1 nuevo).'],
      ['Asignar VCVs de rodamientos', 'No se han podido asignar los VCVs de rodamientos.', 'VCVs de rodamientos asignados correctamente (4 nuevos).'],
    ]) {
      await run(action);
      await waitFor(() => expect(messages()).toEqual([`${failed}none: Nada que asignar.`]));
      await run(action);
      await waitFor(() => expect(messages()).toEqual([assigned]));
    }
  });

  it("the toolbar groups the assign actions and 'Asociar VCO' under 'Asignar'; copy, download and 'Eliminar máquina' are in 'Más acciones', the delete after its question", async () => {
    const user = userEvent.setup();
    const calls = open({ 'DELETE /api/user/1/machine/3': { status: 204 } });
    await screen.findByDisplayValue('Bomba P-1');
    const bar = screen.getByRole('toolbar', { name: 'Acciones' });
    for (const name of ['Asignar espectros', 'Asociar VCO', 'Copiar máquina', 'Descargar componente', 'Eliminar máquina']) {
      expect(within(bar).queryByRole('button', { name: new RegExp(`${name}$`) })).toBeNull();
    }
    await user.click(within(bar).getByRole('button', { name: /Asignar$/ }));
    expect(await screen.findByRole('menuitem', { name: /Asociar VCO$/ })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: /Más acciones$/ }));
    expect(await screen.findByRole('menuitem', { name: /Descargar componente$/ })).toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: /Eliminar máquina$/ }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('¿Está seguro de querer eliminar el elemento?');
    expect(calls.some((c) => c.key === 'DELETE /api/user/1/machine/3')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Eliminar máquina' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/user/1/machine/3')).toBe(true));
  });
});
