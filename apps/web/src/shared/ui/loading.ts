/** A counter of calls in flight that show the global spinner (see GlobalSpinner). */
let count = 0;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

/** Marks one call as started; returns the function that marks it finished (safe to call twice). */
export function beginLoading(): () => void {
  count += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    count = Math.max(0, count - 1);
    emit();
  };
}

export const getLoadingCount = () => count;

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
