/**
 * Issue 11 item 3: a CRD given as a file that declares `subresources` gets `/status` and `/scale`
 * (per version in apiextensions.k8s.io/v1, at the top of the spec in v1beta1), with the custom
 * resource strategies' reset fields and the scale paths it names.
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../src/apiserver/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { catalogFromText, combineCatalogs } from '../../src/schema/catalog.js';
import { entries, obj, ok } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const SCHEMA = `
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                size: {type: integer}
                color: {type: string}
            status:
              type: object
              properties:
                count: {type: integer}
                sel: {type: string}
                phase: {type: string}`;

const V1 = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets, shortNames: [wd]}
  versions:
    - name: v1
      served: true
      storage: true
      subresources:
        status: {}
        scale: {specReplicasPath: .spec.size, statusReplicasPath: .status.count, labelSelectorPath: .status.sel}
      schema:${SCHEMA}
`;

const V1BETA1 = `apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets}
  version: v1
  subresources:
    status: {}
    scale: {specReplicasPath: .spec.size, statusReplicasPath: .status.count}
  validation:${SCHEMA}
`;

function clusterWith(crd: string): Cluster {
  return new Cluster({ catalog: combineCatalogs(builtinCatalog(), catalogFromText(crd, 'widgets-crd.yaml', 'crd')), now: NOW });
}

const target = { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'default', name: 'w' };
const widget = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default', labels: { a: 'b' } }, spec: { size: 2, color: 'red' } };

describe('CRD subresources', () => {
  it('give /status: status writes reset spec and keep metadata; main writes reset status', () => {
    const c = clusterWith(V1);
    ok(c.apply(obj({ ...widget, status: { phase: 'ignored' } }), { fieldManager: 'user' }));
    const created = c.object(target)!;
    expect((created as { status?: unknown }).status).toBeUndefined();
    const statusWrite = obj({ ...created, metadata: { ...(created.metadata as object), labels: { a: 'changed' } }, spec: { size: 9, color: 'blue' }, status: { phase: 'Ready', count: 2, sel: 'app=w' } });
    const after = ok(c.update(statusWrite, { fieldManager: 'controller', subresource: 'status' }));
    expect((after as { spec: unknown }).spec).toEqual({ size: 2, color: 'red' });
    expect((after as { status: unknown }).status).toEqual({ phase: 'Ready', count: 2, sel: 'app=w' });
    // The label change is owned (metadata is not a declared reset field) but its value is not kept.
    expect((after as { metadata: { labels: unknown } }).metadata.labels).toEqual({ a: 'b' });
    expect(entries(after)).toContain(
      `controller | Update | example.com/v1 | status | ${NOW} | {"f:metadata":{"f:labels":{"f:a":{}}},"f:status":{".":{},"f:count":{},"f:phase":{},"f:sel":{}}}`,
    );
    const mainApply = ok(c.apply(obj({ ...widget, status: { phase: 'Broken' } }), { fieldManager: 'user' }));
    expect((mainApply as { status: { phase: string } }).status.phase).toBe('Ready');
  });

  it('give /scale at the paths the CRD names, the selector read as a string', () => {
    const c = clusterWith(V1);
    ok(c.apply(obj(widget), { fieldManager: 'user' }));
    const live = c.object(target)!;
    ok(c.update(obj({ ...live, status: { count: 2, sel: 'app=w' } }), { fieldManager: 'controller', subresource: 'status' }));
    const scale = ok(c.get(target, 'scale'));
    expect((scale as { spec: unknown; status: unknown }).spec).toEqual({ replicas: 2 });
    expect((scale as { status: unknown }).status).toEqual({ replicas: 2, selector: 'app=w' });
    ok(c.patch(target, 'merge', { spec: { replicas: 5 } }, { fieldManager: 'hpa', subresource: 'scale' }));
    expect((c.object(target) as { spec: { size: number } }).spec.size).toBe(5);
  });

  it('read v1beta1 subresources at the top of the spec', () => {
    const c = clusterWith(V1BETA1);
    ok(c.apply(obj(widget), { fieldManager: 'user' }));
    const live = c.object(target)!;
    ok(c.update(obj({ ...live, status: { count: 1 } }), { fieldManager: 'controller', subresource: 'status' }));
    expect((ok(c.get(target, 'scale')) as { status: unknown }).status).toEqual({ replicas: 1 });
  });

  it('name the file and the node of a malformed scale path', () => {
    const bad = V1.replace('specReplicasPath: .spec.size', 'specReplicasPath: spec.size');
    expect(() => catalogFromText(bad, 'widgets-crd.yaml', 'crd')).toThrow(/widgets-crd\.yaml:14:\d+.*specReplicasPath.*\.spec\.replicas/s);
  });
});
