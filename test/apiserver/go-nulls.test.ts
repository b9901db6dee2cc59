/**
 * JSON nulls in a built-in object's body, as decoding into the Go struct leaves them
 * (encoding/json semantics, sigs.k8s.io/json in kube-apiserver): a null struct field is gone (or
 * the zero Go always writes), a null element of a map or list is the element's zero (`""` for a
 * string, `"0"` for a quantity). The field manager compares the decoded objects, so the creator
 * owns none of the dropped fields. Before, nulls were stored as sent and owned (`f:immutable`).
 */
import { describe, expect, it } from 'vitest';
import { cluster, entries, obj, ok, ref, T } from './helpers.js';

describe('nulls in a built-in body', () => {
  it('a ConfigMap: struct fields dropped, map elements at their zero, nothing owned for what was dropped', () => {
    const c = cluster({ harness: false, now: T(1) });
    const out = ok(
      c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n', labels: { x: null }, annotations: null }, immutable: null, data: { b: null, c: '1' } }), {
        fieldManager: 'kubectl-create',
      }),
    );
    expect(JSON.parse(JSON.stringify(out.data))).toEqual({ b: '', c: '1' });
    expect(JSON.parse(JSON.stringify((out.metadata as Record<string, unknown>).labels))).toEqual({ x: '' });
    expect(Object.keys(out)).not.toContain('immutable');
    expect(Object.keys(out.metadata as object)).not.toContain('annotations');
    expect(entries(c.object(ref('v1', 'ConfigMap', 'n')))).toEqual([
      `kubectl-create | Update | v1 |  | ${T(1)} | {"f:data":{".":{},"f:b":{},"f:c":{}},"f:metadata":{"f:labels":{".":{},"f:x":{}}}}`,
    ]);
  });
  it('a Deployment: a null quantity is "0", a null pointer field is defaulted, a Time null stays null', () => {
    const c = cluster({ harness: false, now: T(1) });
    const out = ok(
      c.create(
        obj({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'd', creationTimestamp: null },
          spec: {
            replicas: null,
            selector: { matchLabels: { app: 'd' } },
            template: { metadata: { labels: { app: 'd' } }, spec: { nodeSelector: null, containers: [{ name: 'c', image: 'nginx', resources: { limits: { cpu: null } } }] } },
          },
        }),
        { fieldManager: 'm' },
      ),
    );
    const spec = JSON.parse(JSON.stringify(out.spec));
    expect(spec.replicas).toBe(1);
    expect(spec.template.spec.containers[0].resources).toEqual({ limits: { cpu: '0' } });
    expect(Object.keys(spec.template.spec)).not.toContain('nodeSelector');
    expect(spec.template.metadata.creationTimestamp).toBeNull();
  });
  it('harness mode and custom resources keep nulls (no Go struct there)', () => {
    const c = cluster({ now: T(1) });
    const out = ok(c.create(obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n' }, data: { b: null } }), { fieldManager: 'm' }));
    expect(JSON.parse(JSON.stringify(out.data))).toEqual({ b: null });
  });
});
