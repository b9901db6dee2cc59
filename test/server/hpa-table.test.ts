/**
 * The HorizontalPodAutoscaler Table (`kubectl get hpa`): kube-apiserver 1.32's columns, filled from
 * the object at its storage version whichever version the Table was asked at, and the TARGETS text
 * of each metric source (src/server/hpa-targets.ts).
 */
import { describe, expect, it } from 'vitest';
import { hpaTargets } from '../../src/server/hpa-targets.js';
import { toValue } from '../../src/apiserver/object-paths.js';
import type { ValueMap } from '../../src/value/value.js';
import { call, JSON_HEADERS, start } from './http-client.js';

const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';
const hpa = (metrics: unknown[], currentMetrics?: unknown[]) => toValue({ spec: { metrics }, status: { currentMetrics } }) as ValueMap;
const resource = (name: string, target: unknown) => ({ type: 'Resource', resource: { name, target } });

describe('the HorizontalPodAutoscaler Table', () => {
  it('has the printer columns and reads v2 fields when asked at v1', async () => {
    const s = await start();
    const body = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        maxReplicas: 4,
        metrics: [resource('memory', { type: 'AverageValue', averageValue: '500Mi' }), resource('cpu', { type: 'Utilization', averageUtilization: 60 })],
      },
    };
    expect((await call(s, 'POST', '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', JSON.stringify(body), JSON_HEADERS)).status).toBe(201);
    for (const version of ['v1', 'v2']) {
      const t = (await call(s, 'GET', `/apis/autoscaling/${version}/namespaces/default/horizontalpodautoscalers`, undefined, { Accept: TABLE })).json;
      expect(t.columnDefinitions.map((c: { name: string; type: string }) => `${c.name}:${c.type}`)).toEqual([
        'Name:string',
        'Reference:string',
        'Targets:string',
        'MinPods:string',
        'MaxPods:string',
        'Replicas:string',
        'Age:string',
      ]);
      expect(t.rows[0].cells.slice(0, 6), version).toEqual(['web', 'Deployment/web', 'memory: <unknown>/500Mi, cpu: <unknown>/60%', '1', 4, 0]);
    }
  });

  it('writes each metric source as the printer does, two at most', () => {
    const pods = { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } };
    const external = (target: unknown) => ({ type: 'External', external: { metric: { name: 'q' }, target } });
    const object = { type: 'Object', object: { describedObject: { kind: 'Service', name: 's' }, metric: { name: 'm' }, target: { type: 'Value', value: '2k' } } };
    const container = { type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization' } } };
    expect(hpaTargets(hpa([]))).toBe('<none>');
    expect(hpaTargets(hpa([resource('cpu', { type: 'Utilization', averageUtilization: 50 })], [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 42 } } }]))).toBe('cpu: 42%/50%');
    expect(hpaTargets(hpa([pods, object], [{ type: 'Pods', pods: { current: { averageValue: '12' } } }]))).toBe('12/10, <unknown>/2k');
    expect(hpaTargets(hpa([external({ type: 'AverageValue', averageValue: '30' }), container]))).toBe('<unknown>/30 (avg), cpu: <unknown>/<auto>');
    expect(hpaTargets(hpa([pods, pods, external({ type: 'Value', value: '1' }), { type: 'Other' }]))).toBe('<unknown>/10, <unknown>/10 + 2 more...');
  });
});
