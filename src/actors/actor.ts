/**
 * The contract between actors and the scenario runner.
 *
 * An actor is a person or program acting on a cluster: kubectl, the EKS add-on manager, a
 * controller, an autoscaler, a webhook. Each one is a pure function
 * `(state, options) → ActorOutcome`: it sends what the real client sends, under the field manager
 * the real client uses, and reports what the user would see (stdout, stderr, exit code) and what
 * went over the wire (`requests`). Nothing is mutated; the new cluster is `outcome.state`.
 *
 * Options objects follow one convention: every field is optional unless the action cannot mean
 * anything without it, and each default is written once, in the doc comment of the field.
 */
import type { UndeclaredField } from '../apiserver/types.js';
import type { Value, ValueMap } from '../value/value.js';
import type { ClusterState } from './cluster-types.js';

export type { ClusterState } from './cluster-types.js';

/** A Kubernetes object as decoded from YAML or JSON (apiVersion, kind, metadata, ...). */
export type KubeObject = ValueMap;

/**
 * Manifests as a scenario gives them: YAML or JSON text (several documents separated by `---`,
 * `kind: List` unwrapped) or already-decoded objects.
 */
export type Manifests = string | readonly KubeObject[];

/**
 * Reads manifest text into its objects, as kubectl reads `-f` (`file` names the text in errors).
 * Actors read with `readObjects` (src/manifest) unless their runner gives one that remembers
 * texts it has read (objects.ts `rememberingReader`).
 */
export type ObjectReader = (text: string, file: string) => KubeObject[];

/** HTTP content types of the writes actors send (apiserver-semantics §3.1). */
export type ContentType =
  | 'application/json'
  | 'application/json-patch+json'
  | 'application/merge-patch+json'
  | 'application/strategic-merge-patch+json'
  | 'application/apply-patch+yaml';

/**
 * One write an actor sent, as the API server's audit log would show it. Reads (GET) are not
 * recorded: every actor reads the live object first, so they tell nothing.
 */
export interface RequestRecord {
  /** DELETE only from `kubectl apply --force` replacing an object it cannot patch. */
  readonly verb: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Request URI with the query the real client sends, e.g.
   * `/apis/apps/v1/namespaces/kube-system/daemonsets/aws-node?dryRun=All&fieldManager=eks&force=false`.
   */
  readonly uri: string;
  /** The object the request writes to (for a create: the object it creates). */
  readonly target: { readonly apiVersion: string; readonly kind: string; readonly name: string; readonly namespace?: string };
  /** POST/PUT carry `application/json`; patches their patch type. */
  readonly contentType: ContentType;
  /** `?fieldManager=` as sent; absent when the client sends none (the server then derives it from the user agent). */
  readonly fieldManager?: string;
  /** The manager the server recorded (fieldManager, or the user agent up to its first `/`). */
  readonly effectiveManager: string;
  readonly userAgent: string;
  /** `?force=` as sent (apply only); absent when not sent. */
  readonly force?: boolean;
  /** True for `?dryRun=All`: computed like a real write, nothing persisted. */
  readonly dryRun: boolean;
  /** `status`, `scale`, or absent for the main resource. */
  readonly subresource?: string;
  /** The request body (a patch, an applied configuration, a whole object, or a DELETE's DeleteOptions). */
  readonly body: Value;
  /** The HTTP status code of the answer (200, 201, 404, 409, 422, ...). */
  readonly code: number;
  /** For a failure, the Status the server answered (reason, message byte for byte, causes). */
  readonly failure?: RequestFailure;
  /** The body of the answer: the object written (or, on a dry run, the would-be object), or the Status of a failure. */
  readonly responseBody?: Value;
  /** Why the client sent it, when it is one step of several (e.g. `csaupgrade migration`). */
  readonly purpose?: string;
  /**
   * The conflicts the API server forgave this apply under its last-applied exception (manager
   * `kubectl` only; the live values still equal the last-applied annotation), in the 409 causes'
   * shape; absent when nothing was forgiven. A real server does not say it; the simulator does.
   */
  readonly forgivenConflicts?: readonly { readonly reason: string; readonly message: string; readonly field?: string }[];
}

/**
 * kubectl's migration of client-side-apply ownership (`apply --server-side`, apiserver-semantics
 * §5.2 step 3, accepted by the server): the Update entries of the managers in `from` were folded
 * into the Apply entry of `to`.
 */
export interface OwnershipMigration {
  readonly target: RequestRecord['target'];
  /** The managers whose Update entries (owners of the last-applied annotation) were migrated, in the order processed. */
  readonly from: readonly string[];
  /** The applier's field manager, which now owns their fields. */
  readonly to: string;
  /** True with `--dry-run=server`: the migration was computed, nothing persisted. */
  readonly dryRun: boolean;
}

export interface RequestFailure {
  /** `Conflict`, `NotFound`, `Invalid`, ... ('' for a plain internal error). */
  readonly reason: string;
  readonly message: string;
  /** `details.causes` (e.g. one `FieldManagerConflict` per conflicting path). */
  readonly causes?: readonly { readonly reason: string; readonly message: string; readonly field?: string }[];
  /** The body's fields the schema does not declare, behind the failure (the API server's UndeclaredField; not on the wire). */
  readonly undeclaredFields?: readonly UndeclaredField[];
}

/** Status of an EKS add-on as DescribeAddon reports it. */
export type AddonState = 'CREATING' | 'ACTIVE' | 'CREATE_FAILED' | 'UPDATING' | 'UPDATE_FAILED' | 'DEGRADED';

/** EKS `resolveConflicts` on CreateAddon / UpdateAddon (users-and-peers §3.2). */
export type ResolveConflicts = 'NONE' | 'OVERWRITE' | 'PRESERVE';

/**
 * How EKS implements PRESERVE. AWS does not document it (users-and-peers §3.6), so the simulator
 * offers two models and every PRESERVE outcome names the one used:
 * - `drop-conflicting-paths` (default, "give up the management claim"): EKS removes the
 *   conflicting paths from what it applies; the user's manager stays sole owner.
 * - `apply-live-values` ("become shared manager"): EKS applies the live values at those paths;
 *   the object is the same, but `eks` co-owns them, so the next change by either side conflicts.
 */
export type PreserveModel = 'drop-conflicting-paths' | 'apply-live-values';

export interface AddonIssue {
  /** e.g. `ConfigurationConflict`, `InsufficientNumberOfReplicas`. */
  readonly code: string;
  /** e.g. `Conflicts found when trying to apply. Will not continue due to resolve conflicts mode. Conflicts: DaemonSet.apps aws-node - .spec...image` */
  readonly message: string;
  /** Objects concerned, e.g. `DaemonSet.apps aws-node`. */
  readonly resourceIds: readonly string[];
}

/** One path EKS kept the user's value for under PRESERVE, and how. */
export interface PreservedPath {
  /** `DaemonSet.apps aws-node` */
  readonly object: string;
  /** `.spec.template.spec.containers[name="aws-node"].env[name="WARM_IP_TARGET"].value` */
  readonly path: string;
  /** The managers that owned it before (and keep it). */
  readonly owners: readonly string[];
}

export interface AddonStatus {
  readonly clusterName: string;
  readonly addonName: string;
  readonly addonVersion: string;
  readonly status: AddonState;
  readonly health: { readonly issues: readonly AddonIssue[] };
  readonly resolveConflicts: ResolveConflicts;
  /** Set when `resolveConflicts` is PRESERVE and something was preserved: the model that produced the result. */
  readonly preserveModel?: PreserveModel;
  /** Paths whose live values were preserved (PRESERVE only). */
  readonly preserved?: readonly PreservedPath[];
  /** The configuration values in force (JSON or YAML text as given), if any. */
  readonly configurationValues?: string;
}

/**
 * What an action produced. `exitCode` is 0 on success; kubectl uses 1 for every failure; the EKS
 * actor mirrors `aws eks` (0 when the API call was accepted, even if the add-on then failed:
 * look at `addon.status`), and `eksctl`-style failure text goes to stderr.
 */
export interface ActorOutcome {
  readonly state: ClusterState;
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  readonly requests: readonly RequestRecord[];
  /** The add-on after an EKS action. */
  readonly addon?: AddonStatus;
  /** Statements about the model behind the result, shown to users (e.g. which PRESERVE model was used). */
  readonly notes?: readonly string[];
  /** kubectl's migrations of client-side-apply ownership, one per object migrated; absent when none. */
  readonly migrations?: readonly OwnershipMigration[];
}

/** Options every actor accepts. */
export interface CommonOptions {
  /**
   * Wall-clock time of the action, RFC 3339 UTC at second precision (`2022-09-01T10:00:00Z`);
   * it becomes the `time` of the managedFields entries written. Default: the cluster's clock.
   */
  readonly now?: string;
  /** HTTP User-Agent. Default per actor, e.g. kubectl `kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07`. */
  readonly userAgent?: string;
  /**
   * How manifest text is read into objects; supplied by the runner (a scenario run reads the same
   * add-on manifest at several steps and gives a reader that reads each text once). Default: read
   * each time.
   */
  readonly readObjects?: ObjectReader;
}

/**
 * Names an object the kubectl way: `resource` is a type as typed on the command line
 * (`daemonset`, `ds`, `daemonsets.apps`, `deploy`, `cm`, ...) optionally with `/name`
 * (`daemonset/aws-node`), and `name` is given separately when not.
 */
export interface TargetOptions extends CommonOptions {
  readonly resource: string;
  readonly name?: string;
  /** `-n`. Default `default` (ignored for cluster-scoped kinds). */
  readonly namespace?: string;
}

/** `--dry-run`: `none` (default), `server` (`?dryRun=All`), `client` (nothing sent). */
export type DryRun = 'none' | 'server' | 'client';

/**
 * `--validate` of apply, create and edit: `strict` or `true` (the default) sends
 * `?fieldValidation=Strict`, `warn` sends `Warn`, `ignore` or `false` sends `Ignore`.
 */
export type ValidateFlag = 'strict' | 'warn' | 'ignore' | 'true' | 'false' | boolean;

/** Options of the kubectl commands that read files (`-f`). */
export interface FileOptions {
  /**
   * The `-f` argument as typed, which kubectl names in wrapped errors
   * (`error when creating "deploy.yaml": ...`). Default `STDIN` (`-f -`).
   */
  readonly filename?: string;
}

export interface KubectlApplyOptions extends CommonOptions, FileOptions {
  /** `-f`: what to apply. */
  readonly manifests: Manifests;
  /** `-n`: namespace for objects that have none. Default `default`. */
  readonly namespace?: string;
  /** `--server-side`. Default false (client-side apply). */
  readonly serverSide?: boolean;
  /** `--field-manager`. Default `kubectl` with --server-side, `kubectl-client-side-apply` without. */
  readonly fieldManager?: string;
  /** `--force-conflicts` (server-side only). Default false. */
  readonly forceConflicts?: boolean;
  /** `--force` (client-side only: delete and re-create on invalid/conflict). Default false. */
  readonly force?: boolean;
  /** `--dry-run`. Default `none`. */
  readonly dryRun?: DryRun;
  /** `--subresource` (server-side only). */
  readonly subresource?: string;
  /** `-o name`: print `daemonset.apps/aws-node` without the verb. */
  readonly output?: 'name';
  /** `--validate`. Default `strict`. */
  readonly validate?: ValidateFlag;
}

/**
 * `kubectl delete`: either `resource` (`configmap/settings`, or a type with `name`) or the objects
 * of `-f` (`manifests`).
 */
export interface KubectlDeleteOptions extends CommonOptions, FileOptions {
  readonly resource?: string;
  readonly name?: string;
  /** `-f`: the objects to delete. */
  readonly manifests?: Manifests;
  /** `-n`. Default `default`. */
  readonly namespace?: string;
  /** `--ignore-not-found`. Default false. */
  readonly ignoreNotFound?: boolean;
  /** `--dry-run`: `server` sends each DELETE with `dryRun: [All]` in its DeleteOptions; `client` sends nothing. Default `none`. */
  readonly dryRun?: DryRun;
}

export interface KubectlReplaceOptions extends CommonOptions, FileOptions {
  /** `-f`: the new objects. */
  readonly manifests: Manifests;
  /** `-n`. Default `default`. */
  readonly namespace?: string;
  /** `--force`: delete each object and create it again instead of a PUT. Default false. */
  readonly force?: boolean;
  /** `--save-config`: write the last-applied annotation. Default false. */
  readonly saveConfig?: boolean;
  /** `--field-manager`. Default `kubectl-replace`. */
  readonly fieldManager?: string;
  /** `--validate`. Default `strict`. */
  readonly validate?: ValidateFlag;
  /** `--dry-run`: `server` sends the PUT with `?dryRun=All`; `client` sends nothing. Not with `force`. Default `none`. */
  readonly dryRun?: DryRun;
}

export interface KubectlCreateOptions extends CommonOptions, FileOptions {
  readonly manifests: Manifests;
  readonly namespace?: string;
  /** `--save-config`: write the last-applied annotation. Default false. */
  readonly saveConfig?: boolean;
  /** `--field-manager`. Default `kubectl-create`. */
  readonly fieldManager?: string;
  readonly dryRun?: DryRun;
  /** `--validate`. Default `strict`. */
  readonly validate?: ValidateFlag;
}

/** What `kubectl create deployment|configmap|secret generic` share: the name, `-n`, `--dry-run`, `-o`. */
export interface KubectlCreateGeneratedOptions extends CommonOptions {
  /** The object's name (the command's NAME argument). */
  readonly name: string;
  /** `-n`: when given, the printed object carries it in `metadata.namespace`. */
  readonly namespace?: string;
  /** `--dry-run`: only `client` is modelled (kubectl builds and prints the object, sending nothing). */
  readonly dryRun?: DryRun;
  /** `-o yaml` prints the object as kubectl's YAML printer does; `-o name` its name. Default: the `created` line. */
  readonly output?: 'yaml' | 'name';
}

/** `kubectl create deployment NAME --image=... [--replicas=N] [--port=P]`. */
export interface KubectlCreateDeploymentOptions extends KubectlCreateGeneratedOptions {
  /** `--image`, once per container (each named after its image). */
  readonly images: readonly string[];
  /** `--replicas`. Default 1. */
  readonly replicas?: number;
  /** `--port`: the first container's containerPort. Default none. */
  readonly port?: number;
}

/** `kubectl create configmap NAME --from-literal=KEY=VALUE ...`. */
export interface KubectlCreateConfigMapOptions extends KubectlCreateGeneratedOptions {
  /** `--from-literal`: key → value. */
  readonly literals?: Readonly<Record<string, string>>;
}

/** `kubectl create secret generic NAME --from-literal=KEY=VALUE ... [--type=T]`. */
export interface KubectlCreateSecretOptions extends KubectlCreateGeneratedOptions {
  /** `--from-literal`: key → value (kubectl stores it base64-encoded in `data`). */
  readonly literals?: Readonly<Record<string, string>>;
  /** `--type`. Default none (the server makes it Opaque). */
  readonly type?: string;
}

export interface KubectlSetEnvOptions extends TargetOptions {
  /** `NAME=value` pairs to set (values are strings, as on the command line). */
  readonly env?: Readonly<Record<string, string>>;
  /** `NAME-`: variables to remove. */
  readonly remove?: readonly string[];
  /** `-c`: the containers (init containers included) by name, with kubectl's `*` wildcards. Default: every container. */
  readonly container?: string;
  /** `--field-manager`. Default `kubectl-set`. */
  readonly fieldManager?: string;
  readonly dryRun?: DryRun;
}

export interface KubectlSetImageOptions extends TargetOptions {
  /** container name → image (`*` for every container). */
  readonly images: Readonly<Record<string, string>>;
  /** `--field-manager`. Default `kubectl-set`. */
  readonly fieldManager?: string;
  readonly dryRun?: DryRun;
}

/**
 * `kubectl set resources`: requests and limits of the containers (and init containers) of a pod
 * or pod template. Resource name → quantity, as kubectl's `--limits=cpu=200m,memory=512Mi`.
 */
export interface KubectlSetResourcesOptions extends TargetOptions {
  /** `--limits`. */
  readonly limits?: Readonly<Record<string, string>>;
  /** `--requests`. */
  readonly requests?: Readonly<Record<string, string>>;
  /** `-c`: the containers to change, by name with kubectl's `*` wildcards. Default `*` (all). */
  readonly container?: string;
  /** `--field-manager`. Default `kubectl-set`. */
  readonly fieldManager?: string;
  readonly dryRun?: DryRun;
}

export interface KubectlEditOptions extends TargetOptions {
  /**
   * What the user changes in the editor, made to the object kubectl shows as a strategic merge
   * patch (`null` deletes a key; items of merged lists are found by their merge key, the others
   * stay; `$patch: delete` removes one); for custom resources a JSON merge patch. Give either
   * this or `edited`.
   */
  readonly changes?: ValueMap;
  /** The whole object as saved from the editor. */
  readonly edited?: KubeObject;
  /** `--save-config`. Default false. */
  readonly saveConfig?: boolean;
  /** `--field-manager`. Default `kubectl-edit`. */
  readonly fieldManager?: string;
  /** `--validate`. Default `strict`. */
  readonly validate?: ValidateFlag;
}

export interface KubectlPatchOptions extends TargetOptions {
  /** `--type`. Default `strategic`. */
  readonly type?: 'json' | 'merge' | 'strategic';
  /** `-p`: the patch, as text (JSON or YAML) or decoded. */
  readonly patch: string | Value;
  /** `--subresource` (`status`, `scale`). */
  readonly subresource?: string;
  /** `--field-manager`. Default `kubectl-patch`. */
  readonly fieldManager?: string;
  readonly dryRun?: DryRun;
}

export interface KubectlScaleOptions extends TargetOptions {
  /** `--replicas`. */
  readonly replicas: number;
  /** `--current-replicas`: precondition; the command fails if replicas differ. */
  readonly currentReplicas?: number;
  readonly dryRun?: DryRun;
}

export interface KubectlLabelOptions extends TargetOptions {
  /** key → value to set; `null` removes the key (`key-` on the command line). */
  readonly labels: Readonly<Record<string, string | null>>;
  /** `--overwrite`. Default false: changing an existing value fails. */
  readonly overwrite?: boolean;
  /** `--field-manager`. Default `kubectl-label`. */
  readonly fieldManager?: string;
  readonly dryRun?: DryRun;
}

export interface KubectlAnnotateOptions extends TargetOptions {
  /** key → value to set; `null` removes the key (`key-`). */
  readonly annotations: Readonly<Record<string, string | null>>;
  /** `--overwrite`. Default false. */
  readonly overwrite?: boolean;
  /** `--field-manager`. Default `kubectl-annotate`. */
  readonly fieldManager?: string;
  readonly dryRun?: DryRun;
}

export interface KubectlRolloutRestartOptions extends TargetOptions {
  /** `--field-manager`. Default `kubectl-rollout`. */
  readonly fieldManager?: string;
}

/** Options shared by CreateAddon and UpdateAddon. */
export interface EksAddonOptions extends CommonOptions {
  /** Default `vpc-cni` (the only add-on with shipped manifests; give `manifests` for others). */
  readonly addonName?: string;
  /** Default: the newest shipped version of the add-on (`v1.11.4-eksbuild.1` for vpc-cni). */
  readonly addonVersion?: string;
  /** The add-on's objects. Default: the shipped manifests of `addonName` at `addonVersion`. */
  readonly manifests?: Manifests;
  /** Default `ironman-2022`. */
  readonly clusterName?: string;
  /** Default `eu-west-1`: the ECR registry region in image names. */
  readonly region?: string;
  /** Default `NONE`. */
  readonly resolveConflicts?: ResolveConflicts;
  /** Default `drop-conflicting-paths`. Only used with PRESERVE. */
  readonly preserveModel?: PreserveModel;
  /**
   * JSON or YAML, merged into the manifests before applying (for vpc-cni: `env` goes into the
   * `aws-node` container's env, `init.env` into the init container's). What is configured this
   * way is applied, hence owned, by `eks`.
   */
  readonly configurationValues?: string;
  /** Field manager. Default `eks`. */
  readonly fieldManager?: string;
  /**
   * The add-on as the previous EKS step left it (the runner passes the last `outcome.addon`):
   * an update without `configurationValues` keeps its configuration, as EKS does.
   */
  readonly current?: AddonStatus;
  /** (Inherited `userAgent`: default `Go-http-client/1.1`, the add-on manager's.) */
}

export type EksCreateAddonOptions = EksAddonOptions;
export type EksUpdateAddonOptions = EksAddonOptions;

export interface ControllerWriteStatusOptions extends CommonOptions {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  /** The status to write: merged into the live status (JSON merge patch semantics). */
  readonly status: ValueMap;
  /** Default `kube-controller-manager`. */
  readonly manager?: string;
  /** `merge-patch` (default, recorded as Update) or `apply` (server-side apply of the status). */
  readonly method?: 'merge-patch' | 'apply';
}

export interface AutoscalerScaleOptions extends CommonOptions {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  readonly replicas: number;
  /** Default `kube-controller-manager` (the HPA). */
  readonly manager?: string;
}

/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  readonly op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  readonly path: string;
  readonly value?: Value;
  readonly from?: string;
}

export interface MutatingWebhookOptions extends CommonOptions {
  /** Webhook name, e.g. `vpc-resource-mutating-webhook`. */
  readonly name: string;
  /** Which requests it mutates. */
  readonly match: {
    readonly apiVersion?: string;
    readonly kind: string;
    readonly namespace?: string;
    /** Default `['CREATE']`. */
    readonly operations?: readonly ('CREATE' | 'UPDATE')[];
  };
  /** The JSON Patch the webhook answers with. Fields it adds are owned by nobody. */
  readonly patch: readonly JsonPatchOperation[];
}

export interface ServerSideApplyClientOptions extends CommonOptions {
  readonly manifests: Manifests;
  readonly namespace?: string;
  /** Required: the applier's name (Flux `kustomize-controller`, Argo `argocd-controller`, `helm`, ...). */
  readonly fieldManager: string;
  readonly force?: boolean;
  readonly dryRun?: boolean;
}

export interface ClientUpdateOptions extends CommonOptions {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  /** `merge` (default), `json` or `strategic` patch with `patch`; `put` replaces, `create` POSTs `object`. */
  readonly method?: 'merge' | 'json' | 'strategic' | 'put' | 'create';
  readonly patch?: Value;
  readonly object?: KubeObject;
  /** Explicit manager; default none (the server takes the user agent up to `/`). */
  readonly fieldManager?: string;
  readonly subresource?: string;
}

/** An actor: a pure function of the cluster and its options. */
export type Actor<O> = (state: ClusterState, options: O) => ActorOutcome;
