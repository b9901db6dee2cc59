/**
 * `owners:` expectations on an object whose entries were written at another API version: the
 * object's paths are owned as the entries read at its version say (version-owners.ts), and a
 * path of the entry's own version (as a 409 names it) by the entry that holds it there.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/apiserver/types.js';
import { readManifests } from '../../src/manifest/read-manifests.js';
import { loadSchemaSources } from '../../src/schema/catalog.js';
import { clusterView } from '../../src/scenarios/cluster-mode.js';
import { ownerNamesAt } from '../../src/scenarios/locate-path.js';
import { liveCluster } from '../../src/scenarios/offline-apply.js';

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
  namespace: default
  managedFields:
  - manager: alice
    operation: Apply
    apiVersion: autoscaling/v2
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:maxReplicas: {}
  - manager: bob
    operation: Update
    apiVersion: autoscaling/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:targetCPUUtilizationPercentage: {}
spec:
  maxReplicas: 5
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  metrics:
  - type: Resource
    resource:
      name: cpu
      target: {type: Utilization, averageUtilization: 60}
`;

describe('owners: at the object\'s version and at the entry\'s', () => {
  const catalog = loadSchemaSources({ builtin: true });
  const live = readManifests(HPA).manifests.map((m) => m.object as unknown as KubeObject);
  const view = clusterView(liveCluster(catalog, live, '2026-01-10T00:00:00Z')).objects[0];

  it('the v2 metric is the v1 entry\'s', () => {
    expect(ownerNamesAt(view, '.spec.metrics')).toEqual(['bob']);
    expect(ownerNamesAt(view, '.spec.maxReplicas')).toEqual(['alice']);
  });

  it('the v1 path, as the 409 names it, is the v1 entry\'s', () => {
    expect(ownerNamesAt(view, '.spec.targetCPUUtilizationPercentage')).toEqual(['bob']);
  });
});
