/**
 * A new object's metadata checked as kube-apiserver 1.32 checks it on create (rest.BeforeCreate):
 * first the kind's own validation, whose `ValidateObjectMeta` checks `generateName` and `name`
 * with the kind's name rule, then labels and annotations; when that passes, the generic
 * `ValidateObjectMetaAccessor` with the rule every name follows (a path segment). Only the
 * metadata part of a kind's validation is modelled, so for the kinds below a name, label or
 * annotation problem is answered with the kind's own rule; other kinds get the generic check.
 *
 * Name rules (pkg/apis/*\/validation of kubernetes/kubernetes): Namespace a DNS label, Service a
 * DNS-1035 label, the RBAC kinds a path segment (ValidateRBACName), custom resources and the
 * kinds listed as `subdomain` an RFC 1123 subdomain; a CustomResourceDefinition's is also its
 * `<plural>.<group>` (apiextensions-apiserver's ValidateCustomResourceDefinition).
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { getKey } from '../value/value.js';
import { getPath, metadataOf, metaString } from './object-paths.js';
import { nameIsDns1035Label, nameIsDnsLabel, nameIsDnsSubdomain, pathSegmentName, type NameFunc } from './name-validation.js';
import type { FieldError } from './status.js';
import type { KubeObject, ResourceType } from './types.js';
import { annotationsErrors, labelsErrors } from './validate-labels.js';
import { finalizersErrors, ownerReferencesErrors } from './validate-owners-finalizers.js';

const rbacName: NameFunc = (name) => pathSegmentName(name, false);

/** The name rule of each kind whose validation is modelled, by `group/Kind`. */
const KIND_NAME_RULES: Readonly<Record<string, NameFunc>> = {
  '/Namespace': nameIsDnsLabel,
  '/Service': nameIsDns1035Label,
  '/ConfigMap': nameIsDnsSubdomain,
  '/Secret': nameIsDnsSubdomain,
  '/ServiceAccount': nameIsDnsSubdomain,
  '/Pod': nameIsDnsSubdomain,
  '/Node': nameIsDnsSubdomain,
  'apps/Deployment': nameIsDnsSubdomain,
  'apps/ReplicaSet': nameIsDnsSubdomain,
  'apps/DaemonSet': nameIsDnsSubdomain,
  'batch/Job': nameIsDnsSubdomain,
  'rbac.authorization.k8s.io/Role': rbacName,
  'rbac.authorization.k8s.io/ClusterRole': rbacName,
  'rbac.authorization.k8s.io/RoleBinding': rbacName,
  'rbac.authorization.k8s.io/ClusterRoleBinding': rbacName,
};

function kindNameRule(resource: ResourceType, obj: KubeObject): NameFunc | undefined {
  if (resource.custom) return nameIsDnsSubdomain;
  const id = `${resource.group}/${resource.kind}`;
  if (id === 'apiextensions.k8s.io/CustomResourceDefinition') return crdNameRule(obj);
  return Object.hasOwn(KIND_NAME_RULES, id) ? KIND_NAME_RULES[id] : undefined;
}

/** ValidateCustomResourceDefinition's name rule: an RFC 1123 subdomain that is `<plural>.<group>` (a generateName too). */
function crdNameRule(obj: KubeObject): NameFunc {
  const plural = getPath(obj, ['spec', 'names', 'plural']);
  const group = getPath(obj, ['spec', 'group']);
  const required = `${typeof plural === 'string' ? plural : ''}.${typeof group === 'string' ? group : ''}`;
  return (name, prefix) => [...nameIsDnsSubdomain(name, prefix), ...(name !== required ? ['must be spec.names.plural+"."+spec.group'] : [])];
}

/**
 * The metadata part of the kind's own validation (`ValidateObjectMeta` with its name rule), for
 * the kinds whose rule is modelled; none for the others.
 */
export function kindMetadataErrors(resource: ResourceType, obj: KubeObject): FieldError[] {
  const rule = kindNameRule(resource, obj);
  return rule ? objectMetaErrors(obj, rule) : [];
}

/** The generic `ValidateObjectMetaAccessor` every kind's object passes (names a path segment). */
export function genericMetadataErrors(obj: KubeObject): FieldError[] {
  return objectMetaErrors(obj, pathSegmentName);
}

/** `ValidateObjectMetaAccessor` for what a client sets: generateName, name, labels, annotations, owner references, finalizers. */
function objectMetaErrors(obj: KubeObject, nameFn: NameFunc): FieldError[] {
  const errors: FieldError[] = [];
  const invalid = (field: string, value: string, detail: string) => errors.push({ type: 'FieldValueInvalid', field, value: goQuote(value), detail });
  const generateName = metaString(obj, 'generateName');
  if (generateName !== '') for (const msg of nameFn(generateName, true)) invalid('metadata.generateName', generateName, msg);
  const name = metaString(obj, 'name');
  if (name === '') errors.push({ type: 'FieldValueRequired', field: 'metadata.name', detail: 'name or generateName is required' });
  else for (const msg of nameFn(name, false)) invalid('metadata.name', name, msg);
  const meta = metadataOf(obj);
  errors.push(
    ...labelsErrors(getKey(meta, 'labels'), 'metadata.labels'),
    ...annotationsErrors(getKey(meta, 'annotations'), 'metadata.annotations'),
    ...ownerReferencesErrors(getKey(meta, 'ownerReferences'), 'metadata.ownerReferences'),
    ...finalizersErrors(getKey(meta, 'finalizers'), 'metadata.finalizers'),
  );
  return errors;
}
