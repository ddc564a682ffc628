import { expect, test } from './fixtures';
import { login } from './helpers';
import { openNode } from './tree';

// The pages live under the server's Content-Security-Policy: the site's map with its marker,
// a machine's editor and the alarm chart's canvas break none of it.
test('the console runs under its content security policy without a violation', async ({ page }) => {
  // Runs in the page before its scripts (a string: the e2e code is typed without the DOM).
  await page.addInitScript({
    content: `window.cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));`,
  });
  const answer = await page.goto('/login');
  expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer?.headers()['x-content-type-options']).toBe('nosniff');
  await login(page, 'editor');
  await openNode(page, 'Centro Norte');
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1);
  await openNode(page, 'Centro Norte', 'Bombeo', 'Bomba P-101');
  await page.getByRole('tab', { name: 'Lista de alertas' }).click();
  await page.locator('.ant-table-row').first().getByRole('button', { name: 'Gráfica y umbrales' }).click();
  await expect(page.getByRole('dialog', { name: 'Editar alarma' }).locator('.vigia-time-chart canvas').first()).toBeVisible();
  expect(await page.evaluate<string[]>('window.cspViolations')).toEqual([]);
});
