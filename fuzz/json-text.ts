/**
 * JSON text of a tree without recursion, and a copy likewise: the fuzzer builds values nested
 * far deeper than the JavaScript stack allows JSON.stringify or structuredClone to walk.
 */
import type { Tree } from './mutate-value.js';

type Frame = { tree: Tree; keys: string[] | null; i: number };

export function jsonText(root: Tree): string {
  let out = '';
  const stack: Frame[] = [];
  const open = (t: Tree): void => {
    if (Array.isArray(t)) {
      out += '[';
      stack.push({ tree: t, keys: null, i: 0 });
    } else if (t !== null && typeof t === 'object') {
      out += '{';
      stack.push({ tree: t, keys: Object.keys(t), i: 0 });
    } else out += JSON.stringify(t) ?? 'null';
  };
  open(root);
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    const n = f.keys === null ? (f.tree as Tree[]).length : f.keys.length;
    if (f.i >= n) {
      out += f.keys === null ? ']' : '}';
      stack.pop();
      continue;
    }
    if (f.i > 0) out += ',';
    const i = f.i++;
    if (f.keys === null) open((f.tree as Tree[])[i]);
    else {
      out += JSON.stringify(f.keys[i]) + ':';
      open((f.tree as Record<string, Tree>)[f.keys[i]]);
    }
  }
  return out;
}

export function copyTree(root: Tree): Tree {
  const copyOf = (t: Tree): Tree => (Array.isArray(t) ? [...t] : t !== null && typeof t === 'object' ? Object.defineProperties({}, Object.getOwnPropertyDescriptors(t)) : t);
  const top = copyOf(root);
  const stack: Tree[] = [top];
  while (stack.length > 0) {
    const t = stack.pop() as Tree;
    if (Array.isArray(t)) for (let i = 0; i < t.length; i++) stack.push((t[i] = copyOf(t[i])));
    else if (t !== null && typeof t === 'object') for (const k of Object.keys(t)) stack.push(((t as Record<string, Tree>)[k] = copyOf((t as Record<string, Tree>)[k])));
  }
  return top;
}
