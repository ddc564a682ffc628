import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login } from './helpers';
import { action, confirmAction, openNode, save, toast } from './tree';

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

// MSG-017: a copy reads the machine afresh; one another user deleted meanwhile is not copied,
// and nothing is left in the clipboard to paste.
test('a machine deleted meanwhile is not copied', async ({ page }) => {
  await login(page, 'editor');
  await openNode(page, 'Centro Sur', 'Refrigeración', 'Ventilador V-504');
  await deleteBehind(page, 'machine');
  await action(page, 'Copiar máquina');
  await expect(toast(page)).toContainText('No se ha podido copiar la máquina.');
  await openNode(page, 'Refrigeración');
  await expect(page.getByRole('heading', { name: 'Refrigeración', exact: true })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Acciones' }).getByRole('button', { name: 'Pegar máquina' })).toHaveCount(0);
});

// A refused delete says so and lists the server's reasons as 'code: message' (MSG-003; TREE-044
// an area, TREE-052 a machine). The server refuses no tree delete today (a node takes its
// subtree with it), so the refusal is made at the network, as a future rule would answer it.
const DELETES = [
  { kind: 'area', label: 'Eliminar área', path: ['Centro Sur', 'Transporte'] },
  { kind: 'machine', label: 'Eliminar máquina', path: ['Centro Sur', 'Transporte', 'Compresor C-602'] },
  { kind: 'component', label: 'Eliminar componente', path: ['Centro Sur', 'Transporte', 'Compresor C-603', 'Motor'] },
  { kind: 'point', label: 'Eliminar punto', path: ['Centro Sur', 'Transporte', 'Bomba P-604', 'Motor', 'Motor LA'] },
];

for (const d of DELETES) {
  test(`a refused ${d.kind} delete lists the server's reasons`, async ({ page }) => {
    await page.route(new RegExp(`/api/user/\\d+/${d.kind}/\\d+$`), (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 400, json: { errors: [{ code: 'in_use', message: 'Está en uso.' }] } })
        : route.continue(),
    );
    await login(page, 'editor');
    await openNode(page, ...d.path);
    await confirmAction(page, d.label);
    await expect(toast(page)).toContainText('No se ha podido eliminar.');
    await expect(toast(page)).toContainText('in_use: Está en uso.');
    await expect(page.getByRole('heading', { name: d.path[d.path.length - 1], exact: true })).toBeVisible();
  });
}

// MSG-001 (a site; the machine, point and catalogue items in their specs): a save the server
// refuses — the site was deleted meanwhile — says so.
test('a site deleted meanwhile is not saved, and the editor says so', async ({ page }) => {
  await login(page, 'editor');
  const factory = (await (await page.request.get('/api/auth/me')).json()).Fabricas[0].UsuFabricaID;
  const headers = { 'X-Requested-With': 'vigia' };
  const made = await page.request.post(`/api/user/${factory}/site`, { headers, data: { NombreEs: 'Centro efímero', Pais: 'ES', Ciudad: 'Bilbao' } });
  expect(made.ok()).toBe(true);
  await page.reload();
  await openNode(page, 'Centro efímero');
  expect((await page.request.delete(`/api/user/${factory}/site/${(await made.json()).UsuCentroID}`, { headers })).ok()).toBe(true);
  await save(page);
  await expect(toast(page)).toContainText('No se ha podido guardar.');
});
