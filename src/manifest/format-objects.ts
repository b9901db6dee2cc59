import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import type { WriteOptions } from './types.js';
import { toJson } from './write-json.js';
import { toYaml } from './write-yaml.js';

/**
 * What `kubectl get -o yaml|json` prints: one object as it is, several wrapped in a `List`
 * (`apiVersion: v1, items, kind: List, metadata: {resourceVersion: ""}`). Without
 * `showManagedFields`, `metadata.managedFields` is left out, as kubectl does by default.
 */
export function formatObjects(objects: readonly ValueMap[], opts: WriteOptions): string {
  const shown = opts.showManagedFields ? objects : objects.map(withoutManagedFields);
  let value: Value;
  if (shown.length === 1) value = shown[0];
  else {
    const list = newMap();
    list.apiVersion = 'v1';
    list.items = [...shown];
    list.kind = 'List';
    const meta = newMap();
    meta.resourceVersion = '';
    list.metadata = meta;
    value = list;
  }
  return opts.output === 'json' ? toJson(value) : toYaml(value);
}

function withoutManagedFields(obj: ValueMap): ValueMap {
  const meta = getKey(obj, 'metadata');
  if (!isMap(meta) || getKey(meta, 'managedFields') === undefined) return obj;
  const m = newMap();
  for (const k of Object.keys(meta)) if (k !== 'managedFields') m[k] = meta[k];
  const out = newMap();
  for (const k of Object.keys(obj)) out[k] = k === 'metadata' ? m : obj[k];
  return out;
}
