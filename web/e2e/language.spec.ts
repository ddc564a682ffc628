import { expect, test } from './fixtures';
import { documentShot, chooseLanguage, login } from './helpers';

// I18N-002, I18N-003: English and French are available; the choice follows the user.
test('switch to English and French and back to Spanish', async ({ page }) => {
  await login(page, 'editor');
  await chooseLanguage(page, /Idioma/, 'English');
  await expect(page.getByRole('heading', { name: /Elena Editora/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Home/ })).toBeVisible();
  await documentShot(page, `shell-en.png`);

  // Remembered on the server: a reload keeps English.
  await page.reload();
  await expect(page.getByRole('menuitem', { name: /Home/ })).toBeVisible();

  await chooseLanguage(page, /Language/, 'Français');
  await expect(page.getByRole('menuitem', { name: /Accueil/ })).toBeVisible();
  await documentShot(page, `shell-fr.png`);

  await chooseLanguage(page, /Langue/, 'Español');
  await expect(page.getByRole('menuitem', { name: /Inicio/ })).toBeVisible();
});

test('the login page speaks English when chosen', async ({ page }) => {
  await page.goto('/login');
  await chooseLanguage(page, /Idioma/, 'English');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await documentShot(page, `login-en.png`);
  await chooseLanguage(page, /Language/, 'Español');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
});
