/**
 * Through the real kubectl 1.32: a server-side apply of a Deployment whose pod template uses
 * fields of feature gates kube-apiserver 1.32 has off (spec.hostUsers: UserNamespacesSupport; a
 * container's resizePolicy: InPlacePodVerticalScaling) is stored without them, as the Deployment
 * strategy's DropDisabledTemplateFields leaves it; `kubectl get -o yaml` no longer shows them,
 * while the applier's managedFields entry, written before the strategy ran, still lists them.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: gated
  namespace: default
spec:
  selector:
    matchLabels:
      app: gated
  template:
    metadata:
      labels:
        app: gated
    spec:
      hostUsers: false
      containers:
      - name: web
        image: nginx:1.27
        resizePolicy:
        - resourceName: cpu
          restartPolicy: NotRequired
`;

describe.skipIf(!kubectlAvailable())('fields of feature gates 1.32 has off, through kubectl apply --server-side', () => {
  const at = serverWithKubectl();
  it('are gone from the stored Deployment, and listed in the applier entry', { timeout: 120_000 }, async () => {
    const file = at.k.file('gated.yaml', DEPLOYMENT);
    expect(await at.k.ok(['apply', '--server-side', '-f', file])).toBe('deployment.apps/gated serverside-applied\n');
    const yaml = await at.k.ok(['get', 'deployment', 'gated', '-o', 'yaml']);
    expect(yaml).toContain('      containers:\n      - image: nginx:1.27\n');
    expect(yaml).not.toContain('hostUsers');
    expect(yaml).not.toContain('resizePolicy');
    expect(await at.k.ok(['get', 'deployment', 'gated', '-o', 'jsonpath={.spec.template.spec}'])).toBe(
      '{"containers":[{"image":"nginx:1.27","imagePullPolicy":"IfNotPresent","name":"web","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}],' +
        '"dnsPolicy":"ClusterFirst","restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},"terminationGracePeriodSeconds":30}',
    );
    const managed = await at.k.ok(['get', 'deployment', 'gated', '-o', 'yaml', '--show-managed-fields']);
    expect(managed).toContain('            f:hostUsers: {}\n');
    expect(managed).toContain('                f:resizePolicy: {}\n');
    // Applying the same file again changes nothing stored: the generation stays 1.
    expect(await at.k.ok(['apply', '--server-side', '-f', file])).toBe('deployment.apps/gated serverside-applied\n');
    expect(await at.k.ok(['get', 'deployment', 'gated', '-o', 'jsonpath={.metadata.generation}'])).toBe('1');
  });
});

/**
 * The same for kinds other than pods: a StatefulSet's rollingUpdate.maxUnavailable
 * (MaxUnavailableStatefulSet, alpha in 1.32) and a PersistentVolumeClaim's
 * volumeAttributesClassName (VolumeAttributesClass, beta but off in 1.32), dropped by their
 * strategies' PrepareForCreate.
 */
const STATEFUL_SET_AND_CLAIM = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: gated
  namespace: default
spec:
  serviceName: gated
  selector:
    matchLabels:
      app: gated
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 2
  template:
    metadata:
      labels:
        app: gated
    spec:
      containers:
      - name: web
        image: nginx:1.27
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: gated
  namespace: default
spec:
  accessModes:
  - ReadWriteOnce
  volumeAttributesClassName: gold
  resources:
    requests:
      storage: 1Gi
`;

describe.skipIf(!kubectlAvailable())('fields of other kinds whose gates 1.32 has off, through kubectl apply --server-side', () => {
  const at = serverWithKubectl();
  it('a StatefulSet loses rollingUpdate.maxUnavailable and a claim its volumeAttributesClassName', { timeout: 120_000 }, async () => {
    const file = at.k.file('gated-others.yaml', STATEFUL_SET_AND_CLAIM);
    expect(await at.k.ok(['apply', '--server-side', '-f', file])).toBe('statefulset.apps/gated serverside-applied\npersistentvolumeclaim/gated serverside-applied\n');
    const sts = await at.k.ok(['get', 'statefulset', 'gated', '-o', 'yaml']);
    expect(sts).toContain('  updateStrategy:\n    rollingUpdate:\n      partition: 0\n    type: RollingUpdate\n');
    expect(sts).not.toContain('maxUnavailable');
    const pvc = await at.k.ok(['get', 'persistentvolumeclaim', 'gated', '-o', 'yaml']);
    expect(pvc).toContain('  accessModes:\n  - ReadWriteOnce\n');
    expect(pvc).not.toContain('volumeAttributesClassName');
    // The applier's entries, written before the strategies ran, still list them.
    const managed = await at.k.ok(['get', 'statefulset', 'gated', '-o', 'yaml', '--show-managed-fields']);
    expect(managed).toContain('            f:maxUnavailable: {}\n');
    expect(await at.k.ok(['get', 'persistentvolumeclaim', 'gated', '-o', 'yaml', '--show-managed-fields'])).toContain('        f:volumeAttributesClassName: {}\n');
  });
});
