// Generic save, create, delete and paste of tree nodes. Each keeps the editors' cache and the
// side-bar in step: it refreshes the branches it touched (TREE-013) and forgets what it removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { keys } from '../../api/keys';
import { useFactory } from '../../app/factory';
import {
  NODE_ID,
  createCalls,
  downloadCalls,
  nodeCalls,
  pasteCalls,
  type InputOf,
  type NodeOf,
} from './api';
import { clipboard, type ClipItem } from './clipboard';
import {
  editorUrl,
  nodeKey,
  parentPath,
  parentRef,
  type NodeKind,
  type NodePath,
  type NodeRef,
} from './model';
import type { TemplateKind } from './templates';
import { useTree } from './TreeContext';

/** Refreshes the children of `node` and of its parent (whose "has children" flag may change). */
function useRefreshAround() {
  const { factoryId = 0 } = useFactory();
  const tree = useTree();
  return (node: NodeRef, path: NodePath) => {
    void tree.refreshBranch(node.Tipo, node.ID);
    if (node.Tipo !== 'factory') {
      const parent = parentRef(path, factoryId);
      void tree.refreshBranch(parent.Tipo, parent.ID);
    }
  };
}

/**
 * Saves the node of `kind` that `path` ends in, as an edit of `base`, the node the editor read
 * (refused with 412 when another user has changed it since). The editor's cache takes the
 * answer, and the parent's branch is refreshed (the name shown in the side-bar may have changed).
 */
export function useSaveNode<K extends NodeKind>(kind: K, path: NodePath) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  const tree = useTree();
  const id = path[kind] ?? 0;
  return useMutation({
    mutationFn: ({ body, base }: { body: InputOf[K]; base: NodeOf[K] }) => nodeCalls[kind].update(factoryId, id, body, base) as Promise<NodeOf[K]>,
    onSuccess: (node) => {
      queryClient.setQueryData(keys.treeNode(factoryId, kind, id), node);
      const parent = parentRef(path, factoryId);
      void tree.refreshBranch(parent.Tipo, parent.ID);
    },
  });
}

/**
 * Deletes the node of `kind` that `path` ends in, then: the clipboard forgets it if it held it
 * (TREE-050, TREE-076), the side-bar forgets and refreshes its parent's branch, and the view
 * goes to the parent's editor (home for a site).
 */
export function useDeleteNode(kind: NodeKind, path: NodePath) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  const tree = useTree();
  const navigate = useNavigate();
  const refreshAround = useRefreshAround();
  const id = path[kind] ?? 0;
  return useMutation({
    mutationFn: () => nodeCalls[kind].remove(factoryId, id),
    onSuccess: async () => {
      if (kind !== 'site') clipboard.clearIf(kind, id);
      tree.forget(nodeKey(kind, id));
      const parent = parentPath(path);
      refreshAround(parentRef(path, factoryId), parent);
      await navigate(kind === 'site' ? '/' : editorUrl(parent));
      queryClient.removeQueries({ queryKey: keys.treeNode(factoryId, kind, id) });
    },
  });
}

/** The path of a new child `kind` with id `id` of the node at `path`. */
function childPath(path: NodePath, kind: NodeKind, id: number, orientation?: number): NodePath {
  const out: NodePath = { ...path, [kind]: id };
  if (kind === 'point' && orientation !== undefined) out.orientation = orientation;
  return out;
}

/**
 * What follows the making of a new `kind` under the node `path` ends in (created or
 * downloaded): the parent's branch is refreshed and expanded, and the new node's editor opens.
 * `orientation` is the mounting of the component, for new points.
 */
function useOpenNewChild(kind: NodeKind, path: NodePath, orientation?: number) {
  const tree = useTree();
  const navigate = useNavigate();
  const refreshAround = useRefreshAround();
  return async (parent: NodeRef, id: number) => {
    refreshAround(parent, path);
    if (parent.Tipo !== 'factory') tree.expand([nodeKey(parent.Tipo, parent.ID)]);
    await navigate(editorUrl(childPath(path, kind, id, orientation)));
  };
}

/**
 * Creates a `kind` under the node `path` ends in (a site: under the factory, `path` empty),
 * then shows it in the side-bar and opens its editor.
 */
export function useCreateNode<K extends NodeKind>(kind: K, path: NodePath, orientation?: number) {
  const { factoryId = 0 } = useFactory();
  const openNew = useOpenNewChild(kind, path, orientation);
  const parent = kind === 'site' ? ({ Tipo: 'factory', ID: factoryId } as NodeRef) : parentRef(childPath(path, kind, 1), factoryId);
  return useMutation({
    mutationFn: (body: InputOf[K]) => createCalls[kind](factoryId, parent.ID, body) as Promise<NodeOf[K]>,
    onSuccess: (node) => openNew(parent, NODE_ID[kind](node)),
  });
}

/**
 * Downloads the template `kind` (its id) into the node `path` ends in (TREE-039, MACH-005),
 * then shows the copy in the side-bar and opens its editor.
 */
export function useDownloadNode<K extends TemplateKind>(kind: K, path: NodePath) {
  const { factoryId = 0 } = useFactory();
  const openNew = useOpenNewChild(kind, path);
  const parent = parentRef(childPath(path, kind, 1), factoryId);
  return useMutation({
    mutationFn: (templateId: number) => downloadCalls[kind](factoryId, parent.ID, templateId) as Promise<NodeOf[K]>,
    onSuccess: (node) => openNew(parent, NODE_ID[kind](node)),
  });
}

/**
 * Copies the node `path` ends in to the clipboard after reading it afresh: a node that another
 * user deleted or moved out of reach is not copied, and the copy fails with the server's reasons
 * (MSG-017). Never called for a site, which has no copy.
 */
export function useCopyNode(kind: NodeKind, path: NodePath) {
  const { factoryId = 0 } = useFactory();
  const id = path[kind] ?? 0;
  return useMutation({
    mutationFn: (): Promise<{ NombreEs: string }> => nodeCalls[kind].get(factoryId, id),
    onSuccess: (node) =>
      clipboard.set({ Tipo: kind as ClipItem['Tipo'], ID: id, UsuFabricaID: factoryId, Nombre: node.NombreEs }),
  });
}

/**
 * Pastes the clipboard's `kind` into the node `path` ends in. The branch is refreshed and
 * expanded to show the copy; a failed paste empties the clipboard (TREE-035, TREE-046,
 * TREE-055, TREE-080).
 */
export function usePasteNode(kind: Exclude<NodeKind, 'site'>, path: NodePath) {
  const { factoryId = 0 } = useFactory();
  const tree = useTree();
  const refreshAround = useRefreshAround();
  const parent = parentRef(childPath(path, kind, 1), factoryId);
  return useMutation({
    mutationFn: (item: ClipItem): Promise<unknown> => pasteCalls[kind](factoryId, parent.ID, item),
    onSuccess: () => {
      refreshAround(parent, path);
      tree.expand([nodeKey(parent.Tipo, parent.ID)]);
    },
    onError: () => clipboard.clear(),
  });
}
