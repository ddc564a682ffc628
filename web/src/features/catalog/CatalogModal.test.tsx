import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/queryClient';
import { errorBody, serve } from '../../test/http';
import { SENSORS } from '../sensors/kinds';
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

/** A button by its text (antd icons add their own names before it). */
const button = (text: string) => screen.getByRole('button', { name: new RegExp(`${text}$`) });
const toolbar = () => screen.getByRole('toolbar', { name: 'Acciones' });
const buttons = () => within(toolbar()).queryAllByRole('button').map((b) => b.textContent);
const TACHO = { UsuSensorTacometroID: 21, NombreEs: 'Tacómetro', NombreEn: 'Tachometer', Cuentas: 1 };

afterEach(() => vi.unstubAllGlobals());

// Typing into antd forms under jsdom is slow on a busy machine: more than the default 5 s.
describe('CatalogModal', { timeout: 20_000 }, () => {
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

    await userEvent.setup().click(button('Guardar'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se ha podido guardar.');
    expect(alert).toHaveTextContent('Pulsos por vuelta: Debe estar entre 1 y 255.');
    expect(screen.getByLabelText('Pulsos por vuelta').closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    expect(onClose).not.toHaveBeenCalled();
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
});
