/**
 * HorizontalPodAutoscaler between autoscaling/v1 and autoscaling/v2 (src/apiserver/hpa-conversion.ts),
 * as kube-apiserver 1.32 converts it: both round trips, the annotations that carry what v1 cannot
 * hold (their exact bytes), v1's implicit cpu default, and annotations that do not decode.
 */
import { describe, expect, it } from 'vitest';
import {
  BEHAVIOR_ANNOTATION,
  CONDITIONS_ANNOTATION,
  CURRENT_METRICS_ANNOTATION,
  hpaV1ToV2,
  hpaV2ToV1,
  hpaWithoutRoundTripAnnotations,
  METRICS_ANNOTATION,
} from '../../src/apiserver/hpa-conversion.js';
import { toPlain, toValue } from '../../src/apiserver/object-paths.js';
import type { ValueMap } from '../../src/value/value.js';

const v = (x: unknown) => toValue(x) as ValueMap;
const plain = (x: ValueMap) => toPlain(x) as Record<string, any>;

const target = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const cpu = (averageUtilization: number) => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } } });
const memory = { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } };

/** A v2 object using every metric source, behavior, current metrics and conditions; the cpu target last, where v1 → v2 puts it. */
const richV2 = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'web', namespace: 'default', annotations: { team: 'a' } },
  spec: {
    scaleTargetRef: target,
    minReplicas: 2,
    maxReplicas: 10,
    metrics: [
      memory,
      { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } },
      {
        type: 'Object',
        object: { describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' }, metric: { name: 'rps', selector: { matchLabels: { a: 'b' } } }, target: { type: 'Value', value: '2k' } },
      },
      { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } } },
      { type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization', averageUtilization: 60 } } },
      cpu(50),
    ],
    behavior: {
      scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }] },
      scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Min', policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }] },
    },
  },
  status: {
    observedGeneration: 3,
    currentReplicas: 4,
    desiredReplicas: 5,
    currentMetrics: [
      { type: 'Resource', resource: { name: 'cpu', current: { averageValue: '250m', averageUtilization: 42 } } },
      { type: 'Pods', pods: { metric: { name: 'qps' }, current: { averageValue: '12' } } },
    ],
    conditions: [{ type: 'AbleToScale', status: 'True', lastTransitionTime: '2024-01-01T00:00:00Z', reason: 'ReadyForNewScale', message: 'ok' }],
  },
};

describe('HorizontalPodAutoscaler autoscaling/v1 ↔ autoscaling/v2', () => {
  it('v1 → v2 → v1 gives the v1 object back (with the current metrics saved in their annotation)', () => {
    const v1 = {
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web', namespace: 'default' },
      spec: { scaleTargetRef: target, minReplicas: 1, maxReplicas: 3, targetCPUUtilizationPercentage: 50 },
      status: { observedGeneration: 1, currentReplicas: 2, desiredReplicas: 2, currentCPUUtilizationPercentage: 30 },
    };
    const v2 = hpaV1ToV2(v(v1));
    expect(plain(v2).spec.metrics).toEqual([cpu(50)]);
    expect(plain(v2).status.currentMetrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 30 } } }]);
    // Every current metric is saved in the annotation, the cpu one too (its raw value with it).
    const back = plain(hpaV2ToV1(v2));
    expect(back).toEqual({
      ...v1,
      metadata: { ...v1.metadata, annotations: { [CURRENT_METRICS_ANNOTATION]: '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":30,"currentAverageValue":"0"}}]' } },
    });
    expect(plain(hpaV2ToV1(hpaV1ToV2(v(back))))).toEqual(back);
    const { status: _, ...specOnly } = v1;
    expect(plain(hpaV2ToV1(hpaV1ToV2(v(specOnly))))).toEqual(specOnly);
  });

  it('v2 → v1 → v2 gives the v2 object back, what v1 cannot hold carried in annotations', () => {
    const v1 = hpaV2ToV1(v(richV2));
    const p = plain(v1);
    expect(p.apiVersion).toBe('autoscaling/v1');
    expect(p.spec).toEqual({ scaleTargetRef: target, minReplicas: 2, maxReplicas: 10, targetCPUUtilizationPercentage: 50 });
    // The last cpu current metric with a utilization.
    expect(p.status).toEqual({ observedGeneration: 3, currentReplicas: 4, desiredReplicas: 5, currentCPUUtilizationPercentage: 42 });
    expect(Object.keys(p.metadata.annotations).sort()).toEqual([BEHAVIOR_ANNOTATION, CONDITIONS_ANNOTATION, CURRENT_METRICS_ANNOTATION, METRICS_ANNOTATION, 'team'].sort());
    expect(plain(hpaV1ToV2(v1))).toEqual(richV2);
  });

  it('writes the annotations as Go marshals the v1 structs and the internal behavior', () => {
    const a = plain(hpaV2ToV1(v(richV2))).metadata.annotations;
    expect(a[METRICS_ANNOTATION]).toBe(
      '[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"500Mi"}},' +
        '{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"10"}},' +
        '{"type":"Object","object":{"target":{"kind":"Ingress","name":"main","apiVersion":"networking.k8s.io/v1"},"metricName":"rps","targetValue":"2k","selector":{"matchLabels":{"a":"b"}}}},' +
        '{"type":"External","external":{"metricName":"queue","targetAverageValue":"30"}},' +
        '{"type":"ContainerResource","containerResource":{"name":"cpu","targetAverageUtilization":60,"container":"app"}}]',
    );
    expect(a[CURRENT_METRICS_ANNOTATION]).toBe(
      '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":42,"currentAverageValue":"250m"}},' +
        '{"type":"Pods","pods":{"metricName":"qps","currentAverageValue":"12"}}]',
    );
    expect(a[BEHAVIOR_ANNOTATION]).toBe(
      '{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15}]},' +
        '"ScaleDown":{"StabilizationWindowSeconds":300,"SelectPolicy":"Min","Policies":[{"Type":"Percent","Value":10,"PeriodSeconds":60}]}}',
    );
    expect(a[CONDITIONS_ANNOTATION]).toBe('[{"type":"AbleToScale","status":"True","lastTransitionTime":"2024-01-01T00:00:00Z","reason":"ReadyForNewScale","message":"ok"}]');
  });

  it('gives a v1 object without a cpu target the 80% cpu metric, and puts the annotation metrics before the cpu target', () => {
    const bare = v({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h' }, spec: { scaleTargetRef: target, maxReplicas: 3 } });
    expect(plain(hpaV1ToV2(bare)).spec.metrics).toEqual([cpu(80)]);
    const both = v({
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'h', annotations: { [METRICS_ANNOTATION]: '[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"500Mi"}}]' } },
      spec: { scaleTargetRef: target, maxReplicas: 3, targetCPUUtilizationPercentage: 70 },
    });
    const v2 = plain(hpaV1ToV2(both));
    expect(v2.spec.metrics).toEqual([memory, cpu(70)]);
    expect(v2.metadata.annotations).toBeUndefined();
    // So a v2 object with its cpu target first comes back from v1 reordered, as from a real server.
    const cpuFirst = v({ ...richV2, spec: { ...richV2.spec, metrics: [cpu(50), memory], behavior: undefined }, status: undefined });
    expect(plain(hpaV1ToV2(hpaV2ToV1(cpuFirst))).spec.metrics).toEqual([memory, cpu(50)]);
  });

  it('reads the behavior annotation with any case of the Go names and leaves out what is not set', () => {
    const v1 = v({
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'h', annotations: { [BEHAVIOR_ANNOTATION]: '{"scaleDown":{"stabilizationWindowSeconds":60},"ScaleUp":null}' } },
      spec: { scaleTargetRef: target, maxReplicas: 3, targetCPUUtilizationPercentage: 50 },
    });
    expect(plain(hpaV1ToV2(v1)).spec.behavior).toEqual({ scaleDown: { stabilizationWindowSeconds: 60 } });
    const empty = v({ ...plain(v1), metadata: { name: 'h', annotations: { [BEHAVIOR_ANNOTATION]: '{}' } } });
    expect(plain(hpaV1ToV2(empty)).spec.behavior).toBeUndefined();
  });

  it('ignores an annotation that does not decode into its Go type, and drops it', () => {
    for (const bad of ['abc', '', '{"type":"Resource"}', '[{"type":5}]', '[1]']) {
      const v1 = v({
        apiVersion: 'autoscaling/v1',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'h', annotations: { [METRICS_ANNOTATION]: bad, [CONDITIONS_ANNOTATION]: bad, keep: 'x' } },
        spec: { scaleTargetRef: target, maxReplicas: 3, targetCPUUtilizationPercentage: 50 },
        status: { currentReplicas: 0, desiredReplicas: 0 },
      });
      const v2 = plain(hpaV1ToV2(v1));
      expect(v2.spec.metrics, bad).toEqual([cpu(50)]);
      expect(v2.status.conditions, bad).toBeUndefined();
      expect(v2.metadata.annotations, bad).toEqual({ keep: 'x' });
    }
  });

  it('v2 shows none of the annotations v1 uses, and a target on a cpu value stays in the metrics annotation', () => {
    const withAnnotations = v({ ...richV2, metadata: { name: 'web', annotations: { [METRICS_ANNOTATION]: '[]', [BEHAVIOR_ANNOTATION]: '{}' } } });
    expect(plain(hpaWithoutRoundTripAnnotations(withAnnotations)).metadata).toEqual({ name: 'web' });
    const cpuValue = { type: 'Resource', resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '500m' } } };
    const v1 = plain(hpaV2ToV1(v({ ...richV2, spec: { scaleTargetRef: target, maxReplicas: 3, metrics: [cpuValue] }, status: undefined })));
    expect(v1.spec.targetCPUUtilizationPercentage).toBeUndefined();
    expect(v1.metadata.annotations[METRICS_ANNOTATION]).toBe('[{"type":"Resource","resource":{"name":"cpu","targetAverageValue":"500m"}}]');
  });
});
