/**
 * The patches kubectl computes on the client (apiserver-semantics §5.1 step 3):
 * - for built-in kinds a strategic merge patch (the algorithm of apimachinery's strategicpatch:
 *   additions and changes from live to modified, deletions from original to modified, merged;
 *   merged lists by merge key with `$setElementOrder`, `$deleteFromPrimitiveList` and `$retainKeys`
 *   directives);
 * - for custom resources a JSON merge patch (jsonmergepatch.CreateThreeWayJSONMergePatch).
 * Two-way variants (original → modified) serve `kubectl edit` and `kubectl set`.
 * All functions are pure; an empty patch is `{}`.
 */
import { compareStrings } from '../../value/compare-strings.js';
import { valueEquals } from '../../value/equals.js';
import { type Value, type ValueMap, getKey, hasKey, isList, isMap, newMap } from '../../value/value.js';
import { hasStrategy, NO_PATCH_META, type PatchField, type PatchMetaNode } from './patch-meta.js';
import { goSprint } from '../../apiserver/patch/go-sprint.js';
import { applyMergePatch } from '../../apiserver/patch/merge-patch.js';
import { PatchComputeError, unknownFieldError } from './patch-compute-error.js';
import { mergePatchIntoPatch } from './merge-patches.js';
import { goSort } from './go-sort.js';

export { PatchComputeError };

interface DiffOptions {
  readonly ignoreDeletions: boolean;
  readonly ignoreChangesAndAdditions: boolean;
  readonly setElementOrder: boolean;
  readonly buildRetainKeys: boolean;
}

const SET_ELEMENT_ORDER = '$setElementOrder';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';
const RETAIN_KEYS = '$retainKeys';
const PATCH_DIRECTIVE = '$patch';

/**
 * strategicpatch's sliceElementType over the lists of one merge: every item of every list must
 * have the same type, and lists of lists are not supported.
 */
function checkElementTypes(lists: readonly (readonly Value[])[]): void {
  let first: string | undefined;
  for (const list of lists) {
    for (const v of list) {
      const t = kindTag(v);
      if (first === undefined) {
        first = t;
        if (t === 'list') throw new PatchComputeError('lists of lists are not supported');
      } else if (t !== first) {
        throw new PatchComputeError(`list element types are not identical: ${goSprint(lists as Value[])}`);
      }
    }
  }
}

function kindTag(v: Value): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  return typeof v === 'object' ? 'map' : typeof v;
}

/** Go's `%v` of a merge key's value or a scalar item, as strategicpatch sorts by it. */
function keyString(v: Value | undefined): string {
  return v === undefined ? '<nil>' : goSprint(v);
}

function diffMaps(original: ValueMap, modified: ValueMap, meta: PatchMetaNode, opts: DiffOptions): ValueMap {
  const patch = newMap();
  const retainKeys: string[] = [];
  for (const key of Object.keys(modified)) {
    const mv = modified[key];
    if (opts.buildRetainKeys && mv !== null) retainKeys.push(key);
    if (!hasKey(original, key)) {
      if (!opts.ignoreChangesAndAdditions) patch[key] = mv;
      continue;
    }
    const ov = original[key];
    if (key === PATCH_DIRECTIVE) {
      // a directive marker in the inputs: kept when it differs (never produced by kubectl's inputs)
      if (!valueEquals(ov, mv) && !opts.ignoreChangesAndAdditions) patch[key] = mv;
      continue;
    }
    if (kindTag(ov) !== kindTag(mv)) {
      if (!opts.ignoreChangesAndAdditions) patch[key] = mv;
      continue;
    }
    if (isMap(ov) && isMap(mv)) handleMapDiff(key, ov, mv, patch, meta, opts);
    else if (isList(ov) && isList(mv)) handleSliceDiff(key, ov, mv, patch, meta, opts);
    else if (!opts.ignoreChangesAndAdditions && !valueEquals(ov, mv)) patch[key] = mv;
  }
  if (!opts.ignoreDeletions) for (const key of Object.keys(original)) if (!hasKey(modified, key)) patch[key] = null;
  if (retainKeys.length > 0 && (Object.keys(patch).length > 0 || Object.keys(original).some((k) => !hasKey(modified, k)))) {
    patch[RETAIN_KEYS] = retainKeys.sort(compareStrings);
  }
  return patch;
}

/**
 * The patch metadata of `key`, which strategicpatch must find when the two values differ: a
 * struct without that field fails the patch (kubectl then tells it, patch-compute-error.ts).
 */
function lookup(meta: PatchMetaNode, key: string, ov: Value, mv: Value): PatchField | undefined {
  const f = meta.field(key);
  if (f === undefined && meta.struct !== undefined && !valueEquals(ov, mv)) throw unknownFieldError(key, meta.struct);
  return f;
}

function handleMapDiff(key: string, ov: ValueMap, mv: ValueMap, patch: ValueMap, meta: PatchMetaNode, opts: DiffOptions): void {
  const f = lookup(meta, key, ov, mv);
  if (hasStrategy(f, 'replace')) {
    if (!opts.ignoreChangesAndAdditions && !valueEquals(ov, mv)) patch[key] = mv;
    return;
  }
  const sub = diffMaps(ov, mv, f?.node ?? NO_PATCH_META, { ...opts, buildRetainKeys: hasStrategy(f, 'retainKeys') });
  if (Object.keys(sub).length > 0) patch[key] = sub;
}

function handleSliceDiff(key: string, ov: Value[], mv: Value[], patch: ValueMap, meta: PatchMetaNode, opts: DiffOptions): void {
  const f = lookup(meta, key, ov, mv);
  if (!hasStrategy(f, 'merge')) {
    if (!opts.ignoreChangesAndAdditions && !valueEquals(ov, mv)) patch[key] = mv;
    return;
  }
  const itemOpts = { ...opts, buildRetainKeys: hasStrategy(f, 'retainKeys') };
  const { add, del, order } = diffLists(ov, mv, f!.node, f!.mergeKey ?? '', itemOpts);
  if (add.length > 0) patch[key] = add;
  if (del.length > 0) patch[`${DELETE_FROM_PRIMITIVE_LIST}/${key}`] = del;
  if (order.length > 0) patch[`${SET_ELEMENT_ORDER}/${key}`] = order;
}

function elementKind(a: readonly Value[], b: readonly Value[]): 'map' | 'scalar' {
  const first = a.length > 0 ? a[0] : b.length > 0 ? b[0] : null;
  return isMap(first) ? 'map' : 'scalar';
}

function diffLists(original: Value[], modified: Value[], node: PatchMetaNode, mergeKey: string, opts: DiffOptions): { add: Value[]; del: Value[]; order: Value[] } {
  // An empty original list: the modified list whole, with no order list.
  if (original.length === 0) return { add: modified.length === 0 || opts.ignoreChangesAndAdditions ? [] : modified, del: [], order: [] };
  let add: Value[] = [];
  let del: Value[] = [];
  let order: Value[] = [];
  checkElementTypes([original, modified]);
  if (elementKind(original, modified) === 'map') {
    const r = diffListsOfMaps(original as ValueMap[], modified as ValueMap[], node, mergeKey, opts);
    const orderSame = isOrderSame(original, modified, mergeKey);
    // Changed and added items in the modified list's order, the deletions after them.
    add = inOrderOf(r.patch, modified, (v) => (isMap(v) ? getKey(v, mergeKey) : undefined)).concat(r.deletions);
    if (
      opts.setElementOrder &&
      ((!opts.ignoreChangesAndAdditions && (add.length > 0 || !orderSame)) || (!opts.ignoreDeletions && add.length > 0))
    ) {
      order = modified.map((v) => {
        const m = newMap();
        m[mergeKey] = isMap(v) ? (getKey(v, mergeKey) ?? null) : null;
        return m;
      });
    }
  } else {
    const r = diffListsOfScalars(original, modified, opts);
    add = inOrderOf(r.add, modified, (v) => v);
    del = r.del;
    const orderSame = isOrderSame(original, modified, '');
    if (opts.setElementOrder && ((!opts.ignoreDeletions && del.length > 0) || (!opts.ignoreChangesAndAdditions && !orderSame))) order = modified;
  }
  return { add, del, order };
}

/**
 * `items` stably sorted by where their identity (`id`: the merge key, or the scalar itself) first
 * occurs in `order` (strategicpatch's normalizeSliceOrder; every item here occurs there).
 */
function inOrderOf(items: readonly Value[], order: readonly Value[], id: (v: Value) => Value | undefined): Value[] {
  const at = (v: Value) => {
    const k = id(v);
    return order.findIndex((o) => k !== undefined && sameScalar(id(o), k));
  };
  return items
    .map((v, i) => ({ v, i, at: at(v) }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((x) => x.v);
}

/** Go's `==` on two decoded JSON scalars (numbers as float64). */
function sameScalar(a: Value | undefined, b: Value | undefined): boolean {
  if (typeof a === 'number' || typeof a === 'bigint') return (typeof b === 'number' || typeof b === 'bigint') && Number(a) === Number(b);
  return a === b;
}

/**
 * strategicpatch's sortMergeListsByNameArray: Go's sort.Sort by the merge key's `%v` text, with a
 * Less that also holds for equal texts (sort.StringsAreSorted), as go-sort.ts runs it. Items with
 * the same key keep no particular order: up to 12 items it is an insertion sort, which that Less
 * turns into a reversal (a Service's 80/TCP and 80/UDP ports, both keyed `port: 80`); longer lists
 * go through Go's pattern-defeating quicksort. The walk pairs them with the other list's in that
 * order.
 */
function sortedByKey(list: readonly ValueMap[], mergeKey: string): ValueMap[] {
  const items = list.map((v) => ({ v, key: keyString(getKey(v, mergeKey)) }));
  return goSort(items, (a, b) => compareStrings(a.key, b.key) <= 0).map((x) => x.v);
}

function diffListsOfMaps(original: ValueMap[], modified: ValueMap[], node: PatchMetaNode, mergeKey: string, opts: DiffOptions): { patch: Value[]; deletions: Value[] } {
  const patch: Value[] = [];
  const deletions: Value[] = [];
  const os = sortedByKey(original, mergeKey);
  const ms = sortedByKey(modified, mergeKey);
  let oi = 0;
  let mi = 0;
  while (oi < os.length || mi < ms.length) {
    const o = oi < os.length ? os[oi] : undefined;
    const m = mi < ms.length ? ms[mi] : undefined;
    const ok = o ? keyString(getKey(o, mergeKey)) : '';
    const mk = m ? keyString(getKey(m, mergeKey)) : '';
    if (o && m && ok === mk) {
      const sub = diffMaps(o, m, node, opts);
      if (Object.keys(sub).length > 0) {
        sub[mergeKey] = getKey(m, mergeKey) ?? null;
        patch.push(sub);
      }
      oi++;
      mi++;
    } else if (!o || (m && compareStrings(ok, mk) > 0)) {
      if (!opts.ignoreChangesAndAdditions) patch.push(m!);
      mi++;
    } else {
      if (!opts.ignoreDeletions) {
        const d = newMap();
        d[PATCH_DIRECTIVE] = 'delete';
        d[mergeKey] = getKey(o, mergeKey) ?? null;
        deletions.push(d);
      }
      oi++;
    }
  }
  return { patch, deletions };
}

/**
 * strategicpatch's diffListsOfScalars: both lists sorted by their `%v` text and walked side by
 * side, so a repeated value counts (`[a, a]` to `[a]` deletes `a`); the deletions deduplicated.
 */
function diffListsOfScalars(original: Value[], modified: Value[], opts: DiffOptions): { add: Value[]; del: Value[] } {
  const add: Value[] = [];
  const del: Value[] = [];
  // sortScalars: sort.Sort with the same Less (`%v` texts, equal ones too)
  const sorted = (list: Value[]) => goSort(list.map((v) => ({ v, text: keyString(v) })), (a, b) => compareStrings(a.text, b.text) <= 0);
  const os = sorted(original);
  const ms = sorted(modified);
  let oi = 0;
  let mi = 0;
  while (oi < os.length || mi < ms.length) {
    const o = oi < os.length ? os[oi] : undefined;
    const m = mi < ms.length ? ms[mi] : undefined;
    if (o && m && o.text === m.text) {
      oi++;
      mi++;
    } else if (!o || (m && compareStrings(o.text, m.text) > 0)) {
      if (!opts.ignoreChangesAndAdditions) add.push(m!.v);
      mi++;
    } else {
      if (!opts.ignoreDeletions) del.push(o.v);
      oi++;
    }
  }
  return { add, del: withoutRepeats(del) };
}

/**
 * strategicpatch's deduplicateScalars: a repeat is replaced by the list's last item, which is
 * then dropped, so the order of what remains can change (`[a, a, b]` gives `[a, b]`).
 */
function withoutRepeats(list: Value[]): Value[] {
  const s = list.slice();
  let last = s.length - 1;
  for (let i = 0; i < last; i++) {
    for (let j = i + 1; j <= last; j++) {
      if (sameScalar(s[i], s[j])) {
        s[j] = s[last];
        s.length = last;
        last--;
        j--;
      }
    }
  }
  return s;
}

function isOrderSame(original: Value[], modified: Value[], mergeKey: string): boolean {
  if (original.length !== modified.length) return false;
  for (let i = 0; i < original.length; i++) {
    const o = original[i];
    const m = modified[i];
    if (mergeKey && isMap(o) && isMap(m)) {
      if (!valueEquals(getKey(o, mergeKey), getKey(m, mergeKey))) return false;
    } else if (!valueEquals(o, m)) return false;
  }
  return true;
}

/**
 * The strategic merge patch `kubectl apply` sends: from `original` (the last-applied
 * configuration, or undefined when the live object has none), `modified` (the new manifest with
 * its new annotation) and `current` (the live object).
 */
export function threeWayStrategicMergePatch(original: ValueMap | undefined, modified: ValueMap, current: ValueMap, meta: PatchMetaNode): ValueMap {
  const delta = diffMaps(current, modified, meta, { ignoreDeletions: true, ignoreChangesAndAdditions: false, setElementOrder: true, buildRetainKeys: false });
  const deletions = diffMaps(original ?? newMap(), modified, meta, {
    ignoreDeletions: false,
    ignoreChangesAndAdditions: true,
    setElementOrder: true,
    buildRetainKeys: false,
  });
  return mergePatchIntoPatch(deletions, delta, meta);
}

/** The strategic merge patch from `original` to `modified` (kubectl edit, set, label...). */
export function twoWayStrategicMergePatch(original: ValueMap, modified: ValueMap, meta: PatchMetaNode): ValueMap {
  return diffMaps(original, modified, meta, { ignoreDeletions: false, ignoreChangesAndAdditions: false, setElementOrder: true, buildRetainKeys: false });
}

/** RFC 7386 merge patch from `original` to `modified` (jsonpatch.CreateMergePatch). */
export function createMergePatch(original: ValueMap, modified: ValueMap): ValueMap {
  const patch = newMap();
  for (const k of Object.keys(modified)) {
    const mv = modified[k];
    if (!hasKey(original, k)) {
      patch[k] = mv;
      continue;
    }
    const ov = original[k];
    if (isMap(ov) && isMap(mv)) {
      const sub = createMergePatch(ov, mv);
      if (Object.keys(sub).length > 0) patch[k] = sub;
    } else if (!valueEquals(ov, mv)) patch[k] = mv;
  }
  for (const k of Object.keys(original)) if (!hasKey(modified, k)) patch[k] = null;
  return patch;
}

/**
 * jsonmergepatch's keepOrDeleteNullInObj: with `keepNull`, only the nulls (and the maps that lead
 * to them); without, everything but the nulls (an empty map is kept as it is).
 */
export function keepOrDeleteNull(m: ValueMap, keepNull: boolean): ValueMap {
  const out = newMap();
  for (const k of Object.keys(m)) {
    const v = m[k];
    if (v === null) {
      if (keepNull) out[k] = null;
      continue;
    }
    if (isMap(v)) {
      if (Object.keys(v).length === 0) {
        if (!keepNull) out[k] = v;
        continue;
      }
      const sub = keepOrDeleteNull(v, keepNull);
      if (Object.keys(sub).length > 0) out[k] = sub;
      continue;
    }
    if (!keepNull) out[k] = v;
  }
  return out;
}

/** The JSON merge patch `kubectl apply` sends for a custom resource. */
export function threeWayJsonMergePatch(original: ValueMap | undefined, modified: ValueMap, current: ValueMap): ValueMap {
  const addAndChange = keepOrDeleteNull(createMergePatch(current, modified), false);
  const deletions = keepOrDeleteNull(createMergePatch(original ?? newMap(), modified), true);
  return applyMergePatch(deletions, addAndChange) as ValueMap;
}

export function isEmptyPatch(p: ValueMap): boolean {
  return Object.keys(p).length === 0;
}
