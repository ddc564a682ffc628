import { expect, test, type Page } from './fixtures';
import { choose, deleteItem, dialog, fill, item, optionsOf, saveItem } from './catalog';
import { documentShot, login, settle } from './helpers';
import { assign, chooseBearing, chooseNode, chooseRange, expandNode, openNode, revealNode, toast, treeItem } from './tree';

// A point's VCVs and VCPs (S2 §2.2–§2.6, S1 §2): the list screens reached from the point's groups
// in the side-bar, associating an item created there, its screen with the reference values of
// each condition of the machine's criterion, and dissociating it; then the machine's assign
// actions, whose associations show under the points.

/** One kind of association, as the screens name it. */
interface Case {
  ids: string;
  /** The item the test creates, named as a plant engineer would (the screenshots show it). */
  name: string;
  group: string;
  tab?: string;
  create: string;
  /** The screen's column of the factory's items (of the kind only). */
  factory: string;
  /** Fills the new item's fields beyond its name. */
  fields: (page: Page) => Promise<void>;
  /** The item's title under the point's group. */
  sideBar: (name: string) => string;
  associated: string;
  dissociate: string;
  /** The screen the dissociation goes back to. */
  list: RegExp;
  /** The screen the association goes to, when it leaves the list (VCPs, decision 19). */
  associatedTo?: RegExp;
  point: string[];
  shot: string;
}

/** Chooses the first band of the editor's select whose label ends with ` · range`. */
async function chooseBand(page: Page, range: string) {
  const band = (await optionsOf(page, 'Banda')).find((o) => o.endsWith(` · ${range}`));
  expect(band).toBeDefined();
  await choose(page, 'Banda', band ?? '');
}

const CASES: Case[] = [
  {
    ids: 'VCV-001..VCV-006, VCV-013, VCV-015, VCV-017..VCV-023',
    name: 'Velocidad 1x motor LOA',
    group: 'VCVs KOS Alert 10',
    tab: 'KOS Alert 10',
    create: 'Crear VCV KOS Alert 10',
    factory: 'VCVs de la fábrica',
    fields: (page) => chooseBand(page, 'BR'),
    sideBar: (name) => `BR · ${name}`,
    // MSG-060
    associated: 'VCV asociado correctamente.',
    dissociate: 'Desasociar VCV de KOS Alert 10',
    list: /\/editor\/vcv-lr\?(?!.*vcv=)/,
    point: ['Centro Sur', 'Refrigeración', 'Bomba P-502', 'Motor', 'Motor LOA'],
    shot: 'associated-vcv-es',
  },
  {
    ids: 'VCV-005, VCV-038..VCV-042',
    name: 'Aceleración AR apoyo libre',
    group: 'VCVs KOS Sensor',
    tab: 'KOS Sensor',
    create: 'Crear VCV KOS Sensor',
    factory: 'VCVs de la fábrica',
    fields: (page) => chooseBand(page, 'AR'),
    sideBar: (name) => `AR · VCO: ${name}`,
    associated: 'VCV asociado correctamente.',
    dissociate: 'Desasociar VCV de KOS Sensor',
    list: /\/editor\/vcv-digital-hr\?(?!.*vcv=)/,
    point: ['Centro Sur', 'Molienda', 'Molino M-402', 'Molino', 'Apoyo lado libre'],
    shot: 'associated-digital-vcv-es',
  },
  {
    ids: 'VCP-001, VCP-002, VCP-006, VCP-008, VCP-009, VCP-010, VCP-011, VCP-013..VCP-016, VCP-024, VCP-025',
    name: 'Temperatura apoyo motor',
    group: 'VCPs',
    create: 'Crear VCP',
    factory: 'VCPs de la fábrica',
    fields: (page) => choose(page, 'Tipo', 'Temperatura (TEM)'),
    sideBar: (name) => name,
    // MSG-061
    associated: 'VCP asociado correctamente.',
    dissociate: 'Desasociar VCP',
    list: /\/editor\/vcps\?(?!.*vcp=)/,
    associatedTo: /\/editor\/vcv-lr\?(?!.*vcv=).*point=\d+/,
    point: ['Centro Sur', 'Molienda', 'Molino M-402', 'Molino', 'Apoyo lado motor'],
    shot: 'associated-vcp-es',
  },
];

/** The reference-values editor open now. */
function referencesModal(page: Page) {
  return page.getByRole('dialog').filter({ hasText: 'Valores de referencia' });
}

/** Opens the reference values of the first condition of the associated item's screen. */
async function openFirstCondition(page: Page, vcp: boolean) {
  if (vcp) await page.getByRole('button', { name: 'Cambiar valores de referencia' }).click();
  else await page.getByRole('tree', { name: 'Valores de referencia' }).getByRole('treeitem').first().click();
  await expect(referencesModal(page)).toBeVisible();
}

for (const c of CASES) {
  // REF-002, REF-003, REF-006, REF-011..REF-015, REF-022, REF-025
  test(`${c.ids}: an editor creates, associates, sets the reference values of and dissociates a ${c.group.replace(/s /, ' ')}`, async ({ page }) => {
    const name = c.name;
    const pointName = c.point[c.point.length - 1];
    await login(page, 'editor');
    await page.setViewportSize({ width: 1440, height: 1200 });
    await openNode(page, ...c.point);

    // The point holds a group per kind; the group opens the kind's list for the point.
    await expandNode(page, pointName);
    for (const g of ['VCVs KOS Alert 10', 'VCVs KOS Sensor', 'VCPs']) await revealNode(page, g);
    await treeItem(page, c.group).first().locator('.ant-tree-title').click();
    if (c.tab) {
      // VCV-001, VCV-002: the wrapper's two tabs, the active one highlighted.
      await expect(page.getByRole('tab', { name: c.tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: c.tab === 'KOS Sensor' ? 'KOS Alert 10' : 'KOS Sensor' })).toBeVisible();
      if (c.tab === 'KOS Sensor') {
        await chooseRange(page, 'Rango alto (AR)');
        await expect(page).toHaveURL(/\/editor\/vcv-digital-hr\?/);
      }
    }

    await expect(page.getByRole('button', { name: c.create })).toBeVisible();
    await settle(page);
    await documentShot(page, `${c.shot.replace('associated', 'list')}.png`);

    // Created on the screen, then opened from the factory column with 'Asociar al punto' (VCV-038).
    await page.getByRole('button', { name: c.create }).click();
    await fill(page, 'Nombre', name);
    await c.fields(page);
    await saveItem(page);
    await item(page, c.factory, c.tab === 'KOS Sensor' ? `VCO: ${name}` : name).click();
    await dialog(page).getByRole('button', { name: 'Asociar al punto' }).click();
    await expect(toast(page).filter({ hasText: c.associated })).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    if (c.associatedTo) {
      // VCP-009: the side-bar goes to the point's /editor/vcv-lr, selecting its alert-device VCVs.
      await expect(page).toHaveURL(c.associatedTo);
      await expect(page.locator('#sidebar-tree [role="treeitem"][aria-selected="true"]')).toContainText('VCVs KOS Alert 10');
    } else {
      await expect(item(page, c.factory, c.tab === 'KOS Sensor' ? `VCO: ${name}` : name).getByText('Asociado al punto')).toBeVisible();
    }
    // VCV-015: the side menu shows it under the point at once.
    const associated = treeItem(page, c.sideBar(name));
    await chooseNode(page, c.sideBar(name));
    await expect(page.getByRole('heading', { name: c.tab === 'KOS Sensor' ? `VCO: ${name}` : name })).toBeVisible();
    await expect(associated).toHaveAttribute('aria-selected', 'true');
    // The breadcrumb above it says which point it belongs to.
    const crumbs = page.getByRole('navigation', { name: 'Ruta del elemento' });
    await expect(crumbs).toHaveText(new RegExp(`^\\s*${c.point.join('\\s*/\\s*')}\\s*$`));
    await expect(crumbs.getByRole('link')).toHaveCount(c.point.length);

    // REF-003, REF-012..REF-015: a value with four decimals is refused on leaving the field.
    await openFirstCondition(page, c.group === 'VCPs');
    const modal = referencesModal(page);
    const group = c.group === 'VCPs' ? 'Temperatura' : 'V/H1';
    // A bearing's temperature in °C; a velocity in mm/s RMS (ISO 10816 class II).
    const [warning, alarm, danger] = c.group === 'VCPs' ? ['70', '80', '90'] : ['2,8', '4,5', '7,1'];
    await expect(modal.getByText('Rango de valores: [0,001; 999,999]')).toBeVisible();
    // Its first field has the focus.
    await expect(modal.getByLabel(`${group} Aviso`)).toBeFocused();
    // A temperature VCP's thresholds are its temperature's only; a VCV's have no temperature.
    await expect(modal.getByLabel(c.group === 'VCPs' ? 'V/H1 Aviso' : 'Temperatura Aviso')).toHaveCount(0);
    await modal.getByLabel(`${group} Aviso`).fill(warning);
    await modal.getByLabel(`${group} Alarma`).fill('4,5678');
    await modal.getByLabel(`${group} Alarma`).blur();
    await expect(modal.getByText('El valor introducido no es correcto.')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await modal.getByLabel(`${group} Alarma`).fill(alarm);
    await modal.getByLabel(`${group} Peligro`).fill(danger);
    await modal.getByLabel(`${group} Peligro`).blur();
    await expect(modal.getByText('El valor introducido no es correcto.')).toHaveCount(0);
    await settle(page);
    await documentShot(page, `${c.shot.replace('associated', 'reference-values')}.png`);
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page).filter({ hasText: 'Valores de referencia guardados correctamente.' })).toBeVisible();
    await expect(modal).toHaveCount(0);

    // REF-007, REF-011: saved in thousandths, shown again after a reload.
    await page.reload();
    // At a glance: the direction's warning, alarm and danger in their columns, and the unit.
    const saved = c.group === 'VCPs' ? '70,000 80,000 90,000 °C' : '2,800 4,500 7,100 mm/s RMS';
    await expect(page.getByRole('row', { name: `${group} ${saved}`, exact: true }).first()).toBeVisible();
    // The side-bar opens again down to the item.
    await expect(associated).toHaveAttribute('aria-selected', 'true');
    if (c.group === 'VCPs') await expect(page.getByText('Banda asociada')).toHaveCount(0); // VCP-015
    else await expect(page.getByText('Banda asociada')).toBeVisible(); // VCV-020
    await settle(page);
    await documentShot(page, `${c.shot}.png`);
    if (c.group === 'VCPs') {
      // VCP-010: on a phone the side tree hides behind a menu button, which reveals it with the VCP chosen.
      await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveCount(0);
      await page.setViewportSize({ width: 420, height: 900 });
      await expect(page.locator('#sidebar-tree')).toBeHidden();
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await expect(associated).toBeVisible();
      await expect(associated).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('button', { name: 'Cerrar menú' }).click();
      await page.setViewportSize({ width: 1440, height: 1200 });
    }

    // VCV-021, VCV-042, VCP-016, VCP-025: dissociated after confirming, back to the list; for the
    // KOS Sensor's digital VCV: VCV-039 the confirmation, VCV-040 its true answer and the side-bar updated.
    await page.getByRole('button', { name: c.dissociate }).click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: '¿Está seguro de querer desasociar el elemento?' });
    await confirm.getByRole('button', { name: 'Desasociar' }).click();
    // MSG-009
    await expect(toast(page).filter({ hasText: 'Elemento desasociado correctamente.' })).toBeVisible();
    await expect(page).toHaveURL(c.list);
    await expect(treeItem(page, c.sideBar(name))).toHaveCount(0);

    // The item itself stays in the factory's catalogue; the test removes it.
    await item(page, c.factory, c.tab === 'KOS Sensor' ? `VCO: ${name}` : name).click();
    await deleteItem(page);
    await expect(toast(page).filter({ hasText: 'Elemento eliminado correctamente.' })).toBeVisible();
  });
}

// MACH-003, VCV-015: the machine's assign actions give its points VCVs, shown under them.
test('the assign actions of a machine show their associations under its points', async ({ page }) => {
  const machine = ['Centro Sur', 'Refrigeración', 'Ventilador V-503'];
  await login(page, 'editor');
  await page.setViewportSize({ width: 1440, height: 1200 });

  // A bearing on a point, for the bearing VCVs.
  await openNode(page, ...machine, 'Ventilador', 'Rodamiento LA');
  await chooseBearing(page, 1, 'SKF', '6205');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page)).toContainText('El punto se ha guardado correctamente.');

  // The demo associated the default VCVs; one is dissociated, to be given back.
  await expandNode(page, 'Rodamiento LA');
  await expandNode(page, 'VCVs KOS Alert 10');
  const defaults = page.locator('#sidebar-tree [role="treeitem"]').filter({ hasText: /^(BR|AR|DM) · / });
  await expect(defaults.first()).toBeVisible();
  const first = (await defaults.first().innerText()).trim();
  await defaults.first().locator('.ant-tree-title').click();
  await page.getByRole('button', { name: 'Desasociar VCV de KOS Alert 10' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Desasociar' }).click();
  await expect(toast(page).filter({ hasText: 'Elemento desasociado correctamente.' })).toBeVisible();
  await expect(treeItem(page, first)).toHaveCount(0);

  await chooseNode(page, 'Ventilador V-503');
  await assign(page, 'Asignar VCVs por defecto');
  await expect(toast(page)).toHaveText('VCVs por defecto asignados correctamente (1 nuevo).');
  await revealNode(page, first);
  await expect(treeItem(page, first)).toBeVisible();
  await assign(page, 'Asignar espectros');
  await expect(toast(page)).toHaveText(/^Espectros asignados correctamente/);
  // Each defect frequency of the bearing gets its envelope VCV on the point.
  await assign(page, 'Asignar VCVs de rodamientos');
  await expect(toast(page)).toHaveText(/^VCVs de rodamientos asignados correctamente \(4 nuevos\)\.$/);
  for (const defect of ['BPFI', 'BPFO', 'FTF', 'BS']) await revealNode(page, `DM · SKF 6205 ${defect}`);
});
