import { SsaError } from '../errors/ssa-error.js';
import { type Value, type ValueMap, isMap } from '../value/value.js';
import { goQuote } from './format-go-value.js';
import { JsonReadError, JsonReader, utf8Offset } from './json-reader.js';
import {
  type KeyField,
  type PathElement,
  fieldElement,
  indexElement,
  keyElement,
  valueElement,
} from './path-element.js';
import { MAX_PATH_DEPTH } from './max-depth.js';
import { pathToString } from './path-string.js';
import { FieldSet } from './set.js';

/**
 * JSON nesting allowed in FieldsV1: the top-level object and one object per path element, so
 * that every path of up to MAX_PATH_DEPTH elements (what the typed walkers accept in objects)
 * reads back. The reference counts the same way, with a limit of 10000.
 */
export const MAX_FIELDSV1_DEPTH = MAX_PATH_DEPTH + 1;
/**
 * Nesting allowed inside a `k:`/`v:` value: a key value sits inside an object, so it is never
 * deeper than the object's own limit.
 */
export const MAX_KEY_VALUE_DEPTH = MAX_PATH_DEPTH;

const TRAILING = 'managedFields parsing: unexpected trailing data after JSON object';
const UNKNOWN_KIND = 'unknown path element type';

const parseError = (message: string, opts: { path?: string } = {}) => new SsaError('FIELDSV1_PARSE', message, opts);

/**
 * The reference's `DeserializePathElement`: a FieldsV1 key text (`f:name`, `k:{...}`, `v:json`,
 * `i:3`) as a path element. Errors carry the reference's messages verbatim.
 */
export function parsePathElement(text: string): PathElement {
  const pe = readPathElement(text);
  if (pe === undefined) throw parseError(UNKNOWN_KIND);
  return pe;
}

/** Like parsePathElement, but undefined for an unknown kind (which the set reader skips). */
function readPathElement(text: string): PathElement | undefined {
  // The reference checks bytes: one non-ASCII character is already two bytes long.
  const first = text.charCodeAt(0);
  if (text.length === 0 || (text.length === 1 && first < 0x80)) throw parseError('key must be 2 characters long:');
  if (first >= 0x80 || text[1] !== ':') throw parseError(`missing colon: ${text}`);
  const body = text.slice(2);
  switch (text[0]) {
    case 'f':
      return fieldElement(body);
    case 'v':
      return valueElement(readWholeJson(body, (r) => r.readValue(0, MAX_KEY_VALUE_DEPTH)), true);
    case 'k':
      return keyElement(readWholeJson(body, readKeyFields), true);
    case 'i':
      return indexElement(atoi(body));
    default:
      return undefined;
  }
}

/** Runs `read` over all of `json` (whitespace around it allowed); JSON errors become parse errors. */
function readWholeJson<T>(json: string, read: (r: JsonReader) => T): T {
  const r = new JsonReader(json);
  try {
    const out = read(r);
    if (!r.atEnd()) throw parseError(TRAILING);
    return out;
  } catch (e) {
    if (e instanceof JsonReadError) {
      throw new SsaError(e.tooDeep ? 'TOO_DEEP' : 'FIELDSV1_PARSE', e.reason);
    }
    throw e;
  }
}

/** A `k:` body: an object of key fields (or `null`, no fields). Repeated names are kept, as upstream. */
function readKeyFields(r: JsonReader): KeyField[] {
  const c = r.ws();
  if (c === 0x6e) {
    r.literal('null');
    return [];
  }
  if (c !== 0x7b) r.fail(`ReadObjectCB: expect { or n, but found ${r.found()}`);
  r.pos++;
  const fields: KeyField[] = [];
  let next = r.ws();
  if (next === 0x7d) {
    r.pos++;
    return fields;
  }
  if (next !== 0x22) r.fail(`ReadObjectCB: expect " after {, but found ${r.found()}`);
  for (;;) {
    if (r.ws() !== 0x22) r.fail(`ReadString: expects " or n, but found ${r.found()}`);
    const name = r.readString();
    if (r.ws() !== 0x3a) r.fail(`ReadObject: expect : after object field, but found ${r.found()}`);
    r.pos++;
    fields.push({ name, value: r.readValue(1, MAX_KEY_VALUE_DEPTH) });
    next = r.ws();
    if (next === 0x2c) {
      r.pos++;
      continue;
    }
    if (next !== 0x7d) r.fail('ReadObjectCB: object not ended with }');
    r.pos++;
    return fields;
  }
}

/** Go's `strconv.Atoi` (64-bit int), with its error texts. */
function atoi(s: string): number {
  const fail = (why: string): never => {
    throw parseError(`strconv.Atoi: parsing ${goQuote(s)}: ${why}`);
  };
  const signed = s[0] === '+' || s[0] === '-';
  const digits = signed ? s.slice(1) : s;
  let end = 0;
  while (end < digits.length && digits.charCodeAt(end) >= 0x30 && digits.charCodeAt(end) <= 0x39) end++;
  // Go reports overflow as soon as the digits read so far exceed 64 bits, before a bad character.
  const magnitude = end > 0 ? BigInt(digits.slice(0, end)) : 0n;
  if (magnitude > 0xffffffffffffffffn) fail('value out of range');
  if (end === 0 || end < digits.length) fail('invalid syntax');
  if (s[0] === '-' ? magnitude > 2n ** 63n : magnitude >= 2n ** 63n) fail('value out of range');
  const n = Number(magnitude);
  return s[0] === '-' && n !== 0 ? -n : n;
}

// ---- sets ----

/** A node being read: its members/children so far, and whether it was marked a member by ".". */
interface Frame {
  set: FieldSet | undefined;
  member: boolean;
  /** The element this node sits under (undefined for the top level) and its key text. */
  readonly pe: PathElement | undefined;
  readonly key: string;
}

/** Records a finished child node in its parent, with the reference's duplicate-key behaviour. */
function attach(parent: Frame, pe: PathElement, children: FieldSet | undefined, member: boolean): void {
  // A node without any recognised child is a member, "." or not.
  if (member || children === undefined) (parent.set ??= new FieldSet()).insertMember(pe);
  // A repeated key's subtree replaces the earlier one; membership is never taken back.
  if (children !== undefined) (parent.set ??= new FieldSet()).setChild(pe, children);
}

/** Where an error happened: the key path as text, and as a field path for `SsaError.path`. */
function locate(frames: readonly Frame[]): { inKeys: string; path: string | undefined } {
  const keys = frames.slice(1).map((f) => JSON.stringify(f.key));
  if (keys.length === 0) return { inKeys: '', path: undefined };
  const shown = keys.length > 8 ? [...keys.slice(0, 2), `… ${keys.length - 7} more …`, ...keys.slice(-5)] : keys;
  return { inKeys: ` (in ${shown.join(' > ')})`, path: pathToString(frames.slice(1).map((f) => f.pe!)) };
}

/**
 * The reference's `Set.FromJSON`: a FieldsV1 text as a field set.
 *
 * `"."` marks the enclosing element a member; a node with no recognised children is a member;
 * keys of unknown kinds are dropped with their subtree; duplicate members collapse and a repeated
 * child subtree replaces the earlier one; top-level `null` is the empty set. Iterative, with the
 * reference's nesting limit.
 */
export function decodeFieldsV1(text: string): FieldSet {
  const r = new JsonReader(text);
  const frames: Frame[] = [];
  /** `extra`: the key whose value is at fault, when the fault is not in the key itself. */
  const fail = (reason: string, index: number, code: 'FIELDSV1_PARSE' | 'TOO_DEEP' = 'FIELDSV1_PARSE', extra?: Frame): never => {
    const { inKeys, path } = locate(extra ? [...frames, extra] : frames);
    throw new SsaError(code, `${reason}, at byte ${utf8Offset(text, index)}${inKeys}`, path === undefined ? {} : { path });
  };
  try {
    const c = r.ws();
    if (c === 0x6e) {
      r.literal('null');
    } else {
      if (c !== 0x7b) r.fail(`ReadMapCB: expect { or n, but found ${r.found()}`);
      r.pos++;
      frames.push({ set: undefined, member: false, pe: undefined, key: '' });
      let first = true;
      for (;;) {
        const top = frames[frames.length - 1];
        const next = r.ws();
        if (next === 0x7d /* } */) {
          r.pos++;
          frames.pop();
          if (frames.length === 0) {
            if (!r.atEnd()) r.fail(TRAILING);
            return top.set ?? new FieldSet();
          }
          attach(frames[frames.length - 1], top.pe!, top.set, top.member);
          first = false;
          continue;
        }
        if (first) {
          if (next !== 0x22) r.fail(`ReadMapCB: expect " after {, but found ${r.found()}`);
        } else {
          if (next !== 0x2c) r.fail('ReadMapCB: object not ended with }');
          r.pos++;
          if (r.ws() !== 0x22) r.fail(`ReadString: expects " or n, but found ${r.found()}`);
        }
        first = false;
        const keyIndex = r.pos + 1;
        const key = r.readString();
        if (r.ws() !== 0x3a) r.fail(`ReadMapCB: expect : after object field, but found ${r.found()}`);
        r.pos++;
        if (key === '.') {
          top.member = true;
          r.readValue(frames.length, MAX_FIELDSV1_DEPTH);
          continue;
        }
        let pe: PathElement | undefined;
        try {
          pe = readPathElement(key);
        } catch (e) {
          if (e instanceof SsaError) fail(`parsing key as path element: ${e.message}`, keyIndex, e.code === 'TOO_DEEP' ? 'TOO_DEEP' : 'FIELDSV1_PARSE');
          throw e;
        }
        if (pe === undefined) {
          r.readValue(frames.length, MAX_FIELDSV1_DEPTH); // unknown kind: dropped with its subtree
          continue;
        }
        const v = r.ws();
        if (v === 0x6e) {
          r.literal('null');
          attach(top, pe, undefined, true);
          continue;
        }
        const frame: Frame = { set: undefined, member: false, pe, key };
        if (v !== 0x7b) fail(`ReadMapCB: expect { or n, but found ${r.found()}`, r.pos, 'FIELDSV1_PARSE', frame);
        if (frames.length + 1 > MAX_FIELDSV1_DEPTH) fail(`exceeded max depth of ${MAX_FIELDSV1_DEPTH}`, r.pos, 'TOO_DEEP', frame);
        r.pos++;
        frames.push(frame);
        first = true;
      }
    }
    if (!r.atEnd()) r.fail(TRAILING);
    return new FieldSet();
  } catch (e) {
    if (e instanceof JsonReadError) fail(e.reason, e.index, e.tooDeep ? 'TOO_DEEP' : 'FIELDSV1_PARSE');
    throw e;
  }
}

/** What the reference's reader reports finding where an object was expected. */
function firstCharOf(v: Value): string {
  if (v === null) return 'n';
  if (Array.isArray(v)) return '[';
  if (typeof v === 'string') return '"';
  return typeof v === 'object' ? '{' : String(v)[0];
}

/**
 * The sets read from FieldsV1 values so far, by value. One captured entry is read by every layer
 * that looks at it (the CLI's check of the captured file, the API server's field manager, each
 * snapshot of the object): with values never changed once read and sets never changed once built,
 * reading it once and sharing the set is the same answer. Weak: an entry lives only as long as
 * the value it was read from; no answer depends on whether a value was read before.
 */
const readSets = new WeakMap<ValueMap, FieldSet>();
/** The sets `readSets` holds: read from FieldsV1, so their elements are as FieldsV1 has them. */
const setsRead = new WeakSet<FieldSet>();

/**
 * Records that `stored`, the encoding of `set`, reads back as `set` itself, when `set` was read
 * from FieldsV1: a read set survives encoding and reading again exactly (same elements, numbers
 * already float64s), so an entry the API server writes back unchanged is not read again. A set
 * built otherwise (the engine's, with int keys) is not recorded: reading its encoding makes
 * float64s of its numbers, a different set.
 */
export function rememberEncoded(stored: Value, set: FieldSet): void {
  if (isMap(stored) && setsRead.has(set)) readSets.set(stored, set);
}

/**
 * `decodeFieldsV1` for FieldsV1 that is already a parsed JSON value (same rules; a parsed value
 * has no duplicate keys and no trailing data). The same value gives the same set object.
 */
export function decodeFieldsV1Value(fields: Value): FieldSet {
  if (!isMap(fields)) return readFieldsV1Value(fields);
  let set = readSets.get(fields);
  if (set === undefined) {
    set = readFieldsV1Value(fields);
    readSets.set(fields, set);
    setsRead.add(set);
  }
  return set;
}

function readFieldsV1Value(fields: Value): FieldSet {
  if (fields === null) return new FieldSet();
  interface Work {
    readonly obj: ValueMap;
    readonly frame: Frame;
    readonly todo: string[];
    next: number;
  }
  const stack: Work[] = [];
  /** `extra` is the key being read when the error happened, if it is a node of the path. */
  const fail = (reason: string, extra?: { key: string; pe: PathElement }, code: 'FIELDSV1_PARSE' | 'TOO_DEEP' = 'FIELDSV1_PARSE'): never => {
    const frames = stack.map((w) => w.frame);
    if (extra) frames.push({ set: undefined, member: false, ...extra });
    const { inKeys, path } = locate(frames);
    throw new SsaError(code, reason + inKeys, path === undefined ? {} : { path });
  };
  if (!isMap(fields)) fail(`ReadMapCB: expect { or n, but found ${firstCharOf(fields)}`);
  const start = (obj: ValueMap, frame: Frame): Work => ({ obj, frame, todo: Object.keys(obj), next: 0 });
  stack.push(start(fields as ValueMap, { set: undefined, member: false, pe: undefined, key: '' }));
  for (;;) {
    const w = stack[stack.length - 1];
    if (w.next === w.todo.length) {
      stack.pop();
      const f = w.frame;
      if (stack.length === 0) return f.set ?? new FieldSet();
      attach(stack[stack.length - 1].frame, f.pe!, f.set, f.member);
      continue;
    }
    const key = w.todo[w.next++];
    const child = w.obj[key];
    if (key === '.') {
      w.frame.member = true;
      continue;
    }
    let pe: PathElement | undefined;
    try {
      pe = readPathElement(key);
    } catch (e) {
      if (e instanceof SsaError) fail(`parsing key as path element: ${e.message}`, undefined, e.code === 'TOO_DEEP' ? 'TOO_DEEP' : 'FIELDSV1_PARSE');
      throw e;
    }
    if (pe === undefined) continue;
    if (child === null) {
      attach(w.frame, pe, undefined, true);
      continue;
    }
    if (!isMap(child)) fail(`ReadMapCB: expect { or n, but found ${firstCharOf(child)}`, { key, pe });
    if (stack.length + 1 > MAX_FIELDSV1_DEPTH) fail(`exceeded max depth of ${MAX_FIELDSV1_DEPTH}`, { key, pe }, 'TOO_DEEP');
    stack.push(start(child as ValueMap, { set: undefined, member: false, pe, key }));
  }
}
