/**
 * How a CEL expression names an object's property (k8s.io/apiserver 1.32 pkg/cel/escaping.go,
 * Escape): a CEL keyword or reserved word becomes `__word__`; in other names `__` becomes
 * `__underscores__`, `.` `__dot__`, `-` `__dash__` and `/` `__slash__`. A name that starts with a
 * digit, is empty or holds any other character than ASCII letters, digits and `_ . - /` cannot be
 * named: such a property is not visible to the rules.
 */
const RESERVED = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

const ESCAPES: Readonly<Record<string, string>> = { __: '__underscores__', '.': '__dot__', '-': '__dash__', '/': '__slash__' };

/** The name a rule uses for the property `name`, or undefined when no rule can name it. */
export function celName(name: string): string | undefined {
  if (name === '' || /^[0-9]/.test(name)) return undefined;
  if (RESERVED.has(name)) return `__${name}__`;
  if (!/^[A-Za-z0-9_./-]+$/.test(name)) return undefined;
  return name.replace(/__|[./-]/g, (s) => ESCAPES[s] ?? s);
}
