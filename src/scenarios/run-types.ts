/**
 * What a scenario run produces: one frozen snapshot per step (so that a user can step back and
 * forth), what each step's action printed, what changed in ownership, and each expectation's
 * result.
 */
import type { SourcePosition } from '../errors/ssa-error.js';
import type { LazyType } from '../schema/schema.js';
import type { Value } from '../value/value.js';
import type { ConflictEntry, MigrationEntry } from './apply-facts.js';
import type { LocatedExpectation, ObjectRef, Scenario, ScenarioStep } from './model.js';
import type { OwnerEntry } from './owners.js';
import type { OwnershipChange } from './ownership-changes.js';

/** One object as a snapshot shows it: the object, and who owns what in it. */
export interface ObjectView {
  /** `daemonset.apps/aws-node -n kube-system`, or `the object` in engine scenarios. */
  readonly display: string;
  readonly ref: ObjectRef | undefined;
  /** The object; in cluster scenarios without metadata.managedFields (see `owners`). */
  readonly object: Value;
  readonly owners: readonly OwnerEntry[];
  /** The object's schema type, as the engine or the API server merges it (who owns what depends on it). */
  readonly type: LazyType;
}

/** The world between two steps. Frozen: never changed once made. */
export interface Snapshot {
  /** RFC 3339 time on the scenario's clock, when it has one. */
  readonly time: string | undefined;
  readonly objects: readonly ObjectView[];
  /** The mode's own state (engine: object and managers; cluster: the API server state). */
  readonly state: unknown;
}

export interface ConflictReport {
  readonly manager: string;
  readonly path: string;
  /**
   * The owner as the 409's cause names it, with its operation's version and subresource
   * (`"kube-controller-manager" with subresource "scale" using apps/v1`; cluster mode).
   */
  readonly owner?: string;
  /** The object of the refused write (cluster mode; engine mode has one object). */
  readonly object?: ObjectRef;
}

/** What the step's action did, as its tool would print it. */
export interface ActionResult {
  readonly ok: boolean;
  /** What the action did, in one line (`kubectl apply --server-side -f aws-node.yaml`). */
  readonly summary: string;
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  /** The exact error text (the 409 message, the engine's error), when the action failed. */
  readonly error: string | undefined;
  readonly conflicts: readonly ConflictReport[];
  /** Objects the action wrote to or tried to (the default target of expectations). */
  readonly touched: readonly ObjectRef[];
  /** Notes the action adds for the reader (e.g. that a behaviour is a model). */
  readonly notes: readonly string[];
  /** Conflicts the API server forgave (last-applied exception), as apply-facts.ts reads them; cluster mode. */
  readonly forgivenConflicts?: readonly ConflictEntry[];
  /** kubectl's migrations of client-side-apply ownership; cluster mode. */
  readonly migrations?: readonly MigrationEntry[];
  /** The writes that went over the wire (cluster mode), as the audit log would list them. */
  readonly requests?: readonly SentRequest[];
  /**
   * The API server's answer (cluster mode): to a raw request, its response; to an actor, the
   * answer to its failed write, else to its last write. Absent when nothing was sent.
   */
  readonly response?: StepResponse;
}

/** One write a step sent over the wire. */
export interface SentRequest {
  /** POST, PUT or PATCH. */
  readonly verb: string;
  /** Path and query, as sent. */
  readonly uri: string;
  readonly code: number;
  readonly contentType?: string;
  readonly body?: Value;
}

/** An HTTP answer: its status code and body (the object, or a Status). */
export interface StepResponse {
  readonly code: number;
  readonly body: Value;
}

export interface ExpectationResult {
  readonly expectation: LocatedExpectation;
  readonly passed: boolean;
  /** What was checked, in words (`owners of .spec.replicas are [kubectl]`). */
  readonly description: string;
  /** Why it failed. */
  readonly detail: string | undefined;
}

/** The result of one expectation: holds when `detail` (why it does not) is undefined. */
export type Verdict = (description: string, detail: string | undefined) => ExpectationResult;

/** What a step's expectations are checked against. */
export interface CheckContext {
  readonly result: ActionResult;
  readonly after: Snapshot;
  readonly changes: readonly ObjectChanges[];
  /** The step's number as printed (`Step 3/5`: 3). */
  readonly step: number;
  /** The states before this step: [0] before the first step, [k] after step k. */
  readonly history: readonly Snapshot[];
}

export interface ObjectChanges {
  readonly display: string;
  readonly changes: readonly OwnershipChange[];
}

export interface StepRecord {
  readonly step: ScenarioStep;
  readonly result: ActionResult;
  readonly before: Snapshot;
  readonly after: Snapshot;
  readonly changes: readonly ObjectChanges[];
  readonly expectations: readonly ExpectationResult[];
  readonly passed: boolean;
}

export interface ScenarioRun {
  readonly scenario: Scenario;
  readonly initial: Snapshot;
  readonly steps: readonly StepRecord[];
  readonly passed: boolean;
  readonly failedExpectations: number;
  readonly totalExpectations: number;
}

/** The state after step `i` (-1 for the state before the first step): stepping back and forth. */
export function snapshotAt(run: ScenarioRun, i: number): Snapshot {
  if (i < 0) return run.initial;
  return run.steps[Math.min(i, run.steps.length - 1)].after;
}

/** Runs actions of one kind of scenario. */
export interface ModeRunner {
  readonly initial: Snapshot;
  /** Performs the step on `before`; never changes `before`. Throws SsaError for invalid input. */
  run(step: ScenarioStep, before: Snapshot): { result: ActionResult; after: Snapshot };
}

/** Where a running scenario reads the files it names (schemas, CRDs, manifests). */
export interface RunEnvironment {
  readFile(path: string, from: SourcePosition): string;
  /**
   * Whether each step's snapshot is deep-frozen (default true). A reader that keeps the snapshots
   * and hands them around needs that guarantee (the playground steps back and forth and caches by
   * frozen view); a run that reports once and ends (the command line's `run`) shares them with
   * nobody, and freezing walks every node of every object a step writes.
   */
  readonly freezeSnapshots?: boolean;
}
