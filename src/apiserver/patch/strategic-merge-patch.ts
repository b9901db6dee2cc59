/**
 * Strategic merge patch (`application/strategic-merge-patch+json`) as the API server applies it
 * (apimachinery's strategicpatch with MergeParallelList and IgnoreUnmatchedNulls):
 *
 * - maps merge key by key, `null` deletes; `$patch: replace` replaces a map, `$patch: delete`
 *   empties it; `$retainKeys` drops the original's other keys;
 * - lists whose field has patch strategy `merge` merge: maps by the field's merge key (list items
 *   `{$patch: delete, <key>: v}` delete, `{$patch: replace}` replaces the list), primitives as a
 *   set (`$deleteFromPrimitiveList/<field>` removes values); other lists are replaced;
 * - `$setElementOrder/<field>` orders the merged list: patch items in that order, live-only items
 *   interleaved where they were.
 *
 * Patch metadata comes from the schema (FieldInfo.patchStrategy / patchMergeKey). A field without
 * any (a catalog that carries none) falls back to the structural schema: an associative list is
 * merged by its first key. Free-form maps and untyped values have no metadata.
 */
import type { Atom, FieldInfo } from '../../schema/schema.js';
import { valueEquals } from '../../value/equals.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../../value/value.js';
import { stringifyJson } from '../../value/stringify-json.js';

export type SmpOutcome = { ok: true; value: Value } | { ok: false; message: string };

class SmpError extends Error {}

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ORDER = '$setElementOrder/';
const DELETE_PRIMITIVES = '$deleteFromPrimitiveList/';

interface PatchMeta {
  readonly atom: Atom | undefined;
  readonly strategy: string;
  readonly retainKeys: boolean;
  readonly mergeKey: string;
}

type WithPatchMeta = FieldInfo & { readonly patchStrategy?: string; readonly patchMergeKey?: string };

/** Applies `patch` to `original` under `atom` (undefined: no patch metadata anywhere). */
export function applyStrategicMergePatch(original: Value, patch: Value, atom: Atom | undefined): SmpOutcome {
  if (!isMap(patch)) return { ok: false, message: 'unable to find api field in struct for the patch: the patch must be a JSON object' };
  try {
    return { ok: true, value: mergeMap(isMap(original) ? original : null, patch, atom) };
  } catch (e) {
    if (e instanceof SmpError) return { ok: false, message: e.message };
    throw e;
  }
}

function metaFor(parent: Atom | undefined, key: string): PatchMeta {
  const map = parent?.map;
  if (!map) return { atom: undefined, strategy: '', retainKeys: false, mergeKey: '' };
  const field = map.fields.get(key) as WithPatchMeta | undefined;
  const atom = field ? field.type.get() : map.element?.get();
  let strategy = '';
  let retainKeys = false;
  let mergeKey = '';
  if (field && (field.patchStrategy !== undefined || field.patchMergeKey !== undefined)) {
    for (const s of (field.patchStrategy ?? '').split(',')) {
      if (s === 'retainKeys') retainKeys = true;
      else if (s) strategy = s;
    }
    mergeKey = field.patchMergeKey ?? '';
  } else if (field && atom?.list && atom.list.elementRelationship === 'associative') {
    strategy = 'merge';
    mergeKey = atom.list.keys[0] ?? '';
  }
  return { atom, strategy, retainKeys, mergeKey };
}

function copyMap(m: ValueMap): ValueMap {
  const out = newMap();
  for (const k of Object.keys(m)) out[k] = m[k];
  return out;
}

function mergeMap(originalIn: ValueMap | null, patchIn: ValueMap, atom: Atom | undefined): ValueMap {
  const directive = getKey(patchIn, DIRECTIVE);
  if (directive !== undefined) {
    if (directive === 'replace') return clean(without(patchIn, DIRECTIVE)) as ValueMap;
    if (directive === 'delete') return newMap();
    throw new SmpError(`Unknown patch type: ${String(directive)} in map`);
  }
  const original = originalIn ? copyMap(originalIn) : newMap();
  const patch = copyMap(patchIn);

  const retain = getKey(patch, RETAIN_KEYS);
  if (retain !== undefined) {
    if (!Array.isArray(retain)) throw new SmpError('$retainKeys must be a list');
    const keep = new Set(retain.map(String));
    for (const k of Object.keys(original)) if (!keep.has(k)) delete original[k];
    delete patch[RETAIN_KEYS];
  }

  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ORDER)) continue;
    const order = patch[key];
    if (!Array.isArray(order)) throw new SmpError(`invalid type for ${key}: expected a list`);
    const field = key.slice(SET_ORDER.length);
    const meta = metaFor(atom, field);
    const orig = getKey(original, field);
    const patchList = getKey(patch, field);
    const origList = Array.isArray(orig) ? orig : undefined;
    let merged: Value[];
    if (origList && patchList === undefined) merged = origList;
    else if (!origList && patchList !== undefined) merged = Array.isArray(patchList) ? (clean(patchList) as Value[]) : [];
    else if (origList && patchList !== undefined) {
      const m = mergeListField(origList, patchList, meta, false);
      merged = Array.isArray(m) ? m : [];
    } else {
      delete patch[key];
      continue;
    }
    const { inList, rest } = partition(merged, order, meta.mergeKey);
    original[field] = normalizeElementOrder(inList, rest, order, origList ?? [], meta.mergeKey);
    delete patch[field];
    delete patch[key];
  }

  // Deletion lists first, then the rest (Go's map order is random; this order is the sensible one).
  const keys = Object.keys(patch).sort((a, b) => Number(!a.startsWith(DELETE_PRIMITIVES)) - Number(!b.startsWith(DELETE_PRIMITIVES)));
  for (const rawKey of keys) {
    const patchV = patch[rawKey];
    let k = rawKey;
    let isDeleteList = false;
    if (rawKey.startsWith(DELETE_PRIMITIVES)) {
      k = rawKey.slice(DELETE_PRIMITIVES.length);
      isDeleteList = true;
      if (!Array.isArray(patchV)) throw new SmpError(`invalid type for ${rawKey}: expected a list`);
      if (getKey(original, k) === undefined) continue;
    } else if (rawKey.startsWith('$')) {
      throw new SmpError(`unknown directive ${rawKey}`);
    }
    if (patchV === null) {
      delete original[k];
      continue;
    }
    const orig = getKey(original, k);
    if (orig === undefined) {
      if (!isDeleteList) original[k] = clean(patchV);
      continue;
    }
    const meta = metaFor(atom, k);
    if (kindOf(orig) !== kindOf(patchV)) {
      if (!isDeleteList) original[k] = clean(patchV);
      continue;
    }
    if (isMap(orig) && isMap(patchV)) {
      original[k] = meta.strategy === 'replace' ? (clean(patchV) as ValueMap) : mergeMap(orig, patchV, meta.atom);
    } else if (Array.isArray(orig) && Array.isArray(patchV)) {
      original[k] = mergeListField(orig, patchV, meta, isDeleteList);
    } else {
      original[k] = patchV;
    }
  }
  return original;
}

function mergeListField(orig: Value[], patch: Value, meta: PatchMeta, isDeleteList: boolean): Value {
  if (!Array.isArray(patch)) return clean(patch);
  if (meta.strategy !== 'merge') return clean(patch);
  return mergeSlice(orig, patch, meta, isDeleteList);
}

function mergeSlice(originalIn: Value[], patchIn: Value[], meta: PatchMeta, isDeleteList: boolean): Value[] {
  if (originalIn.length === 0 && patchIn.length === 0) return originalIn;
  const sample = originalIn[0] ?? patchIn[0];
  const maps = isMap(sample);
  for (const v of [...originalIn, ...patchIn]) {
    if (isMap(v) !== maps || Array.isArray(v)) throw new SmpError('lists of lists or of mixed items cannot be merged');
  }
  let original = originalIn;
  let patch = patchIn;
  let merged: Value[];
  if (!maps) {
    if (isDeleteList) return original.filter((o) => !patch.some((p) => valueEquals(o, p)));
    merged = [];
    for (const v of [...original, ...patch]) if (!merged.some((m) => valueEquals(m, v))) merged.push(v);
  } else {
    const key = meta.mergeKey;
    if (!key) throw new SmpError('cannot merge lists without merge key');
    const plain: Value[] = [];
    let replace = false;
    for (const v of patch as ValueMap[]) {
      const d = getKey(v, DIRECTIVE);
      if (d === undefined) plain.push(v);
      else if (d === 'delete') {
        const kv = getKey(v, key);
        if (kv === undefined) throw new SmpError(`map: ${stringifyJson(v)} does not contain declared merge key: ${key}`);
        original = original.filter((o) => !valueEquals(getKey(o as ValueMap, key), kv));
      } else if (d === 'replace') replace = true;
      else if (d === 'merge') throw new SmpError('merging lists cannot yet be specified in the patch');
      else throw new SmpError(`Unknown patch type: ${String(d)} in map`);
    }
    if (replace) {
      original = clean(plain) as Value[];
      patch = [];
    } else patch = plain;
    merged = [...original];
    const element = meta.atom?.list?.element.get();
    for (const v of patch as ValueMap[]) {
      const kv = getKey(v, key);
      const at = kv === undefined ? -1 : merged.findIndex((o) => isMap(o) && valueEquals(getKey(o, key), kv));
      if (at >= 0) merged[at] = mergeMap(merged[at] as ValueMap, v, element);
      else merged.push(clean(v));
    }
  }
  const { inList, rest } = partition(merged, patch, maps ? meta.mergeKey : '');
  return normalizeElementOrder(inList, rest, patch, original, maps ? meta.mergeKey : '');
}

/** Items of `list` present in `by` (by merge key, or by value for primitives), and the others. */
function partition(list: Value[], by: Value[], mergeKey: string): { inList: Value[]; rest: Value[] } {
  const inList: Value[] = [];
  const rest: Value[] = [];
  for (const v of list) (indexIn(by, v, mergeKey) >= 0 ? inList : rest).push(v);
  return { inList, rest };
}

function indexIn(list: Value[], item: Value, mergeKey: string): number {
  if (!mergeKey) return list.findIndex((v) => valueEquals(v, item));
  if (!isMap(item)) return -1;
  const kv = getKey(item, mergeKey);
  return list.findIndex((v) => isMap(v) && valueEquals(getKey(v, mergeKey), kv));
}

/** Patch items in `patchOrder`, live-only items in `serverOrder`, interleaved by the live order. */
function normalizeElementOrder(patch: Value[], serverOnly: Value[], patchOrder: Value[], serverOrder: Value[], mergeKey: string): Value[] {
  const p = sortStable(patch, patchOrder, mergeKey);
  const s = sortStable(serverOnly, serverOrder, mergeKey);
  const out: Value[] = [];
  let i = 0;
  let j = 0;
  while (i < s.length || j < p.length) {
    if (i >= s.length) out.push(p[j++]);
    else if (j >= p.length) out.push(s[i++]);
    else {
      const li = indexIn(serverOrder, s[i], mergeKey);
      const ri = indexIn(serverOrder, p[j], mergeKey);
      if (li >= 0 && ri >= 0 && li < ri) out.push(s[i++]);
      else out.push(p[j++]);
    }
  }
  return out;
}

/** Go's sort.SliceStable (insertion sort) with strategicpatch's comparator (true when either is unknown). */
function sortStable(items: Value[], order: Value[], mergeKey: string): Value[] {
  const a = [...items];
  const less = (x: Value, y: Value) => {
    const ix = indexIn(order, x, mergeKey);
    if (ix >= 0) {
      const iy = indexIn(order, y, mergeKey);
      if (iy >= 0) return ix < iy;
    }
    return true;
  };
  for (let i = 1; i < a.length; i++) {
    for (let j = i; j > 0 && less(a[j], a[j - 1]); j--) [a[j], a[j - 1]] = [a[j - 1], a[j]];
  }
  return a;
}

function kindOf(v: Value): string {
  return v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v;
}

function without(m: ValueMap, key: string): ValueMap {
  const out = copyMap(m);
  delete out[key];
  return out;
}

/** A patch value as data: directives and nulls removed (what a new subtree stores). */
function clean(v: Value): Value {
  if (Array.isArray(v)) return v.filter((x) => !(isMap(x) && getKey(x, DIRECTIVE) !== undefined)).map(clean);
  if (!isMap(v)) return v;
  const out = newMap();
  for (const k of Object.keys(v)) {
    if (k === DIRECTIVE || k === RETAIN_KEYS || k.startsWith(SET_ORDER) || k.startsWith(DELETE_PRIMITIVES)) continue;
    if (v[k] === null) continue;
    out[k] = clean(v[k]);
  }
  return out;
}
