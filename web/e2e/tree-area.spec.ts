import { expect, test } from './fixtures';
import { documentShot, login, settle } from './helpers';
import { action, confirmAction, copyAndPaste, openNode, save, toast, treeItem } from './tree';

// TREE-036, TREE-037, TREE-040, TREE-041, TREE-042, TREE-043, TREE-045 and the side-bar
// refresh after each change (TREE-013).
test('the area editor renames, creates and pastes machines, and deletes the area', async ({ page }) => {
  // The side-bar draws only the rows in view: tall enough to show both copies of the machine.
  await page.setViewportSize({ width: 1280, height: 1200 });
  await login(page, 'editor');
  await openNode(page, 'Centro Sur', 'Molienda');
  await expect(page.getByRole('tab', { name: 'Edición de área' })).toBeVisible();
  await settle(page);
  await documentShot(page, `area-es.png`);

  await openNode(page, 'Centro Sur');
  await action(page, 'Crear área');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('Este campo es obligatorio.')).toBeVisible();
  await dialog.getByLabel('Nombre').fill('Área de pruebas');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByRole('heading', { name: 'Área de pruebas' })).toBeVisible();
  await expect(treeItem(page, 'Área de pruebas')).toHaveAttribute('aria-selected', 'true');
  // TREE-040: nothing to paste yet.
  await expect(page.getByRole('button', { name: 'Pegar máquina' })).toHaveCount(0);

  // TREE-037: the name is required; the field is highlighted and focused.
  await page.getByLabel('Nombre').fill('');
  await save(page);
  await expect(page.getByText('Este campo es obligatorio.')).toBeVisible();
  await expect(page.getByLabel('Nombre')).toBeFocused();

  // TREE-042: after a save the side-bar shows the new name.
  await page.getByLabel('Nombre').fill('Área de pruebas 2');
  await save(page);
  // MSG-034
  await expect(toast(page)).toHaveText('El área se ha guardado correctamente.');
  await expect(treeItem(page, 'Área de pruebas 2')).toBeVisible();
  await expect(treeItem(page, 'Área de pruebas')).toHaveCount(0);

  // Create a machine: its editor opens and the side-bar shows it under the area.
  await action(page, 'Crear máquina');
  await page.getByRole('dialog').getByLabel('Nombre').fill('Máquina nueva');
  await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
  await expect(page).toHaveURL(/\/editor\/machine\?/);
  await expect(page.getByRole('heading', { name: 'Máquina nueva' })).toBeVisible();
  await expect(treeItem(page, 'Máquina nueva')).toHaveAttribute('aria-selected', 'true');

  // TREE-045: copy a machine of another area and paste it here.
  // MSG-036: pasted in the area editor, said
  await copyAndPaste(page, 'machine', ['Molienda', 'Molino M-401'], ['Área de pruebas 2']);
  await expect(treeItem(page, 'Molino M-401')).toHaveCount(2);

  // TREE-041, TREE-043: delete with confirmation; the site editor opens, the area is gone.
  await confirmAction(page, 'Eliminar área');
  await expect(page).toHaveURL(/\/editor\?site=\d+$/);
  await expect(page.getByRole('heading', { name: 'Centro Sur' })).toBeVisible();
  await expect(treeItem(page, 'Área de pruebas 2')).toHaveCount(0);
  await expect(treeItem(page, 'Molienda')).toBeVisible();
});

// A double click on Crear, or Enter twice, validates the form twice before its button spins: it
// sent the form twice and made two areas.
test('a double click on Crear, or Enter twice in the name, creates one area', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1200 });
  await login(page, 'editor');
  await openNode(page, 'Centro Sur');
  let posts = 0;
  page.on('request', (r) => void (r.method() === 'POST' && /\/area$/.test(new URL(r.url()).pathname) && posts++));
  const dialog = page.getByRole('dialog');

  await action(page, 'Crear área');
  await dialog.getByLabel('Nombre').fill('Área del doble clic');
  await dialog.getByRole('button', { name: 'Crear' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Área del doble clic' })).toBeVisible();

  await openNode(page, 'Centro Sur');
  await action(page, 'Crear área');
  await dialog.getByLabel('Nombre').fill('Área del doble Enter');
  await dialog.getByLabel('Nombre').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Área del doble Enter' })).toBeVisible();

  await openNode(page, 'Centro Sur');
  await expect(treeItem(page, 'Área del doble clic')).toHaveCount(1);
  await expect(treeItem(page, 'Área del doble Enter')).toHaveCount(1);
  expect(posts).toBe(2);
});
