import type { ValueMap } from './value.js';

/**
 * Maps from this many keys on have their key list kept. Below it `Object.keys` is cheap (V8 keeps
 * a small object's keys with its shape) and keeping the list would cost more than reading it again.
 */
const KEEP_FROM = 64;

/**
 * The keys of maps, each big map's read once for all the walkers of one operation (validate,
 * merge, the field set, the comparison, the prune): values never change once read, so the list
 * stays true. One instance belongs to one operation and is dropped with it.
 *
 * Why: a plain object with more than about a thousand keys is a hash table in V8, and
 * `Object.keys` on it sorts its keys by insertion order every time, at a cost per key that grows
 * with the size (docs/performance.md, "Growth with size").
 */
export class MapKeys {
  // Made on first use: most operations keep nothing, and are spared the Map and a lookup per map.
  private kept: Map<ValueMap, readonly string[]> | undefined;

  /** `Object.keys(m)`, read once per big map. */
  keysOf(m: ValueMap): readonly string[] {
    const known = this.kept?.get(m);
    if (known) return known;
    const keys = Object.keys(m);
    if (keys.length >= KEEP_FROM) (this.kept ??= new Map()).set(m, keys);
    return keys;
  }

  isEmptyMap(m: ValueMap): boolean {
    return this.keysOf(m).length === 0;
  }
}
