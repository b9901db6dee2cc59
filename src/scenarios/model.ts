/**
 * A scenario as the runner sees it, after parsing (docs/scenarios.md describes the file format).
 * Everything keeps its source position so that reports and errors can point back into the file.
 */
import type { SourcePosition } from '../errors/ssa-error.js';
import type { Value } from '../value/value.js';
import type { DocSegment, YamlWarning } from './read-yaml.js';

/**
 * `engine`: the merge library alone, as the reference vectors run it (managers are plain names,
 * apiVersions whatever the steps say, no API server rules). `cluster`: objects in a simulated API
 * server, changed by actors (kubectl, controllers, the EKS add-on manager, webhooks).
 */
export type ScenarioMode = 'engine' | 'cluster';

/** Where the schema comes from. */
export type SchemaSpec =
  | { readonly kind: 'deduced' }
  | { readonly kind: 'inline'; readonly text: string; readonly type: string; readonly source: SourcePosition }
  | { readonly kind: 'file'; readonly path: string; readonly type: string; readonly source: SourcePosition }
  | {
      readonly kind: 'catalog';
      readonly builtin: boolean;
      readonly schemaFiles: readonly string[];
      readonly crdFiles: readonly string[];
      readonly source: SourcePosition;
    };

export interface ClockSpec {
  /** RFC 3339 time of the first step. */
  readonly start: string;
  /** Seconds the clock moves after each step (default 60). */
  readonly tickSeconds: number;
}

/** A managedFields entry, as written in a scenario (initial state or expectation). */
export interface ManagedEntrySpec {
  readonly manager: string;
  readonly operation?: 'Apply' | 'Update';
  readonly apiVersion?: string;
  readonly subresource?: string;
  readonly time?: string;
  /** A map (compared as data) or a JSON text (compared byte for byte as well). */
  readonly fieldsV1?: Value;
  readonly fieldsV1Text?: string;
  readonly source: SourcePosition;
}

export interface ConflictSpec {
  readonly manager: string;
  readonly path: string;
}

/** Which object a cluster-mode expectation is about. */
export interface ObjectRef {
  readonly apiVersion?: string;
  readonly kind: string;
  readonly namespace?: string;
  readonly name: string;
}

export type Expectation =
  | { readonly kind: 'succeeds'; readonly value: boolean }
  | { readonly kind: 'error'; readonly text: string }
  | { readonly kind: 'stdout'; readonly text: string }
  | { readonly kind: 'stderr'; readonly text: string }
  | { readonly kind: 'stdoutIncludes'; readonly text: string }
  | { readonly kind: 'stderrIncludes'; readonly text: string }
  | { readonly kind: 'exitCode'; readonly code: number }
  | { readonly kind: 'conflicts'; readonly conflicts: readonly ConflictSpec[] }
  | { readonly kind: 'owners'; readonly path: string; readonly managers: readonly string[] }
  | { readonly kind: 'absent'; readonly path: string }
  | { readonly kind: 'object'; readonly value: Value; readonly exact: boolean }
  | { readonly kind: 'managedFields'; readonly entries: readonly ManagedEntrySpec[]; readonly exact: boolean }
  | { readonly kind: 'changes'; readonly lines: readonly string[] }
  | { readonly kind: 'exists'; readonly value: boolean }
  /** The object (or the value at `path`; `.metadata.managedFields` included) is as after step `step` (0: before the first step). */
  | { readonly kind: 'unchangedSince'; readonly step: number; readonly path: string | undefined }
  /** The value at `path` (of the object, or of the step's response body) has `count` items (list items, map keys or characters). */
  | { readonly kind: 'length'; readonly in: ValueSource; readonly path: string; readonly count: number }
  /** The list at `path` has an item matching `value` (a subset), or the string there contains `value`. */
  | { readonly kind: 'contains'; readonly in: ValueSource; readonly path: string; readonly value: Value }
  | { readonly kind: 'responseCode'; readonly code: number }
  | { readonly kind: 'responseBody'; readonly value: Value; readonly exact: boolean }
  | { readonly kind: 'requests'; readonly requests: readonly RequestSpec[]; readonly exact: boolean };

/** What `length` and `contains` look into: the object (managedFields included) or the step's response body. */
export type ValueSource = 'object' | 'response';

/** A request an actor sent, as an expectation gives it; what is left out is not compared. */
export interface RequestSpec {
  readonly method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path without the query: `/apis/apps/v1/namespaces/default/deployments/web`. */
  readonly path?: string;
  /** A map: these parameters have these values (others are not compared); a string: the whole query, exactly. */
  readonly query?: Readonly<Record<string, string>> | string;
  readonly contentType?: string;
  readonly body?: Value;
  readonly bodyExactly?: boolean;
  readonly source: SourcePosition;
}

export interface LocatedExpectation {
  readonly expectation: Expectation;
  readonly source: SourcePosition;
  /** In cluster mode: the object it is about (default: the object the step touched). */
  readonly target?: ObjectRef;
}

export interface ScenarioStep {
  readonly index: number;
  readonly title: string;
  readonly explain: string;
  /** The action's name (`apply`, `update` in engine mode; an actor action in cluster mode). */
  readonly action: string;
  readonly args: Value;
  readonly argsSegs: readonly DocSegment[];
  readonly expectations: readonly LocatedExpectation[];
  /** Cluster mode: seconds the clock moves before this step (default: the clock's tick after each step). */
  readonly waitSeconds?: number;
  readonly source: SourcePosition;
}

export interface Scenario {
  readonly file: string;
  readonly name: string;
  readonly description: string;
  readonly learn: readonly string[];
  readonly mode: ScenarioMode;
  readonly schema: SchemaSpec;
  readonly clock: ClockSpec | undefined;
  /** Engine mode: the starting object and managers. */
  readonly live: Value;
  readonly managed: readonly ManagedEntrySpec[];
  /** Cluster mode: the objects that exist before the first step. */
  readonly objects: readonly Value[];
  readonly steps: readonly ScenarioStep[];
  readonly warnings: readonly YamlWarning[];
  /** Position of any node of the file (for errors found while running). */
  positionOf(segs: readonly DocSegment[], at?: 'key' | 'value'): SourcePosition;
  /** Where a line and column inside the text of the string at `segs` is in the file, when exactly known. */
  positionInText(segs: readonly DocSegment[], line: number, column: number): SourcePosition | undefined;
}
