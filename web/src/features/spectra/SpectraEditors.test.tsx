import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/queryClient';
import { jsonResponse, serve } from '../../test/http';
import { CatalogColumns } from '../catalog/CatalogColumns';
import { LinkModal } from '../catalog/CatalogLinks';
import { CatalogModal } from '../catalog/CatalogModal';
import type { CatalogItem, LinkDecl } from '../catalog/kind';
import { DIGITAL_SPECTRUM, SPECTRUM_KINDS } from './kinds';

// The spectra screen's trees, the digital spectrum's editor and its sub-modals (S2 §2.1,
// §2.7, §5.6, §8) against a stubbed server.

/** A digital high-range spectrum with every field its save requires. */
const AR: CatalogItem = {
  UsuEspectroDigitalID: 4,
  Nombre: 'MEMS AR',
  Rango: 'AR',
  Lineas: 1,
  Promediado: 'LINEAL',
  NumPromedios: 1,
  Filtro: '9_HZ',
  Ventana: 'HANN',
  Solapamiento: 0,
  FrecuenciaMuestreo: 10000,
  Atenuacion: 'SIN_ATENUAR',
  Unidad: 'G',
  TipoUnidad: 3,
  UsuSensorDinamicoDigitalId: 3,
  AmplificacionAutorango: 16,
  FiltroHPF: 0,
  FiltroLPF: 0,
  FiltroDemodulacion: 0,
  BandasDigitales: [],
  EspectrosAsociados: [
    { UsuEspectroDigitalID: 5, Nombre: 'MEMS BR', Rango: 'BR', FrecuenciaMuestreo: 10000, Lineas: 1 },
    { UsuEspectroDigitalID: 6, Nombre: 'MEMS DM', Rango: 'DM', FrecuenciaMuestreo: 10000, Lineas: 1 },
  ],
};
const BAND = { UsuBandaDigitalGUID: 'g-1', Nombre: 'Banda AR', Frecuencia: 'CPMS', Rango: 'AR', FrecuOrdenesInicial: '600', FrecuOrdenesFinal: '6000' };

const wrap = (ui: React.ReactNode) => render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
const link = (segment: string) => DIGITAL_SPECTRUM.links?.find((l) => l.segment === segment) as LinkDecl;
/** A button by its text (antd icons add their own names before it). */
const button = (text: string, within_: HTMLElement = document.body) => within(within_).getByRole('button', { name: new RegExp(`${text}$`) });

afterEach(() => vi.unstubAllGlobals());

describe('spectra editors', () => {
  it('SPEC-008: a loading image shows in each tree until its spectra are there', async () => {
    let release = () => {};
    const ready = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (request: Request) => {
      await ready;
      const path = new URL(request.url).pathname;
      return jsonResponse(200, path.endsWith('/digitalspectrum') ? [] : [{ UsuEspectroID: 1, AdminEspectroID: 1, NombreEs: 'Velocidad BR', Rango: 'BR' }]);
    });
    const { container } = wrap(
      <CatalogColumns kinds={SPECTRUM_KINDS} factoryId={2} types={['U_EDITOR']} scope="factory" titles={{ factory: 'F', template: 'P' }} onOpen={() => {}} />,
    );
    // Both families in both columns: four lists loading, each with its turning image.
    await waitFor(() => expect(container.querySelectorAll('.ant-tree .ant-spin')).toHaveLength(4));
    expect(screen.getAllByText('Cargando…')).toHaveLength(4);
    expect(screen.queryByText('Velocidad BR')).toBeNull();
    release();
    await waitFor(() => expect(screen.getAllByText('Velocidad BR')).toHaveLength(2));
    expect(container.querySelectorAll('.ant-tree .ant-spin')).toHaveLength(0);
  });

  it('SPEC-047: the digital spectrum save call is sent only when every required field is filled', async () => {
    const user = userEvent.setup();
    // A new spectrum: name, range, sensor, width, window and unit are blank.
    let calls = serve({ 'GET /api/user/2/sensor/digitaldynamic': { status: 200, body: [] } });
    const editor = (id?: string) => (
      <CatalogModal target={{ kind: DIGITAL_SPECTRUM, side: 'factory', id }} scope="factory" factoryId={2} lists={{}} types={['U_EDITOR']} onClose={() => {}} />
    );
    const first = wrap(editor());
    await user.click(button('Guardar'));
    expect(await screen.findByText('Revise los campos resaltados.')).toBeInTheDocument();
    expect(calls.filter((c) => !c.key.startsWith('GET'))).toEqual([]);
    first.unmount();

    // A stored spectrum without its window: still nothing sent.
    const { Ventana: _, ...withoutWindow } = AR;
    calls = serve({ 'GET /api/user/2/digitalspectrum/4': { status: 200, body: withoutWindow }, 'PUT /api/user/2/digitalspectrum/4': { status: 200, body: AR } });
    const second = wrap(editor('4'));
    expect(await screen.findByDisplayValue('MEMS AR')).toBeInTheDocument();
    await user.click(button('Guardar'));
    expect(await screen.findByText('Revise los campos resaltados.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ventana').closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    expect(calls.filter((c) => !c.key.startsWith('GET'))).toEqual([]);
    second.unmount();

    // Every field filled: the save is sent.
    calls = serve({ 'GET /api/user/2/digitalspectrum/4': { status: 200, body: AR }, 'PUT /api/user/2/digitalspectrum/4': { status: 200, body: AR } });
    wrap(editor('4'));
    expect(await screen.findByDisplayValue('MEMS AR')).toBeInTheDocument();
    await user.click(button('Guardar'));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('PUT /api/user/2/digitalspectrum/4'));
    expect(calls.find((c) => c.key.startsWith('PUT'))?.body).toMatchObject({ Nombre: 'MEMS AR', Rango: 'AR', Ventana: 'HANN', UsuSensorDinamicoDigitalId: 3 });
  });

  it('SPEC-049: associating a band to a digital spectrum requires a selected band', async () => {
    const calls = serve({
      'GET /api/user/2/digitalband': { status: 200, body: [BAND] },
      'POST /api/user/2/digitalspectrum/4/band/g-1': { status: 204 },
    });
    wrap(<LinkModal kind={DIGITAL_SPECTRUM} link={link('band')} side="factory" factoryId={2} item={AR} types={['U_EDITOR']} onClose={() => {}} />);
    const user = userEvent.setup();
    const modal = screen.getByRole('dialog', { name: /Bandas del espectro/ });
    await user.click(button('Asociar', modal));
    expect(await screen.findByText('Se ha de seleccionar una banda.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);

    await user.click(within(modal).getByRole('combobox', { name: 'Banda a asociar' }));
    await user.click(await screen.findByTitle('Banda AR'));
    await user.click(button('Asociar', modal));
    expect(await screen.findByText('Elemento asociado correctamente.')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('POST /api/user/2/digitalspectrum/4/band/g-1');
  });

  it('a band the spectrum holds is offered disabled: choosing it chooses nothing', async () => {
    const calls = serve({ 'GET /api/user/2/digitalband': { status: 200, body: [BAND] } });
    const holding = { ...AR, BandasDigitales: [BAND] };
    wrap(<LinkModal kind={DIGITAL_SPECTRUM} link={link('band')} side="factory" factoryId={2} item={holding} types={['U_EDITOR']} onClose={() => {}} />);
    const user = userEvent.setup();
    const modal = screen.getByRole('dialog', { name: /Bandas del espectro/ });
    await user.click(within(modal).getByRole('combobox', { name: 'Banda a asociar' }));
    const option = await screen.findByTitle('Banda AR');
    expect(option).toHaveClass('ant-select-item-option-disabled');
    await user.click(option);
    await user.click(button('Asociar', modal));
    expect(await screen.findByText('Se ha de seleccionar una banda.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('MSG-013: dissociating every associated spectrum asks about all the associations of that spectrum first', async () => {
    const calls = serve({
      'GET /api/user/2/digitalspectrum': { status: 200, body: [] },
      'DELETE /api/user/2/digitalspectrum/4/spectrum': { status: 204 },
    });
    wrap(<LinkModal kind={DIGITAL_SPECTRUM} link={link('spectrum')} side="factory" factoryId={2} item={AR} types={['ADMIN']} onClose={() => {}} />);
    const modal = screen.getByRole('dialog', { name: /Espectros asociados BR\/DM/ });
    expect(within(modal).getByText('MEMS BR')).toBeInTheDocument();
    expect(within(modal).getByText('Rango bajo (BR) · 10000 Hz · 800 líneas')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(button('Desasociar todos', modal));
    const confirm = await screen.findByText('¿Está seguro de querer eliminar todas las asociaciones de espectros de «MEMS AR»?');
    expect(calls.filter((c) => c.key.startsWith('DELETE'))).toEqual([]);
    await user.click(button('Desasociar todos', confirm.closest('.ant-popover') as HTMLElement));
    expect(await screen.findByText('Elementos desasociados correctamente.')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('DELETE /api/user/2/digitalspectrum/4/spectrum');
  });
});
