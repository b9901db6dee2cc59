/**
 * Conflict paths as the server prints them (`.spec.template.spec.containers[name="aws-node"].image`)
 * found again inside an object, so that EKS's PRESERVE can drop them from what it applies or fill
 * them with the live values. Field names may contain dots (`.metadata.annotations.a.b/c`), so a
 * path is matched against the object's actual keys, longest key first.
 */
import { type Value, getKey, isList, isMap, type ValueMap } from '../../value/value.js';
import { valueEquals } from '../../value/equals.js';
import { deepCopy } from '../../value/value.js';
import { parseJsonExact } from '../../value/parse-json.js';

type Step = { readonly field: string } | { readonly index: number };

/** Go-quoted strings, numbers, booleans and null as printed in key and set elements. */
function parseScalar(text: string): Value | undefined {
  try {
    return parseJsonExact(text) as Value;
  } catch {
    return undefined;
  }
}

/** Index of the `]` closing the bracket that starts at `s[0]`, skipping quoted strings. */
function closingBracket(s: string): number {
  let inString = false;
  for (let i = 1; i < s.length; i++) {
    const ch = s[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === ']') return i;
  }
  return -1;
}

/** `name="x",protocol="TCP"` → pairs, splitting on commas outside strings. */
function keyPairs(content: string): [string, Value][] | undefined {
  const pairs: [string, Value][] = [];
  let start = 0;
  let inString = false;
  const parts: string[] = [];
  for (let i = 0; i < content.length; i++) {
    const ch = content[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === ',') {
      parts.push(content.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(content.slice(start));
  for (const p of parts) {
    const eq = p.indexOf('=');
    if (eq <= 0) return undefined;
    const v = parseScalar(p.slice(eq + 1));
    if (v === undefined) return undefined;
    pairs.push([p.slice(0, eq), v]);
  }
  return pairs;
}

function resolve(v: Value | undefined, s: string): Step[] | undefined {
  if (s === '') return [];
  if (s[0] === '.') {
    if (!isMap(v)) return undefined;
    const candidates = Object.keys(v)
      .filter((k) => s.startsWith(k, 1) && (s.length === k.length + 1 || s[k.length + 1] === '.' || s[k.length + 1] === '['))
      .sort((a, b) => b.length - a.length);
    for (const k of candidates) {
      const rest = resolve(getKey(v, k), s.slice(k.length + 1));
      if (rest) return [{ field: k }, ...rest];
    }
    return undefined;
  }
  if (s[0] === '[') {
    if (!isList(v)) return undefined;
    const end = closingBracket(s);
    if (end < 0) return undefined;
    const content = s.slice(1, end);
    const rest = s.slice(end + 1);
    let index = -1;
    if (content.startsWith('=')) {
      const want = parseScalar(content.slice(1));
      index = v.findIndex((item) => valueEquals(item, want));
    } else if (/^\d+$/.test(content)) {
      index = Number(content) < v.length ? Number(content) : -1;
    } else {
      const pairs = keyPairs(content);
      if (!pairs) return undefined;
      // An item that names every key field with the wanted values wins; only when there is none
      // may an item that leaves a key field out stand for its default (e.g. protocol "TCP").
      const exact = (item: Value) => isMap(item) && pairs.every(([k, want]) => valueEquals(getKey(item, k), want));
      const defaulted = (item: Value) => isMap(item) && pairs.every(([k, want]) => getKey(item, k) === undefined || valueEquals(getKey(item, k), want));
      index = v.findIndex(exact);
      if (index < 0) index = v.findIndex(defaulted);
    }
    if (index < 0) return undefined;
    const sub = resolve(v[index], rest);
    return sub ? [{ index }, ...sub] : undefined;
  }
  return undefined;
}

/** The value at a conflict path in `obj`, or undefined when the object has nothing there. */
export function valueAtPath(obj: Value, path: string): Value | undefined {
  const steps = resolve(obj, path);
  if (!steps) return undefined;
  let cur: Value | undefined = obj;
  for (const st of steps) cur = 'field' in st ? getKey(cur as ValueMap, st.field) : (cur as Value[])[st.index];
  return cur;
}

function rebuild(v: Value, steps: readonly Step[], leaf: (old: Value) => Value | undefined): Value | undefined {
  if (steps.length === 0) return leaf(v);
  const [st, ...rest] = steps;
  if ('field' in st) {
    const m = v as ValueMap;
    const child = rebuild(getKey(m, st.field) as Value, rest, leaf);
    const out = deepCopy(m);
    if (child === undefined) delete out[st.field];
    else out[st.field] = child;
    return out;
  }
  const list = (v as Value[]).slice();
  const child = rebuild(list[st.index], rest, leaf);
  if (child === undefined) list.splice(st.index, 1);
  else list[st.index] = child;
  return list;
}

/** `obj` without what is at `path` (a list item is removed from its list); undefined when not found. */
export function withoutPath(obj: Value, path: string): Value | undefined {
  const steps = resolve(obj, path);
  if (!steps || steps.length === 0) return undefined;
  return rebuild(obj, steps, () => undefined);
}

/** `obj` with `value` at `path`; undefined when the path is not in `obj`. */
export function withValueAtPath(obj: Value, path: string, value: Value): Value | undefined {
  const steps = resolve(obj, path);
  if (!steps || steps.length === 0) return undefined;
  return rebuild(obj, steps, () => deepCopy(value));
}
