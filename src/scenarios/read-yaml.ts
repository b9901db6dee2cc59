/**
 * Reads YAML (or JSON, which is YAML) the way Kubernetes reads manifests, keeping where every
 * node came from so that any later problem can name `file:line:column`.
 *
 * - YAML 1.1 scalars, as Go's yaml.v2 (behind sigs.k8s.io/yaml) reads them: `no`, `off`, `n` are
 *   false, `yes`, `on`, `y` true, `0777` is octal. Timestamps stay strings, as yaml.v2 leaves them
 *   when decoding into plain data. Every unquoted scalar that YAML 1.1 turns into a boolean
 *   although it is not `true`/`false` is reported as a warning, because YAML 1.2 tools (and most
 *   editors) read it as a string.
 * - Hostile input ends in a clear error: nesting deeper than MAX_YAML_DEPTH (checked on the token
 *   stream before any recursive step), alias expansion beyond MAX_ALIAS_NODES ("billion laughs"),
 *   duplicate keys. Keys such as `__proto__` are plain data (maps have no prototype).
 */
import { Composer, isAlias, isMap, isScalar, isSeq, LineCounter, Parser } from 'yaml';
import type { CST, Document, Node as YamlNode, Pair, Tags } from 'yaml';
import { SsaError, type SourcePosition } from '../errors/ssa-error.js';
import { newMap, type Value, type ValueMap } from '../value/value.js';

export const MAX_YAML_DEPTH = 200;
export const MAX_ALIAS_NODES = 100_000;

/** A segment of a path inside a YAML document: a map key or a list index. */
export type DocSegment = string | number;

export interface YamlWarning {
  readonly source: SourcePosition;
  readonly message: string;
  /** Where in the document (for YAML 1.1 booleans: the scalar's path). */
  readonly segs?: readonly DocSegment[];
  /** For YAML 1.1 booleans: the text as written (`no`). */
  readonly text?: string;
}

/** A key for a document path (for lookups). */
export function segsKey(segs: readonly DocSegment[]): string {
  return JSON.stringify(segs);
}

/** One document: its data, and a way back from a path inside it to its position in the file. */
export interface LocatedDocument {
  readonly file: string;
  readonly value: Value;
  readonly warnings: readonly YamlWarning[];
  /** Where the node at `segs` starts (its key when `at` is 'key'); the nearest existing ancestor otherwise. */
  positionOf(segs: readonly DocSegment[], at?: 'key' | 'value'): SourcePosition;
  /** The text of a scalar at `segs` that YAML 1.1 (only) reads as a boolean (`no`, `on`, `y`). */
  yaml11BooleanText(segs: readonly DocSegment[]): string | undefined;
}

const DROPPED_TAGS = new Set([
  'tag:yaml.org,2002:timestamp',
  'tag:yaml.org,2002:binary',
  'tag:yaml.org,2002:omap',
  'tag:yaml.org,2002:pairs',
  'tag:yaml.org,2002:set',
]);

function yaml11Tags(tags: Tags): Tags {
  return tags.filter((t) => {
    if (typeof t === 'string') return true;
    if (DROPPED_TAGS.has(t.tag)) return false;
    return !('format' in t && t.format === 'TIME'); // sexagesimal 1:30 stays a string
  });
}

const COMPOSE_OPTIONS = {
  version: '1.1',
  schema: 'yaml-1.1',
  customTags: yaml11Tags,
  uniqueKeys: true,
  prettyErrors: false,
} as const;

const PLAIN_BOOLEANS = new Set(['true', 'false']);

/** Every document of a YAML stream (a `---`-separated file); empty documents are skipped. */
export function readYamlDocuments(text: string, file: string): LocatedDocument[] {
  const lc = new LineCounter();
  let tokens: CST.Token[];
  try {
    tokens = Array.from(new Parser(lc.addNewLine).parse(text));
  } catch (err) {
    // The parser recurses once per block level; a stack overflow means absurd nesting.
    if (!(err instanceof RangeError)) throw err;
    throw new SsaError('TOO_DEEP', `YAML nesting is deeper than ${MAX_YAML_DEPTH} levels`, { source: deepIndentation(text, file) });
  }
  const pos = (offset: number): SourcePosition => {
    const p = lc.linePos(offset);
    return { file, line: p.line, column: p.col };
  };
  const deep = findTooDeep(tokens);
  if (deep !== undefined) throw new SsaError('TOO_DEEP', `YAML nesting is deeper than ${MAX_YAML_DEPTH} levels`, { source: pos(deep) });
  const docs = Array.from(new Composer(COMPOSE_OPTIONS).compose(tokens, true, text.length)) as Document.Parsed[];
  const out: LocatedDocument[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) {
      const first = doc.errors.reduce((a, b) => (b.pos[0] < a.pos[0] ? b : a));
      const message =
        first.code === 'DUPLICATE_KEY'
          ? `duplicate key ${duplicateKeyName(text, first.pos[0])}`
          : `invalid YAML: ${first.message.split('\n')[0]}`;
      throw new SsaError('INPUT', message, { source: pos(first.pos[0]) });
    }
    if (doc.contents === null) continue;
    const warnings: YamlWarning[] = [];
    const value = toValue(doc, pos, warnings);
    const words = new Map(warnings.map((w) => [segsKey(w.segs ?? []), w.text ?? '']));
    out.push({
      file,
      value,
      warnings,
      positionOf: (segs, at = 'value') => pos(offsetOf(doc, segs, at)),
      yaml11BooleanText: (segs) => words.get(segsKey(segs)),
    });
  }
  return out;
}

/** A file that must hold exactly one document. */
export function readYamlDocument(text: string, file: string): LocatedDocument {
  const docs = readYamlDocuments(text, file);
  if (docs.length === 0) throw new SsaError('INPUT', 'the file is empty: expected a YAML document', { source: { file, line: 1, column: 1 } });
  if (docs.length > 1) {
    throw new SsaError('INPUT', 'expected one YAML document, found several (remove the `---` separators)', {
      source: docs[1].positionOf([]),
    });
  }
  return docs[0];
}

/** The first line indented by more than MAX_YAML_DEPTH columns (each block level takes one at least). */
function deepIndentation(text: string, file: string): SourcePosition {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => /^ */.exec(l)![0].length > MAX_YAML_DEPTH);
  return i < 0 ? { file } : { file, line: i + 1, column: MAX_YAML_DEPTH + 2 };
}

function duplicateKeyName(text: string, offset: number): string {
  const m = /^(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^:\n]*?))\s*:/.exec(text.slice(offset, offset + 300));
  const key = m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
  return JSON.stringify(key.trim());
}

function findTooDeep(tokens: readonly CST.Token[]): number | undefined {
  const stack: [CST.Token | null | undefined, number][] = tokens.map((t) => [t, 0]);
  while (stack.length) {
    const [tok, depth] = stack.pop()!;
    if (!tok) continue;
    switch (tok.type) {
      case 'document':
        stack.push([tok.value, depth]);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection':
        if (depth + 1 > MAX_YAML_DEPTH) return tok.offset;
        for (const it of tok.items as CST.CollectionItem[]) stack.push([it.key, depth + 1], [it.value, depth + 1]);
        break;
      default:
        break;
    }
  }
  return undefined;
}

function rangeStart(node: unknown): number {
  const r = (node as { range?: [number, number, number] } | null)?.range;
  return r ? r[0] : 0;
}

function deref(doc: Document.Parsed, node: unknown): unknown {
  let n = node;
  for (let i = 0; i < 100 && isAlias(n); i++) n = n.resolve(doc);
  return n;
}

function keyText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'symbol') return v.description ?? '';
  return String(v);
}

function offsetOf(doc: Document.Parsed, segs: readonly DocSegment[], at: 'key' | 'value'): number {
  let node: unknown = doc.contents;
  let offset = rangeStart(node);
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i];
    const n = deref(doc, node);
    const last = i === segs.length - 1;
    if (isMap(n) && typeof seg === 'string') {
      const pair = (n.items as Pair[]).find((p) => {
        const k = deref(doc, p.key);
        return isScalar(k) && keyText(k.value) === seg;
      });
      if (!pair) return offset;
      offset = last && at === 'key' ? rangeStart(pair.key) : pair.value ? rangeStart(pair.value) : rangeStart(pair.key);
      node = pair.value;
    } else if (isSeq(n) && typeof seg === 'number' && seg < n.items.length) {
      node = n.items[seg];
      offset = rangeStart(node);
    } else {
      return offset;
    }
  }
  return offset;
}

function toValue(doc: Document.Parsed, pos: (offset: number) => SourcePosition, warnings: YamlWarning[]): Value {
  let expanded = 0;
  const fail = (node: unknown, message: string): never => {
    throw new SsaError('INPUT', message, { source: pos(rangeStart(node)) });
  };
  const keyString = (node: unknown): string => {
    const k = deref(doc, node);
    if (k === null || k === undefined) return '';
    if (isScalar(k)) {
      const v = goYamlNumberOrSource(k);
      if (typeof v === 'boolean' && k.type === 'PLAIN') {
        const src = String((k as { source?: unknown }).source ?? '');
        warnings.push({
          source: pos(rangeStart(k)),
          message: `the key \`${src}\` is read as the boolean ${v} and becomes "${v}", as Kubernetes reads YAML 1.1; quote it ('${src}') to keep it`,
        });
      }
      return keyText(v);
    }
    return fail(node, 'a map or a list cannot be used as a map key');
  };
  const convert = (node: unknown, depth: number, aliased: boolean, segs: DocSegment[]): Value => {
    if (node === null || node === undefined) return null;
    if (depth > MAX_YAML_DEPTH) fail(node, `YAML nesting is deeper than ${MAX_YAML_DEPTH} levels`);
    if (aliased && ++expanded > MAX_ALIAS_NODES) {
      fail(node, `YAML aliases expand to more than ${MAX_ALIAS_NODES} nodes (aliases are capped to stop alias bombs)`);
    }
    if (isAlias(node)) {
      const target = node.resolve(doc);
      if (!target) return fail(node, `unknown YAML alias *${node.source}`);
      return convert(target, depth, true, segs);
    }
    if (isScalar(node)) {
      const v = goYamlNumberOrSource(node);
      if (typeof v === 'boolean' && !aliased && node.type === 'PLAIN') {
        const src = String((node as { source?: unknown }).source ?? '');
        if (!PLAIN_BOOLEANS.has(src.toLowerCase())) {
          warnings.push({
            segs: [...segs],
            text: src,
            source: pos(rangeStart(node)),
            message: `\`${src}\` is read as the boolean ${v}, as Kubernetes reads YAML 1.1; quote it ('${src}') if you mean the string`,
          });
        }
      }
      if (typeof v === 'number' && !Number.isFinite(v)) fail(node, `${String(v)} cannot be represented in JSON`);
      return scalarValue(v);
    }
    if (isMap(node)) {
      const out = newMap();
      const merges: unknown[] = [];
      for (const p of node.items as Pair[]) {
        const k = deref(doc, p.key);
        if (isScalar(k) && typeof k.value === 'symbol') {
          merges.push(p.value);
          continue;
        }
        const key = keyString(p.key);
        out[key] = convert(p.value, depth + 1, aliased, [...segs, key]);
      }
      for (const m of merges) {
        const src = deref(doc, m);
        const sources = isSeq(src) ? src.items : [m];
        for (const s of sources) {
          const v = convert(s, depth + 1, true, segs);
          if (v === null || typeof v !== 'object' || Array.isArray(v)) fail(s, 'YAML merge (<<) sources must be maps');
          for (const key of Object.keys(v as ValueMap)) if (!Object.hasOwn(out, key)) out[key] = (v as ValueMap)[key];
        }
      }
      return out;
    }
    if (isSeq(node)) {
      const out: Value[] = [];
      node.items.forEach((it, i) => out.push(convert(it, depth + 1, aliased, [...segs, i])));
      return out;
    }
    return fail(node as YamlNode, 'unsupported YAML node');
  };
  return convert(doc.contents, 0, false, []);
}

const GO_INT = /^[-+]?(?:0b[01]+|0x[0-9a-fA-F]+|0o?[0-7]+|[0-9]+)$/;
const GO_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/**
 * The scalar's value, except for plain scalars the `yaml` package's YAML 1.1 number rules read as
 * numbers but Go's yaml.v2 does not (`.` is NaN for the former, the string "." for the latter).
 */
function goYamlNumberOrSource(node: { value: unknown; type?: string; source?: unknown }): unknown {
  const v = node.value;
  if (typeof v !== 'number' || node.type !== 'PLAIN') return v;
  const src = String(node.source ?? '').replace(/_/g, '');
  if (GO_INT.test(src) || GO_FLOAT.test(src) || /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/.test(src)) return v;
  return String(node.source ?? v);
}

function scalarValue(v: unknown): Value {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
    case 'boolean':
    case 'number':
      return v;
    case 'bigint':
      return Number(v);
    case 'symbol':
      return v.description ?? '';
    default:
      return v instanceof Date ? v.toISOString() : String(v);
  }
}
