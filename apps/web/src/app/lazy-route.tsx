import { lazy, type ComponentType } from 'react';

/** Spec section 9: a screen chunk that has not loaded after 120 s is a chunk-load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? new ChunkLoadError(error.message) : new ChunkLoadError(String(error)));
      },
    );
  });
}

export interface LazyRoute {
  (): React.ReactNode;
  /** Starts (or joins) the chunk download; resolves when the screen can render without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * A screen in its own chunk. Once the chunk is loaded (preloaded before the first render, or prefetched while the
 * player looks at another screen) it renders at once: React.lazy would suspend once even for a loaded module, and
 * React 19 holds a revealed Suspense boundary back for up to 300 ms.
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>): LazyRoute {
  let loaded: ComponentType | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const loader = () =>
    (pending ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a later navigation may try again
        throw error;
      },
    ));
  const Lazy = lazy(loader);
  const Route = () => {
    const Screen = loaded;
    return Screen ? <Screen /> : <Lazy />;
  };
  return Object.assign(Route, { preload: loader });
}
