import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderEditor } from '../../../test/editor';
import { serve, type Answer } from '../../../test/http';
import { stubWideScreen } from '../../../test/screen';
import SiteEditor from './SiteEditor';

const me = vi.hoisted(() => ({ Tipos: ['U_EDITOR'] as string[] }));
vi.mock('../../../app/auth', () => ({ useMe: () => me }));

const json = (body: unknown): Answer => ({ status: 200, body });

beforeEach(stubWideScreen);
afterEach(() => vi.unstubAllGlobals());

describe('SiteEditor', { timeout: 60_000 }, () => {
  it('TREE-031: the postal code is a number input', async () => {
    serve({
      'GET /api/user/1/site/4': json({ UsuCentroID: 4, UsuCentroGUID: 'g', UsuFabricaId: 1, NombreEs: 'Centro Norte', Pais: 'ES', Ciudad: 'Bilbao', Cp: '48001' }),
      'GET /api/user/1/enums': json({ Paises: [{ id: 'ES', nameSPA: 'España', nameENG: 'Spain' }] }),
      'GET /api/settings': json({}),
    });
    renderEditor('/editor', <SiteEditor />, '/editor?site=4');
    expect(await screen.findByLabelText('Código postal')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Código postal')).toHaveValue(48001);
  });
});
