import { expect, test, type Page } from './fixtures';
import { documentShot, login, menuEntry, openMenuGroup, settle } from './helpers';
import { chooseNode, dropdown, expandNode, openNode, treeItem } from './tree';

const search = (page: Page) => page.getByRole('combobox', { name: 'Buscar en el árbol' });
/** A search result shown under the search box. */
// The search's list once it has slid in: a click while it moves can miss (the run of 2026-11-27).
const hit = (page: Page, name: string) => dropdown(page).locator('.ant-select-item-option', { hasText: name });
const WRITE = { 'X-Requested-With': 'vigia' };

// TREE-006, TREE-008: a machine opened from the side-bar stays on the tab open where its wrapper
// keeps it (data cleaning), and not on interventions, which it does not keep.
test('a machine opened from the side-bar keeps the data-cleaning tab, not interventions', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1200 });
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  await page.getByRole('tab', { name: 'Limpieza de datos' }).click();
  await expect(page).toHaveURL(/\/editor\/machine\/data-cleaning\?/);
  await chooseNode(page, 'Bomba P-102');
  await expect(page).toHaveURL(/\/editor\/machine\/data-cleaning\?.*machine=\d+$/);
  await expect(page.getByRole('tab', { name: 'Limpieza de datos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.ant-breadcrumb')).toContainText('Bomba P-102');
  await page.getByRole('tab', { name: 'Intervenciones' }).click();
  await expect(page).toHaveURL(/\/editor\/machine\/interventions\?/);
  await chooseNode(page, 'Bomba P-101');
  await expect(page).toHaveURL(/\/editor\/machine\?site=\d+&area=\d+&machine=\d+$/);
  await expect(page.getByRole('heading', { name: 'Bomba P-101', exact: true })).toBeVisible();
});

// The side-bar search expands the path to the node chosen and selects it; the expansion
// survives navigation and a reload; the node is highlighted on its own pages only.
test('the search opens a node, and the tree keeps its state', async ({ page }) => {
  // The side-bar draws only the rows in view: tall enough for the opened machine's branch.
  await page.setViewportSize({ width: 1280, height: 1200 });
  await login(page, 'editor');
  await search(page).fill('P');
  await expect(page.getByText('Escriba al menos 2 caracteres.')).toBeVisible();
  await search(page).fill('zzzz');
  await expect(page.getByText('No hay elementos con ese nombre.')).toBeVisible();
  await search(page).fill('P-10');
  await expect(hit(page, 'Bomba P-103')).toBeVisible();
  await settle(page);
  await documentShot(page, `tree-search-es.png`);
  await hit(page, 'Bomba P-103').click();

  await expect(page).toHaveURL(/\/editor\/machine\?site=\d+&area=\d+&machine=\d+$/);
  await expect(page.getByRole('heading', { name: 'Bomba P-103' })).toBeVisible();
  await expect(treeItem(page, 'Bombeo')).toHaveAttribute('aria-expanded', 'true');
  await expect(treeItem(page, 'Bomba P-103')).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('menuitem', { name: /Inicio/ }).click();
  await expect(page.getByRole('heading', { name: /Le damos la bienvenida/ })).toBeVisible();
  await expect(treeItem(page, 'Bomba P-103')).toHaveAttribute('aria-selected', 'false');
  await page.reload();
  await expect(treeItem(page, 'Bombeo')).toHaveAttribute('aria-expanded', 'true');
  await expect(treeItem(page, 'Bomba P-103')).toHaveAttribute('aria-selected', 'false');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Bomba P-103' })).toBeVisible();
  await expect(treeItem(page, 'Bomba P-103')).toHaveAttribute('aria-selected', 'true');

  // A point found by the search opens with its component's mounting.
  await search(page).fill('Rodamiento LOA');
  await hit(page, 'Rodamiento LOA').first().click();
  await expect(page.getByRole('table', { name: 'Medidas' }).getByRole('rowheader')).toHaveText(['V', 'H', 'A']);
});

// The breadcrumb above an editor leads up the node's path; the side-bar's edge, dragged or moved
// with the arrow keys, resizes it, and the width stays after a reload.
test('the breadcrumb leads up the path, and the side-bar keeps the width it is given', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-104');
  const crumbs = page.getByRole('navigation', { name: 'Ruta del elemento' });
  await expect(crumbs).toHaveText(/^\s*Centro Norte\s*\/\s*Bombeo\s*\/\s*Bomba P-104\s*$/);
  await expect(crumbs.getByRole('link')).toHaveCount(2);
  await crumbs.getByRole('link', { name: /Bombeo/ }).click();
  await expect(page).toHaveURL(/\/editor\/area\?site=\d+&area=\d+$/);
  await expect(page.getByRole('heading', { name: 'Bombeo', exact: true })).toBeVisible();

  const sider = page.locator('.ant-layout-sider');
  const edge = page.getByRole('separator', { name: 'Anchura de la barra lateral' });
  await expect(sider).toHaveCSS('width', '300px');
  const box = await edge.boundingBox();
  if (!box) throw new Error('the side-bar has no edge');
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + 200, { steps: 6 });
  await page.mouse.up();
  await expect(edge).toHaveAttribute('aria-valuenow', '420');
  await expect(sider).toHaveCSS('width', '420px');
  await edge.press('ArrowLeft');
  await expect(sider).toHaveCSS('width', '404px');
  await page.reload();
  await expect(page.locator('.ant-layout-sider')).toHaveCSS('width', '404px');
  await expect(treeItem(page, 'Bombeo')).toBeVisible();
});

// Read-only users (neither ADMIN nor U_EDITOR) see every form disabled and no actions.
test('a read-only user sees the editors disabled and no actions', async ({ page }) => {
  await login(page, 'lector');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-104');
  await expect(page.getByText('Solo lectura: su usuario no puede modificar la fábrica.')).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Acciones' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  await expect(page.getByLabel('Nombre')).toBeDisabled();
  // No length count on a name that cannot be typed.
  await expect(page.locator('.ant-input-show-count-suffix')).toHaveCount(0);
  await expect(page.getByLabel('Velocidad mínima')).toBeDisabled();
  await settle(page);
  await documentShot(page, `machine-readonly-es.png`);
  await openNode(page, 'Centro Norte');
  await expect(page.getByLabel('Ciudad')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Crear centro' })).toHaveCount(0);
});

// An area of 1,000 machines: the tree renders only what is in view and still finds a node.
test('an area with a thousand machines stays usable', async ({ page }) => {
  await login(page, 'editor');
  const me = await (await page.request.get('/api/auth/me')).json();
  const factory = me.Fabricas[0].UsuFabricaID as number;
  const sites = await (await page.request.get(`/api/user/${factory}/tree/children?Tipo=factory&ID=${factory}`)).json();
  const sur = sites.find((s: { Nombre: string }) => s.Nombre === 'Centro Sur');
  const area = await (
    await page.request.post(`/api/user/${factory}/site/${sur.ID}/area`, { data: { NombreEs: 'Área grande' }, headers: WRITE })
  ).json();
  const machine = (i: number) => ({
    NombreEs: `Máquina ${String(i).padStart(4, '0')}`,
    VelocidadVariable: false,
    Actualizacion: 'OFF',
    Online: false,
    Kw: 0,
    TiempoAprendizaje: 0,
    KOSSensor: false,
  });
  for (let i = 0; i < 1000; i += 25) {
    await Promise.all(
      Array.from({ length: 25 }, (_, j) =>
        page.request.post(`/api/user/${factory}/area/${area.UsuAreaID}/machine`, { data: machine(i + j), headers: WRITE }),
      ),
    );
  }

  await page.reload();
  await expandNode(page, 'Centro Sur');
  await expandNode(page, 'Área grande');
  await expect(treeItem(page, 'Máquina 0000')).toBeVisible();
  // Virtual: far fewer items in the page than nodes in the tree.
  expect(await page.locator('#sidebar-tree [role="treeitem"]').count()).toBeLessThan(80);

  await search(page).fill('Máquina 0987');
  await hit(page, 'Máquina 0987').click();
  await expect(page.getByRole('heading', { name: 'Máquina 0987' })).toBeVisible();
  await expect(treeItem(page, 'Máquina 0987')).toBeInViewport();
  await expect(treeItem(page, 'Máquina 0987')).toHaveAttribute('aria-selected', 'true');
  await settle(page);
  await documentShot(page, `tree-large-area-es.png`);

  // Scrolled away from the chosen machine, the tree stays where it is when the menu above it
  // unfolds or folds a group and the tree's height changes.
  await page.locator('#sidebar-tree .ant-tree-list-holder').evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(treeItem(page, 'Máquina 0000')).toBeInViewport();
  await openMenuGroup(page, 'Catálogo');
  await expect(page.getByRole('menuitem', { name: 'Bandas' })).toBeVisible();
  await page.getByRole('menuitem', { name: /Catálogo$/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Bandas' })).toBeHidden();
  await expect(treeItem(page, 'Máquina 0000')).toBeInViewport();
  await expect(treeItem(page, 'Máquina 0987')).toHaveCount(0);

  const gone = await page.request.delete(`/api/user/${factory}/area/${area.UsuAreaID}`, { headers: WRITE });
  expect(gone.ok()).toBe(true);
});

// TREE-012: on a small screen the tree is in the drawer, which closes when a node is chosen.
test('on a small screen the tree opens from the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 800 });
  await login(page, 'editor');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expandNode(page, 'Centro Norte');
  await chooseNode(page, 'Ventilación');
  await expect(page.getByRole('heading', { name: 'Ventilación' })).toBeVisible();
  await expect(page.locator('#sidebar-tree')).toBeHidden();
  await settle(page);
  await documentShot(page, `area-small-es.png`);
});

// The catalogue and the administration fold away so that the asset tree keeps the side-bar's
// height on a laptop's screen; the group of a page reached opens, and the menu stays as left.
test('the menu folds its groups away, opens the one of the page reached and keeps them as left', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await login(page, 'admin');
  const group = (name: string) => page.getByRole('menuitem', { name: new RegExp(`${name}$`) });
  await expect(group('Catálogo')).toHaveAttribute('aria-expanded', 'false');
  await expect(group('Administración')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('menuitem', { name: 'Bandas' })).toBeHidden();
  // Folded, the menu leaves most of the side-bar to the tree.
  const tree = await page.locator('#sidebar-tree').boundingBox();
  expect(tree?.height).toBeGreaterThan(400);

  await menuEntry(page, 'Catálogo', 'Bandas');
  await expect(page).toHaveURL(/\/catalog\/bands$/);
  await page.reload();
  await expect(group('Catálogo')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menuitem', { name: 'Bandas' })).toBeVisible();

  await group('Catálogo').click();
  await expect(group('Catálogo')).toHaveAttribute('aria-expanded', 'false');
  await page.goto('/admin/users');
  await expect(group('Administración')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menuitem', { name: /Usuarios/ })).toBeVisible();
  await expect(group('Catálogo')).toHaveAttribute('aria-expanded', 'false');
});

// A long name wraps at its spaces within the side-bar: the whole of it is in view.
test("a long node name wraps within the side-bar's width", async ({ page }) => {
  const long = 'Bomba centrífuga de agua de refrigeración del condensador P-101';
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  await page.getByLabel('Nombre').fill(long);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const title = treeItem(page, long).locator('.ant-tree-title');
  await expect(title).toBeVisible();
  const bar = (await page.locator('#sidebar-tree').boundingBox())!;
  const box = (await title.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(bar.x);
  expect(box.x + box.width).toBeLessThanOrEqual(bar.x + bar.width);
  // More than one line: it wrapped, not shrank.
  expect(box.height).toBeGreaterThan(30);
});
