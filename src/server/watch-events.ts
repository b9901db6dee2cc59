/**
 * Watch events: what changed between two states of the store, as `ADDED`, `MODIFIED` and
 * `DELETED` events in resourceVersion order, and how one reads on the wire.
 */
import { getPath, setPath } from '../apiserver/object-paths.js';
import type { ClusterState, KubeObject } from '../apiserver/types.js';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoreEvent {
  readonly type: WatchEventType;
  /** Storage key: `group/resource/namespace/name`. */
  readonly key: string;
  readonly object: KubeObject;
  readonly resourceVersion: number;
}

function rvOf(obj: KubeObject, fallback: number): number {
  const rv = Number(getPath(obj, ['metadata', 'resourceVersion']));
  return Number.isSafeInteger(rv) ? rv : fallback;
}

/** The events that take `before` to `after`. A deleted object carries the deletion's resourceVersion. */
export function eventsBetween(before: ClusterState, after: ClusterState): StoreEvent[] {
  const out: StoreEvent[] = [];
  for (const [key, obj] of after.objects) {
    const old = before.objects.get(key);
    if (old === obj) continue;
    out.push({ type: old ? 'MODIFIED' : 'ADDED', key, object: obj, resourceVersion: rvOf(obj, after.resourceVersion) });
  }
  for (const [key, obj] of before.objects) {
    if (after.objects.has(key)) continue;
    const rv = after.resourceVersion;
    out.push({ type: 'DELETED', key, object: setPath(obj, ['metadata', 'resourceVersion'], String(rv)) as KubeObject, resourceVersion: rv });
  }
  return out.sort((a, b) => a.resourceVersion - b.resourceVersion);
}
