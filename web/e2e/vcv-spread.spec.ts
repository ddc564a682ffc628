import { expect, test, type Page } from './fixtures';
import { choose, deleteItem, dialog, fill, item, optionsOf, saveItem } from './catalog';
import { login } from './helpers';
import { chooseNode, chooseRange, expandNode, openNode, toast, treeItem } from './tree';

// A digital VCV spread over a machine (S2 §7.4) from the screen of a digital VCV associated to
// a point: 'Más acciones' associates it to every point of the KOS Sensor machine, then takes it
// from all of them.

const FACTORY = 'VCVs de la fábrica';
const MACHINE = ['Centro Sur', 'Molienda', 'Molino M-401'];

/** The keys of the items associated to the point `point` of the factory `factory` (their ids). */
async function associations(page: Page, factory: string, point: string): Promise<string[]> {
  const res = await page.request.get(`/api/user/${factory}/point/${point}/associations`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { Clave: string }[]).map((a) => a.Clave);
}

/** Opens 'Más acciones' of the toolbar. */
async function openMenu(page: Page) {
  await page.getByRole('toolbar', { name: 'Acciones' }).getByRole('button', { name: 'Más acciones' }).click();
  await expect(page.getByRole('menuitem', { name: 'Asociar a toda la máquina' })).toBeVisible();
}

// API-092 (POST digitalvcvassociation/machine: another component's point holds it too) and
// API-093 (DELETE digitalvcvassociation/machine/…: gone from both points).
test('API-092, API-093: an editor associates a digital VCV to the whole machine, then dissociates it from the whole machine', async ({ page }) => {
  const name = `Aceleración AR molino ${Date.now() % 100000}`;
  const label = `AR · VCO: ${name}`;
  // The factory the SPA works on, as its calls name it.
  let factory = '';
  page.on('request', (r) => {
    factory = /\/api\/user\/(\d+)\//.exec(r.url())?.[1] ?? factory;
  });
  await login(page, 'editor');
  await page.setViewportSize({ width: 1440, height: 1000 });

  // A digital VCV of any component (none named), made and associated to one point.
  await openNode(page, ...MACHINE, 'Molino', 'Apoyo lado libre');
  await expandNode(page, 'Apoyo lado libre');
  await chooseNode(page, 'VCVs KOS Sensor');
  await chooseRange(page, 'Rango alto (AR)');
  await expect(page).toHaveURL(/\/editor\/vcv-digital-hr\?/);
  await page.getByRole('button', { name: 'Crear VCV KOS Sensor' }).click();
  await fill(page, 'Nombre', name);
  const band = (await optionsOf(page, 'Banda')).find((o) => o.endsWith(' · AR'));
  expect(band).toBeDefined();
  await choose(page, 'Banda', band ?? '');
  await saveItem(page);
  await item(page, FACTORY, `VCO: ${name}`).click();
  await dialog(page).getByRole('button', { name: 'Asociar al punto' }).click();
  await expect(toast(page).filter({ hasText: 'VCV asociado correctamente.' })).toBeVisible();
  await chooseNode(page, label);
  await expect(page.getByRole('heading', { name: `VCO: ${name}` })).toBeVisible();
  const first = new URL(page.url()).searchParams.get('point') ?? '';
  const key = new URL(page.url()).searchParams.get('vcv') ?? '';

  const screen = page.url();

  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Asociar a toda la máquina' }).click();
  await expect(toast(page).filter({ hasText: 'Elemento asociado correctamente.' })).toBeVisible();

  // A point of another component now holds it too.
  await openNode(page, 'Motor', 'Motor LOA');
  const other = new URL(page.url()).searchParams.get('point') ?? '';
  expect(other).not.toBe(first);
  await expect.poll(() => associations(page, factory, other)).toContain(key);
  await page.goto(screen);
  await expect(page.getByRole('heading', { name: `VCO: ${name}` })).toBeVisible();

  // Taken from the whole machine after the usual confirmation; the screen goes to the list.
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Desasociar de toda la máquina' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Está seguro de querer desasociar el elemento?' });
  await confirm.getByRole('button', { name: 'Desasociar' }).click();
  await expect(toast(page).filter({ hasText: 'Elemento desasociado correctamente.' })).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/vcv-digital-hr\?(?!.*vcv=)/);
  await expect(treeItem(page, label)).toHaveCount(0);
  await expect.poll(() => associations(page, factory, first)).not.toContain(key);
  await expect.poll(() => associations(page, factory, other)).not.toContain(key);

  await item(page, FACTORY, `VCO: ${name}`).click();
  await deleteItem(page);
  await expect(toast(page).filter({ hasText: 'Elemento eliminado correctamente.' })).toBeVisible();
});
