import { expect, test, type Page } from './fixtures';
import { documentShot, login, settle } from './helpers';
import { action, dropdown, openNode, revealNode, toast, treeItem } from './tree';

// Template machines and components: downloading them into a factory, and the template
// workspace where ADMIN edits them. The demo's workspace holds four machines in 'Máquinas tipo'.

const WORKSPACE = 'Plantillas (máquinas y componentes tipo)';
const NOTICE = 'Está editando las plantillas que las fábricas descargan.';

/** The options of the factory selector, once opened. */
async function factoryOptions(page: Page) {
  await page.getByRole('combobox', { name: 'Fábrica' }).click();
  return dropdown(page).locator('.ant-select-item-option');
}

// TREE-039, MACH-005, MACH-007
test('an area downloads a template machine, and a machine a template component', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Sur', 'Transporte');
  await action(page, 'Descargar máquina');
  const dialog = page.getByRole('dialog', { name: 'Descargar máquina' });
  // The templates, grouped by their template area, by name; the search filters them.
  const group = dialog.getByRole('group', { name: 'Máquinas tipo' });
  await expect(group.getByRole('radio')).toHaveCount(4);
  await expect(group.locator('label')).toHaveText([
    'Bomba centrífuga 55 kW',
    'Compresor de tornillo 160 kW',
    'Molino con reductor 315 kW',
    'Ventilador 90 kW',
  ]);
  await expect(dialog.getByRole('button', { name: 'Descargar' })).toBeDisabled();
  await dialog.getByLabel('Buscar plantilla').fill('molino');
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await dialog.getByLabel('Buscar plantilla').fill('');
  await dialog.getByRole('radio', { name: 'Ventilador 90 kW' }).check();
  await settle(page);
  await documentShot(page, `download-machine-es.png`);

  await dialog.getByRole('button', { name: 'Descargar' }).click();
  await expect(toast(page)).toHaveText('Máquina descargada correctamente.');
  await expect(dialog).toHaveCount(0);
  // The copy opens, and the side-bar shows it under the area.
  await expect(page).toHaveURL(/\/editor\/machine\?/);
  await expect(page.getByRole('heading', { name: 'Ventilador 90 kW (descarga)' })).toBeVisible();
  await expect(treeItem(page, 'Ventilador 90 kW (descarga)')).toHaveAttribute('aria-selected', 'true');

  // MACH-005: the machine downloads a component; names repeat across template machines, so
  // each is chosen within its group.
  await action(page, 'Descargar componente');
  const components = page.getByRole('dialog', { name: 'Descargar componente' });
  await components.getByLabel('Buscar plantilla').fill('motor');
  await expect(components.getByRole('group')).toHaveCount(4);
  await components.getByRole('group', { name: 'Compresor de tornillo 160 kW' }).getByRole('radio', { name: 'Motor' }).check();
  await components.getByRole('button', { name: 'Descargar' }).click();
  await expect(toast(page)).toHaveText('Componente descargado correctamente.');
  await expect(page).toHaveURL(/\/editor\/component\?/);
  await expect(page.getByRole('heading', { name: 'Motor (descarga)' })).toBeVisible();
  await expect(treeItem(page, 'Motor (descarga)')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Potencia')).toHaveValue('160,00');
});

test('read-only users are not offered downloads', async ({ page }) => {
  await login(page, 'lector');
  await openNode(page, 'Centro Sur', 'Transporte');
  await expect(page.getByRole('button', { name: 'Descargar máquina' })).toHaveCount(0);
});

// The template workspace is ADMIN's: named for what it holds, listed last, with a notice.
test('ADMIN edits the template workspace, which an editor does not see', async ({ page }) => {
  await login(page, 'admin');
  const options = await factoryOptions(page);
  await expect(options.last()).toHaveText(WORKSPACE);
  await options.last().click();
  await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Fábrica' }) })).toContainText(WORKSPACE);
  await openNode(page, 'Plantillas', 'Máquinas tipo', 'Bomba centrífuga 55 kW');
  await expect(page.getByRole('alert').filter({ hasText: NOTICE })).toBeVisible();
  await revealNode(page, 'Ventilador 90 kW');
  await expect(treeItem(page, 'Ventilador 90 kW')).toBeVisible();
  await settle(page);
  await documentShot(page, `templates-es.png`);

  // Back in a factory, no notice.
  const selector = page.getByRole('combobox', { name: 'Fábrica' });
  await selector.click();
  await selector.fill('Planta Demo');
  await selector.press('Enter');
  await openNode(page, 'Centro Norte');
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});

test('an editor is not offered the template workspace', async ({ page }) => {
  await login(page, 'editor');
  const options = await factoryOptions(page);
  await expect(options).toHaveText(['Planta Demo', 'Planta Norte']);
});
