import { expect, test, type Page } from './fixtures';
import {
  actions,
  choose,
  column,
  copyThenDelete,
  create,
  deleteItem,
  dialog,
  expectHighlighted,
  fill,
  input,
  item,
  openScreen,
  optionsOf,
  saveItem,
  shot,
  toast,
} from './catalog';
import { documentShot, login, settle } from './helpers';

// The criteria screen (S2 §2.8, S3 §3, §7.2) against the real server and its demo catalogue:
// four template VCO/VCOVs and four template criteria, all downloaded by the demo factory
// ('Velocidad (descarga)'...), which also has its fixed DESCONOCIDO criterion.

const FACTORY = 'Criterios y VCO/VCOV de la fábrica';
const TEMPLATES = 'Criterios y VCO/VCOV para descargar';
const TYPE = 'Tipo de elemento';

const openCriteria = (page: Page) =>
  openScreen(page, 'Criterios', 'criteria', item(page, TEMPLATES, 'Velocidad y carga'), item(page, FACTORY, 'Velocidad y carga (descarga)'));

/** Adds a row to a conditions list and fills its name (and bounds, for a VCO's). */
async function addCondition(page: Page, n: number, name: string, min?: string, max?: string) {
  await dialog(page).getByRole('button', { name: 'Añadir condición' }).click();
  await fill(page, `Nombre de la condición ${n}`, name);
  if (min !== undefined) await fill(page, `Mínimo ${n}`, min);
  if (max !== undefined) await fill(page, `Máximo ${n}`, max);
}

test('VCO-010, VCO-011, VCO-019: creates a VCO with conditions, refused without a sensor; a criterion over it; edits, copies and deletes', async ({
  page,
}) => {
  await login(page, 'editor');
  await openCriteria(page);
  for (const name of [FACTORY, TEMPLATES]) {
    for (const group of ['Criterio', 'VCO/VCOV']) await expect(column(page, name).getByText(group, { exact: true })).toBeVisible();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle(page);
  await documentShot(page, `criteria-es.png`);

  // A VCO with two conditions and no sensor: refused before any call (the server refuses it
  // too: 'one_sensor', internal/app/operating_test.go), the Sensor field is highlighted.
  await create(page, TYPE, 'VCO/VCOV');
  expect(await actions(page)).toEqual(['Guardar']);
  await expect(input(page, 'Factor de conversión')).toHaveValue('1');
  await fill(page, 'Nombre', 'Velocidad de la bomba');
  await addCondition(page, 1, 'Parada', '', '10');
  await addCondition(page, 2, 'Marcha', '10', '');
  // A maximum not above the minimum is highlighted before any call.
  await fill(page, 'Máximo 2', '5');
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectHighlighted(page, 'Condiciones');
  // Only the wrong input of the row is marked.
  const marked = (label: string) => input(page, label).evaluate((el) => el.closest('[class*="status-error"]') !== null);
  expect(await marked('Máximo 2')).toBe(true);
  expect(await marked('Mínimo 2')).toBe(false);
  await fill(page, 'Máximo 2', '');
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog(page).getByRole('alert')).toContainText('Revise los campos resaltados.');
  await expectHighlighted(page, 'Sensor');

  // A VCO reads 4-20 mA, tachometer, static voltage or virtual sensors; a VCOV virtual, keyboard or nominal ones.
  // (the lists of sensors may still be loading: read them again until they show)
  const sensors = async () => {
    let texts: string[] = [];
    await expect(async () => {
      texts = await optionsOf(page, 'Sensor');
      expect(texts.length).toBeGreaterThan(0);
    }).toPass();
    return texts;
  };
  const vcoSensors = await sensors();
  expect(vcoSensors).toContain('Tacómetro 1 pulso por vuelta (descarga)');
  await choose(page, 'Tipo', 'VCOV');
  const vcovSensors = await sensors();
  expect(vcovSensors).not.toContain('Tacómetro 1 pulso por vuelta (descarga)');
  expect(vcovSensors).toContain('Velocidad por 1x del espectro (descarga)');
  await choose(page, 'Tipo', 'VCO');
  // The conditions are in the unit of what the chosen sensor measures.
  const unitOf = (label: string) => input(page, label).locator('xpath=..').locator('.ant-input-suffix');
  await choose(page, 'Sensor', 'Transmisor de carga 4-20 mA (0-100 %) (descarga)');
  await expect(unitOf('Mínimo 1')).toHaveText('%');
  await choose(page, 'Sensor', 'Tacómetro 1 pulso por vuelta (descarga)');
  await expect(unitOf('Mínimo 1')).toHaveText('rpm');
  await expect(unitOf('Máximo 2')).toHaveText('rpm');
  await shot(page, 'criteria-vco-editor-es.png');
  await saveItem(page, FACTORY, 'Velocidad de la bomba');

  // A criterion over it: the times, the entry and a condition per range of the entry.
  await create(page, TYPE, 'Criterio');
  await fill(page, 'Nombre', 'Velocidad y carga de la bomba');
  // The times in the order of the levels, then the stable time.
  const times = ['Tiempo de aviso', 'Tiempo de alarma', 'Tiempo de peligro', 'Tiempo estable'];
  await expect(dialog(page).locator('label').filter({ hasText: /^Tiempo/ })).toHaveText(times);
  for (const time of times) await fill(page, time, '60');
  await choose(page, 'VCO/VCOV', 'Velocidad de la bomba');
  await choose(page, 'VCO/VCOV', 'Carga (4-20 mA) (descarga)');
  await page.keyboard.press('Escape'); // the multiple select stays open
  await addCondition(page, 1, 'Parada');
  await choose(page, 'Velocidad de la bomba 1', 'Parada');
  await addCondition(page, 2, 'Marcha en carga');
  await choose(page, 'Velocidad de la bomba 2', 'Marcha');
  await choose(page, 'Carga (4-20 mA) (descarga) 2', 'Carga');
  expect(await optionsOf(page, 'Carga (4-20 mA) (descarga) 1')).toEqual(['Cualquiera', 'Vacío', 'Carga']);
  await shot(page, 'criteria-criterion-editor-es.png');
  await saveItem(page);

  // Edit: a time and a condition's name; the ranges stay with their entries.
  await item(page, FACTORY, 'Velocidad y carga de la bomba').click();
  await expect(input(page, 'Nombre de la condición 2')).toHaveValue('Marcha en carga');
  await fill(page, 'Tiempo de aviso', '30');
  await fill(page, 'Nombre de la condición 1', 'Parado');
  await saveItem(page);
  await item(page, FACTORY, 'Velocidad y carga de la bomba').click();
  await expect(input(page, 'Tiempo de aviso')).toHaveValue('30');
  await expect(input(page, 'Nombre de la condición 1')).toHaveValue('Parado');
  await expect(dialog(page).getByRole('group', { name: 'Condiciones 2' })).toContainText('Marcha');
  await expect(dialog(page).getByRole('group', { name: 'Condiciones 2' })).toContainText('Carga');

  // Copy (the copy is selected) and delete the copy, then the criterion and the VCO, each after a confirmation.
  await copyThenDelete(page, FACTORY, 'Velocidad y carga de la bomba');
  await item(page, FACTORY, 'Velocidad y carga de la bomba').click();
  await deleteItem(page);
  await expect(toast(page)).toHaveText('Elemento eliminado correctamente.');
  await expect(item(page, FACTORY, 'Velocidad y carga de la bomba')).toHaveCount(0);
  await item(page, FACTORY, 'Velocidad de la bomba').click();
  await deleteItem(page);
  await expect(item(page, FACTORY, 'Velocidad de la bomba')).toHaveCount(0);
});

test('MACH-020: DESCONOCIDO opens read-only; filter by name; templates download with their VCOs', async ({ page }) => {
  await login(page, 'editor');
  await openCriteria(page);

  // The factory's DESCONOCIDO criterion can be neither changed nor deleted.
  await item(page, FACTORY, 'Desconocido').click();
  await expect(dialog(page).getByText('Elemento fijo de la fábrica: no se puede modificar ni eliminar.')).toBeVisible();
  expect(await actions(page)).toEqual([]);
  await expect(input(page, 'Nombre')).toBeDisabled();
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();

  // VCO-019: filter by name, in both columns, without case or accents.
  const filter = page.getByRole('searchbox', { name: 'Filtrar por nombre' });
  await filter.fill('TACOMETRO');
  await expect(item(page, FACTORY, 'Velocidad (tacómetro) (descarga)')).toBeVisible();
  await expect(item(page, TEMPLATES, 'Velocidad (tacómetro)')).toBeVisible();
  await expect(item(page, FACTORY, 'Velocidad (descarga)')).toHaveCount(0);
  await expect(item(page, FACTORY, 'Desconocido')).toHaveCount(0);
  await expect(item(page, TEMPLATES, 'Velocidad y carga')).toHaveCount(0);
  await filter.fill('');
  await expect(item(page, FACTORY, 'Velocidad (descarga)')).toBeVisible();

  // A template (read-only, Download only) already downloaded is refused.
  await item(page, TEMPLATES, 'Velocidad y carga').click();
  expect(await actions(page)).toEqual(['Descargar']);
  await expect(input(page, 'Tiempo estable')).toHaveValue('300');
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  await expect(dialog(page)).toContainText('El elemento ya se ha descargado previamente.');
  // A read-only list offers no adding or removing of rows.
  await expect(dialog(page).getByRole('button', { name: 'Añadir condición' })).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Once its download is deleted (no machine uses it), the template downloads again.
  await item(page, FACTORY, 'Velocidad y carga (descarga)').click();
  await deleteItem(page);
  await expect(dialog(page)).toHaveCount(0);
  await expect(item(page, FACTORY, 'Velocidad y carga (descarga)')).toHaveCount(0);
  await item(page, TEMPLATES, 'Velocidad y carga').click();
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  await expect(toast(page)).toHaveText('Elemento descargado correctamente.');
  const download = item(page, FACTORY, 'Velocidad y carga (descarga)');
  await expect(download).toHaveAttribute('aria-selected', 'true');
  await download.click();
  await expect(dialog(page).getByRole('group', { name: 'Condiciones 3' })).toContainText('Carga');
});
