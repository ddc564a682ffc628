import { expect, test } from './fixtures';
import { documentShot, login, logout, menuEntry, settle } from './helpers';
import { dropdown, openNode, save, toast } from './tree';

// Issue 19 item 7: a change made a moment ago is in the audit log with its before and after
// values side by side, and in the history of the machine it changed.
test('the audit log shows an edit with its before and after values, and the machine its history', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-102');
  await page.getByLabel('Nombre').fill('Bomba P-102 revisada');
  await save(page);
  // MSG-014
  await expect(toast(page)).toHaveText('La máquina se ha guardado correctamente.');

  await logout(page);
  await login(page, 'admin');
  await menuEntry(page, 'Administración', 'Registro de cambios');
  await expect(page).toHaveURL(/\/admin\/audit$/);
  // At 1280 px the log keeps within its card, every column in sight, long names and paths wrapped.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.locator('.audit-log tbody tr.ant-table-row').first()).toBeVisible();
  await expect
    .poll(async () => (await page.locator('.audit-log table').boundingBox())!.width - (await page.locator('.ant-card-body').boundingBox())!.width)
    .toBeLessThanOrEqual(0);
  await expect(page.getByRole('columnheader', { name: 'Ruta' })).toBeInViewport({ ratio: 1 });

  // Filtered by what it changed, named in words, the edit is the newest row: who, on what, and its values.
  const kind = page.getByLabel('Tipo', { exact: true });
  await kind.click();
  await kind.fill('Máq');
  await dropdown(page).getByTitle('Máquina', { exact: true }).click();
  const rows = page.locator('.audit-log tbody tr.ant-table-row');
  await expect.poll(async () => new Set(await rows.locator('td:nth-child(5)').allInnerTexts())).toEqual(new Set(['Máquina']));
  const row = rows.first();
  // In words, not the operation's id: a modification of a machine, by its name, by the call that made it.
  await expect(row.getByRole('cell').nth(4)).toHaveText('Máquina');
  await expect(row.getByRole('cell').nth(5)).toHaveText('Modificación Máquina Bomba P-102 revisada');
  await expect(row).toContainText('PUT /api/user/');
  await expect(row).toContainText('editor');
  await row.click();
  const changed = page.locator('.audit-diff tr.audit-changed', { hasText: 'NombreEs' });
  await expect(changed.locator('td').nth(1)).toHaveText('Bomba P-102');
  await expect(changed.locator('td').nth(2)).toHaveText('Bomba P-102 revisada');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await settle(page);
  await documentShot(page, 'audit-es.png');
  // The fields the edit did not touch are a click away, not highlighted.
  const untouched = page.locator('.audit-diff tr:not(.audit-changed)', { hasText: 'Kw' });
  await expect(untouched).toHaveCount(0);
  await page.getByRole('checkbox', { name: /^Solo los campos cambiados \(2 de \d+\)$/ }).uncheck();
  await expect(untouched.first()).toBeVisible();

  // The machine's editor opens its own history, with the same edit.
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-102 revisada');
  await page.getByRole('button', { name: 'Registro de cambios' }).click();
  const drawer = page.getByRole('dialog', { name: 'Registro de cambios de Bomba P-102 revisada' });
  const entry = drawer.locator('tbody tr.ant-table-row', { hasText: 'Modificación Máquina' });
  await expect(entry).toBeVisible();
  // A machine's history says what changed, not through which call.
  await expect(drawer.getByRole('columnheader', { name: 'Ruta' })).toHaveCount(0);
  await entry.click();
  await expect(drawer.locator('.audit-diff tr.audit-changed', { hasText: 'NombreEs' })).toContainText('Bomba P-102 revisada');
});
