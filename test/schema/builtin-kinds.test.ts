/**
 * The built-in kinds (src/schema/builtin/kinds.generated.ts, made by tools/gen-builtin-schema.mjs)
 * against the reference: every kind of a GA API version of ../shared/reference/kubernetes-schema.yaml
 * is served, with a plural resource, a scope, and subresources its type can carry.
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { BUILTIN_KINDS, GROUP_SHORT_NAMES } from '../../src/schema/builtin/kinds.js';
import { parseSchema } from '../../src/schema/parse-schema.js';
import { readShared } from '../support/shared.js';

const reference = parseSchema(readShared('reference', 'kubernetes-schema.yaml'), { file: 'kubernetes-schema.yaml' });
const referenceTypes = new Map(reference.types.map((t) => [t.name, t]));
const fieldNames = (typeName: string | undefined) => new Set((typeName ? referenceTypes.get(typeName)?.map?.fields ?? [] : []).map((f) => f.name));
const fieldType = (typeName: string, field: string) => referenceTypes.get(typeName)?.map?.fields?.find((f) => f.name === field)?.type.namedType;

/** Every kind of a GA version (v1, v2, ...) the reference declares, as `group/version/Kind` → type name. */
function referenceGaKinds(): Map<string, string> {
  const groupOf = new Map(Object.entries(GROUP_SHORT_NAMES).map(([group, short]) => [short, group]));
  const out = new Map<string, string>();
  for (const t of reference.types) {
    const m = /^io\.k8s\.api\.([a-z0-9]+)\.(v[0-9]+)\.([A-Z][A-Za-z0-9]*)$/.exec(t.name);
    if (!m) continue;
    const fields = fieldNames(t.name);
    if (!fields.has('apiVersion') || !fields.has('kind') || fieldType(t.name, 'metadata') !== 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta') continue;
    const group = groupOf.get(m[1]);
    expect(group, `API group of ${t.name}`).toBeDefined();
    out.set(`${group}/${m[2]}/${m[3]}`, t.name);
  }
  return out;
}

/** GA kinds of the reference deliberately not served as resources (the generator's NOT_SERVED). */
const NOT_SERVED = ['policy/v1/Eviction', '/v1/ComponentStatus'];

describe('built-in kinds', () => {
  const served = new Map(BUILTIN_KINDS.map((k) => [`${k.group}/${k.version}/${k.kind}`, k]));

  it('serves every kind of a GA version of the reference schema', () => {
    const ga = referenceGaKinds();
    const missing = [...ga.keys()].filter((k) => !served.has(k) && !NOT_SERVED.includes(k));
    expect(missing).toEqual([]);
    for (const [key, typeName] of ga) if (served.has(key)) expect(served.get(key)!.typeName, key).toBe(typeName);
    for (const key of NOT_SERVED) expect(ga.has(key), key).toBe(true);
    // Nothing served that the reference does not have, but the hand-written Scale and CRD types.
    const extra = [...served.keys()].filter((k) => !ga.has(k));
    expect(extra.sort()).toEqual(['apiextensions.k8s.io/v1/CustomResourceDefinition', 'autoscaling/v1/Scale']);
    expect(ga.size - NOT_SERVED.length).toBe(62);
  });

  it('gives every resource a plural name, a scope, and only subresources its type can carry', () => {
    const resources = new Set<string>();
    for (const k of BUILTIN_KINDS) {
      if (k.kind === 'Scale') {
        expect(k.resource).toBeUndefined();
        continue;
      }
      expect(k.resource, k.kind).toMatch(/^[a-z]+$/);
      const key = `${k.group}/${k.version}/${k.resource}`;
      expect(resources.has(key), `${key} served twice`).toBe(false);
      resources.add(key);
      expect(typeof k.namespaced, k.kind).toBe('boolean');
      const ref = referenceTypes.has(k.typeName);
      if (k.subresources?.status && ref) expect(fieldNames(k.typeName).has('status'), `${k.kind} /status`).toBe(true);
      if (k.subresources?.scale) expect(fieldNames(fieldType(k.typeName, 'spec')).has('replicas'), `${k.kind} /scale`).toBe(true);
      expect(builtinCatalog().typeFor(k.apiVersion, k.kind)).toBe(k.typeName);
    }
  });

  it('serves a resource at two versions only where the conversion between them is modelled', () => {
    const versions = new Map<string, string[]>();
    for (const k of BUILTIN_KINDS) if (k.resource) versions.set(`${k.group}/${k.kind}`, [...(versions.get(`${k.group}/${k.kind}`) ?? []), k.version]);
    const several = [...versions].filter(([, v]) => v.length > 1);
    expect(several).toEqual([['autoscaling/HorizontalPodAutoscaler', ['v1', 'v2']]]);
  });

  it('knows the kinds the reference has and the old built-in list left out', () => {
    const find = (apiVersion: string, kind: string) => BUILTIN_KINDS.find((k) => k.apiVersion === apiVersion && k.kind === kind);
    expect(find('v1', 'PersistentVolume')).toMatchObject({ resource: 'persistentvolumes', namespaced: false, shortNames: ['pv'], subresources: { status: true } });
    expect(find('v1', 'ReplicationController')).toMatchObject({ resource: 'replicationcontrollers', namespaced: true, subresources: { status: true, scale: {} } });
    expect(find('certificates.k8s.io/v1', 'CertificateSigningRequest')).toMatchObject({ resource: 'certificatesigningrequests', namespaced: false });
    expect(find('flowcontrol.apiserver.k8s.io/v1', 'FlowSchema')).toMatchObject({ resource: 'flowschemas', namespaced: false, subresources: { status: true } });
    expect(find('storage.k8s.io/v1', 'VolumeAttachment')).toMatchObject({ resource: 'volumeattachments', namespaced: false });
    expect(find('events.k8s.io/v1', 'Event')).toMatchObject({ resource: 'events', namespaced: true });
  });
});
