import { useCallback, useEffect, useRef } from 'react';

/**
 * The signal of work a click starts that outlives the click (asking for an order every 1.5 s): it aborts when the
 * screen goes away, so nothing asks or updates state for a screen the player has left.
 */
export function useUnmountSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);
  return useCallback(() => (controller.current ??= new AbortController()).signal, []);
}
