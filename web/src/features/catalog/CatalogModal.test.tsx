import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/queryClient';
import i18n from '../../i18n';
import { errorBody, serve } from '../../test/http';
import { BAND, DIGITAL_BAND } from '../bands/kinds';
import { SENSORS } from '../sensors/kinds';
import { SPECTRUM } from '../spectra/kinds';
import { DIGITAL_VCV, VCP, VCV } from '../vcvs/kinds';
import { CatalogModal, type CatalogTarget } from './CatalogModal';
import type { Side } from './kind';

const LISTS = {
  Magnitud: [
    { id: 'G', nameSPA: 'g (aceleración)', nameENG: 'g (acceleration)' },
    { id: 'A', nameSPA: 'Amplitud', nameENG: 'Amplitude' },
  ],
  Power: [{ id: 'ICP_4MA', nameSPA: 'ICP 4 mA', nameENG: 'ICP 4 mA' }],
  Entrada: [{ id: '±8', nameSPA: '±8 V', nameENG: '±8 V' }],
};

function open(target: CatalogTarget, types = ['U_EDITOR'], scope: Side = 'factory') {
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CatalogModal target={target} scope={scope} factoryId={2} lists={LISTS} types={types} onClose={onClose} />
    </AppProviders>,
  );
  return onClose;
}

/** Chooses `option` in the editor's select labelled `label`. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByTitle(option));
}

/** Whether the editor's field labelled `label` is highlighted as invalid. */
const highlighted = (label: string) => screen.getByLabelText(label).closest('.ant-form-item')?.classList.contains('ant-form-item-has-error');

/** A button by its text (antd icons add their own names before it). */
const button = (text: string) => screen.getByRole('button', { name: new RegExp(`${text}$`) });
const toolbar = () => screen.getByRole('toolbar', { name: 'Acciones' });
const buttons = () => within(toolbar()).queryAllByRole('button').map((b) => b.textContent);
const TACHO = { UsuSensorTacometroID: 21, NombreEs: 'Tacómetro', NombreEn: 'Tachometer', Cuentas: 1 };

afterEach(() => vi.unstubAllGlobals());

describe('CatalogModal', () => {
  it('CAT-010, CAT-015, SENS-070, CAT-019: a new item offers Save only, highlights and focuses the first invalid field, then adds', async () => {
    const calls = serve({ 'POST /api/user/2/sensor/taco': { status: 201, body: { ...TACHO, UsuSensorTacometroID: 30 } } });
    const onClose = open({ kind: SENSORS.taco, side: 'factory' });
    expect(buttons()).toEqual(['Guardar']);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Pulsos por vuelta'));
    await user.type(screen.getByLabelText('Pulsos por vuelta'), '0');
    await user.click(button('Guardar'));

    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveFocus());
    expect(screen.getByLabelText('Nombre').closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    expect(screen.getByLabelText('Pulsos por vuelta').closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    expect(screen.getByRole('alert')).toHaveTextContent('Revise los campos resaltados.');
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Nombre'), 'Tacómetro nuevo');
    await user.clear(screen.getByLabelText('Pulsos por vuelta'));
    await user.type(screen.getByLabelText('Pulsos por vuelta'), '60');
    // The alert goes once no field is highlighted.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(button('Guardar'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ kind: SENSORS.taco, side: 'factory', id: '30' }));
    expect(calls).toEqual([
      { key: 'POST /api/user/2/sensor/taco', body: { NombreEs: 'Tacómetro nuevo', NombreEn: 'Tacómetro nuevo', Cuentas: 60 } },
    ]);
  });

  it("CAT-011, CAT-013, CAT-021: a factory item offers Delete, Copy and Save; a refused save keeps the form with the server's reasons", async () => {
    serve({
      'GET /api/user/2/sensor/taco/21': { status: 200, body: TACHO },
      'PUT /api/user/2/sensor/taco/21': {
        status: 422,
        body: errorBody({ code: 'range', message: 'Debe estar entre 1 y 255.', field: 'Cuentas' }),
      },
    });
    const onClose = open({ kind: SENSORS.taco, side: 'factory', id: '21' });
    expect(await screen.findByDisplayValue('Tacómetro')).toBeInTheDocument();
    expect(buttons()).toEqual(['Eliminar', 'Copiar', 'Guardar']);

    const user = userEvent.setup();
    await user.click(button('Guardar'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se ha podido guardar.');
    expect(alert).toHaveTextContent('Pulsos por vuelta: Debe estar entre 1 y 255.');
    expect(screen.getByLabelText('Pulsos por vuelta').closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    expect(onClose).not.toHaveBeenCalled();
    // The reason was about that field: changed, the alert goes.
    await user.type(screen.getByLabelText('Pulsos por vuelta'), '0');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("a refused save's reason names its field as the language writes it: French puts a space before the colon", async () => {
    serve({
      'GET /api/user/2/sensor/taco/21': { status: 200, body: TACHO },
      'PUT /api/user/2/sensor/taco/21': { status: 422, body: errorBody({ code: 'range', message: 'Doit être entre 1 et 255.', field: 'Cuentas' }) },
    });
    await i18n.changeLanguage('fr');
    open({ kind: SENSORS.taco, side: 'factory', id: '21' });
    await screen.findByDisplayValue('Tachometer');
    await userEvent.setup().click(button('Enregistrer'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impulsions par tour : Doit être entre 1 et 255.');
    await i18n.changeLanguage('es');
  });

  it('SENS-046: copying calls the PUT copy call of the type and selects the copy', async () => {
    const calls = serve({
      'GET /api/user/2/sensor/420/12': { status: 200, body: { UsuSensor420ID: 12, NombreEs: 'Transmisor' } },
      'PUT /api/user/2/sensor/420/12/copy': { status: 201, body: { UsuSensor420ID: 40, NombreEs: 'Transmisor (copia)' } },
    });
    const onClose = open({ kind: SENSORS[420], side: 'factory', id: '12' });
    await screen.findByDisplayValue('Transmisor');
    await userEvent.setup().click(button('Copiar'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ kind: SENSORS[420], side: 'factory', id: '40' }));
    expect(calls.map((c) => c.key)).toContain('PUT /api/user/2/sensor/420/12/copy');
  });

  // BAND-048, API-068 (the copies), API-044, API-069 (the downloads), API-061: one call, one path.
  it('copies and downloads where the spec puts them: the add call for analog bands and VCVs, download/{id} for digital bands', async () => {
    const calls = serve({
      'GET /api/user/2/band/5': { status: 200, body: { UsuBandaID: 5, NombreEs: 'Banda 1x', NombreEn: '1x band', Frecuencia: 'ORDENES', Rango: 'BR' } },
      'GET /api/band/7': { status: 200, body: { AdminBandaID: 7, AdminBandaGUID: 'g-band', NombreEs: 'Banda 2x', NombreEn: '2x band', Frecuencia: 'ORDENES', Rango: 'BR' } },
      'GET /api/digitalband/g-digital': { status: 200, body: { AdminBandaDigitalGUID: 'g-digital', Nombre: 'Campo', Frecuencia: 'ORDENES', Rango: 'MG' } },
      'GET /api/vcv/3': { status: 200, body: { AdminVcvID: 3, AdminVcvGUID: 'g-vcv', NombreEs: 'Velocidad 1x', NombreEn: '1x velocity' } },
      'POST /api/user/2/band': { status: 201, body: { UsuBandaID: 6, NombreEs: 'Banda 1x (copia)' } },
      'POST /api/user/2/digitalband/download/g-digital': { status: 201, body: { UsuBandaDigitalGUID: 'g-own', Nombre: 'Campo (descarga)' } },
      'POST /api/vcv': { status: 201, body: { AdminVcvID: 4, NombreEs: 'Velocidad 1x (copia)' } },
    });
    const user = userEvent.setup();
    const run = async (target: CatalogTarget, action: string, types = ['U_EDITOR'], scope: Side = 'factory') => {
      const onClose = open(target, types, scope);
      await waitFor(() => expect(button(action)).toBeEnabled());
      await user.click(button(action));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      cleanup();
    };
    await run({ kind: BAND, side: 'factory', id: '5' }, 'Copiar');
    await run({ kind: BAND, side: 'template', id: '7' }, 'Descargar');
    await run({ kind: DIGITAL_BAND, side: 'template', id: 'g-digital' }, 'Descargar');
    await run({ kind: VCV, side: 'template', id: '3' }, 'Copiar', ['ADMIN'], 'template');
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([
      { key: 'POST /api/user/2/band', body: { UsuBandaID: 5 } },
      { key: 'POST /api/user/2/band', body: { AdminBandaGUID: 'g-band' } },
      { key: 'POST /api/user/2/digitalband/download/g-digital' },
      { key: 'POST /api/vcv', body: { AdminVcvID: 3 } },
    ]);
  });

  it('CAT-016, CAT-020: deleting asks for confirmation and closes with nothing selected', async () => {
    const calls = serve({
      'GET /api/user/2/sensor/taco/21': { status: 200, body: TACHO },
      'DELETE /api/user/2/sensor/taco/21': { status: 204 },
    });
    const onClose = open({ kind: SENSORS.taco, side: 'factory', id: '21' });
    await screen.findByDisplayValue('Tacómetro');
    const user = userEvent.setup();
    await user.click(button('Eliminar'));
    const confirm = await screen.findByText('¿Está seguro de querer eliminar el elemento?');
    expect(calls.map((c) => c.key)).not.toContain('DELETE /api/user/2/sensor/taco/21');
    await user.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /Eliminar$/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(null));
    expect(calls.map((c) => c.key)).toContain('DELETE /api/user/2/sensor/taco/21');
  });

  // SENS-018: a dynamic sensor's template has every field but the magnitude read-only, and decision 4 the magnitude too.
  it("CAT-012, decision 4, SENS-071: a template is read-only with Download only; a refused download shows the server's reason", async () => {
    serve({
      'GET /api/sensor/dynamic/1': {
        status: 200,
        body: { AdminSensorDinamicoID: 1, NombreEs: 'Acelerómetro', Magnitud: { EnumMagnitudID: 'G' }, Power: { EnumPotenciaID: 'ICP_4MA' } },
      },
      'POST /api/user/2/sensor/dynamic/1/download': {
        status: 400,
        body: errorBody({ code: 'sensor_downloaded', message: 'El sensor ya se ha descargado previamente.' }),
      },
    });
    const onClose = open({ kind: SENSORS.dynamic, side: 'template', id: '1' });
    expect(await screen.findByDisplayValue('Acelerómetro')).toBeDisabled();
    expect(buttons()).toEqual(['Descargar']);
    for (const label of ['Alimentación', 'Entrada', 'Sensibilidad', 'Magnitud', 'BIAS mínimo', 'BIAS máximo', 'Tiempo de estabilización']) {
      expect(screen.getByLabelText(label), label).toBeDisabled();
    }

    await userEvent.setup().click(button('Descargar'));
    const alert = (await screen.findByText('No se ha podido descargar el elemento.')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('El sensor ya se ha descargado previamente.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('CAT-022: an item that cannot be loaded closes the editor', async () => {
    serve({ 'GET /api/user/2/sensor/taco/99': { status: 404, body: errorBody({ code: 'not_found', message: 'El elemento no existe.' }) } });
    const onClose = open({ kind: SENSORS.taco, side: 'factory', id: '99' });
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(null));
  });

  it('read-only users see the fields disabled and no actions', async () => {
    serve({ 'GET /api/user/2/sensor/taco/21': { status: 200, body: TACHO } });
    open({ kind: SENSORS.taco, side: 'factory', id: '21' }, ['LECTOR']);
    expect(await screen.findByDisplayValue('Tacómetro')).toBeDisabled();
    expect(screen.queryByRole('toolbar', { name: 'Acciones' })).toBeNull();
    expect(screen.getByText('Solo lectura: su usuario no puede modificar el catálogo de la fábrica.')).toBeInTheDocument();
  });
  it('ADMIN edits a template in the templates scope through the template paths', async () => {
    const calls = serve({
      'GET /api/sensor/taco/3': {
        status: 200,
        body: { AdminSensorTacometroID: 3, NombreEs: 'Tacómetro', NombreEn: 'Tachometer', Cuentas: 1 },
      },
      'PUT /api/sensor/taco/3': { status: 200, body: { AdminSensorTacometroID: 3, NombreEs: 'Tacómetro 2', Cuentas: 2 } },
    });
    const onClose = open({ kind: SENSORS.taco, side: 'template', id: '3' }, ['ADMIN'], 'template');
    expect(await screen.findByDisplayValue('Tacómetro')).toBeEnabled();
    expect(buttons()).toEqual(['Eliminar', 'Copiar', 'Guardar']);
    expect(screen.getByText('Plantilla')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Pulsos por vuelta'));
    await user.type(screen.getByLabelText('Pulsos por vuelta'), '2');
    await user.click(button('Guardar'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ kind: SENSORS.taco, side: 'template', id: '3' }));
    expect(calls.find((c) => c.key.startsWith('PUT'))).toEqual({
      key: 'PUT /api/sensor/taco/3',
      body: { NombreEs: 'Tacómetro', NombreEn: 'Tachometer', Cuentas: 2 },
    });
  });
  it('BAND-049: an alert-device band is not saved while a required field is blank; filled, it is', async () => {
    const calls = serve({ 'POST /api/user/2/band': { status: 201, body: { UsuBandaID: 8, NombreEs: 'Banda 1x' } } });
    const onClose = open({ kind: BAND, side: 'factory' });
    const user = userEvent.setup();
    const required = ['Nombre', 'Tipo de frecuencia', 'Rango', 'Frecuencia inicial', 'Frecuencia final'];
    await user.click(button('Guardar'));
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveFocus());
    for (const label of required) expect(highlighted(label), label).toBe(true);

    // Each one still missing keeps it from the server.
    await user.type(screen.getByLabelText('Nombre'), 'Banda 1x');
    await choose(user, 'Tipo de frecuencia', 'Órdenes');
    await choose(user, 'Rango', 'Rango bajo (BR)');
    await user.type(screen.getByLabelText('Frecuencia inicial'), '0,5');
    await user.click(button('Guardar'));
    await waitFor(() => expect(screen.getByLabelText('Frecuencia final')).toHaveFocus());
    expect(highlighted('Frecuencia final')).toBe(true);
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Frecuencia final'), '1,5');
    await user.click(button('Guardar'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ kind: BAND, side: 'factory', id: '8' }));
    expect(calls.find((c) => c.key === 'POST /api/user/2/band')?.body).toMatchObject({
      NombreEs: 'Banda 1x',
      Frecuencia: 'ORDENES',
      Rango: 'ORDENESBR',
      FrecuOrdenesInicial: '0.5000',
      FrecuOrdenesFinal: '1.5000',
    });
  });

  it("a band's frequencies carry the unit of its frequency type: órdenes, CPM or órdenes de rodamiento", async () => {
    open({ kind: BAND, side: 'factory' });
    const user = userEvent.setup();
    const unit = (label: string) => screen.getByLabelText(label).closest('.ant-input-affix-wrapper')?.querySelector('.ant-input-suffix')?.textContent;
    expect(unit('Frecuencia inicial')).toBe('');
    for (const [type, shown] of [
      ['Órdenes', 'órdenes'],
      ['CPM', 'CPM'],
      ['Rodamientos', 'órdenes de rodamiento'],
    ]) {
      await choose(user, 'Tipo de frecuencia', type);
      for (const label of ['Frecuencia inicial', 'Frecuencia final', 'Frecuencia de fallo']) expect(unit(label), `${type}: ${label}`).toBe(shown);
    }
  });

  it('BAND-052: the digital band editor adds a single-named band of any of the four ranges, envelope with its filter', async () => {
    const calls = serve({ 'POST /api/user/2/digitalband': { status: 201, body: { UsuBandaDigitalGUID: 'g-9', Nombre: 'Envolvente' } } });
    const onClose = open({ kind: DIGITAL_BAND, side: 'factory' });
    expect(screen.getByText('Banda KOS Sensor')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Envolvente');
    await choose(user, 'Tipo de frecuencia', 'CPM');
    expect(screen.getByLabelText('Frecuencia final')).toHaveAttribute('placeholder', '[600; 360000]');
    await user.click(screen.getByRole('combobox', { name: 'Rango' }));
    for (const range of ['Rango bajo (BR)', 'Rango alto (AR)', 'Magnetómetro (MG)']) expect(await screen.findByTitle(range)).toBeInTheDocument();
    await user.click(screen.getByTitle('Envolvente (DM)'));
    expect(await screen.findByLabelText('Filtro de demodulación')).toBeInTheDocument();
    // The hint follows the chosen range: an envelope band's frequencies go up to 60000.
    for (const label of ['Frecuencia inicial', 'Frecuencia final']) expect(screen.getByLabelText(label)).toHaveAttribute('placeholder', '[600; 60000]');
    await user.type(screen.getByLabelText('Frecuencia inicial'), '600');
    await user.type(screen.getByLabelText('Frecuencia final'), '6000');
    await user.click(button('Guardar'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ kind: DIGITAL_BAND, side: 'factory', id: 'g-9' }));
    expect(calls.find((c) => c.key === 'POST /api/user/2/digitalband')?.body).toEqual({
      Nombre: 'Envolvente',
      Frecuencia: 'CPMS',
      Rango: 'DM',
      Sumatorio: 0,
      FiltroDemodulacion: 0,
      FrecuOrdenesInicial: '600.0000',
      FrecuOrdenesFinal: '6000.0000',
      FrecuOrdenesFallo: '0.0000',
    });
  });

  it('BAND-039: a band opened under its spectrum has its fields locked and is only dissociated from it', async () => {
    const band = { UsuBandaID: 21, NombreEs: '1x', NombreEn: '1x', Frecuencia: 'ORDENES', Rango: 'BR', Sumatorio: 0, FrecuOrdenesInicial: '1', FrecuOrdenesFinal: '2' };
    const calls = serve({
      'GET /api/user/2/band/21': { status: 200, body: band },
      'DELETE /api/user/2/spectrum/5/band/21': { status: 204 },
    });
    const link = SPECTRUM.links?.[0];
    if (!link) throw new Error('spectra hold bands');
    const onClose = open({ kind: BAND, side: 'factory', id: '21', holder: { link, id: '5' } });
    expect(await screen.findByDisplayValue('1x')).toBeDisabled();
    for (const label of ['Tipo de frecuencia', 'Rango', 'Sumatorio', 'Frecuencia inicial', 'Frecuencia final', 'Frecuencia de fallo']) {
      expect(screen.getByLabelText(label), label).toBeDisabled();
    }
    expect(buttons()).toEqual(['Desasociar']);
    const user = userEvent.setup();
    await user.click(button('Desasociar'));
    const confirm = await screen.findByText('¿Está seguro de querer desasociar el elemento?');
    await user.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /Desasociar$/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(null));
    expect(calls.map((c) => c.key)).toContain('DELETE /api/user/2/spectrum/5/band/21');
    expect(calls.map((c) => c.key).filter((k) => k.startsWith('PUT'))).toEqual([]);

    // Opened from the bands' own tree, the same band is edited.
    cleanup();
    open({ kind: BAND, side: 'factory', id: '21' });
    expect(await screen.findByDisplayValue('1x')).toBeEnabled();
  });

  it('VCV-033: the alert-device and KOS Sensor VCV editors load, show their fields and save their VCV', async () => {
    const calls = serve({
      'GET /api/user/2/vcv/7': { status: 200, body: { UsuVcvID: 7, NombreEs: 'Velocidad 1x', NombreEn: 'Velocidad 1x', SiglaEs: 'V1X', BandaId: 4 } },
      'PUT /api/user/2/vcv/7': { status: 200, body: { UsuVcvID: 7, NombreEs: 'Velocidad 1x' } },
      'GET /api/user/2/digitalvcv/G1': {
        status: 200,
        body: { UsuVCVDigitalGUID: 'G1', Nombre: 'Global', Siglas: 'GL', Tipo: { EnumTipoVcoID: 'VCOV' }, UsuBandaDigitalGUID: 'B1' },
      },
      'PUT /api/user/2/digitalvcv/G1': { status: 200, body: { UsuVCVDigitalGUID: 'G1', Nombre: 'Global' } },
      'GET /api/user/2/band': { status: 200, body: [{ UsuBandaID: 4, NombreEs: '1x', Rango: 'BR' }] },
      'GET /api/user/2/digitalband': { status: 200, body: [{ UsuBandaDigitalGUID: 'B1', Nombre: 'Global BR', Rango: 'BR' }] },
    });
    const user = userEvent.setup();
    for (const [kind, id, title, name, fields] of [
      [VCV, '7', 'VCV KOS Alert 10', 'Velocidad 1x', ['Sigla (español)', 'Sigla (inglés)', 'Banda', 'Por defecto']],
      [DIGITAL_VCV, 'G1', 'VCV KOS Sensor', 'Global', ['Siglas', 'Tipo', 'Banda', 'Tipo de componente', 'Subtipo de componente']],
    ] as const) {
      const onClose = open({ kind, side: 'factory', id });
      expect(await screen.findByDisplayValue(name)).toBeEnabled();
      expect(screen.getByText(title)).toBeInTheDocument();
      for (const label of fields) expect(screen.getByLabelText(label), label).toBeInTheDocument();
      expect(buttons()).toEqual(['Eliminar', 'Copiar', 'Guardar']);
      await user.click(button('Guardar'));
      await waitFor(() => expect(onClose).toHaveBeenCalledWith({ kind, side: 'factory', id }));
      cleanup();
    }
    expect(calls.find((c) => c.key === 'PUT /api/user/2/vcv/7')?.body).toMatchObject({ NombreEs: 'Velocidad 1x', SiglaEs: 'V1X', BandaId: 4 });
    expect(calls.find((c) => c.key === 'PUT /api/user/2/digitalvcv/G1')?.body).toMatchObject({
      Nombre: 'Global',
      Siglas: 'GL',
      Tipo: { EnumTipoVcoID: 'VCOV' },
      UsuBandaDigitalGUID: 'B1',
    });
  });

  it('VCP-033: the VCP editor adds a VCP of a type, with a band of its range, and fixes the type once created', async () => {
    const bands = [
      { UsuBandaDigitalGUID: 'B1', Nombre: 'Baja', Rango: 'BR' },
      { UsuBandaDigitalGUID: 'B2', Nombre: 'Envolvente', Rango: 'DM' },
    ];
    const calls = serve({
      'GET /api/user/2/digitalband': { status: 200, body: bands },
      'POST /api/user/2/vcp': { status: 201, body: { UsuVCPID: 9, Nombre: 'Envolvente RMS', Tipo: 'DEM', UsuBandaDigitalGUID: 'B2' } },
      'GET /api/user/2/vcp/9': { status: 200, body: { UsuVCPID: 9, Nombre: 'Envolvente RMS', Tipo: 'DEM', UsuBandaDigitalGUID: 'B2' } },
    });
    const onClose = open({ kind: VCP, side: 'factory' });
    expect(screen.getByText('VCP')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Envolvente RMS');
    await choose(user, 'Tipo', 'Envolvente (DEM)');
    await user.click(screen.getByRole('combobox', { name: 'Banda' }));
    expect(await screen.findByTitle('Envolvente · DM')).toBeInTheDocument();
    expect(screen.queryByTitle('Baja · BR')).toBeNull();
    await user.click(screen.getByTitle('Envolvente · DM'));
    await user.click(button('Guardar'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ kind: VCP, side: 'factory', id: '9' }));
    expect(calls.find((c) => c.key === 'POST /api/user/2/vcp')?.body).toEqual({ Nombre: 'Envolvente RMS', Siglas: '', Tipo: 'DEM', UsuBandaDigitalGUID: 'B2' });
    cleanup();

    open({ kind: VCP, side: 'factory', id: '9' });
    expect(await screen.findByDisplayValue('Envolvente RMS')).toBeEnabled();
    expect(screen.getByLabelText('Tipo')).toBeDisabled();
    expect(buttons()).toEqual(['Eliminar', 'Copiar', 'Guardar']);
  });

  it('VCV-034: a VCV without a name is not saved; its name is highlighted and focused', async () => {
    const calls = serve({});
    const user = userEvent.setup();
    for (const kind of [VCV, DIGITAL_VCV]) {
      open({ kind, side: 'factory' });
      await user.click(button('Guardar'));
      await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveFocus());
      expect(highlighted('Nombre')).toBe(true);
      cleanup();
    }
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('SENS-059: the tachometer editor offers Delete, Copy and Save for a factory item, Download for a template', async () => {
    serve({
      'GET /api/user/2/sensor/taco/21': { status: 200, body: TACHO },
      'GET /api/sensor/taco/3': { status: 200, body: { AdminSensorTacometroID: 3, NombreEs: 'Tacómetro plantilla', Cuentas: 1 } },
    });
    open({ kind: SENSORS.taco, side: 'factory', id: '21' });
    expect(await screen.findByDisplayValue('Tacómetro')).toBeEnabled();
    expect(screen.getByText('Sensores Tacométricos')).toBeInTheDocument();
    expect(buttons()).toEqual(['Eliminar', 'Copiar', 'Guardar']);
    cleanup();
    open({ kind: SENSORS.taco, side: 'template', id: '3' });
    expect(await screen.findByDisplayValue('Tacómetro plantilla')).toBeDisabled();
    expect(buttons()).toEqual(['Descargar']);
  });

  it("MSG-002: 'No se ha podido eliminar.' when the delete answers 400 or a falsy result; the editor stays", async () => {
    const user = userEvent.setup();
    for (const answer of [
      { status: 400, body: errorBody({ code: 'in_use', message: 'Está en uso por «Espectro BR».' }) },
      { status: 200, body: false },
    ]) {
      serve({ 'GET /api/user/2/sensor/taco/21': { status: 200, body: TACHO }, 'DELETE /api/user/2/sensor/taco/21': answer });
      const onClose = open({ kind: SENSORS.taco, side: 'factory', id: '21' });
      await screen.findByDisplayValue('Tacómetro');
      await user.click(button('Eliminar'));
      const confirm = await screen.findByText('¿Está seguro de querer eliminar el elemento?');
      await user.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /Eliminar$/ }));
      const alert = (await screen.findByText('No se ha podido eliminar.')).closest('[role="alert"]');
      if (answer.status === 400) expect(alert).toHaveTextContent('Está en uso por «Espectro BR».');
      expect(onClose).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it("MSG-011: deleting asks '¿Está seguro de querer eliminar el elemento?', in English 'Are you sure you want to delete the element?'", async () => {
    serve({ 'GET /api/user/2/sensor/taco/21': { status: 200, body: TACHO } });
    const user = userEvent.setup();
    for (const [language, name, prompt, ok, cancel] of [
      ['es', 'Tacómetro', '¿Está seguro de querer eliminar el elemento?', 'Eliminar', 'Cancelar'],
      ['en', 'Tachometer', 'Are you sure you want to delete the element?', 'Delete', 'Cancel'],
    ]) {
      await i18n.changeLanguage(language);
      open({ kind: SENSORS.taco, side: 'factory', id: '21' });
      await screen.findByDisplayValue(name);
      await user.click(button(ok));
      const popover = (await screen.findByText(prompt)).closest('.ant-popover') as HTMLElement;
      expect(within(popover).getByRole('button', { name: cancel })).toBeInTheDocument();
      expect(within(popover).getByRole('button', { name: new RegExp(`${ok}$`) })).toBeInTheDocument();
      cleanup();
    }
    await i18n.changeLanguage('es');
  });
});
