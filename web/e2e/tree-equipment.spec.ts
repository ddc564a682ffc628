import { expect, test, type Locator, type Page } from './fixtures';
import { PASSWORD, documentShot, documenting, apiLogin, login, settle } from './helpers';
import { choose, dropdown, formItem, openNode, optionsOf, save, shownToasts, toast } from './tree';

// The machine's equipment (MACH-006, MACH-013, MACH-027..MACH-037) and the point's KOS Sensor
// tabs and alert-device channels (TREE-005, TREE-099..TREE-105). Demo equipment: Bomba P-101
// and P-102 have the alert devices KA10-0001 and KA10-0002 (channels 1–9 wired to their first
// three points by name, Motor LOA free); Ventilador V-201 and V-202 the alert devices G
// KA10C-0001 and KA10C-0002 behind gateway KG-0001; Molino M-401 and M-402 are KOS Sensor
// machines behind KG-0002, with protection sensors KS-0001..KS-0005 on M-401's first five
// points by name (Apoyo lado libre .. Eje entrada), prediction sensors on M-402's, and the
// prediction sensor KS-0012 spare.

const GATEWAY = 'KG-0001 · Concentrador Centro Norte';
const SAVED_MACHINE = 'La máquina se ha guardado correctamente.';
const SAVED_POINT = 'El punto se ha guardado correctamente.';

/** Empties the select labelled `label` with its clear button. */
async function clear(page: Page, label: string) {
  await formItem(page, label).hover();
  await formItem(page, label).locator('.ant-select-clear').click();
}

/** The editor's tag naming the device the machine's actions go through (MACH-006). */
function deviceTag(page: Page) {
  return page.locator('.ant-card-extra .ant-tag:not([data-estado])');
}

/** Opens the tab `name` of the wrapper shown. */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** Saves the point, then reloads the page: the point's tab `tab` opens again, read from the server. */
async function saveAndReload(page: Page, tab: string) {
  await save(page);
  await expect(toast(page)).toHaveText(SAVED_POINT);
  await page.reload();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

/** Checks the flags of a measurement matrix: those named in `set` are checked, those in `unset` not. */
async function expectFlags(matrix: Locator, set: string[], unset: string[]) {
  for (const name of set) await expect(matrix.getByRole('checkbox', { name })).toBeChecked();
  for (const name of unset) await expect(matrix.getByRole('checkbox', { name })).not.toBeChecked();
}

// MACH-006, MACH-013, MACH-027..MACH-037 on a machine with a gateway and an alert device G.
test('an editor links a gateway and an alert device G as the exclusivity rules allow', async ({ page }) => {
  await login(page, 'editor');
  await page.setViewportSize({ width: 1280, height: 1340 });
  await openNode(page, 'Centro Norte', 'Ventilación', 'Ventilador V-202');
  const alert10 = page.getByLabel('KOS Alert 10', { exact: true });
  const alert10c = page.getByLabel('KOS Alert 10 G', { exact: true });
  const gateway = page.getByLabel('Concentrador', { exact: true });
  const kosSensor = page.getByRole('checkbox', { name: /KOS Sensor/ });

  // What the demo linked: the gateway and its alert device G; the actions go through the latter.
  await expect(deviceTag(page)).toHaveText('KOS Alert 10 G: KA10C-0002');
  await expect(formItem(page, 'Concentrador')).toContainText(GATEWAY);
  await expect(formItem(page, 'KOS Alert 10 G')).toContainText('KA10C-0002');
  await expect(gateway).toBeEnabled();
  await expect(alert10).toBeDisabled(); // MACH-029: a gateway is chosen
  await expect(kosSensor).toBeDisabled(); // MACH-035: an alert device G is chosen

  // MACH-036: another gateway (here none) clears the alert device G; the alert device is free.
  await clear(page, 'Concentrador');
  await expect(formItem(page, 'KOS Alert 10 G')).toContainText('Ninguno');
  await expect(alert10).toBeEnabled();
  await expect(kosSensor).toBeEnabled();
  // MACH-030, MACH-033: KOS Sensor disables both alert devices.
  await kosSensor.check();
  await expect(alert10).toBeDisabled();
  await expect(alert10c).toBeDisabled();
  await kosSensor.uncheck();
  await expect(alert10).toBeEnabled();
  // MACH-028, MACH-031: offline, neither alert device can be chosen.
  await formItem(page, 'En línea').getByText('No', { exact: true }).click();
  await expect(alert10).toBeDisabled();
  await expect(alert10c).toBeDisabled();
  await formItem(page, 'En línea').getByText('Sí', { exact: true }).click();
  await expect(alert10c).toBeEnabled();

  // Saved without equipment.
  await save(page);
  await expect(toast(page)).toHaveText(SAVED_MACHINE);
  await expect(deviceTag(page)).toHaveText('Sin equipo');

  // MACH-037: choosing the gateway loads the alert devices G behind it.
  await choose(page, 'Concentrador', GATEWAY);
  expect(await optionsOf(page, 'KOS Alert 10 G')).toEqual(['KA10C-0001', 'KA10C-0002']);
  await choose(page, 'KOS Alert 10 G', 'KA10C-0002');
  await expect(alert10).toBeDisabled();
  await expect(kosSensor).toBeDisabled();
  await save(page);
  await expect(toast(page)).toHaveText(SAVED_MACHINE);
  await expect(deviceTag(page)).toHaveText('KOS Alert 10 G: KA10C-0002');
  // The documentation's picture waits for the toast to go (a pointer over it would hold it).
  if (documenting) {
    await page.mouse.move(0, 0);
    await expect(shownToasts(page)).toHaveCount(0, { timeout: 20_000 });
  }
  // The choices above scrolled the editor under the header: the picture shows it from its
  // breadcrumb (the top of the page).
  await page.getByRole('navigation', { name: 'Ruta del elemento' }).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await settle(page);
  await documentShot(page, `machine-equipment-es.png`);

  // The server refuses an alert device G that serves another machine, on its field.
  await choose(page, 'KOS Alert 10 G', 'KA10C-0001');
  await save(page);
  await expect(toast(page)).toContainText('No se ha podido guardar.');
  await expect(formItem(page, 'KOS Alert 10 G')).toContainText('El equipo ya está en la máquina «Ventilador V-201».');

  await page.reload();
  await expect(formItem(page, 'Concentrador')).toContainText(GATEWAY);
  await expect(formItem(page, 'KOS Alert 10 G')).toContainText('KA10C-0002');
  await expect(deviceTag(page)).toHaveText('KOS Alert 10 G: KA10C-0002');
});

// MACH-027, MACH-032, MACH-034 on a machine with an alert device; going offline clears it.
test('an alert device excludes the gateway, the alert device G and KOS Sensor', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-102');
  await expect(deviceTag(page)).toHaveText('KOS Alert 10: KA10-0002 · Bomba P-102');
  await expect(formItem(page, 'KOS Alert 10')).toContainText('KA10-0002 · Bomba P-102');
  await expect(page.getByLabel('Concentrador', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('KOS Alert 10 G', { exact: true })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: /KOS Sensor/ })).toBeDisabled();
  // Offline the alert device is cleared (the server refuses it offline) and disabled.
  await formItem(page, 'En línea').getByText('No', { exact: true }).click();
  await expect(formItem(page, 'KOS Alert 10')).toContainText('Ninguno');
  await expect(page.getByLabel('KOS Alert 10', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Concentrador', { exact: true })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: /KOS Sensor/ })).toBeEnabled();
});

// TREE-005, TREE-099, TREE-105: the protection tab of a KOS Sensor machine's points.
test('an editor moves a protection sensor to another point with its flags', async ({ page }) => {
  await login(page, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openNode(page, 'Centro Sur', 'Molienda', 'Molino M-401', 'Molino', 'Apoyo lado motor');
  // A KOS Sensor machine has no alert device: its points have no channels.
  await expect(page.locator('.ant-divider', { hasText: 'Canales asociados' })).toHaveCount(0);
  await openTab(page, 'Protección');
  await expect(page).toHaveURL(/\/editor\/point\/proteccion\?/);
  const matrix = page.getByRole('table', { name: 'Medidas de protección' });
  await expect(matrix.getByRole('rowheader')).toHaveText(['V', 'H', 'A']);
  await expect(matrix.getByRole('columnheader')).toHaveText(['Dirección', 'Vibración', 'Campo magnético', 'Posición']);
  await expectFlags(matrix, ['V Vibración', 'V Campo magnético'], ['A Posición']);
  await expect(formItem(page, 'Sensor de protección')).toContainText('KS-0002');
  // Another point of the machine is offered the sensor disabled, with where it is installed.
  await openNode(page, 'Reductor', 'Eje salida');
  await openTab(page, 'Protección');
  const installed = (serial: string, point: string) => `${serial} (instalado en Molino M-401 · ${point})`;
  const others = [installed('KS-0001', 'Apoyo lado libre'), installed('KS-0003', 'Motor LA'), installed('KS-0004', 'Motor LOA'), installed('KS-0005', 'Eje entrada')];
  expect(await optionsOf(page, 'Sensor de protección')).toEqual([...others.slice(0, 1), installed('KS-0002', 'Apoyo lado motor'), ...others.slice(1)]);
  await page.getByLabel('Sensor de protección', { exact: true }).click();
  await expect(dropdown(page).getByTitle(installed('KS-0002', 'Apoyo lado motor'), { exact: true })).toHaveClass(/ant-select-item-option-disabled/);
  await page.keyboard.press('Escape');
  await openNode(page, 'Molino', 'Apoyo lado motor');
  await openTab(page, 'Protección');
  // The sensor leaves this point...
  await clear(page, 'Sensor de protección');
  await save(page);
  await expect(toast(page)).toHaveText(SAVED_POINT);
  await expect(formItem(page, 'Sensor de protección')).toContainText('Sin sensor');

  // ...and is free for another point of the machine.
  await openNode(page, 'Reductor', 'Eje salida');
  await openTab(page, 'Protección');
  expect(await optionsOf(page, 'Sensor de protección')).toEqual(['KS-0002', ...others]);
  await matrix.getByRole('checkbox', { name: 'H Campo magnético' }).check();
  await matrix.getByRole('checkbox', { name: 'A Posición' }).check();
  await choose(page, 'Sensor de protección', 'KS-0002');
  await saveAndReload(page, 'Protección');
  await expectFlags(matrix, ['H Campo magnético', 'A Posición'], ['V Vibración']);
  await expect(formItem(page, 'Sensor de protección')).toContainText('KS-0002');
  await settle(page);
  await documentShot(page, `point-protection-es.png`);
});

// TREE-005, TREE-096, TREE-100, TREE-105, TREE-109: the prediction tab.
test('an editor sets a point prediction: flags, a digital spectrum and the sensor', async ({ page, request }) => {
  // The factory needs a digital BR spectrum: the demo has none, the spectra spec may have
  // downloaded it already.
  const me = await apiLogin(request, 'editor', PASSWORD);
  const factory = me.Fabricas[0].UsuFabricaID;
  const owned = (await (await request.get(`/api/user/${factory}/digitalspectrum`)).json()) as { Nombre: string }[];
  if (!owned.some((s) => s.Nombre === 'MEMS velocidad BR (descarga)')) {
    const templates = (await (await request.get('/api/digitalspectrum')).json()) as { AdminEspectroDigitalID: number; Nombre: string }[];
    const template = templates.find((s) => s.Nombre === 'MEMS velocidad BR');
    expect(template).toBeDefined();
    const download = await request.post(`/api/user/${factory}/digitalspectrum/${template?.AdminEspectroDigitalID}/download`, {
      headers: { 'X-Requested-With': 'vigia' },
    });
    expect(download.ok()).toBe(true);
  }

  await login(page, 'editor');
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openNode(page, 'Centro Sur', 'Molienda', 'Molino M-402', 'Reductor', 'Eje salida');
  await openTab(page, 'Predicción');
  await expect(page).toHaveURL(/\/editor\/point\/prediction\?/);
  const matrix = page.getByRole('table', { name: 'Medidas' });
  await expect(matrix.getByRole('columnheader')).toHaveText(['Dirección', 'BR', 'AR', 'DM', 'MG']);
  await expect(matrix.getByRole('checkbox')).toHaveCount(12);
  // TREE-109: each slot offers the factory's digital spectra of its range.
  expect(await optionsOf(page, 'Espectro BR')).toContain('MEMS velocidad BR (descarga)');
  await matrix.getByRole('checkbox', { name: 'V BR' }).check();
  await matrix.getByRole('checkbox', { name: 'A MG' }).check();
  await choose(page, 'Espectro BR', 'MEMS velocidad BR (descarga)');
  // TREE-105: the free prediction sensors of the machine's gateway first, then those installed.
  expect(await optionsOf(page, 'Sensor de predicción')).toEqual([
    'KS-0012',
    'KS-0006 (instalado en Molino M-402 · Apoyo lado libre)',
    'KS-0007 (instalado en Molino M-402 · Apoyo lado motor)',
    'KS-0008 (instalado en Molino M-402 · Motor LA)',
    'KS-0009 (instalado en Molino M-402 · Motor LOA)',
    'KS-0010 (instalado en Molino M-402 · Eje entrada)',
    'KS-0011 (instalado en Molino M-401 · Apoyo lado libre)',
  ]);
  await choose(page, 'Sensor de predicción', 'KS-0012');
  await saveAndReload(page, 'Predicción');
  await expectFlags(matrix, ['V BR', 'A MG'], ['H BR']);
  await expect(formItem(page, 'Espectro BR')).toContainText('MEMS velocidad BR (descarga)');
  await expect(formItem(page, 'Sensor de predicción')).toContainText('KS-0012');
  await settle(page);
  await documentShot(page, `point-prediction-es.png`);

  // The protection tab of the same point was left as it was.
  await openTab(page, 'Protección');
  await expect(page.getByRole('table', { name: 'Medidas de protección' }).getByRole('checkbox', { name: 'V Vibración' })).not.toBeChecked();
});

// TREE-101..TREE-104, S1 §8: the channels of the machine's alert device wired to a point.
test('an editor wires alert-device channels to a point; a channel in use is refused', async ({ page }) => {
  await login(page, 'editor');
  // The demo wired channels 1, 2 and 3 to the first point.
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101', 'Bomba centrífuga', 'Bomba LA');
  await expect(page.locator('.ant-divider', { hasText: 'Canales asociados' })).toBeVisible();
  await expect(formItem(page, 'Canal V')).toContainText('1');
  await expect(formItem(page, 'Canal H')).toContainText('2');
  await expect(formItem(page, 'Canal A')).toContainText('3');

  await openNode(page, 'Motor', 'Motor LOA');
  await choose(page, 'Canal V', '10');
  await choose(page, 'Canal H', '2');
  await save(page);
  await expect(toast(page)).toContainText('No se ha podido guardar.');
  // MSG-044, TREE-125
  await expect(toast(page)).toContainText('Alguno de los canales seleccionados ya está en uso.');
  await clear(page, 'Canal H');
  await save(page);
  await expect(toast(page)).toHaveText(SAVED_POINT);
  await page.reload();
  await expect(formItem(page, 'Canal V')).toContainText('10');
  await expect(formItem(page, 'Canal H')).toContainText('Sin canal');
});
