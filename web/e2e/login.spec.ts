import { expect, test } from './fixtures';
import { PASSWORD, documentShot, login, logout } from './helpers';

test('wrong password shows an error and stays on the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Usuario').fill('editor');
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toContainText('Usuario o contraseña incorrectos.');
  await expect(page).toHaveURL(/\/login/);
  await documentShot(page, `login-error-es.png`);
});

test('empty fields are highlighted and the first one is focused', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Introduzca su usuario.')).toBeVisible();
  await expect(page.getByLabel('Usuario')).toBeFocused();
});

// I18N-001: the interface is Spanish first.
test('the editor signs in to the Spanish shell', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Configuración de monitorización de vibraciones')).toBeVisible();
  await documentShot(page, `login-es.png`);
  await login(page, 'editor', PASSWORD);
  await expect(page.getByRole('heading', { name: /Le damos la bienvenida, Elena Editora/ })).toBeVisible();
  await expect(page.getByRole('menu', { name: 'Navegación principal' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Fábrica' })).toBeVisible();
});

test('logout returns to the login page and the session is gone', async ({ page }) => {
  await login(page, 'editor');
  await logout(page);
  await page.goto('/admin/factories');
  await expect(page).toHaveURL(/\/login/);
});
