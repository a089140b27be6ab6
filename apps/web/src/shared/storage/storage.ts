/**
 * Safe access to Web Storage: private modes and embedded web views may throw on access, and unit tests run in Node
 * where there is none. Falls back to an in-memory store so callers never have to care.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function pick(name: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  try {
    const storage = (globalThis as Record<string, unknown>)[name] as Storage | undefined;
    if (storage) {
      const probe = '__shop_probe__';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // storage disabled: fall through to memory
  }
  return memoryStorage();
}

let local: KeyValueStorage | undefined;
let session: KeyValueStorage | undefined;
export const localStore = (): KeyValueStorage => (local ??= pick('localStorage'));
export const sessionStore = (): KeyValueStorage => (session ??= pick('sessionStorage'));

export function readJson<T>(storage: KeyValueStorage, key: string): T | undefined {
  try {
    const raw = storage.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the app keeps working without persistence
  }
}
