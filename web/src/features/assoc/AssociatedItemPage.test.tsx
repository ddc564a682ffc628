import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { createQueryClient } from '../../app/queryClient';
import i18n from '../../i18n';
import { renderEditor } from '../../test/editor';
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
  // The server sends an item with its band.
  'GET /api/user/1/vcv/7': {
    status: 200,
    body: {
      UsuVcvID: 7,
      NombreEs: 'Velocidad 1x',
      NombreEn: 'Speed 1x',
      BandaId: 4,
      Banda: { UsuBandaID: 4, NombreEs: 'Banda 1x', NombreEn: '1x band', Frecuencia: 'ORDENES', Rango: 'AR' },
    },
  },
  [`GET ${BASE}/reference`]: { status: 200, body: REFERENCES },
};

/** The page of the analog VCV 7 on point 5 of machine 3 (/editor/vcv-hr?...&vcv=7), and the router. */
function open(answers: Parameters<typeof serve>[0] = {}, url = '/editor/vcv-hr?site=1&area=2&machine=3&point=5&vcv=7') {
  const calls = serve({ ...ANSWERS, ...answers });
  const queryClient = createQueryClient();
  /** The screen at the URL: the item's page when it names one, else its list. */
  function Screen() {
    const location = useLocation();
    const at = screenAt(location.pathname) ?? ASSOC_SCREENS[0];
    const key = itemFromSearch(at, new URLSearchParams(location.search));
    return key ? <AssociatedItemPage screen={at} itemKey={key} /> : <p>list {at.route}</p>;
  }
  return { calls, router: renderEditor('/editor/*', <Screen />, url, { queryClient }), queryClient };
}

const button = (text: string) => screen.getByRole('button', { name: new RegExp(`${text}$`) });

afterEach(() => {
  vi.unstubAllGlobals();
  me.Tipos = ['U_EDITOR'];
});

describe('AssociatedItemPage', () => {
  it('VCV-019, VCV-020, VCV-022: the conditions with their values, the band read-only, the dissociate action', async () => {
    open();
    expect(await screen.findByText('CDNG')).toBeInTheDocument(); // REF-006
    // REF-007: at a glance, the direction's warning, alarm and danger under their colours, with the unit.
    expect(screen.getAllByRole('row', { name: 'V/H1 2,800 4,500 7,100 mm/s RMS' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('columnheader', { name: 'Aviso' }).length).toBeGreaterThan(0);
    expect(screen.getByText('CDNG').closest('.vigia-link')).not.toBeNull();
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
    // The references of the item no longer associated are not asked for again (a 404 would say the list failed).
    expect(calls.filter((c) => c.key === `GET ${BASE}/reference`)).toHaveLength(1);
  });

  it('VCV-041: a failed dissociation lists the errors and stays', async () => {
    const { router } = open({ [`DELETE ${BASE}`]: { status: 400, body: errorBody({ code: 'not_linked', message: 'El elemento no está asociado.' }) } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Desasociar VCV de KOS Alert 10$/ }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Desasociar' }));
    expect(await screen.findByText('not_linked: El elemento no está asociado.')).toBeInTheDocument();
    expect(router.state.location.search).toContain('vcv=7');
  });

  it('VCV-023, REF-013..REF-015, REF-022, REF-025: a condition opens its editor, checked on blur, saved in thousandths', async () => {
    const { calls } = open({ 'PUT /api/user/1/mpv/reference/11': { status: 204 } });
    const user = userEvent.setup();
    await user.click(await screen.findByText('CDNG'));
    const dialog = await screen.findByRole('dialog');
    // REF-001: the names (the reference's, CDNG here, and the VCV's) are text, not fields.
    expect(within(dialog).getByText('CDNG')).toBeInTheDocument();
    expect(within(dialog).getByText('Velocidad 1x')).toBeInTheDocument();
    expect(within(dialog).queryByDisplayValue('CDNG')).toBeNull();
    expect(within(dialog).queryByDisplayValue('Velocidad 1x')).toBeNull();
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
      Temperatura_Aviso: null,
      Temperatura_Alarma: null,
      Temperatura_Peligro: null,
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
    // A temperature VCP: no thresholds of the vibration directions.
    expect(within(dialog).queryByLabelText('V/H1 Aviso')).toBeNull();
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

  describe('an associated VCP', () => {
    const VCP_BASE = '/api/user/1/mpvp/machine/3/point/5/vcp/9';
    const VCP_URL = '/editor/vcps?site=1&area=2&machine=3&point=5&vcp=9';
    const DEM = {
      'GET /api/user/1/vcp/9': {
        status: 200,
        body: {
          UsuVCPID: 9,
          Nombre: 'Envolvente RMS',
          Tipo: 'DEM',
          UsuBandaDigitalGUID: 'B1',
          BandaDigital: { UsuBandaDigitalGUID: 'B1', Nombre: 'Envolvente 600-60000', Frecuencia: 'CPMS', Rango: 'DM', FrecuOrdenesInicial: '600', FrecuOrdenesFinal: '60000' },
        },
      },
      [`GET ${VCP_BASE}/reference`]: { status: 200, body: [{ ...REFERENCES[1], UsuValorReferenciaMPVpID: 21 }] },
    };

    it('VCP-012: with a band, its digital band is shown read-only beside the reference values', async () => {
      open(DEM, VCP_URL);
      expect(await screen.findByRole('heading', { name: 'Envolvente RMS' })).toBeInTheDocument();
      expect(screen.getByText('Banda asociada')).toBeInTheDocument();
      expect(screen.getByLabelText('Nombre')).toHaveValue('Envolvente 600-60000');
      for (const label of ['Nombre', 'Tipo de frecuencia', 'Rango', 'Frecuencia inicial', 'Frecuencia final']) {
        expect(screen.getByLabelText(label), label).toBeDisabled();
      }
      expect(screen.getByLabelText('Rango').closest('.ant-select')).toHaveTextContent('Envolvente (DM)');
    });

    it("VCP-014: 'Cambiar valores de referencia' opens the reference-values editor in a modal, which Cancelar closes without saving", async () => {
      const { calls } = open(DEM, VCP_URL);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: /Cambiar valores de referencia$/ }));
      const dialog = await screen.findByRole('dialog');
      for (const group of ['V/H1', 'H/H2', 'A', 'Temperatura']) {
        for (const level of ['Aviso', 'Alarma', 'Peligro']) expect(within(dialog).getByLabelText(`${group} ${level}`)).toBeEnabled();
      }
      // Each row with its unit: the envelope's, and the temperature's.
      expect(within(dialog).getAllByText('(Eg)')).toHaveLength(3);
      expect(within(dialog).getByText('(°C)')).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Temperatura Aviso'), '60');
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.filter((c) => c.key.startsWith('PUT'))).toEqual([]);
    });

    it('VCP-017: a spinner shows until the VCP (with its band) and its references have loaded', async () => {
      let answer: (a: Answer) => void = () => {};
      const waiting = new Promise<Answer>((resolve) => (answer = resolve));
      open({ ...DEM, [`GET ${VCP_BASE}/reference`]: () => waiting }, VCP_URL);
      const spinner = await screen.findByLabelText('Cargando…');
      expect(spinner).toHaveAttribute('aria-busy', 'true');
      // The VCP has come with its band; the references have not.
      await waitFor(() => expect(screen.getByLabelText('Cargando…')).toBeInTheDocument());
      expect(screen.queryByRole('heading', { name: 'Envolvente RMS' })).toBeNull();
      answer(DEM[`GET ${VCP_BASE}/reference`]);
      expect(await screen.findByRole('heading', { name: 'Envolvente RMS' })).toBeInTheDocument();
      expect(screen.queryByLabelText('Cargando…')).toBeNull();
    });

    it("VCP-026, MSG-006: a failed dissociation lists each 'code: message' after 'No se ha podido desasociar.' and the user stays", async () => {
      const { calls, router } = open(
        {
          ...DEM,
          [`DELETE ${VCP_BASE}`]: {
            status: 400,
            body: errorBody({ code: 'not_linked', message: 'El elemento no está asociado.' }, { code: 'in_use', message: 'Está en uso por «Máquina 1».' }),
          },
        },
        VCP_URL,
      );
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: /Desasociar VCP$/ }));
      await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Desasociar' }));
      const failure = (await screen.findByText('No se ha podido desasociar.')).closest('.ant-message-notice') as HTMLElement;
      expect(within(failure).getByText('not_linked: El elemento no está asociado.')).toBeInTheDocument();
      expect(within(failure).getByText('in_use: Está en uso por «Máquina 1».')).toBeInTheDocument();
      expect(calls.some((c) => c.key === `DELETE ${VCP_BASE}`)).toBe(true);
      expect(router.state.location.search).toContain('vcp=9');
      expect(screen.getByRole('heading', { name: 'Envolvente RMS' })).toBeInTheDocument();
    });

    it("MSG-062, decision 16: in English its confirmation asks 'Are you sure you want to dissociate the element?' with Cancel and Disassociate", async () => {
      await i18n.changeLanguage('en');
      try {
        open(DEM, VCP_URL);
        await userEvent.setup().click(await screen.findByRole('button', { name: /Disassociate VCP$/ }));
        const confirm = await screen.findByRole('tooltip');
        expect(within(confirm).getByText('Are you sure you want to dissociate the element?')).toBeInTheDocument();
        expect(within(confirm).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Disassociate']);
      } finally {
        await i18n.changeLanguage('es');
      }
    });
  });

  it("MSG-012: dissociating asks '¿Está seguro de querer desasociar el elemento?', in English 'Are you sure you want to dissociate the element?'", async () => {
    const user = userEvent.setup();
    try {
      for (const [language, action, prompt] of [
        ['es', 'Desasociar VCV de KOS Alert 10', '¿Está seguro de querer desasociar el elemento?'],
        ['en', 'Disassociate VCV from KOS Alert 10', 'Are you sure you want to dissociate the element?'],
      ]) {
        await i18n.changeLanguage(language);
        const { calls } = open();
        await user.click(await screen.findByRole('button', { name: new RegExp(`${action}$`) }));
        expect(within(await screen.findByRole('tooltip')).getByText(prompt)).toBeInTheDocument();
        expect(calls.filter((c) => c.key.startsWith('DELETE'))).toEqual([]);
        // The machine VCO page and the spectra's band lists ask the same.
        const t = i18n.getFixedT(language);
        expect([t('machineVco.dissociateConfirm'), t('catalog.links.unlinkConfirm')]).toEqual([prompt, prompt]);
        cleanup();
      }
    } finally {
      await i18n.changeLanguage('es');
    }
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

  describe('a digital VCV spread over the component or the machine', () => {
    const DIGITAL = {
      'GET /api/user/1/digitalvcv/G1': {
        status: 200,
        body: { UsuVCVDigitalGUID: 'G1', NombreEs: 'Velocidad AR', UsuBandaDigitalGUID: 'B1', BandaDigital: { UsuBandaDigitalGUID: 'B1', NombreEs: 'Banda AR', Rango: 'AR' } },
      },
      'GET /api/user/1/mpvd/machine/3/point/5/digitalvcv/G1/reference': { status: 200, body: REFERENCES },
      'GET /api/user/1/point/5': { status: 200, body: { UsuPuntoVibracionID: 5, UsuComponenteID: 4, NombreEs: 'Apoyo' } },
    };
    const URL = '/editor/vcv-digital-hr?site=1&area=2&machine=3&point=5&vcv=G1';
    const COMPONENT_DELETE = 'DELETE /api/digitalvcvassociation/component/point/5/digitalvcv/G1';
    const MACHINE_DELETE = 'DELETE /api/digitalvcvassociation/machine/3/point/5/digitalvcv/G1';

    /** Opens 'Más acciones' and chooses `label`. */
    async function choose(user: ReturnType<typeof userEvent.setup>, label: string) {
      await user.click(await screen.findByRole('button', { name: /Más acciones$/ }));
      await user.click(await screen.findByRole('menuitem', { name: new RegExp(`${label}$`) }));
    }

    it('API-090, API-092: associates it to every point of the point\'s component, then of its machine; the side-bar reloads', async () => {
      const { calls, router, queryClient } = open(
        {
          ...DIGITAL,
          'POST /api/digitalvcvassociation/component': { status: 204 },
          'POST /api/digitalvcvassociation/machine': { status: 204 },
        },
        URL,
      );
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      const user = userEvent.setup();
      // The URL names no component: the point's own answers it.
      await choose(user, 'Asociar a todo el componente');
      expect(await screen.findByText('Elemento asociado correctamente.')).toBeInTheDocument();
      expect(calls.find((c) => c.key === 'POST /api/digitalvcvassociation/component')?.body).toEqual({ UsuComponenteId: 4, UsuVCVDigitalGUID: 'G1' });
      // Every point's associations, not only this one's.
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tree', 1, 'point-associations'] });

      await choose(user, 'Asociar a toda la máquina');
      await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/digitalvcvassociation/machine')).toBe(true));
      expect(calls.find((c) => c.key === 'POST /api/digitalvcvassociation/machine')?.body).toEqual({ UsuMaquinaId: 3, UsuVCVDigitalGUID: 'G1' });
      expect(router.state.location.search).toContain('vcv=G1');
    });

    it('a spread that suits no point shows the server\'s reason', async () => {
      open(
        {
          ...DIGITAL,
          'POST /api/digitalvcvassociation/machine': { status: 400, body: errorBody({ code: 'no_point_fits', message: 'Ningún punto admite el VCV' }) },
        },
        URL,
      );
      await choose(userEvent.setup(), 'Asociar a toda la máquina');
      expect(await screen.findByText('No se ha podido asociar el elemento.')).toBeInTheDocument();
      expect(screen.getByText('no_point_fits: Ningún punto admite el VCV')).toBeInTheDocument();
    });

    it('API-091: dissociates it from the whole component after confirming, then goes to the list of the band range', async () => {
      const { calls, router } = open({ ...DIGITAL, [COMPONENT_DELETE]: { status: 204 } }, URL);
      const user = userEvent.setup();
      await choose(user, 'Desasociar de todo el componente');
      const confirm = await screen.findByRole('dialog');
      expect(confirm).toHaveTextContent('¿Está seguro de querer desasociar el elemento?');
      expect(calls.some((c) => c.key === COMPONENT_DELETE)).toBe(false);
      await user.click(within(confirm).getByRole('button', { name: 'Desasociar' }));
      expect(await screen.findByText('Elemento desasociado correctamente.')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.search).toBe('?site=1&area=2&machine=3&point=5'));
      expect(router.state.location.pathname).toBe('/editor/vcv-digital-hr');
      expect(calls.some((c) => c.key === COMPONENT_DELETE)).toBe(true);
    });

    it('API-093: a failed dissociation from the machine lists the server\'s reasons and stays', async () => {
      const { calls, router } = open(
        { ...DIGITAL, [MACHINE_DELETE]: { status: 400, body: errorBody({ code: 'not_linked', message: 'No está asociado' }) } },
        URL,
      );
      const user = userEvent.setup();
      await choose(user, 'Desasociar de toda la máquina');
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Desasociar' }));
      expect(await screen.findByText('No se ha podido desasociar.')).toBeInTheDocument();
      expect(screen.getByText('not_linked: No está asociado')).toBeInTheDocument();
      expect(calls.some((c) => c.key === MACHINE_DELETE)).toBe(true);
      expect(router.state.location.search).toContain('vcv=G1');
    });

    it('cancelling the confirmation calls nothing', async () => {
      const { calls, router } = open(DIGITAL, URL);
      const user = userEvent.setup();
      await choose(user, 'Desasociar de toda la máquina');
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
      expect(calls.filter((c) => c.key.startsWith('DELETE'))).toEqual([]);
      expect(router.state.location.search).toContain('vcv=G1');
    });

    it('analog VCVs and read-only users have no such menu', async () => {
      open();
      expect(await screen.findByText('CDNG')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Más acciones$/ })).toBeNull();
    });

    it('read-only users of a digital VCV see no menu', async () => {
      me.Tipos = ['U_LECTOR'];
      open(DIGITAL, URL);
      expect(await screen.findByText('CDNG')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Más acciones$/ })).toBeNull();
    });
  });
});
