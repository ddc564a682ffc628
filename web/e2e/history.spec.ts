import { expect, test, type Page } from './fixtures';
import { documentShot, login, settle } from './helpers';
import { choose, openNode, openNodeAs, optionsOf, toast } from './tree';

// The measured history's screens (issue 14): the import of a file, with its report, and the
// data-cleaning tab of the site, area and machine wrappers.
// The demo has a year of hourly history of Bomba P-101's VCVs.

const MACHINE = ['Centro Norte', 'Bombeo', 'Bomba P-101'];

/** The id in the query of the editor's URL (machine=12). */
function idInUrl(page: Page, kind: string): number {
  return Number(new URL(page.url()).searchParams.get(kind));
}

/** The count the data-cleaning tab shows. */
async function shownCount(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /^La selección contiene / });
  await expect(status).toHaveText(/^La selección contiene [\d.]+ valor(es)? medidos?\.$/);
  return Number((await status.textContent())!.replace(/\D/g, ''));
}

test('an editor imports a CSV: a wrong line is reported and nothing stored, then the corrected file is', async ({ page }) => {
  await openNodeAs(page, 'editor', MACHINE, { width: 1280, height: 900 });
  const machine = idInUrl(page, 'machine');
  const me = (await (await page.request.get('/api/auth/me')).json()) as { Fabricas: { UsuFabricaID: number; Nombre: string }[] };
  const factory = me.Fabricas.find((f) => f.Nombre === 'Planta Demo')!.UsuFabricaID;
  const alarms = (await (await page.request.get(`/api/user/${factory}/machine/${machine}/alarm`)).json()) as { UsuValorReferenciaID: number }[];
  const vr = alarms[0].UsuValorReferenciaID;
  const hour = (ago: number) => new Date(Date.now() - ago * 3_600_000).toISOString().slice(0, 13) + ':00:00Z';
  const csv = (third: string) => Buffer.from(`VrId,Dir,Fecha,Valor\n${vr},0,${hour(3)},2100\n${vr},0,${third},2150\n${vr},1,${hour(1)},1900\n`);

  await page.getByRole('menuitem', { name: 'Importar histórico' }).click();
  await expect(page).toHaveURL(/\/history\/import$/);
  await expect(page.getByText('VrId,Dir,Fecha,Valor', { exact: true })).toBeVisible();
  const file = page.locator('input[type=file]');
  // An empty file, or one neither CSV nor JSON, is refused before it is sent, saying why.
  let sent = 0;
  page.on('request', (r) => void (r.url().includes('/history/import') && sent++));
  await file.setInputFiles({ name: 'vacio.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
  await expect(page.getByRole('alert')).toHaveText('No se ha podido importar vacio.csv.El fichero está vacío.');
  await file.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: csv(hour(2)) });
  await expect(page.getByRole('alert')).toHaveText('No se ha podido importar notas.txt.Solo se importan ficheros CSV o JSON.');
  expect(sent).toBe(0);
  await file.setInputFiles({ name: 'historico.csv', mimeType: 'text/csv', buffer: csv('ayer') });
  await expect(page.getByRole('alert')).toContainText('No se ha importado historico.csv: tiene valores que no son correctos.');
  await expect(page.getByRole('alert')).toContainText('No se ha guardado ningún valor.');
  const reason = page.locator('.ant-table-row');
  await expect(reason).toHaveCount(1);
  await expect(reason).toContainText('Línea 3');
  await expect(reason).toContainText('Fecha');
  await expect(reason).toContainText('La fecha no es válida.');
  await settle(page);
  await documentShot(page, 'history-import-refused-es.png');
  // A file with more wrong lines than are told: the first 20, and how many more under them.
  const wrong = Array.from({ length: 25 }, () => `${vr},0,ayer,2100`).join('\n');
  await file.setInputFiles({ name: 'muchos.csv', mimeType: 'text/csv', buffer: Buffer.from(`VrId,Dir,Fecha,Valor\n${wrong}\n`) });
  await expect(page.getByRole('alert')).toContainText('No se ha importado muchos.csv');
  await expect(reason).toHaveCount(20);
  await expect(reason.last()).toContainText('Línea 21');
  await expect(page.getByText('Y 5 errores más.', { exact: true })).toBeVisible();

  await file.setInputFiles({ name: 'historico.csv', mimeType: 'text/csv', buffer: csv(hour(2)) });
  const done = page.getByRole('status').filter({ hasText: 'importado correctamente' });
  await expect(done).toContainText('historico.csv importado correctamente.');
  await expect(done).toContainText('Valores leídos: 3. Valores guardados: 3.');
  await settle(page);
  await documentShot(page, 'history-import-es.png');
});

test('a read-only user has no import and sees the data-cleaning count without the action', async ({ page }) => {
  await login(page, 'lector');
  await expect(page.getByRole('menuitem', { name: 'Importar histórico' })).toHaveCount(0);
  await openNode(page, ...MACHINE);
  await page.getByRole('tab', { name: 'Limpieza de datos' }).click();
  expect(await shownCount(page)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Eliminar valores' })).toHaveCount(0);
  // It says why, and the count is no warning of a delete it cannot make.
  await expect(page.getByText('Solo lectura: puede contar los valores medidos, pero no eliminarlos.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^La selección contiene / })).toHaveClass(/ant-alert-info/);
  await page.goto('/history/import');
  await expect(page).toHaveURL(/\/error$/);
});

// The data-cleaning tabs of the machine, area (TREE-004: with its edition tab) and site wrappers.
test('the data-cleaning tab deletes the chosen values after a confirmation, and the count drops', async ({ page }) => {
  await openNodeAs(page, 'editor', MACHINE, { width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Limpieza de datos' }).click();
  await expect(page).toHaveURL(/\/editor\/machine\/data-cleaning\?/);
  const all = await shownCount(page);
  expect(all).toBeGreaterThan(0);

  // Narrowed to one point, one VCV and one condition.
  const narrowed: string[] = [];
  for (const label of ['Punto', 'VCV / VCP', 'Condición']) {
    const option = (await optionsOf(page, label))[0];
    await choose(page, label, option);
    narrowed.push(`${label}: ${option}`);
  }
  await expect.poll(() => shownCount(page)).toBeLessThan(all);
  const chosen = await shownCount(page);
  expect(chosen).toBeGreaterThan(0);
  await settle(page);
  await documentShot(page, 'data-cleaning-machine-es.png');

  await page.getByRole('button', { name: 'Eliminar valores' }).click();
  const dialog = page.getByRole('dialog');
  // It restates what goes: the machine, the period and the narrowings.
  const period = /^Periodo: \d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}$/;
  await expect(dialog.getByRole('listitem')).toHaveText(['Máquina: Bomba P-101', period, ...narrowed]);
  await expect(dialog).toContainText(`¿Está seguro de querer eliminar ${chosen.toLocaleString('es')} valores medidos? No se podrán recuperar.`);
  await dialog.getByRole('button', { name: 'Eliminar valores' }).click();
  await expect(toast(page)).toHaveText(`Se han eliminado ${chosen.toLocaleString('es')} valores.`);
  await expect(dialog).toBeHidden();
  await expect.poll(() => shownCount(page)).toBe(0);
  await expect(page.getByRole('button', { name: 'Eliminar valores' })).toBeDisabled();

  // The area's and the site's tabs count all their machines' values, not the machine's narrowings
  // (still chosen there); back on the machine they are gone, and its whole count dropped by as much.
  await openNode(page, 'Bombeo');
  await page.getByRole('tab', { name: 'Limpieza de datos' }).click();
  await expect(page).toHaveURL(/\/editor\/area\/data-cleaning\?/);
  await expect(page.getByRole('tab')).toHaveText(['Edición de área', 'Limpieza de datos']);
  expect(await shownCount(page)).toBeGreaterThanOrEqual(all - chosen);
  await expect(page.getByRole('combobox', { name: 'Punto' })).toHaveCount(0);
  await openNode(page, 'Centro Norte');
  await page.getByRole('tab', { name: 'Limpieza de datos' }).click();
  await expect(page).toHaveURL(/\/editor\/data-cleaning\?/);
  expect(await shownCount(page)).toBeGreaterThanOrEqual(all - chosen);
  await settle(page);
  await documentShot(page, 'data-cleaning-site-es.png');
  await openNode(page, 'Bomba P-101');
  await expect(page).toHaveURL(/\/editor\/machine\/data-cleaning\?/);
  await expect(page.getByText('Todos los puntos')).toBeVisible();
  await expect.poll(() => shownCount(page)).toBe(all - chosen);
});
