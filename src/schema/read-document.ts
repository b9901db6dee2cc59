/**
 * Reads schema and CRD files: JSON (detected by its first character) or YAML, possibly several
 * YAML documents. Values come out as plain data with prototype-free maps, so keys such as
 * `__proto__` are data. YAML is read with YAML 1.1 scalars, as Kubernetes reads manifests.
 *
 * Positions are not kept while reading (schema documents can be megabytes); when a converter
 * reports a problem at a JSON pointer, `locate` finds that node's line and column by reading the
 * text again with positions.
 */
import { isMap as isYamlMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Tags } from 'yaml';
import { SsaError, type SourcePosition } from '../errors/ssa-error.js';
import { newMap, type Value } from '../value/value.js';

/** Deepest nesting accepted in a schema or CRD document. */
export const MAX_DOCUMENT_DEPTH = 512;

export interface ReadDocuments {
  /** One value per document (a JSON file is one document). */
  readonly documents: readonly Value[];
  /** Line and column of the node at `pointer` in document `index`, when it can be found. */
  locate(index: number, pointer: string): SourcePosition | undefined;
}

/** YAML 1.1 tags, less those Go's yaml.v2 does not turn into values (timestamps stay strings). */
function yaml11Tags(tags: Tags): Tags {
  const dropped = new Set(['tag:yaml.org,2002:timestamp', 'tag:yaml.org,2002:binary', 'tag:yaml.org,2002:omap', 'tag:yaml.org,2002:pairs', 'tag:yaml.org,2002:set']);
  return tags.filter((t) => typeof t === 'string' || (!dropped.has(t.tag) && !('format' in t && t.format === 'TIME')));
}

const YAML_OPTIONS = { version: '1.1', schema: 'yaml-1.1', customTags: yaml11Tags, uniqueKeys: true, prettyErrors: false, merge: true } as const;

export function readDocuments(text: string, file?: string): ReadDocuments {
  const first = text.match(/^\s*(\S)/)?.[1];
  let documents: Value[];
  if (first === '{' || first === '[') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw inputError(file, `invalid JSON: ${(err as Error).message}`, jsonErrorPosition(text, err));
    }
    documents = [plainValue(parsed, file)];
  } else {
    const lc = new LineCounter();
    const docs = parseAllDocuments(text, { ...YAML_OPTIONS, lineCounter: lc });
    if (!Array.isArray(docs)) throw inputError(file, 'invalid YAML: an empty stream');
    documents = [];
    for (const doc of docs) {
      const problem = doc.errors[0];
      if (problem) {
        const { line, col } = lc.linePos(problem.pos[0]);
        throw inputError(file, `invalid YAML: ${problem.message.split('\n')[0]}`, { line, column: col });
      }
      let js: unknown;
      try {
        js = doc.toJS({ maxAliasCount: 10_000 });
      } catch (err) {
        throw inputError(file, `invalid YAML: ${(err as Error).message}`);
      }
      // A document with only comments or `---` separators carries nothing.
      if (js === null && doc.contents === null) continue;
      documents.push(plainValue(js, file));
    }
  }
  let positions: { docs: Document.Parsed[]; lc: LineCounter } | undefined;
  return {
    documents,
    locate(index, pointer) {
      try {
        if (!positions) {
          const lc = new LineCounter();
          const docs = parseAllDocuments(text, { ...YAML_OPTIONS, lineCounter: lc, uniqueKeys: false });
          positions = { docs: Array.isArray(docs) ? docs.filter((d) => d.contents !== null) : [], lc };
        }
        const doc = positions.docs[index];
        if (!doc) return undefined;
        const offset = offsetOf(doc, pointer);
        if (offset === undefined) return undefined;
        const { line, col } = positions.lc.linePos(offset);
        return { ...(file !== undefined ? { file } : {}), line, column: col };
      } catch {
        return undefined;
      }
    },
  };
}

function inputError(file: string | undefined, message: string, pos?: { line?: number; column?: number }): SsaError {
  const source: SourcePosition = { ...(file !== undefined ? { file } : {}), ...pos };
  const where = [file, pos?.line, pos?.column].filter((x) => x !== undefined).join(':');
  return new SsaError('INPUT', where ? `${where}: ${message}` : message, { source });
}

/** V8 reports `... in JSON at position N`: turn it into a line and column. */
function jsonErrorPosition(text: string, err: unknown): { line: number; column: number } | undefined {
  const m = /position (\d+)/.exec((err as Error).message);
  if (!m) return undefined;
  const offset = Number(m[1]);
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** Parsed JSON or YAML as Value: prototype-free maps, depth-checked, Dates and bigints flattened. */
function plainValue(root: unknown, file: string | undefined): Value {
  const convert = (v: unknown, depth: number): Value => {
    if (depth > MAX_DOCUMENT_DEPTH) throw inputError(file, `the document is nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    if (v === null || v === undefined) return null;
    switch (typeof v) {
      case 'string':
      case 'boolean':
        return v;
      case 'number':
        return v;
      case 'bigint':
        return Number(v);
      case 'object': {
        if (Array.isArray(v)) return v.map((x) => convert(x, depth + 1));
        if (v instanceof Date) return v.toISOString();
        if (v instanceof Map) {
          const out = newMap();
          for (const [k, x] of v) out[String(k)] = convert(x, depth + 1);
          return out;
        }
        const out = newMap();
        for (const k of Object.keys(v)) out[k] = convert((v as Record<string, unknown>)[k], depth + 1);
        return out;
      }
      default:
        return String(v);
    }
  };
  return convert(root, 0);
}

/** Splits an RFC 6901 JSON pointer (`/a/b~1c/0`) into its segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Appends a segment to a JSON pointer. */
export function pointerJoin(pointer: string, segment: string | number): string {
  return `${pointer}/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function offsetOf(doc: Document.Parsed, pointer: string): number | undefined {
  let node: unknown = doc.contents;
  let best = rangeStart(node);
  for (const seg of pointerSegments(pointer)) {
    if (isYamlMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === seg);
      if (!pair) return best;
      node = pair.value ?? pair.key;
      best = rangeStart(node) ?? rangeStart(pair.key) ?? best;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (item === undefined) return best;
      node = item;
      best = rangeStart(node) ?? best;
    } else return best;
  }
  return best;
}

function rangeStart(node: unknown): number | undefined {
  const r = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return r ? r[0] : undefined;
}
