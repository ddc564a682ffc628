import { expect, test } from './fixtures';
import { documentShot, login, settle } from './helpers';
import {
  action,
  choose,
  confirmAction,
  dropdown,
  expandNode,
  expectRefused,
  formItem,
  openNode,
  optionsOf,
  save,
  toast,
  treeItem,
} from './tree';

// MACH-039, MACH-040, MACH-041, MACH-043, MACH-045..MACH-049, MACH-069, MACH-073, MACH-076,
// MACH-077, MACH-080, MACH-083.
test('the machine editor applies the update-mode rules and saves the machine', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  await expect(page.getByRole('tab', { name: 'Edición de máquina' })).toBeVisible();
  // AUTH-006: Cálculo VA is for administrators only.
  await expect(page.getByLabel('Cálculo VA')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await settle(page);
  await documentShot(page, `machine-es.png`);

  const minSpeed = page.getByLabel('Velocidad mínima');
  const amplitude = page.getByLabel('Amplitud mínima 1x');
  await expect(minSpeed).toBeEnabled();
  // MACH-045: nominal speed offers the criteria whose entries are all VCOs.
  await expect(formItem(page, 'Criterio')).toContainText('Velocidad (descarga)');
  expect(await optionsOf(page, 'Criterio')).toEqual(['Velocidad (descarga)', 'Velocidad y carga (descarga)']);

  // MACH-039, MACH-040: VCOV disables and empties them; MACH-041: it offers the criteria
  // with a VCOV without a virtual sensor, and the criterion the mode does not offer is cleared.
  await choose(page, 'Actualización', 'VCOV (velocidad medida)');
  await expect(minSpeed).toBeDisabled();
  await expect(minSpeed).toHaveValue('');
  await expect(amplitude).toBeDisabled();
  await expect(formItem(page, 'Criterio')).toContainText('Sin criterio');
  expect(await optionsOf(page, 'Criterio')).toEqual(['Velocidad introducida (descarga)']);
  // MACH-047, MACH-048, MACH-049: DESCONOCIDO forces its criterion and sets variable speed to No.
  await formItem(page, 'Velocidad variable').getByText('Sí').click();
  await choose(page, 'Actualización', 'Desconocido');
  await expect(formItem(page, 'Velocidad variable').getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(formItem(page, 'Criterio')).toContainText('Desconocido');
  await expect(page.getByLabel('Criterio')).toBeDisabled();
  // MACH-043: OFF offers the criteria without a VCOV.
  await choose(page, 'Actualización', 'Sin actualización');
  expect(await optionsOf(page, 'Criterio')).toEqual(['Velocidad (descarga)', 'Velocidad y carga (descarga)']);

  // MACH-076: with 1x update and variable speed the maximum speed must exceed the minimum;
  // MACH-080: an online machine needs a criterion.
  await choose(page, 'Actualización', '1x del espectro');
  await expect(minSpeed).toBeEnabled();
  await formItem(page, 'Velocidad variable').getByText('Sí').click();
  await minSpeed.fill('3500');
  await amplitude.fill('0,0001');
  // The first field in error, the criterion, takes the focus.
  await expectRefused(page, {
    Criterio: 'Este campo es obligatorio.',
    'Velocidad nominal / máxima de trabajo': 'Debe ser mayor que la velocidad mínima.',
    'Amplitud mínima 1x': 'Valor no válido. Rango [0,001; 9999999,999].',
  });

  // MACH-046: 1x from the spectrum offers the criteria with a VCOV on a virtual sensor.
  expect(await optionsOf(page, 'Criterio')).toEqual(['Velocidad 1x del espectro (descarga)']);
  await choose(page, 'Criterio', 'Velocidad 1x del espectro (descarga)');
  await minSpeed.fill('500,5');
  await amplitude.fill('0,75');
  // MACH-069: hours above 23 roll into days.
  await page.getByLabel('Horas').fill('30');
  await expect(page.getByLabel('Días')).toHaveValue('8');
  await expect(page.getByLabel('Horas')).toHaveValue('6');
  await page.getByLabel('Nombre').fill('Bomba P-101 A');
  await save(page);
  await expect(toast(page)).toHaveText('La máquina se ha guardado correctamente.');
  // TREE-013: the side-bar shows the new name.
  await expect(treeItem(page, 'Bomba P-101 A')).toBeVisible();

  await page.reload();
  await expect(minSpeed).toHaveValue('500,500');
  await expect(amplitude).toHaveValue('0,750');
  await expect(page.getByLabel('Días')).toHaveValue('8');
  await expect(page.getByLabel('Horas')).toHaveValue('6');
  await expect(formItem(page, 'Criterio')).toContainText('Velocidad 1x del espectro (descarga)');
});

// The server's 422 field errors land on the form's fields, the first one focused.
test('server field errors are shown on the fields', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-102');
  await page.route(/\/api\/user\/\d+\/machine\/\d+$/, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({
            errors: [{ code: 'range', message: 'Debe estar entre 0 y 876000.', field: 'TiempoAprendizaje' }],
          }),
        })
      : route.continue(),
  );
  await save(page);
  await expect(toast(page)).toContainText('No se ha podido guardar.');
  await expect(formItem(page, 'Tiempo de aprendizaje')).toContainText('Debe estar entre 0 y 876000.');
  await expect(page.getByLabel('Días')).toBeFocused();
});

// A save that does not reach the server says so, and keeps what was typed.
test('a save the server does not receive says the server is out of reach and keeps the form', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-102');
  await page.route(/\/api\/user\/\d+\/machine\/\d+$/, (route) =>
    route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.continue(),
  );
  await page.getByLabel('Nombre', { exact: true }).fill('Bomba P-102 sin red');
  await save(page);
  await expect(toast(page)).toHaveText('No se ha podido guardar.No se ha podido conectar con el servidor. Compruebe la conexión e inténtelo de nuevo.');
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Bomba P-102 sin red');
});

// AUTH-006: administrators see and set Cálculo VA.
test('an administrator sets the calculation template', async ({ page }) => {
  await login(page, 'admin');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-103');
  await choose(page, 'Cálculo VA', 'Plantilla estándar ISO 10816');
  await save(page);
  await expect(toast(page)).toHaveText('La máquina se ha guardado correctamente.');
  await page.reload();
  await expect(formItem(page, 'Cálculo VA')).toContainText('Plantilla estándar ISO 10816');
});

// TREE-047, TREE-048, TREE-049, TREE-050, TREE-051, TREE-053, TREE-054: copy into another
// factory, paste a component, delete.
test('a machine is copied into another factory; components are pasted; a delete clears the clipboard', async ({ page }) => {
  // The side-bar is a virtual list: tall enough to hold both compressors' branches.
  await page.setViewportSize({ width: 1280, height: 1200 });
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Aire comprimido', 'Compresor C-301');
  await action(page, 'Copiar máquina');
  // TREE-049, MSG-016: the copy warns about what is not copied without a criterion.
  // MSG-015
  await expect(toast(page)).toContainText('Máquina copiada correctamente.');
  await expect(toast(page)).toContainText('no se copiarán los VCVs');

  // Into Planta Norte, which has no sites yet.
  await page.getByRole('combobox', { name: 'Fábrica' }).click();
  // The option of the list once it has slid in: a click while it moves may miss it.
  await dropdown(page).getByTitle('Planta Norte', { exact: true }).click();
  await expect(page.getByText('La fábrica aún no tiene centros.')).toBeVisible();
  await page.locator('#sidebar-tree').getByRole('button', { name: 'Crear centro' }).click();
  await page.getByRole('dialog').getByLabel('Nombre').fill('Centro Norte 2');
  await page.getByRole('dialog').getByLabel('Ciudad').fill('Vitoria');
  await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByRole('heading', { name: 'Centro Norte 2' })).toBeVisible();
  await action(page, 'Crear área');
  await page.getByRole('dialog').getByLabel('Nombre').fill('Compresores');
  await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByRole('heading', { name: 'Compresores' })).toBeVisible();
  await action(page, 'Pegar máquina');
  await expect(toast(page)).toHaveText('Máquina pegada correctamente.');
  await expect(treeItem(page, 'Compresor C-301')).toBeVisible();

  // Back in Planta Demo the tree is as it was left.
  await page.getByRole('combobox', { name: 'Fábrica' }).click();
  await page.getByRole('option', { name: 'Planta Demo' }).click();
  await expect(treeItem(page, 'Compresor C-301')).toHaveAttribute('aria-selected', 'true');

  // TREE-053, TREE-054: paste a copied component into a machine. The side-bar draws only the
  // rows in view: a taller window shows every component of both machines to count them.
  await page.setViewportSize({ width: 1280, height: 1100 });
  await openNode(page, 'Compresor C-302');
  await expect(page.getByRole('button', { name: 'Pegar componente' })).toHaveCount(0);
  await expandNode(page, 'Compresor C-302');
  await treeItem(page, 'Compresor de tornillo').last().locator('.ant-tree-title').click();
  await action(page, 'Copiar componente');
  await expect(toast(page)).toHaveText('Componente copiado correctamente.');
  await openNode(page, 'Compresor C-302');
  const before = await treeItem(page, 'Compresor de tornillo').count();
  await action(page, 'Pegar componente');
  // MSG-018
  await expect(toast(page)).toHaveText('Componente pegado correctamente.');
  await expect(treeItem(page, 'Compresor de tornillo')).toHaveCount(before + 1);

  // TREE-050, TREE-051: deleting the copied machine empties the clipboard and opens the area.
  await action(page, 'Copiar máquina');
  await confirmAction(page, 'Eliminar máquina');
  await expect(page).toHaveURL(/\/editor\/area\?/);
  await expect(page.getByRole('heading', { name: 'Aire comprimido' })).toBeVisible();
  await expect(treeItem(page, 'Compresor C-302')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pegar máquina' })).toHaveCount(0);
});

// The machine's toolbar keeps to one row at 1280 × 800 in Spanish: 'Asociar VCO' is in the
// menu 'Asignar', copy and download in 'Más acciones'.
test("the machine's toolbar keeps to one row at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-104');
  const buttons = page.getByRole('toolbar', { name: 'Acciones' }).getByRole('button');
  await expect(buttons.last()).toHaveText('Más acciones');
  const tops = await Promise.all((await buttons.all()).map(async (b) => (await b.boundingBox())!.y));
  expect(tops.length).toBeGreaterThan(4);
  expect(new Set(tops).size).toBe(1);
});
