#!/usr/bin/env node
/**
 * Generates two files from ../shared/reference:
 *
 * src/schema/builtin/kinds.generated.ts, the built-in kinds the API server serves: every kind of a
 * GA API version (`v1`, `v2`, ...) of the reference schema (a type `io.k8s.api.<group>.<version>.<Kind>`
 * with `apiVersion`, `kind` and an ObjectMeta `metadata`), except the few NOT_SERVED below, each
 * joined with its REST facts (REST_FACTS below: plural resource, scope, short names, subresources,
 * as the Kubernetes API server's discovery reports them). A kind without facts, or facts without a
 * kind, stops the generator.
 *
 * src/schema/builtin/k8s-types.generated.ts, the built-in Kubernetes schema, in our
 * compact notation (src/schema/builtin/compact-parse.ts):
 * - types: every type reachable from the built-in kinds (src/schema/builtin/kinds.ts) and the
 *   hand-written extra types, with the merge semantics of ../shared/reference/kubernetes-schema.yaml
 *   (field names and types, list types and keys, key defaults, map element types, atomic maps);
 * - strategic-merge-patch metadata from ../shared/reference/openapi-v2-subset.json where it defines
 *   the type and the field; else from KNOWN_PATCH_METADATA below (the `patchStrategy` and
 *   `patchMergeKey` the Kubernetes API types declare on fields the subset does not cover); else
 *   only a merge key derived from a list map with one key.
 *
 * Run after `npm run build` (it uses the compiled readers and writers):
 *   npm run build && node tools/gen-builtin-schema.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(repo, '..', 'shared', 'reference');
const dist = (p) => import(resolve(repo, 'dist', 'src', 'schema', p));

const { parseSchema } = await dist('parse-schema.js');
const { parseCompactSchema } = await dist('builtin/compact-parse.js');
const { formatCompactSchema } = await dist('builtin/compact-format.js');
const { openApiToSchema } = await dist('openapi/openapi-to-schema.js');
const { GROUP_SHORT_NAMES, HAND_WRITTEN_KINDS } = await dist('builtin/kinds.js');
const { EXTRA_TYPE_LINES } = await dist('builtin/extra-types.js');

const reference = parseSchema(readFileSync(resolve(shared, 'kubernetes-schema.yaml'), 'utf8'), { file: 'kubernetes-schema.yaml' });
const refTypes = new Map(reference.types.map((t) => [t.name, t]));

// ------------------------------------------------------------------------------------------------
// The kinds

/**
 * Kinds of a GA version in the reference that the server does not serve as resources of their own.
 * Keyed `group/version/Kind`; the value says why.
 */
const NOT_SERVED = new Map([
  ['policy/v1/Eviction', 'the body of the pods/eviction subresource, not a resource'],
  ['/v1/ComponentStatus', 'read-only and deprecated: nothing can write one, so nothing owns its fields'],
]);

/**
 * Kinds served at two GA versions because the API server converts between them
 * (src/apiserver/conversions.ts has the conversion). Any other kind found at two GA versions stops
 * the generator.
 */
const CONVERTED = new Set(['autoscaling/HorizontalPodAutoscaler']);

/**
 * What the Kubernetes API server's discovery says about each served built-in kind (by group/Kind):
 * plural resource, scope (`cluster: true` for cluster-scoped), short names, the categories its
 * REST storage declares (`kubectl get all` lists the `all` category), and which of the two
 * modelled subresources it has (`status`, `scale`). Other subresources (pods/log, pods/eviction,
 * serviceaccounts/token, certificatesigningrequests/approval, namespaces/finalize, ...) are not
 * modelled.
 */
const REST_FACTS = {
  '/ConfigMap': { resource: 'configmaps', shortNames: ['cm'] },
  '/Endpoints': { resource: 'endpoints', shortNames: ['ep'] },
  '/Event': { resource: 'events', shortNames: ['ev'] },
  '/LimitRange': { resource: 'limitranges', shortNames: ['limits'] },
  '/Namespace': { resource: 'namespaces', cluster: true, shortNames: ['ns'], status: true },
  '/Node': { resource: 'nodes', cluster: true, shortNames: ['no'], status: true },
  '/PersistentVolume': { resource: 'persistentvolumes', cluster: true, shortNames: ['pv'], status: true },
  '/PersistentVolumeClaim': { resource: 'persistentvolumeclaims', shortNames: ['pvc'], status: true },
  '/Pod': { resource: 'pods', shortNames: ['po'], status: true, categories: ['all'] },
  '/PodTemplate': { resource: 'podtemplates' },
  '/ReplicationController': { resource: 'replicationcontrollers', shortNames: ['rc'], status: true, scale: true, categories: ['all'] },
  '/ResourceQuota': { resource: 'resourcequotas', shortNames: ['quota'], status: true },
  '/Secret': { resource: 'secrets' },
  '/Service': { resource: 'services', shortNames: ['svc'], status: true, categories: ['all'] },
  '/ServiceAccount': { resource: 'serviceaccounts', shortNames: ['sa'] },
  'admissionregistration.k8s.io/MutatingAdmissionPolicy': { resource: 'mutatingadmissionpolicies', cluster: true, categories: ['api-extensions'] },
  'admissionregistration.k8s.io/MutatingAdmissionPolicyBinding': { resource: 'mutatingadmissionpolicybindings', cluster: true, categories: ['api-extensions'] },
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': { resource: 'mutatingwebhookconfigurations', cluster: true, categories: ['api-extensions'] },
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': { resource: 'validatingadmissionpolicies', cluster: true, status: true, categories: ['api-extensions'] },
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': { resource: 'validatingadmissionpolicybindings', cluster: true, categories: ['api-extensions'] },
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': { resource: 'validatingwebhookconfigurations', cluster: true, categories: ['api-extensions'] },
  'apps/ControllerRevision': { resource: 'controllerrevisions' },
  'apps/DaemonSet': { resource: 'daemonsets', shortNames: ['ds'], status: true, categories: ['all'] },
  'apps/Deployment': { resource: 'deployments', shortNames: ['deploy'], status: true, scale: true, categories: ['all'] },
  'apps/ReplicaSet': { resource: 'replicasets', shortNames: ['rs'], status: true, scale: true, categories: ['all'] },
  'apps/StatefulSet': { resource: 'statefulsets', shortNames: ['sts'], status: true, scale: true, categories: ['all'] },
  'autoscaling/HorizontalPodAutoscaler': { resource: 'horizontalpodautoscalers', shortNames: ['hpa'], status: true, categories: ['all'] },
  'batch/CronJob': { resource: 'cronjobs', shortNames: ['cj'], status: true, categories: ['all'] },
  'batch/Job': { resource: 'jobs', status: true, categories: ['all'] },
  'certificates.k8s.io/CertificateSigningRequest': { resource: 'certificatesigningrequests', cluster: true, shortNames: ['csr'], status: true },
  'certificates.k8s.io/ClusterTrustBundle': { resource: 'clustertrustbundles', cluster: true },
  'certificates.k8s.io/PodCertificateRequest': { resource: 'podcertificaterequests', status: true },
  'coordination.k8s.io/Lease': { resource: 'leases' },
  'discovery.k8s.io/EndpointSlice': { resource: 'endpointslices' },
  'events.k8s.io/Event': { resource: 'events', shortNames: ['ev'] },
  'flowcontrol.apiserver.k8s.io/FlowSchema': { resource: 'flowschemas', cluster: true, status: true },
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration': { resource: 'prioritylevelconfigurations', cluster: true, status: true },
  'networking.k8s.io/IPAddress': { resource: 'ipaddresses', cluster: true },
  'networking.k8s.io/Ingress': { resource: 'ingresses', shortNames: ['ing'], status: true },
  'networking.k8s.io/IngressClass': { resource: 'ingressclasses', cluster: true },
  'networking.k8s.io/NetworkPolicy': { resource: 'networkpolicies', shortNames: ['netpol'] },
  'networking.k8s.io/ServiceCIDR': { resource: 'servicecidrs', cluster: true, status: true },
  'node.k8s.io/RuntimeClass': { resource: 'runtimeclasses', cluster: true },
  'policy/PodDisruptionBudget': { resource: 'poddisruptionbudgets', shortNames: ['pdb'], status: true },
  'rbac.authorization.k8s.io/ClusterRole': { resource: 'clusterroles', cluster: true },
  'rbac.authorization.k8s.io/ClusterRoleBinding': { resource: 'clusterrolebindings', cluster: true },
  'rbac.authorization.k8s.io/Role': { resource: 'roles' },
  'rbac.authorization.k8s.io/RoleBinding': { resource: 'rolebindings' },
  'resource.k8s.io/DeviceClass': { resource: 'deviceclasses', cluster: true },
  'resource.k8s.io/DeviceTaintRule': { resource: 'devicetaintrules', cluster: true, status: true },
  'resource.k8s.io/ResourceClaim': { resource: 'resourceclaims', status: true },
  'resource.k8s.io/ResourceClaimTemplate': { resource: 'resourceclaimtemplates' },
  'resource.k8s.io/ResourceSlice': { resource: 'resourceslices', cluster: true },
  'scheduling.k8s.io/PriorityClass': { resource: 'priorityclasses', cluster: true, shortNames: ['pc'] },
  'storage.k8s.io/CSIDriver': { resource: 'csidrivers', cluster: true },
  'storage.k8s.io/CSINode': { resource: 'csinodes', cluster: true },
  'storage.k8s.io/CSIStorageCapacity': { resource: 'csistoragecapacities' },
  'storage.k8s.io/StorageClass': { resource: 'storageclasses', cluster: true, shortNames: ['sc'] },
  'storage.k8s.io/VolumeAttachment': { resource: 'volumeattachments', cluster: true, status: true },
  'storage.k8s.io/VolumeAttributesClass': { resource: 'volumeattributesclasses', cluster: true, shortNames: ['vac'] },
  'storagemigration.k8s.io/StorageVersionMigration': { resource: 'storageversionmigrations', cluster: true, status: true },
};

const groupOfShortName = new Map(Object.entries(GROUP_SHORT_NAMES).map(([group, short]) => [short, group]));
const KUBE_TYPE = /^io\.k8s\.api\.([a-z0-9]+)\.(v[0-9]+)\.([A-Z][A-Za-z0-9]*)$/;
const fieldsOf = (t) => new Map((t.map?.fields ?? []).map((f) => [f.name, f]));
const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

const kindRows = [];
const usedFacts = new Set();
const usedExclusions = new Set();
for (const t of reference.types) {
  const m = KUBE_TYPE.exec(t.name);
  if (!m) continue;
  const fields = fieldsOf(t);
  if (!fields.has('apiVersion') || !fields.has('kind') || fields.get('metadata')?.type.namedType !== OBJECT_META) continue;
  const group = groupOfShortName.get(m[1]);
  if (group === undefined) throw new Error(`${t.name}: no API group known for the type-name prefix "${m[1]}" (GROUP_SHORT_NAMES in kinds.ts)`);
  const [version, kind] = [m[2], m[3]];
  const full = `${group}/${version}/${kind}`;
  if (NOT_SERVED.has(full)) {
    usedExclusions.add(full);
    continue;
  }
  const key = `${group}/${kind}`;
  const facts = REST_FACTS[key];
  if (!facts) throw new Error(`${t.name} (${full}) is a GA kind of the reference without REST facts: add it to REST_FACTS or NOT_SERVED`);
  if (usedFacts.has(key) && !CONVERTED.has(key)) {
    throw new Error(`${key} is served at two GA versions and its conversion is not modelled: list one in NOT_SERVED or model it (CONVERTED)`);
  }
  usedFacts.add(key);
  if (facts.status && !fields.has('status')) throw new Error(`${full} has a status subresource but its type has no status field`);
  if (facts.scale && !fieldsOf(refTypes.get(fields.get('spec')?.type.namedType) ?? {}).has('replicas')) {
    throw new Error(`${full} has a scale subresource but no spec.replicas`);
  }
  kindRows.push({
    group,
    version,
    kind,
    typeName: t.name,
    resource: facts.resource,
    namespaced: !facts.cluster,
    shortNames: facts.shortNames ?? [],
    ...(facts.categories ? { categories: facts.categories } : {}),
    subresources: [...(facts.status ? ['status'] : []), ...(facts.scale ? ['scale'] : [])],
  });
}
for (const key of Object.keys(REST_FACTS)) if (!usedFacts.has(key)) throw new Error(`REST_FACTS has ${key}, which no GA kind of the reference is`);
for (const key of NOT_SERVED.keys()) if (!usedExclusions.has(key)) throw new Error(`NOT_SERVED has ${key}, which no GA kind of the reference is`);

/** A value as TypeScript source in the project's style (single quotes, bare keys). */
const tsLiteral = (v) => {
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(v)) return `[${v.map(tsLiteral).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{ ${Object.entries(v).map(([k, x]) => `${k}: ${tsLiteral(x)}`).join(', ')} }`;
  return String(v);
};

const kindsTarget = resolve(repo, 'src', 'schema', 'builtin', 'kinds.generated.ts');
const kindsText = `/**
 * The built-in kinds the API server serves, with their REST resource, scope, short names,
 * categories and modelled subresources. GENERATED by tools/gen-builtin-schema.mjs; do not edit by hand.
 *
 * ${kindRows.length} kinds: every kind of a GA API version of ../shared/reference/kubernetes-schema.yaml except
${[...NOT_SERVED].map(([k, why]) => ` * - ${k}: ${why};`).join('\n')}
 * plus the hand-written kinds of kinds.ts (HAND_WRITTEN_KINDS).
 */
import type { BuiltinKindRow } from './kind-row.js';

export const GENERATED_KINDS: readonly BuiltinKindRow[] = [
${kindRows.map((r) => `  ${tsLiteral(r)},`).join('\n')}
];
`;
writeFileSync(kindsTarget, kindsText);
console.log(`wrote ${kindsTarget}: ${kindRows.length} kinds`);

const BUILTIN_KINDS = [...kindRows, ...HAND_WRITTEN_KINDS];
const extras = parseCompactSchema(EXTRA_TYPE_LINES).types;
const extraNames = new Set(extras.map((t) => t.name));

// Every type reachable from the kinds and from the extra types, in the reference's order.
const reached = new Set();
const visitRef = (ref) => {
  if (ref.namedType !== undefined) visitName(ref.namedType);
  if (ref.inlined) visitAtom(ref.inlined);
};
const visitAtom = (a) => {
  if (a.list) visitRef(a.list.elementType);
  if (a.map) {
    for (const f of a.map.fields ?? []) visitRef(f.type);
    if (a.map.elementType) visitRef(a.map.elementType);
  }
};
const visitName = (name) => {
  if (reached.has(name) || name.startsWith('__untyped_')) return;
  reached.add(name);
  const def = extraNames.has(name) ? extras.find((t) => t.name === name) : refTypes.get(name);
  if (!def) throw new Error(`type ${name} is reachable but neither the reference nor the extra types define it`);
  visitAtom(def);
};
for (const k of BUILTIN_KINDS) visitName(k.typeName);
for (const t of extras) visitName(t.name);

// Patch metadata from the OpenAPI v2 subset.
const subset = openApiToSchema(JSON.parse(readFileSync(resolve(shared, 'openapi-v2-subset.json'), 'utf8')), { file: 'openapi-v2-subset.json' });
const subsetFields = new Map();
for (const t of subset.types) subsetFields.set(t.name, new Map((t.map?.fields ?? []).map((f) => [f.name, f])));

/**
 * Patch metadata of fields outside the OpenAPI subset, as the Kubernetes API types declare it
 * (the same facts `kubectl explain` and the API reference show as "patch strategy").
 */
const merge = (patchMergeKey) => ({ patchStrategy: 'merge', ...(patchMergeKey ? { patchMergeKey } : {}) });
const conditions = { conditions: merge('type') };
const KNOWN_PATCH_METADATA = new Map([
  ['io.k8s.api.core.v1.ServiceSpec', { ports: merge('port') }],
  ['io.k8s.api.core.v1.ServiceStatus', conditions],
  ['io.k8s.api.core.v1.ServiceAccount', { secrets: merge('name') }],
  ['io.k8s.api.core.v1.NodeSpec', { podCIDRs: merge() }],
  ['io.k8s.api.core.v1.NodeStatus', { ...conditions, addresses: merge('type') }],
  ['io.k8s.api.core.v1.NamespaceStatus', conditions],
  ['io.k8s.api.core.v1.PersistentVolumeClaimStatus', conditions],
  ['io.k8s.api.core.v1.PodStatus', { ...conditions, podIPs: merge('ip'), hostIPs: merge('ip') }],
  ['io.k8s.api.core.v1.PodSpec', { resourceClaims: { patchStrategy: 'merge,retainKeys', patchMergeKey: 'name' }, schedulingGates: merge('name') }],
  ['io.k8s.api.apps.v1.DaemonSetStatus', conditions],
  ['io.k8s.api.apps.v1.StatefulSetStatus', conditions],
  ['io.k8s.api.apps.v1.ReplicaSetStatus', conditions],
  ['io.k8s.api.batch.v1.JobStatus', conditions],
  ['io.k8s.api.policy.v1.PodDisruptionBudgetStatus', conditions],
  ['io.k8s.api.autoscaling.v2.HorizontalPodAutoscalerStatus', conditions],
  ['io.k8s.api.admissionregistration.v1.MutatingWebhookConfiguration', { webhooks: merge('name') }],
  ['io.k8s.api.admissionregistration.v1.ValidatingWebhookConfiguration', { webhooks: merge('name') }],
]);

const stats = { types: 0, fromSubset: 0, fieldsWithSubsetMetadata: 0, fieldsWithKnownMetadata: 0, derivedMergeKeys: 0 };
const withPatchMetadata = (typeName, field) => {
  const { patchStrategy: _s, patchMergeKey: _k, ...bare } = field;
  const known = subsetFields.get(typeName);
  if (known && known.has(field.name)) {
    const s = known.get(field.name);
    if (s.patchStrategy === undefined && s.patchMergeKey === undefined) return bare;
    stats.fieldsWithSubsetMetadata++;
    return {
      ...bare,
      ...(s.patchMergeKey !== undefined ? { patchMergeKey: s.patchMergeKey } : {}),
      ...(s.patchStrategy !== undefined ? { patchStrategy: s.patchStrategy } : {}),
    };
  }
  const fact = KNOWN_PATCH_METADATA.get(typeName)?.[field.name];
  if (fact && (!known || !known.has(field.name))) {
    stats.fieldsWithKnownMetadata++;
    return { ...bare, ...fact };
  }
  const list = field.type.inlined?.list;
  if (list && list.elementRelationship === 'associative' && list.keys?.length === 1) {
    stats.derivedMergeKeys++;
    return { ...bare, patchMergeKey: list.keys[0] };
  }
  return bare;
};

const types = [];
for (const t of reference.types) {
  if (!reached.has(t.name) || extraNames.has(t.name)) continue;
  stats.types++;
  if (subsetFields.has(t.name)) stats.fromSubset++;
  let out = t;
  if (t.map) {
    const { unions: _u, ...map } = t.map; // merging ignores unions
    out = { ...t, map: { ...map, ...(map.fields ? { fields: map.fields.map((f) => withPatchMetadata(t.name, f)) } : {}) } };
  }
  types.push(out);
}

// Aliases for the type-name prefixes: `core.v1.Pod` for `io.k8s.api.core.v1.Pod`.
const STRIP = ['io.k8s.api.', 'io.k8s.apimachinery.pkg.apis.', 'io.k8s.apimachinery.pkg.api.', 'io.k8s.apimachinery.pkg.util.', 'io.k8s.apimachinery.pkg.'];
const aliases = new Map();
for (const t of types) {
  const prefix = t.name.slice(0, t.name.lastIndexOf('.'));
  const strip = STRIP.find((s) => prefix.startsWith(s));
  if (!strip || [...aliases.values()].includes(prefix)) continue;
  const alias = prefix.slice(strip.length);
  if (aliases.has(alias) || refTypes.has(alias) || alias === '') continue;
  aliases.set(alias, prefix);
}

const lines = formatCompactSchema({ types }, aliases);
const back = parseCompactSchema(lines).types;
const canonical = (decl) => JSON.parse(JSON.stringify(decl));
if (!isDeepStrictEqual(canonical(back), canonical(types.map((t) => ({ ...t, map: t.map && { ...t.map, fields: t.map.fields ?? (t.map.elementType ? undefined : []) } }))))) {
  throw new Error('the compact notation does not read back as written');
}

const header = `/**
 * The built-in Kubernetes schema in ssa-sim's compact notation (see compact-parse.ts).
 * GENERATED by tools/gen-builtin-schema.mjs; do not edit by hand.
 *
 * ${stats.types} types: every type reachable from the built-in kinds (kinds.ts), with the merge semantics
 * of ../shared/reference/kubernetes-schema.yaml. Strategic-merge-patch metadata: from
 * ../shared/reference/openapi-v2-subset.json for the ${stats.fromSubset} types it defines (${stats.fieldsWithSubsetMetadata} annotated fields);
 * ${stats.fieldsWithKnownMetadata} fields from the API types' own declarations (KNOWN_PATCH_METADATA in the generator);
 * elsewhere only ${stats.derivedMergeKeys} merge keys derived from list maps with a single key, and no strategies.
 */
`;
const body = `export const K8S_TYPE_LINES: readonly string[] = [\n${lines.map((l) => `  ${JSON.stringify(l)},`).join('\n')}\n];\n`;
const target = resolve(repo, 'src', 'schema', 'builtin', 'k8s-types.generated.ts');
writeFileSync(target, header + body);
console.log(`wrote ${target}: ${lines.length} lines, ${(header + body).length} bytes`, stats);
