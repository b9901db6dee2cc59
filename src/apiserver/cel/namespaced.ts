/**
 * The functions Kubernetes' CEL environment names with a namespace (`sets.contains`,
 * `strings.quote`, `ip.isCanonical`, `format.named`, `format.dns1123Label`...), which the
 * evaluator cannot declare: a rule's calls of them are renamed, outside its string literals, to
 * the flat names they are registered under (`__sets_contains`).
 */
import { FORMATS } from './kube-format.js';

const NAMESPACED = /(?<![\w.])(sets|strings|ip|format)\.([A-Za-z0-9_]+)(?=\s*\()/g;

/** The namespaced functions registered, each under `__<namespace>_<name>`. */
const KNOWN = new Set([
  'sets.contains', 'sets.equivalent', 'sets.intersects', 'strings.quote', 'ip.isCanonical', 'format.named',
  ...Object.keys(FORMATS).map((f) => `format.${f}`),
]);

/** A string literal of CEL: optional r/b prefixes, then triple or single quotes of either kind. */
const LITERAL = /[rRbB]{0,2}("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')/g;

/** The rule with its namespaced calls renamed to the flat names. */
export function flattenNamespaces(rule: string): string {
  let out = '';
  let last = 0;
  const rename = (code: string) => code.replace(NAMESPACED, (m, ns: string, fn: string) => (KNOWN.has(`${ns}.${fn}`) ? `__${ns}_${fn}` : m));
  for (const m of rule.matchAll(LITERAL)) {
    out += rename(rule.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + rename(rule.slice(last));
}
