// The admin tree (distributor > partner > factory > site) as the assignment of a device reads it.
import type { AdminNodeType, AdminTreeNode, Assignment, AssignmentBody } from './api';

/** The assignment field each level of the tree fills. */
const FIELD: Record<AdminNodeType, keyof AssignmentBody> = {
  DISTRIBUIDOR: 'DistribuidorId',
  SOCIO: 'SocioId',
  FABRICA: 'UsuFabricaId',
  CENTRO: 'UsuCentroId',
};

/** The levels, deepest first: an assignment is the deepest node it names. */
const DEEPEST_FIRST: readonly AdminNodeType[] = ['CENTRO', 'FABRICA', 'SOCIO', 'DISTRIBUIDOR'];

/** A node's key, unique across levels (ids are per level). */
export function nodeKey(node: { Tipo: AdminNodeType; ID: number }): string {
  return `${node.Tipo}:${node.ID}`;
}

/** The nodes from a root down to the node of `key`; undefined when the tree does not hold it. */
export function pathTo(nodes: readonly AdminTreeNode[], key: string): AdminTreeNode[] | undefined {
  for (const node of nodes) {
    if (nodeKey(node) === key) return [node];
    const below = pathTo(node.Hijos ?? [], key);
    if (below) return [node, ...below];
  }
  return undefined;
}

/**
 * Body of PUT .../admintree for a node chosen with its path from the root (EQP-024, EQP-038):
 * the node's id in its level's field and its ancestors' ids in theirs; an empty path unassigns.
 */
export function assignmentBody(path: readonly AdminTreeNode[]): AssignmentBody {
  const body: AssignmentBody = { DistribuidorId: null, SocioId: null, UsuFabricaId: null, UsuCentroId: null };
  for (const node of path) body[FIELD[node.Tipo]] = node.ID;
  return body;
}

/** The key of the node a device is assigned to (its deepest id); undefined when unassigned. */
export function assignmentKey(a: Assignment | null | undefined): string | undefined {
  if (!a) return undefined;
  const tipo = DEEPEST_FIRST.find((level) => a[FIELD[level]] != null);
  return tipo && nodeKey({ Tipo: tipo, ID: a[FIELD[tipo]] as number });
}

/**
 * How an assignment reads in the table, its names from the factory down ("Planta Demo › Centro Norte", as
 * sites of several factories may share a name), or the distributor's or partner's name. Until
 * the tree is loaded (or when it lacks the node), the node's name as the device carries it.
 */
export function assignmentPath(a: Assignment | null | undefined, tree: readonly AdminTreeNode[]): string[] | undefined {
  const key = assignmentKey(a);
  if (!key) return undefined;
  const path = pathTo(tree, key);
  if (!path) return a?.Nombre ? [a.Nombre] : undefined;
  const factory = path.findIndex((n) => n.Tipo === 'FABRICA');
  return factory >= 0 ? path.slice(factory).map((n) => n.Nombre) : [path[path.length - 1].Nombre];
}

/** Every node of a level, wherever it hangs (e.g. factories with and without a partner). */
export function nodesOf(tree: readonly AdminTreeNode[], tipo: AdminNodeType): AdminTreeNode[] {
  return tree.flatMap((n) => [...(n.Tipo === tipo ? [n] : []), ...nodesOf(n.Hijos ?? [], tipo)]);
}
