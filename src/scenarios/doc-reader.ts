/**
 * Typed access to a located YAML document: every read either returns the expected shape or throws
 * an SsaError naming `file:line:column`, the path inside the document and what was expected there.
 */
import { closestWord } from '../errors/closest-word.js';
import { SsaError, type SourcePosition } from '../errors/ssa-error.js';
import { getKey, isList, isMap, kindOf, type Value, type ValueMap } from '../value/value.js';
import { docPathText, type DocSegment, type LocatedDocument, segsKey } from './read-yaml.js';

export { docPathText };

function describeFound(v: Value | undefined): string {
  if (v === undefined) return 'nothing';
  switch (kindOf(v)) {
    case 'null':
      return 'null';
    case 'boolean':
      return `the boolean ${String(v)}`;
    case 'number':
      return `the number ${String(v)}`;
    case 'string':
      return `the string ${JSON.stringify(v)}`;
    case 'list':
      return 'a list';
    default:
      return 'a map';
  }
}

/** A node of the document at a known path. */
export class DocNode {
  constructor(
    readonly doc: LocatedDocument,
    readonly segs: readonly DocSegment[],
    readonly value: Value,
    /** Paths of YAML 1.1 booleans read back as text (no warning is due for them). */
    readonly consumed?: Set<string>,
  ) {}

  get source(): SourcePosition {
    return this.doc.positionOf(this.segs);
  }

  get path(): string {
    return docPathText(this.segs);
  }

  /** An error at this node: `file:l:c: path: message`. */
  error(message: string, at: 'key' | 'value' = 'value'): SsaError {
    return new SsaError('INPUT', `${this.path}: ${message}`, { source: this.doc.positionOf(this.segs, at) });
  }

  /**
   * An error found inside the text of this string node (YAML embedded as text, read by another
   * reader whose positions count from the text's start): placed at the file's own line and column
   * when the text maps line for line, else at this node, naming the place inside the text.
   */
  embeddedError(err: SsaError): SsaError {
    const inner = err.source;
    const at = inner?.line !== undefined ? this.doc.positionInText(this.segs, inner.line, inner.column ?? 1) : undefined;
    if (at) return new SsaError(err.code, `${this.path}: ${err.message}`, { source: at, path: err.path });
    const where = inner?.line !== undefined ? `line ${inner.line}${inner.column !== undefined ? `, column ${inner.column}` : ''} of the text: ` : '';
    return new SsaError(err.code, `${this.path}: ${where}${err.message}`, { source: this.source, path: err.path });
  }

  expected(what: string): SsaError {
    return this.error(`expected ${what}, found ${describeFound(this.value)}`);
  }

  isMap(): boolean {
    return isMap(this.value);
  }

  map(what = 'a map'): ValueMap {
    if (!isMap(this.value)) throw this.expected(what);
    return this.value;
  }

  keys(): string[] {
    return Object.keys(this.map());
  }

  /** The child under `key`, or undefined when the map has no such key. */
  get(key: string): DocNode | undefined {
    const v = getKey(this.map(), key);
    return v === undefined ? undefined : new DocNode(this.doc, [...this.segs, key], v, this.consumed);
  }

  require(key: string, what: string): DocNode {
    const n = this.get(key);
    if (!n) throw this.error(`missing "${key}": expected ${what}`);
    return n;
  }

  items(what = 'a list'): DocNode[] {
    if (!isList(this.value)) throw this.expected(what);
    return this.value.map((v, i) => new DocNode(this.doc, [...this.segs, i], v, this.consumed));
  }

  /**
   * A string. A plain `no`, `on`, `y`... that YAML 1.1 read as a boolean is taken as written
   * where the scenario format expects text (a name, a title): only manifests need 1.1 rules.
   */
  string(what = 'a string'): string {
    if (typeof this.value === 'boolean') {
      const text = this.doc.yaml11BooleanText(this.segs);
      if (text !== undefined) {
        this.consumed?.add(segsKey(this.segs));
        return text;
      }
    }
    if (typeof this.value !== 'string') throw this.expected(what);
    return this.value;
  }

  boolean(what = 'true or false'): boolean {
    if (typeof this.value !== 'boolean') throw this.expected(what);
    return this.value;
  }

  integer(what = 'a whole number'): number {
    if (typeof this.value !== 'number' || !Number.isInteger(this.value)) throw this.expected(what);
    return this.value;
  }

  /** Fails on any key not in `allowed`, pointing at the key. */
  onlyKeys(allowed: readonly string[]): void {
    for (const k of this.keys()) {
      if (!allowed.includes(k)) {
        const near = closestWord(k, allowed);
        throw new DocNode(this.doc, [...this.segs, k], null).error(
          `unknown key ${JSON.stringify(k)}${near ? ` (did you mean "${near}"?)` : ''}; expected one of: ${allowed.join(', ')}`,
          'key',
        );
      }
    }
  }
}
