import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { memoryStore } from './rate-limit.ts';

const hit = (store: FastifyRateLimitStore, key: string, windowMs = 1000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
  );

describe('the embedded database’s rate-limit counters (memory)', () => {
  afterEach(() => vi.useRealTimers());

  it('counts a key across every route of the limit, and starts again when its window has ended', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const Store = memoryStore();
    const root = new Store();
    const [first, second] = [root.child(), root.child()];
    expect(await hit(first, 'orders:ip:1')).toEqual({ current: 1, ttl: 1000 });
    expect((await hit(second, 'orders:ip:1')).current).toBe(2);
    expect((await hit(second, 'orders:ip:2')).current).toBe(1);
    vi.setSystemTime(1_000_999);
    expect(await hit(first, 'orders:ip:1')).toEqual({ current: 3, ttl: 1 });
    vi.setSystemTime(1_001_000);
    expect(await hit(first, 'orders:ip:1')).toEqual({ current: 1, ttl: 1000 });
  });
});
