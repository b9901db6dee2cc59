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
 *
 * A malformed patch fails with apimachinery's text (v0.32 strategicpatch and mergepatch/errors.go)
 * and the code the API server's patch handler gives it (interpretStrategicMergePatchError): 400 for
 * the five format errors (`invalid patch format of retainKeys`...), the generic 422 for lists of
 * lists, 500 for every other error (a plain Go error: `map: map[image:x] does not contain declared
 * merge key: name`). A key starting with `$` that is no directive is data, as in Go.
 */
import type { Atom, FieldInfo } from '../../schema/schema.js';
import { valueEquals } from '../../value/equals.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../../value/value.js';
import { goSprint, goSprintS, goTypeName } from './go-sprint.js';

/** 400: one of mergepatch's format errors; 422: lists of lists; 500: any other error. */
export type SmpFailureCode = 400 | 422 | 500;
export type SmpOutcome = { ok: true; value: Value } | { ok: false; code: SmpFailureCode; message: string };

class SmpError extends Error {
  constructor(
    readonly code: SmpFailureCode,
    message: string,
  ) {
    super(message);
  }
}

const badFormat = (what: string) => new SmpError(400, `invalid patch format of ${what}`);
const noMergeKey = (m: ValueMap, key: string) => new SmpError(500, `map: ${goSprint(m)} does not contain declared merge key: ${key}`);
const badPatchType = (t: Value, m: ValueMap) => new SmpError(500, `unknown patch type: ${goSprintS(t)} in map: ${goSprint(m)}`);
/** mergepatch.ErrBadArgType: the Go type expected and the one received. */
const badArgType = (expected: string, actual: Value) => new SmpError(500, `expected a ${expected}, but received a ${goTypeName(actual) ?? '%!s(<nil>)'}`);

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ORDER_PREFIX = '$setElementOrder';
const DELETE_PRIMITIVES_PREFIX = '$deleteFromPrimitiveList';
const DELETE_PRIMITIVES = DELETE_PRIMITIVES_PREFIX + '/';

/** strategicpatch's extractKey: the field a directive key names, `<prefix>/<field>`; anything else is a format error. */
function directiveField(key: string, prefix: string, what: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) throw badFormat(what);
  return key.slice(slash + 1);
}

interface PatchMeta {
  readonly atom: Atom | undefined;
  readonly strategy: string;
  readonly retainKeys: boolean;
  readonly mergeKey: string;
}

type WithPatchMeta = FieldInfo & { readonly patchStrategy?: string; readonly patchMergeKey?: string };

/** Applies `patch` to `original` under `atom` (undefined: no patch metadata anywhere). */
export function applyStrategicMergePatch(original: Value, patch: Value, atom: Atom | undefined): SmpOutcome {
  if (!isMap(patch)) return { ok: false, code: 400, message: 'unable to find api field in struct for the patch: the patch must be a JSON object' };
  try {
    return { ok: true, value: mergeMap(isMap(original) ? original : null, patch, atom) };
  } catch (e) {
    if (e instanceof SmpError) return { ok: false, code: e.code, message: e.message };
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
    // the patch as it is, nulls and nested directives included (handleDirectiveInMergeMap)
    if (directive === 'replace') return without(patchIn, DIRECTIVE);
    if (directive === 'delete') return newMap();
    throw badPatchType(directive, patchIn);
  }
  const original = originalIn ? copyMap(originalIn) : newMap();
  const patch = copyMap(patchIn);

  const retain = getKey(patch, RETAIN_KEYS);
  if (retain !== undefined) {
    delete patch[RETAIN_KEYS];
    if (!Array.isArray(retain)) throw badFormat('retainKeys');
    const keep = new Set(retain.filter((k) => typeof k === 'string'));
    // every key the patch sets must be listed (nulls and the list directives need not be)
    for (const k of Object.keys(patch)) {
      if (patch[k] === null || k.startsWith(DELETE_PRIMITIVES_PREFIX) || k.startsWith(SET_ORDER_PREFIX)) continue;
      if (!keep.has(k)) throw badFormat('retainKeys');
    }
    for (const k of Object.keys(original)) if (!keep.has(k)) delete original[k];
  }

  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ORDER_PREFIX)) continue;
    const order = patch[key];
    delete patch[key];
    if (!Array.isArray(order)) throw badArgType('[]interface {}', order);
    const field = directiveField(key, SET_ORDER_PREFIX, 'setElementOrder list');
    const meta = metaFor(atom, field);
    const orig = getKey(original, field);
    const patchList = getKey(patch, field);
    if (orig !== undefined && !Array.isArray(orig)) throw badArgType('[]interface {}', orig);
    if (patchList !== undefined && !Array.isArray(patchList)) throw badArgType('[]interface {}', patchList);
    const origList = orig;
    // what Go's view of the live list holds once mergeSlice has worked on its array in place
    const view: ListView = {};
    checkSetElementOrder(patchList, order, meta.mergeKey);
    let merged: Value[];
    if (origList && patchList === undefined) merged = origList;
    else if (!origList && patchList !== undefined) merged = (removeDirectives(patchList) as Value[] | undefined) ?? [];
    else if (origList && patchList !== undefined) {
      const m = mergeListField(origList, patchList, meta, false, view);
      merged = Array.isArray(m) ? m : [];
    } else continue;
    const { inList, rest } = partition(merged, order, meta.mergeKey);
    original[field] = normalizeElementOrder(inList, rest, order, view.after ?? origList ?? [], meta.mergeKey);
    delete patch[field];
  }

  // Deletion lists first, then the rest (Go's map order is random; this order is the sensible one).
  const keys = Object.keys(patch).sort((a, b) => Number(!a.startsWith(DELETE_PRIMITIVES)) - Number(!b.startsWith(DELETE_PRIMITIVES)));
  for (const rawKey of keys) {
    const patchV = patch[rawKey];
    let k = rawKey;
    let isDeleteList = false;
    if (rawKey.startsWith(DELETE_PRIMITIVES_PREFIX)) {
      k = directiveField(rawKey, DELETE_PRIMITIVES_PREFIX, 'primitive list');
      isDeleteList = true;
    }
    if (patchV === null) {
      delete original[k];
      continue;
    }
    const orig = getKey(original, k);
    if (orig === undefined || kindOf(orig) !== kindOf(patchV)) {
      // where nothing (or another kind of value) was: the patch value without its nulls and
      // without the maps that carry $patch; other directive keys stay, as data
      if (!isDeleteList) {
        const placed = removeDirectives(discardNulls(patchV));
        if (placed === undefined) delete original[k];
        else original[k] = placed;
      }
      continue;
    }
    const meta = metaFor(atom, k);
    if (isMap(orig) && isMap(patchV)) {
      original[k] = meta.strategy === 'replace' ? patchV : mergeMap(orig, patchV, meta.atom);
    } else if (Array.isArray(orig) && Array.isArray(patchV)) {
      original[k] = mergeListField(orig, patchV, meta, isDeleteList);
    } else {
      original[k] = patchV;
    }
  }
  return original;
}

/**
 * strategicpatch's validatePatchWithSetOrderList: the patch list's items (but those deleted or
 * carrying another directive) must come in the order of the `$setElementOrder` list and be in it.
 */
function checkSetElementOrder(patchList: Value[] | undefined, order: Value[], mergeKey: string): void {
  if (!patchList || patchList.length === 0 || order.length === 0) return;
  let items = patchList;
  if (mergeKey) {
    for (const v of patchList) if (!isMap(v)) throw badArgType('map[string]interface {}', v);
    items = patchList.filter((v) => getKey(v as ValueMap, DIRECTIVE) !== 'delete');
  }
  let p = 0;
  let o = 0;
  while (p < items.length && o < order.length) {
    if (isMap(items[p]) && getKey(items[p] as ValueMap, DIRECTIVE) !== undefined) {
      p++;
      continue;
    }
    if (goEqualItems(items[p], order[o], mergeKey)) p++;
    o++;
  }
  if (p < items.length && o >= order.length) {
    throw new SmpError(500, `The order in patch list:\n${goSprint(patchList)}\n doesn't match $setElementOrder list:\n${goSprint(order)}\n`);
  }
}

/** mergeKeyValueEqual: primitives by Go's ==, maps by their merge key values (each must have one). */
function goEqualItems(left: Value, right: Value, mergeKey: string): boolean {
  const same = (a: Value | undefined, b: Value | undefined) => a !== undefined && b !== undefined && goTypeName(a) === goTypeName(b) && valueEquals(a, b);
  if (!mergeKey) return same(left, right);
  if (!isMap(left)) throw badArgType('map[string]interface {}', left);
  if (!isMap(right)) throw badArgType('map[string]interface {}', right);
  const l = getKey(left, mergeKey);
  if (l === undefined) throw noMergeKey(left, mergeKey);
  const r = getKey(right, mergeKey);
  if (r === undefined) throw noMergeKey(right, mergeKey);
  return same(l, r);
}

/**
 * Go merges a list of maps in the array of the live list: a `$patch: delete` item shifts the
 * items after it left, and an appended item takes a slot so freed. `after` is that array as the
 * caller's view of the live list (its length) sees it; the order of a `$setElementOrder` merge
 * interleaves the live-only items by it.
 */
interface ListView {
  after?: Value[];
}

function mergeListField(orig: Value[], patch: Value, meta: PatchMeta, isDeleteList: boolean, view: ListView = {}): Value {
  // "Delete lists are handled the same way regardless of what the field's patch strategy is";
  // another list is replaced by the patch's as it is
  if (!Array.isArray(patch) || (meta.strategy !== 'merge' && !isDeleteList)) return patch;
  return mergeSlice(orig, patch, meta, isDeleteList, view);
}

/** The type of a list item as Go's reflect sees a decoded JSON value (int64 and float64 differ). */
function itemType(v: Value): string {
  return goTypeName(v) ?? 'nil';
}

/** strategicpatch's sliceElementType: every item of both lists of one type, and not a list. */
function checkElementTypes(original: Value[], patch: Value[]): void {
  let first: string | undefined;
  for (const v of [...original, ...patch]) {
    const t = itemType(v);
    if (first === undefined) {
      first = t;
      if (Array.isArray(v)) throw new SmpError(422, 'lists of lists are not supported');
    } else if (t !== first) {
      throw new SmpError(500, `list element types are not identical: ${goSprint([original, patch])}`);
    }
  }
}

function mergeSlice(originalIn: Value[], patchIn: Value[], meta: PatchMeta, isDeleteList: boolean, view: ListView): Value[] {
  if (originalIn.length === 0 && patchIn.length === 0) return originalIn;
  checkElementTypes(originalIn, patchIn);
  const maps = isMap(originalIn[0] ?? patchIn[0]);
  let original = originalIn;
  let patch = patchIn;
  let merged: Value[];
  if (!maps) {
    if (isDeleteList) return original.filter((o) => !patch.some((p) => valueEquals(o, p)));
    merged = [];
    for (const v of [...original, ...patch]) if (!merged.some((m) => valueEquals(m, v))) merged.push(v);
  } else {
    const key = meta.mergeKey;
    if (!key) throw new SmpError(500, 'cannot merge lists without merge key');
    const plain: Value[] = [];
    let replace = false;
    const slots = original.slice();
    let length = slots.length;
    for (const v of patch as ValueMap[]) {
      const d = getKey(v, DIRECTIVE);
      if (d === undefined) plain.push(v);
      else if (d === 'delete') {
        const kv = getKey(v, key);
        if (kv === undefined) throw noMergeKey(v, key);
        for (let at = findIn(slots, length, key, kv); at >= 0; at = findIn(slots, length, key, kv)) {
          for (let i = at; i < length - 1; i++) slots[i] = slots[i + 1]!;
          length--;
        }
        original = slots.slice(0, length);
      } else if (d === 'replace') replace = true;
      else if (d === 'merge') throw new SmpError(500, 'merging lists cannot yet be specified in the patch');
      else throw badPatchType(d, v);
    }
    if (replace) {
      original = plain;
      patch = [];
    } else patch = plain;
    merged = [...original];
    // the items' type: the list's element type, or the field's own type when it has fields
    // (strategicpatch looks the items of a struct-typed field up in that struct; an untyped
    // type with properties has both a list and a map side)
    const element = meta.atom?.list && !meta.atom.map ? meta.atom.list.element.get() : meta.atom;
    for (const v of patch as ValueMap[]) {
      const kv = getKey(v, key);
      if (kv === undefined) throw noMergeKey(v, key);
      const at = merged.findIndex((o) => isMap(o) && valueEquals(getKey(o, key), kv));
      if (at >= 0) merged[at] = mergeMap(merged[at] as ValueMap, v, element);
      else {
        if (!replace && merged.length < slots.length) slots[merged.length] = v;
        merged.push(v); // appended as it is (mergeSliceWithoutSpecialElements)
      }
    }
    view.after = slots;
  }
  const { inList, rest } = partition(merged, patch, maps ? meta.mergeKey : '');
  return normalizeElementOrder(inList, rest, patch, original, maps ? meta.mergeKey : '');
}

/** The first of the first `length` items of `slots` whose merge key has value `kv`. */
function findIn(slots: Value[], length: number, key: string, kv: Value): number {
  for (let i = 0; i < length; i++) if (valueEquals(getKey(slots[i] as ValueMap, key), kv)) return i;
  return -1;
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

/**
 * strategicpatch's removeDirectives: a map carrying `$patch` is dropped (undefined), from a map or
 * a list at any depth; every other key stays, `$retainKeys` and `$setElementOrder/...` as data.
 */
export function removeDirectives(v: Value): Value | undefined {
  if (Array.isArray(v)) {
    const out: Value[] = [];
    for (const x of v) {
      const y = removeDirectives(x);
      if (y !== undefined) out.push(y);
    }
    return out;
  }
  if (!isMap(v)) return v;
  if (getKey(v, DIRECTIVE) !== undefined) return undefined;
  const out = newMap();
  for (const k of Object.keys(v)) {
    const y = removeDirectives(v[k]);
    if (y !== undefined) out[k] = y;
  }
  return out;
}

/** strategicpatch's discardNullValuesFromPatch: null values of maps dropped at any depth (list items stay). */
function discardNulls(v: Value): Value {
  if (Array.isArray(v)) return v.map(discardNulls);
  if (!isMap(v)) return v;
  const out = newMap();
  for (const k of Object.keys(v)) if (v[k] !== null) out[k] = discardNulls(v[k]);
  return out;
}
