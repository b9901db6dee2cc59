/**
 * The validation of a write, composed as kube-apiserver 1.32 composes it (k8s.io/apiserver
 * pkg/registry/rest create.go and update.go, and each kind's registry strategy).
 *
 * Create (BeforeCreate): the kind's Validate (its metadata rule and its spec checks); only when
 * that passes, the generic metadata check.
 *
 * Update (BeforeUpdate): the common checks (the generic metadata check, then
 * ValidateObjectMetaAccessorUpdate), then the kind's ValidateUpdate, which starts with
 * ValidateObjectMetaUpdate again (every built-in kind's and apiextensions' custom resources do), so
 * a metadata error is listed twice among the causes and once in the message (status.ts). Some
 * kinds run their create validation inside ValidateUpdate too (ReplicaSet, DaemonSet,
 * StatefulSet, ConfigMap, Secret), which repeats their spec errors the same way.
 *
 * Spec checks are modelled for the workloads (validate-workload.ts), a Pod's spec on create and
 * update (validate-pod-template.ts) and its update rules (validate-pod-update.ts), a Job's spec and immutable fields
 * (validate-job.ts) and ConfigMap and Secret (validate-immutable-data.ts), and only outside the unit-test harness mode (whose upstream
 * harness has no registry strategy).
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { schemaErrors } from './cr-schema-validation.js';
import { blockingError, celRuleErrors, hasCelRules } from './cr-cel-validation.js';
import { crScaleErrors } from './validate-cr-scale.js';
import { getPath } from './object-paths.js';
import type { FieldError } from './status.js';
import type { ResourceType } from './types.js';
import { crdSpecErrors } from './validate-crd.js';
import { configMapUpdateErrors, secretUpdateErrors } from './validate-immutable-data.js';
import { generatedSelectorErrors, jobSpecErrors, jobUpdateErrors } from './validate-job.js';
import { genericMetadataErrors, kindMetadataErrors } from './validate-object-meta.js';
import { objectMetaUpdateErrors } from './validate-object-meta-update.js';
import { podCreateErrors, podOnlyErrors, podSpecErrors } from './validate-pod-template.js';
import { podUpdateErrors } from './validate-pod-update.js';
import { podAnnotationsErrors, podAnnotationUpdatesErrors } from './validate-pod-annotations.js';
import { ephemeralContainersUpdateErrors } from './validate-ephemeral-containers.js';
import { profileAnnotationErrors } from './validate-profile-annotations.js';
import { selectorImmutableErrors, statefulSetForbiddenUpdateErrors, workloadSpecErrors, type WorkloadKind } from './validate-workload.js';

const WORKLOADS: Readonly<Record<string, WorkloadKind>> = {
  'apps/Deployment': 'Deployment',
  'apps/ReplicaSet': 'ReplicaSet',
  'apps/DaemonSet': 'DaemonSet',
  'apps/StatefulSet': 'StatefulSet',
};

function workloadOf(resource: ResourceType): WorkloadKind | undefined {
  const id = `${resource.group}/${resource.kind}`;
  return !resource.custom && Object.hasOwn(WORKLOADS, id) ? WORKLOADS[id] : undefined;
}

function builtin(resource: ResourceType, group: string, kind: string): boolean {
  return !resource.custom && resource.group === group && resource.kind === kind;
}

/** The 422's field errors for a new object (its name generated, PrepareForCreate done), or none. */
export function createErrors(resource: ResourceType, obj: ValueMap, specChecks: boolean, crSchema?: Value, warnings: string[] = []): FieldError[] {
  const workload = specChecks ? workloadOf(resource) : undefined;
  const pod = specChecks && builtin(resource, '', 'Pod');
  const job = specChecks && builtin(resource, 'batch', 'Job');
  const crd = specChecks && builtin(resource, 'apiextensions.k8s.io', 'CustomResourceDefinition');
  const own = [
    ...kindMetadataErrors(resource, obj),
    ...(workload ? workloadSpecErrors(workload, obj) : []),
    ...(pod ? [...podAnnotationsErrors(getPath(obj, ['metadata', 'annotations']), getKey(obj, 'spec'), 'metadata.annotations'), ...podSpecErrors(getKey(obj, 'spec'), 'spec', true), ...podOnlyErrors(getKey(obj, 'spec'), 'spec'), ...podCreateErrors(getKey(obj, 'spec'), 'spec'), ...profileAnnotationErrors(getPath(obj, ['metadata', 'annotations']), getKey(obj, 'spec'), 'spec')] : []),
    ...(job ? [...generatedSelectorErrors(obj), ...jobSpecErrors(obj)] : []),
    // A custom resource's Validate: its metadata, then its CRD version's schema, then its rules.
    ...(specChecks && resource.custom ? customResourceCreateErrors(resource, obj, crSchema, warnings) : []),
    ...(crd ? crdSpecErrors(obj) : []),
  ];
  return own.length > 0 ? own : genericMetadataErrors(obj);
}

/** A custom resource's schema and scale errors on create, then its CEL rules' (after the metadata's, schema's and scale's errors). */
function customResourceCreateErrors(resource: ResourceType, obj: ValueMap, crSchema: Value | undefined, warnings: string[]): FieldError[] {
  const checked = [...schemaErrors(crSchema, obj), ...crScaleErrors(resource.scale, obj, true)];
  return [...checked, ...rulesAfter(crSchema, [...kindMetadataErrors(resource, obj), ...checked], obj, undefined, false, warnings)];
}

/**
 * The CEL rules' errors after the strategy's other errors `before` (only the stand-in when one of
 * those blocks them: cr-cel-validation.ts); the rules' warnings go to `warnings`.
 */
function rulesAfter(crSchema: Value | undefined, before: readonly FieldError[], obj: ValueMap, old: ValueMap | undefined, ratchet: boolean, warnings: string[]): FieldError[] {
  if (!hasCelRules(crSchema)) return [];
  const blocked = blockingError(before);
  if (blocked) return [blocked];
  const r = celRuleErrors(crSchema, obj, old, ratchet);
  warnings.push(...r.warnings);
  return r.errors;
}

/**
 * The 422's field errors for an update of the main resource or a subresource (after PrepareForUpdate), or none.
 *
 * The update reads the old object from storage decoded with defaulting; `decodedOld` gives it, asked
 * only by the checks that compare specs (a Pod's update rules, a StatefulSet's or Job's fixed
 * fields, immutable data, a CRD, a custom resource's ratcheting). The others read `old` as stored:
 * defaulting writes none of what they compare (the immutable metadata, which every stored object
 * has; an apps/v1 workload's selector, which has no default). Defaulting a stored object again costs
 * a copy of it on every update, and most updates never need it.
 */
export function updateErrors(
  resource: ResourceType,
  subresource: string,
  next: ValueMap,
  old: ValueMap,
  specChecks: boolean,
  crSchema?: Value,
  decodedOld: () => ValueMap = () => old,
  warnings: string[] = [],
): FieldError[] {
  const metaUpdate = objectMetaUpdateErrors(next, old);
  const common = [...genericMetadataErrors(next), ...metaUpdate];
  // The strategy's ValidateUpdate: the schema (ratcheting), the scale, then the rules (ratcheting too).
  if (specChecks && resource.custom && subresource === '') {
    const checked = [...metaUpdate, ...schemaErrors(crSchema, next, '', decodedOld()), ...crScaleErrors(resource.scale, next, true)];
    return [...common, ...checked, ...rulesAfter(crSchema, checked, next, decodedOld(), true, warnings)];
  }
  // ValidateStatusUpdate: a `status` the object has, against the schema's `status` property (no
  // ratcheting); then the rules over the whole object, with the old object but no ratcheting.
  if (specChecks && resource.custom && subresource === 'status') {
    const properties = isMap(crSchema) ? getKey(crSchema, 'properties') : undefined;
    const checked = [...metaUpdate, ...schemaErrors(isMap(properties) ? getKey(properties, 'status') : undefined, getKey(next, 'status'), 'status'), ...crScaleErrors(resource.scale, next, false)];
    return [...common, ...checked, ...rulesAfter(crSchema, checked, next, decodedOld(), false, warnings)];
  }
  // ValidatePodEphemeralContainersUpdate: the metadata update, the new pod as on create, its
  // annotation updates, then the ephemeral containers' own rules.
  if (specChecks && subresource === 'ephemeralcontainers' && builtin(resource, '', 'Pod')) {
    const spec = getKey(next, 'spec');
    const before = decodedOld();
    const own = ephemeralContainersUpdateErrors(spec, getKey(before, 'spec'), getPath(before, ['metadata', 'annotations']));
    if (own.stop) return [...common, ...own.errors];
    return [
      ...common,
      ...metaUpdate,
      ...kindMetadataErrors(resource, next),
      ...podAnnotationsErrors(getPath(next, ['metadata', 'annotations']), spec, 'metadata.annotations'),
      ...podSpecErrors(spec, 'spec', true),
      ...podOnlyErrors(spec, 'spec'),
      ...podAnnotationUpdatesErrors(getPath(next, ['metadata', 'annotations']), getPath(before, ['metadata', 'annotations']), spec, 'metadata.annotations'),
      ...own.errors,
    ];
  }
  if (!specChecks || subresource !== '') return [...common, ...metaUpdate];
  const workload = workloadOf(resource);
  if (workload) {
    const spec = workloadSpecErrors(workload, next);
    switch (workload) {
      case 'Deployment':
        return [...common, ...metaUpdate, ...spec, ...selectorImmutableErrors(next, old)];
      case 'StatefulSet':
        return [...common, ...kindMetadataErrors(resource, next), ...spec, ...metaUpdate, ...spec, ...statefulSetForbiddenUpdateErrors(next, decodedOld())];
      default:
        return [...common, ...kindMetadataErrors(resource, next), ...spec, ...metaUpdate, ...spec, ...selectorImmutableErrors(next, old)];
    }
  }
  // ValidateJob (the create checks), then ValidateJobUpdate, which runs ValidateJobSpec again.
  if (builtin(resource, 'batch', 'Job')) {
    const spec = jobSpecErrors(next);
    return [...common, ...kindMetadataErrors(resource, next), ...generatedSelectorErrors(next), ...spec, ...metaUpdate, ...spec, ...jobUpdateErrors(next, decodedOld())];
  }
  // ValidatePodUpdate: the new pod's metadata and spec as on create, then the update rules.
  if (builtin(resource, '', 'Pod')) {
    const spec = getKey(next, 'spec');
    const before = decodedOld();
    const annotations = podAnnotationsErrors(getPath(next, ['metadata', 'annotations']), spec, 'metadata.annotations');
    return [
      ...common,
      ...metaUpdate,
      ...kindMetadataErrors(resource, next),
      ...annotations,
      ...podSpecErrors(spec, 'spec', true),
      ...podOnlyErrors(spec, 'spec'),
      ...podAnnotationUpdatesErrors(getPath(next, ['metadata', 'annotations']), getPath(before, ['metadata', 'annotations']), spec, 'metadata.annotations'),
      ...podUpdateErrors(spec, getKey(before, 'spec')),
    ];
  }
  if (builtin(resource, '', 'ConfigMap')) return [...common, ...metaUpdate, ...configMapUpdateErrors(next, decodedOld()), ...kindMetadataErrors(resource, next)];
  // validateCustomResourceDefinitionUpdate: ValidateObjectMetaUpdate, then the spec as on create.
  if (builtin(resource, 'apiextensions.k8s.io', 'CustomResourceDefinition')) return [...common, ...metaUpdate, ...crdSpecErrors(next, decodedOld())];
  if (builtin(resource, '', 'Secret')) return [...common, ...metaUpdate, ...secretUpdateErrors(next, decodedOld()), ...kindMetadataErrors(resource, next)];
  return [...common, ...metaUpdate];
}
