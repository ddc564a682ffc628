import { use } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { renderEditor } from '../../test/editor';
import { errorBody, serve, type Answer } from '../../test/http';
import { stubWideScreen } from '../../test/screen';
import AssocScreenPage from './AssocScreenPage';
import { ASSOC_SCREENS, screenAt } from './associations';

const me = vi.hoisted(() => ({ Tipos: ['U_EDITOR'] as string[] }));
vi.mock('../../app/auth', () => ({ useMe: () => me }));

const json = (body: unknown): Answer => ({ status: 200, body });
const never = new Promise<never>(() => {});
const POINT = 'site=1&area=2&machine=3&point=5';

/**
 * The screen at `url` (/editor/vcps?...), inside the editors' providers; and the router. The
 * screen of `pending`, when given, is never ready to draw.
 */
function open(url: string, answers: Parameters<typeof serve>[0] = {}, pending?: string) {
  const calls = serve({
    'GET /api/user/1/point/5': json({ UsuPuntoVibracionID: 5, NombreEs: 'Apoyo LOA' }),
    'GET /api/user/1/point/5/associations': json([]),
    'GET /api/user/1/enums': json({}),
    ...answers,
  });
  function Screen() {
    const at = screenAt(useLocation().pathname) ?? ASSOC_SCREENS[0];
    if (at.route === pending) use(never);
    return <AssocScreenPage key={at.route} screen={at} />;
  }
  return { calls, router: renderEditor('/editor/*', <Screen />, url) };
}

beforeEach(stubWideScreen);

afterEach(() => {
  vi.unstubAllGlobals();
  me.Tipos = ['U_EDITOR'];
});

// A list screen and an editor under jsdom take seconds on a busy machine.
describe('AssocScreenPage', { timeout: 60_000 }, () => {
  it('VCV-003: the VCV wrapper and its tabs show only when a machine is chosen', async () => {
    open(`/editor/vcv-lr?site=1&area=2`);
    expect(await screen.findByText('Seleccione una máquina y uno de sus puntos en el árbol.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    cleanup();

    open(`/editor/vcv-lr?${POINT}`, { 'GET /api/user/1/vcv': json([]), 'GET /api/vcv': json([]) });
    expect(await screen.findByRole('tab', { name: 'KOS Alert 10' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'KOS Sensor' })).toBeInTheDocument();
  });

  it('until the next range is drawn, the list on screen waits under a spinner and takes no clicks', async () => {
    open(`/editor/vcv-lr?${POINT}`, { 'GET /api/user/1/vcv': json([]), 'GET /api/vcv': json([]) }, 'vcv-hr');
    const user = userEvent.setup();
    const create = await screen.findByRole('button', { name: /Crear VCV/ });
    const list = create.closest('.ant-spin-container')!;
    expect(create.closest('.ant-spin-spinning')).toBeNull();
    expect(getComputedStyle(list).pointerEvents).not.toBe('none');
    await user.click(screen.getByText('Rango alto (AR)'));
    await waitFor(() => expect(create.closest('.ant-spin-spinning')).not.toBeNull());
    expect(create).toBeInTheDocument();
    expect(getComputedStyle(list).pointerEvents).toBe('none');
  });

  it("the digital VCV screens of the envelope and magnetometer ranges are ADMIN's, as their groups", async () => {
    const lists = { 'GET /api/user/1/digitalvcv': json([]), 'GET /api/digitalvcv': json([]) };
    const ranges = () => Array.from(document.querySelectorAll('.ant-segmented-item')).map((n) => n.textContent);
    open(`/editor/vcv-digital-lr?${POINT}`, lists);
    await waitFor(() => expect(ranges()).toEqual(['Rango bajo (BR)', 'Rango alto (AR)']));
    cleanup();
    me.Tipos = ['ADMIN'];
    open(`/editor/vcv-digital-lr?${POINT}`, lists);
    await waitFor(() => expect(ranges()).toContain('Magnetómetro (MG)'));
  });

  it("VCP-027, MSG-005, VCP-009: a refused VCP association shows 'No se ha podido asociar el elemento.' with the server's code and message; once associated, the side-bar goes to the point's /editor/vcv-lr", async () => {
    let refuse = true;
    const { calls, router } = open(`/editor/vcps?${POINT}`, {
      'GET /api/user/1/vcp': json([{ UsuVCPID: 9, Nombre: 'Temperatura rodamiento', Tipo: 'TEM' }]),
      'GET /api/vcp': json([]),
      'GET /api/user/1/vcp/9': json({ UsuVCPID: 9, Nombre: 'Temperatura rodamiento', Tipo: 'TEM' }),
      'POST /api/user/1/mpvp/machine/3/point/5/vcp/9': () =>
        refuse ? { status: 400, body: errorBody({ code: 'already_linked', message: 'El elemento ya está asociado.' }) } : { status: 204 },
      'GET /api/user/1/vcv': json([]),
      'GET /api/vcv': json([]),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByText('Temperatura rodamiento', {}, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('Temperatura rodamiento');
    await user.click(within(dialog).getByRole('button', { name: /Asociar al punto$/ }));
    const failure = (await screen.findByText('No se ha podido asociar el elemento.')).closest('.ant-message-notice') as HTMLElement;
    expect(failure).toHaveTextContent('already_linked: El elemento ya está asociado.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/editor/vcps');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: /Asociar al punto$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor/vcv-lr'));
    expect(router.state.location.search).toBe(`?${POINT}`);
    expect(screen.getByText('VCP asociado correctamente.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/user/1/mpvp/machine/3/point/5/vcp/9')).toHaveLength(2);
  });

  it('an item already associated to the point is marked, and its editor offers no second association', async () => {
    open(`/editor/vcps?${POINT}`, {
      'GET /api/user/1/point/5/associations': json([{ Tipo: 'MPVP', Clave: '9', NombreEs: 'Temperatura rodamiento' }]),
      'GET /api/user/1/vcp': json([{ UsuVCPID: 9, Nombre: 'Temperatura rodamiento', Tipo: 'TEM' }]),
      'GET /api/vcp': json([]),
      'GET /api/user/1/vcp/9': json({ UsuVCPID: 9, Nombre: 'Temperatura rodamiento', Tipo: 'TEM' }),
      'GET /api/user/1/vcv': json([]),
      'GET /api/vcv': json([]),
    });
    const user = userEvent.setup();
    const row = (await screen.findByText('Temperatura rodamiento', {}, { timeout: 15_000 })).closest('.ant-tree-treenode') as HTMLElement;
    expect(await within(row).findByText('Asociado al punto')).toBeInTheDocument();
    await user.click(within(row).getByText('Temperatura rodamiento'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('Temperatura rodamiento');
    expect(within(dialog).getByRole('button', { name: /Asociar al punto$/ })).toBeDisabled();
  });
});
