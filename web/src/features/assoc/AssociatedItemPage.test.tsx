import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { FactoryProvider } from '../../app/factory';
import { createQueryClient } from '../../app/queryClient';
import { errorBody, serve, type Answer } from '../../test/http';
import AssociatedItemPage from './AssociatedItemPage';
import { ASSOC_SCREENS, itemFromSearch, screenAt } from './associations';

const me = vi.hoisted(() => ({ Tipos: ['U_EDITOR'] as string[] }));
vi.mock('../../app/auth', () => ({ useMe: () => me }));

const EMPTY = Object.fromEntries(
  ['V_H1', 'H_H2', 'A', 'Temperatura'].flatMap((g) => ['Aviso', 'Alarma', 'Peligro'].map((f) => [`${g}_${f}`, null])),
);
const REFERENCES = [
  { ...EMPTY, UsuCondicionId: 1, Nombre: null, UsuValorReferenciaID: 11, V_H1_Aviso: 2800, V_H1_Alarma: 4500, V_H1_Peligro: 7100 },
  { ...EMPTY, UsuCondicionId: 2, Nombre: 'Marcha', UsuValorReferenciaID: 12 },
];
const BASE = '/api/user/1/mpv/machine/3/point/5/vcv/7';
const ANSWERS: Record<string, Answer> = {
  'GET /api/user/1/vcv/7': { status: 200, body: { UsuVcvID: 7, NombreEs: 'Velocidad 1x', NombreEn: 'Speed 1x', BandaId: 4 } },
  'GET /api/user/1/band/4': {
    status: 200,
    body: { UsuBandaID: 4, NombreEs: 'Banda 1x', NombreEn: '1x band', Frecuencia: 'ORDENES', Rango: 'AR' },
  },
  [`GET ${BASE}/reference`]: { status: 200, body: REFERENCES },
};

/** The page of the analog VCV 7 on point 5 of machine 3 (/editor/vcv-hr?...&vcv=7), and the router. */
function open(answers: Record<string, Answer> = {}) {
  const calls = serve({ ...ANSWERS, ...answers });
  /** The screen at the URL: the item's page when it names one, else its list. */
  function Screen() {
    const location = useLocation();
    const at = screenAt(location.pathname) ?? ASSOC_SCREENS[0];
    const key = itemFromSearch(at, new URLSearchParams(location.search));
    return key ? <AssociatedItemPage screen={at} itemKey={key} /> : <p>list {at.route}</p>;
  }
  const router = createMemoryRouter([{ path: '/editor/*', element: <Screen /> }], {
    initialEntries: ['/editor/vcv-hr?site=1&area=2&machine=3&point=5&vcv=7'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <FactoryProvider factories={[{ UsuFabricaID: 1, Nombre: 'Planta', Plantilla: false }]}>
        <RouterProvider router={router} />
      </FactoryProvider>
    </AppProviders>,
  );
  return { calls, router };
}

const button = (text: string) => screen.getByRole('button', { name: new RegExp(`${text}$`) });

afterEach(() => {
  vi.unstubAllGlobals();
  me.Tipos = ['U_EDITOR'];
});

describe('AssociatedItemPage', { timeout: 20_000 }, () => {
  it('VCV-019, VCV-020, VCV-022: the conditions with their values, the band read-only, the dissociate action', async () => {
    open();
    expect(await screen.findByText('CDNG')).toBeInTheDocument(); // REF-006
    expect(screen.getByText('V/H1: 2,800 / 4,500 / 7,100')).toBeInTheDocument(); // REF-007
    expect(screen.getByText('Marcha')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Velocidad 1x' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Banda 1x');
    expect(screen.getByLabelText('Nombre')).toBeDisabled();
    expect(button('Desasociar VCV de KOS Alert 10')).toBeInTheDocument();
  });

  it('VCV-021, VCV-042: dissociates after confirming, then goes to the list of the band range', async () => {
    const { calls, router } = open({ [`DELETE ${BASE}`]: { status: 204 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Desasociar VCV de KOS Alert 10$/ }));
    expect(await screen.findByText('¿Está seguro de querer desasociar el elemento?')).toBeInTheDocument();
    await user.click(within(screen.getByRole('tooltip')).getByRole('button', { name: 'Desasociar' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('vcv='));
    expect(router.state.location.pathname).toBe('/editor/vcv-hr');
    expect(router.state.location.search).toBe('?site=1&area=2&machine=3&point=5');
    expect(calls.some((c) => c.key === `DELETE ${BASE}`)).toBe(true);
  });

  it('VCV-041: a failed dissociation lists the errors and stays', async () => {
    const { router } = open({ [`DELETE ${BASE}`]: { status: 409, body: errorBody({ code: 'in_use', message: 'En uso' }) } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Desasociar VCV de KOS Alert 10$/ }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Desasociar' }));
    expect(await screen.findByText('in_use: En uso')).toBeInTheDocument();
    expect(router.state.location.search).toContain('vcv=7');
  });

  it('VCV-023, REF-013..REF-015, REF-022, REF-025: a condition opens its editor, checked on blur, saved in thousandths', async () => {
    const { calls } = open({ 'PUT /api/user/1/mpv/reference/11': { status: 204 } });
    const user = userEvent.setup();
    await user.click(await screen.findByText('CDNG'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Velocidad 1x')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('V/H1 Aviso')).toHaveValue('2,800');
    expect(within(dialog).queryByLabelText('Temperatura Aviso')).toBeNull(); // REF-008: VCPs only

    await user.type(within(dialog).getByLabelText('A Aviso'), '1');
    await user.type(within(dialog).getByLabelText('A Alarma'), '2');
    expect(within(dialog).queryByText('El valor introducido no es correcto.')).toBeNull();
    await user.tab(); // leaving Alarma: the group lacks its danger
    expect(within(dialog).getByText('El valor introducido no es correcto.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Guardar$/ })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('A Peligro'), '3,5');
    await user.tab();
    expect(within(dialog).queryByText('El valor introducido no es correcto.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /Guardar$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'PUT /api/user/1/mpv/reference/11')?.body).toEqual({
      V_H1_Aviso: 2800,
      V_H1_Alarma: 4500,
      V_H1_Peligro: 7100,
      H_H2_Aviso: null,
      H_H2_Alarma: null,
      H_H2_Peligro: null,
      A_Aviso: 1000,
      A_Alarma: 2000,
      A_Peligro: 3500,
    });
  });

  it('REF-024: a save attempt focuses the failing field only', async () => {
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Marcha'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('H/H2 Alarma'), '2');
    await user.type(within(dialog).getByLabelText('V/H1 Aviso'), '{Enter}');
    expect(within(dialog).getByLabelText('H/H2 Alarma')).toHaveFocus();
    expect(within(dialog).getByText('El valor introducido no es correcto.')).toBeInTheDocument();
  });

  it('VCP-013..VCP-015, VCP-016, VCP-025: a VCP without band, its temperature, its confirm, back to its list', async () => {
    const vcp = '/api/user/1/mpvp/machine/3/point/5/vcp/9';
    const { calls, router } = open({
      'GET /api/user/1/vcp/9': { status: 200, body: { UsuVCPID: 9, Nombre: 'Temperatura rodamiento', Tipo: 'TEM', UsuBandaDigitalGUID: null } },
      [`GET ${vcp}/reference`]: { status: 200, body: [{ ...REFERENCES[1], UsuValorReferenciaMPVpID: 21, Temperatura_Aviso: 60000 }] },
      [`DELETE ${vcp}`]: { status: 204 },
    });
    await router.navigate('/editor/vcps?site=1&area=2&machine=3&point=5&vcp=9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Cambiar valores de referencia$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Temperatura Aviso')).toHaveValue('60,000'); // REF-008
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Banda asociada')).toBeNull();

    await user.click(button('Desasociar VCP'));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('¿Está seguro de querer desasociar el elemento?');
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Desasociar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor/vcps'));
    expect(router.state.location.search).toBe('?site=1&area=2&machine=3&point=5');
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toEqual([]);
  });

  it('read-only users see no dissociate action and the values disabled, without Save', async () => {
    me.Tipos = ['U_LECTOR'];
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('CDNG'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('V/H1 Aviso')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: /Guardar$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Desasociar/ })).toBeNull();
  });
});
