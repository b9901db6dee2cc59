/**
 * What the registry strategy of each built-in resource declares, in one table: the reset fields
 * of its main-resource strategy and of its status strategy (`GetResetFields` in
 * kubernetes/kubernetes pkg/registry/<group>/<resource>/strategy.go, apiserver-semantics §3.6),
 * what its `PrepareForCreate` clears when that differs from the main reset fields, and whether a
 * PUT on a missing name creates the object (`AllowCreateOnUpdate`).
 *
 * Reset fields do two things here, as upstream: the field manager of that endpoint leaves them out
 * of every manager's set (no ownership, no conflicts), and the strategy puts their old values back
 * (a main write keeps the old status, a status write keeps the old spec).
 *
 * A kind missing from this table is an error (test/apiserver/builtin-strategies.test.ts checks the
 * table against the served kinds), so a new kind cannot silently get no resets.
 */

/** Paths as field names from the root: `[['spec'], ['metadata', 'labels']]`. */
export type FieldPaths = readonly (readonly string[])[];

export interface StrategyFacts {
  /** The main resource strategy's reset fields. */
  readonly main: FieldPaths;
  /** The status strategy's reset fields (kinds with a status subresource). */
  readonly status?: FieldPaths;
  /** What PrepareForCreate clears; default: `main`. */
  readonly create?: FieldPaths;
  /** PUT on a missing name creates the object. */
  readonly createOnUpdate?: true;
  /**
   * Other subresources that read and write the kind itself, with their strategies' reset fields
   * (a Pod's `ephemeralcontainers`: podEphemeralContainersStrategy inherits podStrategy's).
   */
  readonly subresources?: Readonly<Record<string, FieldPaths>>;
  /**
   * False when the rows' reset fields follow the common pattern (main resets `status`, status
   * resets `spec`) without having been read in that kind's strategy source.
   */
  readonly checked: boolean;
}

const STATUS: FieldPaths = [['status']];
const SPEC: FieldPaths = [['spec']];
const SPEC_AND_METADATA: FieldPaths = [['spec'], ['metadata']];
/** Main resets status, status resets spec: the common pattern, read in the kind's source. */
const STATUS_SPEC: StrategyFacts = { main: STATUS, status: SPEC, checked: true };
/** The common pattern, not read in the kind's source. */
const STATUS_SPEC_UNCHECKED: StrategyFacts = { main: STATUS, status: SPEC, checked: false };
/** No GetResetFields: nothing reset. */
const NONE: StrategyFacts = { main: [], checked: true };

/** Keyed `group/Kind` (`/Pod` for the core group). */
export const BUILTIN_STRATEGIES: Readonly<Record<string, StrategyFacts>> = {
  '/ConfigMap': NONE,
  '/Endpoints': { ...NONE, createOnUpdate: true },
  '/Event': NONE,
  '/LimitRange': NONE,
  '/Namespace': STATUS_SPEC,
  // "Nodes allow *all* fields, including status, to be set on create": a kubelet registers its Node with its status.
  '/Node': { ...STATUS_SPEC, create: [] },
  '/PersistentVolume': STATUS_SPEC,
  '/PersistentVolumeClaim': STATUS_SPEC,
  '/Pod': { main: STATUS, status: [['spec'], ['metadata', 'deletionTimestamp'], ['metadata', 'ownerReferences']], subresources: { ephemeralcontainers: STATUS }, checked: true },
  '/PodTemplate': NONE,
  '/ReplicationController': STATUS_SPEC,
  '/ResourceQuota': STATUS_SPEC,
  '/Secret': NONE,
  '/Service': STATUS_SPEC,
  '/ServiceAccount': NONE,
  'admissionregistration.k8s.io/MutatingAdmissionPolicy': NONE,
  'admissionregistration.k8s.io/MutatingAdmissionPolicyBinding': NONE,
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': NONE,
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': { main: STATUS, status: SPEC_AND_METADATA, checked: true },
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': NONE,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': NONE,
  'apiextensions.k8s.io/CustomResourceDefinition': { main: STATUS, status: SPEC_AND_METADATA, checked: true },
  'apps/ControllerRevision': NONE,
  // Only Deployment's status strategy resets labels; DaemonSet, StatefulSet and ReplicaSet let /status write them.
  'apps/DaemonSet': STATUS_SPEC,
  'apps/Deployment': { main: STATUS, status: [['spec'], ['metadata', 'labels']], checked: true },
  'apps/ReplicaSet': STATUS_SPEC,
  'apps/StatefulSet': STATUS_SPEC,
  'autoscaling/HorizontalPodAutoscaler': STATUS_SPEC,
  'batch/CronJob': STATUS_SPEC,
  'batch/Job': STATUS_SPEC,
  // A CSR's spec is immutable: updates reset it (and creates still set it).
  'certificates.k8s.io/CertificateSigningRequest': { main: [['spec'], ['status']], create: STATUS, status: [['spec'], ['status', 'conditions']], checked: true },
  'certificates.k8s.io/ClusterTrustBundle': NONE,
  'certificates.k8s.io/PodCertificateRequest': STATUS_SPEC_UNCHECKED,
  'coordination.k8s.io/Lease': NONE,
  'discovery.k8s.io/EndpointSlice': NONE,
  'events.k8s.io/Event': NONE,
  'flowcontrol.apiserver.k8s.io/FlowSchema': { main: STATUS, status: SPEC_AND_METADATA, checked: true },
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration': { main: STATUS, status: SPEC_AND_METADATA, checked: true },
  'networking.k8s.io/IPAddress': NONE,
  'networking.k8s.io/Ingress': STATUS_SPEC,
  'networking.k8s.io/IngressClass': NONE,
  'networking.k8s.io/NetworkPolicy': NONE,
  'networking.k8s.io/ServiceCIDR': STATUS_SPEC,
  'node.k8s.io/RuntimeClass': NONE,
  'policy/PodDisruptionBudget': STATUS_SPEC,
  'rbac.authorization.k8s.io/ClusterRole': NONE,
  'rbac.authorization.k8s.io/ClusterRoleBinding': NONE,
  'rbac.authorization.k8s.io/Role': NONE,
  'rbac.authorization.k8s.io/RoleBinding': NONE,
  'resource.k8s.io/DeviceClass': NONE,
  'resource.k8s.io/DeviceTaintRule': STATUS_SPEC_UNCHECKED,
  'resource.k8s.io/ResourceClaim': STATUS_SPEC,
  'resource.k8s.io/ResourceClaimTemplate': NONE,
  'resource.k8s.io/ResourceSlice': NONE,
  'scheduling.k8s.io/PriorityClass': NONE,
  'storage.k8s.io/CSIDriver': NONE,
  'storage.k8s.io/CSINode': NONE,
  'storage.k8s.io/CSIStorageCapacity': NONE,
  'storage.k8s.io/StorageClass': NONE,
  'storage.k8s.io/VolumeAttachment': { main: STATUS, status: SPEC_AND_METADATA, checked: true },
  'storage.k8s.io/VolumeAttributesClass': NONE,
  'storagemigration.k8s.io/StorageVersionMigration': STATUS_SPEC_UNCHECKED,
};

/** The strategy facts of a built-in group/kind, or undefined when the kind is not built in. */
export function builtinStrategy(group: string, kind: string): StrategyFacts | undefined {
  const key = `${group}/${kind}`;
  return Object.hasOwn(BUILTIN_STRATEGIES, key) ? BUILTIN_STRATEGIES[key] : undefined;
}
