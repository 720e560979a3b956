/**
 * A small in-process cache whose entries live `ttlMs` (micro-caching of hot, read-only lookups). Bounded: when it holds
 * `maxEntries`, expired entries are dropped, and if it is still full it starts over (a burst of distinct keys cannot
 * grow memory). Time comes from the caller so tests and the Clock port agree.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, nowMs: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, nowMs: number): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      for (const [k, e] of this.entries) if (e.expiresAt <= nowMs) this.entries.delete(k);
      if (this.entries.size >= this.maxEntries) this.entries.clear();
    }
    this.entries.set(key, { value, expiresAt: nowMs + this.ttlMs });
  }

  get size(): number {
    return this.entries.size;
  }
}
