import { expect, test, type Locator, type Page } from './fixtures';
import {
  CATALOGUE,
  actions,
  choose,
  column,
  deleteItem,
  dialog,
  expectHighlighted,
  field,
  fill,
  input,
  item,
  openScreen,
  optionsOf,
  saveItem,
  scope,
  shot,
  toast,
} from './catalog';
import { documentShot, login, settle } from './helpers';

// The spectra screen and its editors (S2 §2.1, §3.8, §3.9, §4, §5.6, §5.7, §6, §9) against the
// real server and its demo catalogue: template spectra of both families with their bands; the
// demo factory has downloaded the three alert-device ones (and with them their bands and
// accelerometer). Most demo spectra hold a band with a summation and carry the sigma mark
// (SPEC-009); 'MEMS aceleración AR' and 'MEMS magnetómetro MG' do not.

const FACTORY = 'Espectros de la fábrica';
const TEMPLATES = 'Espectros para descargar';
const ANALOG = 'KOS Alert 10';
const DIGITAL = 'KOS Sensor';
const SIGMA = 'Σ ';

const openSpectra = (page: Page) => openScreen(page, 'Espectros', 'spectra', item(page, TEMPLATES, `${SIGMA}Velocidad BR 800 líneas`));

/**
 * Chooses `lines` (an FFT of `fft`), which allow fewer averages than the `averages` chosen: the
 * averages are cleared, 1 and 2 are offered, and 2 is chosen.
 */
async function chooseLinesCuttingAverages(page: Page, lines: string, fft: string, averages: string) {
  await choose(page, 'Líneas', lines);
  await expect(input(page, 'Tamaño FFT')).toHaveValue(fft);
  await expect(field(page, 'Número de promedios')).not.toContainText(averages);
  expect(await optionsOf(page, 'Número de promedios')).toEqual(['1', '2']);
  await choose(page, 'Número de promedios', '2');
}

/** The range groups a family's tree shows in a column. */
async function rangeGroups(page: Page, columnName: string, family: string): Promise<string[]> {
  const tree = column(page, columnName);
  const groups = ['Rango bajo (BR)', 'Rango alto (AR)', 'Envolvente (DM)', 'Magnetómetro (MG)'];
  const familyItem = tree.getByRole('treeitem').filter({ has: page.getByText(family, { exact: true }) });
  await expect(familyItem).toBeVisible();
  const shown: string[] = [];
  // The groups of each family follow it; the digital family comes last, so count the groups after it.
  const titles = await tree.getByRole('treeitem').allInnerTexts();
  const start = titles.findIndex((s) => s.includes(family));
  const next = titles.findIndex((s, i) => i > start && (s.includes(ANALOG) || s.includes(DIGITAL)));
  for (const title of titles.slice(start + 1, next < 0 ? undefined : next)) {
    const g = groups.find((name) => title.startsWith(name));
    if (g) shown.push(g);
  }
  return shown;
}

/** The sub-modal of one of the editor's lists (S2 §2.7): the dialog that dissociates all. */
function subModal(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Desasociar todos' }) });
}

/** Opens the editor's sub-modal `title` with its button `open`. */
async function openList(page: Page, open = 'Asociar banda', title = 'Bandas del espectro') {
  await dialog(page).getByRole('button', { name: open }).click();
  await expect(subModal(page)).toContainText(title);
  // Opened in place, not still zooming in: on a busy machine a click on a modal still moving
  // could miss (the band warning never came).
  await expect(subModal(page)).not.toHaveClass(/ant-zoom-(appear|enter)/);
}

async function closeList(page: Page) {
  await subModal(page).getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(subModal(page)).toHaveCount(0);
}

/** In the open sub-modal: associates the item `name` (or none), and answers the message shown. */
async function associate(page: Page, name?: string) {
  const list = subModal(page);
  if (name) {
    await list.getByRole('combobox').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click();
    // The choice must have landed before the action, or the previous item is sent again.
    await expect(list.locator('.ant-select')).toContainText(name);
  }
  await list.getByRole('button', { name: /(^|\s)Asociar$/ }).click();
}

/** In the open sub-modal: the item `name`, held already, is offered but cannot be chosen. */
async function expectHeld(page: Page, name: string) {
  await subModal(page).getByRole('combobox').click();
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true })).toHaveClass(/ant-select-item-option-disabled/);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Links the factory's band `band` to its spectrum `spectrum` through the API, as another user would. */
async function linkBehind(page: Page, spectrum: string, band: string) {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { Fabricas: { UsuFabricaID: number }[] };
  const base = `/api/user/${me.Fabricas[0].UsuFabricaID}`;
  const id = async (segment: string, field: string, name: string) => {
    const items = (await (await page.request.get(`${base}/${segment}`)).json()) as Record<string, unknown>[];
    return items.find((i) => i.NombreEs === name)?.[field];
  };
  const res = await page.request.post(`${base}/spectrum/${await id('spectrum', 'UsuEspectroID', spectrum)}/band/${await id('band', 'UsuBandaID', band)}`, {
    headers: { 'X-Requested-With': 'vigia' },
  });
  expect(res.status()).toBe(204);
}

async function dissociate(page: Page, name: string) {
  await subModal(page).getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Desasociar' }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: '¿Está seguro de querer desasociar el elemento?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Desasociar' }).click();
  await expect(toast(page)).toHaveText('Elemento desasociado correctamente.');
}

test('SPEC-001..SPEC-036: creates an alert-device spectrum, cutting the averages; edits, links bands, copies and deletes it', async ({ page }) => {
  await login(page, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSpectra(page);
  // SPEC-002..SPEC-004: two columns, a tree per family, grouped by range; SPEC-009: the sigma mark.
  for (const name of [FACTORY, TEMPLATES]) {
    for (const family of [ANALOG, DIGITAL]) await expect(column(page, name).getByText(family, { exact: true })).toBeVisible();
  }
  await expect(item(page, FACTORY, `${SIGMA}Velocidad BR 800 líneas (descarga)`)).toBeVisible();
  // SPEC-005: a spectrum expands to its bands, those with a summation marked.
  await item(page, TEMPLATES, `${SIGMA}Velocidad BR 800 líneas`).locator('.ant-tree-switcher').click();
  await expect(item(page, TEMPLATES, `${SIGMA}Armónicos 1x-5x`)).toBeVisible();
  await expect(item(page, TEMPLATES, '1x')).toBeVisible();
  await page.mouse.move(1, 890); // nothing hovered
  await settle(page);
  await documentShot(page, `spectra-es.png`);

  // SPEC-001: a create action per family.
  await page.getByRole('button', { name: 'Crear espectro KOS Alert 10' }).click();
  await expect(dialog(page).getByText('Espectro', { exact: true })).toBeVisible();
  expect(await actions(page)).toEqual(['Guardar']);
  // Defaults: 400 lines, FFT 512, linear, 1 average, RMS, not attenuated.
  await expect(field(page, 'Líneas')).toContainText('400');
  await expect(input(page, 'Tamaño FFT')).toHaveValue('512');
  await expect(field(page, 'Número de promedios')).toContainText('1');
  // AUTH-016: attenuation and amplification are ADMIN's; SPEC-026: no demodulation filter but for DM.
  await expect(input(page, 'Atenuación')).toBeDisabled();
  await expect(input(page, 'Amplificación autorango')).toBeDisabled();
  await expect(field(page, 'Filtro de demodulación')).toHaveCount(0);
  // Taller than a laptop's window, the editor keeps its buttons in view over its fields.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 720 });
  expect((await dialog(page).boundingBox())!.height).toBeGreaterThan(720);
  await expect(dialog(page).getByRole('button', { name: 'Guardar' })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize(size);

  // SPEC-023, SPEC-024: blanks are highlighted, the first focused.
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectHighlighted(page, 'Nombre', 'Rango', 'Acelerómetro', 'Frecuencia de muestreo', 'Ventana', 'Filtro paso alto del espectro', 'Unidad');
  await expect(input(page, 'Nombre')).toBeFocused();

  await fill(page, 'Nombre', 'Velocidad BR 12800 líneas');
  expect(await optionsOf(page, 'Rango')).toEqual(['Rango bajo (BR)', 'Rango alto (AR)', 'Envolvente (DM)']);
  await choose(page, 'Rango', 'Envolvente (DM)');
  await expect(field(page, 'Filtro de demodulación')).toHaveCount(1);
  await expect(input(page, 'Filtro de demodulación')).toBeDisabled();
  await choose(page, 'Rango', 'Rango bajo (BR)');
  const sensors = await optionsOf(page, 'Acelerómetro');
  const [sensor] = sensors;
  // The list is as wide as its longest name: 'Acelerómetro ICP 10 mV/g (alta frecuencia)
  // (descarga)' shows whole, where its end, which tells it from its copy, was cut.
  expect(sensors).toContain('Acelerómetro ICP 10 mV/g (alta frecuencia) (descarga)');
  await dialog(page).locator('.ant-select').filter({ has: page.getByLabel('Acelerómetro', { exact: true }) }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option-content');
  await expect(options.filter({ hasText: '(alta frecuencia) (descarga)' })).toBeVisible();
  expect(await options.evaluateAll((all) => all.every((o) => o.scrollWidth <= o.clientWidth))).toBe(true);
  await page.keyboard.press('Escape');
  await choose(page, 'Acelerómetro', sensor);
  // SPEC-032..SPEC-035: 128 averages, then 12800 lines at 1500 cpm allow 2 at most: cleared.
  await choose(page, 'Número de promedios', '128');
  await choose(page, 'Frecuencia de muestreo', '1500');
  await expect(field(page, 'Frecuencia de muestreo')).toContainText('1500 CPM');
  await chooseLinesCuttingAverages(page, '12800', '16384', '128');
  await choose(page, 'Ventana', 'Hann');
  await choose(page, 'Filtro paso alto del espectro', '2 Hz');
  await choose(page, 'Unidad', 'mm/s (velocidad)');
  await shot(page, 'spectrum-modal-add-es.png');
  await saveItem(page);
  await expect(item(page, FACTORY, 'Velocidad BR 12800 líneas')).toBeVisible();

  // Edit: the range is fixed (SPEC-012); the band section.
  await item(page, FACTORY, 'Velocidad BR 12800 líneas').click();
  expect(await actions(page)).toEqual(['Eliminar', 'Copiar', 'Guardar']);
  await expect(input(page, 'Rango')).toBeDisabled();
  await openList(page);
  await associate(page);
  await expect(toast(page)).toHaveText('Se ha de seleccionar una banda.');
  await associate(page, `${SIGMA}Armónicos 1x-5x (descarga)`);
  await expect(toast(page)).toHaveText('Elemento asociado correctamente.');
  await expectHeld(page, `${SIGMA}Armónicos 1x-5x (descarga)`);
  // BAND-050, MSG-007: a band another user linked after the list was read is refused by the
  // server; the list then shows it held.
  await linkBehind(page, 'Velocidad BR 12800 líneas', '1x (descarga)');
  await associate(page, '1x (descarga)');
  await expect(toast(page)).toContainText('El elemento ya está asociado.');
  await expect(subModal(page).getByRole('listitem').filter({ hasText: '1x (descarga)' })).toBeVisible();
  await dissociate(page, '1x (descarga)');
  await closeList(page);
  await shot(page, 'spectrum-modal-edit-es.png');
  await fill(page, 'Nombre', 'Velocidad BR 12800 líneas (molinos)');
  await saveItem(page);
  // SPEC-009: it now holds a band with a summation.
  await expect(item(page, FACTORY, `${SIGMA}Velocidad BR 12800 líneas (molinos)`)).toBeVisible();

  // Clicking a band opens the band editor (SPEC-006, BAND-051).
  await item(page, FACTORY, `${SIGMA}Velocidad BR 12800 líneas (molinos)`).locator('.ant-tree-switcher').click();
  await column(page, FACTORY)
    .getByRole('treeitem')
    .filter({ has: page.getByText(`${SIGMA}Armónicos 1x-5x (descarga)`, { exact: true }) })
    .first()
    .click();
  await expect(dialog(page).getByText('Banda', { exact: true })).toBeVisible();
  await shot(page, 'spectra-band-modal-es.png');
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();

  // Copy, then delete both after the confirmation.
  await item(page, FACTORY, `${SIGMA}Velocidad BR 12800 líneas (molinos)`).click();
  // API-116: the copy sends the spectrum's UsuEspectroID alone (to the add call).
  const copyCall = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/user\/\d+\/spectrum$/.test(r.url()));
  await dialog(page).getByRole('button', { name: 'Copiar' }).click();
  expect(Object.keys((await copyCall).postDataJSON() as object)).toEqual(['UsuEspectroID']);
  await expect(toast(page)).toHaveText('Elemento copiado correctamente.');
  for (const name of ['Velocidad BR 12800 líneas (molinos) (copia)', 'Velocidad BR 12800 líneas (molinos)']) {
    await item(page, FACTORY, `${SIGMA}${name}`).click();
    await deleteItem(page);
    await expect(toast(page)).toHaveText('Elemento eliminado correctamente.');
    await expect(item(page, FACTORY, `${SIGMA}${name}`)).toHaveCount(0);
  }

  // API-117: a download sends the template's AdminEspectroGUID alone (to the add call); the
  // demo factory has this one, so the server refuses it.
  await item(page, TEMPLATES, `${SIGMA}Velocidad BR 800 líneas`).click();
  const downloadCall = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/user\/\d+\/spectrum$/.test(r.url()));
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  expect(Object.keys((await downloadCall).postDataJSON() as object)).toEqual(['AdminEspectroGUID']);
  await expect(dialog(page).getByRole('alert').filter({ hasText: 'No se ha podido descargar el elemento.' })).toContainText(
    'El elemento ya se ha descargado previamente.',
  );
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
});

test('SPEC-037..SPEC-063, AUTH-009, AUTH-010: downloads a digital template, creates a digital spectrum and links a band', async ({ page }) => {
  await login(page, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSpectra(page);
  // AUTH-009: no digital DM or MG groups for a non-ADMIN, in either column.
  expect(await rangeGroups(page, FACTORY, DIGITAL)).toEqual(['Rango bajo (BR)', 'Rango alto (AR)']);
  expect(await rangeGroups(page, TEMPLATES, DIGITAL)).toEqual(['Rango bajo (BR)', 'Rango alto (AR)']);

  // A template opens read-only, with Download alone.
  await item(page, TEMPLATES, `${SIGMA}MEMS velocidad BR`).click();
  expect(await actions(page)).toEqual(['Descargar']);
  await expect(input(page, 'Nombre')).toBeDisabled();
  await expect(input(page, 'Frecuencia de muestreo')).toBeDisabled();
  await shot(page, 'spectrum-modal-template-es.png');
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  await expect(toast(page)).toHaveText('Elemento descargado correctamente.');
  await expect(item(page, FACTORY, `${SIGMA}MEMS velocidad BR (descarga)`)).toBeVisible();

  await page.getByRole('button', { name: 'Crear espectro KOS Sensor' }).click();
  await expect(dialog(page).getByText('Espectro KOS Sensor', { exact: true })).toBeVisible();
  // SPEC-040, SPEC-041, SPEC-059, SPEC-063: the defaults.
  await expect(field(page, 'Filtro paso alto del espectro')).toContainText('9 Hz');
  await expect(field(page, 'Atenuación')).toContainText('Sin atenuar');
  await expect(field(page, 'Rango de amplitud')).toContainText('±16 g');
  await expect(field(page, 'Filtro paso alto del sensor')).toHaveCount(1); // decision 3
  // The two high-pass filters say which is which.
  await expect(field(page, 'Filtro paso alto del espectro')).toContainText('Filtro que se aplica a la señal al adquirir este espectro');
  await expect(field(page, 'Filtro paso alto del sensor')).toContainText('Filtro digital del propio KOS Sensor, distinto del filtro paso alto del espectro');
  // AUTH-010: DM and MG are ADMIN's; SPEC-050: 5200 too.
  expect(await optionsOf(page, 'Rango')).toEqual(['Rango bajo (BR)', 'Rango alto (AR)']);
  const widths = await optionsOf(page, 'Frecuencia de muestreo');
  expect(widths).not.toContain('5200');
  expect(widths).not.toContain('2340');

  // SPEC-045, SPEC-046: blanks highlighted.
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectHighlighted(page, 'Nombre', 'Rango', 'Sensor dinámico digital', 'Frecuencia de muestreo', 'Ventana', 'Unidad');

  await fill(page, 'Nombre', 'MEMS velocidad BR 1600 líneas');
  await choose(page, 'Rango', 'Rango bajo (BR)');
  const [sensor] = await optionsOf(page, 'Sensor dinámico digital');
  await choose(page, 'Sensor dinámico digital', sensor);
  // SPEC-052..SPEC-054: the lines a width offers.
  await choose(page, 'Frecuencia de muestreo', '62500');
  expect(await optionsOf(page, 'Líneas')).toEqual(['800']);
  await choose(page, 'Frecuencia de muestreo', '205000');
  expect(await optionsOf(page, 'Líneas')).toEqual(['800', '1600', '3200']);
  // SPEC-042..SPEC-044: 800 lines at 156000 allow 4 averages; 1600 lines allow 2: cleared.
  await choose(page, 'Frecuencia de muestreo', '156000');
  await choose(page, 'Número de promedios', '4');
  await chooseLinesCuttingAverages(page, '1600', '2048', '4');
  await choose(page, 'Ventana', 'Hann');
  await choose(page, 'Unidad', 'mm/s (velocidad)');
  await shot(page, 'digital-spectrum-modal-add-es.png');
  await saveItem(page);

  await item(page, FACTORY, 'MEMS velocidad BR 1600 líneas').click();
  await openList(page);
  await associate(page, `${SIGMA}Armónicos 1x-5x (descarga)`);
  await expect(toast(page)).toHaveText('Elemento asociado correctamente.');
  await expectHeld(page, `${SIGMA}Armónicos 1x-5x (descarga)`);
  await dissociate(page, 'Armónicos 1x-5x (descarga)');
  await closeList(page);
  await shot(page, 'digital-spectrum-modal-edit-es.png');
  await deleteItem(page);
  await expect(toast(page)).toHaveText('Elemento eliminado correctamente.');
  await expect(item(page, FACTORY, 'MEMS velocidad BR 1600 líneas')).toHaveCount(0);
});

test('AUTH-009, AUTH-010, AUTH-016: ADMIN sees the digital DM and MG groups and sets the ADMIN-only fields', async ({ page }) => {
  await login(page, 'admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSpectra(page);
  const all = ['Rango bajo (BR)', 'Rango alto (AR)', 'Envolvente (DM)', 'Magnetómetro (MG)'];
  expect(await rangeGroups(page, TEMPLATES, DIGITAL)).toEqual(all);
  expect(await rangeGroups(page, FACTORY, DIGITAL)).toEqual(all);
  await expect(item(page, TEMPLATES, 'MEMS magnetómetro MG')).toBeVisible();

  await page.getByRole('button', { name: 'Crear espectro KOS Alert 10' }).click();
  await expect(input(page, 'Atenuación')).toBeEnabled();
  await expect(input(page, 'Amplificación autorango')).toBeEnabled();
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();

  await page.getByRole('button', { name: 'Crear espectro KOS Sensor' }).click();
  expect(await optionsOf(page, 'Rango')).toEqual(all);
  // SPEC-051, SPEC-060: a magnetometer samples at 2340 and reads Tesla.
  await choose(page, 'Rango', 'Magnetómetro (MG)');
  await expect(field(page, 'Frecuencia de muestreo')).toContainText('2340 Hz');
  await expect(field(page, 'Unidad')).toContainText('Tesla');
  expect(await optionsOf(page, 'Frecuencia de muestreo')).toEqual(['2340']);
  await choose(page, 'Rango', 'Rango bajo (BR)');
  expect(await optionsOf(page, 'Frecuencia de muestreo')).toContain('5200');
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();

  // The Plantillas scope: the template column alone; a template spectrum is edited, its bands too.
  await scope(page, 'Plantillas');
  await expect(column(page, FACTORY)).toHaveCount(0);
  await item(page, CATALOGUE, `${SIGMA}Envolvente DM 1600 líneas`).click();
  await expect(dialog(page).getByText('Plantilla', { exact: true })).toBeVisible();
  expect(await actions(page)).toEqual(['Eliminar', 'Copiar', 'Guardar']);
  await expect(input(page, 'Filtro de demodulación')).toBeEnabled();
  await openList(page);
  await expect(subModal(page).getByRole('button', { name: 'Desasociar' }).first()).toBeVisible();
  await closeList(page);
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
});

test('SPEC-010, SPEC-011: the spectrum-bands modal; a digital spectrum’s Associate band and associated spectra BR/DM sub-modals', async ({ page }) => {
  await login(page, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  // A digital sensor and two digital spectra of the factory, high and low range, made through the API.
  const me = (await (await page.request.get('/api/auth/me')).json()) as { Fabricas: { UsuFabricaID: number }[] };
  const base = `/api/user/${me.Fabricas[0].UsuFabricaID}`;
  const post = async (path: string, data: object) => {
    const res = await page.request.post(`${base}/${path}`, { headers: { 'X-Requested-With': 'vigia' }, data });
    expect(res.status()).toBe(201);
    return (await res.json()) as Record<string, unknown>;
  };
  const sensor = await post('sensor/digitaldynamic', { NombreEs: 'MEMS molino M-401', Magnitud: { EnumMagnitudID: 'A' }, Power: { EnumPotenciaID: 'OFF' }, Sensibilidad: '-50.5' });
  for (const [Nombre, Rango] of [
    ['Aceleración AR molino M-401', 'AR'],
    ['Aceleración BR molino M-401', 'BR'],
  ]) {
    await post('digitalspectrum', {
      Nombre,
      Rango,
      Lineas: 1,
      NumPromedios: 1,
      Ventana: 'HANN',
      Solapamiento: 0,
      FrecuenciaMuestreo: 10000,
      Unidad: 'G',
      UsuSensorDinamicoDigitalId: sensor.UsuSensorDinamicoDigitalID,
    });
  }
  await openSpectra(page);

  // The alert-device spectrum's modal and its spectrum-bands modal: each band with its frequency type.
  await item(page, FACTORY, `${SIGMA}Velocidad BR 800 líneas (descarga)`).click();
  await expect(dialog(page).getByText('Espectro', { exact: true })).toBeVisible();
  await openList(page);
  await expect(subModal(page).getByRole('listitem').filter({ hasText: 'Armónicos 1x-5x (descarga)' })).toContainText('Órdenes');
  await documentShot(subModal(page), 'spectrum-bands-modal-es.png');
  await closeList(page);
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();

  // The digital spectrum's modal, with its two lists; 'Asociar banda' opens its Associate band sub-modal.
  await item(page, FACTORY, 'Aceleración AR molino M-401').click();
  await expect(dialog(page).getByText('Espectro KOS Sensor', { exact: true })).toBeVisible();
  await expect(dialog(page).getByRole('region', { name: 'Espectros asociados BR/DM' })).toContainText('Sin elementos asociados');
  await openList(page);
  await expect(subModal(page).getByRole('combobox', { name: 'Banda a asociar' })).toBeVisible();
  await closeList(page);

  // Its associated spectra BR/DM: low-range spectra are offered, not high-range ones.
  await openList(page, 'Asociar espectro', 'Espectros asociados BR/DM');
  await subModal(page).getByRole('combobox', { name: 'Espectro a asociar' }).click();
  const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(offered.filter({ hasText: 'Aceleración BR molino M-401' })).toHaveCount(1);
  await expect(offered.filter({ hasText: 'Aceleración AR molino M-401' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await associate(page, 'Aceleración BR molino M-401');
  await expect(toast(page)).toHaveText('Elemento asociado correctamente.');
  await expect(subModal(page).getByRole('listitem').filter({ hasText: 'Aceleración BR molino M-401' })).toContainText('Rango bajo (BR) · 10000 Hz · 800 líneas');
  await documentShot(subModal(page), 'digital-spectrum-links-modal-es.png');

  // Dissociating them all asks about every association of the spectrum.
  await subModal(page).getByRole('button', { name: 'Desasociar todos' }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: '¿Está seguro de querer eliminar todas las asociaciones de espectros de «Aceleración AR molino M-401»?' });
  await confirm.getByRole('button', { name: 'Desasociar todos' }).click();
  await expect(toast(page)).toHaveText('Elementos desasociados correctamente.');
  await expect(subModal(page)).toContainText('Sin elementos asociados');
  await closeList(page);
  await expect(dialog(page).getByRole('region', { name: 'Espectros asociados BR/DM' })).toContainText('Sin elementos asociados');
});
