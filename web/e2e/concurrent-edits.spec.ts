import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { ADMIN_PASSWORD, apiLogin, chooseLanguage, documentShot, login, menuEntry, settle } from './helpers';
import { dialog, fill, item } from './catalog';
import { chooseNode, expandNode, openNode, save, toast } from './tree';

// Two users edit one item: the second save, made on what it read before the first's, is
// refused instead of silently undoing the first; the typed values stay until the current
// ones are loaded, and a save made on them passes.

const CHANGED = 'Otro usuario ha cambiado este elemento mientras usted lo editaba';
const SPA = { 'X-Requested-With': 'vigia' };

type Playwright = { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };

/** Another user (the administrator, signed in on their own) writes `change` of the item read at `path` through the API (at `at`). */
async function changeAsAnother(playwright: Playwright, baseURL: string | undefined, path: string, change: (current: Record<string, unknown>) => object, at = path) {
  const other = await playwright.request.newContext({ baseURL });
  await apiLogin(other, 'admin', ADMIN_PASSWORD);
  const current = (await (await other.get(path)).json()) as Record<string, unknown>;
  const res = await other.put(at, { data: change(current), headers: SPA });
  expect(res.ok()).toBe(true);
  await other.dispose();
}

/** Another user renames the item at `path` (`also` goes with it). */
async function renameAsAnother(playwright: Playwright, baseURL: string | undefined, path: string, field: string, name: string, also: object = {}) {
  await changeAsAnother(playwright, baseURL, path, (current) => ({ ...current, ...also, [field]: name }));
}

/** The path of the item read by the GET that `open` makes. */
async function readPath(page: Page, pattern: RegExp, open: () => Promise<void>): Promise<string> {
  const read = page.waitForResponse((r) => r.request().method() === 'GET' && pattern.test(new URL(r.url()).pathname));
  await open();
  return new URL((await read).url()).pathname;
}

/** A save made over another user's change, and the same made again on the current values. */
interface Course {
  /** Where the changed alert shows (the page, or the modal of the edit). */
  within: Page | Locator;
  input: Locator;
  typed: string;
  /** The field once the current values are loaded. */
  loaded: string;
  save: () => Promise<unknown>;
  /** The value stored now, read through the API; `theirs` after the refusal, `mine` after the save. */
  stored: () => Promise<unknown>;
  theirs: unknown;
  mine: unknown;
  /** What else tells the save was refused, and that it passed. */
  refused?: () => Promise<void>;
  saved: () => Promise<void>;
  /** The screenshot of the refusal. */
  shot?: { of: Page | Locator; name: string };
}

/**
 * The course of an edit over another user's change: refused, the alert says so, the typed value
 * stays and theirs is what is stored; the current values loaded, the field shows theirs and the
 * alert goes; typed again and saved, it is stored.
 */
async function refusedThenSaved(page: Page, c: Course) {
  await c.input.fill(c.typed);
  await c.save();
  const alert = c.within.getByRole('alert').filter({ hasText: CHANGED });
  await expect(alert).toContainText('Sus valores siguen en el formulario, sin guardar.');
  await expect(c.input).toHaveValue(c.typed);
  expect(await c.stored()).toBe(c.theirs);
  await c.refused?.();
  if (c.shot) {
    await settle(page);
    await documentShot(c.shot.of, c.shot.name);
  }

  await alert.getByRole('button', { name: 'Cargar los valores actuales' }).click();
  await expect(c.input).toHaveValue(c.loaded);
  await expect(alert).toHaveCount(0);
  await c.input.fill(c.typed);
  await c.save();
  await c.saved();
  await expect(alert).toHaveCount(0);
  expect(await c.stored()).toBe(c.mine);
}

/** The field `field` of the item the API answers at `path`. */
const storedAt = (page: Page, path: string, field: string) => async () => ((await (await page.request.get(path)).json()) as Record<string, unknown>)[field];

test('a tree node saved over another user\'s change is refused, keeps the typed values, and saves once the current ones are loaded', async ({ page, playwright, baseURL }) => {
  await login(page, 'editor');
  const path = await readPath(page, /^\/api\/user\/\d+\/area\/\d+$/, () => openNode(page, 'Centro Sur', 'Molienda'));
  await expect(page.getByRole('tab', { name: 'Edición de área' })).toBeVisible();
  await renameAsAnother(playwright, baseURL, path, 'NombreEs', 'Molienda (renombrada por otro)');

  await refusedThenSaved(page, {
    within: page,
    input: page.getByLabel('Nombre'),
    typed: 'Molienda fina',
    loaded: 'Molienda (renombrada por otro)',
    save: () => save(page),
    stored: storedAt(page, path, 'NombreEs'),
    theirs: 'Molienda (renombrada por otro)',
    mine: 'Molienda fina',
    // The message is only the title: the alert tells why.
    refused: () => expect(toast(page)).toHaveText('No se ha podido guardar.'),
    saved: () => expect(toast(page)).toHaveText('El área se ha guardado correctamente.'),
    shot: { of: page, name: 'changed-area-es.png' },
  });
});

// A change of language reads everything again, the node edited too: another user's change
// refills a form where nothing is typed, and is told beside typed values, which stay.
test('a tree node read again keeps the typed values and tells of another user\'s change, which an untouched form shows', async ({ page, playwright, baseURL }) => {
  await login(page, 'editor');
  const path = await readPath(page, /^\/api\/user\/\d+\/area\/\d+$/, () => openNode(page, 'Centro Sur', 'Transporte'));
  await expect(page.getByRole('tab', { name: 'Edición de área' })).toBeVisible();
  await renameAsAnother(playwright, baseURL, path, 'NombreEs', 'Transporte (renombrada por otro)');
  await chooseLanguage(page, /Idioma/, 'English');
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Transporte (renombrada por otro)');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await name.fill('Transporte norte');
  await renameAsAnother(playwright, baseURL, path, 'NombreEs', 'Transporte (otra vez)');
  await chooseLanguage(page, /Language/, 'Español');
  const alert = page.getByRole('alert').filter({ hasText: CHANGED });
  await expect(alert).toContainText('Sus valores siguen en el formulario, sin guardar.');
  await expect(page.getByLabel('Nombre')).toHaveValue('Transporte norte');
  await alert.getByRole('button', { name: 'Cargar los valores actuales' }).click();
  await expect(page.getByLabel('Nombre')).toHaveValue('Transporte (otra vez)');
  await expect(alert).toHaveCount(0);
});

test('a catalogue item saved over another user\'s change is refused in its editor, which loads the current values', async ({ page, playwright, baseURL }) => {
  await login(page, 'editor');
  await menuEntry(page, 'Catálogo', 'Bandas');
  const factory = 'Bandas de la fábrica';
  const path = await readPath(page, /^\/api\/user\/\d+\/band\/\d+$/, () => item(page, factory, '1x (descarga)').click());
  await expect(dialog(page).getByLabel('Nombre', { exact: true })).toHaveValue('1x (descarga)');
  await renameAsAnother(playwright, baseURL, path, 'NombreEs', '1x (renombrada por otro)');

  await fill(page, 'Nombre', '1x giro');
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  const alert = dialog(page).getByRole('alert').filter({ hasText: 'No se ha podido guardar.' });
  await expect(alert).toContainText('Otro usuario lo ha cambiado mientras usted lo editaba');
  await expect(dialog(page).getByLabel('Nombre', { exact: true })).toHaveValue('1x giro');
  await settle(page);
  await documentShot(dialog(page), 'changed-band-es.png');

  await alert.getByRole('button', { name: 'Cargar los valores actuales' }).click();
  await expect(dialog(page).getByLabel('Nombre', { exact: true })).toHaveValue('1x (renombrada por otro)');
  await expect(alert).toHaveCount(0);
  await fill(page, 'Nombre', '1x giro');
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page).filter({ hasText: 'Elemento guardado correctamente.' })).toBeVisible();
  await expect(item(page, factory, '1x giro')).toBeVisible();
});

// The modals that edit an item of a list read it again as they open, and save on that version.
for (const { what, open, path, field, label, before, typed, theirs, also, shot } of [
  {
    what: 'a user',
    open: (page: Page) => menuEntry(page, 'Administración', /Usuarios/),
    path: /^\/api\/admin\/users\/\d+$/,
    field: 'Nombre',
    label: 'Nombre',
    before: 'lector',
    typed: 'Lucía Lectora',
    theirs: 'Lucía (renombrada por otro)',
    also: { Password: '' },
    shot: 'changed-user-es.png',
  },
  {
    what: 'a gateway',
    open: (page: Page) => menuEntry(page, 'Administración', /Equipos/),
    path: /^\/api\/equipment\/concentrator\/\d+$/,
    field: 'Alias',
    label: 'Alias',
    before: 'KG-0002',
    typed: 'Concentrador del molino',
    theirs: 'Concentrador (renombrado por otro)',
    also: {},
    shot: 'changed-gateway-es.png',
  },
]) {
  test(`${what} edited in its modal over another user's change is refused, keeps the typed values, and saves once the current ones are loaded`, async ({ page, playwright, baseURL }) => {
    await login(page, 'admin');
    await open(page);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: before, exact: true }) });
    const read = await readPath(page, path, () => row.getByRole('button', { name: 'Editar' }).click());
    const modal = page.getByRole('dialog');
    const input = modal.getByLabel(label, { exact: true });
    await expect(input).toBeEditable();
    await renameAsAnother(playwright, baseURL, read, field, theirs, also);

    await refusedThenSaved(page, {
      within: modal,
      input,
      typed,
      loaded: theirs,
      save: () => modal.getByRole('button', { name: 'Guardar' }).click(),
      stored: storedAt(page, read, field),
      theirs,
      mine: typed,
      saved: () => expect(modal).toBeHidden(),
      shot: { of: modal, name: shot },
    });
  });
}

test('a machine VCO\'s states saved over another user\'s change are refused, keep the typed values, and save once the current ones are loaded', async ({ page, playwright, baseURL }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-103');
  await expandNode(page, 'VCO/V de máquina');
  const tacho = 'Velocidad (tacómetro) (descarga)';
  const path = await readPath(page, /^\/api\/user\/\d+\/machineocv\/machine\/\d+\/ocv\/\d+$/, () => chooseNode(page, tacho));
  const warning = page.getByLabel('Aviso', { exact: true });
  await expect(warning).toBeEditable();
  await renameAsAnother(playwright, baseURL, path, 'VrAviso', '1500', { Posicion: 99 });

  await refusedThenSaved(page, {
    within: page,
    input: warning,
    typed: '1200',
    loaded: '1500,000',
    save: () => page.getByRole('button', { name: 'Actualizar estados' }).click(),
    stored: storedAt(page, path, 'VrAviso'),
    theirs: '1500.000',
    mine: '1200.000',
    saved: async () => {
      await expect(toast(page)).toHaveText('Valores de estados actualizados correctamente.');
      // As the server keeps them.
      await expect(warning).toHaveValue('1200,000');
    },
  });
});

// The machine's alert list edits a row in place, read again as its edit begins.
test('a row of the machine alert list saved over another user\'s change is refused, keeps the typed values, and saves once the current ones are loaded', async ({ page, playwright, baseURL }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  await page.getByRole('tab', { name: 'Lista de alertas' }).click();
  const edit = page.locator('.ant-table-row').getByRole('button', { name: 'Editar valores' }).first();
  const path = await readPath(page, /^\/api\/user\/\d+\/machine\/\d+\/alarm\/\d+\/direction\/\d+$/, () => edit.click());
  // The row edited: the one with the save button.
  const row = page.locator('.ant-table-row').filter({ has: page.getByRole('button', { name: 'Guardar valores' }) });
  const warning = row.getByLabel('Aviso');
  await expect(warning).toBeEditable();
  await changeAsAnother(playwright, baseURL, path, (c) => ({ VrAviso: 3100, VrAlarma: c.VrAlarma, VrPeligro: c.VrPeligro }));

  await refusedThenSaved(page, {
    within: page,
    input: warning,
    typed: '2,9',
    loaded: '3,100',
    save: () => row.getByRole('button', { name: 'Guardar valores' }).click(),
    stored: storedAt(page, path, 'VrAviso'),
    theirs: 3100,
    mine: 2900,
    saved: () => expect(toast(page).filter({ hasText: 'Valores guardados correctamente.' })).toBeVisible(),
  });
});

// An associated VCV's reference values: their editor reads them again as it opens.
test('reference values saved over another user\'s change are refused, keep the typed values, and save once the current ones are loaded', async ({ page, playwright, baseURL }) => {
  await login(page, 'editor');
  const machinePath = ['Centro Norte', 'Bombeo', 'Bomba P-101'];
  await openNode(page, ...machinePath);
  const machine = new URL(page.url()).searchParams.get('machine');
  const me = (await (await page.request.get('/api/auth/me')).json()) as { Fabricas: { UsuFabricaID: number }[] };
  const factory = me.Fabricas[0].UsuFabricaID;
  const rows = (await (await page.request.get(`/api/user/${factory}/machine/${machine}/alarm`)).json()) as { Tipo: string; ComponenteNombre: string; PuntoNombre: string; VcvNombre: string }[];
  const first = rows.find((r) => r.Tipo === 'MPV')!;
  await openNode(page, ...machinePath, first.ComponenteNombre, first.PuntoNombre);
  await expandNode(page, first.PuntoNombre);
  await expandNode(page, 'VCVs KOS Alert 10');
  await page.locator('#sidebar-tree [role="treeitem"] .ant-tree-title').filter({ hasText: first.VcvNombre }).first().click();
  const read = await readPath(page, /^\/api\/user\/\d+\/mpv\/reference\/\d+\/values$/, () =>
    page.getByRole('tree', { name: 'Valores de referencia' }).getByRole('treeitem').first().click(),
  );
  const modal = page.getByRole('dialog').filter({ hasText: 'Valores de referencia' });
  const warning = modal.getByLabel('V/H1 Aviso');
  await expect(warning).toBeEditable();
  await changeAsAnother(playwright, baseURL, read, ({ UsuCondicionId: _c, Nombre: _n, UsuValorReferenciaID: _id, UsuMPVId: _mpv, ...values }) => ({ ...values, V_H1_Aviso: 3100 }), read.replace(/\/values$/, ''));

  await refusedThenSaved(page, {
    within: modal,
    input: warning,
    typed: '2,9',
    loaded: '3,100',
    save: () => modal.getByRole('button', { name: 'Guardar' }).click(),
    stored: storedAt(page, read, 'V_H1_Aviso'),
    theirs: 3100,
    mine: 2900,
    saved: async () => {
      await expect(toast(page).filter({ hasText: 'Valores de referencia guardados correctamente.' })).toBeVisible();
      await expect(modal).toHaveCount(0);
    },
  });
});

// The alarm edit modal, opened with a row's chart, reads the row's values again as it opens.
test('an alarm saved in its edit modal over another user\'s change is refused, keeps the typed values, and saves once the current ones are loaded', async ({ page, playwright, baseURL }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-102');
  await page.getByRole('tab', { name: 'Lista de alertas' }).click();
  const chart = page.locator('.ant-table-row').getByRole('button', { name: 'Gráfica y umbrales' }).first();
  const path = await readPath(page, /^\/api\/user\/\d+\/machine\/\d+\/alarm\/\d+\/direction\/\d+$/, () => chart.click());
  const modal = page.getByRole('dialog', { name: 'Editar alarma' });
  const warning = modal.getByLabel('Aviso', { exact: true });
  await expect(warning).toBeEditable();
  await changeAsAnother(playwright, baseURL, path, (c) => ({ VrAviso: 3100, VrAlarma: c.VrAlarma, VrPeligro: c.VrPeligro }));

  await refusedThenSaved(page, {
    within: modal,
    input: warning,
    typed: '2,9',
    loaded: '3,100',
    save: () => modal.getByRole('button', { name: 'Guardar' }).click(),
    stored: storedAt(page, path, 'VrAviso'),
    theirs: 3100,
    mine: 2900,
    saved: async () => {
      await expect(toast(page).filter({ hasText: 'Valores guardados correctamente.' })).toBeVisible();
      await expect(modal).toHaveCount(0);
    },
    shot: { of: page, name: 'changed-alarm-es.png' },
  });
});
