/**
 * Reads schema and CRD files: JSON (detected by its first character) or YAML, possibly several
 * YAML documents. Values come out as plain data with prototype-free maps, so keys such as
 * `__proto__` are data. YAML is read by src/document, with YAML 1.1 scalars as Kubernetes reads
 * manifests; JSON by JSON.parse (schema documents can be megabytes), int64s exact (parseJsonExact).
 *
 * When a converter reports a problem at a JSON pointer, `locate` finds that node's line and column:
 * in the YAML documents as read, or (JSON) by reading the text again with positions.
 */
import { composeYaml, locator, MAX_ALIAS_NODES, type MakeError, readYaml } from '../document/read-yaml.js';
import { SsaError, type SourcePosition } from '../errors/ssa-error.js';
import { parseJsonExact } from '../value/parse-json.js';
import { newMap, type Value } from '../value/value.js';

/** Deepest nesting accepted in a schema or CRD document. */
export const MAX_DOCUMENT_DEPTH = 512;

export interface ReadDocuments {
  /** One value per document (a JSON file is one document). */
  readonly documents: readonly Value[];
  /** Line and column of the node at `pointer` in document `index`, when it can be found. */
  locate(index: number, pointer: string): SourcePosition | undefined;
}

export function readDocuments(text: string, file?: string): ReadDocuments {
  const first = text.match(/^\s*(\S)/)?.[1];
  if (first === '{' || first === '[') return readJson(text, file);
  const error: MakeError = (_code, message, source) => inputError(file, message, source);
  const docs = Array.from(readYaml(text, { file, maxDepth: MAX_DOCUMENT_DEPTH, maxAliasNodes: MAX_ALIAS_NODES, error }));
  return {
    documents: docs.map((d) => d.value),
    locate: (index, pointer) => docs[index]?.positionOf(pointerSegments(pointer)),
  };
}

function readJson(text: string, file: string | undefined): ReadDocuments {
  let parsed: unknown;
  try {
    parsed = parseJsonExact(text, MAX_DOCUMENT_DEPTH);
  } catch (err) {
    if (err instanceof SsaError) throw inputError(file, `the document is nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    throw inputError(file, `invalid JSON: ${(err as Error).message}`, jsonErrorPosition(text, err));
  }
  const documents = [plainValue(parsed, file)];
  let find: ((pointer: string) => SourcePosition) | undefined;
  return {
    documents,
    locate(index, pointer) {
      if (index !== 0) return undefined;
      try {
        if (!find) {
          const stream = composeYaml(text, { file, maxDepth: MAX_DOCUMENT_DEPTH, json: true });
          const doc = stream.documents[0];
          const { offsetOf } = locator(stream, doc);
          find = (p) => stream.position(offsetOf(pointerSegments(p)));
        }
        return find(pointer);
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

/** parseJsonExact output as Value: prototype-free maps, depth-checked. */
function plainValue(root: unknown, file: string | undefined): Value {
  const convert = (v: unknown, depth: number): Value => {
    if (depth > MAX_DOCUMENT_DEPTH) throw inputError(file, `the document is nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    if (v === null || typeof v !== 'object') return v as Value;
    if (Array.isArray(v)) return v.map((x) => convert(x, depth + 1));
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = convert((v as Record<string, unknown>)[k], depth + 1);
    return out;
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
