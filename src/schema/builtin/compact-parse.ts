/**
 * The compact schema notation ssa-sim ships its built-in Kubernetes schema in: one type per line,
 * far smaller and quicker to read than the schema YAML, and carrying strategic-merge-patch metadata
 * the YAML format has no room for. `compact-format.ts` writes it; this file reads it.
 *
 * ```
 * line    := '%' alias ' ' prefix       an alias: `core.v1.Pod` stands for `io.k8s.api.core.v1.Pod`
 *          | name ' ' type              a named type
 *          | '#' comment | ''
 * type    := alt ('|' alt)*             several alternatives in one atom (the deduced types)
 * alt     := 's' | 'n' | 'b' | 'u'      scalar string, numeric, boolean, untyped
 *          | '[' type ']' listRel       list
 *          | '{' member* '}' mapRel     map with declared fields (a struct)
 *          | '<' type '>' mapRel        map whose keys are all free-form, of this element type
 *          | name refRel                a named type
 * listRel := ''                         atomic
 *          | '#'                        associative without keys (a set)
 *          | '(' key (',' key)* ')'     associative with keys
 *          | '~' word                   any other relationship text ('~' alone: unset)
 * mapRel  := '' (unset: granular) | '!' (atomic) | '~' word (e.g. `~separable`)
 * refRel  := '' | '!' | '~' word        field-level override of a named map's or list's relationship
 * member  := field ':' type ['=' json] ['^' mergeKey] ['/' patchStrategy]
 *          | '*:' type                  element type of keys that are not declared fields
 * ```
 * Members are separated by spaces. `=json` is the field's default (used to complete list keys),
 * `^key` and `/strategy` its patch merge key and patch strategy. A field name that is not made of
 * letters, digits, `_`, `$` and `-` is written as a JSON string.
 *
 * Example: `core.v1.ContainerPort {containerPort:n=0 hostIP:s hostPort:n name:s protocol:s="TCP"}`.
 */
import { SsaError } from '../../errors/ssa-error.js';
import { newMap, type Value } from '../../value/value.js';
import type { AtomDecl, FieldDecl, ListDecl, MapDecl, ScalarKind, SchemaDecl, TypeDef, TypeRef } from '../model.js';

const SCALARS: Record<string, ScalarKind> = { s: 'string', n: 'numeric', b: 'boolean', u: 'untyped' };

/** Reads compact lines into a schema declaration. Throws SsaError('SCHEMA_PARSE') naming the line. */
export function parseCompactSchema(lines: readonly string[], source = 'compact schema'): SchemaDecl {
  return { types: typeLines(lines, source).map(({ name, read }) => ({ name, ...read() })) };
}

/**
 * The same declaration, read lazily: each type's line is parsed the first time one of its
 * alternatives (`scalar`, `list`, `map`) is read, so a command pays only for the types its
 * objects reach. A mistake in a line surfaces then, as the SsaError `parseCompactSchema` throws.
 */
export function parseCompactSchemaLazily(lines: readonly string[], source = 'compact schema'): SchemaDecl {
  return { types: typeLines(lines, source).map(({ name, read }) => lazyTypeDef(name, read)) };
}

/** The named types of `lines`, each with the reader of its atom; aliases expanded, comments skipped. */
function typeLines(lines: readonly string[], source: string): { name: string; read: () => AtomDecl }[] {
  const aliases = new Map<string, string>();
  const out: { name: string; read: () => AtomDecl }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || line.charCodeAt(0) === 35 /* # */) continue;
    const space = line.indexOf(' ');
    if (space <= 0) throw lineError(source, i, 0, 'expected "<name> <type>"');
    if (line.charCodeAt(0) === 37 /* % */) {
      aliases.set(line.slice(1, space), line.slice(space + 1).trim());
      continue;
    }
    out.push({
      name: expand(line.slice(0, space), aliases),
      read: () => {
        const reader = new LineReader(line, space + 1, aliases, source, i);
        const atom = reader.atom();
        reader.end();
        return atom;
      },
    });
  }
  return out;
}

/**
 * A type definition whose alternatives are own enumerable getters, read once (spreading it copies
 * them). An object literal with accessors, not defineProperty calls and a freeze: there is one per
 * built-in type at every start, and the getters cannot be assigned to anyway.
 */
function lazyTypeDef(name: string, read: () => AtomDecl): TypeDef {
  let atom: AtomDecl | undefined;
  return {
    name,
    get scalar() {
      return (atom ??= read()).scalar;
    },
    get list() {
      return (atom ??= read()).list;
    },
    get map() {
      return (atom ??= read()).map;
    },
  };
}

function expand(name: string, aliases: ReadonlyMap<string, string>): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return name;
  const prefix = aliases.get(name.slice(0, dot));
  return prefix === undefined ? name : `${prefix}${name.slice(dot)}`;
}

function lineError(source: string, line: number, column: number, message: string): SsaError {
  return new SsaError('SCHEMA_PARSE', `${source}:${line + 1}:${column + 1}: ${message}`, {
    source: { file: source, line: line + 1, column: column + 1 },
  });
}

/** Letters, digits, `_`, `.`, `$`, `-`: the characters of names in the notation. */
export function isNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 36 || c === 45
  );
}

class LineReader {
  constructor(
    private readonly text: string,
    private pos: number,
    private readonly aliases: ReadonlyMap<string, string>,
    private readonly source: string,
    private readonly line: number,
  ) {}

  end(): void {
    if (this.pos !== this.text.length) this.fail('unexpected text after the type');
  }

  private fail(message: string): never {
    throw lineError(this.source, this.line, this.pos, message);
  }

  private peek(): number {
    return this.text.charCodeAt(this.pos);
  }

  private expect(ch: string): void {
    if (this.text[this.pos] !== ch) this.fail(`expected "${ch}"`);
    this.pos++;
  }

  private word(): string {
    const start = this.pos;
    while (this.pos < this.text.length && isNameChar(this.text.charCodeAt(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** Text up to the next space, `}` or the given stop characters. */
  private until(stops: string): string {
    const start = this.pos;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos];
      if (c === ' ' || c === '}' || stops.includes(c)) break;
      this.pos++;
    }
    return this.text.slice(start, this.pos);
  }

  /** An atom: one or more alternatives. */
  atom(): AtomDecl {
    const atom: { scalar?: ScalarKind; list?: ListDecl; map?: MapDecl } = {};
    for (;;) {
      const ref = this.typeRef();
      if (ref.namedType !== undefined || !ref.inlined) this.fail('a named type cannot be an alternative of an atom');
      Object.assign(atom, ref.inlined);
      if (this.peek() !== 124 /* | */) return atom;
      this.pos++;
    }
  }

  /** One alternative, or a named type with its optional override. */
  typeRef(): TypeRef {
    const c = this.text[this.pos];
    if (c === '[') {
      this.pos++;
      const elementType = this.ref();
      this.expect(']');
      return { inlined: { list: { elementType, ...this.listRelationship() } } };
    }
    if (c === '{') {
      this.pos++;
      const fields: FieldDecl[] = [];
      let elementType: TypeRef | undefined;
      while (this.text[this.pos] !== '}') {
        if (this.pos >= this.text.length) this.fail('unterminated "{"');
        if (this.text[this.pos] === ' ') {
          this.pos++;
          continue;
        }
        if (this.text.startsWith('*:', this.pos)) {
          this.pos += 2;
          elementType = this.ref();
        } else fields.push(this.member());
      }
      this.pos++;
      const map: MapDecl = { fields, ...(elementType ? { elementType } : {}), ...this.mapRelationship() };
      return { inlined: { map } };
    }
    if (c === '<') {
      this.pos++;
      const elementType = this.ref();
      this.expect('>');
      return { inlined: { map: { elementType, ...this.mapRelationship() } } };
    }
    const name = this.word();
    if (name === '') this.fail('expected a type');
    const scalar = SCALARS[name];
    if (scalar !== undefined) return { inlined: { scalar } };
    const rel = this.relationshipSuffix();
    const namedType = expand(name, this.aliases);
    return rel === undefined ? { namedType } : { namedType, elementRelationship: rel };
  }

  /** A type reference: an alternative, or several joined by `|` (an inline atom). */
  private ref(): TypeRef {
    const first = this.typeRef();
    if (this.peek() !== 124 /* | */) return first;
    if (!first.inlined) this.fail('a named type cannot be an alternative of an atom');
    const atom: { scalar?: ScalarKind; list?: ListDecl; map?: MapDecl } = { ...first.inlined };
    while (this.peek() === 124) {
      this.pos++;
      const next = this.typeRef();
      if (!next.inlined) this.fail('a named type cannot be an alternative of an atom');
      Object.assign(atom, next.inlined);
    }
    return { inlined: atom };
  }

  private relationshipSuffix(): string | undefined {
    const c = this.text[this.pos];
    if (c === '!') {
      this.pos++;
      return 'atomic';
    }
    if (c === '~') {
      this.pos++;
      return this.word();
    }
    return undefined;
  }

  private listRelationship(): { elementRelationship: string; keys?: string[] } {
    const c = this.text[this.pos];
    if (c === '#') {
      this.pos++;
      return { elementRelationship: 'associative' };
    }
    if (c === '(') {
      this.pos++;
      const close = this.text.indexOf(')', this.pos);
      if (close < 0) this.fail('unterminated "("');
      const keys = this.text.slice(this.pos, close).split(',');
      this.pos = close + 1;
      return { elementRelationship: 'associative', keys };
    }
    if (c === '~') {
      this.pos++;
      return { elementRelationship: this.word() };
    }
    return { elementRelationship: 'atomic' };
  }

  private mapRelationship(): { elementRelationship?: string } {
    const rel = this.relationshipSuffix();
    return rel === undefined ? {} : { elementRelationship: rel };
  }

  private member(): FieldDecl {
    let name: string;
    if (this.text[this.pos] === '"') name = this.jsonValue() as string;
    else name = this.word();
    if (name === '') this.fail('expected a field name');
    this.expect(':');
    const type = this.ref();
    const field: { name: string; type: TypeRef; default?: Value; patchMergeKey?: string; patchStrategy?: string } = { name, type };
    if (this.text[this.pos] === '=') {
      this.pos++;
      field.default = this.jsonValue();
    }
    if (this.text[this.pos] === '^') {
      this.pos++;
      field.patchMergeKey = this.until('/');
    }
    if (this.text[this.pos] === '/') {
      this.pos++;
      field.patchStrategy = this.until('');
    }
    return field;
  }

  /** A JSON literal (strings, numbers, booleans, null, objects, arrays) starting here. */
  private jsonValue(): Value {
    const start = this.pos;
    const t = this.text;
    const c = t[start];
    if (c === '"' || c === '{' || c === '[') {
      let depth = 0;
      let inString = false;
      for (; this.pos < t.length; this.pos++) {
        const ch = t[this.pos];
        if (inString) {
          if (ch === '\\') this.pos++;
          else if (ch === '"') {
            inString = false;
            if (depth === 0) break;
          }
        } else if (ch === '"') inString = true;
        else if (ch === '{' || ch === '[') depth++;
        else if (ch === '}' || ch === ']') {
          if (--depth === 0) break;
        }
      }
      if (this.pos >= t.length) this.fail('unterminated JSON value');
      this.pos++;
    } else {
      while (this.pos < t.length && /[-+0-9.eEa-z]/.test(t[this.pos])) this.pos++;
    }
    try {
      return toValue(JSON.parse(t.slice(start, this.pos)) as unknown);
    } catch {
      this.pos = start;
      return this.fail('invalid JSON value');
    }
  }
}

/** JSON data with maps rebuilt without prototypes, so any key is data. */
function toValue(v: unknown): Value {
  if (Array.isArray(v)) return v.map(toValue);
  if (v !== null && typeof v === 'object') {
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = toValue((v as Record<string, unknown>)[k]);
    return out;
  }
  return v as Value;
}
