// The nodes a sensor may be assigned to, as the 'Asignar' modal offers them.
import type { MeFactory, TreeNode } from '../../../api/types';
import type { AdminTreeNode } from '../equipment/api';

/**
 * The part of the admin tree a U_EDITOR may assign to: their factories, each over its sites
 * (`sites` gives a factory's loaded sites). Same shape as the admin tree, so one modal and one
 * body builder serve ADMIN and U_EDITOR.
 */
export function factoryTree(factories: readonly MeFactory[], sites: (factory: number) => readonly TreeNode[]): AdminTreeNode[] {
  return factories.map((f) => ({
    Tipo: 'FABRICA',
    ID: f.UsuFabricaID,
    Nombre: f.Nombre,
    Hijos: sites(f.UsuFabricaID).map((s) => ({ Tipo: 'CENTRO', ID: s.ID, Nombre: s.Nombre })),
  }));
}
