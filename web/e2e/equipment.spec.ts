import { expect, separatePage, test, type Locator, type Page } from './fixtures';
import { documentShot, login, menuEntry, pickNode, settle } from './helpers';
import { choose, dropdown, formItem, openNode, save, shownToasts, toast } from './tree';

// The ADMIN 'Equipos' screen: registration with its one-time token, assignment in the admin
// tree, the row actions, and the admin tree's own nodes.

type Device = { ID: number; NumeroSerie: string; Asignacion: Record<string, number | string | undefined> };

function dialog(page: Page, name?: string): Locator {
  return name ? page.getByRole('dialog', { name }) : page.getByRole('dialog');
}

function row(page: Page, serial: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: serial, exact: true }) });
}

async function openEquipment(page: Page) {
  await menuEntry(page, 'Administración', /Equipos/);
  await expect(page).toHaveURL(/\/admin\/equipment/);
  await expect(page.getByRole('tab', { name: 'Concentradores' })).toHaveAttribute('aria-selected', 'true');
}

async function tab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** Registers a device in the open tab and closes its token modal; answers the token shown. */
async function register(page: Page, serial: string, alias: string, gateway?: string): Promise<string> {
  await page.getByRole('button', { name: 'Registrar' }).click();
  const form = dialog(page);
  await form.getByLabel('Número de serie').fill(serial);
  await form.getByLabel('Alias').fill(alias);
  if (gateway) {
    await form.getByLabel('Concentrador').click();
    await dropdown(page).getByTitle(gateway, { exact: true }).click();
  }
  await form.getByRole('button', { name: 'Registrar' }).click();
  const tokenModal = dialog(page, 'Clave del equipo');
  await expect(tokenModal).toBeVisible();
  const token = await tokenModal.getByLabel('Clave', { exact: true }).inputValue();
  expect(token.length).toBeGreaterThanOrEqual(20);
  await tokenModal.getByRole('button', { name: 'Entendido' }).click();
  await expect(tokenModal).toBeHidden();
  await expect(row(page, serial)).toBeVisible();
  return token;
}

/** 'Asignar' on a row: chooses `node` of Planta Demo in the admin tree and saves. */
async function assign(page: Page, serial: string, node: string) {
  await row(page, serial).getByRole('button', { name: 'Asignar' }).click();
  const modal = dialog(page);
  await pickNode(modal, 'Nodo del árbol de administración', 'Planta Demo', node);
  await modal.getByRole('button', { name: 'Asignar' }).click();
  await expect(modal).toBeHidden();
}

async function devices(page: Page, kind: string): Promise<Device[]> {
  const res = await page.request.get(`/api/equipment/${kind}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Device[];
}

test('the administrator registers a gateway and an Alert10C behind it and assigns both to Planta Demo; an editor links them', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, 'admin');
  await openEquipment(page);
  // EQP-005: a device reads as its serial number and alias.
  await expect(row(page, 'KG-0001')).toContainText('Concentrador Centro Norte');

  // The registration form, then the token shown once, with its copy button.
  await page.getByRole('button', { name: 'Registrar' }).click();
  const form = dialog(page, 'Registrar concentrador');
  await form.getByLabel('Número de serie').fill('KG-0101');
  await form.getByLabel('Alias').fill('Concentrador nave 2');
  await page.mouse.move(0, 0);
  await settle(page);
  await documentShot(form, `equipment-register-es.png`);
  await form.getByRole('button', { name: 'Registrar' }).click();
  const tokenModal = dialog(page, 'Clave del equipo');
  await expect(tokenModal.getByText('Cópiela y guárdela ahora: no se volverá a mostrar.')).toBeVisible();
  await expect(tokenModal).toContainText('KG-0101 · Concentrador nave 2');
  const token = await tokenModal.getByLabel('Clave', { exact: true }).inputValue();
  expect(token.length).toBeGreaterThanOrEqual(20);
  await tokenModal.getByRole('button', { name: 'Copiar' }).click();
  await expect(toast(page).filter({ hasText: 'Clave copiada.' })).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(token);
  await expect(shownToasts(page)).toHaveCount(0, { timeout: 10_000 });
  await settle(page);
  await documentShot(tokenModal, `equipment-token-es.png`);
  // Neither Escape nor a click beside it loses the token: only its button closes it.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(tokenModal).toBeVisible();
  await tokenModal.getByRole('button', { name: 'Entendido' }).click();
  await expect(row(page, 'KG-0101')).toContainText('Sin asignar');

  // An Alert10C behind the new gateway.
  await tab(page, 'KOS Alert 10 G');
  await register(page, 'KA10C-0101', '', 'KG-0101 · Concentrador nave 2');
  await expect(row(page, 'KA10C-0101')).toContainText('KG-0101 · Concentrador nave 2');

  // The gateway to the site Centro Norte of Planta Demo: its Alert10C follows it.
  await tab(page, 'Concentradores');
  await assign(page, 'KG-0101', 'Centro Norte');
  await expect(toast(page).filter({ hasText: 'Asignación de KG-0101 · Concentrador nave 2 guardada.' })).toBeVisible();
  await expect(row(page, 'KG-0101')).toContainText('Planta Demo › Centro Norte');
  await tab(page, 'KOS Alert 10 G');
  await expect(row(page, 'KA10C-0101')).toContainText('Planta Demo › Centro Norte');

  // The Alert10C to the factory itself.
  await assign(page, 'KA10C-0101', 'Planta Demo');
  await expect(row(page, 'KA10C-0101').getByRole('cell', { name: 'Planta Demo', exact: true })).toBeVisible();

  // After a reload the tab and both assignments are still there.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'KOS Alert 10 G' })).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'KA10C-0101').getByRole('cell', { name: 'Planta Demo', exact: true })).toBeVisible();
  await tab(page, 'Concentradores');
  await expect(row(page, 'KG-0101')).toContainText('Planta Demo › Centro Norte');

  // EQP-024: the node was sent with its path: distributor, partner, factory and site.
  const gateway = (await devices(page, 'concentrator')).find((d) => d.NumeroSerie === 'KG-0101');
  expect(gateway?.Asignacion).toMatchObject({
    DistribuidorId: expect.any(Number),
    SocioId: expect.any(Number),
    UsuFabricaId: expect.any(Number),
    UsuCentroId: expect.any(Number),
    Nombre: 'Centro Norte',
  });

  await expect(shownToasts(page)).toHaveCount(0, { timeout: 10_000 });
  await page.mouse.move(0, 0);
  await settle(page);
  await documentShot(page, `equipment-es.png`);

  // The filter keeps the devices whose serial number or alias holds the text.
  await page.getByRole('searchbox', { name: 'Filtrar por número de serie o alias' }).fill('centro sur');
  await expect(row(page, 'KG-0002')).toBeVisible();
  await expect(row(page, 'KG-0001')).toHaveCount(0);
  await expect(row(page, 'KG-0101')).toHaveCount(0);

  // An editor of Planta Demo links both on a machine of Centro Norte, then takes them off.
  const editor = await separatePage(browser);
  await login(editor, 'editor');
  await editor.setViewportSize({ width: 1280, height: 1340 });
  await openNode(editor, 'Centro Norte', 'Ventilación', 'Ventilador V-203');
  await choose(editor, 'Concentrador', 'KG-0101 · Concentrador nave 2');
  await choose(editor, 'KOS Alert 10 G', 'KA10C-0101');
  await expect(editor.getByLabel('KOS Alert 10', { exact: true })).toBeDisabled(); // MACH-029, MACH-032
  await save(editor);
  await expect(toast(editor)).toHaveText('La máquina se ha guardado correctamente.');
  await editor.reload();
  await expect(formItem(editor, 'Concentrador')).toContainText('KG-0101 · Concentrador nave 2');
  await expect(formItem(editor, 'KOS Alert 10 G')).toContainText('KA10C-0101');
  for (const label of ['KOS Alert 10 G', 'Concentrador']) {
    await formItem(editor, label).hover();
    await formItem(editor, label).locator('.ant-select-clear').click();
  }
  await save(editor);
  await expect(toast(editor)).toHaveText('La máquina se ha guardado correctamente.');
  await editor.close();
});

test('an invalid registration says what is wrong and changes nothing', async ({ page }) => {
  await login(page, 'admin');
  await openEquipment(page);
  const before = (await devices(page, 'concentrator')).length;

  await page.getByRole('button', { name: 'Registrar' }).click();
  const form = dialog(page, 'Registrar concentrador');
  await form.getByLabel('Número de serie').fill('   ');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.getByText('Este campo es obligatorio.')).toBeVisible();
  await expect(form.getByLabel('Número de serie')).toBeFocused();

  // A serial number already registered: the server's refusal shows on the field.
  await form.getByLabel('Número de serie').fill('KG-0001');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.locator('.ant-form-item-has-error')).toHaveCount(1);
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();

  // An Alert10C needs its gateway.
  await tab(page, 'KOS Alert 10 G');
  await page.getByRole('button', { name: 'Registrar' }).click();
  const alert = dialog(page, 'Registrar KOS Alert 10 G');
  await alert.getByLabel('Número de serie').fill('KA10C-0102');
  await alert.getByRole('button', { name: 'Registrar' }).click();
  await expect(alert.getByText('Este campo es obligatorio.')).toBeVisible();
  await alert.getByRole('button', { name: 'Cancelar' }).click();

  // The server refuses the same input on its own.
  const res = await page.request.post('/api/equipment/concentrator', {
    data: { NumeroSerie: '', Alias: '' },
    headers: { 'X-Requested-With': 'vigia' },
  });
  expect(res.status()).toBe(422);
  expect((await devices(page, 'concentrator')).length).toBe(before);
  expect((await devices(page, 'alert10c')).some((d) => d.NumeroSerie === 'KA10C-0102')).toBe(false);
});

test('the row actions: a new token, the responsible user, a gateway replaced by another', async ({ page }) => {
  await login(page, 'admin');
  await openEquipment(page);
  const first = await register(page, 'KG-0102', 'Concentrador viejo');
  await register(page, 'KG-0103', 'Concentrador nuevo');
  await tab(page, 'KOS Sensor');
  await register(page, 'KS-0101', 'Sensor molino M-601', 'KG-0102 · Concentrador viejo');
  await tab(page, 'Concentradores');

  // A new token replaces the old one.
  await row(page, 'KG-0102').getByRole('button', { name: 'Más acciones de KG-0102 · Concentrador viejo' }).click();
  await page.getByRole('menuitem', { name: 'Nueva clave del equipo' }).click();
  await page.getByRole('button', { name: 'Generar' }).click();
  const tokenModal = dialog(page, 'Clave del equipo');
  await expect(tokenModal).toBeVisible();
  expect(await tokenModal.getByLabel('Clave', { exact: true }).inputValue()).not.toBe(first);
  await tokenModal.getByRole('button', { name: 'Entendido' }).click();

  // EQP-023: the responsible user.
  await row(page, 'KG-0102').getByRole('button', { name: 'Más acciones de KG-0102 · Concentrador viejo' }).click();
  await page.getByRole('menuitem', { name: 'Asignar usuario' }).click();
  const userModal = dialog(page);
  await userModal.getByLabel('Usuario').click();
  await dropdown(page).getByTitle('Elena Editora (editor)', { exact: true }).click();
  await userModal.getByRole('button', { name: 'Asignar usuario' }).click();
  await expect(userModal).toBeHidden();
  await expect(row(page, 'KG-0102')).toContainText('Elena Editora');

  // EQP-018: the new gateway takes the old one's place, its sensor and user with it.
  await row(page, 'KG-0102').getByRole('button', { name: 'Más acciones de KG-0102 · Concentrador viejo' }).click();
  await page.getByRole('menuitem', { name: 'Sustituir' }).click();
  const replace = dialog(page, 'Sustituir KG-0102 · Concentrador viejo');
  await replace.getByLabel('Concentrador que lo sustituye').click();
  await dropdown(page).getByTitle('KG-0103 · Concentrador nuevo', { exact: true }).click();
  await replace.getByRole('button', { name: 'Sustituir' }).click();
  await expect(toast(page).filter({ hasText: 'KG-0103 · Concentrador nuevo sustituye a KG-0102 · Concentrador viejo.' })).toBeVisible();
  await expect(row(page, 'KG-0103')).toContainText('Elena Editora');
  await expect(row(page, 'KG-0102')).not.toContainText('Elena Editora');
  await tab(page, 'KOS Sensor');
  await expect(row(page, 'KS-0101').getByRole('cell', { name: 'KG-0103 Concentrador nuevo' })).toBeVisible();

  // EQP-037: a sensor's mode and order number edited.
  await row(page, 'KS-0101').getByRole('button', { name: 'Editar' }).click();
  const edit = dialog(page, 'Editar KS-0101 · Sensor molino M-601');
  await edit.getByLabel('Modo de medición').click();
  await dropdown(page).getByTitle('Predicción', { exact: true }).click();
  await edit.getByLabel('Número de orden').fill('13');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, 'KS-0101').getByRole('cell', { name: '13', exact: true })).toBeVisible();
  await expect(row(page, 'KS-0101')).toContainText('Predicción');
  // The demo's sensors, installed on machines and points.
  await expect(row(page, 'KS-0001').getByRole('cell', { name: 'KG-0002 Concentrador Centro Sur' })).toBeVisible();
  await expect(shownToasts(page)).toHaveCount(0, { timeout: 10_000 });
  // The whole list in a window tall enough (the header and side-bar stick, so a full-page shot would cut through them).
  await page.setViewportSize({ width: 1280, height: 1600 });
  // At 1280 px a path wraps between its names, never inside one: 'Molino M-401 ›' over 'Apoyo lado libre'.
  const installed = row(page, 'KS-0001').getByRole('cell', { name: 'Molino M-401 › Apoyo lado libre' });
  for (const name of ['Molino M-401 ›', 'Apoyo lado libre']) {
    expect((await installed.getByText(name, { exact: true }).boundingBox())!.height).toBeLessThan(30);
  }
  await page.evaluate('window.scrollTo(0, 0)');
  await page.mouse.move(0, 0);
  await settle(page);
  await documentShot(page, `equipment-sensors-es.png`);
  await page.setViewportSize({ width: 1280, height: 720 });
});

test('the administration tree: a distributor, a partner under it, a factory moved under the partner and back', async ({ page }) => {
  await login(page, 'admin');
  await openEquipment(page);
  await page.getByRole('button', { name: 'Árbol de administración' }).click();
  const drawer = dialog(page, 'Árbol de administración');
  const tree = drawer.getByRole('tree');
  await expect(tree.getByText('Distribuciones Iberia', { exact: true })).toBeVisible();
  await expect(tree.getByText('Socio Norte', { exact: true })).toBeVisible();
  await expect(tree.getByText('Planta Demo', { exact: true })).toBeVisible();

  const section = (name: string) => drawer.locator('form').filter({ has: page.locator(`[id^="${name}_"]`) });
  await section('distributor').getByLabel('Nombre').fill('Distribuciones Levante');
  await section('distributor').getByRole('button', { name: 'Añadir distribuidor' }).click();
  await expect(toast(page).filter({ hasText: 'Distribuidor Distribuciones Levante añadido.' })).toBeVisible();
  await expect(tree.getByText('Distribuciones Levante', { exact: true })).toBeVisible();

  await section('partner').getByLabel('Distribuidor').click();
  await dropdown(page).getByTitle('Distribuciones Levante', { exact: true }).click();
  await section('partner').getByLabel('Nombre').fill('Socio Levante');
  await section('partner').getByRole('button', { name: 'Añadir socio' }).click();
  await expect(toast(page).filter({ hasText: 'Socio Socio Levante añadido.' })).toBeVisible();
  await expect(tree.getByText('Socio Levante', { exact: true })).toBeVisible();

  const move = async (partner: string) => {
    await section('factoryPartner').getByLabel('Fábrica').click();
    await dropdown(page).getByTitle('Planta Norte', { exact: true }).click();
    await section('factoryPartner').getByLabel('Socio').click();
    await dropdown(page).getByTitle(partner, { exact: true }).click();
    await section('factoryPartner').getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page).filter({ hasText: `Planta Norte queda bajo el socio ${partner}.` })).toBeVisible();
  };
  await move('Socio Levante');
  type Node = { Nombre: string; Hijos: Node[] };
  const under = async (name: string) => {
    const find = (nodes: Node[]): Node | undefined =>
      nodes.map((n) => (n.Nombre === name ? n : find(n.Hijos))).find(Boolean);
    const nodes = (await (await page.request.get('/api/admin/tree')).json()) as Node[];
    return find(nodes)?.Hijos.map((n) => n.Nombre);
  };
  expect(await under('Socio Levante')).toEqual(['Planta Norte']);
  // The tree on top of the shot, in a window tall enough for the whole panel.
  await page.setViewportSize({ width: 1280, height: 1120 });
  await drawer.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  await settle(page);
  await documentShot(drawer, `equipment-tree-es.png`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await move('Socio Norte');
  expect(await under('Socio Norte')).toContain('Planta Norte');
});
