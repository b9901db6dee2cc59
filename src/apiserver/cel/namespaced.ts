/**
 * The functions Kubernetes' CEL environment names with a namespace (`sets.contains`,
 * `strings.quote`, `ip.isCanonical`), which the evaluator cannot declare: a rule's calls of them
 * are renamed, outside its string literals, to the flat names these are registered under.
 */
const NAMESPACED = /(?<![\w.])(sets|strings|ip)\.(contains|equivalent|intersects|quote|isCanonical)(?=\s*\()/g;

const FLAT: Readonly<Record<string, string>> = {
  'sets.contains': '__sets_contains',
  'sets.equivalent': '__sets_equivalent',
  'sets.intersects': '__sets_intersects',
  'strings.quote': '__strings_quote',
  'ip.isCanonical': '__ip_isCanonical',
};

/** A string literal of CEL: optional r/b prefixes, then triple or single quotes of either kind. */
const LITERAL = /[rRbB]{0,2}("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')/g;

/** The rule with its namespaced calls renamed to the flat names. */
export function flattenNamespaces(rule: string): string {
  let out = '';
  let last = 0;
  const rename = (code: string) => code.replace(NAMESPACED, (m, ns: string, fn: string) => FLAT[`${ns}.${fn}`] ?? m);
  for (const m of rule.matchAll(LITERAL)) {
    out += rename(rule.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + rename(rule.slice(last));
}
