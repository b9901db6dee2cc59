/**
 * The last step of kubectl's three-way strategic merge patch (apimachinery v0.32
 * strategicpatch.CreateThreeWayMergePatch): the delta patch (live → manifest, without deletions)
 * is merged into the deletions patch (last applied → manifest, deletions only) by the same merge
 * that applies a patch to an object, in its patch-into-patch mode (`MergeOptions{}`):
 *
 * - `$retainKeys`, `$setElementOrder/<f>` and `$deleteFromPrimitiveList/<f>` are carried into the
 *   result, not applied; a `null` stays a `null`;
 * - a value the deletions patch has not got is taken without its `$patch` maps;
 * - maps merge key by key (`replace` strategy: the delta's map); merged lists merge item by merge
 *   key, a `{$patch: delete}` item of the delta removing the deletions' item, and are then ordered
 *   as the merge orders them (the delta's items in its order, the others interleaved where the
 *   deletions list had them; `$setElementOrder` first); other lists are the delta's.
 *
 * Go merges a list in place: the deletions list it keeps for ordering (`$setElementOrder` lists)
 * sees the shifts of deleted items and the appended items that reuse their slots. `mergedList`
 * models that array so the order is Go's.
 */
import { goSprint } from '../../apiserver/patch/go-sprint.js';
import { removeDirectives } from '../../apiserver/patch/strategic-merge-patch.js';
import { valueEquals } from '../../value/equals.js';
import { type Value, type ValueMap, getKey, hasKey, isList, isMap, newMap } from '../../value/value.js';
import { PatchComputeError } from './patch-compute-error.js';
import { hasStrategy, NO_PATCH_META, type PatchField, type PatchMetaNode } from './patch-meta.js';

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ORDER = '$setElementOrder';
const DELETE_PRIMITIVES = '$deleteFromPrimitiveList';

/** `delta` merged into `deletions` (both patches), as CreateThreeWayMergePatch does it. */
export function mergePatchIntoPatch(deletions: ValueMap, delta: ValueMap, meta: PatchMetaNode): ValueMap {
  return mergeMap(deletions, delta, meta);
}

const typeError = (expected: string, v: Value | undefined) =>
  new PatchComputeError(`expected a ${expected}, but received a ${v === undefined || v === null ? '%!s(<nil>)' : goType(v)}`);
const noMergeKey = (m: ValueMap, key: string) => new PatchComputeError(`map: ${goSprint(m)} does not contain declared merge key: ${key}`);

function goType(v: Value): string {
  if (isList(v)) return '[]interface {}';
  if (isMap(v)) return 'map[string]interface {}';
  if (typeof v === 'number' || typeof v === 'bigint') return 'float64';
  return typeof v === 'boolean' ? 'bool' : 'string';
}

/** The Go type of a decoded JSON value, as strategicpatch compares them (`reflect.TypeOf`). */
function kind(v: Value | undefined): string {
  if (v === undefined || v === null) return 'nil';
  return goType(v);
}

/** Go's `==` on two decoded JSON values as interfaces (maps and lists never equal). */
function goEq(a: Value | undefined, b: Value | undefined): boolean {
  if (a === undefined || a === null) return b === undefined || b === null;
  if (typeof a === 'number' || typeof a === 'bigint') return (typeof b === 'number' || typeof b === 'bigint') && Number(a) === Number(b);
  if (typeof a === 'object') return false;
  return a === b;
}

function copyMap(m: ValueMap): ValueMap {
  const out = newMap();
  for (const k of Object.keys(m)) out[k] = m[k];
  return out;
}

function mergeMap(originalIn: ValueMap | null, patchIn: ValueMap, meta: PatchMetaNode): ValueMap {
  if (hasKey(patchIn, DIRECTIVE)) {
    const d = patchIn[DIRECTIVE];
    if (d === 'replace') {
      const out = copyMap(patchIn);
      delete out[DIRECTIVE];
      return out;
    }
    if (d === 'delete') return newMap();
    throw new PatchComputeError(`unknown patch type: ${typeof d === 'string' ? d : goSprint(d)} in map: ${goSprint(patchIn)}`);
  }
  const original = originalIn ? copyMap(originalIn) : newMap();
  const patch = copyMap(patchIn);

  if (hasKey(patch, RETAIN_KEYS)) {
    const inPatch = patch[RETAIN_KEYS];
    delete patch[RETAIN_KEYS];
    if (hasKey(original, RETAIN_KEYS)) {
      if (!valueEquals(original[RETAIN_KEYS], inPatch)) {
        throw new PatchComputeError(`${goSprint(original[RETAIN_KEYS])} and ${goSprint(inPatch)} are not deep equal: this may happen when calculating the 3-way diff patch`);
      }
    } else original[RETAIN_KEYS] = inPatch;
  }

  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ORDER)) continue;
    mergeWithOrder(original, patch, key, meta);
  }

  for (const k of Object.keys(patch)) {
    const patchV = patch[k];
    if (k.startsWith(DELETE_PRIMITIVES)) {
      original[k] = patchV;
      continue;
    }
    const origV = getKey(original, k);
    if (patchV === null || origV === undefined || kind(origV) !== kind(patchV)) {
      const v = removeDirectives(patchV);
      if (v === undefined) delete original[k];
      else original[k] = v;
      continue;
    }
    const f = meta.field(k);
    if (isMap(origV) && isMap(patchV)) {
      original[k] = hasStrategy(f, 'replace') ? patchV : mergeMap(origV, patchV, f?.node ?? NO_PATCH_META);
    } else if (isList(origV) && isList(patchV)) {
      original[k] = hasStrategy(f, 'merge') ? mergedList(origV, patchV, f!).merged : patchV;
    } else {
      original[k] = patchV;
    }
  }
  return original;
}

/** strategicpatch's mergePatchIntoOriginal for one `$setElementOrder/<field>` key of the patch. */
function mergeWithOrder(original: ValueMap, patch: ValueMap, key: string, meta: PatchMetaNode): void {
  const order = patch[key];
  if (hasKey(original, key)) {
    if (!valueEquals(original[key], order)) throw new PatchComputeError('invalid patch format of setElementOrder list');
  } else original[key] = order;
  delete patch[key];
  if (!isList(order)) throw typeError('[]interface {}', order);
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== SET_ORDER) throw new PatchComputeError('invalid patch format of setElementOrder list');
  const field = key.slice(slash + 1);
  const origList = getKey(original, field);
  const patchList = getKey(patch, field);
  if (origList !== undefined && !isList(origList)) throw typeError('[]interface {}', origList);
  if (patchList !== undefined && !isList(patchList)) throw typeError('[]interface {}', patchList);
  const f = meta.field(field);
  const mergeKey = f?.mergeKey ?? '';
  checkOrder(patchList ?? [], order, mergeKey);
  let merged: Value[];
  let serverOrder: Value[] = origList ?? [];
  if (origList !== undefined && patchList === undefined) merged = origList;
  else if (origList === undefined && patchList !== undefined) merged = removeDirectives(patchList) as Value[];
  else if (origList !== undefined && patchList !== undefined) {
    if (hasStrategy(f, 'merge')) {
      const r = mergedList(origList, patchList, f!);
      merged = r.merged;
      serverOrder = r.originalAfter;
    } else merged = patchList;
  } else return;
  // sliceElementType over the two lists as they came: they must have an item between them
  const before = [...(origList ?? []), ...(patchList ?? [])];
  if (before.length === 0) throw new PatchComputeError('no elements in any of the given slices');
  checkElementTypes(origList ?? [], patchList ?? []);
  const maps = isMap(before[0]!);
  const inOrder: Value[] = [];
  const rest: Value[] = [];
  for (const v of merged) (indexOf(order, v, mergeKey, maps) >= 0 ? inOrder : rest).push(v);
  original[field] = normalizeElementOrder(inOrder, rest, order, serverOrder, mergeKey, maps);
  delete patch[field];
}

/** validatePatchWithSetOrderList: the patch list's items come in the order list's order. */
function checkOrder(patchList: Value[], order: Value[], mergeKey: string): void {
  if (order.length === 0 || patchList.length === 0) return;
  const items = mergeKey ? withoutDeleteItems(patchList).kept : patchList;
  let p = 0;
  let o = 0;
  while (p < items.length && o < order.length) {
    const item = items[p];
    if (isMap(item) && hasKey(item, DIRECTIVE)) {
      p++;
      continue;
    }
    if (sameItem(item, order[o], mergeKey)) p++;
    o++;
  }
  if (p < items.length && o >= order.length) {
    throw new PatchComputeError(`The order in patch list:\n${goSprint(patchList)}\n doesn't match ${SET_ORDER} list:\n${goSprint(order)}\n`);
  }
}

/** mergeKeyValueEqual: scalars by Go's ==, maps by their merge key's values (which they must have). */
function sameItem(a: Value, b: Value, mergeKey: string): boolean {
  if (!mergeKey) return goEq(a, b);
  if (!isMap(a)) throw typeError('map[string]interface {}', a);
  if (!isMap(b)) throw typeError('map[string]interface {}', b);
  if (!hasKey(a, mergeKey)) throw noMergeKey(a, mergeKey);
  if (!hasKey(b, mergeKey)) throw noMergeKey(b, mergeKey);
  return goEq(a[mergeKey], b[mergeKey]);
}

/** extractToDeleteItems: a list of maps split into the items without `$patch: delete` and those with it. */
function withoutDeleteItems(list: Value[]): { kept: Value[]; deletes: Value[] } {
  const kept: Value[] = [];
  const deletes: Value[] = [];
  for (const v of list) {
    if (!isMap(v)) throw typeError('map[string]interface {}', v);
    (getKey(v, DIRECTIVE) === 'delete' ? deletes : kept).push(v);
  }
  return { kept, deletes };
}

function elementsAreMaps(lists: readonly Value[][]): boolean {
  for (const l of lists) for (const v of l) {
    if (isList(v)) throw new PatchComputeError('lists of lists are not supported');
    return isMap(v);
  }
  return false;
}

/** sliceElementType: every item of the lists of one Go type. */
function checkElementTypes(a: Value[], b: Value[]): void {
  let first: string | undefined;
  for (const v of [...a, ...b]) {
    const t = kind(v);
    if (first === undefined) {
      first = t;
      if (isList(v)) throw new PatchComputeError('lists of lists are not supported');
    } else if (t !== first) throw new PatchComputeError(`list element types are not identical: ${goSprint([a, b])}`);
  }
}

/**
 * strategicpatch's mergeSlice for a merged list. `originalAfter` is what the caller's view of the
 * original list holds once Go has merged in place: deleted items shifted out, their slots at the
 * end reused by appended items or still holding what was there.
 */
function mergedList(original: Value[], patchIn: Value[], f: PatchField): { merged: Value[]; originalAfter: Value[] } {
  if (original.length === 0 && patchIn.length === 0) return { merged: original, originalAfter: original };
  checkElementTypes(original, patchIn);
  const maps = elementsAreMaps([original, patchIn]);
  const mergeKey = f.mergeKey ?? '';
  if (!maps) {
    const merged = dedupe([...original, ...patchIn]);
    const inPatch: Value[] = [];
    const rest: Value[] = [];
    for (const v of merged) (patchIn.some((p) => goEq(p, v)) ? inPatch : rest).push(v);
    return { merged: normalizeElementOrder(inPatch, rest, patchIn, original, '', false), originalAfter: original };
  }
  if (!mergeKey) throw new PatchComputeError('cannot merge lists without merge key');
  // Go's array behind `original`: deletions shift it in place; appends reuse the freed slots.
  const slots = original.slice();
  let length = slots.length;
  const plain: Value[] = [];
  let replace = false;
  for (const v of patchIn as ValueMap[]) {
    if (!hasKey(v, DIRECTIVE)) {
      plain.push(v);
      continue;
    }
    const d = v[DIRECTIVE];
    if (d === 'delete') {
      if (!hasKey(v, mergeKey)) throw noMergeKey(v, mergeKey);
      for (;;) {
        const at = findByKey(slots.slice(0, length), mergeKey, v[mergeKey]);
        if (at < 0) break;
        for (let i = at; i < length - 1; i++) slots[i] = slots[i + 1]!;
        length--;
      }
    } else if (d === 'replace') replace = true;
    else if (d === 'merge') throw new PatchComputeError('merging lists cannot yet be specified in the patch');
    else throw new PatchComputeError(`unknown patch type: ${typeof d === 'string' ? d : goSprint(d)} in map: ${goSprint(v)}`);
  }
  let base: Value[];
  let patch: Value[];
  let inPlace = !replace;
  if (replace) {
    base = plain.slice();
    patch = [];
  } else {
    base = slots.slice(0, length);
    patch = plain;
  }
  const serverOrder = base.slice();
  const merged = base.slice();
  for (const v of patch as ValueMap[]) {
    if (!hasKey(v, mergeKey)) throw noMergeKey(v, mergeKey);
    const at = findByKey(merged, mergeKey, v[mergeKey]);
    if (at >= 0) merged[at] = mergeMap(merged[at] as ValueMap, v, f.node);
    else {
      if (inPlace && merged.length < slots.length) slots[merged.length] = v;
      else inPlace = false;
      merged.push(v);
    }
  }
  const inPatch: Value[] = [];
  const rest: Value[] = [];
  for (const v of merged) (indexOf(patch, v, mergeKey, true) >= 0 ? inPatch : rest).push(v);
  return { merged: normalizeElementOrder(inPatch, rest, patch, serverOrder, mergeKey, true), originalAfter: slots };
}

function findByKey(list: Value[], mergeKey: string, value: Value): number {
  for (let i = 0; i < list.length; i++) {
    const v = list[i]!;
    if (!isMap(v)) throw new PatchComputeError(`value for key ${i} is not a map`);
    if (hasKey(v, mergeKey) && goEq(v[mergeKey], value)) return i;
  }
  return -1;
}

/** strategicpatch's deduplicateScalars (a repeat replaced by the last item, which is dropped). */
function dedupe(list: Value[]): Value[] {
  const s = list.slice();
  let last = s.length - 1;
  for (let i = 0; i < last; i++) {
    for (let j = i + 1; j <= last; j++) {
      if (goEq(s[i], s[j])) {
        s[j] = s[last]!;
        s.length = last;
        last--;
        j--;
      }
    }
  }
  return s;
}

/** strategicpatch's index: by merge key value for maps, by the item for scalars. */
function indexOf(list: Value[], item: Value, mergeKey: string, maps: boolean): number {
  const id = (v: Value) => (maps ? (isMap(v) ? getKey(v, mergeKey) : undefined) : v);
  const want = id(item);
  for (let i = 0; i < list.length; i++) if (goEq(id(list[i]!), want)) return i;
  return -1;
}

/** normalizeSliceOrder: stably sorted by `order` (unknown items compare as less); delete items last. */
function sortByOrder(items: Value[], order: Value[], mergeKey: string, maps: boolean): Value[] {
  let toSort = items;
  let deletes: Value[] = [];
  if (maps) {
    for (const l of [items, order]) for (const v of l) {
      if (!isMap(v)) throw typeError('map[string]interface {}', v);
      if (!hasKey(v, mergeKey)) throw noMergeKey(v, mergeKey);
    }
    const split = withoutDeleteItems(items);
    toSort = split.kept;
    deletes = split.deletes;
  }
  const a = toSort.slice();
  const less = (x: Value, y: Value) => {
    const ix = indexOf(order, x, mergeKey, maps);
    if (ix >= 0) {
      const iy = indexOf(order, y, mergeKey, maps);
      if (iy >= 0) return ix < iy;
    }
    return true;
  };
  // Go's sort.SliceStable is an insertion sort on lists this short
  for (let i = 1; i < a.length; i++) {
    for (let j = i; j > 0 && less(a[j]!, a[j - 1]!); j--) [a[j], a[j - 1]] = [a[j - 1]!, a[j]!];
  }
  return a.concat(deletes);
}

/** normalizeElementOrder and mergeSortedSlice: the two sorted lists interleaved by the server order. */
function normalizeElementOrder(patch: Value[], serverOnly: Value[], patchOrder: Value[], serverOrder: Value[], mergeKey: string, maps: boolean): Value[] {
  const p = sortByOrder(patch, patchOrder, mergeKey, maps);
  const s = sortByOrder(serverOnly, serverOrder, mergeKey, maps);
  const out: Value[] = [];
  let i = 0;
  let j = 0;
  while (i < s.length || j < p.length) {
    if (i >= s.length) out.push(p[j++]!);
    else if (j >= p.length) out.push(s[i++]!);
    else {
      const li = indexOf(serverOrder, s[i]!, mergeKey, maps);
      const ri = indexOf(serverOrder, p[j]!, mergeKey, maps);
      if (li >= 0 && ri >= 0 && li < ri) out.push(s[i++]!);
      else out.push(p[j++]!);
    }
  }
  return out;
}
