import { expect, test, type Locator, type Page } from './fixtures';
import { documentShot, login, pickNode, settle } from './helpers';
import { chooseNode, toast, treeItem } from './tree';

// Demo data: KOS Sensors KS-0001..KS-0012 behind gateway KG-0002 'Concentrador Centro Sur' of
// 'Planta Demo'; KS-0011 has order number 0, KS-0012 is installed on no point.

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const row = (page: Page, serial: string) => rows(page).filter({ has: page.getByRole('cell', { name: serial, exact: true }) });

/** Opens the MEMS section from the side-bar's menu and waits for its first page. */
async function openMems(page: Page) {
  await page.getByRole('menuitem', { name: 'KOS Sensor' }).click();
  await expect(page).toHaveURL(/\/mems$/);
  await expect(page.getByText('Sensores KOS Sensor')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
}

/** The modal open now, once its opening animation has ended (a click during it can be lost). */
function openDialog(page: Page): Locator {
  return page.locator('.ant-modal[role="dialog"]:not([class*="-appear"]):not([class*="-enter"])');
}

/** Edits a sensor of the list through its 'Editar' dialog and saves. */
async function editSensor(page: Page, serial: string, change: (dialog: Locator) => Promise<unknown>) {
  await row(page, serial).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(openDialog(page)).toBeVisible();
  await change(dialog);
  await page.keyboard.press('Tab');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
}

async function filterSerial(page: Page, text: string) {
  await page.getByRole('search', { name: 'Filtro de sensores' }).getByLabel('Número de serie').fill(text);
}

test('AUTH-005: a read-only user has no MEMS entry and is sent from /mems to /error', async ({ page }) => {
  await login(page, 'lector');
  await expect(page.getByRole('menuitem', { name: 'KOS Sensor' })).toHaveCount(0);
  await page.goto('/mems');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByText('No tiene permisos para acceder a esta página.')).toBeVisible();
});

test('the administrator sees every sensor and edits the serial number and gateway too', async ({ page }) => {
  await login(page, 'admin');
  // Tall enough for the whole first page and its paging.
  await page.setViewportSize({ width: 1280, height: 1080 });
  await openMems(page);
  await settle(page);
  await documentShot(page, `mems-es.png`);

  await row(page, 'KS-0001').getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Número de serie')).toHaveValue('KS-0001');
  await expect(dialog.getByLabel('Concentrador')).toBeVisible();
  await documentShot(page, `mems-edit-es.png`);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  await row(page, 'KS-0001').getByRole('button', { name: 'Asignar' }).click();
  // ADMIN chooses among the whole admin tree, shown in place above the modal's buttons.
  const tree = page.getByRole('dialog').getByRole('tree', { name: 'Asignado a' });
  await expect(tree).toContainText('Distribuciones Iberia');
  await expect(page.getByRole('dialog')).toContainText('Elegido:Planta Demo › Centro Sur');
  await expect(page.getByRole('dialog')).toContainText('Sin elección, el sensor queda sin asignar.');
  await settle(page);
  await documentShot(page, `mems-assign-es.png`);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
});

test('in an 800 px window a serial reads on one line and every action of a row stays in view', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await login(page, 'editor');
  await page.goto('/mems');
  await expect(rows(page)).toHaveCount(10);
  const serial = row(page, 'KS-0001').getByRole('cell', { name: 'KS-0001', exact: true });
  const lineHeight = await serial.evaluate((c) => parseFloat(getComputedStyle(c).lineHeight));
  const box = await serial.evaluate((c) => {
    const r = document.createRange();
    r.selectNodeContents(c);
    return r.getBoundingClientRect().height;
  });
  expect(box).toBeLessThan(lineHeight * 1.5);
  for (const action of ['Editar', 'Asignar', 'Verificar', 'Historial']) {
    await expect(row(page, 'KS-0001').getByRole('button', { name: action })).toBeInViewport({ ratio: 1 });
  }
});

test('the editor filters, pages, edits a sensor and verifies one', async ({ page }) => {
  await login(page, 'editor');
  await openMems(page);
  await expect(page.getByText('1–10 de 12')).toBeVisible();
  await expect(row(page, 'KS-0001').getByRole('cell', { name: 'KG-0002 Concentrador Centro Sur' })).toBeVisible();

  // EQP-029: the second page holds the last two sensors.
  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(row(page, 'KS-0012')).toBeVisible();
  await expect(page.getByText('11–12 de 12')).toBeVisible();

  // EQP-030: the filter goes back to the first page and counts what it leaves.
  await filterSerial(page, 'KS-001');
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByText('1–3 de 3')).toBeVisible();
  await expect(row(page, 'KS-0011').getByRole('cell', { name: '0', exact: true })).toBeVisible();

  // EQP-037: U_EDITOR edits alias, order and mode, not the serial number or the gateway.
  await row(page, 'KS-0011').getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Número de serie')).toHaveCount(0);
  await expect(dialog.getByLabel('Concentrador')).toHaveCount(0);
  await dialog.getByLabel('Alias').fill('Sensor e2e');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page).filter({ hasText: 'Sensor guardado correctamente.' })).toBeVisible();
  await expect(row(page, 'KS-0011')).toContainText('Sensor e2e');

  await page.reload();
  await expect(rows(page)).toHaveCount(10);
  await filterSerial(page, 'KS-0011');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'KS-0011')).toContainText('Sensor e2e');

  // EQP-042: the check answers in a dialog.
  await row(page, 'KS-0011').getByRole('button', { name: 'Verificar' }).click();
  const result = page.locator('.ant-modal-confirm');
  await expect(result).toContainText('El sensor KS-0011 · Sensor e2e está verificado.');
  await result.getByRole('button', { name: 'Cerrar' }).click();
  await expect(result).toBeHidden();

  // Without an order number the sensor is not ready, and the dialog says why.
  await editSensor(page, 'KS-0011', async (dialog) => dialog.getByLabel('Número de orden').clear());
  await row(page, 'KS-0011').getByRole('button', { name: 'Verificar' }).click();
  await expect(result).toContainText('El sensor KS-0011 · Sensor e2e no está listo:');
  await expect(result).toContainText('El sensor no tiene número de orden.');
  await settle(page);
  await documentShot(page, `mems-verify-es.png`);
  await result.getByRole('button', { name: 'Cerrar' }).click();
  await expect(result).toBeHidden();

  // The demo sensor is put back as it was.
  await editSensor(page, 'KS-0011', async (dialog) => {
    await dialog.getByLabel('Alias').clear();
    await dialog.getByLabel('Número de orden').fill('0');
  });
  await expect(row(page, 'KS-0011').getByRole('cell', { name: '0', exact: true })).toBeVisible();
});

/** Assigns a sensor of the list to the node `name` through its 'Asignar' dialog. */
async function assignSensor(page: Page, serial: string, name: string) {
  await row(page, serial).getByRole('button', { name: 'Asignar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(openDialog(page)).toBeVisible();
  await pickNode(dialog, 'Asignado a', 'Planta Demo', name);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
}

test('EQP-038: the editor moves a spare sensor between the sites of the factory, not an installed one', async ({ page }) => {
  await login(page, 'editor');
  await openMems(page);
  await filterSerial(page, 'KS-0012');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'KS-0012')).toContainText('Planta Demo › Centro Sur');

  await assignSensor(page, 'KS-0012', 'Centro Norte');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(toast(page).filter({ hasText: 'Sensor asignado correctamente.' })).toBeVisible();
  await expect(row(page, 'KS-0012')).toContainText('Planta Demo › Centro Norte');

  // A sensor installed on a machine of Centro Sur stays there.
  await filterSerial(page, 'KS-0001');
  await assignSensor(page, 'KS-0001', 'Centro Norte');
  await expect(page.getByText('Está en uso por «Molino M-401».')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(row(page, 'KS-0001')).toContainText('Planta Demo › Centro Sur');

  // The demo sensor is put back as it was.
  await filterSerial(page, 'KS-0012');
  await assignSensor(page, 'KS-0012', 'Centro Sur');
  await expect(row(page, 'KS-0012')).toContainText('Planta Demo › Centro Sur');
});

test('TREE-011: from the MEMS section the side-bar opens machines, components and points only', async ({ page }) => {
  await login(page, 'editor');
  await openMems(page);
  await chooseNode(page, 'Centro Norte');
  await expect(treeItem(page, 'Centro Norte')).toHaveAttribute('aria-expanded', 'true');
  await chooseNode(page, 'Bombeo');
  await expect(treeItem(page, 'Bombeo')).toHaveAttribute('aria-expanded', 'true');
  await expect(page).toHaveURL(/\/mems$/);
  await chooseNode(page, 'Bomba P-101');
  await expect(page).toHaveURL(/\/editor\/machine\?site=\d+&area=\d+&machine=\d+$/);
  await expect(page.getByRole('heading', { name: 'Bomba P-101', exact: true })).toBeVisible();
});
