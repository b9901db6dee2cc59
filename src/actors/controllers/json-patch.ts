/**
 * RFC 6902 JSON Patch, as a mutating webhook's answer is applied to the object. One liberty:
 * `add` creates missing parent maps (webhooks in the field guard against that themselves).
 */
import { SsaError } from '../../errors/ssa-error.js';
import { valueEquals } from '../../value/equals.js';
import { type Value, getKey, hasKey, isList, isMap, newMap } from '../../value/value.js';
import type { JsonPatchOperation } from '../actor.js';
import { deepCopy } from '../../value/value.js';

function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new SsaError('INPUT', `invalid JSON pointer "${pointer}"`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function get(doc: Value, path: string[]): Value | undefined {
  let cur: Value | undefined = doc;
  for (const t of path) {
    if (isMap(cur)) cur = getKey(cur, t);
    else if (isList(cur)) cur = /^\d+$/.test(t) ? cur[Number(t)] : undefined;
    else return undefined;
  }
  return cur;
}

/** The container at `path` (created as maps when `create`), mutable: `doc` is a private copy. */
function parent(doc: Value, path: string[], create: boolean, op: string): Value {
  let cur: Value = doc;
  for (const t of path.slice(0, -1)) {
    let next: Value | undefined;
    if (isMap(cur)) {
      next = getKey(cur, t);
      if (next === undefined && create) {
        next = newMap();
        cur[t] = next;
      }
    } else if (isList(cur)) next = /^\d+$/.test(t) ? cur[Number(t)] : undefined;
    if (next === undefined || next === null) throw new SsaError('INPUT', `${op} operation does not apply: doc is missing path: /${path.join('/')}`);
    cur = next;
  }
  return cur;
}

function add(doc: Value, path: string[], value: Value): Value {
  if (path.length === 0) return value;
  const p = parent(doc, path, true, 'add');
  const last = path[path.length - 1];
  if (isMap(p)) p[last] = value;
  else if (isList(p)) {
    const i = last === '-' ? p.length : Number(last);
    if (!Number.isInteger(i) || i < 0 || i > p.length) throw new SsaError('INPUT', `add operation does not apply: index ${last} out of range`);
    p.splice(i, 0, value);
  }
  return doc;
}

function remove(doc: Value, path: string[]): Value {
  const p = parent(doc, path, false, 'remove');
  const last = path[path.length - 1];
  if (isMap(p) && hasKey(p, last)) delete p[last];
  else if (isList(p) && /^\d+$/.test(last) && Number(last) < p.length) p.splice(Number(last), 1);
  else throw new SsaError('INPUT', `remove operation does not apply: doc is missing path: /${path.join('/')}`);
  return doc;
}

/** `doc` after the operations (a new value; `doc` is untouched). */
export function applyJsonPatch(doc: Value, ops: readonly JsonPatchOperation[]): Value {
  let out = deepCopy(doc);
  for (const op of ops) {
    const path = tokens(op.path);
    switch (op.op) {
      case 'add':
        out = add(out, path, deepCopy(op.value ?? null));
        break;
      case 'remove':
        out = remove(out, path);
        break;
      case 'replace':
        out = remove(out, path);
        out = add(out, path, deepCopy(op.value ?? null));
        break;
      case 'move':
      case 'copy': {
        const from = tokens(op.from ?? '');
        const v = get(out, from);
        if (v === undefined) throw new SsaError('INPUT', `${op.op} operation does not apply: doc is missing from path: ${op.from}`);
        if (op.op === 'move') out = remove(out, from);
        out = add(out, path, deepCopy(v));
        break;
      }
      case 'test':
        if (!valueEquals(get(out, path), op.value ?? null)) throw new SsaError('INPUT', `testing value ${op.path} failed`);
        break;
    }
  }
  return out;
}
