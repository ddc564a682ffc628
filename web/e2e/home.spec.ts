import { expect, test, type Page } from './fixtures';
import { chooseLanguage, documentShot, documenting, login, menuEntry, settle } from './helpers';
import { action, openNode, save, shownToasts, toast, treeItem } from './tree';

// The home page on the demo: the factory in figures, its alarms by state and site, the
// machines to configure and its latest changes, each a shortcut to the screen that deals with it.

/** Back to the home page through the menu. */
async function home(page: Page) {
  await page.getByRole('menuitem', { name: 'Inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('the home page shows the demo factory at a glance, lists a new machine to configure and the latest changes', async ({ page }) => {
  await login(page, 'editor');
  await page.setViewportSize({ width: 1440, height: 1000 });

  // The demo's figures; its machines all have a criterion and reference values.
  const figures = page.getByLabel('La fábrica en cifras');
  await expect(figures.locator('dd')).toHaveText(['2', '20', '89']);
  await expect(figures.locator('dt')).toHaveText(['Centros', 'Máquinas', 'Puntos de vibración']);
  await expect(page.getByText('Todas las máquinas tienen criterio.')).toBeVisible();
  await expect(page.getByText('Todas las máquinas tienen valores de referencia.')).toBeVisible();
  await expect(page.getByText('Todavía no se ha registrado ningún cambio en la fábrica.')).toBeVisible();

  // Bomba P-101's worn bearing: Centro Norte has points above their thresholds, and its worst
  // state's count opens the site's alerts in that state.
  await expect(page.getByRole('group', { name: 'Puntos por estado' }).getByRole('group')).toHaveCount(3);
  const worst = page.getByRole('link', { name: /^Centro Norte: \d+ puntos? en (Peligro|Alarma)$/ }).first();
  const state = (await worst.getAttribute('aria-label'))!.replace(/.* en /, '');
  await worst.click();
  await expect(page).toHaveURL(/\/editor\/alarms\?site=\d+&estado=(PELIGRO|ALARMA)$/);
  await expect(page.getByRole('group', { name: 'Medidas por estado' }).getByRole('button', { name: new RegExp(`^${state}: `) })).toHaveAttribute('aria-pressed', 'true');

  // A new machine has neither a criterion nor reference values: listed, it opens its editor.
  await openNode(page, 'Centro Norte', 'Bombeo');
  await action(page, 'Crear máquina');
  await page.getByRole('dialog').getByLabel('Nombre').fill('Bomba P-105');
  await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByRole('heading', { name: 'Bomba P-105' })).toBeVisible();
  await home(page);
  await expect(figures.locator('dd')).toHaveText(['2', '21', '89']);
  for (const list of ['Sin criterio', 'Sin valores de referencia']) {
    await expect(page.getByRole('region', { name: list }).getByRole('listitem')).toHaveText(['Bomba P-105Centro Norte › Bombeo']);
  }
  const changes = page.getByRole('list', { name: 'Últimos cambios' }).getByRole('listitem');
  await expect(changes.first()).toContainText('Alta Máquina Bomba P-105');
  await expect(changes.first()).toContainText('editor · ahora');
  await page.getByRole('region', { name: 'Sin criterio' }).getByRole('link', { name: 'Bomba P-105' }).click();
  await expect(page).toHaveURL(/\/editor\/machine\?site=\d+&area=\d+&machine=\d+$/);
  await expect(page.getByRole('heading', { name: 'Bomba P-105' })).toBeVisible();
  await expect(treeItem(page, 'Bomba P-105')).toHaveAttribute('aria-selected', 'true');

  // Its edit is the latest change, with the machine's place opening its editor.
  await page.getByLabel('Nombre').fill('Bomba P-105 de reserva');
  await save(page);
  await expect(toast(page)).toHaveText('La máquina se ha guardado correctamente.');
  await home(page);
  await expect(changes.first()).toContainText('Modificación Máquina Bomba P-105 de reserva');
  const place = changes.first().getByRole('link', { name: 'Centro Norte › Bombeo › Bomba P-105 de reserva' });
  await expect(place).toHaveAttribute('href', /\/editor\/machine\?site=\d+&area=\d+&machine=\d+$/);
  await page.mouse.move(0, 0);
  // The picture waits for the save's message to go.
  if (documenting) await expect(shownToasts(page)).toHaveCount(0, { timeout: 10_000 });
  await settle(page);
  await documentShot(page, 'shell-es.png');

  await chooseLanguage(page, /Idioma/, 'English');
  await expect(page.getByLabel('The factory in figures').locator('dt')).toHaveText(['Sites', 'Machines', 'Vibration points']);
  await expect(page.getByRole('list', { name: 'Latest changes' }).getByRole('listitem').first()).toContainText('Edited Machine Bomba P-105 de reserva');
  await settle(page);
  await documentShot(page, 'home-en.png');
  await chooseLanguage(page, /Language/, 'Español');
});

// A page whose code cannot be loaded (the server out of reach, or a new version installed) says
// so and offers to try again, where the error page, loaded on demand too, left a blank screen.
test('a page whose code does not load says why and loads on Reintentar', async ({ page }) => {
  await login(page, 'editor');
  await expect(page.getByRole('heading', { name: /Le damos la bienvenida/ })).toBeVisible();
  const chunks = '**/assets/*Page-*';
  await page.route(chunks, (route) => route.abort('connectionrefused'));
  await menuEntry(page, 'Catálogo', 'Bandas');
  const error = page.getByRole('alert');
  await expect(error.getByRole('heading')).toHaveText('No se ha podido cargar la página');
  await expect(error).toContainText('No se ha podido conectar con el servidor de Vigía, o se ha instalado una versión nueva.');
  await page.unroute(chunks);
  await error.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page).toHaveURL(/\/catalog\/bands$/);
  await expect(page.getByText('Bandas para descargar').first()).toBeVisible();
});
