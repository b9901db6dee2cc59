/**
 * Real kubectl 1.32 and HorizontalPodAutoscaler over `ssa-sim serve`: `kubectl autoscale` writes
 * autoscaling/v1 (an Update by `kubectl-autoscale`), the server stores v2 and shows the object at
 * either version with the v1 entry; `kubectl get hpa` prints the HPA columns; a server-side apply
 * at v2 that changes the cpu target conflicts with the v1 manager, as on a 1.32 cluster.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();
const T0 = '2024-01-01T00:00:00Z';
const T1 = '2024-01-01T00:05:00Z';

const APPLIED = (averageUtilization: number) => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  maxReplicas: 3
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: ${averageUtilization}}}
`;

const V1_ENTRY = `  managedFields:
  - apiVersion: autoscaling/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:maxReplicas: {}
        f:minReplicas: {}
        f:scaleTargetRef: {}
        f:targetCPUUtilizationPercentage: {}
    manager: kubectl-autoscale
    operation: Update
    time: "${T0}"
`;

describe.skipIf(!available)('real kubectl: HorizontalPodAutoscaler at autoscaling/v1 and v2', () => {
  let clock = T0;
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), T0), now: () => clock });

  it('kubectl autoscale, then get hpa, the v1 and v2 views, and a conflicting v2 apply', { timeout: 180_000 }, async () => {
    expect((await s.k.run(['create', 'deployment', 'web', '--image=nginx'])).code).toBe(0);
    const autoscaled = await s.k.run(['autoscale', 'deployment', 'web', '--cpu-percent=50', '--min=1', '--max=3']);
    expect(autoscaled.stderr).toBe('');
    expect(autoscaled.stdout).toBe('horizontalpodautoscaler.autoscaling/web autoscaled\n');
    clock = T1;

    const table = await s.k.run(['get', 'hpa']);
    expect(table.stderr).toBe('');
    expect(table.stdout).toBe(
      'NAME   REFERENCE        TARGETS              MINPODS   MAXPODS   REPLICAS   AGE\n' + 'web    Deployment/web   cpu: <unknown>/50%   1         3         0          5m\n',
    );

    const v1 = await s.k.run(['get', 'horizontalpodautoscalers.v1.autoscaling', 'web', '-o', 'yaml', '--show-managed-fields']);
    expect(v1.stderr).toBe('');
    expect(v1.stdout).toBe(`apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  creationTimestamp: "${T0}"
  generation: 1
${V1_ENTRY}  name: web
  namespace: default
  resourceVersion: "11"
  uid: 00000000-0000-4000-8000-00000000000b
spec:
  maxReplicas: 3
  minReplicas: 1
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  targetCPUUtilizationPercentage: 50
status:
  currentReplicas: 0
  desiredReplicas: 0
`);

    // The preferred version (and kubectl's short name, which it expands without the version: hpa.v1.autoscaling reads v2 too).
    for (const resource of ['hpa', 'horizontalpodautoscalers.v2.autoscaling', 'hpa.v1.autoscaling']) {
      const v2 = await s.k.run(['get', resource, 'web', '-o', 'yaml', '--show-managed-fields']);
      expect(v2.stderr, resource).toBe('');
      expect(v2.stdout, resource).toBe(`apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  creationTimestamp: "${T0}"
  generation: 1
${V1_ENTRY}  name: web
  namespace: default
  resourceVersion: "11"
  uid: 00000000-0000-4000-8000-00000000000b
spec:
  maxReplicas: 3
  metrics:
  - resource:
      name: cpu
      target:
        averageUtilization: 50
        type: Utilization
    type: Resource
  minReplicas: 1
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
status:
  currentMetrics: null
  desiredReplicas: 0
`);
    }

    const conflict = await s.k.run(['apply', '--server-side', '--field-manager=ops', '-f', s.k.file('hpa70.yaml', APPLIED(70))]);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/^error: Apply failed with 1 conflict: conflict with "kubectl-autoscale" using autoscaling\/v1: \.spec\.targetCPUUtilizationPercentage\n/);
    // The same target is shared, no conflict; forced, the new target is the applier's alone.
    expect((await s.k.run(['apply', '--server-side', '--field-manager=ops', '-f', s.k.file('hpa50.yaml', APPLIED(50))])).stderr).toBe('');
    const forced = await s.k.run(['apply', '--server-side', '--field-manager=ops', '--force-conflicts', '-f', s.k.file('hpa70.yaml', APPLIED(70))]);
    expect(forced.stdout).toBe('horizontalpodautoscaler.autoscaling/web serverside-applied\n');
    const after = await s.k.run(['get', 'horizontalpodautoscalers.v1.autoscaling', 'web', '-o', 'jsonpath={.spec.targetCPUUtilizationPercentage} {.metadata.managedFields[*].manager}']);
    expect(after.stdout).toBe('70 ops kubectl-autoscale');
    expect((await s.k.run(['get', 'hpa', '--no-headers'])).stdout).toMatch(/^web\s+Deployment\/web\s+cpu: <unknown>\/70%\s+1\s+3\s+0\s+5m\n$/);
  });
});
