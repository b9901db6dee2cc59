/**
 * HorizontalPodAutoscaler served at autoscaling/v2 (stored, preferred) and autoscaling/v1, with
 * conversion: what `kubectl autoscale` (an Update at v1) leaves, read at v2; server-side applies
 * at v2 against a manager whose set was recorded at v1 conflict where the v1 view of the object
 * changes; writes through v1 land at v2; lists answer at the version asked for.
 */
import { describe, expect, it } from 'vitest';
import { entries, fail, obj, ok, ref } from './helpers.js';
import { Cluster, createCluster, serve, withExistingObject } from '../../src/apiserver/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { toPlain } from '../../src/apiserver/object-paths.js';
import type { KubeObject } from '../../src/apiserver/types.js';

const T0 = '2024-05-01T10:00:00Z';
const T1 = '2024-05-01T10:05:00Z';
const target = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const plain = (o: KubeObject) => toPlain(o) as Record<string, any>;

/** What `kubectl autoscale deployment web --cpu-percent=50 --min=1 --max=3` sends. */
const autoscaled = {
  apiVersion: 'autoscaling/v1',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'web', namespace: 'default' },
  spec: { scaleTargetRef: target, minReplicas: 1, maxReplicas: 3, targetCPUUtilizationPercentage: 50 },
};

function applied(averageUtilization: number, maxReplicas = 3): KubeObject {
  return obj({
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web', namespace: 'default' },
    spec: { scaleTargetRef: target, maxReplicas, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } } }] },
  });
}

function autoscaledCluster(): Cluster {
  const c = new Cluster({ catalog: builtinCatalog() });
  c.setTime(T0);
  ok(c.create(obj(autoscaled), { fieldManager: 'kubectl-autoscale' }));
  c.setTime(T1);
  return c;
}

const V1_ENTRY = `kubectl-autoscale | Update | autoscaling/v1 |  | ${T0} | {"f:spec":{"f:maxReplicas":{},"f:minReplicas":{},"f:scaleTargetRef":{},"f:targetCPUUtilizationPercentage":{}}}`;

describe('HorizontalPodAutoscaler at autoscaling/v1 and autoscaling/v2', () => {
  it('stores an object created at v1 at v2, and shows the v1 entry with its v1 fields at both versions', () => {
    const c = autoscaledCluster();
    const v2 = plain(ok(c.get(ref('autoscaling/v2', 'HorizontalPodAutoscaler', 'web'))));
    expect(v2.apiVersion).toBe('autoscaling/v2');
    expect(v2.spec).toEqual({
      scaleTargetRef: target,
      minReplicas: 1,
      maxReplicas: 3,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
    });
    expect(v2.status).toEqual({ currentMetrics: null, desiredReplicas: 0 });
    expect(entries(ok(c.get(ref('autoscaling/v2', 'HorizontalPodAutoscaler', 'web'))))).toEqual([V1_ENTRY]);
    const v1 = plain(ok(c.get(ref('autoscaling/v1', 'HorizontalPodAutoscaler', 'web'))));
    expect(v1.spec).toEqual(autoscaled.spec);
    expect(v1.status).toEqual({ currentReplicas: 0, desiredReplicas: 0 });
    expect(v1.metadata.annotations).toBeUndefined();
    expect(entries(ok(c.get(ref('autoscaling/v1', 'HorizontalPodAutoscaler', 'web'))))).toEqual([V1_ENTRY]);
    // Stored once, at the storage version.
    expect([...c.state.objects.values()].map((o) => o.apiVersion)).toEqual(['autoscaling/v2']);
  });

  it('a v2 apply that changes the cpu target conflicts with the v1 manager, on its v1 field', () => {
    const c = autoscaledCluster();
    const f = fail(c.apply(applied(70), { fieldManager: 'ops' }));
    expect(f.code).toBe(409);
    expect(f.message).toBe('Apply failed with 1 conflict: conflict with "kubectl-autoscale" using autoscaling/v1: .spec.targetCPUUtilizationPercentage');
    expect(f.causes).toEqual([{ reason: 'FieldManagerConflict', message: 'conflict with "kubectl-autoscale" using autoscaling/v1', field: '.spec.targetCPUUtilizationPercentage' }]);
    // Changing maxReplicas too: two conflicts, both at v1.
    expect(fail(c.apply(applied(70, 5), { fieldManager: 'ops' })).message).toBe(
      'Apply failed with 2 conflicts: conflicts with "kubectl-autoscale" using autoscaling/v1:\n- .spec.maxReplicas\n- .spec.targetCPUUtilizationPercentage',
    );
  });

  it('a v2 apply of the same values shares them; forced, it takes the target from the v1 manager', () => {
    const c = autoscaledCluster();
    const same = ok(c.apply(applied(50), { fieldManager: 'ops' }));
    expect(entries(same)).toEqual([
      'ops | Apply | autoscaling/v2 |  |  | {"f:spec":{"f:maxReplicas":{},"f:metrics":{},"f:scaleTargetRef":{"f:apiVersion":{},"f:kind":{},"f:name":{}}}}',
      V1_ENTRY,
    ]);
    const forced = ok(c.apply(applied(70), { fieldManager: 'ops', force: true }));
    expect(entries(forced)).toEqual([
      `ops | Apply | autoscaling/v2 |  | ${T1} | {"f:spec":{"f:maxReplicas":{},"f:metrics":{},"f:scaleTargetRef":{"f:apiVersion":{},"f:kind":{},"f:name":{}}}}`,
      `kubectl-autoscale | Update | autoscaling/v1 |  | ${T0} | {"f:spec":{"f:maxReplicas":{},"f:minReplicas":{},"f:scaleTargetRef":{}}}`,
    ]);
    expect(plain(ok(c.get(ref('autoscaling/v1', 'HorizontalPodAutoscaler', 'web')))).spec.targetCPUUtilizationPercentage).toBe(70);
  });

  it('an update through v1 takes a field an applier at v2 owns, and what v1 cannot show survives it', () => {
    const c = new Cluster({ catalog: builtinCatalog() });
    c.setTime(T0);
    const withMemory = obj({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        scaleTargetRef: target,
        maxReplicas: 3,
        metrics: [
          { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } },
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
        ],
      },
    });
    ok(c.apply(withMemory, { fieldManager: 'ops' }));
    const v1 = plain(ok(c.get(ref('autoscaling/v1', 'HorizontalPodAutoscaler', 'web'))));
    expect(v1.metadata.annotations).toEqual({ 'autoscaling.alpha.kubernetes.io/metrics': '[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"500Mi"}}]' });
    // The v1 object sent back unchanged stores nothing.
    const rv = v1.metadata.resourceVersion;
    delete v1.metadata.managedFields;
    const same = plain(ok(c.update(obj(v1), { fieldManager: 'legacy' })));
    expect(same.metadata.resourceVersion).toBe(rv);
    // A new maxReplicas through v1: the updater takes it, the memory metric stays.
    c.setTime(T1);
    const changed = ok(c.update(obj({ ...v1, spec: { ...v1.spec, maxReplicas: 6 } }), { fieldManager: 'legacy' }));
    expect(entries(changed)).toEqual([
      'ops | Apply | autoscaling/v2 |  | 2024-05-01T10:00:00Z | {"f:spec":{"f:metrics":{},"f:scaleTargetRef":{"f:apiVersion":{},"f:kind":{},"f:name":{}}}}',
      `legacy | Update | autoscaling/v1 |  | ${T1} | {"f:spec":{"f:maxReplicas":{}}}`,
    ]);
    const v2 = plain(ok(c.get(ref('autoscaling/v2', 'HorizontalPodAutoscaler', 'web'))));
    expect(v2.spec.maxReplicas).toBe(6);
    expect(v2.spec.metrics.map((m: { resource: { name: string } }) => m.resource.name)).toEqual(['memory', 'cpu']);
    expect(v2.metadata.annotations).toBeUndefined();
  });

  it('defaults minReplicas at v1 before the field manager, so the v1 writer owns it', () => {
    const c = new Cluster({ catalog: builtinCatalog() });
    c.setTime(T0);
    const { minReplicas: _, ...spec } = autoscaled.spec;
    const created = ok(c.create(obj({ ...autoscaled, spec }), { fieldManager: 'kubectl-autoscale' }));
    expect(plain(created).spec.minReplicas).toBe(1);
    expect(entries(created)).toEqual([V1_ENTRY]);
  });

  it('an object kept as given at v1 (a captured object) conflicts the same way, and is written back at v2', () => {
    const captured = obj({
      ...autoscaled,
      metadata: {
        ...autoscaled.metadata,
        managedFields: [
          {
            manager: 'kubectl-autoscale',
            operation: 'Update',
            apiVersion: 'autoscaling/v1',
            time: T0,
            fieldsType: 'FieldsV1',
            fieldsV1: { 'f:spec': { 'f:maxReplicas': {}, 'f:minReplicas': {}, 'f:scaleTargetRef': {}, 'f:targetCPUUtilizationPercentage': {} } },
          },
        ],
      },
    });
    const given = withExistingObject(createCluster({ catalog: builtinCatalog(), now: T1 }), captured);
    if (!('state' in given)) throw new Error(given.problem);
    expect(fail(serve(given.state, { verb: 'apply', body: applied(70), options: { fieldManager: 'ops' } }).response).message).toBe(
      'Apply failed with 1 conflict: conflict with "kubectl-autoscale" using autoscaling/v1: .spec.targetCPUUtilizationPercentage',
    );
    const forced = serve(given.state, { verb: 'apply', body: applied(70), options: { fieldManager: 'ops', force: true } });
    expect(ok(forced.response).apiVersion).toBe('autoscaling/v2');
    expect([...forced.state.objects.values()].map((o) => o.apiVersion)).toEqual(['autoscaling/v2']);
  });

  it('drops the annotations only v1 uses from what a v2 write stores, as the trip through the internal type does', () => {
    const c = new Cluster({ catalog: builtinCatalog() });
    c.setTime(T0);
    const body = obj({
      ...plain(applied(50)),
      metadata: { name: 'web', namespace: 'default', annotations: { team: 'a', 'autoscaling.alpha.kubernetes.io/conditions': '[]' } },
    });
    const byApply = plain(ok(c.apply(body, { fieldManager: 'ops' })));
    expect(byApply.metadata.annotations).toEqual({ team: 'a' });
    expect(plain(c.state.objects.values().next().value!).metadata.annotations).toEqual({ team: 'a' });
    const byUpdate = plain(ok(c.update(obj({ ...body, metadata: { ...plain(body).metadata, resourceVersion: byApply.metadata.resourceVersion } }), { fieldManager: 'u' })));
    expect(byUpdate.metadata.annotations).toEqual({ team: 'a' });
  });

  it('a v2 status write shows at v1 as the cpu utilization and the annotations of the current metrics and conditions', () => {
    const c = autoscaledCluster();
    const v2 = plain(ok(c.get(ref('autoscaling/v2', 'HorizontalPodAutoscaler', 'web'))));
    delete v2.metadata.managedFields;
    v2.status = {
      currentReplicas: 2,
      desiredReplicas: 2,
      currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageValue: '120m', averageUtilization: 42 } } }],
      conditions: [{ type: 'ScalingActive', status: 'True', lastTransitionTime: T1, reason: 'ValidMetricFound', message: 'ok' }],
    };
    const written = ok(c.update(obj(v2), { fieldManager: 'kube-controller-manager', subresource: 'status' }));
    expect(entries(written)).toEqual([
      V1_ENTRY,
      `kube-controller-manager | Update | autoscaling/v2 | status | ${T1} | {"f:status":{"f:conditions":{".":{},"k:{\\"type\\":\\"ScalingActive\\"}":{".":{},"f:lastTransitionTime":{},"f:message":{},"f:reason":{},"f:status":{},"f:type":{}}},"f:currentMetrics":{},"f:currentReplicas":{},"f:desiredReplicas":{}}}`,
    ]);
    const v1 = plain(ok(c.get(ref('autoscaling/v1', 'HorizontalPodAutoscaler', 'web'))));
    expect(v1.status).toEqual({ currentReplicas: 2, desiredReplicas: 2, currentCPUUtilizationPercentage: 42 });
    expect(v1.metadata.annotations).toEqual({
      'autoscaling.alpha.kubernetes.io/current-metrics': '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":42,"currentAverageValue":"120m"}}]',
      'autoscaling.alpha.kubernetes.io/conditions': `[{"type":"ScalingActive","status":"True","lastTransitionTime":"${T1}","reason":"ValidMetricFound","message":"ok"}]`,
    });
  });

  it('lists at the version asked for', () => {
    const c = autoscaledCluster();
    ok(c.apply(applied(60), { fieldManager: 'ops', force: true }));
    for (const [apiVersion, field] of [
      ['autoscaling/v1', 'targetCPUUtilizationPercentage'],
      ['autoscaling/v2', 'metrics'],
    ]) {
      const list = plain(ok(c.list(apiVersion, 'HorizontalPodAutoscaler')));
      expect(list.items.map((i: { apiVersion: string }) => i.apiVersion)).toEqual([apiVersion]);
      expect(Object.keys(list.items[0].spec)).toContain(field);
    }
  });
});
