/**
 * The functions Kubernetes' CEL environment names with a namespace (`sets.contains`,
 * `strings.quote`, `ip.isCanonical`, `format.named`, `format.dns1123Label`...), which the
 * evaluator cannot declare: a rule's calls of them are renamed, outside its string literals, to
 * the flat names they are registered under (`__sets_contains`). So is the method `s.matches(re)`,
 * which the evaluator declares itself with JavaScript's regular expressions and which may not be
 * declared again: its calls become `s.__go_matches(re)`, registered with Go's (RE2) reading of
 * the pattern, as the function form `matches(s, re)` is (kube-library.ts).
 */
import { FORMATS } from './kube-format.js';

const NAMESPACED = /(?<![\w.])(sets|strings|ip|format)\.([A-Za-z0-9_]+)(?=\s*\()/g;

/** The namespaced functions registered, each under `__<namespace>_<name>`. */
const KNOWN = new Set([
  'sets.contains', 'sets.equivalent', 'sets.intersects', 'strings.quote', 'ip.isCanonical', 'format.named',
  ...Object.keys(FORMATS).map((f) => `format.${f}`),
]);

/** The method `matches` called on a receiver: `.matches(`. */
const MATCHES_METHOD = /\.\s*matches(?=\s*\()/g;
/** The name the method form of `matches` is registered under, with Go's regular expressions. */
export const GO_MATCHES = '__go_matches';

/** A string literal of CEL: optional r/b prefixes, then triple or single quotes of either kind. */
const LITERAL = /[rRbB]{0,2}("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')/g;

/** The rule with its namespaced calls renamed to the flat names. */
export function flattenNamespaces(rule: string): string {
  let out = '';
  let last = 0;
  const rename = (code: string) =>
    code.replace(NAMESPACED, (m, ns: string, fn: string) => (KNOWN.has(`${ns}.${fn}`) ? `__${ns}_${fn}` : m)).replace(MATCHES_METHOD, `.${GO_MATCHES}`);
  for (const m of rule.matchAll(LITERAL)) {
    out += rename(rule.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + rename(rule.slice(last));
}

/** A message of the evaluator's with the names the rule was written with (`sets.contains`, `matches`), not the flat ones. */
export function originalNames(message: string): string {
  return message.replaceAll(GO_MATCHES, 'matches').replace(/__(sets|strings|ip|format)_([A-Za-z0-9_]+)/g, (m, ns: string, fn: string) => (KNOWN.has(`${ns}.${fn}`) ? `${ns}.${fn}` : m));
}
