import dayjs from 'dayjs';
import { expect, test } from './fixtures';
import { documentShot, chooseLanguage, login, menuEntry } from './helpers';
import { chooseNode, expandNode, openNode, treeItem } from './tree';

// I18N-002, I18N-003: English and French are available; the choice follows the user.
test('switch to English and French and back to Spanish', async ({ page }) => {
  await login(page, 'editor');
  await chooseLanguage(page, /Idioma/, 'English');
  await expect(page.getByRole('heading', { name: /Elena Editora/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Home/ })).toBeVisible();
  await documentShot(page, `shell-en.png`);

  // Remembered on the server: a reload keeps English.
  await page.reload();
  await expect(page.getByRole('menuitem', { name: /Home/ })).toBeVisible();

  await chooseLanguage(page, /Language/, 'Français');
  await expect(page.getByRole('menuitem', { name: /Accueil/ })).toBeVisible();
  await documentShot(page, `shell-fr.png`);

  await chooseLanguage(page, /Langue/, 'Español');
  await expect(page.getByRole('menuitem', { name: /Inicio/ })).toBeVisible();
});

test('the login page speaks English when chosen', async ({ page }) => {
  await page.goto('/login');
  await chooseLanguage(page, /Idioma/, 'English');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await documentShot(page, `login-en.png`);
  await chooseLanguage(page, /Language/, 'Español');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
});

// A decimal reads with the language's mark: Bomba P-101's minimum speed of 300 rpm, which the API
// sends as "300.000", must never read as three hundred thousand in Spanish.
test('decimals show a comma in Spanish and French and a point in English, as typed or stored', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  const minSpeed = (label: string) => page.getByLabel(label, { exact: true });
  await expect(minSpeed('Velocidad mínima')).toHaveValue('300,000');
  // A dot typed in Spanish turns into the comma it means.
  await minSpeed('Velocidad mínima').fill('1.5');
  await expect(minSpeed('Velocidad mínima')).toHaveValue('1,5');

  // The change of language fetches the machine again, in English: what was typed stays.
  const refetched = page.waitForResponse((r) => r.request().method() === 'GET' && /\/api\/user\/\d+\/machine\/\d+$/.test(new URL(r.url()).pathname));
  await chooseLanguage(page, /Idioma/, 'English');
  await refetched;
  await expect(minSpeed('Minimum speed')).toHaveValue('1.5');
  await page.reload();
  await expect(minSpeed('Minimum speed')).toHaveValue('300.000');

  await chooseLanguage(page, /Language/, 'Français');
  await expect(minSpeed('Vitesse minimale')).toHaveValue('300,000');
  await chooseLanguage(page, /Langue/, 'Español');
  await expect(minSpeed('Velocidad mínima')).toHaveValue('300,000');
});

// A new user speaks the language of the administrator who adds them, until told otherwise.
test("a new user's language is at first the administrator's", async ({ page }) => {
  await login(page, 'admin');
  await chooseLanguage(page, /Idioma/, 'Français');
  await menuEntry(page, 'Administration', /Utilisateurs/);
  await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
  await expect(dialog.locator('.ant-form-item').filter({ hasText: 'Langue' })).toContainText('Français');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await chooseLanguage(page, /Langue/, 'English');
  await page.getByRole('button', { name: 'New user' }).click();
  await expect(page.getByRole('dialog', { name: 'New user' }).locator('.ant-form-item').filter({ hasText: 'Language' })).toContainText('English');
  await page.getByRole('dialog', { name: 'New user' }).getByRole('button', { name: 'Cancel' }).click();
  // The next test signs in to a Spanish screen.
  await chooseLanguage(page, /Language/, 'Español');
});

// A date picker writes a day in the language's order, as the rest of the console: the
// precalculation's first period ends today.
test('date pickers read day and month in the order of the language', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  await page.getByRole('tab', { name: 'Cálculo de alarmas' }).click();
  const today = dayjs();
  await expect(page.getByLabel('Fin del periodo 1')).toHaveValue(today.format('DD/MM/YYYY'));
  await chooseLanguage(page, /Idioma/, 'English');
  await expect(page.getByLabel('End of period 1')).toHaveValue(today.format('MM/DD/YYYY'));
  // Typed in that order, a day is taken.
  await page.getByLabel('End of period 1').click();
  await page.getByLabel('End of period 1').fill('01/31/2026');
  await page.getByLabel('End of period 1').press('Enter');
  await expect(page.getByLabel('End of period 1')).toHaveValue('01/31/2026');
  await chooseLanguage(page, /Language/, 'Français');
  await expect(page.getByLabel('Fin de la période 1')).toHaveValue('31/01/2026');
  await chooseLanguage(page, /Langue/, 'Español');
});

// French puts a space before a colon, in a chart's legend too ('Temps : …'); Spanish does not.
test("a chart's legend reads with the French space before its colons", async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  await page.getByRole('tab', { name: 'Lista de alertas' }).click();
  const colon = async (button: string, dialog: string) => {
    await page.locator('.ant-table-row').first().getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    const legend = page.locator('.ant-modal .u-legend th').first();
    await expect(legend).toBeVisible();
    return legend.evaluate((th) => getComputedStyle(th, '::after').content);
  };
  expect(await colon('Gráfica y umbrales', 'Editar alarma')).toBe('":"');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await chooseLanguage(page, /Idioma/, 'Français');
  expect(await colon('Graphique et seuils', 'Modifier l’alarme')).toBe('"\u202F:"');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await chooseLanguage(page, /Langue/, 'Español');
});

// The server names the VCVs in the user's language (French reads the English names): on a change
// of language, the screen shown reads its names again in the new one, without a reload. In a
// 1280 px window French headers widen the levels: a name still shows whole, its tag under it.
test("a change of language renames the screen's items at once, whole in a 1280 px window", async ({ page }) => {
  await login(page, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  await page.getByRole('tab', { name: 'Lista de alertas' }).click();
  const table = page.locator('.ant-table');
  await expect(table.getByText('Envolvente global (descarga)').first()).toBeVisible();
  await chooseLanguage(page, /Idioma/, 'Français');
  const name = table.locator('.ant-typography').filter({ hasText: 'Overall envelope (download)' }).first();
  await expect(name).toBeVisible();
  await expect(table.getByText('Envolvente global (descarga)')).toHaveCount(0);
  expect(await name.evaluate((e) => e.textContent === 'Overall envelope (download)' && e.scrollHeight <= e.clientHeight && e.scrollWidth <= e.clientWidth)).toBe(true);
  await chooseLanguage(page, /Langue/, 'Español');
  await expect(table.getByText('Envolvente global (descarga)').first()).toBeVisible();
});

// French reads the English names the server gives (as the catalogue does): a machine's VCO/VCOV
// too, in the side-bar and on its page, where it read the Spanish name.
test("a machine's VCO reads its English name in French, and is an OCV in English", async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-102');
  await expandNode(page, 'VCO/V de máquina');
  await expect(treeItem(page, 'Velocidad (tacómetro) (descarga)')).toBeVisible();
  await chooseLanguage(page, /Idioma/, 'Français');
  await chooseNode(page, 'Speed (tachometer) (download)');
  await expect(page.getByRole('heading', { name: 'Speed (tachometer) (download)', exact: true })).toBeVisible();
  await expect(treeItem(page, 'Velocidad (tacómetro) (descarga)')).toHaveCount(0);
  // English names a VCO an OCV, its type too.
  await chooseLanguage(page, /Langue/, 'English');
  await expect(page.locator('.ant-descriptions').getByText('OCV', { exact: true })).toBeVisible();
  await chooseLanguage(page, /Language/, 'Español');
  await expect(treeItem(page, 'Velocidad (tacómetro) (descarga)')).toBeVisible();
});

// A point's VCVs in the side-bar carry their range's code as the language writes it: BR, AR,
// DM in Spanish, LR, HR, DM in English, where English read the Spanish BR.
test("a point's VCVs in the side-bar carry the language's range codes", async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101', 'Bomba centrífuga', 'Bomba LA');
  await expandNode(page, 'VCVs KOS Alert 10');
  const vcvs = page.locator('#sidebar-tree .ant-tree-title').filter({ hasText: / · / });
  const codes = async () => (await vcvs.allTextContents()).map((title) => title.split(' · ')[0]).sort();
  await expect.poll(codes).toEqual(['BR', 'BR', 'DM']);
  await chooseLanguage(page, /Idioma/, 'English');
  await expect.poll(codes).toEqual(['DM', 'LR', 'LR']);
  await chooseLanguage(page, /Language/, 'Español');
  await expect.poll(codes).toEqual(['BR', 'BR', 'DM']);
});

// In a 1280 px window French names are longer: a catalogue name beside its 'Téléchargé' mark
// wraps, whole, where it was cut to 'ICP accelerometer 10 mV/g (high freq…'.
test('a catalogue name beside its mark shows whole in French at 1280 px', async ({ page }) => {
  await login(page, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage(page, /Idioma/, 'Français');
  await page.goto('/catalog/sensors');
  const templates = page.getByRole('region', { name: 'Capteurs à télécharger' });
  const name = templates.getByText('ICP accelerometer 10 mV/g (high frequency)', { exact: true });
  await expect(name).toBeVisible();
  await expect(templates.getByRole('treeitem').filter({ hasText: 'ICP accelerometer 10 mV/g (high frequency)' }).getByText('Téléchargé')).toBeVisible();
  for (const shown of await templates.locator('.vigia-catalog-name').all()) {
    expect(await shown.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  }
  await chooseLanguage(page, /Langue/, 'Español');
});
