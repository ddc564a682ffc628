// Reads of the current factory, and reads and changes of one of its machines as the machine's
// tabs make them: every call takes the factory's id (and the machine's) first, and waits until
// they are known.
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useFactory } from '../../app/factory';

/** Where a machine's call goes: the current factory and the machine. */
type At = [factory: number, machine: number];

/** A read of the current factory under its key of `key`, idle until the factory is known; `options` such as staleTime go with it. */
export function useFactoryQuery<T>(key: (factory: number) => QueryKey, load: (factory: number) => Promise<T>, options: { staleTime?: number } = {}) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    ...options,
    queryKey: key(factoryId),
    queryFn: () => load(factoryId),
    enabled: factoryId > 0,
  });
}

/** A read of the machine `machine`, under its key of `key`; idle until both ids are known. */
export function useMachineQuery<T>(machine: number, key: (...at: At) => QueryKey, load: (...at: At) => Promise<T>) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: key(factoryId, machine),
    queryFn: () => load(factoryId, machine),
    enabled: factoryId > 0 && machine > 0,
  });
}

/**
 * A change of the machine `machine`. After a success the queries under the keys of `reloads`
 * are reloaded, and the change settles once they are.
 */
export function useMachineMutation<V, R>(machine: number, change: (...args: [...At, value: V]) => Promise<R>, reloads?: ((...at: At) => QueryKey)[]) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: V) => change(factoryId, machine, value),
    onSuccess: reloads && (() => Promise.all(reloads.map((key) => queryClient.invalidateQueries({ queryKey: key(factoryId, machine) })))),
  });
}
