import { expect, type Locator, type Page } from '@playwright/test';
import { clickUntilSent, documenting, documentShot, menuEntry, settle } from './helpers';
import { shownToasts, toast } from './tree';

export { toast };

// Helpers of the catalogue screens' specs (sensors, bands, spectra): columns, tree items and the editor.

/** Opens the catalogue screen of the side-bar's entry `menu` (/catalog/`path`), once `ready` shows. */
export async function openScreen(page: Page, menu: string, path: string, ...ready: Locator[]) {
  await menuEntry(page, 'Catálogo', menu);
  await expect(page).toHaveURL(new RegExp(`/catalog/${path}$`));
  for (const shown of ready) await expect(shown).toBeVisible();
}

/** A column of the screen (a region named by its title). */
export function column(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

/** The tree item called `name` in a column. */
export function item(page: Page, columnName: string, name: string): Locator {
  return column(page, columnName)
    .getByRole('treeitem')
    .filter({ has: page.getByText(name, { exact: true }) });
}

export function dialog(page: Page): Locator {
  return page.getByRole('dialog');
}

/** The editor's form item labelled `label` (to check its highlight or that it is shown). */
export function field(page: Page, label: string): Locator {
  return dialog(page)
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) });
}

/** The template column of a catalogue screen in the Plantillas scope (ADMIN). */
export const CATALOGUE = 'Catálogo de plantillas';

/** Switches a catalogue screen's scope (ADMIN): 'Fábrica' or 'Plantillas'. */
export async function scope(page: Page, name: 'Fábrica' | 'Plantillas') {
  await page.getByRole('radiogroup', { name: 'Ámbito del catálogo' }).getByText(name, { exact: true }).click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
}

/** The editor's control labelled `label`. */
export function input(page: Page, label: string): Locator {
  return dialog(page).getByLabel(label, { exact: true });
}

/** Checks that the editor's fields `labels` are highlighted as invalid. */
export async function expectHighlighted(page: Page, ...labels: string[]) {
  for (const label of labels) await expect(field(page, label)).toHaveClass(/ant-form-item-has-error/);
}

/**
 * Takes a screenshot of the whole editor, with no field hovered or focused and no message on
 * top: a window taller than the editor for the time of the shot.
 */
export async function shot(page: Page, name: string) {
  if (!documenting) return;
  await page.mouse.click(2, 2); // on the mask, which does not close the editor
  await expect(shownToasts(page)).toHaveCount(0, { timeout: 10_000 });
  const viewport = page.viewportSize();
  const height = await dialog(page).evaluate((el) => el.getBoundingClientRect().height);
  if (viewport && height + 200 > viewport.height) await page.setViewportSize({ width: viewport.width, height: Math.ceil(height) + 200 });
  await settle(page);
  await documentShot(dialog(page), `${name}`);
  if (viewport) await page.setViewportSize(viewport);
}

/** The buttons of the editor's footer, by their text. */
export async function actions(page: Page): Promise<string[]> {
  const bar = dialog(page).getByRole('toolbar', { name: 'Acciones' });
  if ((await bar.count()) === 0) return [];
  return (await bar.getByRole('button').allInnerTexts()).map((s) => s.trim());
}

/** Chooses an option of the editor's select `label`, until the select shows it (the list may still be moving in). */
export async function choose(page: Page, label: string, option: string) {
  const select = dialog(page)
    .locator('.ant-select')
    .filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(async () => {
    await select.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click({ timeout: 2000 });
    await expect(select).toContainText(option, { timeout: 1000 });
  }).toPass();
}

/** The options a select of the editor offers, by their text. */
export async function optionsOf(page: Page, label: string): Promise<string[]> {
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(open).toHaveCount(0); // a list still closing would be read too
  await dialog(page)
    .locator('.ant-select')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .click();
  const list = open.locator('.ant-select-item-option');
  await expect(list.first()).toBeVisible();
  // Read until the list is there: right after opening it may still be rendering its rows.
  let texts: string[] = [];
  await expect.poll(async () => (texts = await list.allInnerTexts()).length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(open).toHaveCount(0);
  return texts;
}

export async function fill(page: Page, label: string, value: string) {
  await dialog(page).getByLabel(label, { exact: true }).fill(value);
}

/** Chooses a kind in the screen's type selector and opens a new item of it. */
export async function create(page: Page, typeLabel: string, type: string) {
  await page.getByRole('combobox', { name: typeLabel }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(type, { exact: true }).click();
  await page.getByRole('button', { name: 'Crear' }).click();
}

/** Saves the editor; it closes with the saved message. Given a column, the item `name` saved is selected in it (CAT-018). */
export async function saveItem(page: Page, columnName?: string, name?: string) {
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page).filter({ hasText: 'Elemento guardado correctamente.' })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  if (columnName && name) await expect(item(page, columnName, name)).toHaveAttribute('aria-selected', 'true');
}

/**
 * Deletes the open item after its confirmation, clicked (reopened if need be) until the delete
 * has been sent.
 */
export async function deleteItem(page: Page) {
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: '¿Está seguro de querer eliminar el elemento?' });
  await clickUntilSent(
    page,
    (r) => r.method() === 'DELETE',
    async () => {
      if (!(await confirm.isVisible())) await dialog(page).getByRole('button', { name: 'Eliminar' }).click({ timeout: 2000 });
      await confirm.getByRole('button', { name: 'Eliminar' }).click({ timeout: 2000 });
    },
  );
}

/** Copies the open item (the copy is selected), then deletes the copy. */
export async function copyThenDelete(page: Page, columnName: string, name: string) {
  await dialog(page).getByRole('button', { name: 'Copiar' }).click();
  // An earlier message may still show: look for this one among them.
  await expect(toast(page).filter({ hasText: 'Elemento copiado correctamente.' })).toBeVisible();
  const copy = item(page, columnName, `${name} (copia)`);
  await expect(copy).toHaveAttribute('aria-selected', 'true');
  await copy.click();
  await deleteItem(page);
  await expect(toast(page).filter({ hasText: 'Elemento eliminado correctamente.' })).toBeVisible();
  await expect(copy).toHaveCount(0);
}
