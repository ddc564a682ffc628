import { expect, test, type Page } from './fixtures';
import { documentShot, settle } from './helpers';
import { action, choose, chooseNode, expandNode, formItem, menuItem, openNodeAs, optionsOf, shownToasts, toast, treeItem } from './tree';

// The machine's VCO/VCOVs (S3 §2.10): the 'Asociar VCO' modal on the machine editor, the group
// 'VCO/V de máquina' in the side-bar and the page of each associated VCO. Uses Bomba P-102,
// whose alert device KA10-0002 has channels 1–9 wired to its points, and Bomba P-103, which has
// no alert device; the demo has put the VCOs of their criterion (the tachometer) on both. The
// tests run in order: the last reads what the one before it stored.

test.describe.configure({ mode: 'serial' });

const MACHINE = ['Centro Norte', 'Bombeo', 'Bomba P-102'];
const DEVICE = 'KOS Alert 10: KA10-0002 · Bomba P-102';
const TACHO = 'Velocidad (tacómetro) (descarga)';
const LOAD = 'Carga (4-20 mA) (descarga)';
const SPECTRUM = 'Velocidad 1x del espectro (descarga)';
const ENTERED = 'Velocidad introducida (descarga)';

/** Chooses `name` in the modal's tree titled `list` and associates it. */
async function associate(page: Page, list: string, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Asociar VCO' });
  await dialog.getByRole('region', { name: list, exact: true }).getByText(name, { exact: true }).click();
  await dialog.getByRole('button', { name: /Asociar$/ }).click();
}

/** Associates the factory's VCO/VCOV `name` to the machine open through the API, as another user would. */
async function associateBehind(page: Page, name: string) {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { Fabricas: { UsuFabricaID: number }[] };
  const factory = me.Fabricas[0].UsuFabricaID;
  const vcos = (await (await page.request.get(`/api/user/${factory}/vco_v`)).json()) as { UsuVco_vID: number; NombreEs: string }[];
  const vco = vcos.find((v) => v.NombreEs === name)?.UsuVco_vID;
  const machine = new URL(page.url()).searchParams.get('machine');
  const res = await page.request.post(`/api/user/${factory}/machineocv/machine/${machine}/ocv/${vco}`, { headers: { 'X-Requested-With': 'vigia' } });
  expect(res.ok()).toBe(true);
}

/** Opens the page of the machine's VCO `name` from the side-bar. */
async function openVco(page: Page, name: string) {
  await chooseNode(page, name);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

// VCO-001..VCO-009, VCO-012, VCO-015..VCO-018, MACH-004.
test('an editor associates VCOs, assigns their channels, sets their states and dissociates one', async ({ page }) => {
  await openNodeAs(page, 'editor', MACHINE, { width: 1280, height: 1000 });

  // MACH-004, VCO-003, VCO-004: the modal's trees of VCOs, VCOVs and the associated ones.
  await menuItem(page, 'Asignar', 'Asociar VCO');
  const dialog = page.getByRole('dialog', { name: 'Asociar VCO' });
  await expect(dialog).toBeVisible();
  const region = (name: string) => dialog.getByRole('region', { name, exact: true });
  await expect(region('VCO').getByText(TACHO, { exact: true })).toBeVisible();
  await expect(region('VCO').getByText(LOAD, { exact: true })).toBeVisible();
  await expect(region('VCOV').getByText(SPECTRUM, { exact: true })).toBeVisible();
  await expect(region('VCOV').getByText(ENTERED, { exact: true })).toBeVisible();
  await expect(region('VCO').getByText(SPECTRUM, { exact: true })).toHaveCount(0);
  await expect(region('Asociados a la máquina').getByText(TACHO, { exact: true })).toBeVisible();

  // VCO-005: nothing chosen.
  await dialog.getByRole('button', { name: /Asociar$/ }).click();
  // MSG-064
  await expect(toast(page)).toHaveText('Debe seleccionar un VCO.');

  // VCO-006: associated, the modal's list and the side-bar show it.
  await associate(page, 'VCO', LOAD);
  // MSG-008
  await expect(toast(page)).toHaveText('Elemento asociado correctamente.');
  await expect(region('Asociados a la máquina').getByText(LOAD, { exact: true })).toBeVisible();
  await expect(treeItem(page, 'VCO/V de máquina')).toHaveAttribute('aria-expanded', 'true');
  await expect(treeItem(page, LOAD)).toBeVisible();
  await expect(treeItem(page, TACHO)).toBeVisible();

  // An associated VCO is shown, marked and disabled: clicking it chooses nothing.
  const node = (list: string, name: string) => region(list).locator('.ant-tree-treenode').filter({ hasText: name });
  await expect(node('VCO', TACHO)).toHaveClass(/ant-tree-treenode-disabled/);
  await expect(node('VCO', LOAD)).toHaveClass(/ant-tree-treenode-disabled/);
  await expect(node('VCOV', SPECTRUM)).not.toHaveClass(/ant-tree-treenode-disabled/);
  await associate(page, 'VCO', TACHO);
  await expect(toast(page)).toHaveText('Debe seleccionar un VCO.');

  // VCO-007: another user associates the spectrum's VCOV after the modal read its lists; the
  // server refuses it here, and MSG-005 (a VCO's half) puts its code and message after 'No se
  // ha podido asociar el elemento.'. The lists then show it associated.
  await associateBehind(page, SPECTRUM);
  await associate(page, 'VCOV', SPECTRUM);
  await expect(toast(page)).toContainText('No se ha podido asociar el elemento.');
  await expect(toast(page)).toContainText('already_linked: El elemento ya está asociado.');
  await expect(region('Asociados a la máquina').getByText(SPECTRUM, { exact: true })).toBeVisible();
  await expect(node('VCOV', SPECTRUM)).toHaveClass(/ant-tree-treenode-disabled/);
  await expect(treeItem(page, SPECTRUM)).toBeVisible();
  await settle(page);
  await documentShot(page, `machine-vco-modal-es.png`);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toHaveCount(0);

  // The page of a VCO opens from the side-bar, selected there.
  await openVco(page, TACHO);
  await expect(page).toHaveURL(/\/editor\/machine-vco\?site=\d+&area=\d+&machine=\d+&vco=\d+$/);
  // VCO-001: the page 'VCO/V de máquina', the only one of its wrapper: no tab bar over it.
  await expect(page.locator('.ant-card-head').getByText('VCO/V de máquina', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(treeItem(page, TACHO)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Factor de conversión')).toBeVisible();
  // The factor reads with the decimal comma, as every decimal of the Spanish UI.
  await expect(page.locator('.ant-descriptions')).toContainText(/Factor de conversión\d+,\d{4}/);

  // VCO-016, VCO-018: a tachometer's channel is 11, and only 11, on the machine's alert device.
  await expect(page.locator('.ant-descriptions')).toContainText(DEVICE);
  expect(await optionsOf(page, 'Canal')).toEqual(['11']);
  await expect(formItem(page, 'Canal')).toContainText('El canal 11 es el del tacómetro.');
  // The states are in the unit of what the VCO's sensor measures: a tachometer's rpm.
  await expect(formItem(page, 'Aviso').locator('.ant-input-suffix')).toHaveText('rpm');
  // On a wide screen each form's button is beside its fields, level with them, not at the far
  // end of the card.
  await page.setViewportSize({ width: 1920, height: 1080 });
  for (const [field, button] of [
    ['Canal', 'Asignar canal'],
    ['Peligro', 'Actualizar estados'],
  ]) {
    const input = (await formItem(page, field).locator('.ant-form-item-control-input').boundingBox())!;
    const at = (await page.getByRole('button', { name: button }).boundingBox())!;
    expect(at.x - (input.x + input.width)).toBeLessThan(48);
    expect(Math.abs(at.y + at.height / 2 - (input.y + input.height / 2))).toBeLessThan(4);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Asignar canal' }).click();
  await expect(toast(page)).toHaveText('Canal asignado correctamente.');

  // VCO-015: other VCOs take channels 1 to 10; a channel wired to a point is refused.
  await openVco(page, LOAD);
  // The load transmitter measures a percentage.
  for (const state of ['Aviso', 'Alarma', 'Peligro']) await expect(formItem(page, state).locator('.ant-input-suffix')).toHaveText('%');
  expect(await optionsOf(page, 'Canal')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  await choose(page, 'Canal', '3');
  await page.getByRole('button', { name: 'Asignar canal' }).click();
  await expect(formItem(page, 'Canal')).toContainText('El canal 3 ya está asignado en el equipo.');
  await choose(page, 'Canal', '10');
  await page.getByRole('button', { name: 'Asignar canal' }).click();
  await expect(toast(page)).toHaveText('Canal asignado correctamente.');

  // VCO-012, VCO-018: each state value within ±99999999; their position (99, a constant the
  // request carries) is not shown.
  await expect(page.getByLabel('Posición')).toHaveCount(0);
  await page.getByLabel('Aviso', { exact: true }).fill('100000000');
  await page.getByLabel('Alarma', { exact: true }).fill('20');
  await page.getByLabel('Peligro', { exact: true }).fill('30,125');
  await page.getByRole('button', { name: 'Actualizar estados' }).click();
  await expect(formItem(page, 'Aviso')).toContainText('Valor no válido. Rango [-99999999; 99999999].');
  await expect(formItem(page, 'Aviso')).toHaveClass(/ant-form-item-has-error/);
  await expect(page.getByLabel('Aviso', { exact: true })).toBeFocused();
  await page.getByLabel('Aviso', { exact: true }).fill('-10,5');
  await page.getByRole('button', { name: 'Actualizar estados' }).click();
  // MSG-067
  await expect(toast(page)).toHaveText('Valores de estados actualizados correctamente.');
  // The stored values come back (three decimals).
  await expect(page.getByLabel('Aviso', { exact: true })).toHaveValue('-10,500');
  await expect(page.getByLabel('Peligro', { exact: true })).toHaveValue('30,125');
  // A load's states as a plant sets them, for the shot.
  for (const [state, value] of [['Aviso', '80'], ['Alarma', '90'], ['Peligro', '100']]) await page.getByLabel(state, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Actualizar estados' }).click();
  await expect(page.getByLabel('Alarma', { exact: true })).toHaveValue('90,000');
  await expect(shownToasts(page)).toHaveCount(0);
  await settle(page);
  await documentShot(page, `machine-vco-es.png`);
  // MSG-066: an update the server refuses says so. (The client checks the bounds the server
  // does, so the refusal is made at the network.)
  await page.route(/\/machineocv\/machine\/\d+\/ocv\/\d+$/, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, json: { errors: [{ code: 'refused', message: 'Rechazado.' }] } })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Actualizar estados' }).click();
  await expect(toast(page).filter({ hasText: 'No se ha podido actualizar estados.' })).toBeVisible();
  await page.unrouteAll();

  // VCO-018: a channel of the device that another VCO holds is refused.
  await openVco(page, SPECTRUM);
  await choose(page, 'Canal', '10');
  await page.getByRole('button', { name: 'Asignar canal' }).click();
  // MSG-065
  await expect(toast(page)).toContainText('No se ha podido asignar el canal.');
  await expect(formItem(page, 'Canal')).toContainText('El canal 10 ya está asignado en el equipo.');

  // After a reload the page shows what was stored; the refused channel, left unsaved, asks first.
  await chooseNode(page, LOAD);
  await page.getByRole('dialog').filter({ hasText: '¿Salir sin guardar?' }).getByRole('button', { name: 'Salir sin guardar' }).click();
  await expect(page.getByRole('heading', { name: LOAD, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: LOAD, exact: true })).toBeVisible();
  await expect(page.locator('.ant-descriptions')).toContainText(DEVICE);
  await expect(formItem(page, 'Canal')).toContainText('10');
  await expect(page.getByLabel('Alarma', { exact: true })).toHaveValue('90,000');
  await expect(treeItem(page, LOAD)).toHaveAttribute('aria-selected', 'true');

  // API-152: the VCO leaves its channel, which another VCO then takes.
  await page.getByRole('button', { name: 'Liberar el canal' }).click();
  await expect(toast(page)).toHaveText('Canal liberado correctamente.');
  await expect(page.getByRole('button', { name: 'Liberar el canal' })).toHaveCount(0);
  await expect(formItem(page, 'Canal')).not.toContainText('10');
  await openVco(page, SPECTRUM);
  await choose(page, 'Canal', '10');
  await page.getByRole('button', { name: 'Asignar canal' }).click();
  await expect(toast(page)).toHaveText('Canal asignado correctamente.');

  // VCO-001, VCO-002, VCO-008, VCO-009: dissociation asks first, then goes to the machine.
  await openVco(page, SPECTRUM);
  await action(page, 'Desasociar VCO');
  const pop = page.locator('.ant-popconfirm').filter({ hasText: '¿Está seguro de querer desasociar el elemento?' });
  await expect(pop).toBeVisible();
  await pop.getByRole('button', { name: 'Desasociar' }).click();
  await expect(toast(page)).toHaveText('Elemento desasociado correctamente.');
  await expect(page.getByRole('heading', { name: 'Bomba P-102', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/machine\?/);
  await expect(treeItem(page, 'Bomba P-102')).toHaveAttribute('aria-selected', 'true');
  await expect(treeItem(page, SPECTRUM)).toHaveCount(0);
  await expect(treeItem(page, LOAD)).toBeVisible();
});

// Reads what the test above stored.
test('a read-only user sees the VCO page without actions', async ({ page }) => {
  await openNodeAs(page, 'lector', MACHINE);
  await expect(page.getByRole('button', { name: 'Asignar', exact: true })).toHaveCount(0);
  await expandNode(page, 'VCO/V de máquina');
  await openVco(page, LOAD);
  await expect(page.getByText('Solo lectura: su usuario no puede modificar la fábrica.')).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Acciones' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Asignar canal' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Actualizar estados' })).toHaveCount(0);
  await expect(page.locator('.ant-descriptions')).toContainText(DEVICE);
  await expect(page.getByLabel('Canal')).toBeDisabled();
  await expect(page.getByLabel('Aviso', { exact: true })).toHaveValue('80,000');
  await expect(page.getByLabel('Aviso', { exact: true })).toBeDisabled();
});

// VCO-015: the channel is one of the machine's alert device; without one there is none to choose.
test('a machine without an alert device offers no channel', async ({ page }) => {
  await openNodeAs(page, 'editor', ['Centro Norte', 'Bombeo', 'Bomba P-103']);
  await menuItem(page, 'Asignar', 'Asociar VCO');
  await associate(page, 'VCO', LOAD);
  await expect(toast(page)).toHaveText('Elemento asociado correctamente.');
  await page.getByRole('dialog', { name: 'Asociar VCO' }).locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
  await openVco(page, LOAD);
  await expect(page.getByText('La máquina no tiene KOS Alert 10 ni KOS Alert 10 G asignado', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Asignar canal' })).toHaveCount(0);
  await expect(page.getByLabel('Canal')).toHaveCount(0);
  // The states do not need the device.
  await expect(page.getByRole('button', { name: 'Actualizar estados' })).toBeVisible();
});
