#!/usr/bin/env node
/**
 * Generates src/schema/builtin/k8s-types.generated.ts, the built-in Kubernetes schema, in our
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
const { BUILTIN_KINDS } = await dist('builtin/kinds.js');
const { EXTRA_TYPE_LINES } = await dist('builtin/extra-types.js');

const reference = parseSchema(readFileSync(resolve(shared, 'kubernetes-schema.yaml'), 'utf8'), { file: 'kubernetes-schema.yaml' });
const refTypes = new Map(reference.types.map((t) => [t.name, t]));
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
