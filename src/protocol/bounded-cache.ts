/**
 * A least-recently-used cache bounded both by its number of entries and by the total weight of
 * its keys (for schema texts: their length, which is what the parsed schema's memory grows with).
 * A key heavier than the whole budget is never stored.
 */
export class BoundedCache<V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the oldest use first.
  private readonly entries = new Map<string, V>();
  private weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
  ) {}

  get(key: string): V | undefined {
    const v = this.entries.get(key);
    if (v !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    if (this.entries.has(key)) {
      this.entries.delete(key);
      this.weight -= key.length;
    }
    if (key.length > this.maxWeight || this.maxEntries <= 0) return;
    while (this.entries.size >= this.maxEntries || this.weight + key.length > this.maxWeight) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      this.weight -= oldest.length;
    }
    this.entries.set(key, value);
    this.weight += key.length;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Total weight (key length) of what is stored. */
  get totalWeight(): number {
    return this.weight;
  }
}
