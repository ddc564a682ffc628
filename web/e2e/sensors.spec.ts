import { expect, test, type Page } from './fixtures';
import { actions, choose, column, copyThenDelete, create, dialog, field, fill, item, openScreen, saveItem, toast } from './catalog';
import { documentShot, login, settle } from './helpers';

// The sensors screen (SENS-001..SENS-006) and the catalogue editor in its three modes
// (CAT-010..CAT-022) against the real server and its demo catalogue: 10 template sensors; the
// demo factory has downloaded the 100 mV/g accelerometer, the 4-20 transmitter and the
// tachometer, and keeps a copy of the accelerometer.

const FACTORY = 'Sensores de la fábrica';
const TEMPLATES = 'Sensores para descargar';

const openSensors = (page: Page) => openScreen(page, 'Sensores', 'sensors', column(page, FACTORY).getByText('Dinámico', { exact: true }));

/** One sensor type: how to fill a valid new item, and one invalid input that must be refused first. */
interface NewSensor {
  type: string;
  title: string;
  name: string;
  fill?: (page: Page) => Promise<void>;
  invalid: { label: string; value: string; fixed: string };
}

const NEW_SENSORS: NewSensor[] = [
  {
    type: 'Voltaje estático',
    title: 'Sensores Voltaje Estático', // SENS-047: the modal's title
    name: 'Presión de aceite 0-10 V (0-16 bar)',
    fill: async (page) => {
      await fill(page, 'Fondo de escala DC', '16');
      await choose(page, 'Magnitud', 'bar (presión)');
      await choose(page, 'Tiempo de muestra', '10 s');
    },
    invalid: { label: 'Desplazamiento DC', value: '1,2345', fixed: '0' },
  },
  {
    type: 'Intensidad 4-20 mA',
    title: 'Sensores Intensidad Estática', // SENS-035: the modal's title
    name: 'Caudalímetro de agua de refrigeración',
    fill: async (page) => {
      await fill(page, 'Lectura a 4 mA', '0');
      await choose(page, 'Magnitud', 'm³/h (caudal)');
      await choose(page, 'Tiempo de muestra', '1 s');
    },
    invalid: { label: 'Lectura a 20 mA', value: '12345678', fixed: '250,5' },
  },
  {
    type: 'Dinámico',
    title: 'Sensores Dinámicos', // SENS-015: the modal's title
    name: 'Acelerómetro ICP 250 mV/g (reductores)',
    fill: async (page) => {
      await choose(page, 'Alimentación', 'ICP 4 mA');
      await fill(page, 'BIAS mínimo', '8');
      await fill(page, 'BIAS máximo', '14');
    },
    invalid: { label: 'Sensibilidad', value: '123456', fixed: '250' },
  },
  {
    type: 'Dinámico digital',
    title: 'Sensores Dinámicos Digitales',
    name: 'Sensor MEMS de compresores',
    fill: async (page) => {
      await choose(page, 'Alimentación', 'Sin alimentación');
      await fill(page, 'BIAS máximo', '12');
    },
    // SENS-033: the minimum must not exceed the maximum.
    invalid: { label: 'BIAS mínimo', value: '15', fixed: '10' },
  },
  {
    type: 'Tacómetro',
    title: 'Sensores Tacométricos',
    name: 'Tacómetro 60 pulsos por vuelta',
    invalid: { label: 'Pulsos por vuelta', value: '256', fixed: '60' },
  },
  {
    type: 'Virtual',
    title: 'Sensores Virtuales',
    name: 'Velocidad calculada del molino',
    invalid: { label: 'Nombre', value: '', fixed: 'Velocidad calculada del molino' },
  },
  {
    type: 'Teclado',
    title: 'Sensores de Teclado',
    name: 'Velocidad anotada en la ronda',
    invalid: { label: 'Nombre', value: 'x'.repeat(101), fixed: 'Velocidad anotada en la ronda' },
  },
  {
    type: 'Nominal',
    title: 'Sensores Nominales',
    name: 'Velocidad de placa del motor',
    invalid: { label: 'Nombre', value: ' ', fixed: 'Velocidad de placa del motor' },
  },
];

test('SENS-001..SENS-005: creates a sensor of each type, refusing an invalid input first', async ({ page }) => {
  await login(page, 'editor');
  await openSensors(page);
  // SENS-002, SENS-003: two columns, each a tree of the eight types.
  for (const name of [FACTORY, TEMPLATES]) {
    for (const type of NEW_SENSORS.map((s) => s.type)) await expect(column(page, name).getByText(type, { exact: true })).toBeVisible();
  }
  await expect(item(page, FACTORY, 'Acelerómetro ICP 100 mV/g (descarga) (copia)')).toBeVisible();
  await expect(item(page, TEMPLATES, 'KOS Sensor MEMS triaxial')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle(page);
  await documentShot(page, `sensors-es.png`);

  for (const s of NEW_SENSORS) {
    await test.step(s.type, async () => {
      // SENS-001: the type selector and Create.
      await create(page, 'Tipo de sensor', s.type);
      await expect(dialog(page).getByText(s.title, { exact: true })).toBeVisible();
      expect(await actions(page)).toEqual(['Guardar']);

      await fill(page, 'Nombre', s.name);
      await s.fill?.(page);
      await fill(page, s.invalid.label, s.invalid.value);
      if (s.type === 'Dinámico') {
        await fill(page, s.invalid.label, s.invalid.fixed);
        await settle(page);
        await documentShot(dialog(page), `sensor-modal-add-es.png`);
        await fill(page, s.invalid.label, s.invalid.value);
      }
      // SENS-070: the invalid field is highlighted and focused; nothing is saved.
      await dialog(page).getByRole('button', { name: 'Guardar' }).click();
      await expect(field(page, s.invalid.label)).toHaveClass(/ant-form-item-has-error/);
      await expect(dialog(page).getByLabel(s.invalid.label, { exact: true })).toBeFocused();
      await expect(dialog(page).getByText('Revise los campos resaltados.')).toBeVisible();

      await fill(page, s.invalid.label, s.invalid.fixed);
      // CAT-017, CAT-018: the list reloads and the new sensor is selected.
      await saveItem(page, FACTORY, s.name);
    });
  }

  // The values were stored as typed (comma decimals, 3 decimals for 4-20 readings).
  await item(page, FACTORY, 'Caudalímetro de agua de refrigeración').click();
  await expect(dialog(page).getByLabel('Lectura a 20 mA', { exact: true })).toHaveValue('250,500');
  await expect(dialog(page).getByLabel('Alimentación', { exact: true })).toBeDisabled();
});

test('CAT-011, CAT-013, CAT-016, SENS-072: edits, copies and deletes factory sensors', async ({ page }) => {
  await login(page, 'editor');
  await openSensors(page);

  // Edit: the form of the factory item, with Delete, Copy and Save.
  await item(page, FACTORY, 'Acelerómetro ICP 100 mV/g (descarga) (copia)').click();
  await expect(dialog(page).getByText('Sensores Dinámicos', { exact: true })).toBeVisible();
  await expect(dialog(page).getByLabel('Nombre', { exact: true })).toHaveValue('Acelerómetro ICP 100 mV/g (descarga) (copia)');
  expect(await actions(page)).toEqual(['Eliminar', 'Copiar', 'Guardar']);
  // SENS-017: the input is always disabled.
  await expect(dialog(page).getByLabel('Entrada', { exact: true })).toBeDisabled();
  await settle(page);
  await documentShot(dialog(page), `sensor-modal-edit-es.png`);

  await fill(page, 'Nombre', 'Acelerómetro de ventiladores');
  await fill(page, 'Sensibilidad', '102,5');
  await saveItem(page, FACTORY, 'Acelerómetro de ventiladores');
  await expect(item(page, FACTORY, 'Acelerómetro ICP 100 mV/g (descarga) (copia)')).toHaveCount(0);
  await item(page, FACTORY, 'Acelerómetro de ventiladores').click();
  await expect(dialog(page).getByLabel('Sensibilidad', { exact: true })).toHaveValue('102,50');

  // Copy (the copy gets the suffix and is selected), then delete the copy after the confirmation.
  await copyThenDelete(page, FACTORY, 'Acelerómetro de ventiladores');
  await expect(dialog(page)).toHaveCount(0);
  await expect(item(page, FACTORY, 'Acelerómetro de ventiladores')).toBeVisible();
});

// CAT-011, CAT-013, CAT-016: the sensor of each type created above is edited, copied and
// deleted the same way; the template of each type opens read-only with Download only (CAT-012).
test('every sensor type is edited, copied and deleted; every type of template is read-only', async ({ page }) => {
  await login(page, 'editor');
  await openSensors(page);
  for (const s of NEW_SENSORS) {
    await test.step(s.type, async () => {
      await item(page, FACTORY, s.name).click();
      await expect(dialog(page).getByText(s.title, { exact: true })).toBeVisible();
      expect(await actions(page)).toEqual(['Eliminar', 'Copiar', 'Guardar']);
      await fill(page, 'Nombre', `${s.name} (editado)`);
      await saveItem(page);
      await item(page, FACTORY, `${s.name} (editado)`).click();
      await copyThenDelete(page, FACTORY, `${s.name} (editado)`);
    });
  }
  const templates: Record<string, string> = {
    'Sensores Voltaje Estático': 'Sonda de temperatura 0-10 V (-20…120 °C)',
    'Sensores Intensidad Estática': 'Transmisor de velocidad 4-20 mA (0-3000 rpm)',
    'Sensores Dinámicos': 'Acelerómetro ICP 100 mV/g',
    'Sensores Dinámicos Digitales': 'KOS Sensor MEMS triaxial',
    'Sensores Tacométricos': 'Tacómetro 1 pulso por vuelta',
    'Sensores Virtuales': 'Velocidad por 1x del espectro',
    'Sensores de Teclado': 'Velocidad introducida por el operador',
    'Sensores Nominales': 'Velocidad nominal de placa',
  };
  for (const [title, name] of Object.entries(templates)) {
    await item(page, TEMPLATES, name).click();
    await expect(dialog(page).getByText(title, { exact: true })).toBeVisible();
    expect(await actions(page)).toEqual(['Descargar']);
    await expect(dialog(page).getByLabel('Nombre', { exact: true })).toBeDisabled();
    await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
  }
});

test('CAT-004, CAT-012, SENS-005, SENS-071: downloads templates once, read-only with Download only', async ({ page }) => {
  await login(page, 'editor');
  await openSensors(page);

  // Decision 4: every field of a template is read-only, magnitude included.
  await item(page, TEMPLATES, 'Velocidad por 1x del espectro').click();
  await expect(dialog(page).getByText('Sensores Virtuales', { exact: true })).toBeVisible();
  expect(await actions(page)).toEqual(['Descargar']);
  await expect(dialog(page).getByLabel('Nombre', { exact: true })).toBeDisabled();
  await expect(dialog(page).getByLabel('Magnitud', { exact: true })).toBeDisabled();
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();

  await item(page, TEMPLATES, 'Acelerómetro ICP 500 mV/g (baja frecuencia)').click();
  await expect(dialog(page).getByLabel('Sensibilidad', { exact: true })).toHaveValue('500,00');
  for (const label of ['Alimentación', 'Sensibilidad', 'Magnitud', 'BIAS mínimo', 'Tiempo de estabilización']) {
    await expect(dialog(page).getByLabel(label, { exact: true })).toBeDisabled();
  }
  await settle(page);
  await documentShot(dialog(page), `sensor-modal-template-es.png`);

  // CAT-004, CAT-008: the download lands in the factory with the suffix, selected.
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  await expect(toast(page)).toHaveText('Elemento descargado correctamente.');
  await expect(item(page, FACTORY, 'Acelerómetro ICP 500 mV/g (baja frecuencia) (descarga)')).toHaveAttribute('aria-selected', 'true');
  await expect(item(page, TEMPLATES, 'Acelerómetro ICP 500 mV/g (baja frecuencia)').getByText('Descargado')).toBeVisible();

  // SENS-071: a second download is refused with the server's message; the editor stays open.
  await item(page, TEMPLATES, 'Acelerómetro ICP 500 mV/g (baja frecuencia)').click();
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  const failure = dialog(page).getByRole('alert').filter({ hasText: 'No se ha podido descargar el elemento.' });
  await expect(failure).toContainText('El sensor ya se ha descargado previamente.');
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();

  // A kind identified by GUID downloads the same way.
  await item(page, TEMPLATES, 'Velocidad nominal de placa').click();
  await dialog(page).getByRole('button', { name: 'Descargar' }).click();
  await expect(item(page, FACTORY, 'Velocidad nominal de placa (descarga)')).toHaveAttribute('aria-selected', 'true');
});

test('a read-only user sees the sensors but cannot create, change or download them', async ({ page }) => {
  await login(page, 'lector');
  await openSensors(page);
  await expect(page.getByRole('button', { name: 'Crear' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Tipo de sensor' })).toHaveCount(0);

  await item(page, FACTORY, 'Tacómetro 1 pulso por vuelta (descarga)').click();
  await expect(dialog(page).getByLabel('Pulsos por vuelta', { exact: true })).toHaveValue('1');
  await expect(dialog(page).getByLabel('Pulsos por vuelta', { exact: true })).toBeDisabled();
  expect(await actions(page)).toEqual([]);
  await expect(dialog(page).getByText('Solo lectura: su usuario no puede modificar el catálogo de la fábrica.')).toBeVisible();
  // Nothing to do leaves no empty footer band over the fields.
  await expect(page.locator('.ant-modal-footer')).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Cerrar' }).click();

  await item(page, TEMPLATES, 'Tacómetro 1 pulso por vuelta').click();
  await expect(dialog(page).getByLabel('Nombre', { exact: true })).toBeDisabled();
  expect(await actions(page)).toEqual([]);
});

// A double click on Guardar sent a new sensor twice, before the button showed the first send.
test('a double click on Guardar creates one sensor', async ({ page }) => {
  await login(page, 'editor');
  await openSensors(page);
  let posts = 0;
  page.on('request', (r) => void (r.method() === 'POST' && /\/user\/\d+\/sensor\/dynamic$/.test(new URL(r.url()).pathname) && posts++));
  await create(page, 'Tipo de sensor', 'Dinámico');
  await fill(page, 'Nombre', 'Sensor del doble clic');
  await choose(page, 'Alimentación', 'ICP 4 mA');
  await dialog(page).getByRole('button', { name: 'Guardar' }).dblclick();
  await expect(toast(page).filter({ hasText: 'Elemento guardado correctamente.' })).toBeVisible();
  await expect(item(page, FACTORY, 'Sensor del doble clic')).toHaveCount(1);
  expect(posts).toBe(1);
});

test('SENS-006: on a small screen a menu button opens the factory sensors', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await login(page, 'editor');
  await page.goto('/catalog/sensors');
  await expect(column(page, TEMPLATES).getByText('KOS Sensor MEMS triaxial', { exact: true })).toBeVisible();
  await expect(column(page, FACTORY)).toHaveCount(0);
  await page.getByRole('button', { name: FACTORY }).click();
  await expect(item(page, FACTORY, 'Tacómetro 1 pulso por vuelta (descarga)')).toBeVisible();
  // Opening a sensor closes the pane and opens its editor.
  await item(page, FACTORY, 'Tacómetro 1 pulso por vuelta (descarga)').click();
  await expect(dialog(page).getByText('Sensores Tacométricos', { exact: true })).toBeVisible();
});
