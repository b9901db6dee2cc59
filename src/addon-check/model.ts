/**
 * `ssa-sim addon-check`: what an add-on update does to clusters whose users changed things, for
 * every cluster state and every `resolveConflicts` mode (docs/addon-check.md). The types of its
 * input and of its report (the report is also `-o json`'s shape).
 */
import type { AddonState, ResolveConflicts } from '../actors/actor.js';
import type { KubeObject } from '../apiserver/types.js';
import type { SourcePosition } from '../errors/ssa-error.js';
import type { OwnershipChangeReport } from '../scenarios/format-run.js';
import type { ScenarioStep } from '../scenarios/model.js';
import type { LocatedDocument } from '../scenarios/read-yaml.js';
import type { Value } from '../value/value.js';

/** One side of the upgrade: a built-in add-on version, or manifests read from files. */
export type AddonSource =
  | { readonly kind: 'builtin'; readonly label: string; readonly addonName: string; readonly version: string; readonly objects: readonly KubeObject[] }
  | { readonly kind: 'manifests'; readonly label: string; readonly objects: readonly KubeObject[] };

/** How the add-on's OLD version came onto a generated cluster. */
export type InstallKind = 'add-on manager' | 'kubectl apply';

/** A named user change from the customizations file: steps in scenario action syntax. */
export interface Customization {
  readonly name: string;
  readonly description: string;
  /** What it starts from (default: OLD as the add-on manager installs it). */
  readonly install: InstallKind;
  readonly steps: readonly ScenarioStep[];
  readonly source: SourcePosition;
}

export interface CustomizationFile {
  readonly file: string;
  readonly doc: LocatedDocument;
  readonly customizations: readonly Customization[];
}

/** Captured live objects (`kubectl get -o yaml --show-managed-fields`) of one cluster. */
export interface LiveCluster {
  readonly name: string;
  readonly objects: readonly { readonly object: KubeObject; readonly source: SourcePosition }[];
}

export interface AddonCheckInput {
  readonly from: AddonSource;
  readonly to: AddonSource;
  /** The add-on's name in EKS (`vpc-cni`). */
  readonly addonName: string;
  readonly customizations: CustomizationFile;
  readonly clusters: readonly LiveCluster[];
  readonly modes: readonly ResolveConflicts[];
  /** RFC 3339 time on the simulated clusters' clock. */
  readonly now: string;
}

/** A value difference from OLD as the add-on manager installs it, and who owns it. */
export interface UserChange {
  readonly object: string;
  readonly path: string;
  /** What OLD installs there (absent: null and `inOld` false). */
  readonly old: Value;
  readonly inOld: boolean;
  /** What the cluster has there (absent: null and `present` false: the user removed it). */
  readonly value: Value;
  readonly present: boolean;
  /** The managers owning it in the cluster state (nobody: []). */
  readonly owners: readonly string[];
}

export type Fate = 'kept' | 'overwritten' | 'removed';

/** What the update did to a user change. */
export interface UserChangeFate extends UserChange {
  readonly fate: Fate;
  /** The value after the update (absent: null and `presentAfter` false). */
  readonly after: Value;
  readonly presentAfter: boolean;
  readonly ownersAfter: readonly string[];
}

export interface ClusterStateReport {
  readonly name: string;
  readonly description: string;
  /** `generated` from OLD and a customization, or `live` from a --cluster file. */
  readonly origin: 'generated' | 'live';
  /** Generated states: how OLD was installed. */
  readonly install?: InstallKind;
  /** What the add-on manager is asked to do on it: an update, or a create over a self-managed install. */
  readonly operation: 'create-addon' | 'update-addon';
  readonly userChanges: readonly UserChange[];
}

export interface CellObject {
  readonly object: string;
  /** What the add-on manager's dry run found (NONE and PRESERVE; OVERWRITE forces without one). */
  readonly conflicts: readonly { readonly manager: string; readonly path: string }[];
  /** Paths PRESERVE kept (ssa-sim's PRESERVE model, see docs/actors.md). */
  readonly preserved: readonly string[];
  readonly ownershipChanges: readonly OwnershipChangeReport[];
  readonly userChanges: readonly UserChangeFate[];
}

export interface Cell {
  readonly state: string;
  readonly mode: ResolveConflicts;
  readonly operation: 'create-addon' | 'update-addon';
  readonly succeeded: boolean;
  /** The add-on's status afterwards (`ACTIVE`, `UPDATE_FAILED`...); null when EKS refused the request itself. */
  readonly addonStatus: AddonState | null;
  /** What the add-on manager reports on failure (`ConfigurationConflict: Conflicts found ...`). */
  readonly error: string | null;
  readonly preserveModel: string | null;
  readonly objects: readonly CellObject[];
  /** User changes the update overwrote or removed. */
  readonly lost: number;
}

export interface AddonCheckReport {
  readonly addon: string;
  readonly from: string;
  readonly to: string;
  readonly modes: readonly ResolveConflicts[];
  readonly customizations: string;
  readonly states: readonly ClusterStateReport[];
  readonly cells: readonly Cell[];
  readonly summary: {
    readonly cells: number;
    readonly failed: number;
    readonly losingUserChanges: number;
    /** 0 when every cell succeeds and keeps every user change; 1 otherwise. */
    readonly exitCode: 0 | 1;
  };
}
