// The nodes a sensor may be assigned to, as the 'Asignar' modal offers them.
import type { MeFactory, TreeNode } from '../../../api/types';
import type { AdminTreeNode } from '../equipment/api';
import { nodeKey } from '../equipment/adminTree';

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

/** An option of antd's TreeSelect. */
export interface NodeOption {
  value: string;
  title: string;
  children: NodeOption[];
}

/** The tree as TreeSelect options, valued by node key ("CENTRO:3"). */
export function nodeOptions(nodes: readonly AdminTreeNode[]): NodeOption[] {
  return nodes.map((n) => ({ value: nodeKey(n), title: n.Nombre, children: nodeOptions(n.Hijos ?? []) }));
}
