/**
 * Kubernetes JSONPath (k8s.io/client-go/util/jsonpath) as the API server evaluates a CRD's
 * printer column: one expression `{PATH}` with missing keys allowed. What it reads:
 *
 * - `.name` (a backslash escapes the next character), `..name` (recursive descent), `.*` and
 *   `[*]`, `['name']` (whose text is read as a dotted path again, as the parser does), `$` and `@`;
 * - `[i]`, `[start:end:step]` with negative positions counted from the end;
 * - unions `[a,b]`;
 * - filters `[?(@.path OP literal-or-path)]` with `==`, `!=`, `<`, `>`, `<=`, `>=`, and
 *   `[?(@.path)]` (exists); literals are quoted strings, integers, floats and `true`/`false`.
 *
 * A key missing, a field of something not a map, a null on the way: no result. An index out of
 * range, a slice or filter of something not a list, a comparison of different types: an error.
 * The printer column treats both alike (an empty cell), so `find` answers undefined for either.
 */
import { compareStrings } from '../value/compare-strings.js';
import { getKey, isList, isMap, type Value } from '../value/value.js';

type Literal = { readonly literal: string | number | boolean; readonly float: boolean };
type Operand = Literal | { readonly path: Step[] };
type Step =
  | { readonly t: 'field'; readonly name: string }
  | { readonly t: 'wildcard' }
  | { readonly t: 'recursive' }
  | { readonly t: 'slice'; readonly start?: number; readonly end?: number; readonly derivedEnd: boolean; readonly step?: number }
  | { readonly t: 'union'; readonly parts: Step[][] }
  | { readonly t: 'filter'; readonly left: Step[]; readonly op: string; readonly right?: Operand };

class EvalError extends Error {}

const TERMINATORS = new Set([' ', '\t', '\r', '\n', '.', ',', '[', ']', '$', '@', '{', '}']);

/** The steps of a path (the text inside `{...}`), or a parse error's text. */
function parsePath(text: string): Step[] | string {
  const steps: Step[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '$' || c === '@') i++;
    else if (text.startsWith('..', i)) {
      steps.push({ t: 'recursive' });
      i += 1; // the field after it starts at the second dot
    } else if (c === '.') {
      i++;
      let name = '';
      while (i < text.length && !TERMINATORS.has(text[i])) {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        name += text[i++];
      }
      if (name === '*') steps.push({ t: 'wildcard' });
      else if (name !== '') steps.push({ t: 'field', name });
    } else if (c === '[') {
      const parsed = text[i + 1] === '?' ? parseFilter(text, i) : parseBracket(text, i);
      if (typeof parsed === 'string') return parsed;
      steps.push(...parsed.steps);
      i = parsed.next;
    } else return `unrecognized character in action: ${JSON.stringify(c)}`;
  }
  return steps;
}

function parseBracket(text: string, at: number): { steps: Step[]; next: number } | string {
  const close = text.indexOf(']', at);
  if (close < 0) return 'unterminated array';
  let inner = text.slice(at + 1, close);
  if (inner === '*') inner = ':';
  const parts = inner.split(',');
  if (parts.length > 1) {
    const union: Step[][] = [];
    for (const p of parts) {
      const s = parsePath(`[${p.trim()}]`);
      if (typeof s === 'string') return s;
      union.push(s);
    }
    return { steps: [{ t: 'union', parts: union }], next: close + 1 };
  }
  const key = /^'([^']*)'$/.exec(inner);
  if (key) {
    const s = parsePath(`.${key[1]}`);
    return typeof s === 'string' ? s : { steps: s, next: close + 1 };
  }
  const m = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/.exec(inner);
  if (!m) return `invalid array index ${inner}`;
  const num = (s: string | undefined) => (s === undefined || s === '' ? undefined : Number(s));
  const start = num(m[1]);
  const endText = m[2]?.slice(1);
  const step = num(m[3]?.slice(1));
  if (m[2] === undefined) return { steps: [{ t: 'slice', start, end: (start ?? 0) + 1, derivedEnd: true, step }], next: close + 1 };
  return { steps: [{ t: 'slice', start, end: num(endText), derivedEnd: false, step }], next: close + 1 };
}

function parseFilter(text: string, at: number): { steps: Step[]; next: number } | string {
  if (!text.startsWith('[?(', at)) return 'unrecognized filter';
  let i = at + 3;
  let quote = '';
  let closed = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quote !== '') {
      if (c === quote && text[i - 1] !== '\\') quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ')') {
      closed = true;
      break;
    }
  }
  if (!closed) return 'unterminated filter';
  if (text[i + 1] !== ']') return 'unclosed array expect ]';
  const body = text.slice(at + 3, i);
  const m = /^([^!<>=]+)([!<>=]+)(.+?)$/.exec(body);
  if (!m) {
    const left = parsePath(body);
    return typeof left === 'string' ? left : { steps: [{ t: 'filter', left, op: 'exists' }], next: i + 2 };
  }
  const left = parsePath(m[1]);
  if (typeof left === 'string') return left;
  const right = operand(m[3].trim());
  if (typeof right === 'string') return right;
  return { steps: [{ t: 'filter', left, op: m[2], right }], next: i + 2 };
}

function operand(text: string): Operand | string {
  const q = /^"((?:[^"\\]|\\.)*)"$|^'((?:[^'\\]|\\.)*)'$/.exec(text);
  if (q) return { literal: (q[1] ?? q[2]).replace(/\\(.)/g, '$1'), float: false };
  if (/^-?\d+$/.test(text)) return { literal: Number(text), float: false };
  if (/^-?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$/.test(text)) return { literal: Number(text), float: true };
  if (text === 'true' || text === 'false') return { literal: text === 'true', float: false };
  const path = parsePath(text);
  return typeof path === 'string' ? path : { path };
}

function sortedValues(m: Record<string, Value>): Value[] {
  return Object.keys(m)
    .sort(compareStrings)
    .map((k) => m[k]);
}

function children(v: Value): Value[] {
  if (isMap(v)) return sortedValues(v);
  if (isList(v)) return v;
  return [];
}

function evalSteps(input: Value[], steps: readonly Step[]): Value[] {
  let cur = input;
  for (const s of steps) cur = evalStep(cur, s);
  return cur;
}

function evalStep(input: Value[], s: Step): Value[] {
  const out: Value[] = [];
  switch (s.t) {
    case 'field':
      for (const v of input) {
        if (!isMap(v)) continue;
        const x = getKey(v, s.name);
        if (x !== undefined) out.push(x);
      }
      return out;
    case 'wildcard':
      for (const v of input) out.push(...children(v));
      return out;
    case 'recursive': {
      const walk = (v: Value) => {
        const kids = children(v);
        if (kids.length === 0) return;
        out.push(v);
        for (const k of kids) walk(k);
      };
      for (const v of input) if (v !== null) walk(v);
      return out;
    }
    case 'slice':
      for (const v of input) out.push(...slice(v, s));
      return out;
    case 'union':
      for (const p of s.parts) out.push(...evalSteps(input, p));
      return out;
    case 'filter':
      for (const v of input) {
        if (!isList(v)) throw new EvalError('not array or slice and cannot be filtered');
        for (const item of v) if (passes(item, s)) out.push(item);
      }
      return out;
  }
}

function slice(v: Value, s: Extract<Step, { t: 'slice' }>): Value[] {
  if (!isList(v)) throw new EvalError('not array or slice');
  const len = v.length;
  let start = s.start ?? 0;
  if (start < 0) start += len;
  let end = s.end ?? len;
  if (end < 0 || (end === 0 && s.derivedEnd)) end += len;
  if (end === start) return [];
  if (start >= len || start < 0 || end > len || end < 0 || start > end) throw new EvalError('array index out of bounds');
  const step = s.step ?? 1;
  if (step <= 0) throw new EvalError('step must be > 0');
  const out: Value[] = [];
  for (let i = start; i < end; i += step) out.push(v[i]);
  return out;
}

type Basic = { kind: 'string' | 'int' | 'float' | 'bool'; value: string | number | boolean };

function literalBasic(l: Literal): Basic {
  const v = l.literal;
  return typeof v === 'string' ? { kind: 'string', value: v } : typeof v === 'boolean' ? { kind: 'bool', value: v } : { kind: l.float ? 'float' : 'int', value: v };
}

function valueBasic(v: Value): Basic {
  if (typeof v === 'string') return { kind: 'string', value: v };
  if (typeof v === 'boolean') return { kind: 'bool', value: v };
  if (typeof v === 'number') return { kind: Number.isInteger(v) ? 'int' : 'float', value: v };
  if (typeof v === 'bigint') return { kind: 'int', value: Number(v) };
  throw new EvalError('invalid type for comparison');
}

function passes(item: Value, f: Extract<Step, { t: 'filter' }>): boolean {
  let lefts: Value[];
  try {
    lefts = evalSteps([item], f.left);
  } catch (e) {
    if (f.op === 'exists' && e instanceof EvalError) return false;
    throw e;
  }
  if (f.op === 'exists') return lefts.length > 0;
  if (lefts.length === 0) return false;
  if (lefts.length > 1) throw new EvalError('can only compare one element at a time');
  const right = f.right!;
  let b: Basic;
  if ('path' in right) {
    const rights = evalSteps([item], right.path);
    if (rights.length === 0) return false;
    if (rights.length > 1) throw new EvalError('can only compare one element at a time');
    b = valueBasic(rights[0]);
  } else b = literalBasic(right);
  const a = valueBasic(lefts[0]);
  if (a.kind !== b.kind) throw new EvalError('incompatible types for comparison');
  switch (f.op) {
    case '==':
      return a.value === b.value;
    case '!=':
      return a.value !== b.value;
  }
  if (a.kind === 'bool') throw new EvalError('invalid type for comparison');
  const lt = typeof a.value === 'string' ? compareStrings(a.value, b.value as string) < 0 : (a.value as number) < (b.value as number);
  const eq = a.value === b.value;
  switch (f.op) {
    case '<':
      return lt;
    case '<=':
      return lt || eq;
    case '>':
      return !lt && !eq;
    case '>=':
      return !lt;
  }
  throw new EvalError(`unrecognized filter operator ${f.op}`);
}

export interface JsonPath {
  /** The first result in `root`, or undefined when there is none or the evaluation fails. */
  first(root: Value): Value | undefined;
}

/** A JSONPath expression (the text a printer column gives, without braces), or why it does not parse. */
export function compileJsonPath(expression: string): JsonPath | { readonly error: string } {
  const steps = parsePath(expression);
  if (typeof steps === 'string') return { error: steps };
  return {
    first(root) {
      try {
        const found = evalSteps([root], steps);
        return found.length > 0 ? found[0] : undefined;
      } catch (e) {
        if (e instanceof EvalError) return undefined;
        throw e;
      }
    },
  };
}
