/**
 * explain's "the API server refuses any change of it" (update-refusal.ts) against what an actual
 * update through the cluster answers: the stored object put in the cluster as captured, then a
 * dry-run PUT of it with one field changed; the 422's causes that the unchanged PUT does not have
 * are the refusal. The update goes through the registry's own work (a Service's allocations), the
 * codec's conversion and defaulting (a Secret's stringData is folded into data) and a custom
 * resource's schema, each of which refuses changes too.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, updateRefusal, withExistingObject } from '../../src/apiserver/index.js';
import type { ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { getPath, setPath } from '../../src/apiserver/object-paths.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { loadSchemaSources } from '../../src/schema/load-schema-sources.js';
import type { SchemaCatalog } from '../../src/schema/catalog.js';
import { widgetCrd } from '../support/widget-crd.js';
import { obj } from './helpers.js';

const NOW = '2026-11-28T04:10:00Z';

/** `field: message` of each 422 cause an update of `old` to `next` brings that keeping `old` does not. */
function realRefusal(catalog: SchemaCatalog, old: KubeObject, next: KubeObject): string[] {
  const seeded = withExistingObject(createCluster({ catalog, now: NOW }), old);
  if ('problem' in seeded) throw new Error(seeded.problem);
  const state: ClusterState = seeded.state;
  const stored = [...state.objects.values()].find((o) => getPath(o, ['metadata', 'name']) === getPath(old, ['metadata', 'name']));
  const put = (body: KubeObject): string[] => {
    const sent = setPath(body, ['metadata', 'resourceVersion'], getPath(stored!, ['metadata', 'resourceVersion']));
    const r = serve(state, { verb: 'update', body: sent, options: { dryRun: true, fieldManager: 'check' } }).response;
    if (r.ok) return [];
    if (r.code !== 422) throw new Error(`expected 422 or success, got ${r.code}: ${r.status.message}`);
    return (r.status.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
  };
  const already = new Set(put(old));
  return [...new Set(put(next).filter((t) => !already.has(t)))];
}

function explained(catalog: SchemaCatalog, old: KubeObject, next: KubeObject): string[] {
  return (updateRefusal(createCluster({ catalog, now: NOW }), old, next)?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
}

/** explain's verdict and the cluster's answer, for `old` with the value at `path` replaced. */
function both(old: KubeObject, path: string[], value: unknown, catalog: SchemaCatalog = builtinCatalog()) {
  const next = setPath(old, path, obj({ v: value }).v);
  return { explain: explained(catalog, old, next), cluster: realRefusal(catalog, old, next) };
}

describe("explain's refusal is the update's", () => {
  it("a Service's clusterIP: the registry's allocation refuses a change of it", () => {
    const svc = obj({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's', namespace: 'default' }, spec: { clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'], ports: [{ port: 80 }], selector: { app: 'a' } } });
    const r = both(svc, ['spec', 'clusterIP'], '10.96.0.11');
    expect(r.cluster).toEqual(['spec.clusterIPs[0]: Invalid value: []string{"10.96.0.11"}: may not change once set']);
    expect(r.explain).toEqual(r.cluster);
    // Its ports and selector may change.
    expect(both(svc, ['spec', 'selector', 'app'], 'b')).toEqual({ explain: [], cluster: [] });
  });

  it("an immutable Secret's stringData: decoding folds it into data, which may not change", () => {
    const secret = obj({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, type: 'Opaque', stringData: { a: 'x1' }, immutable: true });
    const r = both(secret, ['stringData', 'a'], 'x2');
    expect(r.cluster).toEqual(['data: Forbidden: field is immutable when `immutable` is set']);
    expect(r.explain).toEqual(r.cluster);
  });

  it("a custom resource: its CRD's schema, checked on update for what changed (ratcheting)", () => {
    const crd = widgetCrd('color:\n  type: string\n  enum: [red, green]\nsize:\n  type: string\n');
    const catalog = loadSchemaSources({ crdFiles: ['crd.yaml'], readFile: () => crd });
    const widget = obj({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec: { color: 'red', size: 'big' } });
    const r = both(widget, ['spec', 'color'], 'blue', catalog);
    expect(r.cluster).toEqual(['spec.color: Unsupported value: "blue": supported values: "red", "green"']);
    expect(r.explain).toEqual(r.cluster);
    expect(both(widget, ['spec', 'size'], 'small', catalog)).toEqual({ explain: [], cluster: [] });
  });

  it('a workload selector, as before: the update validation', () => {
    const deploy = obj({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } } },
    });
    const r = both(deploy, ['spec', 'selector', 'matchLabels', 'app'], 'b');
    expect(r.explain).toEqual(r.cluster);
    expect(r.cluster).toContain('spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable');
  });
});
