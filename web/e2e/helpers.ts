import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { ADMIN_PASSWORD, PASSWORD } from './global-setup';

export { ADMIN_PASSWORD, PASSWORD };

/** Where screenshots that people look at are written: by `make screenshots` only. */
export const SHOTS = '../docs/screenshots';

/** Whether this run makes the documentation's screenshots (VIGIA_SCREENSHOTS=1). */
export const documenting = process.env.VIGIA_SCREENSHOTS === '1';

/** Writes a documentation screenshot of a page or an element, when this run makes them. */
export async function documentShot(target: Page | Locator, name: string) {
  if (documenting) await target.screenshot({ path: `${SHOTS}/${name}` });
}

/**
 * Holds the page's calls to `url` (those of `method`, when given) until the returned function
 * releases them, so that what a screen shows while a call runs ('Guardando') is checked before
 * the call can end: a fixed delay is missed by a check that comes late on a busy machine.
 */
export async function holdCalls(page: Page, url: string | RegExp, method?: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    if (!method || route.request().method() === method) await released;
    await route.continue();
  });
  return release;
}

/** Signs in through the login page and waits for the shell. */
export async function login(page: Page, user: string, password = user === 'admin' ? ADMIN_PASSWORD : PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(user);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
}

/**
 * Signs out from the user menu. On a busy machine a click can miss while the menu opens (its
 * item still moving in): the menu is opened and its item clicked until the sign-in page shows.
 */
export async function logout(page: Page) {
  const item = page.getByRole('menuitem', { name: 'Cerrar sesión' });
  await expect(async () => {
    if (new URL(page.url()).pathname.startsWith('/login')) return;
    if (!(await item.isVisible())) await page.getByRole('button', { name: 'Menú de usuario' }).click({ timeout: 2000 });
    await item.click({ timeout: 2000 });
    await expect(page).toHaveURL(/\/login/, { timeout: 2000 });
  }).toPass();
}

/** Unfolds the side-bar menu's group `group` ('Catálogo', 'Administración') unless it is open. */
export async function openMenuGroup(page: Page, group: string) {
  // Its name follows its icon's ('setting Administración').
  const title = page.getByRole('menuitem', { name: new RegExp(`${group}$`) });
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  await expect(title).toHaveAttribute('aria-expanded', 'true');
}

/** Opens the page of the side-bar menu's entry `entry`, under its group `group`. */
export async function menuEntry(page: Page, group: string, entry: string | RegExp) {
  await openMenuGroup(page, group);
  await page.getByRole('menuitem', { name: entry }).click();
}

/**
 * Runs `attempt` (clicks on a list, menu or confirmation) until a request `sent` matches has gone
 * out: on a busy machine a click on a popup still opening can miss, and nothing happens.
 */
export async function clickUntilSent(page: Page, sent: (r: Request) => boolean, attempt: () => Promise<void>) {
  let done = false;
  page.waitForRequest(sent).then(
    () => (done = true),
    () => {},
  );
  await expect(async () => {
    if (done) return;
    await attempt();
    await expect.poll(() => done, { timeout: 2000 }).toBe(true);
  }).toPass();
}

/** Chooses a language in the header's (or login page's) language selector. */
export async function chooseLanguage(page: Page, current: RegExp, option: string) {
  // Signed in, the choice is saved to the user: wait for it, or a reload (or the next spec
  // signing in as the same user) would read the language before it.
  // The sign-in page's selector is the browser's own (the page carries no antd).
  if (new URL(page.url()).pathname.startsWith('/login')) {
    await page.getByRole('combobox', { name: current }).selectOption({ label: option });
    return;
  }
  const isSave = (r: Request) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/auth/me';
  const saved = page.waitForResponse((r) => isSave(r.request()));
  // The visible item, by its title: the list's role=option elements are antd's hidden
  // accessibility copies.
  const list = page.locator('.ant-select-dropdown:visible');
  await clickUntilSent(page, isSave, async () => {
    if ((await list.count()) === 0) await page.getByRole('combobox', { name: current }).click({ timeout: 2000 });
    await list.getByTitle(option, { exact: true }).click({ timeout: 2000 });
  });
  expect((await saved).ok()).toBe(true);
}

/** Signs in through the API with its own cookies, as the SPA would. */
export async function apiLogin(request: APIRequestContext, user: string, password: string) {
  const res = await request.post('/api/auth/login', {
    data: { Login: user, Password: password },
    headers: { 'X-Requested-With': 'vigia' },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { UsuarioID: number; Fabricas: { UsuFabricaID: number }[] };
}

/**
 * Waits until no spinner turns; for a documentation screenshot, also until animations have
 * ended (they leave no state to wait for).
 */
export async function settle(page: Page) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  if (documenting) await page.waitForTimeout(400);
}

/**
 * Picks the node `node` of the factory `factory` in a modal's admin tree (`tree`, its name): the
 * search shows that factory's part first, as two factories may have sites of the same name.
 */
export async function pickNode(modal: Locator, tree: string, factory: string, node: string) {
  await modal.getByPlaceholder('Buscar por nombre').fill(factory);
  await modal.getByRole('tree', { name: tree }).getByText(node, { exact: true }).click();
  await expect(modal).toContainText(`Elegido:${node === factory ? factory : `${factory} › ${node}`}`);
}

/**
 * Where the table's sideways scroll bar ends, in the window: at the window's bottom while it
 * sticks there (a wide list in a narrow window); null when the list does not scroll.
 */
export async function scrollBarBottom(page: Page): Promise<number | null> {
  const bar = page.locator('.ant-table-sticky-scroll');
  if ((await bar.count()) === 0) return null;
  const box = await bar.boundingBox();
  return box && Math.round(box.y + box.height);
}
