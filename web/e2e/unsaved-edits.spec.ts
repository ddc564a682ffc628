import { expect, test } from './fixtures';
import { ADMIN_PASSWORD, apiLogin, documentShot, login, settle } from './helpers';
import { chooseNode, expandNode, openNode, save, toast } from './tree';

// Values typed in an editor and not saved are not lost unasked: leaving the screen asks first.

test('leaving an editor with values typed asks first; staying keeps them, leaving drops them, and a saved form leaves freely', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Sur', 'Molienda');
  const name = page.getByLabel('Nombre');
  await expect(name).toHaveValue('Molienda');
  await name.fill('Molienda fina');

  // Another node of the side-bar: the question, and staying keeps the typed value.
  await chooseNode(page, 'Refrigeración');
  const question = page.getByRole('dialog').filter({ hasText: '¿Salir sin guardar?' });
  await expect(question).toContainText('Los cambios de este formulario no se han guardado y se perderán.');
  await settle(page);
  await documentShot(page, 'leave-unsaved-es.png');
  await question.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(question).toHaveCount(0);
  await expect(name).toHaveValue('Molienda fina');
  await expect(page.getByRole('heading', { name: 'Molienda', exact: true })).toBeVisible();

  // Another tab of the node: leaving goes, and the typed value with it.
  await page.getByRole('tab', { name: 'Limpieza de datos' }).click();
  await question.getByRole('button', { name: 'Salir sin guardar' }).click();
  await expect(page.getByRole('tab', { name: 'Limpieza de datos' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Edición de área' }).click();
  await expect(name).toHaveValue('Molienda');

  // Saved, the form leaves without a question; closing the page with values typed asks the browser's.
  await name.fill('Molienda fina');
  await save(page);
  await expect(toast(page)).toHaveText('El área se ha guardado correctamente.');
  await chooseNode(page, 'Refrigeración');
  await expect(page.getByRole('heading', { name: 'Refrigeración', exact: true })).toBeVisible();
  await expect(question).toHaveCount(0);
  await page.getByLabel('Nombre').fill('Refrigeración norte');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('leaving a machine VCO with its states typed asks first, and goes once told to', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-103');
  await expandNode(page, 'VCO/V de máquina');
  await chooseNode(page, 'Velocidad (tacómetro) (descarga)');
  const warning = page.getByLabel('Aviso', { exact: true });
  await warning.fill('1500');

  await chooseNode(page, 'Bomba P-103');
  const question = page.getByRole('dialog').filter({ hasText: '¿Salir sin guardar?' });
  await question.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(warning).toHaveValue('1500');
  await chooseNode(page, 'Bomba P-103');
  await question.getByRole('button', { name: 'Salir sin guardar' }).click();
  await expect(page.getByRole('tab', { name: 'Edición de máquina' })).toHaveAttribute('aria-selected', 'true');
});

test('a session ended while values are typed goes to the sign-in page without asking, as staying could save nothing', async ({ page, playwright, baseURL }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo');
  await page.getByLabel('Nombre').fill('Bombeo norte');
  const me = (await (await page.request.get('/api/auth/me')).json()) as { UsuarioID: number };
  const admin = await playwright.request.newContext({ baseURL });
  await apiLogin(admin, 'admin', ADMIN_PASSWORD);
  expect((await admin.delete(`/api/admin/users/${me.UsuarioID}/sessions`, { headers: { 'X-Requested-With': 'vigia' } })).status()).toBe(204);
  await admin.dispose();

  await save(page);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('dialog').filter({ hasText: '¿Salir sin guardar?' })).toHaveCount(0);
});
