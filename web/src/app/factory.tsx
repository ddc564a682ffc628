import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { MeFactory } from '../api/types';

/** localStorage key of the factory last chosen in the header. */
const STORAGE_KEY = 'vigia.factory';

/** The factory the user is working on, and the factories they may switch to. */
export interface FactoryState {
  /** Current factory, or undefined when the user belongs to none. */
  factory: MeFactory | undefined;
  /** Id of the current factory (UsuFabricaID), the {factory} of /api/user/{factory}/... calls. */
  factoryId: number | undefined;
  factories: MeFactory[];
  selectFactory: (id: number) => void;
}

const FactoryContext = createContext<FactoryState | null>(null);

function readStored(): number | undefined {
  try {
    const n = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Holds the current factory. The choice is kept in localStorage; when it is not (or no longer)
 * one of the user's factories, the first factory is used.
 */
export function FactoryProvider({ factories, children }: { factories: MeFactory[]; children: ReactNode }) {
  const [chosen, setChosen] = useState<number | undefined>(readStored);
  const factory = factories.find((f) => f.UsuFabricaID === chosen) ?? factories[0];

  const selectFactory = useCallback((id: number) => {
    try {
      localStorage.setItem(STORAGE_KEY, String(id));
    } catch {
      // Without storage the choice lasts for this page only.
    }
    setChosen(id);
  }, []);

  const value = useMemo<FactoryState>(
    () => ({ factory, factoryId: factory?.UsuFabricaID, factories, selectFactory }),
    [factory, factories, selectFactory],
  );
  return <FactoryContext.Provider value={value}>{children}</FactoryContext.Provider>;
}

/** The current factory. Only usable inside the signed-in layout. */
export function useFactory(): FactoryState {
  const state = useContext(FactoryContext);
  if (!state) throw new Error('useFactory must be used under FactoryProvider');
  return state;
}
