import { expect, test } from './fixtures';
import { documentShot, holdCalls, login, settle } from './helpers';
import { confirmAction, expectRefused, fillFields, formItem, openNode, save, toast, treeItem } from './tree';

// TREE-083, TREE-086, TREE-092, TREE-095, TREE-110, TREE-121, TREE-123, TREE-124: the point form,
// its matrix and its checks.
test('the point editor edits the measurement matrix and checks its fields', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Sur', 'Molienda', 'Molino M-401', 'Reductor', 'Eje entrada');
  await expect(page).toHaveURL(/orientation=1/);
  await expect(page.getByRole('tab', { name: 'KOS Alert 10' })).toBeVisible();
  // TREE-092: a horizontal point measures V, H, A.
  const matrix = page.getByRole('table', { name: 'Medidas' });
  await expect(matrix.getByRole('rowheader')).toHaveText(['V', 'H', 'A']);
  // TREE-095: the alert device measures the three ranges BR, AR and DM.
  await expect(matrix.getByRole('columnheader')).toHaveText(['Dirección', 'BR', 'AR', 'DM']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await settle(page);
  await documentShot(page, `point-es.png`);
  // TREE-110: the horizontal mountings only.
  await page.getByLabel('Orientación').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['VHA', 'VAH', 'HVA', 'HAV', 'AVH', 'AHV']);
  await page.keyboard.press('Escape');

  // TREE-121, TREE-123, TREE-124: invalid position and relative speed, the first focused.
  await fillFields(page, { Posición: '0', 'Velocidad relativa': '0' });
  await expectRefused(page, { Posición: 'Introduzca un número entero entre 1 y 255.', 'Velocidad relativa': 'Valor no válido.' });

  await fillFields(page, { Posición: '4', 'Velocidad relativa': '1,25' });
  await matrix.getByRole('checkbox', { name: 'A DM' }).check();
  await matrix.getByRole('checkbox', { name: 'V BR' }).uncheck();
  // TREE-098: each spectrum slot offers the factory's spectra of its range.
  await expect(formItem(page, 'Espectro BR')).toContainText('Velocidad BR 800 líneas (descarga)');
  await page.getByLabel('Espectro BR').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([
    'Velocidad BR 800 líneas (descarga)',
    'Velocidad BR 800 líneas (descarga) (copia)',
  ]);
  await page.locator('.ant-select-dropdown:visible').getByText('Velocidad BR 800 líneas (descarga) (copia)').click();
  await formItem(page, 'Espectro DM').hover();
  await formItem(page, 'Espectro DM').locator('.ant-select-clear').click();
  // TREE-086: the save button says 'Guardando' while the call runs.
  const release = await holdCalls(page, /\/api\/user\/\d+\/point\/\d+$/, 'PUT');
  await save(page);
  // MSG-046
  await expect(page.getByRole('button', { name: 'Guardando' })).toBeVisible();
  release();
  await expect(toast(page)).toHaveText('El punto se ha guardado correctamente.');
  await page.reload();
  await expect(page.getByLabel('Posición')).toHaveValue('4');
  await expect(page.getByLabel('Velocidad relativa')).toHaveValue('1,25000');
  await expect(page.getByRole('checkbox', { name: 'A DM' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'V BR' })).not.toBeChecked();
  await expect(formItem(page, 'Espectro BR')).toContainText('Velocidad BR 800 líneas (descarga) (copia)');
  await expect(formItem(page, 'Espectro DM')).toContainText('Sin espectro');
});

// TREE-085, TREE-090, TREE-091: delete with confirmation, back to the component.
test('deleting a point asks first and opens its component', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Sur', 'Molienda', 'Molino M-401', 'Molino', 'Apoyo lado libre');
  await confirmAction(page, 'Eliminar punto de vibración');
  await expect(page).toHaveURL(/\/editor\/component\?/);
  await expect(page.getByRole('heading', { name: 'Molino', exact: true })).toBeVisible();
  await expect(treeItem(page, 'Apoyo lado libre')).toHaveCount(0);
  await expect(treeItem(page, 'Apoyo lado motor')).toBeVisible();
});
