import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('loads once for concurrent readers and again after the time to live', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<string, number>(1000, () => now);
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('runs a lazy thenable (like a query builder) once, not on every read', async () => {
    let runs = 0;
    const lazyQuery = { then: (resolve: (value: number) => void) => resolve(++runs) } as PromiseLike<number>;
    const cache = new TtlCache<string, number>(1000);
    await cache.get('a', () => lazyQuery);
    await cache.get('a', () => lazyQuery);
    expect(runs).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string, number>(1000);
    await expect(cache.get('a', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});
