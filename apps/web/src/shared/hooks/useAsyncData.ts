import { useCallback, useEffect, useEffectEvent, useState } from 'react';

interface Settled<T> {
  key: string;
  attempt: number;
  data: T | undefined;
  error: unknown;
}

export interface AsyncData<T> {
  /** The answer for the current key; while the same key reloads, the previous answer. */
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads the current key again. */
  reload: () => void;
}

/**
 * Loads data for a key (null: nothing to load yet) and reloads when the key changes. A tiny stand-in for a query
 * library on the voucher page, whose first-load JavaScript budget is tight.
 */
export function useAsyncData<T>(key: string | null, load: () => Promise<T>): AsyncData<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const run = useEffectEvent(load);

  useEffect(() => {
    if (key === null) return;
    let active = true;
    run().then(
      (data) => active && setSettled({ key, attempt, data, error: null }),
      (error: unknown) =>
        active &&
        setSettled((previous) => ({
          key,
          attempt,
          // a failed reload keeps what the key showed before
          data: previous?.key === key ? previous.data : undefined,
          error: error ?? new Error('failed'),
        })),
    );
    return () => {
      active = false;
    };
  }, [key, attempt]);

  const sameKey = settled !== null && settled.key === key;
  const current = sameKey && settled.attempt === attempt;
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return {
    data: sameKey ? settled.data : undefined,
    error: current ? settled.error : null,
    loading: key !== null && !current,
    reload,
  };
}
