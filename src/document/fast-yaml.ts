/**
 * A fast reader for the YAML that kubectl and ssa-sim write, and that scenario files are written
 * in: block maps and lists, one-line plain and quoted scalars, literal (`|`, `|-`) and folded
 * (`>`, `>-`) block scalars, flow maps and lists on one line (`{kind: Pod, name: a}`,
 * `[{name: x}]`), comments and `---` separators. A 2 MB captured object reads in a fraction of the
 * time and memory the `yaml` package's document model takes, and `ssa-sim run` of a scenario does
 * not run that model at all.
 *
 * It is only a shortcut: for anything else (anchors, aliases, tags, other block scalars,
 * multi-line plain or quoted scalars, flow collections over several lines or with what a plain
 * word does not say, repeated keys, tabs, CR, nesting beyond the limit, ...) it
 * returns undefined and the caller reads the text with the full reader (read-yaml.ts), which is
 * also where every error message and every position other than a document's start comes from.
 * Scalars other than plain words are typed by that same reader, one distinct text at a time, so
 * both readers agree on every value (test/document/fast-yaml.test.ts compares them).
 */
import { Composer, isMap, isPair, isScalar, Parser } from 'yaml';
import type { SourcePosition } from '../errors/ssa-error.js';
import { newMap, type Value, type ValueMap } from '../value/value.js';
import { type DocPath, type LocatedNote, type PathLink, pathOf } from './read-yaml.js';
import { goYamlScalar, noteOf, type ScalarNote, scalarValue, YAML11_OPTIONS } from './yaml-scalars.js';

export interface FastDocument {
  /** Index of the document in the stream, empty documents counted (as read-yaml counts them). */
  readonly index: number;
  readonly value: Value;
  readonly notes: LocatedNote[];
  /** Where the document's root node starts. */
  readonly root: SourcePosition;
  /** Where each node starts, from the root down; only when the options ask for them. */
  readonly places?: Place;
}

/**
 * Where a node starts, as the full reader's locator says: a scalar or a flow collection at its
 * first character, a block scalar at its `|` or `>`, a block map at its first key, a block list
 * at its first `-`; and its key, in a map (0-based lines and columns, -1 when not known). An empty
 * value (`key:` alone) has no start here: the full reader answers for it. The places of a map's
 * entries and a list's items are its children, by key and by index.
 */
export interface Place {
  readonly kind: 'map' | 'seq' | 'scalar' | 'empty';
  readonly line: number;
  readonly column: number;
  readonly keyLine: number;
  readonly keyColumn: number;
  readonly children: ReadonlyMap<string | number, Place> | undefined;
}

interface PlaceBuilder {
  kind: Place['kind'];
  line: number;
  column: number;
  keyLine: number;
  keyColumn: number;
  children: Map<string | number, PlaceBuilder> | undefined;
}

/**
 * Where the node at PATH starts (its key with `at` 'key', for a map's entry), or its nearest
 * existing ancestor, as the full reader's locator walks it (read-yaml.ts `offsetOf`); undefined
 * where the places do not say (an empty value on the way): the full reader's to answer.
 */
export function placeOf(root: Place, path: DocPath, at: 'key' | 'value' = 'value', file?: string): SourcePosition | undefined {
  const position = (line: number, column: number): SourcePosition => ({ ...(file !== undefined ? { file } : {}), line: line + 1, column: column + 1 });
  if (root.line < 0) return undefined;
  let node = root;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    let child: Place | undefined;
    if (node.kind === 'map' && typeof seg === 'string') child = node.children?.get(seg);
    else if (node.kind === 'seq' && (typeof seg === 'number' || /^(?:0|[1-9][0-9]*)$/.test(seg))) child = node.children?.get(Number(seg));
    else break;
    if (child === undefined) break;
    if (i === path.length - 1 && at === 'key' && node.kind === 'map') return child.keyLine < 0 ? position(node.line, node.column) : position(child.keyLine, child.keyColumn);
    if (child.line < 0) return undefined;
    node = child;
  }
  return position(node.line, node.column);
}

export interface FastOptions {
  readonly file?: string;
  readonly maxDepth: number;
  /** How a key's scalar becomes the key text (read-yaml's keyStringer). */
  readonly keyString: (v: Value) => string;
  /** Set when non-finite numbers are errors: the full reader reports them. */
  readonly refuseNonFinite: boolean;
  /** Record where every node starts (FastDocument.places). */
  readonly places?: boolean;
}

/** Thrown inside the reader when the text needs the full reader. */
const BAIL = Symbol('needs the full YAML reader');

/** Deepest nesting read here: deeper text goes to the full reader, which is iterative. */
const MAX_FAST_DEPTH = 200;

/** Plain scalars that YAML 1.1 reads as something else than a string although they start with a letter. */
const SPECIAL_WORDS = new Set([
  'null', 'Null', 'NULL',
  'y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO',
  'true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'on', 'On', 'ON', 'off', 'Off', 'OFF',
]);

/** A scalar as the full reader types it, with its YAML 1.1 note. */
export interface Resolved {
  readonly value: Value;
  readonly note: ScalarNote | undefined;
}

/** The documents of `text`, or undefined when the text needs the full reader. */
export function readYamlFast(text: string, opts: FastOptions): FastDocument[] | undefined {
  if (text.includes('\t') || text.includes('\r') || text.charCodeAt(0) === 0xfeff) return undefined;
  try {
    return new FastReader(text, opts).documents();
  } catch (e) {
    if (e === BAIL) return undefined;
    throw e;
  }
}

class FastReader {
  private readonly lines: string[];
  private li = 0;
  /** The first line of an item's inline map (`- key: v`) starts at the item's content column. */
  private virtualLine = -1;
  private virtualIndent = 0;
  /** Where the current document ends (the index of its `---` line, or the line count). */
  private end = 0;
  private notes: LocatedNote[] = [];
  /** The current document's places (its root's), and each path's place, when places are asked for. */
  private places: { root: PlaceBuilder; byPath: Map<PathLink, PlaceBuilder> } | undefined;
  private readonly typed = new Map<string, Resolved>();

  constructor(
    text: string,
    private readonly opts: FastOptions,
  ) {
    this.lines = text.split('\n');
  }

  documents(): FastDocument[] {
    const lines = this.lines;
    const separators: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      const c = l.charCodeAt(0);
      if (c === 0x25 /* % */ || l.startsWith('...')) throw BAIL;
      if (c === 0x2d && l.startsWith('---')) {
        if (l !== '---') throw BAIL;
        separators.push(i);
      }
    }
    // Segments between separators; a first segment holding nothing but comments belongs to the
    // document the first `---` starts, as the full reader counts documents.
    const starts: number[] = [];
    if (separators.length === 0 || this.hasContent(0, separators[0])) starts.push(0);
    for (const s of separators) starts.push(s + 1);
    const out: FastDocument[] = [];
    const file = this.opts.file !== undefined ? { file: this.opts.file } : {};
    starts.forEach((start, index) => {
      const nextSep = separators.find((s) => s >= start);
      this.li = start;
      this.end = nextSep === undefined ? lines.length : nextSep;
      this.notes = [];
      this.places = this.opts.places === true ? { root: newPlace(), byPath: new Map() } : undefined;
      if (!this.skipBlank()) {
        // A document that `---` opens holds an empty scalar (null) just after the marker.
        if (start > 0) out.push({ index, value: null, notes: [], root: { ...file, line: start, column: 4 } });
        return;
      }
      const indent = this.indentOf(this.li);
      const root: SourcePosition = { ...file, line: this.li + 1, column: indent + 1 };
      const value = this.block(indent, undefined, 1);
      if (this.skipBlank()) throw BAIL;
      out.push({ index, value, notes: this.notes, root, ...(this.places !== undefined ? { places: this.places.root } : {}) });
    });
    return out;
  }

  /** Records where the node at PATH starts (0-based line and column), when places are asked for. */
  private place(path: PathLink | undefined, kind: Place['kind'], line: number, col: number): void {
    if (this.places === undefined) return;
    const p = this.placeAt(path);
    p.kind = kind;
    if (kind !== 'empty') {
      p.line = line;
      p.column = col;
    }
  }

  private placeKey(path: PathLink, line: number, col: number): void {
    if (this.places === undefined) return;
    const p = this.placeAt(path);
    p.keyLine = line;
    p.keyColumn = col;
  }

  /** The place of PATH, made (as an empty one) when new; its parent's is made first. */
  private placeAt(path: PathLink | undefined): PlaceBuilder {
    const places = this.places!;
    if (path === undefined) return places.root;
    let p = places.byPath.get(path);
    if (p === undefined) {
      const parent = this.placeAt(path.parent);
      parent.children ??= new Map();
      p = parent.children.get(path.seg);
      if (p === undefined) parent.children.set(path.seg, (p = newPlace()));
      places.byPath.set(path, p);
    }
    return p;
  }

  private hasContent(from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (!isBlank(this.lines[i])) return true;
    return false;
  }

  /** Moves to the next line with content in this document; false at its end. */
  private skipBlank(): boolean {
    while (this.li < this.end) {
      if (this.li === this.virtualLine || !isBlank(this.lines[this.li])) return true;
      this.li++;
    }
    return false;
  }

  private indentOf(i: number): number {
    if (i === this.virtualLine) return this.virtualIndent;
    const l = this.lines[i];
    let n = 0;
    while (l.charCodeAt(n) === 0x20) n++;
    return n;
  }

  /** A block node whose first line (the current one) is indented by `indent`. */
  private block(indent: number, path: PathLink | undefined, depth: number): Value {
    if (depth > this.opts.maxDepth || depth > MAX_FAST_DEPTH) throw BAIL;
    return isSeqItem(this.lines[this.li], indent) ? this.seq(indent, path, depth) : this.map(indent, path, depth);
  }

  private map(indent: number, path: PathLink | undefined, depth: number): ValueMap {
    const out = newMap();
    if (this.skipBlank()) this.place(path, 'map', this.li, indent);
    while (this.skipBlank()) {
      const lineIndent = this.indentOf(this.li);
      if (lineIndent < indent) break;
      if (lineIndent > indent) throw BAIL;
      const line = this.lines[this.li];
      if (isSeqItem(line, indent)) throw BAIL;
      const lineNo = this.li;
      const { key, valueCol } = this.entry(line, indent, lineNo, path);
      if (Object.prototype.hasOwnProperty.call(out, key)) throw BAIL; // the full reader reports it
      const childPath: PathLink = { parent: path, seg: key };
      this.placeKey(childPath, lineNo, indent);
      if (this.virtualLine === lineNo) this.virtualLine = -1;
      if (valueCol === undefined) {
        this.li++;
        out[key] = this.nested(indent, childPath, depth + 1);
        if (out[key] === null) this.place(childPath, 'empty', 0, 0);
      } else {
        out[key] = this.scalar(line, valueCol, lineNo, childPath, indent, depth + 1);
        this.li++;
        this.expectNotDeeper(indent);
      }
    }
    return out;
  }

  /** The value of `key:` with nothing after it: a block below, a list at the same indent, or null. */
  private nested(indent: number, path: PathLink, depth: number): Value {
    if (!this.skipBlank()) return null;
    const next = this.indentOf(this.li);
    if (next > indent) return this.block(next, path, depth);
    if (next === indent && isSeqItem(this.lines[this.li], indent)) return this.seq(indent, path, depth);
    return null;
  }

  private seq(indent: number, path: PathLink | undefined, depth: number): Value[] {
    if (depth > this.opts.maxDepth || depth > MAX_FAST_DEPTH) throw BAIL;
    const out: Value[] = [];
    if (this.skipBlank()) this.place(path, 'seq', this.li, indent);
    while (this.skipBlank()) {
      const lineIndent = this.indentOf(this.li);
      if (lineIndent < indent) break;
      if (lineIndent > indent) throw BAIL;
      const line = this.lines[this.li];
      if (!isSeqItem(line, indent)) break;
      let col = indent + 1;
      while (line.charCodeAt(col) === 0x20) col++;
      const itemPath: PathLink = { parent: path, seg: out.length };
      if (col >= line.length || line.charCodeAt(col) === 0x23 /* # */) throw BAIL; // item on the next lines
      const content = line.slice(col);
      if (startsEntry(content)) {
        // `- key: value`: a map whose keys line up with this first one.
        this.virtualLine = this.li;
        this.virtualIndent = col;
        out.push(this.map(col, itemPath, depth + 1));
        continue;
      }
      if (content.charCodeAt(0) === 0x2d && (content.length === 1 || content.charCodeAt(1) === 0x20)) throw BAIL;
      out.push(this.scalar(line, col, this.li, itemPath, indent, depth + 1));
      this.li++;
      this.expectNotDeeper(indent);
    }
    return out;
  }

  /** After a one-line value, a deeper line would continue it (a multi-line scalar): full reader. */
  private expectNotDeeper(indent: number): void {
    if (this.skipBlank() && this.indentOf(this.li) > indent) throw BAIL;
  }

  /** The key of a map line starting at `col`, and where its value starts (undefined when none). */
  private entry(line: string, col: number, lineNo: number, path: PathLink | undefined): { key: string; valueCol: number | undefined } {
    const c = line.charCodeAt(col);
    let keyValue: Value;
    let after: number;
    if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
      ({ key: keyValue, after } = this.quotedKey(line, col));
    } else {
      const colon = plainKeyEnd(line, col);
      if (colon < 0) throw BAIL;
      const text = line.slice(col, colon).trimEnd();
      if (text === '' || text === '<<' || !plainStart(text)) throw BAIL;
      keyValue = this.plain(text, lineNo, col, path, true);
      after = colon + 1;
    }
    if (after < line.length && line.charCodeAt(after) !== 0x20) throw BAIL;
    while (line.charCodeAt(after) === 0x20) after++;
    const empty = after >= line.length || line.charCodeAt(after) === 0x23;
    return { key: this.opts.keyString(keyValue), valueCol: empty ? undefined : after };
  }

  /** A quoted key starting at `at`, with its colon right after it: its value, and where the text after the colon starts. */
  private quotedKey(line: string, at: number): { key: Value; after: number } {
    const close = closingQuote(line, at);
    if (close < 0 || line.charCodeAt(close + 1) !== 0x3a) throw BAIL;
    return { key: this.quoted(line.slice(at, close + 1)), after: close + 2 };
  }

  /**
   * A value starting at `col` of a line: a flow collection on that line, a quoted scalar or a
   * plain one (comments stripped), or a block scalar below it. DEPTH is the value's own.
   */
  private scalar(line: string, col: number, lineNo: number, path: PathLink, indent: number, depth: number): Value {
    const c = line.charCodeAt(col);
    if (c !== 0x7b && c !== 0x5b) this.place(path, 'scalar', lineNo, col);
    if (c === 0x7c /* | */) return this.literal(line.slice(col).trimEnd(), indent);
    if (c === 0x3e /* > */) return this.folded(line.slice(col).trimEnd(), indent);
    if (c === 0x22 || c === 0x27) {
      const close = closingQuote(line, col);
      if (close < 0) throw BAIL;
      const tail = line.slice(close + 1).trim();
      if (tail !== '' && !(tail.charCodeAt(0) === 0x23 && line.charCodeAt(close + 1) === 0x20)) throw BAIL;
      return this.quoted(line.slice(col, close + 1));
    }
    const rest = line.slice(col);
    if (c === 0x7b || c === 0x5b) return this.flowLine(line, col, lineNo, path, depth);
    if (!plainStart(rest)) throw BAIL;
    const text = stripComment(rest);
    if (text.endsWith(':') || text.includes(': ') || text === '<<') throw BAIL;
    return this.plain(text, lineNo, col, path, false);
  }

  /**
   * A literal block scalar (`|` or `|-`) below a node indented by `indent`; leaves the reader on
   * its last line. Other block scalars (kept, with an indentation indicator) bail.
   */
  private literal(header: string, indent: number): string {
    if (header !== '|' && header !== '|-') throw BAIL;
    const text = this.blockScalarLines(indent).join('\n');
    return header === '|' ? text + '\n' : text;
  }

  /**
   * A folded block scalar (`>` or `>-`): its lines joined by a space, a run of N empty lines
   * between two of them giving N line breaks instead. Lines that keep their breaks (more indented
   * ones), leading empty lines and trailing spaces bail.
   */
  private folded(header: string, indent: number): string {
    if (header !== '>' && header !== '>-') throw BAIL;
    const lines = this.blockScalarLines(indent);
    let text = '';
    let breaks = -1;
    for (const l of lines) {
      if (l === '') {
        if (breaks < 0) throw BAIL;
        breaks++;
        continue;
      }
      if (l.charCodeAt(0) === 0x20 || l.charCodeAt(l.length - 1) === 0x20) throw BAIL;
      text += breaks < 0 ? l : breaks === 0 ? ` ${l}` : '\n'.repeat(breaks) + l;
      breaks = 0;
    }
    return header === '>' ? text + '\n' : text;
  }

  /**
   * The content lines of a block scalar below a node indented by `indent`, without their
   * indentation nor trailing empty lines; leaves the reader on the scalar's last line.
   */
  private blockScalarLines(indent: number): string[] {
    const lines = this.lines;
    let i = this.li + 1;
    let n = -1;
    const content: string[] = [];
    for (; i < this.end; i++) {
      const l = lines[i];
      let sp = 0;
      while (l.charCodeAt(sp) === 0x20) sp++;
      if (sp === l.length) {
        if (n < 0 && sp > 0) throw BAIL; // spaces before the first line: the full reader decides
        if (n >= 0 && sp > n) content.push(l.slice(n));
        else content.push('');
        continue;
      }
      if (n < 0) {
        if (sp <= indent) break;
        n = sp;
      }
      if (sp < n) break;
      content.push(l.slice(n));
    }
    if (n < 0) throw BAIL;
    // Trailing empty lines are not content; `|` keeps one line break, `|-` none.
    let last = content.length;
    while (last > 0 && content[last - 1] === '') last--;
    let k = i - 1;
    while (k > this.li && isBlankOnly(lines[k])) k--;
    this.li = k;
    return content.slice(0, last);
  }

  /**
   * A flow collection starting at `col` and closed on the same line, followed by nothing but a
   * comment. Its own depth is DEPTH.
   */
  private flowLine(line: string, col: number, lineNo: number, path: PathLink, depth: number): Value {
    const { value, end } = this.flowNode(line, col, lineNo, path, depth);
    let i = end;
    while (line.charCodeAt(i) === 0x20) i++;
    if (i < line.length && !(i > end && line.charCodeAt(i) === 0x23)) throw BAIL;
    return value;
  }

  /** A node inside a flow collection at `at`: a collection, a quoted scalar or a plain word; and where it ends. */
  private flowNode(line: string, at: number, lineNo: number, path: PathLink, depth: number): { value: Value; end: number } {
    const c = line.charCodeAt(at);
    this.place(path, c === 0x7b ? 'map' : c === 0x5b ? 'seq' : 'scalar', lineNo, at);
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (depth > this.opts.maxDepth || depth > MAX_FAST_DEPTH) throw BAIL;
      return c === 0x7b ? this.flowMap(line, at, lineNo, path, depth) : this.flowSeq(line, at, lineNo, path, depth);
    }
    if (c === 0x22 || c === 0x27) {
      const close = closingQuote(line, at);
      if (close < 0) throw BAIL;
      return { value: this.quoted(line.slice(at, close + 1)), end: close + 1 };
    }
    const end = flowPlainEnd(line, at);
    const text = line.slice(at, end).trimEnd();
    if (text === '' || text === '<<' || !plainStart(text)) throw BAIL;
    return { value: this.plain(text, lineNo, at, path, false), end };
  }

  private flowMap(line: string, open: number, lineNo: number, path: PathLink, depth: number): { value: ValueMap; end: number } {
    const out = newMap();
    let i = skipSpaces(line, open + 1);
    if (line.charCodeAt(i) === 0x7d /* } */) return { value: out, end: i + 1 };
    for (;;) {
      // A key, then `: ` and a value: a key alone, `key:value` or an empty value bail. After a
      // quoted key the value may follow the colon at once (`{"f:a":{}}`, JSON's way).
      let keyValue: Value;
      const c = line.charCodeAt(i);
      const keyCol = i;
      let valueAt: number;
      if (c === 0x22 || c === 0x27) {
        ({ key: keyValue, after: valueAt } = this.quotedKey(line, i));
      } else {
        const end = flowPlainEnd(line, i);
        const text = line.slice(i, end).trimEnd();
        if (text === '' || text === '<<' || !plainStart(text)) throw BAIL;
        keyValue = this.plain(text, lineNo, i, path, true);
        if (line.charCodeAt(end) !== 0x3a || line.charCodeAt(end + 1) !== 0x20) throw BAIL;
        valueAt = end + 2;
      }
      const key = this.opts.keyString(keyValue);
      if (Object.prototype.hasOwnProperty.call(out, key)) throw BAIL; // the full reader reports it
      i = skipSpaces(line, valueAt);
      const next = line.charCodeAt(i);
      if (next === 0x2c /* , */ || next === 0x7d || Number.isNaN(next)) throw BAIL;
      const childPath: PathLink = { parent: path, seg: key };
      this.placeKey(childPath, lineNo, keyCol);
      const v = this.flowNode(line, i, lineNo, childPath, depth + 1);
      out[key] = v.value;
      i = skipSpaces(line, v.end);
      if (line.charCodeAt(i) === 0x7d) return { value: out, end: i + 1 };
      if (line.charCodeAt(i) !== 0x2c) throw BAIL;
      i = skipSpaces(line, i + 1);
      if (line.charCodeAt(i) === 0x7d) throw BAIL; // a trailing comma
    }
  }

  private flowSeq(line: string, open: number, lineNo: number, path: PathLink, depth: number): { value: Value[]; end: number } {
    const out: Value[] = [];
    let i = skipSpaces(line, open + 1);
    if (line.charCodeAt(i) === 0x5d /* ] */) return { value: out, end: i + 1 };
    for (;;) {
      const v = this.flowNode(line, i, lineNo, { parent: path, seg: out.length }, depth + 1);
      out.push(v.value);
      i = skipSpaces(line, v.end);
      // `[a: 1]` is a list of one-pair maps: the full reader's.
      if (line.charCodeAt(i) === 0x5d) return { value: out, end: i + 1 };
      if (line.charCodeAt(i) !== 0x2c) throw BAIL;
      i = skipSpaces(line, i + 1);
      if (line.charCodeAt(i) === 0x5d) throw BAIL; // a trailing comma
    }
  }

  private plain(text: string, lineNo: number, col: number, path: PathLink | undefined, key: boolean): Value {
    const c = text.charCodeAt(0);
    // Words: strings, but for YAML 1.1's null and boolean spellings.
    if (((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x2f) && !SPECIAL_WORDS.has(text)) return text;
    const r = typedPlain(text) ?? this.resolve(text);
    if (r.note) {
      const source = { ...(this.opts.file !== undefined ? { file: this.opts.file } : {}), line: lineNo + 1, column: col + 1 };
      this.notes.push({ ...r.note, source, path: pathOf(path), key, aliased: false });
    }
    if (this.opts.refuseNonFinite && typeof r.value === 'number' && !Number.isFinite(r.value)) throw BAIL;
    return r.value;
  }

  private quoted(text: string): Value {
    if (text.charCodeAt(0) === 0x27) return text.slice(1, -1).replace(/''/g, "'");
    if (!text.includes('\\')) return text.slice(1, -1);
    return unescapeDoubleQuoted(text) ?? this.resolve(text).value;
  }

  /** The scalar's value as the full reader types it (in a map value's position), once per text. */
  private resolve(text: string): Resolved {
    let r = this.typed.get(text);
    if (r) return r;
    const docs = Array.from(new Composer(YAML11_OPTIONS).compose(new Parser().parse(`x: ${text}\n`)));
    const doc = docs[0];
    const contents = doc?.contents;
    if (docs.length !== 1 || doc.errors.length > 0 || !isMap(contents) || contents.items.length !== 1) throw BAIL;
    const pair = contents.items[0];
    if (!isPair(pair) || !isScalar(pair.value) || typeof pair.value.value === 'symbol') throw BAIL;
    const v = goYamlScalar(pair.value);
    r = { value: scalarValue(v), note: noteOf(pair.value, v) };
    this.typed.set(text, r);
    return r;
  }
}

const YAML11_TRUE = /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/;
const YAML11_FALSE = /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/;
const YAML11_NULL = /^(?:~|[Nn]ull|NULL)$/;
/** A decimal integer that is a safe float64 as written (no sign but `-`, no `-0`, no `_`, no leading zero). */
const PLAIN_DECIMAL = /^-?(?:0|[1-9][0-9]{0,14})$/;
/**
 * The characters of YAML 1.1's plain numbers and timestamps that start with a digit (binary,
 * octal, decimal, hexadecimal, sexagesimal ints and floats, exponents, dates and times): a plain
 * scalar starting with a digit and holding any other character is a string.
 */
const NUMERIC_CHARS = /^[-+0-9a-fA-FxXoObB_.:eEtTzZ ]*$/;

/**
 * A plain scalar's value and note as the full reader gives them, for the scalars whose type the
 * YAML 1.1 rules settle at a glance; undefined for the others (the full reader types them). A
 * plain scalar is not a string only when it is a null or boolean word, `<<`, or when after an
 * optional sign it starts with a digit or a dot (every number and timestamp pattern does).
 */
export function typedPlain(text: string): Resolved | undefined {
  if (YAML11_TRUE.test(text) || YAML11_FALSE.test(text)) {
    const value = YAML11_TRUE.test(text);
    return { value, note: noteOf({ type: 'PLAIN', source: text }, value) };
  }
  if (YAML11_NULL.test(text)) return { value: null, note: undefined };
  if (PLAIN_DECIMAL.test(text)) return { value: Number(text), note: undefined };
  if (text === '' || text === '<<') return undefined;
  const signed = text.charCodeAt(0) === 0x2d || text.charCodeAt(0) === 0x2b ? 1 : 0;
  const c = text.charCodeAt(signed);
  if (c === 0x2e /* . */ || Number.isNaN(c)) return undefined;
  if (c < 0x30 || c > 0x39 || !NUMERIC_CHARS.test(text)) return { value: text, note: undefined };
  return undefined;
}

/** Escapes read here; the others (`\x`, `\u`, `\N`, an escaped space, ...) are the full reader's. */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', n: '\n', t: '\t', r: '\r' };

/** A one-line double-quoted scalar (quotes included) whose escapes are all simple ones, unescaped. */
export function unescapeDoubleQuoted(text: string): string | undefined {
  let out = '';
  let from = 1;
  const end = text.length - 1;
  for (let i = text.indexOf('\\', from); i >= 0 && i < end; i = text.indexOf('\\', from)) {
    const e = Object.hasOwn(SIMPLE_ESCAPES, text[i + 1]) ? SIMPLE_ESCAPES[text[i + 1]] : undefined;
    if (e === undefined || i + 1 >= end) return undefined;
    out += text.slice(from, i) + e;
    from = i + 2;
  }
  return out + text.slice(from, end);
}

function newPlace(): PlaceBuilder {
  return { kind: 'empty', line: -1, column: -1, keyLine: -1, keyColumn: -1, children: undefined };
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x20) continue;
    return c === 0x23; // a comment line
  }
  return true;
}

function isBlankOnly(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) !== 0x20) return false;
  return true;
}

/** The line is a list item (`- ...` or `-`) at `indent`. */
function isSeqItem(line: string, indent: number): boolean {
  return line.charCodeAt(indent) === 0x2d && (line.length === indent + 1 || line.charCodeAt(indent + 1) === 0x20);
}

/** A plain scalar may start here: not an indicator, nor `-`, `?`, `:` followed by a space. */
function plainStart(text: string): boolean {
  const c = text[0];
  if ('[]{},#&*!|>\'"%@`'.includes(c)) return false;
  if (c === '-' || c === '?' || c === ':') return text.length > 1 && text[1] !== ' ';
  return true;
}

/** Index of the `:` that ends a plain key (followed by a space or the line's end), or -1. */
function plainKeyEnd(line: string, from: number): number {
  for (let i = from; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x23 && i > from && line.charCodeAt(i - 1) === 0x20) return -1; // a comment first
    if (c === 0x3a && (i + 1 === line.length || line.charCodeAt(i + 1) === 0x20)) return i;
  }
  return -1;
}

/** `content` is a map entry (`key:` or `key: value`). */
function startsEntry(content: string): boolean {
  const c = content.charCodeAt(0);
  if (c === 0x22 || c === 0x27) {
    const close = closingQuote(content, 0);
    return close > 0 && content.charCodeAt(close + 1) === 0x3a && (close + 2 === content.length || content.charCodeAt(close + 2) === 0x20);
  }
  return plainStart(content) && plainKeyEnd(content, 0) >= 0;
}

/** Index of the quote closing the one at `start` on this line, or -1. */
function closingQuote(line: string, start: number): number {
  const q = line.charCodeAt(start);
  for (let i = start + 1; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (q === 0x22 && c === 0x5c) {
      i++;
      continue;
    }
    if (c === q) {
      if (q === 0x27 && line.charCodeAt(i + 1) === 0x27) {
        i++;
        continue;
      }
      return i;
    }
  }
  return -1;
}

function skipSpaces(line: string, from: number): number {
  let i = from;
  while (line.charCodeAt(i) === 0x20) i++;
  return i;
}

/**
 * Where a plain word inside a flow collection ends: at `,`, `[`, `]`, `{`, `}` or `: `, or the
 * line's end. Words with another `:`, a ` #` or a quote after their start bail: YAML's rules for
 * them in flow context are the full reader's.
 */
function flowPlainEnd(line: string, from: number): number {
  let i = from;
  for (; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) return i;
    if (c === 0x3a) {
      if (line.charCodeAt(i + 1) === 0x20) return i;
      throw BAIL;
    }
    if (c === 0x23 && line.charCodeAt(i - 1) === 0x20) throw BAIL;
    if ((c === 0x22 || c === 0x27) && i > from) throw BAIL;
  }
  return i;
}

/** The text before a ` #` comment, trimmed. */
function stripComment(text: string): string {
  const hash = text.indexOf(' #');
  return (hash < 0 ? text : text.slice(0, hash)).trimEnd();
}
