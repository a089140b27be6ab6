import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

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
 * library on the voucher page, whose first-load JavaScript budget is tight. `initial`: the first key's answer when it
 * is already known (asked for before the page rendered), shown by the first render without loading it again.
 */
export function useAsyncData<T>(
  key: string | null,
  load: () => Promise<T>,
  initial?: () => { data: T } | undefined,
): AsyncData<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(() => {
    const known = key === null ? undefined : initial?.();
    return known && key !== null ? { key, attempt: 0, data: known.data, error: null } : null;
  });
  // the first key already has its answer: its first effect does not load it again
  const answered = useRef(settled?.key ?? null);
  const run = useEffectEvent(load);

  useEffect(() => {
    if (key === null) return;
    if (answered.current !== null) {
      const skip = answered.current === key && attempt === 0;
      answered.current = null;
      if (skip) return;
    }
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
