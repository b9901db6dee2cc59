/**
 * Public types of the manifest module: objects as users have them in files (YAML or JSON),
 * read with positions, and written back the way kubectl prints them.
 */
import type { SourcePosition } from '../errors/ssa-error.js';
import type { ValueMap } from '../value/value.js';

/** One segment of a path inside a document: a map key or a list index. */
export type DocPath = readonly (string | number)[];

/** Something worth telling the user about the input that is not an error (e.g. a YAML 1.1 boolean). */
export interface ManifestWarning {
  readonly source: SourcePosition;
  readonly message: string;
}

/**
 * One object read from a file. `kind: List` documents are flattened: each item is a Manifest of
 * its own (its `path` then starts with `['items', i]`).
 */
export interface Manifest {
  readonly object: ValueMap;
  /** Where the object starts (file:line:column). */
  readonly source: SourcePosition;
  /** Index of the YAML document in the stream (0-based). */
  readonly document: number;
  /** Path of the object inside its document (`[]`, or `['items', 3]` for a List item). */
  readonly path: DocPath;
  /**
   * Position of the node at `path` inside this object (its key when `at` is 'key'); falls back to
   * the nearest existing ancestor, so it always gives somewhere to point at.
   */
  positionOf(path: DocPath, at?: 'key' | 'value'): SourcePosition;
}

export interface ReadOptions {
  /** File name for positions and messages. Default `<input>`. */
  readonly file?: string;
  /** Flatten `kind: List` (and `*List`) documents into their items. Default true. */
  readonly flattenLists?: boolean;
  /**
   * The text holds objects: the fields that name one (apiVersion, kind, metadata.name,
   * metadata.namespace, metadata.generateName) must be strings where present, and metadata a map.
   * Default true; false for patch bodies, which the API server reads by its own rules.
   */
  readonly objects?: boolean;
}

export interface ReadResult {
  readonly manifests: readonly Manifest[];
  readonly warnings: readonly ManifestWarning[];
}

/** `-o yaml` / `-o json`. */
export type OutputFormat = 'yaml' | 'json';

export interface WriteOptions {
  readonly output: OutputFormat;
  /** Keep `metadata.managedFields` (`--show-managed-fields`). Default false, as kubectl. */
  readonly showManagedFields?: boolean;
}
