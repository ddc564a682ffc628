import { expect, test, type Page } from './fixtures';
import { PASSWORD } from './helpers';

/** Counts the bytes the page receives (headers and encoded bodies) from now on. */
function transferred(page: Page) {
  let total = 0;
  page.on('requestfinished', (r) => {
    void r.sizes().then((s) => (total += s.responseHeadersSize + s.responseBodySize));
  });
  return {
    take: async () => {
      await page.waitForLoadState('networkidle');
      const t = total;
      total = 0;
      return t;
    },
  };
}

// The first load's weight, measured not asserted (docs/BENCHMARKS.md): the sign-in page, then
// the shell the signed-in user lands on. Chromium takes gzip here (brotli only over HTTPS).
test('the sign-in page and the shell load compressed', async ({ page }) => {
  const bytes = transferred(page);
  // Every script over 1 KB comes compressed (smaller ones are not worth it).
  const assets: { url: string; encoding?: string; length: number }[] = [];
  page.on('response', (r) => {
    const h = r.headers();
    if (new URL(r.url()).pathname.startsWith('/assets/') && r.url().endsWith('.js')) assets.push({ url: r.url(), encoding: h['content-encoding'], length: Number(h['content-length'] ?? 0) });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  const login = await bytes.take();
  // The sign-in page is drawn without antd: none of its components is on the page.
  await expect(page.locator('[class*="ant-"]')).toHaveCount(0);
  await page.getByLabel('Usuario').fill('editor');
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
  const shell = await bytes.take();
  expect(assets.length).toBeGreaterThan(0);
  expect(assets.filter((a) => a.encoding !== undefined)).not.toHaveLength(0);
  expect(assets.filter((a) => a.encoding === undefined && a.length > 1024)).toEqual([]);
  console.log(`first load: sign-in page ${(login / 1024).toFixed(0)} KB, shell after sign-in ${(shell / 1024).toFixed(0)} KB transferred`);
});
