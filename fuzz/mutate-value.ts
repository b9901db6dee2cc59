/**
 * Mutations of a parsed document (a JSON-like tree): the shapes of bad input users and tools
 * produce — a map or list where a scalar belongs, nulls anywhere, huge and odd numbers, deep
 * nesting, long keys, keys that name JavaScript's prototype machinery — applied at a random node.
 */
import { copyTree } from './json-text.js';
import type { Random } from './random.js';

export type Tree = null | boolean | number | string | Tree[] | { [key: string]: Tree };

const isMap = (t: Tree): t is { [key: string]: Tree } => typeof t === 'object' && t !== null && !Array.isArray(t);

/** Every node's location: the parent container and the key or index under it. */
function locations(root: Tree): { parent: Tree[] | { [key: string]: Tree }; key: string | number }[] {
  const out: { parent: Tree[] | { [key: string]: Tree }; key: string | number }[] = [];
  const stack: Tree[] = [root];
  while (stack.length > 0) {
    const t = stack.pop() as Tree;
    if (Array.isArray(t)) t.forEach((v, i) => (out.push({ parent: t, key: i }), stack.push(v)));
    else if (isMap(t)) for (const k of Object.keys(t)) out.push({ parent: t, key: k }), stack.push(t[k]);
  }
  return out;
}

export function nested(depth: number, asList: boolean): Tree {
  let t: Tree = 'leaf';
  for (let i = 0; i < depth; i++) t = asList ? [t] : { n: t };
  return t;
}

const UNICODE = ['\u0000', '\u200b', '\ud83d\ude00', '\ufeff', '\u202e', 'é', '\\', '"', "'", '\n', '\t', ': ', '- ', '#', '&a', '*a', '!!binary', '%', '{', '['];

function oddString(r: Random): string {
  let s = '';
  const n = 1 + r.int(6);
  for (let i = 0; i < n; i++) s += r.chance(0.5) ? r.pick(UNICODE) : String.fromCodePoint(r.int(0x2ffff));
  return s;
}

/**
 * The node as a scalar string: a container becomes a word, since String() of a deeply nested
 * list recurses once per level and would overflow the stack of the fuzzer itself.
 */
export function scalarText(old: Tree): string {
  if (Array.isArray(old)) return '[list]';
  if (isMap(old)) return '[map]';
  return String(old);
}

/** A replacement for a node: one of the kinds of value that do not belong there. */
function oddValue(r: Random, old: Tree): Tree {
  switch (r.int(14)) {
    case 0:
      return null;
    case 1:
      return { x: null };
    case 2:
      return [old, old];
    case 3:
      return r.pick([1e308, -1e308, 2 ** 53 + 1, 2 ** 64, -0, 0.1, 1e-7, 123456789012345680000]);
    case 4:
      return oddString(r);
    case 5:
      return r.pick([true, false, 'true', 'no', 'yes', '0777', '1e3', '']);
    case 6:
      return nested(50 + r.int(3000), r.chance(0.5));
    case 7:
      return { ['k'.repeat(1 + r.int(20000))]: old };
    case 8:
      // Own keys named like the prototype machinery, as JSON.parse makes them.
      return JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}') as Tree;
    case 9:
      return typeof old === 'string' ? Number(old.length) : scalarText(old);
    case 10:
      return [];
    case 11:
      return {};
    case 12:
      return Array.from({ length: 1 + r.int(300) }, (_, i) => ({ name: `n${i % 3}`, value: i }));
    default:
      return [null];
  }
}

/** `root` changed at one to three random places (a copy: the argument is not modified). */
export function mutateTree(r: Random, root: Tree): Tree {
  const copy = copyTree(root);
  const n = 1 + r.int(3);
  for (let i = 0; i < n; i++) {
    const places = locations(copy);
    if (places.length === 0) return oddValue(r, copy);
    const { parent, key } = r.pick(places);
    const old = (parent as Record<string | number, Tree>)[key];
    const op = r.int(4);
    if (op === 0 && isMap(parent)) delete parent[key as string];
    else if (op === 1 && isMap(parent)) Object.defineProperty(parent, r.pick(['__proto__', 'constructor', 'prototype', 'hasOwnProperty']), { value: old, enumerable: true, configurable: true, writable: true });
    else (parent as Record<string | number, Tree>)[key] = oddValue(r, old);
  }
  return copy;
}
