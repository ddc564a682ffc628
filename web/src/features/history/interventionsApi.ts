// The calls of a machine's interventions and of a VCO/VCOV's change history: the list, add,
// edit and delete of interventions; the machines a VCO/VCOV is on and its values on one of
// them (docs/API.md, "Alarms" and "Measured history").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, listOf, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import { useFactory } from '../../app/factory';
import { useMachineQuery } from '../tree/machineQueries';
import type { InterventionInput } from './interventions';

/** A machine's interventions, newest first. */
export function useInterventions(machine: number) {
  return useMachineQuery(
    machine,
    keys.interventions,
    (factory, machine) => listOf(api.GET('/api/user/{factory}/machine/{machine}/intervention', { params: { path: { factory, machine } } })),
  );
}

/** What a change of an intervention does: add (no id), edit or delete. */
export type InterventionChange = { action: 'save'; id?: number; body: InterventionInput } | { action: 'delete'; id: number };

/** Adds, edits or deletes an intervention of the machine (ADMIN, U_EDITOR); the list reloads. */
export function useChangeIntervention(machine: number) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: InterventionChange) => {
      const at = { factory: factoryId, machine };
      if (change.action === 'delete')
        return unwrap(api.DELETE('/api/user/{factory}/machine/{machine}/intervention/{id}', { params: { path: { ...at, id: change.id } } }));
      if (change.id === undefined)
        return unwrap(api.POST('/api/user/{factory}/machine/{machine}/intervention', { params: { path: at }, body: change.body }));
      return unwrap(api.PUT('/api/user/{factory}/machine/{machine}/intervention/{id}', { params: { path: { ...at, id: change.id } }, body: change.body }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.interventions(factoryId, machine) }),
  });
}

/** The machines a VCO/VCOV is on. */
export function useVcoMachines(vco: number) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.vcoMachines(factoryId, vco),
    queryFn: () => listOf(api.GET('/api/user/{factory}/vco_v/{id}/machines', { params: { path: { factory: factoryId, id: vco } } })),
    enabled: factoryId > 0 && vco > 0,
  });
}

/** A VCO's start and end values on a machine over a period; the chart shown stays while the next loads. */
export function useVcoValues(machine: number | undefined, vco: number, period: { FechaInicio: string; FechaFin: string }) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.vcoChart(factoryId, machine ?? 0, vco, period),
    queryFn: async () =>
      (await unwrap(
        api.POST('/api/user/{factory}/visualizator/data/machine/{machine}/vco/{vco}', {
          params: { path: { factory: factoryId, machine: machine ?? 0, vco } },
          body: period,
        }),
      )) ?? [],
    enabled: factoryId > 0 && machine !== undefined && vco > 0,
  });
}
