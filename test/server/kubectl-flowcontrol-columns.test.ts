/**
 * `kubectl get flowschemas` and `kubectl get prioritylevelconfigurations` over `ssa-sim serve`
 * print kube-apiserver 1.32's printer columns for them (pkg/printers/internalversion:
 * printFlowSchema, whose list is sorted by matching precedence then name as FlowSchemaSequence
 * sorts it, and printPriorityLevelConfiguration), where it printed NAME and AGE.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable } from './kubectl-harness.js';
import { createAll, tableCluster } from './kubectl-table-harness.js';
import { call } from './http-client.js';

const available = kubectlAvailable();
const T0 = '2024-01-01T00:00:00Z';

const OBJECTS = `apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata: {name: a-late}
spec:
  matchingPrecedence: 9000
  priorityLevelConfiguration: {name: workload-low}
  distinguisherMethod: {type: ByUser}
  rules: [{subjects: [{kind: Group, group: {name: system:authenticated}}], resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], namespaces: ["*"]}]}]
---
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata: {name: z-early}
spec:
  matchingPrecedence: 500
  priorityLevelConfiguration: {name: exempt}
  rules: [{subjects: [{kind: Group, group: {name: system:masters}}], nonResourceRules: [{verbs: ["*"], nonResourceURLs: ["*"]}]}]
---
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: PriorityLevelConfiguration
metadata: {name: workload-low}
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: 100
    limitResponse:
      type: Queue
      queuing: {queues: 128, handSize: 6, queueLengthLimit: 50}
---
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: PriorityLevelConfiguration
metadata: {name: rejecting}
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: 5
    limitResponse: {type: Reject}
---
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: PriorityLevelConfiguration
metadata: {name: exempt}
spec:
  type: Exempt
`;

describe.skipIf(!available)('flow control printer columns over ssa-sim serve', () => {
  const c = tableCluster(async ({ server, k }) => {
    await createAll(k, 'objects.yaml', OBJECTS);
    const dangling = { status: { conditions: [{ type: 'Dangling', status: 'False', lastTransitionTime: T0, reason: 'Found', message: 'ok' }] } };
    expect((await call(server, 'PATCH', '/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas/a-late/status', JSON.stringify(dangling), { 'Content-Type': 'application/merge-patch+json' })).status).toBe(200);
  });

  it('flow schemas, lowest matching precedence first', { timeout: 60_000 }, async () => {
    expect(await c.get('flowschemas')).toBe('NAME      PRIORITYLEVEL   MATCHINGPRECEDENCE   DISTINGUISHERMETHOD   AGE   MISSINGPL\nz-early   exempt          500                  <none>                5m    ?\na-late    workload-low    9000                 ByUser                5m    False\n');
  });

  it('priority level configurations', { timeout: 60_000 }, async () => {
    expect(await c.get('prioritylevelconfigurations')).toBe('NAME           TYPE      NOMINALCONCURRENCYSHARES   QUEUES   HANDSIZE   QUEUELENGTHLIMIT   AGE\nexempt         Exempt    <none>                     <none>   <none>     <none>             5m\nrejecting      Limited   5                          <none>   <none>     <none>             5m\nworkload-low   Limited   100                        128      6          50                 5m\n');
  });
});
