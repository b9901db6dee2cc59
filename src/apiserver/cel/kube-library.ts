/**
 * The functions of Kubernetes' CEL libraries (k8s.io/apiserver 1.32 pkg/cel/library) and of
 * cel-go's strings extension that the evaluator does not have itself, registered on its
 * environment: `charAt`, `replace` and `reverse` of strings; `matches(s, re)` as a function; the lists library's `isSorted`, `sum`,
 * `min`, `max`, `indexOf` and `lastIndexOf`; the regex library's `find` and `findAll`, with Go's
 * regular expressions (go-regexp.ts). The rest (url, ip, cidr, quantity, format, sets, ...) is not
 * registered: a rule that calls it does not compile here, and is reported as not evaluated.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { goRegexp } from '../go-regexp.js';

type Scalar = bigint | number | string | boolean;

/** A list as the evaluator hands it: an array, or a Set for a set list (cel-values.ts). */
type List<T> = T[] | Set<T>;

function less(a: Scalar, b: Scalar): boolean {
  return a < b;
}

/** A CEL error the evaluator reports as the rule's evaluation error. */
function fail(message: string): never {
  throw new Error(message);
}

function regexpOf(pattern: string): RegExp {
  const re = goRegexp(pattern);
  if ('error' in re) fail(re.error);
  return re.regexp;
}

export function registerKubeLibrary(env: Environment): void {
  // strings (cel-go ext.Strings, version 2 in 1.32): code points, not UTF-16 units.
  env.registerFunction('string.charAt(int): string', (s: string, i: bigint) => {
    const runes = [...s];
    if (i < 0n || i > BigInt(runes.length)) fail(`index out of range: ${i}`);
    return runes[Number(i)] ?? '';
  });
  env.registerFunction('string.replace(string, string): string', (s: string, from: string, to: string) => s.split(from).join(to));
  env.registerFunction('string.replace(string, string, int): string', (s: string, from: string, to: string, n: bigint) => {
    if (n < 0n) return s.split(from).join(to);
    const parts = s.split(from);
    const k = Number(n);
    return parts.length - 1 <= k ? parts.join(to) : parts.slice(0, k + 1).join(to) + from + parts.slice(k + 1).join(from);
  });
  env.registerFunction('string.reverse(): string', (s: string) => [...s].reverse().join(''));
  // lists (pkg/cel/library/lists.go)
  env.registerFunction('list.isSorted(): bool', (list: List<Scalar>) => {
    const l = Array.from(list);
    return l.every((v, i) => i === 0 || !less(v, l[i - 1] as Scalar));
  });
  env.registerFunction('list.sum(): dyn', (list: List<bigint | number>) => {
    const l = Array.from(list);
    if (l.length === 0) return 0n;
    return l.reduce((a, b) => {
      if (typeof a === 'bigint' && typeof b === 'bigint') {
        const s = a + b;
        if (s > 9223372036854775807n || s < -9223372036854775808n) fail('integer overflow');
        return s;
      }
      return Number(a) + Number(b);
    });
  });
  const extreme = (name: string, pick: (a: Scalar, b: Scalar) => boolean) =>
    env.registerFunction(`list.${name}(): dyn`, (list: List<Scalar>) => {
      const l = Array.from(list);
      if (l.length === 0) fail(`${name} called on empty list`);
      return l.reduce((a, b) => (pick(b, a) ? b : a));
    });
  extreme('min', (a, b) => less(a, b));
  extreme('max', (a, b) => less(b, a));
  env.registerFunction('list.indexOf(dyn): int', (l: List<unknown>, v: unknown) => BigInt(Array.from(l).indexOf(v)));
  env.registerFunction('list.lastIndexOf(dyn): int', (l: List<unknown>, v: unknown) => BigInt(Array.from(l).lastIndexOf(v)));
  // The standard `matches` as a function (the evaluator has only the method, with JavaScript's regular expressions).
  env.registerFunction('matches(string, string): bool', (s: string, pattern: string) => regexpOf(pattern).test(s));
  // regex (pkg/cel/library/regex.go)
  env.registerFunction('string.find(string): string', (s: string, pattern: string) => regexpOf(pattern).exec(s)?.[0] ?? '');
  const findAll = (s: string, pattern: string, n: bigint) => {
    const re = regexpOf(pattern);
    const all = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    const found = [...s.matchAll(all)].map((m) => m[0]);
    return n < 0n ? found : found.slice(0, Number(n));
  };
  env.registerFunction('string.findAll(string): list<string>', (s: string, pattern: string) => findAll(s, pattern, -1n));
  env.registerFunction('string.findAll(string, int): list<string>', (s: string, pattern: string, n: bigint) => findAll(s, pattern, n));
}
