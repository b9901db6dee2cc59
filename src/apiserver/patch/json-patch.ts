/**
 * JSON Patch (RFC 6902, `application/json-patch+json`) as kube-apiserver applies it: with
 * evanphx/json-patch v4 (gopkg.in/evanphx/json-patch.v4), whose liberties users meet and whose
 * error texts they read:
 *
 * - A path is split at `/` and its first segment is skipped, whatever it holds (`data/a` is the
 *   root's `a`); `~1` and `~0` are decoded, other `~` sequences are kept.
 * - A JSON null is no value: a path cannot go through it, and `test` finds it absent. An operation
 *   without `value` carries null.
 * - `replace` of an absent map key adds it; `copy` of an absent map key copies null; list indexes
 *   may be negative (from the end) and `-` appends.
 *
 * Maps are Values (null-prototype), so `__proto__`, `constructor` or `toString` are keys like any
 * other. The input is never changed: containers on the way to a change are copied.
 */
import { valueEquals } from '../../value/equals.js';
import { getKey, hasKey, isList, isMap, newMap, type Value, type ValueMap } from '../../value/value.js';

export type PatchOutcome = { ok: true; value: Value } | { ok: false; kind: 'decode' | 'too-large' | 'apply'; message: string };

/** The most operations kube-apiserver takes in one JSON patch (handlers/patch.go, maxJSONPatchOperations). */
export const MAX_JSON_PATCH_OPERATIONS = 10000;

/** Applies the operations in `patch` (a list) to `doc`; the inputs are not changed. */
export function applyJsonPatch(doc: Value, patch: Value): PatchOutcome {
  if (!Array.isArray(patch)) return { ok: false, kind: 'decode', message: `json: cannot unmarshal ${jsonType(patch)} into Go value of type jsonpatch.Patch` };
  for (const op of patch) {
    if (op !== null && !isMap(op)) return { ok: false, kind: 'decode', message: `json: cannot unmarshal ${jsonType(op)} into Go value of type jsonpatch.Operation` };
  }
  if (patch.length > MAX_JSON_PATCH_OPERATIONS) {
    return { ok: false, kind: 'too-large', message: `Request entity too large: The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${patch.length}` };
  }
  let root = doc;
  for (const op of patch as (ValueMap | null)[]) {
    try {
      root = applyOperation(root, op ?? newMap());
    } catch (e) {
      if (e instanceof PatchError) return { ok: false, kind: 'apply', message: e.message };
      throw e;
    }
  }
  return { ok: true, value: root };
}

class PatchError extends Error {}

const MISSING = 'missing value';
const INVALID_INDEX = 'invalid index referenced';

/** Go's name for a JSON value's type in an unmarshal error. */
function jsonType(v: Value): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : isMap(v) ? 'object' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : 'number';
}

/** An operation's string member: its text, or why it cannot be read (absent, or not a string). */
function member(op: ValueMap, key: string): { text: string } | { error: string } {
  const v = getKey(op, key);
  if (v === undefined || v === null) return { error: key === 'path' ? `operation missing path field: ${MISSING}` : `operation, missing ${key} field: ${MISSING}` };
  if (typeof v !== 'string') return { error: `json: cannot unmarshal ${jsonType(v)} into Go value of type string` };
  return { text: v };
}

/** The operation's value; absent and null are both no value (Go's nil). */
function valueOf(op: ValueMap): Value | undefined {
  const v = getKey(op, 'value');
  return v === null ? undefined : v;
}

function applyOperation(root: Value, op: ValueMap): Value {
  const kind = getKey(op, 'op');
  const name = typeof kind === 'string' ? kind : 'unknown';
  const path = member(op, 'path');
  const from = member(op, 'from');
  switch (name) {
    case 'add': {
      if ('error' in path) throw new PatchError(`add operation failed to decode path: ${MISSING}`);
      return change(root, path.text, `add operation does not apply: doc is missing path: "${path.text}": ${MISSING}`, (con, key) =>
        add(con, key, valueOf(op), (e) => `error in add for path: '${path.text}': ${e}`),
      );
    }
    case 'remove': {
      if ('error' in path) throw new PatchError(`remove operation failed to decode path: ${MISSING}`);
      return change(root, path.text, `remove operation does not apply: doc is missing path: "${path.text}": ${MISSING}`, (con, key) =>
        remove(con, key, (e) => `error in remove for path: '${path.text}': ${e}`),
      );
    }
    case 'replace': {
      if ('error' in path) throw new PatchError(`replace operation failed to decode path: ${path.error}`);
      if (path.text === '') {
        const v = valueOf(op);
        if (!isMap(v) && !isList(v)) throw new PatchError('replace operation value must be object or array: %!w(<nil>)');
        return v;
      }
      return change(root, path.text, `replace operation does not apply: doc is missing path: ${path.text}: ${MISSING}`, (con, key) => {
        if (isList(con)) get(con, key, () => `replace operation does not apply: doc is missing key: ${path.text}: ${MISSING}`);
        return set(con, key, valueOf(op));
      });
    }
    case 'move': {
      if ('error' in from) throw new PatchError(`move operation failed to decode from: ${from.error}`);
      const found = findContainer(root, from.text);
      if (!found) throw new PatchError(`move operation does not apply: doc is missing from path: ${from.text}: ${MISSING}`);
      const moved = get(found.con, found.key, (e) => `error in move for path: '${found.key}': ${e}`);
      const removed = change(root, from.text, '', (con, key) => remove(con, key, (e) => `error in move for path: '${found.key}': ${e}`));
      if ('error' in path) throw new PatchError(`move operation failed to decode path: ${path.error}`);
      return change(removed, path.text, `move operation does not apply: doc is missing destination path: ${path.text}: ${MISSING}`, (con, key) =>
        add(con, key, moved, (e) => `error in move for path: '${path.text}': ${e}`),
      );
    }
    case 'copy': {
      if ('error' in from) throw new PatchError(`copy operation failed to decode from: ${from.error}`);
      const found = findContainer(root, from.text);
      if (!found) throw new PatchError(`copy operation does not apply: doc is missing from path: ${from.text}: ${MISSING}`);
      const copied = get(found.con, found.key, (e) => `error in copy for from: '${from.text}': ${e}`);
      if ('error' in path) throw new PatchError(`copy operation failed to decode path: ${MISSING}`);
      return change(root, path.text, `copy operation does not apply: doc is missing destination path: ${path.text}: ${MISSING}`, (con, key) =>
        add(con, key, copied, (e) => `error while adding value during copy: ${e}`),
      );
    }
    case 'test': {
      if ('error' in path) throw new PatchError(`test operation failed to decode path: ${path.error}`);
      const failed = new PatchError(`testing value ${path.text} failed: test failed`);
      const want = valueOf(op);
      if (path.text === '') {
        if (!valueEquals(root, want ?? null)) throw failed;
        return root;
      }
      const found = findContainer(root, path.text);
      if (!found) throw new PatchError(`test operation does not apply: is missing path: ${path.text}: ${MISSING}`);
      const have = get(found.con, found.key, (e) => `error in test for path: '${path.text}': ${e}`);
      if (have === undefined ? want !== undefined : want === undefined || !valueEquals(have, want)) throw failed;
      return root;
    }
    default:
      throw new PatchError(`Unexpected kind: ${name}`);
  }
}

type Container = ValueMap | Value[];

/** Where a path's last segment lives: its container and the decoded key; undefined when the way there is missing. */
function findContainer(root: Value, path: string): { con: Container; key: string } | undefined {
  const segments = path.split('/');
  if (segments.length < 2 || !(isMap(root) || isList(root))) return undefined;
  let con: Container = root;
  for (const part of segments.slice(1, -1)) {
    let next: Value | undefined;
    try {
      next = get(con, decodeKey(part), (e) => e);
    } catch {
      return undefined;
    }
    if (!isMap(next) && !isList(next)) return undefined;
    con = next;
  }
  return { con, key: decodeKey(segments[segments.length - 1]) };
}

/**
 * `root` with the container at `path` replaced by what `edit` makes of a copy of it; the
 * containers above it are copied too, so nothing of `root` changes.
 */
function change(root: Value, path: string, missing: string, edit: (con: Container, key: string) => Container): Value {
  const segments = path.split('/');
  if (!findContainer(root, path)) throw new PatchError(missing);
  const rebuild = (con: Container, i: number): Container => {
    const copy: Container = isList(con) ? [...con] : Object.assign(newMap(), con);
    if (i === segments.length - 1) return edit(copy, decodeKey(segments[i]));
    const key = decodeKey(segments[i]);
    const index = isList(copy) ? listIndex(copy, key, copy.length) : key;
    const next = (isList(copy) ? copy[index as number] : getKey(copy, key)) as Container;
    const rebuilt = rebuild(next, i + 1);
    if (isList(copy)) copy[index as number] = rebuilt;
    else copy[key] = rebuilt;
    return copy;
  };
  return rebuild(root as Container, 1);
}

/** `~1` → `/`, `~0` → `~`, in one pass (Go's strings.Replacer). */
function decodeKey(k: string): string {
  return k.replace(/~[01]/g, (m) => (m === '~1' ? '/' : '~'));
}

/** Go's strconv.Atoi, with its error texts. */
function atoi(s: string): number | string {
  if (!/^[+-]?[0-9]+$/.test(s)) return `strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`;
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) return `strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range`;
  return Number(n);
}

/**
 * The index a list key names, negative ones counted from the end of a list of `size`; throws the
 * v4 text (through `wrap`) when it does not parse or falls outside.
 */
function listIndex(list: readonly Value[], key: string, size: number, wrap: (e: string) => string = (e) => e): number {
  const idx = atoi(key);
  if (typeof idx === 'string') throw new PatchError(wrap(idx));
  if (idx >= size || idx < -size) throw new PatchError(wrap(`Unable to access invalid index: ${idx}: ${INVALID_INDEX}`));
  return idx < 0 ? idx + size : idx;
}

/** The value under `key` (undefined for absent or null); a list index out of range or unreadable throws. */
function get(con: Container, key: string, wrap: (e: string) => string): Value | undefined {
  if (isList(con)) {
    const v = con[listIndex(con, key, con.length, wrap)];
    return v === null ? undefined : v;
  }
  const v = getKey(con, key);
  return v === null ? undefined : v;
}

function add(con: Container, key: string, value: Value | undefined, wrap: (e: string) => string): Container {
  const v = value ?? null;
  if (!isList(con)) {
    con[key] = v;
    return con;
  }
  if (key === '-') return [...con, v];
  const idx = atoi(key);
  if (typeof idx === 'string') throw new PatchError(wrap(`value was not a proper array index: '${key}': ${idx}`));
  const at = listIndex(con, key, con.length + 1, wrap);
  return [...con.slice(0, at), v, ...con.slice(at)];
}

function set(con: Container, key: string, value: Value | undefined): Container {
  if (isList(con)) con[listIndex(con, key, con.length)] = value ?? null;
  else con[key] = value ?? null;
  return con;
}

function remove(con: Container, key: string, wrap: (e: string) => string): Container {
  if (isList(con)) {
    const at = listIndex(con, key, con.length, wrap);
    return [...con.slice(0, at), ...con.slice(at + 1)];
  }
  if (!hasKey(con, key)) throw new PatchError(wrap(`Unable to remove nonexistent key: ${key}: ${MISSING}`));
  const out = newMap();
  for (const k of Object.keys(con)) if (k !== key) out[k] = con[k];
  return out;
}
