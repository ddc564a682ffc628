import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login } from './helpers';
import { action, openNode, toast } from './tree';

/** Deletes the node whose editor is open (the URL's `kind` parameter), as another user might meanwhile. */
async function deleteBehind(page: Page, kind: string) {
  const id = new URL(page.url()).searchParams.get(kind);
  const factory = (await (await page.request.get('/api/auth/me')).json()).Fabricas[0].UsuFabricaID;
  const gone = await page.request.delete(`/api/user/${factory}/${kind}/${id}`, { headers: { 'X-Requested-With': 'vigia' } });
  expect(gone.ok()).toBe(true);
}

// A paste whose copied node is gone says so and empties the clipboard: TREE-046 a machine,
// TREE-055 a component (MSG-019), TREE-080 a point (MSG-040).
const CASES = [
  {
    kind: 'machine',
    copy: 'Copiar máquina',
    paste: 'Pegar máquina',
    from: ['Centro Sur', 'Refrigeración', 'Bomba P-501'],
    into: ['Refrigeración'],
    failed: 'No se ha podido pegar la máquina.',
  },
  {
    kind: 'component',
    copy: 'Copiar componente',
    paste: 'Pegar componente',
    from: ['Centro Sur', 'Refrigeración', 'Bomba P-502', 'Bomba centrífuga'],
    into: ['Bomba P-502'],
    failed: 'No se ha podido pegar el componente.',
  },
  {
    kind: 'point',
    copy: 'Copiar punto',
    paste: 'Pegar punto',
    from: ['Centro Sur', 'Refrigeración', 'Ventilador V-503', 'Ventilador', 'Rodamiento LA'],
    into: ['Ventilador'],
    failed: 'No se ha podido pegar el punto.',
  },
];

for (const c of CASES) {
  test(`a ${c.kind} paste whose copied node is gone fails and empties the clipboard`, async ({ page }) => {
    await login(page, 'editor');
    await openNode(page, ...c.from);
    await action(page, c.copy);
    await expect(toast(page)).toContainText('correctamente');
    await deleteBehind(page, c.kind);
    await openNode(page, ...c.into);
    await action(page, c.paste);
    await expect(toast(page)).toContainText(c.failed);
    await expect(page.getByRole('toolbar', { name: 'Acciones' }).getByRole('button', { name: c.paste })).toHaveCount(0);
  });
}
