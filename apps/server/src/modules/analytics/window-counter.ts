/**
 * Counts hits per key in fixed windows, in this process's memory. Good enough to keep one client from flooding a
 * best-effort endpoint (analytics); limits that protect accounts or money are counted in the database instead.
 */
export class WindowCounter {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit and returns the key's hits in the current window. */
  hit(key: string): number {
    const window = Math.floor(this.now() / this.windowMs);
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count;
  }
}
