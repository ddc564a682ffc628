import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ADMIN_PASSWORD, apiLogin, documentShot, menuEntry, settle } from './helpers';
import { action, openNodeAs } from './tree';

// Sending a machine's configuration from its editor (MACH-050..058, MACH-066, MACH-067) and
// following its delivery while the machine's device fetches it and reports back.

const PUMP = ['Centro Norte', 'Bombeo', 'Bomba P-101'];
const SECTIONS = ['InitialCheck', 'MachineStatus', 'Equipment', 'Machine', 'Vcos', 'Measurements', 'References', 'FileCreation'];

/** The machine id of the editor's URL. */
function machineOf(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('machine'));
}

/** Gives the device of a kind and serial a new token, as an administrator would, and answers it. */
async function deviceToken(admin: APIRequestContext, kind: string, serial: string): Promise<string> {
  const list = (await (await admin.get(`/api/equipment/${kind}`)).json()) as { ID: number; NumeroSerie: string }[];
  const device = list.find((d) => d.NumeroSerie === serial);
  expect(device, serial).toBeDefined();
  const res = await admin.post(`/api/equipment/${device!.ID}/token`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { Token: string }).Token;
}

/** Sends the configuration with an action, seeing 'Esperando informe' while the server works, and answers the report. */
async function send(page: Page, label: string) {
  // The answer is held until the waiting modal has been seen: it would otherwise come first.
  let release: () => void = () => {};
  const seen = new Promise<void>((r) => (release = r));
  await page.route('**/configuration', async (route) => {
    if (route.request().method() === 'POST') await seen;
    await route.continue();
  });
  await action(page, label);
  await expect(page.getByRole('dialog', { name: 'Esperando informe' })).toBeVisible(); // MACH-052, MACH-053
  release();
  const report = page.getByRole('dialog', { name: 'Informe tras enviar configuración' }); // MACH-054
  await expect(report).toBeVisible();
  await page.unroute('**/configuration');
  return report;
}

// The demo's devices are played beside the server (vigia simulate, 60 times real time): the
// pump's KOS Alert 10 asks for its configuration every second and reports what it applied.
test.use({ serverEnv: { VIGIA_SIMULATE: '1' } });

// MACH-050, MACH-054, MACH-055, MACH-057.
test('the pump configuration goes to its device and back, as its delivery shows', async ({ page }) => {
  await openNodeAs(page, 'admin', PUMP, { width: 1440, height: 1000 });

  const report = await send(page, 'Monitorizar');
  await expect(report.getByText('Configuración publicada: versión 1.', { exact: false })).toBeVisible();
  await expect(report.locator('[data-section]')).toHaveCount(SECTIONS.length);
  for (const name of SECTIONS) await expect(report.locator(`[data-section="${name}"]`)).toHaveAttribute('data-ok', 'true');
  await settle(page);
  await documentShot(report, 'configuration-report-ok-es.png');
  await report.getByRole('button', { name: 'Aceptar' }).click();

  // The badge follows the device: it reads the delivery again every 5 seconds until the
  // version is applied (the device fetched it and reported every section OK).
  const badge = page.getByRole('button', { name: 'Entrega de la configuración' });
  await expect(badge).toContainText(/(Pendiente|Entregada|Aplicada) · v1/);
  await expect(badge).toContainText('Aplicada · v1', { timeout: 30_000 });
  await documentShot(page.locator('.ant-card-head').first(), 'configuration-badge-es.png');

  // The detail: the version with its steps and its download.
  await badge.click();
  const drawer = page.getByRole('dialog', { name: 'Entrega de la configuración' });
  await expect(drawer.getByText('KA10-0001')).toBeVisible();
  const row = drawer.locator('.ant-table-row').first();
  await expect(row).toContainText('Monitorizar');
  await expect(row).toContainText('Aplicada');
  // Each step has its time: published, delivered (fetched), reported.
  await expect(row.locator('td').filter({ hasText: /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/ })).toHaveCount(3);
  // The version's actions are in view, beside its three times on one line each.
  const downloadButton = row.getByRole('button', { name: 'Descargar (JSON)' });
  const [buttonBox, drawerBox] = [await downloadButton.boundingBox(), await drawer.boundingBox()];
  expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(drawerBox!.x + drawerBox!.width);
  const download = page.waitForEvent('download');
  await downloadButton.click();
  expect((await download).suggestedFilename()).toBe('Bomba P-101 v1.json');
  await page.mouse.move(0, 0);
  await settle(page);
  await documentShot(drawer, 'configuration-delivery-es.png');
  await drawer.getByRole('button', { name: 'Cerrar' }).click();

  // The equipment list and the home page say the same.
  await menuEntry(page, 'Administración', /Equipos/);
  await page.getByRole('tab', { name: 'KOS Alert 10', exact: true }).click();
  const listed = page.locator('.ant-table-row').filter({ hasText: 'KA10-0001' });
  await expect(listed.locator('[data-estado="applied"]')).toBeVisible();
  // A device on a machine without a configuration says so, as its machine's editor does.
  await expect(page.locator('.ant-table-row').filter({ hasText: 'KA10-0002' }).locator('[data-estado="none"]')).toHaveText('Sin configuración');
  await settle(page);
  await documentShot(page, 'configuration-equipment-es.png');
  // An empty cell reads '—' in every tab: here the alias of a KOS Alert 10 G that has none.
  await page.getByRole('tab', { name: 'KOS Alert 10 G', exact: true }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: 'KA10C-0001' }).locator('td').nth(1)).toHaveText('—');
  await page.goto('/');
  await expect(page.getByLabel('Configuración de los equipos')).toContainText('Aplicada');
  await settle(page);
  await documentShot(page, 'configuration-home-es.png');
});

// The badge shows each step of a delivery: here the test plays the fan's KOS Alert 10 G
// itself (its new token leaves the simulator's copy of that device without one), so that
// each step waits for the test. MACH-057: the alert device's report.
test('each step of a delivery shows on the badge: pending, delivered, applied', async ({ page, request, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'vigia' } });
  await apiLogin(admin, 'admin', ADMIN_PASSWORD);
  const device = { Authorization: `Bearer ${await deviceToken(admin, 'alert10c', 'KA10C-0001')}` };
  await admin.dispose();
  await openNodeAs(page, 'admin', ['Centro Norte', 'Ventilación', 'Ventilador V-201'], { width: 1440, height: 1000 });

  const report = await send(page, 'Monitorizar');
  for (const name of SECTIONS) await expect(report.locator(`[data-section="${name}"]`)).toHaveAttribute('data-ok', 'true');
  await report.getByRole('button', { name: 'Aceptar' }).click();
  const badge = page.getByRole('button', { name: 'Entrega de la configuración' });
  await expect(badge).toContainText('Pendiente · v1');

  // The badge reads the delivery again every 5 seconds while it moves.
  const moved = { timeout: 20_000 };
  const polled = await request.get('/api/device/KA10C-0001/config', { headers: device });
  expect(polled.status()).toBe(200);
  const config = (await polled.json()) as { Configuraciones: { Version: number; Hash: string; Documento: { Familia: string } }[] };
  expect(config.Configuraciones.map((c) => [c.Version, c.Documento.Familia])).toEqual([[1, 'ALERT10C']]);
  await expect(badge).toContainText('Entregada · v1', moved);
  const reported = await request.post('/api/device/KA10C-0001/report', {
    headers: device,
    data: { Version: 1, Hash: config.Configuraciones[0].Hash, Secciones: SECTIONS.map((Nombre) => ({ Nombre, OK: true, Errores: [] })) },
  });
  expect(reported.status()).toBe(204);
  await expect(badge).toContainText('Aplicada · v1', moved);
});

// MACH-066, MACH-067: an editor's configuration with a criterion of intervals under 20 shows
// its crosses and the reason, and publishes nothing.
test('a criterion too short for an editor is refused with its reason, and nothing is published', async ({ page, playwright, baseURL }) => {
  await openNodeAs(page, 'editor', ['Centro Norte', 'Bombeo', 'Bomba P-102'], { width: 1440, height: 1000 });
  const machine = machineOf(page);

  // An administrator (exempt) gives the machine a copy of its criterion measuring every 10 s.
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'vigia' } });
  const me = await apiLogin(admin, 'admin', ADMIN_PASSWORD);
  const factory = (await (await admin.get('/api/admin/factories')).json()) as { UsuFabricaID: number; Nombre: string }[];
  const plant = factory.find((f) => f.Nombre === 'Planta Demo')?.UsuFabricaID ?? me.Fabricas[0].UsuFabricaID;
  const node = (await (await admin.get(`/api/user/${plant}/machine/${machine}`)).json()) as Record<string, unknown> & { CriterioId: number };
  const criterion = (await (await admin.get(`/api/user/${plant}/criterion/${node.CriterioId}`)).json()) as Record<string, unknown>;
  const created = await admin.post(`/api/user/${plant}/criterion`, {
    data: { ...criterion, UsuCriterioID: undefined, AdminCriterioID: undefined, AdminCriterioGUID: undefined, NombreEs: 'Velocidad cada 10 s', NombreEn: 'Speed every 10 s', TiempoAlarma: 10, TiempoAviso: 10, TiempoEstable: 10, TiempoPeligro: 10 },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const short = ((await created.json()) as { UsuCriterioID: number }).UsuCriterioID;
  const saved = await admin.put(`/api/user/${plant}/machine/${machine}`, { data: { ...node, CriterioId: short } });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  await admin.dispose();
  await page.reload();

  const report = await send(page, 'Monitorizar');
  await expect(report.getByText('No se ha publicado la configuración: corrija los errores marcados.')).toBeVisible();
  await expect(report.getByRole('alert').filter({ hasText: 'Los intervalos de medición del criterio seleccionado son muy cortos' })).toBeVisible();
  await expect(report.locator('[data-section="InitialCheck"]')).toHaveAttribute('data-ok', 'false');
  await expect(report.locator('[data-section="FileCreation"]')).toHaveAttribute('data-ok', 'false');
  await expect(report.locator('[data-section="Machine"]')).toHaveAttribute('data-ok', 'true');
  // The new criterion's conditions have no reference values: five reasons show, the rest on request.
  const references = report.getByRole('listitem').filter({ has: page.locator('[data-section="References"]') });
  await expect(references.locator('.ant-typography-danger')).toHaveCount(5);
  await settle(page);
  await documentShot(report, 'configuration-report-errors-es.png');
  await references.getByRole('button', { name: /^Ver los \d+ errores restantes$/ }).click();
  await expect(references.getByRole('button')).toHaveCount(0);
  expect(await references.locator('.ant-typography-danger').count()).toBeGreaterThan(6);
  await report.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('button', { name: 'Entrega de la configuración' })).toContainText('Sin configuración');
});
