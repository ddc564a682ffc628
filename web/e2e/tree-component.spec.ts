import { expect, test } from './fixtures';
import { documentShot, login, settle } from './helpers';
import { action, choose, confirmAction, expectRefused, fillFields, formItem, openNode, save, toast, treeItem } from './tree';

// TREE-058, TREE-062, TREE-066, TREE-067, TREE-068, TREE-070: the component form and its motor
// section.
test('the component editor shows the motor fields of its subtype and checks them', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Ventilación', 'Ventilador V-202', 'Motor');
  await expect(page.getByLabel('Marca')).toHaveValue('ABB');
  // One page: no tab bar over it.
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await settle(page);
  await documentShot(page, `component-es.png`);

  // TREE-066: a wound-rotor motor adds the rotor values; TREE-067: a DC motor its own.
  await choose(page, 'Tipo de componente', 'Motor de rotor bobinado');
  await expect(page.getByLabel('Intensidad de rotor')).toBeVisible();
  await choose(page, 'Tipo de componente', 'Motor de corriente continua');
  await expect(page.getByLabel('Intensidad de rotor')).toHaveCount(0);
  await expect(page.getByLabel('Tensión de inducido')).toBeVisible();
  // Rated values carry their unit.
  for (const [label, unit] of [['Velocidad', 'rpm'], ['Tensión de inducido', 'V'], ['Intensidad de inducido', 'A'], ['Potencia', 'kW']]) {
    await expect(formItem(page, label).locator('.ant-input-suffix'), label).toHaveText(unit);
  }

  // TREE-068, TREE-070: required motor data and the power's format.
  await fillFields(page, { 'Número de serie': '', Potencia: '12,345' });
  await expectRefused(page, { Potencia: 'Valor no válido.', 'Número de serie': 'Este campo es obligatorio.' });

  await fillFields(page, { Potencia: '110,5', 'Número de serie': 'DC-0042', 'Tensión de inducido': '440', Nombre: 'Motor CC' });
  const dynamic = formItem(page, 'Parámetros dinámicos');
  await dynamic.getByText('Sí', { exact: true }).click();
  await save(page);
  // MSG-037
  await expect(toast(page)).toHaveText('El componente se ha guardado correctamente.');
  await expect(treeItem(page, 'Motor CC')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Potencia')).toHaveValue('110,50');
  await expect(page.getByLabel('Tensión de inducido')).toHaveValue('440');
  await expect(dynamic.getByRole('radio', { name: 'Sí' })).toBeChecked();

  // Without a motor subtype there is no motor section.
  await choose(page, 'Tipo de componente', 'Ventilador axial');
  await expect(page.getByLabel('Marca')).toHaveCount(0);
});

// TREE-056, TREE-057, TREE-060, TREE-076, TREE-077, TREE-078, TREE-079.
test('create, copy and paste points, and delete the component', async ({ page }) => {
  // The side-bar tree is virtual: only rows in view exist, and both copies must be.
  await page.setViewportSize({ width: 1280, height: 1300 });
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Ventilación', 'Ventilador V-203', 'Ventilador');
  await expect(page.getByRole('button', { name: 'Pegar punto' })).toHaveCount(0);

  await action(page, 'Crear punto de vibración');
  await page.getByRole('dialog').getByLabel('Nombre').fill('Rodamiento central');
  await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
  await expect(page).toHaveURL(/\/editor\/point\?.*orientation=1/);
  await expect(page.getByRole('heading', { name: 'Rodamiento central' })).toBeVisible();
  await expect(treeItem(page, 'Rodamiento central')).toHaveAttribute('aria-selected', 'true');

  // TREE-084: the point editor's bar offers 'Copiar punto'.
  await action(page, 'Copiar punto');
  // MSG-043
  await expect(toast(page)).toHaveText('punto copiado correctamente.');
  await openNode(page, 'Ventilador V-203', 'Motor');
  await action(page, 'Pegar punto');
  // MSG-039
  await expect(toast(page)).toHaveText('punto pegado correctamente.');
  await expect(treeItem(page, 'Rodamiento central')).toHaveCount(2);

  // TREE-078, TREE-076, TREE-077: copy the component, then delete it.
  await openNode(page, 'Ventilador');
  await action(page, 'Copiar componente');
  // MSG-038
  await expect(toast(page)).toHaveText('Componente copiado correctamente.');
  // TREE-061: the delete asks '¿Está seguro de querer eliminar el elemento?' (confirmAction checks it).
  await confirmAction(page, 'Eliminar componente');
  await expect(page).toHaveURL(/\/editor\/machine\?/);
  await expect(page.getByRole('heading', { name: 'Ventilador V-203' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pegar componente' })).toHaveCount(0);
  await expect(treeItem(page, 'Rodamiento central')).toHaveCount(1);
});

// TREE-075: a component without mounting cannot get points.
test('creating a point needs a mounting', async ({ page }) => {
  await login(page, 'editor');
  // An older component may have no mounting; the answer is altered to show one.
  await page.route(/\/api\/user\/\d+\/component\/\d+$/, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const res = await route.fetch();
    const body = await res.json();
    delete body.Montaje;
    await route.fulfill({ response: res, json: body });
  });
  await openNode(page, 'Centro Sur', 'Molienda', 'Molino M-402', 'Reductor');
  // The empty mounting asks for one, as the form of a new component does.
  await expect(formItem(page, 'Montaje')).toContainText('Seleccione un montaje');
  await action(page, 'Crear punto de vibración');
  await expect(toast(page)).toHaveText('No es posible crear un punto si el componente no tiene asignado un montaje.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.unrouteAll();
  await openNode(page, 'Molino M-402');
  await action(page, 'Crear componente');
  await expect(page.getByRole('dialog', { name: 'Nuevo componente' })).toContainText('Seleccione un montaje');
});
