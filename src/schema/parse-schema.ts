/**
 * Loads a schema document (the reference's schema YAML, or the same structure as JSON) into a
 * SchemaDecl, checking it the way the Go loader (`typed.NewParser`) does: the document is validated
 * against the library's "schema of schemas", so unknown keys and values of the wrong shape are
 * rejected. Every problem is an SsaError('SCHEMA_PARSE') naming the YAML path inside the document
 * and the file:line:column of the offending node.
 *
 * YAML is read with YAML 1.1 scalar rules, as Go's yaml.v2 reads it (`default: no` is false,
 * `default: "80"` a string, `1` and `1.0` numbers), but without the 1.1 types yaml.v2 does not turn
 * into values (timestamps and sexagesimal numbers stay strings).
 *
 * Two readers: a fast one for the plain block-style YAML schema files are written in (no position
 * tracking; it keeps the Kubernetes schema loading in milliseconds), and src/document's reader
 * (the `yaml` package's Document API, with positions) for everything else. When the fast reader
 * meets anything it is not sure about it gives up and the Document path takes over; when
 * validation fails, the document is re-read with positions to locate the offending node.
 */
import type { Document } from 'yaml';
import { composeYaml, documentValue, firstError, locator, MAX_ALIAS_NODES, type YamlStream } from '../document/read-yaml.js';
import { formatSource, SsaError, type SourcePosition } from '../errors/ssa-error.js';
import { newMap, type Value, type ValueMap } from '../value/value.js';
import type {
  AtomDecl,
  FieldDecl,
  ListDecl,
  MapDecl,
  ScalarKind,
  SchemaDecl,
  TypeDef,
  TypeRef,
} from './model.js';

export interface ParseSchemaOptions {
  /** File name used in error messages and in `SsaError.source.file`. */
  file?: string;
}

/** Deepest nesting of YAML collections accepted in a schema document. */
export const MAX_SCHEMA_DEPTH = 256;
/** Most YAML nodes that alias expansion may produce (stops "billion laughs" documents). */
export const MAX_ALIAS_EXPANSION = MAX_ALIAS_NODES;

/** Parses and validates a schema document. Throws SsaError('SCHEMA_PARSE'). */
export function parseSchema(text: string, opts: ParseSchemaOptions = {}): SchemaDecl {
  const file = opts.file;
  const fast = fastParse(text);
  if (fast !== undefined) {
    try {
      return buildSchema(fast);
    } catch (e) {
      if (!(e instanceof SchemaFail)) throw e;
      // Locate the offending node: re-read the document with positions.
      const { stream, doc } = composeDocument(text, file);
      throw failToError(e, stream, doc, file);
    }
  }
  const { stream, doc } = composeDocument(text, file);
  const value = documentToValue(stream, doc);
  try {
    return buildSchema(value);
  } catch (e) {
    if (!(e instanceof SchemaFail)) throw e;
    throw failToError(e, stream, doc, file);
  }
}

/**
 * The document as plain data (null-prototype maps). `reader`: 'fast' uses only the fast reader
 * (undefined when it gives up), 'yaml' only the `yaml` package, 'auto' (default) the fast reader
 * and the `yaml` package when it gives up. Throws SsaError for YAML errors. Exported for tests.
 * @internal
 */
export function readSchemaDocument(
  text: string,
  opts: ParseSchemaOptions & { reader?: 'auto' | 'fast' | 'yaml' } = {},
): Value | undefined {
  const reader = opts.reader ?? 'auto';
  if (reader !== 'yaml') {
    const fast = fastParse(text);
    if (fast !== undefined || reader === 'fast') return fast;
  }
  const { stream, doc } = composeDocument(text, opts.file);
  return documentToValue(stream, doc);
}

// ------------------------------------------------------------------------------------------------
// Errors

type Seg = string | number;

/** A path inside the document, as a linked list from the leaf up (cheap to extend). */
interface DocPath {
  readonly parent: DocPath | undefined;
  readonly seg: Seg;
}

function child(parent: DocPath | undefined, seg: Seg): DocPath {
  return { parent, seg };
}

function segsOf(path: DocPath | undefined): Seg[] {
  const out: Seg[] = [];
  for (let p = path; p; p = p.parent) out.push(p.seg);
  return out.reverse();
}

const SIMPLE_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function pathText(segs: readonly Seg[]): string {
  let out = '';
  for (const s of segs) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (SIMPLE_KEY.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out || 'document';
}

/** A validation failure before it is located in the source. */
class SchemaFail {
  constructor(
    readonly segs: Seg[],
    /** Point at the key of the last segment (unknown keys) or at the node itself. */
    readonly at: 'key' | 'node',
    readonly message: string,
  ) {}
}

function fail(path: DocPath | undefined, detail: string, at: 'key' | 'node' = 'node'): never {
  const segs = segsOf(path);
  const where = at === 'key' ? segs.slice(0, -1) : segs;
  throw new SchemaFail(segs, at, `${pathText(where)}: ${detail}`);
}

function makeError(message: string, file: string | undefined, pos?: SourcePosition, segs?: readonly Seg[]): SsaError {
  const source: SourcePosition = {};
  if (file !== undefined) source.file = file;
  if (pos?.line !== undefined) {
    source.line = pos.line;
    source.column = pos.column;
  }
  const where = formatSource(source);
  return new SsaError('SCHEMA_PARSE', where ? `${where}: ${message}` : message, {
    ...(segs ? { path: pathText(segs) } : {}),
    ...(file !== undefined || pos?.line !== undefined ? { source } : {}),
  });
}

function failToError(f: SchemaFail, stream: YamlStream, doc: Document.Parsed, file: string | undefined): SsaError {
  const offset = locator(stream, doc, LOCATE_OPTIONS).offsetOf(f.segs, f.at === 'key' ? 'key' : 'value');
  const where = f.at === 'key' ? f.segs.slice(0, -1) : f.segs;
  return makeError(f.message, file, stream.position(offset), where);
}

// ------------------------------------------------------------------------------------------------
// The Document path: src/document's reader, with the schema loader's errors

/** An empty value (`type:` with nothing after it) has no useful position: the key's is used. */
const LOCATE_OPTIONS = { emptyValueAt: 'key' } as const;

/** Parses with positions; throws SsaError for YAML syntax errors, duplicate keys, deep nesting. */
function composeDocument(text: string, file: string | undefined): { stream: YamlStream; doc: Document.Parsed } {
  const stream = composeYaml(text, { file, maxDepth: MAX_SCHEMA_DEPTH, error: (_code, message, source) => makeError(message, file, source) });
  const [doc, second] = stream.documents;
  if (second) {
    throw makeError('the schema must be a single YAML document (found a second one)', file, stream.position(second.range[0]));
  }
  const first = firstError(doc);
  if (first) {
    const pos = stream.position(first.pos[0]);
    if (first.code === 'DUPLICATE_KEY') {
      const found = locator(stream, doc, LOCATE_OPTIONS).keyAt(first.pos[0]);
      if (found) throw makeError(`${pathText(found.path)}: duplicate key ${JSON.stringify(found.key)}`, file, pos, found.path);
      throw makeError('duplicate key', file, pos);
    }
    if (first.code === 'RESOURCE_EXHAUSTION') throw makeError('YAML nesting is too deep', file, pos);
    throw makeError(`invalid YAML: ${first.message}`, file, pos);
  }
  return { stream, doc };
}

/** Converts a composed document to plain data, capping depth and alias expansion. */
function documentToValue(stream: YamlStream, doc: Document.Parsed): Value {
  return documentValue(stream, doc, { maxDepth: MAX_SCHEMA_DEPTH, maxAliasNodes: MAX_ALIAS_EXPANSION }).value;
}

// ------------------------------------------------------------------------------------------------
// The fast reader: block-style YAML with plain, quoted and `{}`/`[]` values only.

/** Thrown inside the fast reader when the input needs the full YAML parser. */
const GIVE_UP: unique symbol = Symbol('give up');

// Characters the fast reader never handles: tabs, CR, control characters, other line breaks, BOM.
// eslint-disable-next-line no-control-regex
const EXOTIC = /[\t\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x85\u2028\u2029\ufeff]/;
const FAST_KEY = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
const NULLS = new Set(['~', 'null', 'Null', 'NULL']);
const TRUES = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']);
const FALSES = new Set(['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']);
const SIMPLE_INT = /^-?(?:0|[1-9][0-9]{0,14})$/;
const SIMPLE_FLOAT = /^-?(?:0|[1-9][0-9]{0,14})\.[0-9]{1,15}$/;

function fastParse(text: string): Value | undefined {
  if (EXOTIC.test(text)) return undefined;
  // The content lines (not blank, not comments): where their content starts and ends (trailing
  // spaces dropped) and their indentation. `- x` items are read by moving `start` past the dash.
  const start: number[] = [];
  const end: number[] = [];
  const indent: number[] = [];
  const len = text.length;
  for (let p = 0; p < len; ) {
    let nl = text.indexOf('\n', p);
    if (nl < 0) nl = len;
    let k = p;
    while (k < nl && text.charCodeAt(k) === 32) k++;
    if (k < nl && text.charCodeAt(k) !== 35 /* # */) {
      if (k === p) {
        const c0 = text.charCodeAt(p);
        if (c0 === 37 /* % */ || (c0 === 45 && text.startsWith('---', p)) || (c0 === 46 && text.startsWith('...', p))) {
          return undefined;
        }
      }
      let e = nl;
      while (text.charCodeAt(e - 1) === 32) e--;
      start.push(k);
      end.push(e);
      indent.push(k - p);
    }
    p = nl + 1;
  }
  const n = start.length;
  if (n === 0) return undefined;
  let pos = 0;
  const goodKeys = new Set<string>();

  const isSeqEntry = (i: number): boolean =>
    text.charCodeAt(start[i]) === 45 /* - */ && (end[i] - start[i] === 1 || text.charCodeAt(start[i] + 1) === 32);

  /** Position of the first `: ` (or a final `:`) in [s, e), or -1. */
  const mapColon = (s: number, e: number): number => {
    for (let j = s; j < e; j++) {
      if (text.charCodeAt(j) === 58 /* : */ && (j === e - 1 || text.charCodeAt(j + 1) === 32)) return j;
    }
    return -1;
  };

  /** The scalar (or `{}`/`[]`) in [s, e): a whole value on one line. */
  const scalar = (s: number, e: number): Value => {
    const c0 = text.charCodeAt(s);
    if (c0 === 34 /* " */) {
      if (e - s < 2 || text.charCodeAt(e - 1) !== 34) throw GIVE_UP;
      for (let j = s + 1; j < e - 1; j++) {
        const c = text.charCodeAt(j);
        if (c === 34 || c === 92 /* \ */) throw GIVE_UP;
      }
      return text.slice(s + 1, e - 1);
    }
    if (c0 === 39 /* ' */) {
      let out = '';
      let j = s + 1;
      for (;;) {
        const q = text.indexOf("'", j);
        if (q < 0 || q >= e) throw GIVE_UP;
        out += text.slice(j, q);
        if (q + 1 < e && text.charCodeAt(q + 1) === 39) {
          out += "'";
          j = q + 2;
          continue;
        }
        if (q !== e - 1) throw GIVE_UP;
        return out;
      }
    }
    if (e - s === 2) {
      if (c0 === 123 /* { */ && text.charCodeAt(s + 1) === 125) return newMap();
      if (c0 === 91 /* [ */ && text.charCodeAt(s + 1) === 93) return [];
    }
    for (let j = s; j < e; j++) {
      const c = text.charCodeAt(j);
      if (c === 32 && j + 1 < e && text.charCodeAt(j + 1) === 35) throw GIVE_UP; // ` #` comment
      if (c === 58 && (j === e - 1 || text.charCodeAt(j + 1) === 32)) throw GIVE_UP; // `: `
    }
    const v = text.slice(s, e);
    if ((c0 >= 48 && c0 <= 57) || c0 === 45 /* - */ || c0 === 43 /* + */ || c0 === 46 /* . */) {
      if (v !== '-0' && (SIMPLE_INT.test(v) || SIMPLE_FLOAT.test(v))) return Number(v);
      throw GIVE_UP;
    }
    if (c0 === 126 /* ~ */ && e - s === 1) return null;
    if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122) || c0 === 95 /* _ */ || c0 === 47 /* / */)) throw GIVE_UP;
    if (e - s <= 5) {
      if (NULLS.has(v)) return null;
      if (TRUES.has(v)) return true;
      if (FALSES.has(v)) return false;
    }
    return v;
  };

  // A node whose first line is `pos`; lines deeper than `parentIndent` may belong to it.
  const node = (parentIndent: number, depth: number): Value => {
    if (depth > MAX_SCHEMA_DEPTH) throw GIVE_UP;
    if (isSeqEntry(pos)) return seq(indent[pos], depth);
    if (mapColon(start[pos], end[pos]) >= 0) return map(indent[pos], depth);
    const v = scalar(start[pos], end[pos]);
    pos++;
    if (pos < n && indent[pos] > parentIndent) throw GIVE_UP; // a multi-line scalar
    return v;
  };

  // The value after `key:` or `-` with nothing else on the line.
  const blockValue = (ownIndent: number, depth: number, allowIndentlessSeq: boolean): Value => {
    pos++;
    if (pos < n && indent[pos] > ownIndent) return node(ownIndent, depth);
    if (allowIndentlessSeq && pos < n && indent[pos] === ownIndent && isSeqEntry(pos)) return seq(ownIndent, depth);
    return null;
  };

  const map = (ind: number, depth: number): ValueMap => {
    const out = newMap();
    while (pos < n && indent[pos] === ind) {
      const s = start[pos];
      const e = end[pos];
      const colon = mapColon(s, e);
      if (colon <= s) throw GIVE_UP;
      const key = text.slice(s, colon);
      if (!goodKeys.has(key)) {
        if (!FAST_KEY.test(key) || NULLS.has(key) || TRUES.has(key) || FALSES.has(key)) throw GIVE_UP;
        goodKeys.add(key);
      }
      if (key in out) throw GIVE_UP; // a duplicate: the yaml package reports it
      let j = colon + 1;
      while (j < e && text.charCodeAt(j) === 32) j++;
      if (j >= e || text.charCodeAt(j) === 35 /* # */) {
        out[key] = blockValue(ind, depth + 1, true);
      } else {
        out[key] = scalar(j, e);
        pos++;
      }
      if (pos < n && indent[pos] > ind) throw GIVE_UP;
    }
    return out;
  };

  const seq = (ind: number, depth: number): Value[] => {
    const out: Value[] = [];
    while (pos < n && indent[pos] === ind && isSeqEntry(pos)) {
      const s = start[pos];
      const e = end[pos];
      let j = s + 1;
      while (j < e && text.charCodeAt(j) === 32) j++;
      if (j >= e || text.charCodeAt(j) === 35 /* # */) {
        out.push(blockValue(ind, depth + 1, false));
      } else {
        // `- rest`: read `rest` as a node starting at its own column.
        indent[pos] = ind + (j - s);
        start[pos] = j;
        out.push(node(ind, depth + 1));
      }
      if (pos < n && indent[pos] > ind) throw GIVE_UP;
    }
    return out;
  };

  try {
    const v = node(-1, 0);
    return pos === n ? v : undefined;
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}

// ------------------------------------------------------------------------------------------------
// Validation against the schema of schemas, building the declaration

const ROOT_KEYS = ['types'] as const;
const TYPEDEF_KEYS = ['name', 'scalar', 'list', 'map'] as const;
const TYPEREF_KEYS = ['namedType', 'scalar', 'list', 'map', 'elementRelationship', 'nullable'] as const;
const LIST_KEYS = ['elementType', 'elementRelationship', 'keys'] as const;
const MAP_KEYS = ['fields', 'elementType', 'elementRelationship', 'unions'] as const;
const FIELD_KEYS = ['name', 'type', 'default'] as const;
const UNION_KEYS = ['discriminator', 'deduceInvalidDiscriminator', 'fields'] as const;
const UNION_FIELD_KEYS = ['fieldName', 'discriminatorValue'] as const;
/**
 * Accepted and ignored, as the Go loader does: its schema of schemas still declares a deprecated
 * `untyped: {elementRelationship}` on type definitions and references, which the Go types drop.
 */
const IGNORED_KEYS = ['untyped'];

const own = Object.prototype.hasOwnProperty;

function describe(v: Value): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return `the boolean ${v}`;
    case 'number':
      return `the number ${v}`;
    case 'string':
      return `the string ${JSON.stringify(v)}`;
    default:
      return Array.isArray(v) ? 'a list' : 'a map';
  }
}

function isValueMap(v: Value | undefined): v is ValueMap {
  return v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);
}

function listOfKeys(keys: readonly string[]): string {
  return keys.join(', ');
}

/** Checks that `v` is a map whose keys are all in `allowed`, and that `required` keys are there. */
function expectMap(
  v: Value,
  path: DocPath | undefined,
  what: string,
  allowed: readonly string[],
  required: readonly string[] = [],
): ValueMap {
  if (!isValueMap(v)) fail(path, `expected ${what}, got ${describe(v)}`);
  for (const k of Object.keys(v)) {
    if (!allowed.includes(k) && !IGNORED_KEYS.includes(k)) {
      fail(child(path, k), `unknown key ${JSON.stringify(k)} (expected ${listOfKeys(allowed)})`, 'key');
    }
  }
  if (IGNORED_KEYS.some((k) => own.call(v, k))) checkUntyped(v, path);
  // Present-but-null required values are reported by the caller, at the value.
  for (const k of required) if (!own.call(v, k)) fail(path, `missing required key ${JSON.stringify(k)}`);
  return v;
}

function checkUntyped(v: ValueMap, path: DocPath | undefined): void {
  if (!own.call(v, 'untyped') || v.untyped === null) return;
  const p = child(path, 'untyped');
  const u = expectMap(v.untyped, p, 'a map', ['elementRelationship']);
  optString(u, 'elementRelationship', p);
}

/** The value under `key`, or undefined when absent or null (null is "unset", as in the Go loader). */
function get(m: ValueMap, key: string): Value | undefined {
  if (!own.call(m, key)) return undefined;
  const v = m[key];
  return v === null ? undefined : v;
}

function optString(m: ValueMap, key: string, path: DocPath | undefined): string | undefined {
  const v = get(m, key);
  if (v === undefined) return undefined;
  if (typeof v !== 'string') fail(child(path, key), `expected a string, got ${describe(v)}`);
  return v;
}

function reqString(m: ValueMap, key: string, path: DocPath | undefined): string {
  const v = optString(m, key, path);
  if (v === undefined) fail(child(path, key), 'expected a string, got null');
  return v;
}

function optBoolean(m: ValueMap, key: string, path: DocPath | undefined): boolean | undefined {
  const v = get(m, key);
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') fail(child(path, key), `expected a boolean, got ${describe(v)}`);
  return v;
}

function optList(m: ValueMap, key: string, path: DocPath | undefined): Value[] | undefined {
  const v = get(m, key);
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) fail(child(path, key), `expected a list, got ${describe(v)}`);
  return v;
}

function buildSchema(doc: Value): SchemaDecl {
  if (doc === null) fail(undefined, 'the document is empty: expected a map with a "types" list');
  const root = expectMap(doc, undefined, 'a map with a "types" list', ROOT_KEYS, ['types']);
  const typesPath = child(undefined, 'types');
  const list = optList(root, 'types', undefined);
  if (list === undefined) fail(typesPath, 'expected a list, got null');
  const types: TypeDef[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) types[i] = buildTypeDef(list[i], child(typesPath, i));
  return { types };
}

function buildTypeDef(v: Value, path: DocPath): TypeDef {
  const m = expectMap(v, path, 'a type definition (a map)', TYPEDEF_KEYS, ['name']);
  const name = reqString(m, 'name', path);
  return { name, ...buildAtom(m, path) };
}

function buildAtom(m: ValueMap, path: DocPath | undefined): AtomDecl {
  const atom: { scalar?: ScalarKind; list?: ListDecl; map?: MapDecl } = {};
  const scalar = optString(m, 'scalar', path);
  // Any kind is read, as the reference reads it; a value of an unknown kind fails in validation.
  if (scalar !== undefined) atom.scalar = scalar;
  const list = get(m, 'list');
  if (list !== undefined) atom.list = buildList(list, child(path, 'list'));
  const map = get(m, 'map');
  if (map !== undefined) atom.map = buildMap(map, child(path, 'map'));
  return atom;
}

function buildTypeRef(v: Value, path: DocPath): TypeRef {
  const m = expectMap(v, path, 'a type reference (a map with namedType, scalar, list or map)', TYPEREF_KEYS);
  const ref: { namedType?: string; inlined?: AtomDecl; elementRelationship?: string; nullable?: boolean } = {};
  const named = optString(m, 'namedType', path);
  if (named !== undefined) ref.namedType = named;
  const atom = buildAtom(m, path);
  if (atom.scalar !== undefined || atom.list !== undefined || atom.map !== undefined) ref.inlined = atom;
  const rel = optString(m, 'elementRelationship', path);
  if (rel !== undefined) ref.elementRelationship = rel;
  const nullable = optBoolean(m, 'nullable', path);
  if (nullable !== undefined) ref.nullable = nullable;
  return ref;
}

function buildList(v: Value, path: DocPath): ListDecl {
  const m = expectMap(v, path, 'a list declaration (a map)', LIST_KEYS, ['elementType']);
  const decl: { elementType: TypeRef; elementRelationship?: string; keys?: string[] } = {
    elementType: buildTypeRef(m.elementType, child(path, 'elementType')),
  };
  const rel = optString(m, 'elementRelationship', path);
  if (rel !== undefined) decl.elementRelationship = rel;
  const keys = optList(m, 'keys', path);
  if (keys !== undefined) {
    const kp = child(path, 'keys');
    decl.keys = keys.map((k, i) => {
      if (typeof k !== 'string') fail(child(kp, i), `expected a string, got ${describe(k)}`);
      return k;
    });
  }
  return decl;
}

function buildMap(v: Value, path: DocPath): MapDecl {
  const m = expectMap(v, path, 'a map declaration (a map)', MAP_KEYS);
  const decl: { fields?: FieldDecl[]; elementType?: TypeRef; elementRelationship?: string; unions?: Value[] } = {};
  const fields = optList(m, 'fields', path);
  if (fields !== undefined) {
    const fp = child(path, 'fields');
    decl.fields = fields.map((f, i) => buildField(f, child(fp, i)));
  }
  const elementType = get(m, 'elementType');
  if (elementType !== undefined) decl.elementType = buildTypeRef(elementType, child(path, 'elementType'));
  const rel = optString(m, 'elementRelationship', path);
  if (rel !== undefined) decl.elementRelationship = rel;
  const unions = optList(m, 'unions', path);
  if (unions !== undefined) {
    const up = child(path, 'unions');
    unions.forEach((u, i) => checkUnion(u, child(up, i)));
    decl.unions = unions;
  }
  return decl;
}

function buildField(v: Value, path: DocPath): FieldDecl {
  const m = expectMap(v, path, 'a field (a map with name and type)', FIELD_KEYS, ['name', 'type']);
  const name = reqString(m, 'name', path);
  const type = buildTypeRef(m.type, child(path, 'type'));
  const def = get(m, 'default');
  return def === undefined ? { name, type } : { name, type, default: def };
}

function checkUnion(v: Value, path: DocPath): void {
  const m = expectMap(v, path, 'a union (a map)', UNION_KEYS);
  optString(m, 'discriminator', path);
  optBoolean(m, 'deduceInvalidDiscriminator', path);
  const fields = optList(m, 'fields', path);
  if (fields !== undefined) {
    const fp = child(path, 'fields');
    fields.forEach((f, i) => {
      const p = child(fp, i);
      const fm = expectMap(f, p, 'a union field (a map)', UNION_FIELD_KEYS, ['fieldName']);
      reqString(fm, 'fieldName', p);
      optString(fm, 'discriminatorValue', p);
    });
  }
}
