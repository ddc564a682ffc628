import { expect, separatePage, test } from './fixtures';
import { PASSWORD, documentShot, login, menuEntry, settle } from './helpers';
import { optionsOf } from './tree';

const ENDED = 'Su sesión ha terminado. Inicie sesión de nuevo para continuar.';

test('the read-only user sees no edit actions and the server refuses edits', async ({ page }) => {
  await login(page, 'lector');
  await menuEntry(page, 'Administración', /Fábricas/);
  await expect(page.getByRole('cell', { name: 'Planta Demo', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nueva fábrica' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Editar/ })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: /Usuarios/ })).toHaveCount(0);
  await documentShot(page, `factories-readonly-es.png`);

  const create = await page.request.post('/api/admin/factories', { data: { Nombre: 'X' }, headers: { 'X-Requested-With': 'vigia' } });
  expect(create.status()).toBe(403);

  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/error/);
  await expect(page.getByText('No tiene permisos para acceder a esta página.')).toBeVisible();
});

test('the administrator creates and renames a factory, with invalid input refused', async ({ page }) => {
  await login(page, 'admin');
  await menuEntry(page, 'Administración', /Fábricas/);
  await expect(page.getByRole('cell', { name: 'Planta Demo', exact: true })).toBeVisible();
  // The template workspace goes by the name it has in the factory menu.
  await expect(page.getByRole('cell', { name: 'Plantillas (máquinas y componentes tipo)', exact: true })).toBeVisible();
  await settle(page);
  await documentShot(page, `factories-es.png`);
  await page.getByRole('button', { name: 'Nueva fábrica' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Este campo es obligatorio.')).toBeVisible();
  await expect(dialog.getByLabel('Nombre')).toBeFocused();

  // The server's duplicate-name refusal shows on the field.
  await dialog.getByLabel('Nombre').fill('Planta Demo');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Ya existe un elemento con ese valor.')).toBeVisible();

  await dialog.getByLabel('Nombre').fill('Planta Sur');
  await dialog.getByLabel('Referencia').fill('SUR-01');
  await documentShot(page, `factory-form-es.png`);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Planta Sur', exact: true })).toBeVisible();

  await page.getByRole('row', { name: /Planta Sur/ }).getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('dialog').getByLabel('Nombre').fill('Planta Sur 2');
  await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('cell', { name: 'Planta Sur 2', exact: true })).toBeVisible();
});

test('the administrator creates a user who can then sign in, and disables them', async ({ page, browser }) => {
  await login(page, 'admin');
  await menuEntry(page, 'Administración', /Usuarios/);
  await expect(page.getByRole('cell', { name: 'editor', exact: true })).toBeVisible();
  await settle(page);
  await documentShot(page, `users-es.png`);
  // In a narrow window the list wraps its cells (the factories) within its card rather than
  // running past its edge, its actions in reach.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect
    .poll(async () => (await page.locator('.ant-table-content > table').boundingBox())!.width - (await page.locator('.ant-card-body').boundingBox())!.width)
    .toBeLessThanOrEqual(0);
  await expect(page.getByRole('row', { name: /editor/ }).getByRole('button', { name: 'Cerrar sesiones' })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize(size);
  // An administrator reaches every factory: its row and its form say so, an editor's do not.
  const adminRow = page.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await expect(adminRow.locator('td').nth(3)).toHaveText('Todas');
  await expect(page.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: 'editor', exact: true }) }).locator('td').nth(3).locator('.ant-tag')).toHaveText(['Planta Demo', 'Planta Norte']);
  await adminRow.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('dialog').getByText('Un administrador llega a todas las fábricas.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Usuario').fill('tecnico');
  await dialog.getByLabel('Nombre').fill('Tomás Técnico');
  await dialog.getByLabel('Contraseña').fill(PASSWORD);
  // Factories only: the template workspace is not given to users.
  const factories = await optionsOf(page, 'Fábricas');
  expect(factories).toContain('Planta Demo');
  expect(factories).not.toContain('Plantillas');
  // Roles go by their names, never by their codes; read-only is one of them.
  expect(await optionsOf(page, 'Tipos')).toEqual(['Administrador', 'Editor', 'Solo lectura']);
  await dialog.getByLabel('Tipos').fill('Editor');
  await dialog.getByLabel('Tipos').press('Enter');
  await expect(dialog.locator('.ant-select-selection-item')).toHaveText(['Editor']);
  await expect(dialog.getByText('Un administrador llega a todas las fábricas.')).toHaveCount(0);
  await dialog.getByLabel('Fábricas').fill('Planta Demo');
  await dialog.getByLabel('Fábricas').press('Enter');
  await dialog.getByLabel('Usuario').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await settle(page);
  await documentShot(page, `user-form-es.png`);
  // A user name typed at every sign-in: the form says which characters it cannot have.
  await dialog.getByLabel('Usuario').fill('tecnico uno');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El usuario no puede contener espacios, «/», «\\» ni caracteres invisibles.')).toBeVisible();
  await dialog.getByLabel('Usuario').fill('tecnico');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'tecnico', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /tecnico/ }).locator('.ant-tag').first()).toHaveText('Editor');

  const other = await separatePage(browser);
  await login(other, 'tecnico', PASSWORD);
  await expect(other.getByRole('heading', { name: /Tomás Técnico/ })).toBeVisible();

  // 'Cerrar sesiones' asks first, then signs the user out everywhere.
  await page.getByRole('row', { name: /tecnico/ }).getByRole('button', { name: 'Cerrar sesiones' }).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText('¿Cerrar todas las sesiones de tecnico?');
  await confirm.getByRole('button', { name: 'Cerrar sesiones' }).click();
  await expect(page.getByText('Se han cerrado las sesiones de tecnico.')).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  // A page loaded without a session has nothing ended to tell.
  await expect(other.getByText(ENDED)).toHaveCount(0);
  await login(other, 'tecnico', PASSWORD);

  // Disabling ends the new user's session.
  await page.getByRole('row', { name: /tecnico/ }).getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('dialog').getByRole('switch', { name: 'Activo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await menuEntry(other, 'Administración', /Fábricas/);
  await expect(other).toHaveURL(/\/login/);
  // The session ended under the user, who is told so.
  await expect(other.getByRole('status')).toHaveText(ENDED);
  await other.close();
});
