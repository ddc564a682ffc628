import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderEditor } from '../../../test/editor';
import { serve, type Answer } from '../../../test/http';
import { stubWideScreen } from '../../../test/screen';
import PointEditor from './PointEditor';

const me = vi.hoisted(() => ({ Tipos: ['U_EDITOR'] as string[] }));
vi.mock('../../../app/auth', () => ({ useMe: () => me }));

const json = (body: unknown): Answer => ({ status: 200, body });
const PATH = 'site=1&area=2&machine=3&component=4';
const point = (id: number, NombreEs: string) => ({ UsuPuntoVibracionID: id, UsuComponenteID: 4, NombreEs, Posicion: 1 });

beforeEach(stubWideScreen);
afterEach(() => vi.unstubAllGlobals());

describe('PointEditor', { timeout: 60_000 }, () => {
  it('TREE-112: loads to ready, saves with a saving state and shows the saved or the error banner', async () => {
    const user = userEvent.setup();
    let answer!: (a: Answer) => void;
    serve({
      'GET /api/user/1/point/5': json(point(5, 'Apoyo LOA')),
      'PUT /api/user/1/point/5': () => new Promise<Answer>((resolve) => (answer = resolve)),
      'GET /api/user/1/enums': json({}),
    });
    renderEditor('/editor/point', <PointEditor />, `/editor/point?${PATH}&point=5&orientation=1`);
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await screen.findByDisplayValue('Apoyo LOA')).toBeInTheDocument();
    expect(document.querySelector('.ant-skeleton')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Guardar$/ }));
    const saving = await screen.findByRole('button', { name: /Guardando$/ });
    expect(saving).toBeDisabled();
    expect(saving.querySelector('.anticon-loading')).not.toBeNull();
    answer({ status: 500 });
    expect(await screen.findByText('No se ha podido guardar.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Guardar$/ }));
    answer(json(point(5, 'Apoyo LOA')));
    expect(await screen.findByText('El punto se ha guardado correctamente.')).toBeInTheDocument();
  });

  it('TREE-113: reloads when the point or the site of the path changes', async () => {
    const calls = serve({
      'GET /api/user/1/point/5': json(point(5, 'Apoyo LOA')),
      'GET /api/user/1/point/6': json(point(6, 'Apoyo LA')),
      'GET /api/user/1/point/7': json(point(7, 'Entrada')),
      'GET /api/user/1/enums': json({}),
    });
    const router = renderEditor('/editor/point', <PointEditor />, `/editor/point?${PATH}&point=5&orientation=1`);
    expect(await screen.findByDisplayValue('Apoyo LOA')).toBeInTheDocument();
    await act(() => router.navigate(`/editor/point?${PATH}&point=6&orientation=1`));
    expect(await screen.findByDisplayValue('Apoyo LA')).toBeInTheDocument();
    await act(() => router.navigate('/editor/point?site=9&area=8&machine=7&component=6&point=7&orientation=1'));
    expect(await screen.findByDisplayValue('Entrada')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('GET /api/user/1/point/')).map((c) => c.key)).toEqual([
      'GET /api/user/1/point/5',
      'GET /api/user/1/point/6',
      'GET /api/user/1/point/7',
    ]);
  });
});
