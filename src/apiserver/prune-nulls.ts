/**
 * PruneNonNullableNullsWithoutDefaults (apiextensions-apiserver pkg/apiserver/schema/defaulting
 * prunenulls.go), the first step of decoding a custom resource (the codec's unstructuredDefaulter,
 * for a request body as for a stored object): under every map key whose schema (the declared
 * property, else a schema `additionalProperties`) is not nullable and has no default, a null is
 * removed; list items are walked with `items`, never removed. A copy where something is removed,
 * the value itself otherwise.
 */
import { getKey, isList, isMap, type Value, type ValueMap } from '../value/value.js';

export function pruneNonNullableNulls(x: Value, schema: Value | undefined): Value {
  const s = isMap(schema) ? schema : undefined;
  if (isList(x)) {
    const items = s ? getKey(s, 'items') : undefined;
    let changed = false;
    const out = x.map((item) => {
      const v = pruneNonNullableNulls(item, items);
      if (v !== item) changed = true;
      return v;
    });
    return changed ? out : x;
  }
  if (!isMap(x)) return x;
  let out: ValueMap | undefined;
  for (const key of Object.keys(x)) {
    const sub = fieldSchema(s, key);
    const v = x[key];
    if (v === null && sub !== undefined && getKey(sub, 'nullable') !== true && getKey(sub, 'default') === undefined) {
      out ??= { ...x };
      delete out[key];
      continue;
    }
    const pruned = pruneNonNullableNulls(v, sub);
    if (pruned !== v) {
      out ??= { ...x };
      out[key] = pruned;
    }
  }
  return out ?? x;
}

function fieldSchema(s: ValueMap | undefined, key: string): ValueMap | undefined {
  if (!s) return undefined;
  const props = getKey(s, 'properties');
  if (isMap(props) && Object.hasOwn(props, key)) {
    const p = props[key];
    return isMap(p) ? p : undefined;
  }
  const additional = getKey(s, 'additionalProperties');
  return isMap(additional) ? additional : undefined;
}
