import { useRef } from 'react';

/**
 * Runs an action unless the last one it ran has not ended. A double click or a double Enter
 * validates a form twice and sends it twice before its button shows the first send's pending
 * state: a create made two nodes, sensors or users.
 */
export function useExclusive(): (action: () => Promise<unknown>) => Promise<void> {
  const running = useRef(false);
  return async (action) => {
    if (running.current) return;
    running.current = true;
    try {
      await action();
    } finally {
      running.current = false;
    }
  };
}
