// Generic save, create, delete and paste of tree nodes. Each keeps the editors' cache and the
// side-bar in step: it refreshes the branches it touched (TREE-013) and forgets what it removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { keys } from '../../api/keys';
import { useFactory } from '../../app/factory';
import type { MachineVcoChannel, MachineVcoStates } from '../../api/types';
import {
  NODE_ID,
  createCalls,
  downloadCalls,
  machineAlarmCalls,
  machineAlarmsKey,
  machineVcoCalls,
  nodeCalls,
  pasteCalls,
  type AssignWhat,
  type InputOf,
  type MachineAlarm,
  type MachineAlarmValues,
  type NodeOf,
} from './api';
import { clipboard, type ClipItem } from './clipboard';
import {
  editorUrl,
  nodeKey,
  parentPath,
  parentRef,
  truncatePath,
  type NodeKind,
  type NodePath,
  type NodeRef,
} from './model';
import { vcoGroupKey, vcoKey } from './machineVco';
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
 * Saves the node of `kind` that `path` ends in. The editor's cache takes the answer, and the
 * parent's branch is refreshed (the name shown in the side-bar may have changed).
 */
export function useSaveNode<K extends NodeKind>(kind: K, path: NodePath) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  const tree = useTree();
  const id = path[kind] ?? 0;
  return useMutation({
    mutationFn: (body: InputOf[K]) => nodeCalls[kind].update(factoryId, id, body) as Promise<NodeOf[K]>,
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

/**
 * The changes of a machine's VCO/VCOVs (S3 §2.10, §4). Each refreshes the machine's list, which
 * the side-bar's group 'VCO/V de máquina' and the VCO page read. `path` ends in the machine.
 */
export function useMachineVcoMutations(path: NodePath) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  const tree = useTree();
  const navigate = useNavigate();
  const machine = path.machine ?? 0;
  // Not awaited: the caller's message need not wait for the side-bar and the page to reload.
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.machineVcos(factoryId, machine) });
  return {
    /** Associates a VCO; the side-bar opens the machine's group to show it (VCO-006). */
    associate: useMutation({
      mutationFn: (vco: number) => machineVcoCalls.associate(factoryId, machine, vco),
      onSuccess: async () => {
        tree.expand([nodeKey('machine', machine), vcoGroupKey(machine)]);
        await refresh();
      },
    }),
    /** Dissociates a VCO; the view goes to the machine's editor (VCO-009). */
    dissociate: useMutation({
      mutationFn: (vco: number) => machineVcoCalls.dissociate(factoryId, machine, vco),
      onSuccess: async (_, vco) => {
        tree.forget(vcoKey(machine, vco));
        await navigate(editorUrl(truncatePath(path, 'machine')));
        await refresh();
      },
    }),
    channel: useMutation({
      mutationFn: (body: MachineVcoChannel) => machineVcoCalls.channel(factoryId, body),
      onSuccess: () => void refresh(),
    }),
    states: useMutation({
      mutationFn: ({ vco, body }: { vco: number; body: MachineVcoStates }) => machineVcoCalls.states(factoryId, machine, vco, body),
      onSuccess: () => void refresh(),
    }),
  };
}

/**
 * An assign action of the machine `machine` (MACH-003): default spectra, default VCVs or bearing
 * VCVs for every point. What shows them is refreshed: the points' editors (their spectra), the
 * machine's alert list and the factory's catalogue (bearing VCVs are made there).
 */
export function useAssign(machine: number) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: AssignWhat) => machineAlarmCalls.assign(factoryId, machine, what),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...keys.tree(factoryId), 'node', 'point'] });
      void queryClient.invalidateQueries({ queryKey: machineAlarmsKey(factoryId, machine) });
      void queryClient.invalidateQueries({ queryKey: keys.catalogOwner(factoryId) });
      // The points' new associations show in the side-bar.
      void queryClient.invalidateQueries({ queryKey: [...keys.tree(factoryId), 'point-associations'] });
    },
  });
}

/** Saves one direction's thresholds of the machine's alert list, then reloads the list. */
export function useSaveMachineAlarm(machine: number) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, values }: { row: MachineAlarm; values: MachineAlarmValues }) =>
      machineAlarmCalls.save(factoryId, machine, row, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: machineAlarmsKey(factoryId, machine) }),
  });
}
