import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { clickUntilSent, login } from './helpers';

// Helpers of the asset-tree specs: the side-bar tree, the editors' toasts and confirmations.

function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** The side-bar's tree item titled `name`. */
export function treeItem(page: Page, name: string): Locator {
  return page
    .locator('#sidebar-tree [role="treeitem"]')
    .filter({ has: page.locator('.ant-tree-title', { hasText: exactly(name) }) });
}

/**
 * Scrolls the side-bar's virtual tree until the item `name` is rendered: the tree draws only
 * the rows in view, so a node below them is not in the page until the list scrolls to it.
 */
export async function revealNode(page: Page, name: string) {
  const item = treeItem(page, name);
  if ((await item.count()) > 0) return;
  const holder = page.locator('#sidebar-tree .ant-tree-list-holder');
  if ((await holder.count()) === 0) return;
  await holder.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect
    .poll(async () => {
      if ((await item.count()) > 0) return true;
      // Half a view further down; at the bottom the item is not there and expect times out.
      await holder.evaluate((el) => el.scrollBy({ top: el.clientHeight / 2 }));
      return false;
    })
    .toBe(true);
}

/** One try of an action on a tree item, which `onItem` repeats. */
const ATTEMPT = { timeout: 5_000 };

/**
 * Reveals the tree item `name` and acts on it, again until it takes: a tree that reloads (after
 * a change) scrolls its chosen node back into view, and a row revealed before that is no longer
 * drawn when the action comes.
 */
async function onItem(page: Page, name: string, act: (item: Locator) => Promise<void>) {
  await expect(async () => {
    await revealNode(page, name);
    await act(treeItem(page, name));
  }).toPass({ timeout: 60_000 });
}

/** Expands the tree item `name` (when it is not yet). */
export async function expandNode(page: Page, name: string) {
  await onItem(page, name, async (item) => {
    if ((await item.getAttribute('aria-expanded', ATTEMPT)) !== 'true') await item.locator('.ant-tree-switcher').click(ATTEMPT);
    await expect(item).toHaveAttribute('aria-expanded', 'true', ATTEMPT);
  });
}

/** Chooses the tree item `name`, as a click on its title does. */
export async function chooseNode(page: Page, name: string) {
  await onItem(page, name, (item) => item.locator('.ant-tree-title').click(ATTEMPT));
}

/** Opens the editor of the node at the end of `names` (site, area, ...), expanding the way to it. */
export async function openNode(page: Page, ...names: string[]) {
  for (const name of names.slice(0, -1)) await expandNode(page, name);
  await chooseNode(page, names[names.length - 1]);
  await expect(page.getByRole('heading', { name: names[names.length - 1], exact: true })).toBeVisible();
}

/**
 * Switches a point's VCV screen to the range `name` ('Rango alto (AR)') and waits until the
 * screen shows it: the URL changes before the new list is drawn, and the old one, still on
 * screen under a spinner, has a 'Crear' of the same name.
 */
export async function chooseRange(page: Page, name: string) {
  await page.locator('.ant-segmented-item').filter({ hasText: exactly(name) }).click();
  await expect(page.getByRole('radiogroup', { name: 'Rango', exact: true }).getByRole('radio', { name, exact: true })).toBeChecked();
}

/** Signs in as `user`, on a window of `viewport` when given, and opens the editor of the node at the end of `names`. */
export async function openNodeAs(page: Page, user: string, names: string[], viewport?: { width: number; height: number }) {
  await login(page, user);
  if (viewport) await page.setViewportSize(viewport);
  await openNode(page, ...names);
}

/**
 * A message on screen, not the one it replaced fading out beside it (app/messages.ts opens each
 * under a key of its own).
 */
const SHOWN = '.ant-message-notice:not(.ant-message-fade-leave)';

/** The app's messages, or after they close those of the user's last input (fixtures.ts, keepMessages). */
export function toast(page: Page): Locator {
  return page.locator(`${SHOWN}, #e2e-messages > .e2e-message`);
}

/** The app's messages on the screen now: a screenshot waits for them to go. */
export function shownToasts(page: Page): Locator {
  return page.locator('.ant-message-notice');
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Acciones' });

/**
 * Clicks a toolbar action: its button, or its item of the menu 'Más acciones' (a machine's copy).
 * Just after a node is chosen the former node's toolbar may still show, without the button and
 * its menu without the item: it is looked for again until the chosen node's toolbar is there.
 */
export async function action(page: Page, label: string) {
  const button = toolbar(page).getByRole('button', { name: label });
  await expect(async () => {
    if (await button.isVisible()) await button.click();
    else await menuItem(page, 'Más acciones', label);
  }).toPass({ timeout: 40_000 });
}

/**
 * Opens the toolbar's menu `menu`, unless it is open, and clicks its item `label`. A click whose
 * item opens a modal can take seconds to return on a busy machine.
 */
export async function menuItem(page: Page, menu: string, label: string) {
  const item = page.getByRole('menuitem', { name: label });
  if (!(await item.isVisible())) await toolbar(page).getByRole('button', { name: menu }).click({ timeout: 2000 });
  await item.click({ timeout: 10_000 });
}

/**
 * Runs one of a machine's assign actions from the toolbar's menu 'Asignar'. On a busy machine a
 * click on a menu still sliding in can miss: it is clicked until the assignment is sent.
 */
export async function assign(page: Page, label: string) {
  const isAssign = (r: Request) => r.method() === 'POST' && /\/assign\/\w+$/.test(new URL(r.url()).pathname);
  await clickUntilSent(page, isAssign, () => menuItem(page, 'Asignar', label));
}

/**
 * Clicks a toolbar action that asks for confirmation, checks the question and accepts. A button
 * asks in a pop-over; an item of the menu 'Más acciones' (a machine's delete) in a modal, the
 * item chosen again until it shows, as a click on a menu still sliding in can miss.
 */
export async function confirmAction(page: Page, label: string) {
  const question = '¿Está seguro de querer eliminar el elemento?';
  const button = toolbar(page).getByRole('button', { name: label });
  if ((await button.count()) > 0) {
    await button.click();
    const pop = page.locator('.ant-popconfirm').filter({ hasText: question });
    await expect(pop).toBeVisible();
    await pop.getByRole('button', { name: label }).click();
    return;
  }
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: question });
  await expect(async () => {
    if (await dialog.isVisible()) return;
    await menuItem(page, 'Más acciones', label);
    await expect(dialog).toBeVisible({ timeout: 5000 });
  }).toPass();
  await dialog.getByRole('button', { name: label }).click();
}

/** The copy and paste actions of a node kind, and the messages that confirm them. */
const CLIPBOARD = {
  area: { copy: 'Copiar área', copied: 'Área copiada correctamente.', paste: 'Pegar área', pasted: 'Área pegada correctamente.' },
  machine: { copy: 'Copiar máquina', copied: 'Máquina copiada correctamente.', paste: 'Pegar máquina', pasted: 'Máquina pegada correctamente.' },
};

/**
 * Copies the node at the end of `from` and pastes it into the node at the end of `to`, each
 * step confirmed by its message (a machine's copy may add a warning to its own).
 */
export async function copyAndPaste(page: Page, kind: keyof typeof CLIPBOARD, from: string[], to: string[]) {
  const texts = CLIPBOARD[kind];
  await openNode(page, ...from);
  await action(page, texts.copy);
  await expect(toast(page)).toContainText(texts.copied);
  await openNode(page, ...to);
  await action(page, texts.paste);
  await expect(toast(page)).toHaveText(texts.pasted);
}

/** Saves the editor's form. */
export async function save(page: Page) {
  await page.getByRole('button', { name: 'Guardar' }).click();
}

/** Fills the fields labelled by the keys of `values`. */
export async function fillFields(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
}

/**
 * Saves, and the save is refused: each field labelled by a key of `errors` shows its message,
 * and the first of them (the first invalid field of the form) takes the focus.
 */
export async function expectRefused(page: Page, errors: Record<string, string>) {
  await save(page);
  for (const [label, message] of Object.entries(errors)) await expect(formItem(page, label)).toContainText(message);
  await expect(page.getByLabel(Object.keys(errors)[0])).toBeFocused();
}

/** The form item (label, input and its error state) of the field labelled `label`. */
export function formItem(page: Page, label: string): Locator {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label label', { hasText: exactly(label) }) })
    .last();
}

/** Map tiles come from the internet, which the tests do not reach: answer them empty. */
export async function offlineTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org|\{z\}/, (route) => route.fulfill({ status: 404, body: '' }));
}

/**
 * The select dropdown open now, once its opening animation has ended (a click while it slides
 * in may miss its option), and not one still fading out after a choice.
 */
export function dropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:visible:not([class*="-leave"]):not([class*="-appear"]):not([class*="-enter"])');
}

/** Chooses `option` in the select labelled `label`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await dropdown(page).getByTitle(option, { exact: true }).click();
}

/**
 * Chooses the bearing `brand` `model` in the point's block `n`. The model is typed (the lists are
 * long and virtual) and clicked once the server's search has narrowed the list to it: a click on
 * the list it replaces can miss, and the point would be saved without the bearing.
 */
export async function chooseBearing(page: Page, n: number, brand: string, model: string) {
  await choose(page, `Marca del rodamiento ${n}`, brand);
  const models = page.getByLabel(`Modelo del rodamiento ${n}`);
  await models.click();
  await models.fill(model);
  await expect(dropdown(page).locator('.ant-select-item-option')).toHaveText([model]);
  await dropdown(page).getByTitle(model, { exact: true }).click();
  await expect(page.getByRole('group', { name: `Frecuencias de defecto del rodamiento ${n}, en órdenes` })).toContainText('BPFI');
}

/** The texts of the options of the select labelled `label`, in order. */
export async function optionsOf(page: Page, label: string) {
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0); // a list still closing would be read too
  await page.getByLabel(label, { exact: true }).click();
  const options = dropdown(page).locator('.ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const texts = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  return texts;
}
