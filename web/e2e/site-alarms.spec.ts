import { expect, test, type Locator, type Page } from './fixtures';
import { documentShot, scrollBarBottom, settle } from './helpers';
import { item, openScreen } from './catalog';
import { action, dropdown, menuItem, openNode, openNodeAs, shownToasts, toast } from './tree';

// The site wrapper's 'Alertas' tab, a machine's 'Intervenciones' tab and the change history of
// a VCO/VCOV in Catálogo › Criterios, on the demo: a year of hourly history in which Bomba
// P-101's first bearing slowly wears out, so some of its series are above their thresholds.
// The demo associates no VCO to its machines, so the history test first associates the
// tachometer's speed to Bomba P-101 (its 'Asociar VCO' modal) and imports two months of its
// values. The tests run in order: each reads what the one before it stored.

test.describe.configure({ mode: 'serial' });

const SITE = 'Centro Norte';
const MACHINE = [SITE, 'Bombeo', 'Bomba P-101'];
const TACHO = 'Velocidad (tacómetro) (descarga)';
const UNUSED = 'Carga (4-20 mA) (descarga)';
const FACTORY_COLUMN = 'Criterios y VCO/VCOV de la fábrica';
const STATES = ['Peligro', 'Alarma', 'Aviso', 'Normal', 'Sin umbrales', 'Sin datos'];
const DAY = 86_400_000;
// Two interventions within the history's first 30 days: 20 and 10 days ago (their marks' labels fit).
const BEARING = 'Cambio del rodamiento LOA del motor y engrase';
const ALIGNMENT = 'Revisión de la alineación motor-bomba';

/** Types a date and time into the date picker `date` as it takes it (DD/MM/YYYY HH:mm, the browser's time zone). */
async function typeDate(date: Locator, d: Date) {
  const two = (n: number) => String(n).padStart(2, '0');
  await date.click();
  await date.fill(`${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`);
  await date.press('Enter');
}

/** A date and time as the lists show it in Spanish. */
function shown(d: Date): string {
  return d.toLocaleString('es', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A day `days` ago at `hour`:`minute` (the browser's time zone). */
function daysAgo(days: number, hour: number, minute: number): Date {
  const d = new Date(Date.now() - days * DAY);
  d.setHours(hour, minute, 0, 0);
  return d;
}

const bearingDate = daysAgo(20, 8, 30);
const alignmentDate = daysAgo(10, 15, 0);

/**
 * Waits until no message shows. Before each action that shows one: antd may keep for good a
 * message reopened with its key while it is leaving (the editors' messages share one key).
 */
async function noToast(page: Page) {
  await expect(shownToasts(page)).toHaveCount(0, { timeout: 10_000 });
}

/** The count buttons of the tab, by state label ('Todas' too). */
function countButton(page: Page, label: string): Locator {
  return page.getByRole('group', { name: 'Medidas por estado' }).getByRole('button', { name: new RegExp(`^${label}: [\\d.]+$`) });
}

async function countOf(page: Page, label: string): Promise<number> {
  return Number(((await countButton(page, label).textContent()) ?? '').replace(/\D/g, ''));
}

/** The state column (the first) of the rows shown. */
async function rowStates(page: Page): Promise<string[]> {
  return page.locator('.ant-table-row td:first-child').allInnerTexts();
}

/** The first line of the cells of column `n` (1-based) of the rows shown: the machine's name over its component and point. */
async function firstLines(page: Page, n: number): Promise<string[]> {
  return (await page.locator(`.ant-table-row td:nth-child(${n})`).allInnerTexts()).map((t) => t.split('\n')[0].trim());
}

/** Chooses `option` in the page's select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await dropdown(page).getByTitle(option, { exact: true }).click();
}

/** The ids the API calls of the tests need: the demo factory, a machine (from the editor's URL), a VCO by name. */
async function ids(page: Page, vco: string) {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { Fabricas: { UsuFabricaID: number; Nombre: string }[] };
  const factory = me.Fabricas.find((f) => f.Nombre === 'Planta Demo')!.UsuFabricaID;
  const machine = Number(new URL(page.url()).searchParams.get('machine'));
  const vcos = (await (await page.request.get(`/api/user/${factory}/vco_v`)).json()) as { UsuVco_vID: number; NombreEs: string }[];
  return { factory, machine, vco: vcos.find((v) => v.NombreEs === vco)!.UsuVco_vID };
}

test('the site’s Alertas tab counts the measurements by state, lists them worst first, filters them and opens a chart', async ({ page }) => {
  // A read-only user sees all of it.
  await openNodeAs(page, 'lector', [SITE], { width: 1600, height: 1000 });
  await expect(page.getByRole('tab')).toHaveText(['Edición de centro', 'Limpieza de datos', 'Alertas']);
  await page.getByRole('tab', { name: 'Alertas' }).click();
  await expect(page).toHaveURL(/\/editor\/alarms\?site=\d+/);

  // The counts, worst first; Bomba P-101's worn bearing puts some series above their warning.
  const group = page.getByRole('group', { name: 'Medidas por estado' });
  await expect(group.getByRole('button')).toHaveCount(7);
  await expect(countButton(page, 'Todas')).toHaveAttribute('aria-pressed', 'true');
  const counts = Object.fromEntries(await Promise.all(STATES.map(async (s) => [s, await countOf(page, s)] as const)));
  const all = await countOf(page, 'Todas');
  expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(all);
  expect(counts.Peligro + counts.Alarma + counts.Aviso).toBeGreaterThan(0);
  await expect(page.getByText(`1-50 de ${all.toLocaleString('es')} medidas`)).toBeVisible();

  // Rows worst first (the server's order): 50 a page, the first above its warning, on Bomba P-101.
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(50);
  const states = await rowStates(page);
  const rank = states.map((s) => STATES.indexOf(s));
  expect(rank.every((r) => r >= 0)).toBe(true);
  expect(rank).toEqual([...rank].sort((a, b) => a - b));
  expect(['Peligro', 'Alarma', 'Aviso']).toContain(states[0]);
  const first = rows.first();
  await expect(first).toContainText('Bomba P-101');
  // The worn bearing shows first in its envelope: the last value in Eg, with a decimal comma,
  // and the thresholds of the row in that unit.
  // The shot ends under the ninth row, not across the tenth.
  const ninth = await rows.nth(8).boundingBox();
  await page.setViewportSize({ width: 1600, height: Math.ceil(ninth!.y + ninth!.height) });
  await expect(first.locator('td').nth(3)).toHaveText(/^\d+,\d{3} Eg\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
  for (const threshold of [4, 5, 6]) await expect(first.locator('td').nth(threshold)).toHaveText(/^\d+,\d{3}$/);
  await settle(page);
  await documentShot(page, 'site-alarms-es.png');

  // In a 1280 px window the whole row fits the card, its state first: nothing to scroll sideways to.
  await page.setViewportSize({ width: 1280, height: 720 });
  const card = (await page.locator('.ant-card-body').boundingBox())!;
  for (const cell of [first.locator('td').first(), first.locator('td').last()]) {
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
  }
  await expect(first.locator('td').first()).toHaveText(states[0]);
  await page.setViewportSize({ width: 1600, height: 1000 });

  // Filter by state with its count: only its series; the count is pressed. The worn bearing
  // keeps a series of Bomba P-101 in Aviso at any hour of its daily cycle.
  expect(counts.Aviso).toBeGreaterThan(0);
  await countButton(page, 'Aviso').click();
  await expect(countButton(page, 'Aviso')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => rowStates(page)).toEqual(Array(Math.min(50, counts.Aviso)).fill('Aviso'));
  // Clicked again: every state.
  await countButton(page, 'Aviso').click();
  await expect(rows).toHaveCount(50);

  // An area, then one of its machines: the counts are theirs.
  await choose(page, 'Área', 'Bombeo');
  await expect.poll(() => countOf(page, 'Todas')).toBeLessThan(all);
  await choose(page, 'Máquina', 'Bomba P-101');
  await expect.poll(async () => new Set(await firstLines(page, 2))).toEqual(new Set(['Bomba P-101']));
  // The worn bearing's worst state: danger or alarm, as the hour of the demo's daily cycle has it.
  const worst = (await Promise.all((['Peligro', 'Alarma'] as const).map(async (s) => [s, await countOf(page, s)] as const))).find(([, n]) => n > 0);
  expect(worst).toBeDefined();
  const [state, count] = worst!;
  await countButton(page, state).click();
  await expect(countButton(page, state)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => rowStates(page)).toEqual(Array(Math.min(50, count)).fill(state));

  // A row opens the alarm edit modal: its chart with its three thresholds.
  const danger = rows.first();
  const vcv = (await danger.locator('td').nth(2).innerText()).split('\n')[0].trim();
  const levels = await Promise.all([4, 5, 6].map(async (i) => (await danger.locator('td').nth(i).innerText())));
  await danger.click();
  const dialog = page.getByRole('dialog', { name: 'Editar alarma' });
  await expect(dialog).toContainText(vcv);
  const chart = dialog.locator('.vigia-time-chart');
  await expect(chart).toHaveAttribute('data-points', /^[1-9]\d*$/);
  const number = (s: string) => Number(s.replace(',', '.'));
  await expect
    .poll(async () => (JSON.parse((await chart.getAttribute('data-lines')) ?? '[]') as { value: number }[]).slice(0, 3).map((l) => l.value))
    .toEqual(levels.map(number));
  for (const [i, label] of ['Aviso', 'Alarma', 'Peligro'].entries()) await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(levels[i]);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
});

test('an editor adds, edits and deletes interventions of Bomba P-101, newest first', async ({ page }) => {
  await openNodeAs(page, 'editor', MACHINE, { width: 1280, height: 800 });
  await expect(page.getByRole('tab').last()).toHaveText('Intervenciones');
  await page.getByRole('tab', { name: 'Intervenciones' }).click();
  await expect(page).toHaveURL(/\/editor\/machine\/interventions\?/);
  await expect(page.getByText('La máquina no tiene intervenciones.')).toBeVisible();

  // The text is required.
  const dialog = page.getByRole('dialog');
  await action(page, 'Añadir intervención');
  await expect(dialog).toContainText('Añadir intervención');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toContainText('Describa la intervención.');
  const date = dialog.getByLabel('Fecha y hora');
  await typeDate(date, bearingDate);
  await dialog.getByLabel('Descripción').fill(BEARING);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page)).toHaveText('Intervención añadida correctamente.');
  await expect(dialog).toHaveCount(0);
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveText(`${shown(bearingDate)}${BEARING}Elena Editora`);

  // A second one now (the date picker's default), listed first; edited to an earlier date, still after the first.
  await noToast(page);
  await action(page, 'Añadir intervención');
  await dialog.getByLabel('Descripción').fill('Revisión');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Revisión');
  await noToast(page);
  await rows.first().getByRole('button', { name: 'Editar intervención' }).click();
  await expect(dialog.getByLabel('Descripción')).toHaveValue('Revisión');
  await typeDate(date, alignmentDate);
  await dialog.getByLabel('Descripción').fill(ALIGNMENT);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page)).toHaveText('Intervención guardada correctamente.');
  await expect(rows.first()).toHaveText(`${shown(alignmentDate)}${ALIGNMENT}Elena Editora`);
  await expect(rows.nth(1)).toContainText(BEARING);

  // A third, deleted after the confirmation.
  await noToast(page);
  await action(page, 'Añadir intervención');
  await dialog.getByLabel('Descripción').fill('Intervención de prueba');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(rows).toHaveCount(3);
  await noToast(page);
  await rows.first().getByRole('button', { name: 'Eliminar intervención' }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: '¿Está seguro de querer eliminar el elemento?' });
  await confirm.getByRole('button', { name: 'Eliminar intervención' }).click();
  await expect(toast(page)).toHaveText('Intervención eliminada correctamente.');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Intervención de prueba')).toHaveCount(0);
  // No row left highlighted by the pointer (the table keeps the row under it when the row above goes).
  await rows.first().hover();
  await page.mouse.move(0, 0);
  await noToast(page);
  await settle(page);
  await documentShot(page, 'interventions-es.png');
});

// VCO-020, VCO-021.
test('the change history of a VCO: a machine it is on, the last days, months or years, its conditions and the interventions shown and hidden', async ({
  page,
}) => {
  // The tachometer's speed is on Bomba P-101 (the demo puts its criterion's VCOs there: its
  // 'Asociar VCO' modal lists it as associated)...
  await openNodeAs(page, 'editor', MACHINE, { width: 1280, height: 1000 });
  await menuItem(page, 'Asignar', 'Asociar VCO');
  const associate = page.getByRole('dialog', { name: 'Asociar VCO' });
  await expect(associate.getByRole('region', { name: 'Asociados a la máquina', exact: true }).getByText(TACHO, { exact: true })).toBeVisible();
  await associate.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
  await expect(associate).toHaveCount(0);

  // ... and two months of its hourly values imported: 1480 rpm by day, stopped at night.
  const { factory, machine, vco } = await ids(page, TACHO);
  const hour = 3_600_000;
  const last = Math.floor(Date.now() / hour) * hour - hour;
  const Vcos = Array.from({ length: 60 * 24 }, (_, i) => {
    const at = new Date(last - i * hour);
    const h = at.getUTCHours();
    const rpm = h >= 6 && h < 22 ? 1480 + ((i * 7) % 23) - 11 : (i % 5) * 2;
    return { UsuVco_vId: vco, UsuMaquinaId: machine, Fecha: at.toISOString(), Inicio: rpm * 1000, Fin: (rpm + 1) * 1000 };
  });
  const imported = await page.request.post(`/api/user/${factory}/history/import`, { data: { Vcos }, headers: { 'X-Requested-With': 'vigia' } });
  expect(imported.status()).toBe(200);
  expect(((await imported.json()) as { Guardadas: number }).Guardadas).toBeGreaterThanOrEqual(Vcos.length);

  await openScreen(page, 'Criterios', 'criteria', item(page, FACTORY_COLUMN, TACHO));
  const editor = page.getByRole('dialog').first();
  const history = page.getByRole('dialog', { name: /^Historial de cambios/ });

  // A VCO on no machine has no history, and says so.
  await item(page, FACTORY_COLUMN, UNUSED).click();
  await editor.getByRole('button', { name: 'Historial de cambios' }).click();
  await expect(history.getByRole('status')).toHaveText('Este VCO/VCOV no está asociado a ninguna máquina, así que no tiene historial.');
  await history.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
  await expect(history).toHaveCount(0);
  await editor.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // How many days the chart call that `trigger` makes asks for.
  const asked = async (trigger: () => Promise<unknown>) => {
    const [request] = await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(`/machine/${machine}/vco/${vco}`)), trigger()]);
    const { FechaInicio, FechaFin } = request.postDataJSON() as { FechaInicio: string; FechaFin: string };
    return Math.round((Date.parse(FechaFin) - Date.parse(FechaInicio)) / DAY);
  };

  await item(page, FACTORY_COLUMN, TACHO).click();
  // VCO-020: the last 30 days at first.
  expect(await asked(() => editor.getByRole('button', { name: 'Historial de cambios' }).click())).toBe(30);
  await expect(history).toContainText(TACHO);
  await expect(history.getByRole('combobox', { name: 'Máquina' })).toHaveCount(1);
  await expect(history.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Máquina' }) })).toContainText('Bomba P-101');
  const chart = history.getByRole('img', { name: `Valores de ${TACHO} en Bomba P-101` });
  const drawn = history.locator('.vigia-vco-history-chart');
  const points = async () => Number(await chart.getAttribute('data-points'));

  // VCO-020: a number of days, months or years back.
  const count = history.getByRole('spinbutton', { name: 'Cantidad' });
  await expect(count).toHaveValue('30');
  await expect.poll(points).toBeGreaterThan(600);
  expect(await points()).toBeLessThanOrEqual(31 * 24);
  await history.getByRole('combobox', { name: 'Unidad' }).click();
  await expect(dropdown(page).locator('.ant-select-item-option')).toHaveText(['días', 'meses', 'años']);
  expect(await asked(() => dropdown(page).getByTitle('meses', { exact: true }).click())).toBeGreaterThan(900);
  const twoMonths = await asked(() => count.fill('2'));
  expect(twoMonths).toBeGreaterThanOrEqual(59);
  expect(twoMonths).toBeLessThanOrEqual(62);
  expect([730, 731]).toContain(await asked(() => choose(page, 'Unidad', 'años')));
  expect([365, 366]).toContain(await asked(() => count.fill('1')));
  await expect.poll(points).toBeGreaterThan(0);
  expect(await asked(() => choose(page, 'Unidad', 'día'))).toBe(1);
  await expect.poll(points).toBeLessThanOrEqual(25);
  expect(await asked(() => count.fill('30'))).toBe(30);
  await expect.poll(points).toBeGreaterThan(600);

  // VCO-021: the conditions with their names, shaded while each held, the interventions as marks, both shown at first.
  const conditions = history.getByRole('region', { name: 'Condiciones' });
  const interventions = history.getByRole('region', { name: 'Intervenciones' });
  await expect(history.getByRole('switch', { name: 'Mostrar condiciones' })).toBeChecked();
  await expect(history.getByRole('switch', { name: 'Mostrar intervenciones' })).toBeChecked();
  // In the unit of what its sensor measures, a tachometer's rpm: the bands' ranges and the y axis.
  await expect(conditions.getByRole('listitem')).toHaveText(['Parada (hasta 10 rpm)', 'Marcha (desde 10 rpm)']);
  await expect(chart).toHaveAttribute('data-y-label', 'rpm');
  await expect(drawn).toHaveAttribute('data-bands', JSON.stringify(['Parada', 'Marcha']));
  // The pump stops each night: stretches of 'Parada' between stretches of 'Marcha'.
  expect(Number(await drawn.getAttribute('data-spans'))).toBeGreaterThan(20);
  await expect(interventions.getByRole('listitem')).toHaveText([`${shown(bearingDate)} ${BEARING}`, `${shown(alignmentDate)} ${ALIGNMENT}`]);
  await expect(drawn).toHaveAttribute('data-marks', JSON.stringify([bearingDate, alignmentDate].map((d) => d.getTime() / 1000)));
  await count.blur();
  await settle(page);
  await documentShot(history, "vco-history-es.png");

  await history.getByRole('switch', { name: 'Mostrar condiciones' }).click();
  await expect(conditions).toHaveCount(0);
  await expect(drawn).toHaveAttribute('data-bands', '[]');
  await expect(drawn).toHaveAttribute('data-spans', '0');
  await expect(interventions).toBeVisible();
  await history.getByRole('switch', { name: 'Mostrar intervenciones' }).click();
  await expect(interventions).toHaveCount(0);
  await expect(drawn).toHaveAttribute('data-marks', '[]');
  await history.getByRole('switch', { name: 'Mostrar condiciones' }).click();
  await expect(conditions).toBeVisible();
  await expect(drawn).toHaveAttribute('data-bands', JSON.stringify(['Parada', 'Marcha']));
});

test('a read-only user sees the interventions without actions and the change history', async ({ page }) => {
  await openNodeAs(page, 'lector', MACHINE, { width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Intervenciones' }).click();
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Añadir intervención' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Editar intervención' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Eliminar intervención' })).toHaveCount(0);

  await openScreen(page, 'Criterios', 'criteria', item(page, FACTORY_COLUMN, TACHO));
  await item(page, FACTORY_COLUMN, TACHO).click();
  await expect(page.getByRole('dialog').getByLabel('Nombre', { exact: true })).toBeDisabled();
  await page.getByRole('dialog').getByRole('button', { name: 'Historial de cambios' }).click();
  const history = page.getByRole('dialog', { name: /^Historial de cambios/ });
  await expect(history.getByRole('img', { name: `Valores de ${TACHO} en Bomba P-101` })).toHaveAttribute('data-points', /^[1-9]\d*$/);
});

// A long machine name wraps within its column at 1280 px: whole, and the thresholds still in
// view; a wider window gives the column more room.
test('the Alertas tab wraps a long machine name at 1280 px', async ({ page }) => {
  const long = 'Bomba centrífuga de agua de refrigeración del condensador P-101';
  await openNodeAs(page, 'editor', [SITE, 'Bombeo', 'Bomba P-101'], { width: 1280, height: 800 });
  await page.getByLabel('Nombre').fill(long);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page)).toHaveText('La máquina se ha guardado correctamente.');
  await openNode(page, SITE);
  await page.getByRole('tab', { name: 'Alertas', exact: true }).click();
  const name = page.locator('.ant-table-row').first().getByText(long, { exact: true });
  await expect(name).toBeVisible();
  const cell = (await page.locator('.ant-table-row').first().locator('td').nth(1).boundingBox())!;
  const box = (await name.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(cell.x + cell.width);
  // Over several lines, not cut short on one.
  expect(box.height).toBeGreaterThan(30);
  const danger = (await page.getByRole('columnheader', { name: 'Peligro' }).boundingBox())!;
  expect(danger.x + danger.width).toBeLessThanOrEqual(1280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  // In a wide window the machine's column widens: a component and point on one line.
  await page.setViewportSize({ width: 1920, height: 1000 });
  const place = page.locator('.ant-table-row').getByText('Compresor de tornillo · Compresor entrada', { exact: true }).first();
  await expect(async () => expect((await place.boundingBox())!.height).toBeLessThan(24)).toPass();
});

// In a narrow window (a 1024 px tablet) the list scrolls sideways: its scroll bar stays at the
// window's bottom and its header under the app's bar, not 50 lines down. A site without VCVs or
// VCPs says so; a filter that leaves nothing says that.
test('the Alertas tab scrolls sideways from the window’s bottom in a narrow window, and an empty site says it has nothing', async ({ page }) => {
  await openNodeAs(page, 'editor', [SITE], { width: 1024, height: 768 });
  await page.getByRole('tab', { name: 'Alertas', exact: true }).click();
  await expect(page.locator('.ant-table-row')).toHaveCount(50);
  await expect.poll(() => scrollBarBottom(page)).toBe(768);
  await page.locator('.ant-table-row').nth(20).scrollIntoViewIfNeeded();
  await expect(page.getByRole('columnheader', { name: 'Estado' })).toBeInViewport();

  const factory = (await (await page.request.get('/api/auth/me')).json()).Fabricas[0].UsuFabricaID;
  const made = await page.request.post(`/api/user/${factory}/site`, { headers: { 'X-Requested-With': 'vigia' }, data: { NombreEs: 'Centro vacío', Pais: 'ES', Ciudad: 'Bilbao' } });
  expect(made.ok()).toBe(true);
  await page.reload();
  await openNode(page, 'Centro vacío');
  await page.getByRole('tab', { name: 'Alertas', exact: true }).click();
  await expect(page.getByText('Las máquinas del centro no tienen VCVs ni VCPs asociados.')).toBeVisible();
  await countButton(page, 'Sin datos').click();
  await expect(page.getByText('No hay medidas con estos filtros.')).toBeVisible();
});
