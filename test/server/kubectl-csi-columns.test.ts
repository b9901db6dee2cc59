/**
 * `kubectl get` of CSI drivers and nodes and of mutating admission policies and their bindings
 * over `ssa-sim serve` prints kube-apiserver 1.32's printer columns for them
 * (pkg/printers/internalversion: printCSIDriver, printCSINode, printMutatingAdmissionPolicy,
 * printMutatingAdmissionPolicyBinding), where it printed NAME and AGE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { startServer } from '../../src/server/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();
const T0 = '2024-01-01T00:00:00Z';
const T1 = '2024-01-01T00:05:00Z';

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
  let clock = T0;
  let server: Awaited<ReturnType<typeof startServer>>;
  let k: KubectlSession;
  const get = async (...args: string[]) => {
    const r = await k.run(['get', ...args]);
    expect(r.stderr).toBe('');
    return r.stdout;
  };
  beforeAll(async () => {
    server = await startServer({ state: newClusterState(builtinCatalog(), T0), now: () => clock });
    k = new KubectlSession(server.kubeconfig);
    const created = await k.run(['create', '-f', k.file('objects.yaml', OBJECTS)]);
    expect(created.stderr).toBe('');
    clock = T1;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    k?.dispose();
  });

  // A driver's unset lifecycle modes are defaulted to Persistent on create, as kube-apiserver defaults them.
  it('CSI drivers and nodes', { timeout: 60_000 }, async () => {
    expect(await get('csidrivers')).toBe('NAME                       ATTACHREQUIRED   PODINFOONMOUNT   STORAGECAPACITY   TOKENREQUESTS   REQUIRESREPUBLISH   MODES                  AGE\nebs.csi.aws.com            true             false            false             <unset>         false               Persistent             5m\nsecrets-store.csi.k8s.io   false            true             false             vault,aws       true                Persistent,Ephemeral   5m\n');
    expect(await get('csinodes')).toBe('NAME     DRIVERS   AGE\nnode-1   2         5m\n');
  });

  it('mutating admission policies and bindings', { timeout: 60_000 }, async () => {
    expect(await get('mutatingadmissionpolicies')).toBe('NAME      MUTATIONS   PARAMKIND                      AGE\nsidecar   1           example.com/v1/SidecarConfig   5m\n');
    expect(await get('mutatingadmissionpolicybindings')).toBe('NAME      POLICYNAME   PARAMREF       AGE\nsidecar   sidecar      team/default   5m\n');
  });
});
