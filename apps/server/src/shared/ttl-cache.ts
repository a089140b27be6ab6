/**
 * Read-through cache for reference data (catalogue, channels) that many requests read and operators rarely change.
 * Keeps the promise, so concurrent misses share one load; a failed load is not kept.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, load: () => PromiseLike<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value;
    // Promise.resolve settles thenables once: a lazy query builder (drizzle's) would otherwise run on every await.
    const value = Promise.resolve(load());
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
