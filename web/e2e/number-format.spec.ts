import { expect, test, type Page } from './fixtures';
import { chooseLanguage, login, settle } from './helpers';
import { openNode } from './tree';

// Numbers follow the language on the main screens (issue 17): no decimal point in Spanish and no
// decimal comma in English, in what the screens show and in their fields.

/** What a screen shows: the numbers written with a mark inside, and its fields' numbers. */
async function numbersOf(page: Page): Promise<{ shown: string[]; typed: string[] }> {
  await settle(page);
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  const scope = '.ant-layout-content, .ant-modal-wrap';
  const text = (await page.locator(scope).allInnerTexts()).join('\n');
  const values = await Promise.all((await page.locator(`:is(${scope}) input:not([type="hidden"])`).all()).map((input) => input.inputValue()));
  return { shown: text.match(/\d+(?:[.,]\d+)+/g) ?? [], typed: values.filter((v) => /\d[.,]\d/.test(v)) };
}

// Spanish groups thousands with a point from five digits on (12.345, 1.234.567): any other point
// is a decimal one. English groups them with a comma: any other comma is a decimal one. Fields
// never group.
const GROUPED = {
  es: /^(\d{2,3}(\.\d{3})+|\d(\.\d{3}){2,})(,\d+)?$/,
  en: /^\d{1,3}(,\d{3})+(\.\d+)?$/,
};
const WRONG_MARK = { es: '.', en: ',' };

async function expectLanguageMarks(page: Page, language: 'es' | 'en', screen: string) {
  const { shown, typed } = await numbersOf(page);
  const mark = WRONG_MARK[language];
  const wrong = [...shown.filter((n) => n.includes(mark) && !GROUPED[language].test(n)), ...typed.filter((v) => v.includes(mark))];
  expect(wrong, `${screen} in ${language}`).toEqual([]);
  return shown.length + typed.length;
}

/** The screens walked: each its URL, whether it is a table to wait for, whether its first item opens an editor. */
async function screensOf(page: Page): Promise<{ name: string; url: string; table?: boolean; editor?: boolean }[]> {
  // The tree's screens, found through the side-bar once, then opened by their URLs.
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101', 'Bomba centrífuga', 'Bomba LA');
  const point = page.url();
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101', 'Bomba centrífuga');
  const component = page.url();
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  const machine = page.url();
  await openNode(page, 'Centro Norte');
  const site = page.url();
  // A tab of a wrapper: /editor/machine/<tab>?... (a site's: /editor/<tab>?...).
  const tab = (url: string, name: string) => url.replace(/\/editor(\/machine)?\?/, (_, kind: string | undefined) => `/editor${kind ?? ''}/${name}?`);
  return [
    { name: 'machine', url: machine },
    { name: 'alert list', url: tab(machine, 'reference-value-edition'), table: true },
    { name: 'component', url: component },
    { name: 'point', url: point },
    { name: 'site alarms', url: tab(site, 'alarms'), table: true },
    { name: 'bands', url: '/catalog/bands', editor: true },
    { name: 'spectra', url: '/catalog/spectra', editor: true },
    { name: 'sensors', url: '/catalog/sensors', editor: true },
    { name: 'VCVs', url: '/catalog/vcvs', editor: true },
    { name: 'home', url: '/' },
  ];
}

// One test a language: each walks every screen, a long walk on a busy machine.
for (const language of ['es', 'en'] as const) {
  test(`the main screens write their numbers with the language’s decimal mark (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await login(page, 'editor');
    const screens = await screensOf(page);
    if (language === 'en') await chooseLanguage(page, /Idioma/, 'English');
    let numbers = 0;
    for (const screen of screens) {
      await page.goto(screen.url);
      await expect(page.locator('.ant-layout-content')).not.toBeEmpty();
      if (screen.table) await expect(page.locator('.ant-layout-content .ant-table-row').first()).toBeVisible();
      numbers += await expectLanguageMarks(page, language, screen.name);
      if (screen.editor) {
        // The factory column's first item (an item's name, not a group's).
        const columns = page.locator('.ant-layout-content').getByRole('region');
        await columns.first().locator('.vigia-catalog-name').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        numbers += await expectLanguageMarks(page, language, `${screen.name} editor`);
        await page.getByRole('dialog').locator('.ant-modal-close').click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    }
    // The walk read numbers, not empty screens.
    expect(numbers, language).toBeGreaterThan(20);
  });
}
