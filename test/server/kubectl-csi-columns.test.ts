/**
 * `kubectl get` of CSI drivers and nodes and of mutating admission policies and their bindings
 * over `ssa-sim serve` prints kube-apiserver 1.32's printer columns for them
 * (pkg/printers/internalversion: printCSIDriver, printCSINode, printMutatingAdmissionPolicy,
 * printMutatingAdmissionPolicyBinding), where it printed NAME and AGE.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable } from './kubectl-harness.js';
import { createAll, tableCluster } from './kubectl-table-harness.js';

const available = kubectlAvailable();

const OBJECTS = `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata: {name: ebs.csi.aws.com}
spec:
  attachRequired: true
  podInfoOnMount: false
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata: {name: secrets-store.csi.k8s.io}
spec:
  attachRequired: false
  podInfoOnMount: true
  requiresRepublish: true
  tokenRequests: [{audience: vault}, {audience: aws}]
  volumeLifecycleModes: [Persistent, Ephemeral]
---
apiVersion: storage.k8s.io/v1
kind: CSINode
metadata: {name: node-1}
spec:
  drivers:
  - {name: ebs.csi.aws.com, nodeID: i-0123}
  - {name: efs.csi.aws.com, nodeID: i-0123}
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: sidecar}
spec:
  paramKind: {apiVersion: example.com/v1, kind: SidecarConfig}
  matchConstraints:
    resourceRules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods]}]
  reinvocationPolicy: Never
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration: {expression: "Object{metadata: Object.metadata{labels: {'a': 'b'}}}"}
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: sidecar}
spec:
  policyName: sidecar
  paramRef: {name: default, namespace: team, parameterNotFoundAction: Deny}
`;

describe.skipIf(!available)('CSI and mutating admission policy printer columns over ssa-sim serve', () => {
  const c = tableCluster(async ({ k }) => {
    await createAll(k, 'objects.yaml', OBJECTS);
  });

  // A driver's unset lifecycle modes are defaulted to Persistent on create, as kube-apiserver defaults them.
  it('CSI drivers and nodes', { timeout: 60_000 }, async () => {
    expect(await c.get('csidrivers')).toBe('NAME                       ATTACHREQUIRED   PODINFOONMOUNT   STORAGECAPACITY   TOKENREQUESTS   REQUIRESREPUBLISH   MODES                  AGE\nebs.csi.aws.com            true             false            false             <unset>         false               Persistent             5m\nsecrets-store.csi.k8s.io   false            true             false             vault,aws       true                Persistent,Ephemeral   5m\n');
    expect(await c.get('csinodes')).toBe('NAME     DRIVERS   AGE\nnode-1   2         5m\n');
  });

  it('mutating admission policies and bindings', { timeout: 60_000 }, async () => {
    expect(await c.get('mutatingadmissionpolicies')).toBe('NAME      MUTATIONS   PARAMKIND                      AGE\nsidecar   1           example.com/v1/SidecarConfig   5m\n');
    expect(await c.get('mutatingadmissionpolicybindings')).toBe('NAME      POLICYNAME   PARAMREF       AGE\nsidecar   sidecar      team/default   5m\n');
  });
});
