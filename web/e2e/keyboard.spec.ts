import { expect, test, type Page } from './fixtures';
import { login } from './helpers';
import { action, openNode, toast, treeItem } from './tree';
import { choose, create, dialog, fill, input, item, openScreen } from './catalog';

// The editors from the keyboard: a modal opens with its first field focused and Enter accepts
// it; the tree opens the node it is on with Enter; a toolbar's menu and a confirmation are
// walked with the arrows and accepted with Enter; a closed modal gives the focus back.

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Acciones' });

test('an area is created, opened from the tree and deleted from the keyboard', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Sur');
  await action(page, 'Crear área');
  await expect(dialog(page).getByLabel('Nombre')).toBeFocused();
  await page.keyboard.type('Área de teclado');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Área de teclado' })).toBeVisible();
  await expect(treeItem(page, 'Área de teclado')).toHaveAttribute('aria-selected', 'true');

  // From the tree's search box, Tab reaches the tree on the chosen node; ← goes to its site and
  // Enter opens the site, as a click does, its areas still shown.
  await page.getByRole('combobox', { name: 'Buscar en el árbol' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/editor\?site=\d+$/);
  await expect(page.getByRole('heading', { name: 'Centro Sur' })).toBeVisible();
  await expect(treeItem(page, 'Área de teclado')).toBeVisible();

  // The delete's confirmation takes the focus: Enter accepts it.
  await treeItem(page, 'Área de teclado').locator('.ant-tree-title').click();
  await expect(page.getByRole('heading', { name: 'Área de teclado' })).toBeVisible();
  await toolbar(page).getByRole('button', { name: 'Eliminar área' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: '¿Está seguro de querer eliminar el elemento?' });
  await expect(confirm.getByRole('button', { name: 'Eliminar área' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/editor\?site=\d+$/);
  await expect(treeItem(page, 'Área de teclado')).toHaveCount(0);
});

test("a machine's menu is walked with the arrows and its item chosen with Enter", async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  await toolbar(page).getByRole('button', { name: 'Más acciones' }).focus();
  await page.keyboard.press('Enter');
  const copy = page.getByRole('menuitem', { name: 'Copiar máquina' });
  await expect(copy).toBeVisible();
  // The arrows walk the menu until the item is the one it holds active, which Enter acts on (the
  // focus alone, which the menu may give as it opens, is not enough); an arrow pressed before
  // the menu listens is lost, so the walk goes on, round the menu, until it is.
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(copy).toHaveClass(/ant-dropdown-menu-item-active/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(copy).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page).filter({ hasText: 'Máquina copiada correctamente.' })).toBeVisible();
});

test("a catalogue editor opens on its name, saves with Enter, and gives the focus back to 'Crear'", async ({ page }) => {
  await login(page, 'editor');
  await openScreen(page, 'Bandas', 'bands', item(page, 'Bandas para descargar', 'Engrane 1x GMF'));
  await create(page, 'Tipo de banda', 'KOS Alert 10');
  await expect(input(page, 'Nombre')).toBeFocused();
  // Escape closes it, and the focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Crear' })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(input(page, 'Nombre')).toBeFocused();
  await page.keyboard.type('Banda de teclado');
  await choose(page, 'Tipo de frecuencia', 'Órdenes');
  await choose(page, 'Rango', 'Rango bajo (BR)');
  await fill(page, 'Frecuencia inicial', '1');
  await fill(page, 'Frecuencia final', '2');
  await input(page, 'Nombre').press('Enter');
  await expect(toast(page).filter({ hasText: 'Elemento guardado correctamente.' })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(item(page, 'Bandas de la fábrica', 'Banda de teclado')).toBeVisible();
});
