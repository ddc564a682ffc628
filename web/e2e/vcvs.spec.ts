import { expect, test, type Page } from './fixtures';
import {
  actions,
  choose,
  column,
  copyThenDelete,
  deleteItem,
  dialog,
  field,
  fill,
  input,
  item,
  openScreen,
  optionsOf,
  shot,
  toast,
} from './catalog';
import { documentShot, login, settle } from './helpers';

// The VCVs and VCPs screen (S2 §2.3, §2.5, §3.4–§3.6, §5.3, §5.4) against the real server and its
// demo catalogue: the demo factory has downloaded the template VCVs, digital VCVs and VCPs
// (internal/demo/vcvs.go) but the magnetic-field digital VCV and VCP, which stay templates.

const FACTORY = 'VCVs y VCPs de la fábrica';
const TEMPLATES = 'VCVs y VCPs para descargar';

// Every test works on the screen as the editor.
test.beforeEach(async ({ page }) => {
  await login(page, 'editor');
  await openScreen(page, 'VCVs y VCPs', 'vcvs', item(page, TEMPLATES, 'Velocidad 1x'));
});

/** Saves the editor; it closes with the saved message (the save reloads three lists: given more time on a busy machine). */
async function saveItem(page: Page) {
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page).filter({ hasText: 'Elemento guardado correctamente.' })).toBeVisible({ timeout: 15_000 });
  await expect(dialog(page)).toHaveCount(0, { timeout: 15_000 });
}

/** Closes the editor with its close button. */
async function close(page: Page) {
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog(page)).toHaveCount(0);
}

test('VCV-006..VCV-014, VCV-029, VCP-003..VCP-005: the factory items and the templates, grouped', async ({ page }) => {
  for (const name of [FACTORY, TEMPLATES]) {
    for (const group of ['VCV KOS Alert 10', 'VCV KOS Sensor', 'VCP']) await expect(column(page, name).getByText(group, { exact: true })).toBeVisible();
  }
  // The demo's downloads, in the groups of their band (VCV-008, VCV-010) or type (VCP-005).
  const factory = column(page, FACTORY);
  for (const name of ['Velocidad 1x (descarga)', 'Envolvente global (descarga)', 'Rodamientos (envolvente) (descarga)', 'Velocidad RMS (descarga)', 'Temperatura (descarga)']) {
    await expect(item(page, FACTORY, name)).toBeVisible();
  }
  // VCV-029: digital VCVs carry their type's prefix.
  await expect(item(page, FACTORY, 'VCO: Velocidad global (descarga)')).toBeVisible();
  for (const group of ['En órdenes', 'En CPM', 'En rodamientos', 'RMS mm/s', 'Env RMS Eg pk', 'Temperatura']) {
    await expect(factory.getByText(group, { exact: true }).first()).toBeVisible();
  }
  // Downloaded templates are marked; the digital magnetic-field one, in a group for ADMIN only, is not shown to an editor.
  await expect(item(page, TEMPLATES, 'Velocidad 1x').getByText('Descargado')).toBeVisible();
  await expect(item(page, TEMPLATES, 'VCO: Velocidad global').getByText('Descargado')).toBeVisible();
  await expect(item(page, TEMPLATES, 'VCO: Campo magnético')).toHaveCount(0);

  // Tall enough for every group of both columns (the side menu stretches with the window).
  await page.setViewportSize({ width: 1280, height: 1900 });
  await settle(page);
  await documentShot(page, `vcvs-es.png`);
  await page.setViewportSize({ width: 1280, height: 900 });

  // VCV-014, VCV-037: a template opens read-only with Descargar only; a digital one shows its component type.
  await item(page, TEMPLATES, 'VCO: Velocidad global').click();
  await expect(dialog(page).getByText('VCV KOS Sensor', { exact: true })).toBeVisible();
  expect(await actions(page)).toEqual(['Descargar']);
  await expect(input(page, 'Nombre')).toBeDisabled();
  await expect(field(page, 'Tipo de componente')).toBeVisible();
  await expect(field(page, 'Subtipo de componente')).toBeVisible();
  await expect(field(page, 'Rango de la banda')).toContainText('Rango bajo (BR)');
  // API-084: the download is at the spec's path, download/{id}; the demo factory has this one already.
  const call = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/user\/\d+\/digitalvcv\/download\/[^/]+$/.test(r.url()));
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  expect((await call).status()).toBe(400);
  const refused = dialog(page).getByRole('alert').filter({ hasText: 'No se ha podido descargar el elemento.' });
  await expect(refused).toContainText('El elemento ya se ha descargado previamente.');
  await close(page);
});

test('VCV-035, VCV-013: creates a VCV on a band (refused without one), edits, copies and deletes it', async ({ page }) => {
  await page.getByRole('button', { name: 'Crear VCV KOS Alert 10' }).click();
  await expect(dialog(page).getByText('VCV KOS Alert 10', { exact: true })).toBeVisible();
  expect(await actions(page)).toEqual(['Guardar']);
  await fill(page, 'Nombre', 'Velocidad 1x del ventilador');
  await fill(page, 'Sigla (español)', 'V1XV');
  // The band is marked required; without one the server says so on the field (VCV-035).
  await expect(field(page, 'Banda').locator('label')).toHaveClass(/ant-form-item-required/);
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  // MSG-058 (the VCP's below)
  await expect(dialog(page).getByText('Se ha de seleccionar una banda.').first()).toBeVisible();
  await expect(field(page, 'Banda')).toHaveClass(/ant-form-item-has-error/);

  await choose(page, 'Banda', '1x (descarga) · BR');
  await expect(field(page, 'Rango de la banda')).toContainText('Rango bajo (BR) · Órdenes');
  await saveItem(page);
  const made = item(page, FACTORY, 'Velocidad 1x del ventilador');
  await expect(made).toHaveAttribute('aria-selected', 'true');

  // Edit: the default mark and the English abbreviation.
  await made.click();
  await expect(input(page, 'Sigla (español)')).toHaveValue('V1XV');
  expect(await actions(page)).toEqual(['Eliminar', 'Copiar', 'Guardar']);
  await expect(field(page, 'Rango de la banda')).toContainText('Rango bajo (BR) · Órdenes');
  await shot(page, 'vcvs-editor-es.png');
  await fill(page, 'Sigla (inglés)', 'V1XF');
  await input(page, 'Por defecto').check();
  await saveItem(page);
  await made.click();
  await expect(input(page, 'Sigla (inglés)')).toHaveValue('V1XF');
  await expect(input(page, 'Por defecto')).toBeChecked();

  await copyThenDelete(page, FACTORY, 'Velocidad 1x del ventilador');
  await made.click();
  await deleteItem(page);
  await expect(toast(page).filter({ hasText: 'Elemento eliminado correctamente.' })).toBeVisible();
  await expect(made).toHaveCount(0);
});

test('VCP-023, VCP-029..VCP-031: creates a DEM VCP on an envelope band and a TEM VCP without band', async ({ page }) => {
  await page.getByRole('button', { name: 'Crear VCP' }).click();
  await fill(page, 'Nombre', 'Envolvente rodamientos del ventilador');
  await expect(field(page, 'Banda')).toHaveCount(0); // no type yet
  await choose(page, 'Tipo', 'Envolvente (DEM)');
  // VCP-031: envelope bands only.
  const bands = await optionsOf(page, 'Banda');
  expect(bands.length).toBeGreaterThan(0);
  for (const b of bands) expect(b).toMatch(/ · DM$/);
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog(page).getByText('Se ha de seleccionar una banda.').first()).toBeVisible(); // VCP-029
  await choose(page, 'Banda', 'Envolvente 600-60000 CPM (descarga) · DM');
  await saveItem(page);
  const dem = item(page, FACTORY, 'Envolvente rodamientos del ventilador');
  await expect(dem).toHaveAttribute('aria-selected', 'true');
  // VCP-023: the type is fixed once created.
  await dem.click();
  await expect(input(page, 'Tipo')).toBeDisabled();
  await expect(field(page, 'Rango de la banda')).toContainText('Envolvente (DM)');
  await deleteItem(page);
  await expect(dem).toHaveCount(0);

  await page.getByRole('button', { name: 'Crear VCP' }).click();
  await fill(page, 'Nombre', 'Temperatura del rodamiento LA');
  await choose(page, 'Tipo', 'Temperatura (TEM)');
  await expect(field(page, 'Banda')).toHaveCount(0); // VCP-021
  await saveItem(page);
  const tem = item(page, FACTORY, 'Temperatura del rodamiento LA');
  await expect(tem).toHaveAttribute('aria-selected', 'true');
  await tem.click();
  await expect(field(page, 'Banda')).toHaveCount(0);
  await deleteItem(page);
  await expect(tem).toHaveCount(0);
});

test('VCV-016, VCV-028..VCV-031: creates a KOS Sensor VCV for a component type and subtype, shown with its prefix', async ({ page }) => {
  await page.getByRole('button', { name: 'Crear VCV KOS Sensor' }).click();
  await expect(dialog(page).getByText('VCV KOS Sensor', { exact: true })).toBeVisible();
  await fill(page, 'Nombre', 'Velocidad global del motor');
  await fill(page, 'Siglas', 'ED');
  await choose(page, 'Tipo', 'VCOV');
  await choose(page, 'Banda', 'Baja frecuencia 600-6000 CPM (descarga) · BR');
  await expect(input(page, 'Subtipo de componente')).toBeDisabled(); // no type yet
  await choose(page, 'Tipo de componente', 'Motor');
  // The motor's subtypes only (the tree's component subtypes).
  expect(await optionsOf(page, 'Subtipo de componente')).toEqual([
    'Motor de inducción (jaula de ardilla)',
    'Motor de rotor bobinado',
    'Motor de corriente continua',
  ]);
  await choose(page, 'Subtipo de componente', 'Motor de rotor bobinado');
  await saveItem(page);
  const made = item(page, FACTORY, 'VCOV: Velocidad global del motor');
  await expect(made).toHaveAttribute('aria-selected', 'true');
  // Grouped by component type within its band's range (VCV-016).
  await expect(column(page, FACTORY).getByRole('treeitem').filter({ hasText: /^Motor\s*1$/ })).toBeVisible();
  await made.click();
  await expect(field(page, 'Subtipo de componente')).toContainText('Motor de rotor bobinado');
  await deleteItem(page);
  await expect(made).toHaveCount(0);
});
