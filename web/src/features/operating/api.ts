// Calls of a machine's VCO/VCOVs (docs/API.md, "Operating values"): the list, associate and
// dissociate, the channel and the states, and the factory's VCO/VCOVs to choose from.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, basedOn, listOf, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type { MachineVcoChannel, MachineVcoStates } from '../../api/types';
import { useFactory } from '../../app/factory';
import { editorUrl, nodeKey, truncatePath, type NodePath } from '../tree/model';
import { useTree } from '../tree/TreeContext';
import { vcoGroupKey, vcoKey } from './machineVco';

const atMachineVco = (factory: number, machine: number, ocv: number) => ({ params: { path: { factory, machine, ocv } } });
const machineVcoPath = '/api/user/{factory}/machineocv/machine/{machine}/ocv/{ocv}';

/** Calls of a machine's VCO/VCOVs, at the spec's paths (S3 §7.2; docs/API.md, "Operating values"). */
export const machineVcoCalls = {
  list: (factory: number, machine: number) =>
    listOf(api.GET('/api/user/{factory}/machineocv/machine/{machine}', { params: { path: { factory, machine } } })),
  associate: (factory: number, machine: number, vco: number) => unwrap(api.POST(machineVcoPath, atMachineVco(factory, machine, vco))),
  dissociate: (factory: number, machine: number, vco: number) => unwrap(api.DELETE(machineVcoPath, atMachineVco(factory, machine, vco))),
  one: (factory: number, machine: number, vco: number) => unwrap(api.GET(machineVcoPath, atMachineVco(factory, machine, vco))),
  /** Writes the states as an edit of `base`, the VCO as the form read it (basedOn). */
  states: (factory: number, machine: number, vco: number, body: MachineVcoStates, base: object) =>
    unwrap(api.PUT(machineVcoPath, { params: { path: { factory, machine, ocv: vco }, header: basedOn(base) }, body })),
  channel: (factory: number, body: MachineVcoChannel) =>
    unwrap(api.POST('/api/user/{factory}/machineocv/channel', { params: { path: { factory } }, body })),
  clearChannel: (factory: number, machine: number, vco: number) =>
    unwrap(api.DELETE(`${machineVcoPath}/channel`, atMachineVco(factory, machine, vco))),
};

/** Query of the VCO/VCOVs associated to a machine (the side-bar's group and the VCO page). */
export function machineVcosQuery(factory: number, machine: number) {
  return {
    queryKey: keys.machineVcos(factory, machine),
    queryFn: () => machineVcoCalls.list(factory, machine),
  };
}

/**
 * Query of one VCO/VCOV of a machine, under the list's key (which the changes reload): each answer
 * its own object, which knows its version (basedOn).
 */
export function machineVcoQuery(factory: number, machine: number, vco: number) {
  return {
    queryKey: [...keys.machineVcos(factory, machine), vco],
    queryFn: () => machineVcoCalls.one(factory, machine, vco),
    structuralSharing: false,
  };
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
    /**
     * Associates a VCO; the side-bar opens the machine's group to show it (VCO-006). A refusal
     * reloads the list too: another user may have associated it since it was read (VCO-007).
     */
    associate: useMutation({
      mutationFn: (vco: number) => machineVcoCalls.associate(factoryId, machine, vco),
      onSuccess: () => tree.expand([nodeKey('machine', machine), vcoGroupKey(machine)]),
      onSettled: () => refresh(),
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
    clearChannel: useMutation({
      mutationFn: (vco: number) => machineVcoCalls.clearChannel(factoryId, machine, vco),
      onSuccess: () => void refresh(),
    }),
    states: useMutation({
      mutationFn: ({ vco, body, base }: { vco: number; body: MachineVcoStates; base: object }) =>
        machineVcoCalls.states(factoryId, machine, vco, body, base),
      onSuccess: () => void refresh(),
    }),
  };
}
