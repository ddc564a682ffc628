import { expect, test, type Page } from './fixtures';
import { documentShot, login, settle } from './helpers';
import { choose, chooseBearing, dropdown, openNode, save, toast } from './tree';

// The bearing blocks of the point editor. The demo factory starts with no bearings of its own;
// the shared catalogue has SKF, FAG, NSK, NTN and Timken, 20 models each.

/** The bearing block `n` (its selects and its frequencies). */
function block(page: Page, n: number) {
  return page.locator('.ant-form-item').filter({ has: page.getByLabel(`Marca del rodamiento ${n}`) });
}

/** Opens the model dropdown of block `n`. */
async function openModels(page: Page, n: number) {
  await page.getByLabel(`Modelo del rodamiento ${n}`).click();
  await expect(dropdown(page)).toBeVisible();
}

// TREE-087, TREE-088, TREE-094, TREE-106, TREE-108, TREE-114, TREE-115, TREE-116, TREE-118, TREE-119
test('bearings are chosen by brand and model, downloaded on save and saved without repeats', async ({ page }) => {
  // Tall enough for the whole point form in the screenshot.
  await page.setViewportSize({ width: 1280, height: 1200 });
  await login(page, 'editor');
  await openNode(page, 'Centro Sur', 'Refrigeración', 'Bomba P-501', 'Bomba centrífuga', 'Bomba LA');
  await expect(page.getByText('Rodamiento 4', { exact: true })).toBeVisible();
  // Without a brand there is no model to choose.
  await expect(page.getByLabel('Modelo del rodamiento 1')).toBeDisabled();

  // TREE-114: the brands of the shared catalogue; the factory has no SKF bearing yet, so only
  // the 'Descarga' group is offered. Typing searches the models on the server.
  await page.getByLabel('Marca del rodamiento 1').click();
  await expect(dropdown(page).locator('.ant-select-item-option')).toHaveText(['FAG', 'NSK', 'NTN', 'SKF', 'Timken']);
  await dropdown(page).getByTitle('SKF', { exact: true }).click();
  await openModels(page, 1);
  await expect(dropdown(page).locator('.ant-select-item-group')).toHaveText(['Descarga']);
  await page.getByLabel('Modelo del rodamiento 1').fill('6205');
  await expect(dropdown(page).locator('.ant-select-item-option')).toHaveText(['6205']);
  await dropdown(page).getByTitle('6205', { exact: true }).click();
  // TREE-094: the defect frequencies of the chosen bearing, in orders.
  await expect(block(page, 1).getByRole('group', { name: /rodamiento 1/ })).toHaveText(/BPFI 5,428\s*BPFO 3,572\s*FTF 0,397\s*BS 2,321\s*órdenes/);

  await chooseBearing(page, 2, 'FAG', '6306');
  // TREE-119: the same template bearing twice; the form warns before saving.
  await chooseBearing(page, 3, 'SKF', '6205');
  const warning = 'Existe repetición en los rodamientos. Se guardarán sin repeticiones.';
  // MSG-045
  await expect(page.getByRole('alert').filter({ hasText: warning })).toBeVisible();

  // TREE-118, TREE-119: the templates are downloaded, the repeat dropped, and both are said.
  await save(page);
  await expect(toast(page)).toContainText('El punto se ha guardado correctamente.');
  await expect(toast(page)).toContainText(warning);
  await page.reload();
  await expect(page.getByLabel('Marca del rodamiento 1')).toBeVisible();
  await expect(block(page, 1)).toContainText('6205');
  await expect(block(page, 2)).toContainText('6306');
  await expect(block(page, 3)).toContainText('Sin rodamiento');
  await expect(page.getByRole('alert').filter({ hasText: warning })).toHaveCount(0);

  // TREE-106, TREE-115: the downloaded bearing is now the factory's: it is listed under
  // 'Fábrica' and no longer under 'Descarga'.
  await choose(page, 'Marca del rodamiento 4', 'SKF');
  await openModels(page, 4);
  await expect(dropdown(page).locator('.ant-select-item').first()).toHaveText('Fábrica');
  await expect(dropdown(page).locator('.ant-select-item').nth(1)).toHaveText('6205');
  await expect(dropdown(page).locator('.ant-select-item-group')).toHaveText(['Fábrica', 'Descarga']);
  await expect(dropdown(page).getByTitle('6205', { exact: true })).toHaveCount(1);
  await settle(page);
  await documentShot(page, `point-bearings-es.png`);
  await page.keyboard.press('Escape');
  // The FAG bearing downloaded too, chosen from 'Fábrica' this time.
  await choose(page, 'Marca del rodamiento 4', 'FAG');
  await openModels(page, 4);
  await expect(dropdown(page).locator('.ant-select-item').nth(1)).toHaveText('6306');
  await dropdown(page).getByTitle('6306', { exact: true }).click();
  await expect(block(page, 4)).toContainText('BPFI');

  // TREE-116: choosing no brand clears the bearing (slot 2 held the same FAG bearing).
  const brand2 = page.locator('.ant-select').filter({ has: page.getByLabel('Marca del rodamiento 2') });
  await brand2.hover();
  await brand2.locator('.ant-select-clear').click();
  await expect(page.getByLabel('Modelo del rodamiento 2')).toBeDisabled();
  await expect(block(page, 2)).toContainText('Sin rodamiento');
  await save(page);
  // MSG-042
  await expect(toast(page)).toHaveText('El punto se ha guardado correctamente.');
  await page.reload();
  await expect(block(page, 4)).toContainText('6306');
  await expect(block(page, 2)).toContainText('Sin rodamiento');
});

// TREE-117: the 'Descarga' list asks pages of 20 as it is scrolled. The demo's brands have 20
// models each (one page), so the catalogue answer is stubbed here with 45 models of a brand;
// the server's paging itself is tested in Go.
test('the download list loads the next page of 20 when scrolled to its bottom', async ({ page }) => {
  const asked: number[] = [];
  const models = Array.from({ length: 45 }, (_, i) => ({
    GenRodamientoID: 90000 + i,
    GenRodamientoGUID: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    Marca: 'NTN',
    Modelo: `NU${String(201 + i)}`,
    Bpfi: 7.1,
    Bpfo: 4.9,
    Ftf: 0.41,
    Bs: 3.2,
  }));
  await page.route(/\/api\/user\/\d+\/bearing\/template\?/, async (route) => {
    const url = new URL(route.request().url());
    const pagina = Number(url.searchParams.get('Pagina') ?? '0');
    asked.push(pagina);
    await route.fulfill({ json: { Rodamientos: models.slice(pagina * 20, pagina * 20 + 20), Total: models.length } });
  });
  await login(page, 'editor');
  await openNode(page, 'Centro Sur', 'Refrigeración', 'Bomba P-501', 'Bomba centrífuga', 'Bomba LOA');
  await choose(page, 'Marca del rodamiento 1', 'NTN');
  await openModels(page, 1);
  await expect(dropdown(page).getByTitle('NU201', { exact: true })).toBeVisible();
  expect(asked).toEqual([0]);

  const list = dropdown(page).locator('.ant-select-dropdown-list-holder');
  for (const page2 of [1, 2]) {
    await list.hover();
    await expect(async () => {
      await page.mouse.wheel(0, 2000);
      expect(asked).toContain(page2);
    }).toPass();
  }
  await list.hover();
  await expect(async () => {
    await page.mouse.wheel(0, 2000);
    await expect(dropdown(page).getByTitle('NU245', { exact: true })).toBeVisible({ timeout: 500 });
  }).toPass();
  // All 45 are loaded: no fourth page is asked.
  expect(asked).toEqual([0, 1, 2]);
});
