/**
 * Text → plain values with positions: the one YAML (and JSON-as-YAML) reader behind schema files,
 * CRD and OpenAPI files, manifests and scenario files.
 *
 * - Scalars as Go's yaml.v2 reads them (see yaml-scalars.ts); JSON text (`json: true`) with YAML
 *   1.2 core scalars and repeated keys allowed, the last winning, as Go's JSON decoder does.
 * - Values are src/value's model: maps built with newMap(), so keys such as `__proto__` are data.
 *   Merge keys (`<<: *base`) are resolved: explicit keys win, then earlier sources.
 * - Hostile input ends in a clear error: nesting deeper than `maxDepth` (checked on the token
 *   stream, before anything recursive, and again while aliases are expanded), aliases expanding to
 *   more than `maxAliasNodes` nodes ("billion laughs"), unknown aliases, collection keys.
 * - Positions are not recorded while reading: `locator` walks the composed document on demand,
 *   from a path of keys and indexes to the node's (or its key's) line and column.
 *
 * Errors are SsaError('INPUT' | 'TOO_DEEP') with `source` by default; `error` lets a caller build
 * its own (the schema loader's SCHEMA_PARSE with the position in the message).
 */
import { Composer, isAlias, isMap, isPair, isScalar, isSeq, LineCounter, Parser } from 'yaml';
import type { CST, Document, Scalar, YAMLError, YAMLMap } from 'yaml';
import { SsaError, type SourcePosition } from '../errors/ssa-error.js';
import { hasKey, isMap as isValueMap, newMap, type Value } from '../value/value.js';
import { type Place, placeOf, readYamlFast } from './fast-yaml.js';
import { goYamlScalar, noteOf, scalarValue, type ScalarNote, YAML11_OPTIONS } from './yaml-scalars.js';

/** Most nodes that alias expansion may produce in one document. */
export const MAX_ALIAS_NODES = 100_000;

/** One segment of a path inside a document: a map key or a list index. */
export type DocSegment = string | number;
export type DocPath = readonly DocSegment[];

export type ReadErrorCode = 'INPUT' | 'TOO_DEEP';
/** Builds the error thrown for a problem; `source` is where it is, when known. */
export type MakeError = (code: ReadErrorCode, message: string, source: SourcePosition | undefined) => Error;

const defaultError: MakeError = (code, message, source) => new SsaError(code, message, { source });

// JSON text: Go's JSON decoder lets a repeated key win silently.
const JSON_OPTIONS = { version: '1.2', schema: 'core', uniqueKeys: false, prettyErrors: false, intAsBigInt: true } as const;

export interface ComposeOptions {
  /** File name for positions (`SourcePosition.file`); left out when undefined. */
  readonly file?: string;
  /** Deepest nesting of collections accepted. */
  readonly maxDepth: number;
  /** The text is JSON: YAML 1.2 core scalars, repeated keys allowed (the last wins). */
  readonly json?: boolean;
  /**
   * A key repeated in a YAML mapping: an error (the default), or, as sigs.k8s.io/yaml reads
   * manifests for kubectl (no strict checks), the last value wins and the key is reported
   * (`YamlDocument.repeatedKeys`).
   */
  readonly repeatedKeys?: 'error' | 'last';
  readonly error?: MakeError;
}

/** A YAML stream parsed with positions, every document composed (errors are on each document). */
export interface YamlStream {
  readonly text: string;
  readonly json: boolean;
  /** Every document, empty ones included. */
  readonly documents: readonly Document.Parsed[];
  /** `file:line:column` of an offset in the text. */
  position(offset: number): SourcePosition;
  /** Throws the error for a problem at `offset`. */
  fail(code: ReadErrorCode, message: string, offset: number | undefined): never;
}

export function tooDeepMessage(maxDepth: number): string {
  return `YAML nesting is deeper than ${maxDepth} levels`;
}

/** Parses and composes `text`. Throws (TOO_DEEP) for nesting deeper than `maxDepth`. */
export function composeYaml(text: string, opts: ComposeOptions): YamlStream {
  const { file, maxDepth } = opts;
  const makeError = opts.error ?? defaultError;
  const lc = new LineCounter();
  const position = (offset: number): SourcePosition => {
    const p = lc.linePos(offset);
    return { ...(file !== undefined ? { file } : {}), line: p.line, column: p.col };
  };
  const fail = (code: ReadErrorCode, message: string, offset: number | undefined): never => {
    throw makeError(code, message, offset === undefined ? undefined : position(offset));
  };
  let tokens: CST.Token[];
  try {
    tokens = Array.from(new Parser(lc.addNewLine).parse(text));
  } catch (err) {
    // The parser recurses once per block level; a stack overflow means absurd nesting.
    if (!(err instanceof RangeError)) throw err;
    throw makeError('TOO_DEEP', tooDeepMessage(maxDepth), deepIndentation(text, file, maxDepth));
  }
  const deep = findTooDeep(tokens, maxDepth);
  if (deep !== undefined) fail('TOO_DEEP', tooDeepMessage(maxDepth), deep);
  const json = opts.json ?? false;
  const yamlOptions = opts.repeatedKeys === 'last' ? { ...YAML11_OPTIONS, uniqueKeys: false } : YAML11_OPTIONS;
  const documents = Array.from(new Composer(json ? JSON_OPTIONS : yamlOptions).compose(tokens, true, text.length)) as Document.Parsed[];
  return { text, json, documents, position, fail };
}

/** The first line indented by more than `maxDepth` columns (each block level takes one at least). */
function deepIndentation(text: string, file: string | undefined, maxDepth: number): SourcePosition {
  const at = file !== undefined ? { file } : {};
  const i = text.split('\n').findIndex((l) => /^ */.exec(l)![0].length > maxDepth);
  return i < 0 ? at : { ...at, line: i + 1, column: maxDepth + 2 };
}

/** Offset of the first collection nested deeper than `maxDepth`, if any (iterative walk). */
function findTooDeep(tokens: readonly CST.Token[], maxDepth: number): number | undefined {
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
        if (depth + 1 > maxDepth) return tok.offset;
        for (const it of tok.items as CST.CollectionItem[]) stack.push([it.key, depth + 1], [it.value, depth + 1]);
        break;
      default:
        break;
    }
  }
  return undefined;
}

/** The document's error that comes first in the text, if any. */
export function firstError(doc: Document.Parsed): YAMLError | undefined {
  if (doc.errors.length === 0) return undefined;
  return doc.errors.reduce((a, b) => (b.pos[0] < a.pos[0] ? b : a));
}

/** `invalid YAML: <the first line of the yaml package's message>`. */
export function invalidYaml(error: YAMLError): string {
  return `invalid YAML: ${error.message.split('\n')[0]}`;
}

export function rangeStart(node: unknown): number | undefined {
  const r = (node as { range?: [number, number, number] | null } | null | undefined)?.range;
  return r ? r[0] : undefined;
}

function deref(doc: Document.Parsed, node: unknown): unknown {
  let n = node;
  for (let i = 0; i < 100 && isAlias(n); i++) n = n.resolve(doc);
  return n;
}

/** How map keys that are not strings become strings. */
export interface KeyOptions {
  /**
   * The key text of a null key and of a number key. Default: '' and String(n), as the `yaml`
   * package; sigs.k8s.io/yaml writes `null` and Go's number format.
   */
  readonly keyText?: { readonly null: string; number(n: number): string };
}

function keyStringer(opts: KeyOptions): (v: Value) => string {
  const nullKey = opts.keyText?.null ?? '';
  const numberKey = opts.keyText?.number ?? String;
  return (v) => (v === null ? nullKey : typeof v === 'number' ? numberKey(v) : String(v));
}

export interface ValueOptions extends KeyOptions {
  /** Deepest nesting accepted while aliases are expanded (the token stream was checked already). */
  readonly maxDepth: number;
  /** Most nodes alias expansion may produce. */
  readonly maxAliasNodes: number;
  /** The message for `.inf`/`.nan` (`text` as written, at `path` in the document), which JSON cannot carry; without one they are kept. */
  readonly nonFinite?: (text: string, value: number, path: DocPath) => string;
}

/** A plain scalar whose type depends on the YAML version, and where it was met. */
export interface LocatedNote extends ScalarNote {
  readonly source: SourcePosition;
  /** The value's path; for a key, the path of the map holding it. */
  readonly path: DocPath;
  /** The scalar is a map key. */
  readonly key: boolean;
  /** Met while expanding an alias or a merge from an alias (so met once per use). */
  readonly aliased: boolean;
}

/** A key met again in the same mapping (its later value won), and where. */
export interface RepeatedKey {
  readonly key: string;
  readonly source: SourcePosition;
  /** The path of the map holding it. */
  readonly path: DocPath;
}

/** A path as a linked list from the leaf up (cheap to extend; made an array only for notes). */
export interface PathLink {
  readonly parent: PathLink | undefined;
  readonly seg: DocSegment;
}

export function pathOf(link: PathLink | undefined): DocSegment[] {
  const out: DocSegment[] = [];
  for (let p = link; p; p = p.parent) out.push(p.seg);
  return out.reverse();
}

/** The document's contents as a Value, and its YAML 1.1 notes (none for JSON text). */
export function documentValue(stream: YamlStream, doc: Document.Parsed, opts: ValueOptions): { value: Value; notes: LocatedNote[]; repeated: RepeatedKey[] } {
  const { maxDepth, maxAliasNodes, nonFinite } = opts;
  const yaml11 = !stream.json;
  const keyString = keyStringer(opts);
  const notes: LocatedNote[] = [];
  const repeated: RepeatedKey[] = [];
  let expanded = 0;
  const fail = (node: unknown, message: string): never => stream.fail('INPUT', message, rangeStart(node));
  const scalar = (node: Scalar, path: PathLink | undefined, key: boolean, aliased: boolean): Value => {
    const v = yaml11 ? goYamlScalar(node) : node.value;
    if (yaml11) {
      const note = noteOf(node, v);
      if (note) notes.push({ ...note, source: stream.position(rangeStart(node) ?? 0), path: pathOf(path), key, aliased });
    }
    if (nonFinite && typeof v === 'number' && !Number.isFinite(v)) fail(node, nonFinite(String(node.source ?? v), v, pathOf(path)));
    return scalarValue(v);
  };
  const keyOf = (keyNode: unknown, path: PathLink | undefined, aliased: boolean): string => {
    const k = deref(doc, keyNode);
    if (k === null || k === undefined) return keyString(null);
    if (!isScalar(k)) return fail(keyNode, 'a map or a list cannot be used as a map key');
    return keyString(scalar(k, path, true, aliased || isAlias(keyNode)));
  };
  const convert = (node: unknown, depth: number, aliased: boolean, path: PathLink | undefined): Value => {
    if (node === null || node === undefined) return null;
    if (depth > maxDepth) fail(node, tooDeepMessage(maxDepth));
    if (aliased && ++expanded > maxAliasNodes) {
      fail(node, `YAML aliases expand to more than ${maxAliasNodes} nodes (aliases are capped to stop alias bombs)`);
    }
    if (isAlias(node)) {
      const target = node.resolve(doc);
      if (!target) return fail(node, `unknown YAML alias *${node.source}`);
      return convert(target, depth, true, path);
    }
    if (isScalar(node)) return scalar(node, path, false, aliased);
    if (isMap(node)) {
      const out = newMap();
      const merges: unknown[] = [];
      for (const p of node.items) {
        if (!isPair(p)) continue;
        const k = deref(doc, p.key);
        if (isScalar(k) && typeof k.value === 'symbol') {
          merges.push(p.value);
          continue;
        }
        const key = keyOf(p.key, path, aliased);
        if (hasKey(out, key)) repeated.push({ key, source: stream.position(rangeStart(p.key) ?? 0), path: pathOf(path) });
        out[key] = convert(p.value, depth + 1, aliased, { parent: path, seg: key });
      }
      // YAML merge keys (`<<: *base`): explicit keys win, then earlier sources.
      for (const m of merges) {
        const src = deref(doc, m);
        const sources = isSeq(src) ? src.items : [m];
        for (const s of sources) {
          const v = convert(s, depth + 1, aliased || isAlias(s) || isAlias(m), path);
          if (!isValueMap(v)) return fail(s, 'YAML merge (<<) sources must be maps');
          for (const key of Object.keys(v)) if (!hasKey(out, key)) out[key] = v[key];
        }
      }
      return out;
    }
    if (isSeq(node)) {
      const out: Value[] = [];
      node.items.forEach((it, i) => out.push(convert(it, depth + 1, aliased, { parent: path, seg: i })));
      return out;
    }
    return fail(node, 'unsupported YAML node');
  };
  const value = convert(doc.contents, 0, false, undefined);
  return { value, notes, repeated };
}

export interface LocateOptions extends KeyOptions {
  /**
   * Where an empty value (`key:` with nothing after it) is: at its key ('key', the schema loader),
   * or where the empty scalar is, just after the colon ('value', the default).
   */
  readonly emptyValueAt?: 'key' | 'value';
}

export interface Locator {
  /**
   * Offset of the node at `path` (of its key when `at` is 'key'), through aliases and merge keys;
   * the nearest existing ancestor's when the path does not exist. List indexes may be given as
   * numbers or as decimal strings (JSON pointer segments).
   */
  offsetOf(path: DocPath, at?: 'key' | 'value'): number;
  /** The path of the map holding the key that starts at `offset`, and that key's text. */
  keyAt(offset: number): { path: DocSegment[]; key: string } | undefined;
  /**
   * Offset in the file of a place inside the text of the string scalar at `path` (1-based line
   * and column of the scalar's value, as a reader of that text reports them), through aliases.
   * Exact where the text maps line for line: a literal block (`|`), or a one-line scalar without
   * escapes; undefined otherwise (a folded block, a multi-line flow scalar, escapes).
   */
  textOffset(path: DocPath, line: number, column: number): number | undefined;
}

type AnyPair = { key: unknown; value: unknown };

export function locator(stream: YamlStream, doc: Document.Parsed, opts: LocateOptions = {}): Locator {
  const keyString = keyStringer(opts);
  const emptyAtKey = opts.emptyValueAt === 'key';
  /** The text a key node reads as; undefined for a collection key or a merge key. */
  const keyTextOf = (keyNode: unknown): string | undefined => {
    const k = deref(doc, keyNode);
    if (k === null || k === undefined) return keyString(null);
    if (!isScalar(k) || typeof k.value === 'symbol') return undefined;
    return keyString(scalarValue(stream.json ? k.value : goYamlScalar(k)));
  };
  const isMergeKey = (keyNode: unknown): boolean => {
    const k = deref(doc, keyNode);
    return isScalar(k) && typeof k.value === 'symbol';
  };
  /** The pair with a given key in a map, looking into merged maps (`<<`) too. */
  const findPair = (map: YAMLMap, key: string, depth: number): AnyPair | undefined => {
    const items = map.items as AnyPair[];
    for (const p of items) if (keyTextOf(p.key) === key) return p;
    if (depth > 10) return undefined;
    for (const p of items) {
      if (!isMergeKey(p.key)) continue;
      const src = deref(doc, p.value);
      const sources = isSeq(src) ? src.items.map((it) => deref(doc, it)) : [src];
      for (const s of sources) {
        if (!isMap(s)) continue;
        const found = findPair(s, key, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  };
  const isEmptyScalar = (node: unknown): boolean =>
    isScalar(node) && node.value === null && node.range !== undefined && node.range !== null && node.range[0] === node.range[1];

  const offsetOf = (path: DocPath, at: 'key' | 'value' = 'value'): number => {
    let node: unknown = doc.contents;
    let best = rangeStart(node) ?? 0;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      const last = i === path.length - 1;
      const n = deref(doc, node);
      if (isMap(n) && typeof seg === 'string') {
        const pair = findPair(n, seg, 0);
        if (!pair) return best;
        if (last && at === 'key') return rangeStart(pair.key) ?? best;
        // A missing value (`? a`) has no position of its own; nor, for the schema loader, an empty one.
        if (pair.value === null || pair.value === undefined || (emptyAtKey && isEmptyScalar(pair.value))) {
          return rangeStart(pair.key) ?? best;
        }
        node = pair.value;
      } else if (isSeq(n) && (typeof seg === 'number' || /^(?:0|[1-9][0-9]*)$/.test(seg))) {
        const item = n.items[Number(seg)];
        if (item === undefined) return best;
        node = item;
      } else {
        return best;
      }
      best = rangeStart(node) ?? best;
    }
    return best;
  };

  const keyAt = (offset: number): { path: DocSegment[]; key: string } | undefined => {
    const stack: { node: unknown; path: DocSegment[] }[] = [{ node: doc.contents, path: [] }];
    while (stack.length) {
      const { node, path } = stack.pop()!;
      if (isMap(node)) {
        for (const p of node.items as AnyPair[]) {
          const text = keyTextOf(p.key) ?? (isMergeKey(p.key) ? '<<' : '?');
          if (isScalar(p.key) && rangeStart(p.key) === offset) return { path, key: text };
          if (p.value) stack.push({ node: p.value, path: [...path, text] });
        }
      } else if (isSeq(node)) {
        node.items.forEach((it, i) => stack.push({ node: it, path: [...path, i] }));
      }
    }
    return undefined;
  };

  /** The node at `path`, through aliases; undefined when the path does not exist. */
  const nodeAt = (path: DocPath): unknown => {
    let node: unknown = doc.contents;
    for (const seg of path) {
      const n = deref(doc, node);
      if (isMap(n) && typeof seg === 'string') node = findPair(n, seg, 0)?.value;
      else if (isSeq(n) && typeof seg === 'number') node = n.items[seg];
      else return undefined;
      if (node === undefined || node === null) return undefined;
    }
    return deref(doc, node);
  };

  const textOffset = (path: DocPath, line: number, column: number): number | undefined => {
    const node = nodeAt(path);
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return undefined;
    const value = node.value;
    const [start, end] = node.range;
    const lines = value.split('\n');
    if (node.type === 'BLOCK_LITERAL') {
      // Content line k is the file line k after the header, less the block's indentation.
      const fileLines = stream.text.slice(start, end).split('\n');
      const indent = blockIndent(fileLines.slice(1), lines);
      const at = fileLines[line];
      if (indent === undefined || at === undefined) return undefined;
      const lineStart = start + fileLines.slice(0, line).reduce((n, l) => n + l.length + 1, 0);
      return lineStart + Math.min(indent + column - 1, at.length);
    }
    if (lines.length !== 1 || line !== 1) return undefined;
    const source = stream.text.slice(start, end);
    const quote = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? 1 : 0;
    if (source.slice(quote, source.length - quote) !== value) return undefined;
    return start + quote + Math.min(column - 1, value.length);
  };

  return { offsetOf, keyAt, textOffset };
}

/** The indentation of a literal block: file lines minus the value lines they hold (all agreeing). */
function blockIndent(fileLines: readonly string[], valueLines: readonly string[]): number | undefined {
  let indent: number | undefined;
  for (let i = 0; i < valueLines.length && i < fileLines.length; i++) {
    if (valueLines[i] === '') continue;
    const d = fileLines[i].length - valueLines[i].length;
    if (d < 0 || !fileLines[i].endsWith(valueLines[i]) || (indent !== undefined && d !== indent)) return undefined;
    indent = d;
  }
  return indent;
}

export interface ReadYamlOptions extends ComposeOptions, ValueOptions, LocateOptions {
  /**
   * The caller will ask positions below the root (a scenario file's steps and expectations): the
   * line reader records them as it reads, instead of reading the text again on the first ask.
   */
  readonly eagerPositions?: boolean;
  /** The message for a document's first YAML error (default: `invalid YAML: <its first line>`). */
  readonly syntaxMessage?: (error: YAMLError, text: string) => string;
}

/** One non-empty document of a stream. */
export interface YamlDocument {
  /** Index of the document in the stream (0-based, empty documents counted). */
  readonly index: number;
  readonly value: Value;
  readonly notes: readonly LocatedNote[];
  /** Keys met again in a mapping, their last value kept (only with `repeatedKeys: 'last'`, or in JSON text). */
  readonly repeatedKeys: readonly RepeatedKey[];
  /** Where the node at `path` starts (its key when `at` is 'key'); the nearest existing ancestor otherwise. */
  positionOf(path: DocPath, at?: 'key' | 'value'): SourcePosition;
  /** Where a place inside the string scalar at `path` is in the file (see Locator.textOffset). */
  positionInText(path: DocPath, line: number, column: number): SourcePosition | undefined;
}

/**
 * Every non-empty document of `text` (a `---`-separated stream), read one after the other as the
 * caller iterates: a document's first YAML error (duplicate keys included) is thrown as INPUT
 * when the caller reaches it, so problems are reported in the order of the text.
 */
export function* readYaml(text: string, opts: ReadYamlOptions): Generator<YamlDocument, void, undefined> {
  const fastOptions = { file: opts.file, maxDepth: opts.maxDepth, keyString: keyStringer(opts), refuseNonFinite: opts.nonFinite !== undefined };
  const fast = opts.json ? undefined : readYamlFast(text, { ...fastOptions, places: opts.eagerPositions === true });
  if (fast) {
    // Positions below a document's root: the line reader's, read again with places when first
    // asked; the full reader's, composed only when asked, where those do not say (an empty
    // value) and inside a text.
    let placed: Map<number, Place | undefined> | undefined = opts.eagerPositions === true ? new Map(fast.map((d) => [d.index, d.places])) : undefined;
    const placesOf = (index: number): Place | undefined => {
      placed ??= new Map((readYamlFast(text, { ...fastOptions, places: true }) ?? []).map((d) => [d.index, d.places]));
      return placed.get(index);
    };
    let full: { stream: YamlStream; docs: Map<number, Locator> } | undefined;
    const fullLocator = (index: number): { stream: YamlStream; loc: Locator } => {
      full ??= { stream: composeYaml(text, opts), docs: new Map() };
      let loc = full.docs.get(index);
      if (!loc) full.docs.set(index, (loc = locator(full.stream, full.stream.documents[index], opts)));
      return { stream: full.stream, loc };
    };
    const locate = (index: number, path: DocPath, at?: 'key' | 'value'): SourcePosition => {
      const places = placesOf(index);
      const known = places === undefined ? undefined : placeOf(places, path, at, opts.file);
      if (known !== undefined) return known;
      const { stream, loc } = fullLocator(index);
      return stream.position(loc.offsetOf(path, at));
    };
    const inText = (index: number, path: DocPath, line: number, column: number): SourcePosition | undefined => {
      const { stream, loc } = fullLocator(index);
      const offset = loc.textOffset(path, line, column);
      return offset === undefined ? undefined : stream.position(offset);
    };
    for (const d of fast) {
      yield {
        index: d.index,
        value: d.value,
        notes: d.notes,
        // The line reader gives up on a repeated key; the full reader reads such a document.
        repeatedKeys: [],
        positionOf: (path, at) => (path.length === 0 ? d.root : locate(d.index, path, at)),
        positionInText: (path, line, column) => inText(d.index, path, line, column),
      };
    }
    return;
  }
  const stream = composeYaml(text, opts);
  const syntaxMessage = opts.syntaxMessage ?? invalidYaml;
  for (let index = 0; index < stream.documents.length; index++) {
    const doc = stream.documents[index];
    const error = firstError(doc);
    if (error) stream.fail('INPUT', syntaxMessage(error, text), error.pos[0]);
    if (doc.contents === null) continue;
    const { value, notes, repeated } = documentValue(stream, doc, opts);
    const { offsetOf, textOffset } = locator(stream, doc, opts);
    yield {
      index,
      value,
      notes,
      repeatedKeys: repeated,
      positionOf: (path, at) => stream.position(offsetOf(path, at)),
      positionInText: (path, line, column) => {
        const offset = textOffset(path, line, column);
        return offset === undefined ? undefined : stream.position(offset);
      },
    };
  }
}
