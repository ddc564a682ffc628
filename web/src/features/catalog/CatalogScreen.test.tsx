import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../app/AppProviders';
import { FactoryProvider } from '../../app/factory';
import { createQueryClient } from '../../app/queryClient';
import { serve, type Answer } from '../../test/http';
import { stubWideScreen } from '../../test/screen';
import { BAND_KINDS } from '../bands/kinds';
import { SENSOR_KINDS } from '../sensors/kinds';
import { VCV_KINDS } from '../vcvs/kinds';
import { CatalogScreen, type CatalogScreenProps } from './CatalogScreen';

const me = vi.hoisted(() => ({ Tipos: ['U_EDITOR'] as string[] }));
vi.mock('../../app/auth', () => ({ useMe: () => me }));

/** The screen as the catalogue's pages show it, on a wide screen (both columns side by side). */
function show(props: Pick<CatalogScreenProps, 'kinds' | 'texts'>) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <FactoryProvider factories={[{ UsuFabricaID: 2, Nombre: 'Planta', Plantilla: false }]}>
        <CatalogScreen {...props} />
      </FactoryProvider>
    </AppProviders>,
  );
}

/** A column's tree item called `name` (items hold their title in a node of their own). */
const treeItem = (column: string, name: string) =>
  within(screen.getByRole('region', { name: column }))
    .getAllByRole('treeitem')
    .find((n) => n.querySelector('.ant-tree-title')?.textContent?.startsWith(name));

const json = (body: unknown): Answer => ({ status: 200, body });

/** How long a screen may take to show its lists under jsdom on a busy machine. */
const SLOW = { timeout: 15_000 };

/** Chooses `option` in the editor's select labelled `label` (the tree's groups carry the same titles). */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(within(screen.getByRole('dialog')).getByRole('combobox', { name: label }));
  await waitFor(() => expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).not.toBeNull());
  const open = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).at(-1);
  await user.click(within(open as HTMLElement).getByTitle(option));
}

// Both columns side by side.
beforeEach(stubWideScreen);

afterEach(() => {
  vi.unstubAllGlobals();
  me.Tipos = ['U_EDITOR'];
});

// Screens with two trees and an editor under jsdom take seconds on a busy machine.
describe('CatalogScreen', { timeout: 60_000 }, () => {
  it('BAND-013: after a band is saved the factory column reloads and opens the group of its category, where it is selected', async () => {
    const saved = { UsuBandaID: 8, NombreEs: 'Banda 1x', NombreEn: 'Banda 1x', Frecuencia: 'ORDENES', Rango: 'AR' };
    // One band in orders already: a group without items stays closed.
    const low = { UsuBandaID: 7, NombreEs: 'Banda baja', NombreEn: 'Low band', Frecuencia: 'ORDENES', Rango: 'BR' };
    let factoryBands: unknown[] = [low];
    const calls = serve({
      'GET /api/user/2/band': () => json(factoryBands),
      'GET /api/band': json([]),
      'GET /api/user/2/digitalband': json([]),
      'GET /api/digitalband': json([]),
      'POST /api/user/2/band': () => {
        factoryBands = [low, saved];
        return { status: 201, body: saved };
      },
    });
    show({ kinds: BAND_KINDS, texts: 'bands' });
    const user = userEvent.setup();
    const orders = () => treeItem('Bandas de la fábrica', 'Órdenes');
    await waitFor(() => expect(orders()).toHaveAttribute('aria-expanded', 'true'), SLOW);
    // The user folds the orders group.
    await user.click(orders()?.querySelector('.ant-tree-title') as HTMLElement);
    expect(orders()).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: /Crear$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nombre'), 'Banda 1x');
    await choose(user, 'Tipo de frecuencia', 'Órdenes');
    await choose(user, 'Rango', 'Rango alto (AR)');
    await user.type(within(dialog).getByLabelText('Frecuencia inicial'), '1');
    await user.type(within(dialog).getByLabelText('Frecuencia final'), '2');
    await user.click(within(dialog).getByRole('button', { name: /Guardar$/ }));

    await waitFor(() => expect(treeItem('Bandas de la fábrica', 'Banda 1x')).toHaveAttribute('aria-selected', 'true'), SLOW);
    expect(orders()).toHaveAttribute('aria-expanded', 'true');
    expect(treeItem('Bandas de la fábrica', 'Rango alto (AR)')).toHaveAttribute('aria-expanded', 'true');
    expect(calls.filter((c) => c.key === 'GET /api/user/2/band').length).toBeGreaterThan(1);
  });

  it('VCV-007, VCP-007: the factory VCVs on the left, the templates to download on the right; a template VCP opens in template mode', async () => {
    const band = { Frecuencia: 'ORDENES', Rango: 'BR' };
    const calls = serve({
      'GET /api/user/2/vcv': json([{ UsuVcvID: 1, NombreEs: 'Velocidad de la fábrica', Banda: band }]),
      'GET /api/vcv': json([{ AdminVcvID: 2, AdminVcvGUID: 'v2', NombreEs: 'Velocidad plantilla', Banda: band }]),
      'GET /api/user/2/digitalvcv': json([]),
      'GET /api/digitalvcv': json([]),
      'GET /api/user/2/vcp': json([{ UsuVCPID: 5, Nombre: 'Temperatura de la fábrica', Tipo: 'TEM' }]),
      'GET /api/vcp': json([{ AdminVCPID: 3, AdminVCPGUID: 'p3', Nombre: 'Temperatura plantilla', Tipo: 'TEM' }]),
      'GET /api/vcp/3': json({ AdminVCPID: 3, AdminVCPGUID: 'p3', Nombre: 'Temperatura plantilla', Siglas: 'T', Tipo: 'TEM' }),
    });
    show({ kinds: VCV_KINDS, texts: 'vcvs' });
    const [left, right] = screen.getAllByRole('region');
    expect(left).toHaveAccessibleName('VCVs y VCPs de la fábrica');
    expect(right).toHaveAccessibleName('VCVs y VCPs para descargar');
    expect(left.compareDocumentPosition(right) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const [column, own, other] of [
      [left, 'Velocidad de la fábrica', 'Velocidad plantilla'],
      [right, 'Velocidad plantilla', 'Velocidad de la fábrica'],
    ] as const) {
      expect(await within(column).findByText(own, {}, SLOW)).toBeInTheDocument();
      expect(within(column).queryByText(other)).toBeNull();
    }

    const user = userEvent.setup();
    await user.click(await within(right).findByText('Temperatura plantilla'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('Temperatura plantilla')).toBeDisabled();
    expect(within(dialog).getByText('Plantilla')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Tipo')).toBeDisabled();
    expect(within(within(dialog).getByRole('toolbar', { name: 'Acciones' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Descargar']);
    expect(calls.map((c) => c.key)).toContain('GET /api/vcp/3');
  });

  it('SENS-004: clicking a sensor opens the editor of its type', async () => {
    const answers: Record<string, Answer> = {};
    SENSOR_KINDS.forEach((kind, i) => {
      const item = { [kind.idField]: kind.idField.endsWith('GUID') ? `g${i}` : i + 1, NombreEs: `Sensor ${i}`, Nombre: `Sensor ${i}` };
      answers[`GET /api/user/2/${kind.segment}`] = json([item]);
      answers[`GET /api/${kind.segment}`] = json([]);
      answers[`GET /api/user/2/${kind.segment}/${String(item[kind.idField])}`] = json(item);
    });
    const calls = serve(answers);
    show({ kinds: SENSOR_KINDS, texts: 'sensors' });
    const user = userEvent.setup();
    const titles = ['Sensores Voltaje Estático', 'Sensores Intensidad Estática', 'Sensores Dinámicos', 'Sensores Dinámicos Digitales',
      'Sensores Tacométricos', 'Sensores Virtuales', 'Sensores de Teclado', 'Sensores Nominales'];
    for (const [i, kind] of SENSOR_KINDS.entries()) {
      await user.click(await screen.findByText(`Sensor ${i}`, {}, SLOW));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(titles[i])).toBeInTheDocument();
      expect(await within(dialog).findByDisplayValue(`Sensor ${i}`)).toBeInTheDocument();
      expect(calls.at(-1)?.key.startsWith(`GET /api/user/2/${kind.segment}/`)).toBe(true);
      await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });
});
