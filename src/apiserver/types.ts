/**
 * The public types of the in-memory API server (apiserver-semantics.md): what a cluster holds,
 * what a request says, what comes back.
 *
 * Everything is immutable data. A cluster is a `ClusterState` value; every verb is a function
 * `(state, request) → { state, response }` (see `serve` in server.ts), so a caller that keeps the
 * states it got keeps a snapshot per step for free. `Cluster` (cluster.ts) is a thin class that
 * holds the current state for callers who prefer methods.
 */
import type { ServiceRanges } from './service-allocation.js';
import type { PrinterColumn } from '../schema/schema-catalog.js';
import type { Schema } from '../schema/schema.js';
import type { UndeclaredField } from '../typed/issues.js';
import type { Value, ValueMap } from '../value/value.js';

/** A Kubernetes object as JSON/YAML decode it: apiVersion, kind, metadata, ... */
export type KubeObject = ValueMap;

// ------------------------------------------------------------------------------------------------
// Schemas and resources

/**
 * What the server needs from a schema catalog (src/schema/catalog.ts, `SchemaCatalog`, satisfies
 * it): the schema, the type of each served apiVersion/kind, and the kinds it knows.
 */
export interface CatalogLike {
  readonly schema: Schema;
  typeFor(apiVersion: string, kind: string): string | undefined;
  kinds(): readonly CatalogKind[];
}

export interface CatalogKind {
  readonly apiVersion: string;
  readonly kind: string;
  readonly typeName: string;
  readonly namespaced?: boolean;
  /** Plural resource name, e.g. `deployments`. */
  readonly resource?: string;
  /** Singular resource name (a CRD's `names.singular`); absent: the lower-cased kind. */
  readonly singular?: string;
  readonly shortNames?: readonly string[];
  readonly categories?: readonly string[];
  /** The status and scale subresources, when the source says (built-in kinds, CRDs). */
  readonly subresources?: { readonly status: boolean; readonly scale?: ScaleSubresource };
  /** A kind a CustomResourceDefinition declares. */
  readonly custom?: boolean;
  /** A custom kind's `openAPIV3Schema` as its CRD gives it (for the OpenAPI documents). */
  readonly openApiSchema?: Value;
  /** A custom kind's `additionalPrinterColumns` at this version (absent: none). */
  readonly printerColumns?: readonly PrinterColumn[];
}

/** The subresources one version of a custom resource declares. */
export interface VersionSubresources {
  readonly status: boolean;
  readonly scale?: ScaleSubresource;
}

/** Where the scale subresource finds replicas in the parent object (apiserver-semantics §3.5). */
export interface ScaleSubresource {
  /** `spec.replicas` path in the parent, as field names. Default `['spec', 'replicas']`. */
  readonly specReplicasPath: readonly string[];
  /** Default `['status', 'replicas']`. */
  readonly statusReplicasPath: readonly string[];
  /** Where the label selector lives (its `matchLabels` become `status.selector`). Default `['spec', 'selector']`. */
  readonly labelSelectorPath?: readonly string[];
}

/**
 * One resource the server serves: a group/kind with its versions, plural name, scope and
 * subresources. The registry (registry.ts) derives these from the catalog and a built-in table;
 * callers can add or override them (CRDs, custom behaviour) through `ClusterOptions.resources`.
 */
export interface ResourceType {
  readonly group: string;
  readonly kind: string;
  /** Plural, lower case: `deployments`. */
  readonly resource: string;
  /** Lower-case singular: `deployment`. */
  readonly singular: string;
  readonly shortNames: readonly string[];
  /** The categories discovery reports (`kubectl get all` lists the `all` category). */
  readonly categories: readonly string[];
  readonly namespaced: boolean;
  /** Served versions (`v1`, `v1beta1`, ...), preferred first. */
  readonly versions: readonly string[];
  /** Schema type per version; absent = the deduced (schema-less) type. */
  readonly typeNames: Readonly<Record<string, string | undefined>>;
  /** Subresources served (at `version` when the resource came from `atVersion`). */
  readonly status: boolean;
  readonly scale?: ScaleSubresource;
  /**
   * A custom resource whose CRD versions declare different subresources: each version's own
   * (registry.ts `atVersion` gives the resource as served at one version). Absent: `status` and
   * `scale` hold for every version.
   */
  readonly versionSubresources?: Readonly<Record<string, VersionSubresources>>;
  /**
   * Fields the registry strategy resets, per endpoint ('' = main resource, 'status', ...):
   * excluded from field management there and reset by the strategy (apiserver-semantics §3.6).
   * Paths are field names from the root (`[['status']]`, `[['spec'], ['metadata', 'labels']]`).
   */
  readonly resetFields: Readonly<Record<string, readonly (readonly string[])[]>>;
  /** What the strategy clears on create (PrepareForCreate); absent: `resetFields['']`. */
  readonly createResets?: readonly (readonly string[])[];
  /**
   * Per endpoint, the only top-level fields a write there may change; everything else (but
   * managedFields) keeps its stored value. The custom resource status strategy keeps all but
   * `status`. Absent: no such limit.
   */
  readonly writableOnly?: Readonly<Record<string, readonly string[]>>;
  /**
   * Subresources besides `status` that take and return the kind itself (a Pod's
   * `ephemeralcontainers`); their reset fields are in `resetFields`.
   */
  readonly objectSubresources?: readonly string[];
  /** `metadata.generation` is maintained (bumped when anything but metadata and status changes). */
  readonly generation: boolean;
  /** PUT on a missing name creates the object (201) instead of 404. */
  readonly allowCreateOnUpdate: boolean;
  /**
   * The kind's empty object ("Go zero value" serialized; apiserver-semantics §7.3): the baseline
   * of create and of `before-first-apply`. Absent: `{apiVersion, kind}` (CRDs, harness mode).
   */
  readonly emptyObject?: ValueMap;
  /** True for custom resources (JSON merge patch only, no strategic merge patch). */
  readonly custom: boolean;
  /** A custom resource's `additionalPrinterColumns` per version, where its CRD gives some. */
  readonly printerColumns?: Readonly<Record<string, readonly PrinterColumn[]>>;
}

// ------------------------------------------------------------------------------------------------
// Hooks that run after field management (owned by nobody)

/** What a hook is told about the request it runs in. */
export interface AdmissionAttributes {
  readonly operation: 'CREATE' | 'UPDATE';
  readonly apiVersion: string;
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly subresource: string;
  readonly dryRun: boolean;
  /** The effective field manager of the request. */
  readonly manager: string;
}

/**
 * A mutating admission step (webhook, built-in plugin, mutating policy): runs after the field
 * manager, so whatever it sets is owned by nobody (apiserver-semantics §2.12). Return the object
 * to store (or the same object for no change); `undefined` means "not interested".
 */
export interface AdmissionHook {
  readonly name: string;
  mutate(object: KubeObject, attributes: AdmissionAttributes): KubeObject | undefined;
}

/**
 * Defaulting at request decode time (apiserver-semantics §2.12): for create/update/non-apply
 * patch it runs before the field manager (so the writer owns the defaults); for apply it runs on
 * the merged result after ownership is computed (so the applier does not).
 */
export type Defaulter = (object: KubeObject, resource: ResourceType, apiVersion: string) => KubeObject;

// ------------------------------------------------------------------------------------------------
// The cluster

export interface ClusterOptions {
  /** Schema catalog: `builtinCatalog()` from src/schema/catalog.ts, or any `CatalogLike`. */
  readonly catalog: CatalogLike;
  /** Extra or replacement resources (CRDs, custom subresources/reset fields). */
  readonly resources?: readonly ResourceType[];
  /**
   * Upstream unit-test harness mode (apiserver-semantics §7.2/7.3): the empty object of every
   * kind is `{apiVersion, kind}` and no built-in defaulting runs. Default false.
   */
  readonly harness?: boolean;
  /** Built-in defaults for common kinds (container imagePullPolicy, ...). Default: !harness. */
  readonly builtinDefaults?: boolean;
  /** Extra defaulters, run after the built-in ones. */
  readonly defaulters?: readonly Defaulter[];
  /** Mutating admission, in order. */
  readonly admission?: readonly AdmissionHook[];
  /**
   * The ServiceAccount admission plugin (pod-admission.ts). Default false: like Kubernetes' own
   * test servers, a cluster without a serviceaccount controller runs without it; `ssa-sim serve`,
   * whose namespaces get their `default` account, turns it on.
   */
  readonly serviceAccountAdmission?: boolean;
  /**
   * The NamespaceLifecycle admission plugin (namespace-lifecycle.ts): namespaced writes need their
   * namespace, nothing new goes into a Terminating one, `default`, `kube-system` and `kube-public`
   * are not deleted. Default false: a bare cluster holds no namespaces; a cluster made to stand
   * for a real one (`withSystemNamespaces` in system-namespaces.ts: `ssa-sim serve`, the scenario runner)
   * turns it on with the namespaces every cluster has.
   */
  readonly namespaceLifecycle?: boolean;
  /** Start time, RFC 3339 UTC. Default `2024-01-01T00:00:00Z`. */
  readonly now?: string;
  /** UID of the n-th object created (n from 1). Default: a fixed UUID-shaped text from n. */
  readonly uid?: (n: number) => string;
  /** Cap on Update entries (apiserver-semantics §2.6). Default 10. */
  readonly maxUpdateManagers?: number;
  /** The store's revert of timestamp-only managedFields changes (§1.6). Default true. */
  readonly avoidNoopTimestampUpdates?: boolean;
  /**
   * etcd's `--max-request-bytes`: a write whose request would be larger fails (etcd-request-size.ts).
   * Default 1572864 (etcd's default); 0 for no limit, the default in harness mode (no store there).
   */
  readonly etcdMaxRequestBytes?: number;
  /** The IPv4 range Services get cluster IPs from (`--service-cluster-ip-range`). Default `10.96.0.0/12`. */
  readonly serviceClusterIPRange?: string;
  /** The range of node ports (`--service-node-port-range`). Default `30000-32767`. */
  readonly serviceNodePortRange?: string;
}

/**
 * The server's configuration once resolved; part of every state. Requests change only what is
 * served: `catalog` and `resources` are the base ones plus the stored CRDs' (served-crds.ts).
 */
export interface ClusterConfig {
  readonly catalog: CatalogLike;
  readonly resources: readonly ResourceType[];
  /** The catalog the cluster was created with: what is served whatever CRDs are stored. */
  readonly baseCatalog: CatalogLike;
  /** The resources the cluster was created with (`ClusterOptions.resources`). */
  readonly baseResources: readonly ResourceType[];
  readonly harness: boolean;
  readonly builtinDefaults: boolean;
  readonly defaulters: readonly Defaulter[];
  readonly admission: readonly AdmissionHook[];
  readonly serviceAccountAdmission: boolean;
  readonly namespaceLifecycle: boolean;
  readonly uid: (n: number) => string;
  readonly maxUpdateManagers: number;
  readonly avoidNoopTimestampUpdates: boolean;
  /** 0: no limit. */
  readonly etcdMaxRequestBytes: number;
  readonly serviceRanges: ServiceRanges;
}

/** An immutable cluster: objects by storage key, counters and the current time. */
export interface ClusterState {
  readonly config: ClusterConfig;
  /** Storage key (`group/resource/namespace/name`) → stored object (with managedFields). */
  readonly objects: ReadonlyMap<string, KubeObject>;
  /** The last resourceVersion handed out (one counter for the whole store, as etcd's revision). */
  readonly resourceVersion: number;
  /** How many UIDs were handed out. */
  readonly uidCount: number;
  /** Current time, RFC 3339 UTC at second precision (`2024-02-24T15:24:31Z`). */
  readonly now: string;
}

// ------------------------------------------------------------------------------------------------
// Requests

/** The object a request addresses: its endpoint (apiVersion + kind or resource) and name. */
export interface ObjectRef {
  readonly apiVersion: string;
  /** Kind (`Deployment`) or, instead, `resource` (`deployments`). */
  readonly kind?: string;
  readonly resource?: string;
  /** Ignored for cluster-scoped kinds; default `default` for namespaced ones. */
  readonly namespace?: string;
  readonly name: string;
}

/** Query parameters every write accepts. */
export interface WriteOptions {
  /** `?fieldManager=`. Without it the manager is the user agent up to its first `/` (not for apply). */
  readonly fieldManager?: string;
  /** The User-Agent header. Default empty (→ manager `unknown`). */
  readonly userAgent?: string;
  /** `?dryRun=All` when true; a list gives the raw values (anything but `All` is a 422). */
  readonly dryRun?: boolean | readonly string[];
  /** `status`, `scale`, or absent for the main resource. */
  readonly subresource?: string;
  /** The time of this request (RFC 3339 UTC); default the state's `now`. */
  readonly now?: string;
  /** `?fieldValidation=`: unknown fields rejected (Strict), dropped with a warning (Warn, default) or silently (Ignore). */
  readonly fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
}

export interface PatchOptions extends WriteOptions {
  /** `?force=` (apply only; present on any other patch → 422, even when false). */
  readonly force?: boolean;
}

export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

/** The Content-Type of each patch type. */
export const PATCH_CONTENT_TYPES: Readonly<Record<PatchType, string>> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
};

export interface GetRequest {
  readonly verb: 'get';
  readonly target: ObjectRef;
  readonly subresource?: string;
}

export interface ListRequest {
  readonly verb: 'list';
  readonly apiVersion: string;
  readonly kind?: string;
  readonly resource?: string;
  /** Absent: all namespaces. */
  readonly namespace?: string;
  /** Only the objects these select (list-selection.ts); absent: every object. */
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
}

export interface CreateRequest {
  readonly verb: 'create';
  readonly body: KubeObject;
  /** The endpoint; default the body's apiVersion/kind/namespace. */
  readonly target?: Partial<ObjectRef>;
  readonly options?: WriteOptions;
}

export interface UpdateRequest {
  readonly verb: 'update';
  readonly body: KubeObject;
  /** Default the body's apiVersion/kind/namespace/name (for `/scale`: give the parent). */
  readonly target?: ObjectRef;
  readonly options?: WriteOptions;
}

export interface PatchRequest {
  readonly verb: 'patch';
  readonly target: ObjectRef;
  readonly patchType: PatchType;
  /** Text as sent over the wire, or decoded JSON (an operations list for `json`). */
  readonly patch: string | Value;
  readonly options?: PatchOptions;
}

/** Server-side apply: a `patch` with `application/apply-patch+yaml`, target taken from the body by default. */
export interface ApplyRequest {
  readonly verb: 'apply';
  /** The applied configuration (YAML/JSON text or decoded). */
  readonly body: string | KubeObject;
  /** Default the body's apiVersion/kind/namespace/name (for `/scale`: give the parent). */
  readonly target?: ObjectRef;
  readonly options?: PatchOptions;
}

export interface DeleteRequest {
  readonly verb: 'delete';
  readonly target: ObjectRef;
  /**
   * `dryRun`: true, or the raw values of DeleteOptions' `dryRun` (anything but `All` is a 422);
   * `preconditions`: the uid and resourceVersion the object must have (a 409 otherwise).
   */
  readonly options?: { readonly dryRun?: boolean | readonly string[]; readonly preconditions?: DeletePreconditions; readonly now?: string };
}

/** DeleteOptions' `preconditions` (metav1.Preconditions). */
export interface DeletePreconditions {
  readonly uid?: string;
  readonly resourceVersion?: string;
}

export type ApiRequest = GetRequest | ListRequest | CreateRequest | UpdateRequest | PatchRequest | ApplyRequest | DeleteRequest;

// ------------------------------------------------------------------------------------------------
// Responses

/** A `metav1.Status` failure, fields in the server's JSON order. */
export interface StatusObject {
  readonly kind: 'Status';
  readonly apiVersion: 'v1';
  readonly metadata: Record<string, never>;
  readonly status: 'Failure';
  readonly message: string;
  /** Absent for plain internal errors (HTTP 500 with an empty reason). */
  readonly reason?: string;
  readonly details?: StatusDetails;
  readonly code: number;
}

export interface StatusDetails {
  readonly name?: string;
  readonly group?: string;
  readonly kind?: string;
  readonly uid?: string;
  readonly causes?: readonly StatusCause[];
}

export interface StatusCause {
  readonly reason: string;
  readonly message: string;
  /** Absent when empty: Go's StatusCause omits an empty field (`json:"field,omitempty"`). */
  readonly field?: string;
}

export interface ApiSuccess {
  readonly ok: true;
  /** 200, or 201 when the request created the object. */
  readonly code: 200 | 201;
  /** The stored (or, on a dry run, would-be) object; for `list`, a `List`-kind object. */
  readonly object: KubeObject;
  /** `Warning:` headers the server sent. */
  readonly warnings: readonly string[];
  /** See ForgivenConflicts. */
  readonly forgivenConflicts?: ForgivenConflicts;
}

export interface ApiFailure {
  readonly ok: false;
  readonly code: number;
  readonly status: StatusObject;
  readonly warnings: readonly string[];
  /** See ForgivenConflicts (a 409 then names only the conflicts that were not forgiven). */
  readonly forgivenConflicts?: ForgivenConflicts;
  /**
   * The fields of the request body the schema does not declare, behind a `field not declared in
   * schema` or `strict decoding error: unknown field` answer: each as a field path (keyed list
   * items by key) with the names its map declares. Like forgivenConflicts, for the views only.
   */
  readonly undeclaredFields?: readonly UndeclaredField[];
}

export type { UndeclaredField } from '../typed/issues.js';

/**
 * The conflicts of an apply by the field manager `kubectl` that the server did not report because
 * the live value at each path still equals the object's last-applied-configuration annotation
 * (apiserver-semantics §2.8), in the shape of the 409's causes (`conflict with "M" using V`, path).
 * A real server says nothing of them; the simulator tells its views, never the HTTP wire.
 * Absent when nothing was forgiven.
 */
export type ForgivenConflicts = readonly StatusCause[];

export type ApiResponse = ApiSuccess | ApiFailure;

export interface ServeResult {
  readonly state: ClusterState;
  readonly response: ApiResponse;
  /**
   * When the request led to more writes than its own (the CRD controllers'), the state after
   * each write in order, the request's own first and `state` last: what a watch sees one by one.
   */
  readonly steps?: readonly ClusterState[];
}

// ------------------------------------------------------------------------------------------------
// managedFields entries (apiserver-semantics §1)

export type ManagedFieldsOperation = 'Apply' | 'Update';

/** One `metadata.managedFields` item as the server serves it (fieldsV1 as a JSON value). */
export interface ManagedFieldsEntry {
  readonly manager: string;
  readonly operation: ManagedFieldsOperation;
  readonly apiVersion: string;
  /** RFC 3339 UTC, second precision; absent when the entry has no time. */
  readonly time?: string;
  readonly fieldsType: 'FieldsV1';
  readonly fieldsV1: Value;
  /** Absent for the main resource. */
  readonly subresource?: string;
}
