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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy accepts any component type
export type LazyRoute<T extends ComponentType<any>> = ReturnType<typeof lazy<T>> & { preload: () => Promise<unknown> };

/** A lazily loaded screen (its own chunk) that can also be preloaded before React renders. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export function lazyRoute<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyRoute<T> {
  let pending: Promise<{ default: T }> | undefined;
  const loader = () =>
    (pending ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).catch((error: unknown) => {
      pending = undefined; // a later navigation may try again
      throw error;
    }));
  return Object.assign(lazy(loader), { preload: loader });
}
