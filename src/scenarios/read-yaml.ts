/**
 * Reads scenario files: YAML (or JSON, which is YAML) the way Kubernetes reads manifests, keeping
 * where every node came from so that any later problem can name `file:line:column`.
 *
 * The reading itself is src/document's (YAML 1.1 scalars as Go's yaml.v2 reads them, the depth
 * and alias caps, `__proto__` as data, positions by path). This adds what scenarios say about it:
 * - Every unquoted scalar that YAML 1.1 turns into a boolean although it is not `true`/`false` is
 *   reported as a warning, because YAML 1.2 tools (and most editors) read it as a string; so is
 *   every unquoted boolean map key, which becomes the string "true" or "false".
 * - A duplicate key is named as written; `.inf`/`.nan` are refused (JSON cannot carry them).
 */
import { SsaError, type SourcePosition } from '../errors/ssa-error.js';
import { type DocSegment, invalidYaml, type LocatedNote, MAX_ALIAS_NODES as DOCUMENT_MAX_ALIAS_NODES, readYaml } from '../document/read-yaml.js';
import type { Value } from '../value/value.js';

export type { DocSegment } from '../document/read-yaml.js';

export const MAX_YAML_DEPTH = 200;
export const MAX_ALIAS_NODES = DOCUMENT_MAX_ALIAS_NODES;

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
  /** Where a line and column inside the text of the string at `segs` is in the file, when exactly known. */
  positionInText(segs: readonly DocSegment[], line: number, column: number): SourcePosition | undefined;
}

/** Every document of a YAML stream (a `---`-separated file); empty documents are skipped. */
export function readYamlDocuments(text: string, file: string): LocatedDocument[] {
  const docs = Array.from(readYaml(text, {
    file,
    eagerPositions: true,
    maxDepth: MAX_YAML_DEPTH,
    maxAliasNodes: MAX_ALIAS_NODES,
    nonFinite: (written, _v, path) => `${docPathText(path)}: ${written} cannot be represented in JSON (it has no infinities or NaN)`,
    syntaxMessage: (error, t) => (error.code === 'DUPLICATE_KEY' ? `duplicate key ${duplicateKeyName(t, error.pos[0])}` : invalidYaml(error)),
  }));
  return docs.map((doc) => {
    const warnings = doc.notes.flatMap(warningOf);
    const words = new Map(warnings.map((w) => [segsKey(w.segs ?? []), w.text ?? '']));
    return {
      file,
      value: doc.value,
      warnings,
      positionOf: (segs, at = 'value') => doc.positionOf(segs, at),
      yaml11BooleanText: (segs) => words.get(segsKey(segs)),
      positionInText: (segs, line, column) => doc.positionInText(segs, line, column),
    };
  });
}

/** The warning for a boolean key, or for a YAML-1.1-only boolean value written in place. */
function warningOf(note: LocatedNote): YamlWarning[] {
  if (note.kind !== 'boolean') return [];
  const { text: src, value: v, source } = note;
  if (note.key) {
    return [{ source, message: `the key \`${src}\` is read as the boolean ${v} and becomes "${v}", as Kubernetes reads YAML 1.1; quote it ('${src}') to keep it` }];
  }
  if (note.aliased || !note.yaml11Only) return [];
  return [
    {
      segs: note.path,
      text: src,
      source,
      message: `\`${src}\` is read as the boolean ${v}, as Kubernetes reads YAML 1.1; quote it ('${src}') if you mean the string`,
    },
  ];
}

/** A file that must hold exactly one document. */
export function readYamlDocument(text: string, file: string): LocatedDocument {
  const docs = readYamlDocuments(text, file);
  if (docs.length === 0) throw new SsaError('INPUT', 'the file is empty: expected a YAML document', { source: { file, line: 1, column: 1 } });
  // A `---` with nothing after it (a trailing separator, one before the document) opens an empty
  // document, null: not a second one, as kubectl's reader skips it too.
  const withContent = docs.filter((d) => d.value !== null);
  if (withContent.length > 1) {
    throw new SsaError('INPUT', 'expected one YAML document, found several (remove the `---` separators)', {
      source: withContent[1].positionOf([]),
    });
  }
  return withContent[0] ?? docs[0];
}

function duplicateKeyName(text: string, offset: number): string {
  const m = /^(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^:\n]*?))\s*:/.exec(text.slice(offset, offset + 300));
  const key = m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
  return JSON.stringify(key.trim());
}

const SIMPLE_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** `steps[2].apply.manager`, `objects[0]["app.kubernetes.io/name"]`. */
export function docPathText(segs: readonly DocSegment[]): string {
  let out = '';
  for (const s of segs) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (SIMPLE_KEY.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out || '(top level)';
}
