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
import { getKey, isMap } from '../value/value.js';
import { getPath, metadataOf, metaString } from './object-paths.js';
import { isQualifiedName, isValidLabelValue, nameIsDns1035Label, nameIsDnsLabel, nameIsDnsSubdomain, pathSegmentName, type NameFunc } from './name-validation.js';
import type { FieldError } from './status.js';
import type { KubeObject, ResourceType } from './types.js';
import { utf8Length } from './utf8.js';

/** `TotalAnnotationSizeLimitB`: keys and values together, in bytes. */
const ANNOTATIONS_SIZE_LIMIT = 256 * 1024;

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

/** The 422's field errors for a new object (name already generated), or none. */
export function createMetadataErrors(resource: ResourceType, obj: KubeObject): FieldError[] {
  const rule = kindNameRule(resource, obj);
  if (rule) {
    const errors = objectMetaErrors(obj, rule);
    if (errors.length > 0) return errors;
  }
  return objectMetaErrors(obj, pathSegmentName);
}

/** `ValidateObjectMetaAccessor` for what a client sets: generateName, name, labels, annotations. */
function objectMetaErrors(obj: KubeObject, nameFn: NameFunc): FieldError[] {
  const errors: FieldError[] = [];
  const invalid = (field: string, value: string, detail: string) => errors.push({ type: 'FieldValueInvalid', field, value: goQuote(value), detail });
  const generateName = metaString(obj, 'generateName');
  if (generateName !== '') for (const msg of nameFn(generateName, true)) invalid('metadata.generateName', generateName, msg);
  const name = metaString(obj, 'name');
  if (name === '') errors.push({ type: 'FieldValueRequired', field: 'metadata.name', detail: 'name or generateName is required' });
  else for (const msg of nameFn(name, false)) invalid('metadata.name', name, msg);
  const meta = metadataOf(obj);
  const labels = getKey(meta, 'labels');
  if (isMap(labels)) {
    for (const key of Object.keys(labels)) {
      for (const msg of isQualifiedName(key)) invalid('metadata.labels', key, msg);
      const value = labels[key];
      if (typeof value === 'string') for (const msg of isValidLabelValue(value)) invalid('metadata.labels', value, msg);
    }
  }
  const annotations = getKey(meta, 'annotations');
  if (isMap(annotations)) {
    let size = 0;
    for (const key of Object.keys(annotations)) {
      for (const msg of isQualifiedName(key.toLowerCase())) invalid('metadata.annotations', key, msg);
      const value = annotations[key];
      size += utf8Length(key) + (typeof value === 'string' ? utf8Length(value) : 0);
    }
    if (size > ANNOTATIONS_SIZE_LIMIT) errors.push({ type: 'FieldValueTooLong', field: 'metadata.annotations', detail: `may not be more than ${ANNOTATIONS_SIZE_LIMIT} bytes` });
  }
  return errors;
}
