import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { documentShot, scrollBarBottom, settle } from './helpers';
import { assign, choose, dropdown, openNode, openNodeAs, toast } from './tree';

// The machine editor's assign actions (MACH-003, MACH-026) and the machine's alert list tab
// (TREE-003, REF-*). Bomba P-101's points have default VCVs with the demo's values on each
// condition of its criterion (velocity VCVs 2,800 / 4,500 / 7,100 mm/s) and no bearings.

const MACHINE = ['Centro Norte', 'Bombeo', 'Bomba P-101'];

/** Opens the alert list tab and shows the rows of the velocity VCVs. */
async function velocityRows(page: Page) {
  await page.getByRole('tab', { name: 'Lista de alertas' }).click();
  await expect(page).toHaveURL(/\/editor\/machine\/reference-value-edition\?/);
  await page.getByLabel('Buscar componente, punto o VCV').fill('Velocidad');
  return page.locator('.ant-table-row');
}

// MACH-003, MACH-026, TREE-003, REF-006, REF-007, REF-012, REF-014, REF-015, REF-019, REF-022.
test('an editor assigns VCVs and edits the values of the machine alert list', async ({ page }) => {
  await openNodeAs(page, 'editor', MACHINE, { width: 1440, height: 1000 });

  // MACH-003, MACH-026: the demo points have no bearings; the server's reason follows the message.
  await assign(page, 'Asignar VCVs de rodamientos');
  // MSG-022
  await expect(toast(page)).toContainText('No se han podido asignar los VCVs de rodamientos.');
  await expect(toast(page)).toContainText('no_bearings: ');
  // Already assigned by the demo: none or a few new ones.
  await assign(page, 'Asignar VCVs por defecto');
  await expect(toast(page)).toHaveText(/^VCVs por defecto asignados correctamente \(\d+ nuevos?\)\.$/);

  // TREE-003, REF-007: the list shows the stored thousandths with three decimals.
  const rows = await velocityRows(page);
  const first = rows.first();
  await expect(first).toContainText('2,800');
  await expect(first).toContainText('4,500');
  await expect(first).toContainText('7,100');
  await expect(page.getByRole('columnheader', { name: 'Dirección' })).toBeVisible();
  // The row's identity: its item (with its component and point, read but under their heading), direction and condition.
  const identity = (await first.locator('td').evaluateAll((cells) => cells.slice(0, 3).map((c) => c.textContent))).join('|');

  await first.getByRole('button', { name: 'Editar valores' }).click();
  const warning = first.getByLabel('Aviso');
  const alarm = first.getByLabel('Alarma');
  const danger = first.getByLabel('Peligro');
  const saveButton = first.getByRole('button', { name: 'Guardar valores' });
  await expect(warning).toHaveValue('2,800');

  // MSG-010: the message, for a wrong format and for a wrong order below.
  // REF-012, REF-013, REF-014, REF-015: four decimals are refused, saving is disabled at once
  // and the message shows on leaving the field.
  await alarm.fill('4,5678');
  await expect(saveButton).toBeDisabled();
  await expect(first).not.toContainText('El valor introducido no es correcto.');
  await alarm.blur();
  await expect(first).toContainText('El valor introducido no es correcto.');
  // REF-019: a warning above the alarm.
  await alarm.fill('4,5');
  await warning.fill('5');
  await warning.blur();
  await expect(first).toContainText('El valor introducido no es correcto.');
  // The message, in the row's wide first cell, describes the failing field.
  await expect(warning).toHaveAccessibleDescription('El valor introducido no es correcto. El aviso no puede superar la alarma.');
  await expect(saveButton).toBeDisabled();
  await settle(page);
  await documentShot(page, `machine-alarms-es.png`);

  await warning.fill('3,1');
  await danger.fill('7.25');
  await expect(first).not.toContainText('El valor introducido no es correcto.');
  await saveButton.click();
  await expect(toast(page)).toHaveText('Valores guardados correctamente.');
  await expect(first).toContainText('3,100');

  await page.reload();
  const again = (await velocityRows(page)).first();
  expect((await again.locator('td').evaluateAll((cells) => cells.slice(0, 3).map((c) => c.textContent))).join('|')).toBe(identity);
  await expect(again).toContainText('3,100');
  await expect(again).toContainText('4,500');
  await expect(again).toContainText('7,250');
});

// A read-only user sees the list, without the assign actions or the edit buttons; the
// condition filter keeps the rows of one condition.
test('a read-only user sees and filters the alert list without edit buttons', async ({ page }) => {
  await openNodeAs(page, 'lector', ['Centro Norte', 'Bombeo', 'Bomba P-102']);
  await expect(page.getByRole('button', { name: 'Asignar espectros' })).toHaveCount(0);
  const rows = await velocityRows(page);
  await expect(rows.first()).toContainText('2,800');
  await expect(page.getByRole('button', { name: 'Editar valores' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Series para importar' })).toHaveCount(0);
  // In a 1280 px window the list fits its card: the chart button of the last column whole.
  await page.setViewportSize({ width: 1280, height: 720 });
  const card = (await page.locator('.ant-card-body').boundingBox())!;
  const chart = (await rows.first().getByRole('button', { name: 'Gráfica y umbrales' }).boundingBox())!;
  expect(chart.x + chart.width).toBeLessThanOrEqual(card.x + card.width);
  expect((await page.locator('.ant-table-body > table').boundingBox())!.width).toBeLessThanOrEqual(card.width);
  // A long name whole, on two lines rather than cut short.
  const long = page.locator('.ant-table-row .ant-typography', { hasText: /^Velocidad global 600-6000 CPM \(descarga\)$/ }).first();
  await expect(long).toBeVisible();
  expect(await long.evaluate((e) => e.scrollHeight <= e.clientHeight && e.scrollWidth <= e.clientWidth)).toBe(true);
  // In a wide window a name's tag follows it, not the far end of the column.
  await page.setViewportSize({ width: 1920, height: 1000 });
  const tag = long.locator('xpath=..').locator('.ant-tag');
  await expect(async () => {
    const [name, at] = [(await long.boundingBox())!, (await tag.boundingBox())!];
    expect(at.x - (name.x + name.width)).toBeLessThan(16);
  }).toPass();
  // In a narrow window (a 1024 px tablet) the list scrolls sideways from a bar kept at the
  // window's bottom, its header under the app's bar.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect.poll(() => scrollBarBottom(page)).toBe(768);
  await rows.last().scrollIntoViewIfNeeded();
  await expect(page.getByRole('columnheader', { name: 'Condición' })).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(rows.filter({ hasText: 'Parada' }).first()).toBeVisible();
  await choose(page, 'Condición', 'Marcha');
  await expect(rows.first()).toContainText('Marcha');
  await expect(rows.filter({ hasNotText: 'Marcha' })).toHaveCount(0);
});

// MSG-020, MSG-021: in a factory without default spectra or VCVs both assignments fail, each
// with its message and the server's reason; the demo factory's spectra are assigned.
test('assigning spectra and default VCVs says why it failed where the factory has no defaults', async ({ page }) => {
  await openNodeAs(page, 'editor', MACHINE, { width: 1440, height: 1000 });
  await assign(page, 'Asignar espectros');
  await expect(toast(page)).toHaveText(/^Espectros asignados correctamente a \d+ puntos\.$/);

  const me = (await (await page.request.get('/api/auth/me')).json()) as { Fabricas: { UsuFabricaID: number; Nombre: string }[] };
  const north = me.Fabricas.find((f) => f.Nombre === 'Planta Norte')!.UsuFabricaID;
  const make = async (path: string, data: object, id: string): Promise<number> => {
    const res = await page.request.post(`/api/user/${north}${path}`, { headers: { 'X-Requested-With': 'vigia' }, data });
    expect(res.ok()).toBe(true);
    return (await res.json())[id];
  };
  const site = await make('/site', { NombreEs: 'Centro sin plantillas', Pais: 'ES', Ciudad: 'Vitoria' }, 'UsuCentroID');
  const area = await make(`/site/${site}/area`, { NombreEs: 'Área sin plantillas' }, 'UsuAreaID');
  const machine = await make(
    `/area/${area}/machine`,
    { NombreEs: 'Bomba sin plantillas', Actualizacion: 'VCOV', VelocidadVariable: false, Online: false, Kw: 55, TiempoAprendizaje: 0, KOSSensor: false },
    'UsuMaquinaID',
  );
  const component = await make(`/machine/${machine}/component`, { NombreEs: 'Motor', Montaje: 1 }, 'UsuComponenteID');
  await make(`/component/${component}/point`, { NombreEs: 'LOA', Posicion: 1, MontajeId: 1, Vr: '1', Medida_V_H1_br: true }, 'UsuPuntoVibracionID');

  await page.getByRole('combobox', { name: 'Fábrica' }).click();
  await dropdown(page).getByTitle('Planta Norte', { exact: true }).click();
  await openNode(page, 'Centro sin plantillas', 'Área sin plantillas', 'Bomba sin plantillas');
  await assign(page, 'Asignar espectros');
  await expect(toast(page)).toContainText('No se han podido asignar los espectros.');
  await expect(toast(page)).toContainText('no_default_spectra: ');
  await assign(page, 'Asignar VCVs por defecto');
  await expect(toast(page)).toContainText('No se han podido asignar los VCVs por defecto.');
  await expect(toast(page)).toContainText('no_default_vcvs: ');
});

// What a history import names each series by: the editor downloads the machine's series, each
// row's VrId and Dir with what it is, and imports a value of one of them.
test('an editor downloads the series of a machine to import and imports a value of one', async ({ page }) => {
  await openNodeAs(page, 'editor', MACHINE, { width: 1280, height: 900 });
  await expect((await velocityRows(page)).first()).toBeVisible();
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Series para importar' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('Series Bomba P-101.csv');
  // UTF-8 marked, separated as a Spanish spreadsheet expects.
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('VrId;Dir;Componente;Punto;VCV / VCP;Dirección;Condición;Unidad');
  const line = lines.find((l) => /^\d+;0;.*;Velocidad 1x \(descarga\);V;Marcha;mm\/s RMS$/.test(l));
  expect(line).toBeDefined();
  const [vrId, dir] = line!.split(';');

  await page.getByRole('menuitem', { name: 'Importar histórico' }).click();
  const hour = new Date(Date.now() - 3_600_000).toISOString().slice(0, 13) + ':00:00Z';
  await page.locator('input[type=file]').setInputFiles({ name: 'serie.csv', mimeType: 'text/csv', buffer: Buffer.from(`VrId,Dir,Fecha,Valor\n${vrId},${dir},${hour},2100\n`) });
  await expect(page.getByRole('status').filter({ hasText: 'importado correctamente' })).toContainText('Valores leídos: 1. Valores guardados: 1.');
});
