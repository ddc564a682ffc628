import { expect, test } from './fixtures';
import { ADMIN_PASSWORD, documentShot, apiLogin, login, menuEntry, openMenuGroup, settle } from './helpers';

// AUTH-003: a 401 on any call signs the user out.
test('a session ended on the server sends the next click back to login', async ({ page, playwright, baseURL }) => {
  await login(page, 'editor');
  await openMenuGroup(page, 'Administración');
  const me = await (await page.request.get('/api/auth/me')).json();

  const admin = await playwright.request.newContext({ baseURL });
  await apiLogin(admin, 'admin', ADMIN_PASSWORD);
  const res = await admin.delete(`/api/admin/users/${me.UsuarioID}/sessions`, { headers: { 'X-Requested-With': 'vigia' } });
  expect(res.status()).toBe(204);
  await admin.dispose();

  // The next call answers 401: the click's, or one the page was still making, whichever goes first.
  await expect(async () => {
    if (!new URL(page.url()).pathname.startsWith('/login')) await page.getByRole('menuitem', { name: /Fábricas/ }).click({ timeout: 2000 });
    await expect(page).toHaveURL(/\/login/, { timeout: 2000 });
  }).toPass();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
});

// TREE-012: on small screens a menu button opens the side-bar.
test('on a small screen the menu button opens the side-bar', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 800 });
  await login(page, 'editor');
  await expect(page.getByRole('menu', { name: 'Navegación principal' })).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('menu', { name: 'Navegación principal' })).toBeVisible();
  await settle(page);
  await documentShot(page, `shell-small-es.png`);
  await menuEntry(page, 'Administración', /Fábricas/);
  await expect(page).toHaveURL(/\/admin\/factories/);
  await expect(page.getByRole('menu', { name: 'Navegación principal' })).toBeHidden();
});
