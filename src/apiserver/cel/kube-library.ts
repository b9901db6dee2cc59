/**
 * The functions of Kubernetes' CEL libraries (k8s.io/apiserver 1.32 pkg/cel/library) and of
 * cel-go's strings extension that the evaluator does not have itself, registered on its
 * environment: `charAt`, `replace`, `reverse` and `format` of strings; `matches(s, re)` as a function; the lists library's `isSorted`, `sum`,
 * `min`, `max`, `indexOf` and `lastIndexOf`; the regex library's `find` and `findAll`, with Go's
 * regular expressions (go-regexp.ts); `strings.quote` and the sets extension (`sets.contains`,
 * `sets.equivalent`, `sets.intersects`) under the flat names namespaced.ts gives them. The
 * quantity, URL, IP and CIDR libraries are kube-quantity.ts, kube-url.ts and kube-ip.ts; the rest
 * (format, semver, ...) is not registered: a rule that calls it does not compile here, and is
 * reported as not evaluated.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { goRegexp } from '../go-regexp.js';
import { GO_MATCHES } from './namespaced.js';

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

/** What these functions do not model: the rule is reported as not evaluated (cr-cel-validation.ts). */
export const NOT_MODELLED = 'not modelled by ssa-sim';

/** Go's exponent form: at least two digits (`1.5e+00`). */
function goExponent(mantissaAndExponent: string): string {
  return mantissaAndExponent.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** A double as CEL's string() gives it: Go's strconv.FormatFloat(f, 'g', -1, 64). */
function goShortestDouble(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  // The shortest digits; the exponent form when the exponent is below -4 or at least 6.
  const e = Number(/e([+-]\d+)$/.exec(f.toExponential())?.[1] ?? 0);
  return e < -4 || e >= 6 ? goExponent(f.toExponential()) : String(f);
}

function regexpOf(pattern: string): RegExp {
  const re = goRegexp(pattern);
  if ('error' in re) fail(re.error);
  return re.regexp;
}

/** `%.Nf` as golang.org/x/text/message prints it for en_US: the integer digits grouped by commas. */
function fixedEnUs(f: number, precision: number): string {
  if (!Number.isFinite(f)) return Number.isNaN(f) ? 'NaN' : f > 0 ? '+Inf' : '-Inf';
  const [whole, fraction] = Math.abs(f).toFixed(precision).split('.');
  const grouped = (whole ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${f < 0 || Object.is(f, -0) ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/**
 * cel-go's string.format (ext.Strings): `%s` of a string, int, double (as string() gives it),
 * bool or null; `%d` of an int; `%f` and `%e` of a double (precision `%.2f`, 6 by default; `%f`
 * grouped as the en_US printer groups it); `%x`/`%X` of an int or string, `%o` of an int, `%b` of
 * an int or bool; `%%`. Lists, maps, timestamps and durations as arguments are not modelled.
 */
function format(template: string, args: unknown[]): string {
  let next = 0;
  const arg = () => {
    if (next >= args.length) fail(`index ${next} out of range`);
    return args[next++];
  };
  const typeName = (v: unknown) => (typeof v === 'bigint' ? 'int' : typeof v === 'number' ? 'double' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : 'dyn');
  return template.replace(/%(?:\.(\d+))?([a-zA-Z%])/g, (_m, precisionText: string | undefined, verb: string) => {
    if (verb === '%') return '%';
    const v = arg();
    const precision = precisionText === undefined ? 6 : Number(precisionText);
    switch (verb) {
      case 's':
        if (typeof v === 'string') return v;
        if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
        if (typeof v === 'number') return goShortestDouble(v);
        if (v === null) return 'null';
        return fail(`format %s of this value is ${NOT_MODELLED}`);
      case 'd':
        if (typeof v === 'bigint') return String(v);
        return fail(`error during formatting: decimal clause can only be used on integers, was given ${typeName(v)}`);
      case 'f':
        if (typeof v === 'number') return fixedEnUs(v, precision);
        return fail(`error during formatting: fixed-point clause can only be used on doubles, was given ${typeName(v)}`);
      case 'e':
        if (typeof v === 'number') return goExponent(v.toExponential(precision));
        return fail(`error during formatting: scientific clause can only be used on doubles, was given ${typeName(v)}`);
      case 'x':
      case 'X': {
        const hex =
          typeof v === 'bigint'
            ? v.toString(16)
            : typeof v === 'string'
              ? [...new TextEncoder().encode(v)].map((b) => b.toString(16).padStart(2, '0')).join('')
              : fail(`error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given ${typeName(v)}`);
        return verb === 'X' ? hex.toUpperCase() : hex;
      }
      case 'o':
        if (typeof v === 'bigint') return v.toString(8);
        return fail(`error during formatting: octal clause can only be used on integers, was given ${typeName(v)}`);
      case 'b':
        if (typeof v === 'bigint') return v.toString(2);
        if (typeof v === 'boolean') return v ? '1' : '0';
        return fail(`error during formatting: only integers and bools can be formatted as binary, was given ${typeName(v)}`);
      default:
        return fail(`could not parse formatting clause: unrecognized formatting clause "${verb}"`);
    }
  });
}

const QUOTE_ESCAPES: Readonly<Record<string, string>> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', '"': '\\"' };

/** CEL's equality of two values as the evaluator holds them: numbers across int and double, lists in order, maps by key. */
function celEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return Number(a) === Number(b) && (typeof a !== 'bigint' || typeof b !== 'bigint' || a === b);
  if ((Array.isArray(a) || a instanceof Set) && (Array.isArray(b) || b instanceof Set)) {
    const x = Array.from(a);
    const y = Array.from(b);
    return x.length === y.length && x.every((v, i) => celEqual(v, y[i]));
  }
  if (a instanceof Map && b instanceof Map) return a.size === b.size && [...a].every(([k, v]) => b.has(k) && celEqual(v, b.get(k)));
  return false;
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
  env.registerFunction('string.format(list): string', (s: string, args: List<unknown>) => format(s, Array.from(args)));
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
  // The standard `matches`, as a function and as the method (renamed in the rule, namespaced.ts):
  // the evaluator's own method reads the pattern as a JavaScript regular expression.
  const matches = (s: string, pattern: string) => regexpOf(pattern).test(s);
  env.registerFunction('matches(string, string): bool', matches);
  env.registerFunction(`string.${GO_MATCHES}(string): bool`, matches);
  // strings.quote (ext.Strings): the nine escapes, every other character as it is.
  env.registerFunction('__strings_quote(string): string', (s: string) => `"${s.replace(/[\x07\b\f\n\r\t\v\\"]/g, (c) => QUOTE_ESCAPES[c] ?? c)}"`);
  // sets (cel-go ext.Sets), with CEL's equality of the items.
  const has = (list: List<unknown>, v: unknown) => Array.from(list).some((x) => celEqual(x, v));
  env.registerFunction('__sets_contains(list, list): bool', (a: List<unknown>, b: List<unknown>) => Array.from(b).every((v) => has(a, v)));
  env.registerFunction('__sets_equivalent(list, list): bool', (a: List<unknown>, b: List<unknown>) => Array.from(b).every((v) => has(a, v)) && Array.from(a).every((v) => has(b, v)));
  env.registerFunction('__sets_intersects(list, list): bool', (a: List<unknown>, b: List<unknown>) => Array.from(b).some((v) => has(a, v)));
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
