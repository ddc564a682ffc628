import { expect, test, type Page } from './fixtures';
import {
  CATALOGUE,
  actions,
  choose,
  column,
  copyThenDelete,
  create,
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
import { documentShot, login, menuEntry, settle } from './helpers';

// The bands screen and its editor (S2 §3.1–§3.3, §4, §5.1, §5.2) against the real server and its
// demo catalogue: template bands of both families; the demo factory has downloaded the
// alert-device spectra, and with them every alert-device band ("1x (descarga)"...), which
// those spectra use. ADMIN edits the templates in the Plantillas scope.

const FACTORY = 'Bandas de la fábrica';
const TEMPLATES = 'Bandas para descargar';
const ANALOG = 'KOS Alert 10';
const DIGITAL = 'KOS Sensor';

const openBands = (page: Page) => openScreen(page, 'Bandas', 'bands', item(page, TEMPLATES, 'Engrane 1x GMF'));

test('BAND-025..BAND-055: creates an alert-device band, refusing invalid input first; edits, copies and deletes it', async ({ page }) => {
  await login(page, 'editor');
  await openBands(page);
  // Only ADMIN gets the templates' scope.
  await expect(page.getByRole('radiogroup', { name: 'Ámbito del catálogo' })).toHaveCount(0);
  for (const name of [FACTORY, TEMPLATES]) {
    for (const group of [ANALOG, DIGITAL]) await expect(column(page, name).getByText(group, { exact: true })).toBeVisible();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle(page);
  await documentShot(page, `bands-es.png`);

  await create(page, 'Tipo de banda', ANALOG);
  await expect(dialog(page).getByText('Banda', { exact: true })).toBeVisible(); // BAND-051
  expect(await actions(page)).toEqual(['Guardar']);
  // BAND-043..BAND-046: the defaults; no summation shows no side bands.
  await expect(input(page, 'Frecuencia de fallo')).toHaveValue('0');
  await expect(field(page, 'Armónicos')).toHaveCount(0);

  // BAND-053..BAND-055, BAND-061, BAND-081: blanks are highlighted, the first focused.
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectHighlighted(page, 'Nombre', 'Tipo de frecuencia', 'Rango', 'Frecuencia inicial', 'Frecuencia final');
  await expect(input(page, 'Nombre')).toBeFocused();
  await expect(dialog(page).getByText('Revise los campos resaltados.')).toBeVisible();
  // CAT-025: the fields are only highlighted; their messages stay out of sight.
  const explains = dialog(page).locator('.ant-form-item-explain');
  await expect(explains).toHaveCount(5);
  for (const explain of await explains.all()) await expect(explain).toBeHidden();
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();

  await create(page, 'Tipo de banda', ANALOG);
  await fill(page, 'Nombre', 'Banda 3x (holgura)');
  await choose(page, 'Tipo de frecuencia', 'Órdenes');
  await choose(page, 'Rango', 'Rango bajo (BR)');
  // BAND-025..BAND-028: orders offer every summation but the bearing one.
  expect(await optionsOf(page, 'Sumatorio')).toEqual([
    'Ninguno',
    'Automático',
    'Manual',
    'Engranaje',
    'Rosca compresor',
    'Lóbulo flotante',
  ]);

  // BAND-035, BAND-040: gear sets its harmonics, side bands and width, and locks the frequencies.
  await fill(page, 'Frecuencia inicial', '2,8');
  // Its range on hover, once the value hides the field's placeholder.
  const range = await input(page, 'Frecuencia inicial').getAttribute('placeholder');
  expect(range).toMatch(/^\[\d/);
  await expect(input(page, 'Frecuencia inicial')).toHaveAttribute('title', range!);
  await choose(page, 'Sumatorio', 'Engranaje');
  await expect(input(page, 'Frecuencia inicial')).toBeDisabled();
  await expect(input(page, 'Frecuencia inicial')).toHaveValue('');
  for (const [label, value] of [
    ['Armónicos', '3'],
    ['Bandas laterales', '3'],
    ['Anchura de banda lateral', '1,2'],
  ]) {
    await expect(input(page, label)).toHaveValue(value);
    await expect(input(page, label)).toBeDisabled();
  }
  // BAND-034, BAND-041: automatic edits harmonics, width and the left/right counts.
  await choose(page, 'Sumatorio', 'Automático');
  await expect(input(page, 'Frecuencia inicial')).toBeEnabled();
  await expect(input(page, 'Armónicos')).toHaveValue('5');
  await expect(input(page, 'Armónicos')).toBeEnabled();
  await expect(input(page, 'Anchura de banda lateral')).toHaveValue('1');
  await expect(input(page, 'Bandas a la izquierda')).toBeEnabled();
  await expect(input(page, 'Bandas laterales')).toBeDisabled();
  await shot(page, 'band-modal-add-es.png');

  // BAND-033: none clears and hides them; BAND-066: the final frequency must exceed the initial one.
  await choose(page, 'Sumatorio', 'Ninguno');
  await expect(field(page, 'Armónicos')).toHaveCount(0);
  await fill(page, 'Frecuencia inicial', '2,8');
  await fill(page, 'Frecuencia final', '2,8');
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectHighlighted(page, 'Frecuencia final');
  await expect(input(page, 'Frecuencia final')).toBeFocused();
  await fill(page, 'Frecuencia final', '3,2');
  await saveItem(page, FACTORY, 'Banda 3x (holgura)');

  // Edit: the band type cannot change (BAND-047); the values come back as stored.
  await item(page, FACTORY, 'Banda 3x (holgura)').click();
  expect(await actions(page)).toEqual(['Eliminar', 'Copiar', 'Guardar']);
  await expect(input(page, 'Tipo de frecuencia')).toBeDisabled();
  await expect(input(page, 'Rango')).toBeDisabled();
  await expect(input(page, 'Frecuencia final')).toHaveValue('3,2000');
  await fill(page, 'Nombre', 'Banda 3x (holgura mecánica)');
  await shot(page, 'band-modal-edit-es.png');
  // BAND-068: a fault frequency lies strictly between initial and final.
  await fill(page, 'Frecuencia de fallo', '3,2');
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectHighlighted(page, 'Frecuencia de fallo');
  await fill(page, 'Frecuencia de fallo', '3');
  await saveItem(page, FACTORY, 'Banda 3x (holgura mecánica)');
  await expect(item(page, FACTORY, 'Banda 3x (holgura)')).toHaveCount(0);

  // Copy, then delete the copy after the confirmation.
  await item(page, FACTORY, 'Banda 3x (holgura mecánica)').click();
  await expect(input(page, 'Frecuencia de fallo')).toHaveValue('3,0000');
  // BAND-048: the copy goes through the add call, naming the band by its id alone.
  const copyCall = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/user\/\d+\/band$/.test(r.url()));
  await copyThenDelete(page, FACTORY, 'Banda 3x (holgura mecánica)');
  expect(Object.keys((await copyCall).postDataJSON() as object)).toEqual(['UsuBandaID']);
  await expect(item(page, FACTORY, 'Banda 3x (holgura mecánica)')).toBeVisible();
});

test('BAND-008, BAND-016, BAND-042, BAND-056..BAND-060: creates a digital envelope band with manual ranges', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1300 }); // the whole editor, six manual ranges included
  await login(page, 'editor');
  await openBands(page);
  await create(page, 'Tipo de banda', DIGITAL);
  await expect(dialog(page).getByText('Banda KOS Sensor', { exact: true })).toBeVisible();
  await fill(page, 'Nombre', 'Envolvente rodamientos (rangos manuales)');
  await choose(page, 'Tipo de frecuencia', 'CPM');
  // BAND-007: digital bands also have the magnetometer range.
  expect(await optionsOf(page, 'Rango')).toEqual(['Rango bajo (BR)', 'Rango alto (AR)', 'Envolvente (DM)', 'Magnetómetro (MG)']);
  await expect(field(page, 'Filtro de demodulación')).toHaveCount(0);
  await choose(page, 'Rango', 'Envolvente (DM)');
  await expect(field(page, 'Filtro de demodulación')).toContainText('Sin filtro');
  await choose(page, 'Filtro de demodulación', '1-20 kHz');
  // BAND-026: CPM offers no summation but manual.
  expect(await optionsOf(page, 'Sumatorio')).toEqual(['Ninguno', 'Manual']);

  // BAND-056, BAND-057, BAND-016: 600 up to 60000 for envelope bands.
  await fill(page, 'Frecuencia inicial', '599');
  await fill(page, 'Frecuencia final', '60001');
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectHighlighted(page, 'Frecuencia inicial', 'Frecuencia final');
  await expect(input(page, 'Frecuencia inicial')).toBeFocused();
  await fill(page, 'Frecuencia inicial', '600');
  await fill(page, 'Frecuencia final', '60000');
  await expect(field(page, 'Frecuencia final')).not.toHaveClass(/ant-form-item-has-error/);

  // BAND-042, BAND-059, BAND-060: manual summation shows six ranges; range 1 is required.
  await choose(page, 'Sumatorio', 'Manual');
  await expect(input(page, 'Frecuencia final')).toBeDisabled();
  await expect(field(page, 'Rango manual 6: fin')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectHighlighted(page, 'Rango manual 1: inicio', 'Rango manual 1: fin');
  await fill(page, 'Rango manual 1: inicio', '600');
  await fill(page, 'Rango manual 1: fin', '1200,5');
  await fill(page, 'Rango manual 2: inicio', '1800');
  await fill(page, 'Rango manual 2: fin', '2400');
  await saveItem(page, FACTORY, 'Envolvente rodamientos (rangos manuales)');

  await item(page, FACTORY, 'Envolvente rodamientos (rangos manuales)').click();
  await expect(field(page, 'Filtro de demodulación')).toContainText('1-20 kHz');
  await expect(input(page, 'Rango manual 1: fin')).toHaveValue('1200,5000');
  await expect(input(page, 'Tipo de frecuencia')).toBeDisabled();
  await shot(page, 'band-modal-digital-es.png');
  await copyThenDelete(page, FACTORY, 'Envolvente rodamientos (rangos manuales)');
});

test('CAT-004, CAT-012, BAND-038: template bands are read-only and download once', async ({ page }) => {
  await login(page, 'editor');
  await openBands(page);

  // The demo factory already has the alert-device bands: a second download is refused.
  await expect(item(page, TEMPLATES, 'Engrane 1x GMF').getByText('Descargado')).toBeVisible();
  await item(page, TEMPLATES, 'Engrane 1x GMF').click();
  await expect(dialog(page).getByText('Plantilla', { exact: true })).toBeVisible();
  expect(await actions(page)).toEqual(['Descargar']);
  for (const label of [
    'Nombre',
    'Tipo de frecuencia',
    'Rango',
    'Sumatorio',
    'Frecuencia de fallo',
    'Armónicos',
    'Anchura de banda lateral',
  ]) {
    await expect(input(page, label)).toBeDisabled();
  }
  await expect(field(page, 'Sumatorio')).toContainText('Engranaje');
  await expect(input(page, 'Anchura de banda lateral')).toHaveValue('1,20000');
  await shot(page, 'band-modal-template-es.png');
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  // MSG-004
  const failure = dialog(page).getByRole('alert').filter({ hasText: 'No se ha podido descargar el elemento.' });
  await expect(failure).toContainText('El elemento ya se ha descargado previamente.');
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();

  // A digital template downloads into the factory with the suffix, and is marked.
  await item(page, TEMPLATES, 'Campo magnético 600-4500 CPM').click();
  await expect(field(page, 'Rango')).toContainText('Magnetómetro (MG)');
  // API-061: at the spec's path, download/{id}.
  const call = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/user\/\d+\/digitalband\/download\/[^/]+$/.test(r.url()));
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  expect((await call).status()).toBe(201);
  await expect(toast(page)).toHaveText('Elemento descargado correctamente.');
  await expect(item(page, FACTORY, 'Campo magnético 600-4500 CPM (descarga)')).toHaveAttribute('aria-selected', 'true');
  await expect(item(page, TEMPLATES, 'Campo magnético 600-4500 CPM').getByText('Descargado')).toBeVisible();
});

test('CAT-021, CAT-023: a band a spectrum uses is not deleted; the server says by whom', async ({ page }) => {
  await login(page, 'editor');
  await openBands(page);
  await item(page, FACTORY, '1x (descarga)').click();
  await deleteItem(page);
  const failure = dialog(page).getByRole('alert').filter({ hasText: 'No se ha podido eliminar.' });
  await expect(failure).toContainText('Está en uso por «Velocidad BR 800 líneas (descarga)».');
  await expect(dialog(page)).toBeVisible();
});

test('a read-only user sees the bands but cannot create or change them', async ({ page }) => {
  await login(page, 'lector');
  await openBands(page);
  await expect(page.getByRole('button', { name: 'Crear' })).toHaveCount(0);
  await item(page, FACTORY, 'Armónicos 1x-5x (descarga)').click();
  expect(await actions(page)).toEqual([]);
  await expect(input(page, 'Armónicos')).toHaveValue('5');
  await expect(input(page, 'Armónicos')).toBeDisabled();
  await expect(input(page, 'Bandas a la izquierda')).toHaveValue('1');
});

test('ADMIN edits band and sensor templates in the Plantillas scope', async ({ page }) => {
  await login(page, 'admin');
  await openBands(page);
  await expect(page.getByRole('radio', { name: 'Fábrica' })).toBeChecked();
  await scope(page, 'Plantillas');
  await expect(column(page, FACTORY)).toHaveCount(0);
  await expect(column(page, TEMPLATES)).toHaveCount(0);
  await expect(item(page, CATALOGUE, 'Engrane 1x GMF')).toBeVisible();
  await settle(page);
  await documentShot(page, `bands-templates-es.png`);

  // Add a template: the same editor, through the template paths.
  await create(page, 'Tipo de banda', ANALOG);
  await expect(dialog(page).getByText('Nuevo', { exact: true })).toBeVisible();
  await fill(page, 'Nombre', 'Desalineación 2x');
  await choose(page, 'Tipo de frecuencia', 'Órdenes');
  await choose(page, 'Rango', 'Rango bajo (BR)');
  await fill(page, 'Frecuencia inicial', '1,8');
  await fill(page, 'Frecuencia final', '2,2');
  await saveItem(page, CATALOGUE, 'Desalineación 2x');

  // Edit it: Delete, Copy and Save, as for a factory item.
  await item(page, CATALOGUE, 'Desalineación 2x').click();
  await expect(dialog(page).getByText('Plantilla', { exact: true })).toBeVisible();
  expect(await actions(page)).toEqual(['Eliminar', 'Copiar', 'Guardar']);
  await expect(input(page, 'Rango')).toBeDisabled();
  await fill(page, 'Frecuencia de fallo', '2');
  await saveItem(page);
  await item(page, CATALOGUE, 'Desalineación 2x').click();
  await expect(input(page, 'Frecuencia de fallo')).toHaveValue('2,0000');
  await copyThenDelete(page, CATALOGUE, 'Desalineación 2x');

  // Back in the factory scope the new template is read-only and downloads.
  await scope(page, 'Fábrica');
  await item(page, TEMPLATES, 'Desalineación 2x').click();
  expect(await actions(page)).toEqual(['Descargar']);
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  await expect(item(page, FACTORY, 'Desalineación 2x (descarga)')).toHaveAttribute('aria-selected', 'true');

  // The sensors screen has the same scope.
  await menuEntry(page, 'Catálogo', 'Sensores');
  await expect(column(page, 'Sensores de la fábrica')).toBeVisible();
  await scope(page, 'Plantillas');
  await create(page, 'Tipo de sensor', 'Tacómetro');
  await fill(page, 'Nombre', 'Tacómetro inductivo');
  await fill(page, 'Pulsos por vuelta', '2');
  await saveItem(page);
  await item(page, CATALOGUE, 'Tacómetro inductivo').click();
  await fill(page, 'Pulsos por vuelta', '4');
  await saveItem(page);
  await item(page, CATALOGUE, 'Tacómetro inductivo').click();
  await expect(input(page, 'Pulsos por vuelta')).toHaveValue('4');
});

// MSG-001 (a catalogue item): a save the server refuses says so in the editor, which stays
// open with the reason on its field. (The client checks what the server does, so the refusal
// is made at the network.)
test('a refused band save says so in the editor', async ({ page }) => {
  await login(page, 'editor');
  await openBands(page);
  await page.route(/\/api\/user\/\d+\/band\/\d+$/, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 422, json: { errors: [{ code: 'range', message: 'Debe estar entre 0 y 999.', field: 'FrecuOrdenesFinal' }] } })
      : route.continue(),
  );
  await item(page, FACTORY, '1x (descarga)').click();
  await expect(input(page, 'Nombre')).toHaveValue('1x (descarga)');
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog(page).getByRole('alert').filter({ hasText: 'No se ha podido guardar.' })).toContainText('Debe estar entre 0 y 999.');
  await expect(dialog(page)).toBeVisible();
});
