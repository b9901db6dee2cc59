/**
 * The EKS story (../shared/docs/the-eks-story.md), on a cluster that behaves like a real server
 * (built-in defaults, Go zero values): aws-node created by kubectl client-side apply, a user's
 * `kubectl set env`, then the add-on manager's server-side apply as `eks`, dry run without force
 * (the 409, byte for byte) and with force.
 */
import { describe, expect, it } from 'vitest';
import { decodeFieldsV1Value } from '../../src/fieldpath/fieldsv1-decode.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { LAST_APPLIED, lastAppliedValue, readEntries } from '../../src/apiserver/index.js';
import { getPath } from '../../src/apiserver/object-paths.js';
import { readObjects } from '../../src/manifest/index.js';
import { cluster, fail, ok, ref } from './helpers.js';
import type { KubeObject } from '../../src/apiserver/index.js';

const ECR = '602401143452.dkr.ecr.eu-west-1.amazonaws.com';

function awsNode(version: string, opts: { affinity?: boolean } = {}): string {
  return `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: aws-node
  namespace: kube-system
  labels:
    k8s-app: aws-node
spec:
  selector:
    matchLabels:
      k8s-app: aws-node
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 10%
  template:
    metadata:
      labels:
        k8s-app: aws-node
    spec:
${
  opts.affinity
    ? `      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions:
              - key: kubernetes.io/os
                operator: In
                values: [linux]
`
    : ''
}      hostNetwork: true
      priorityClassName: system-node-critical
      serviceAccountName: aws-node
      terminationGracePeriodSeconds: 10
      tolerations:
      - operator: Exists
      initContainers:
      - name: aws-vpc-cni-init
        image: ${ECR}/amazon-k8s-cni-init:${version}
        securityContext:
          privileged: true
        volumeMounts:
        - mountPath: /host/opt/cni/bin
          name: cni-bin-dir
      containers:
      - name: aws-node
        image: ${ECR}/amazon-k8s-cni:${version}
        ports:
        - containerPort: 61678
          name: metrics
        env:
        - name: AWS_VPC_K8S_CNI_CONFIGURE_RPFILTER
          value: "false"
        - name: AWS_VPC_K8S_CNI_LOGLEVEL
          value: DEBUG
        - name: MY_NODE_NAME
          # apiVersion as the server defaults it: fieldRef is atomic, so an applied fieldRef
          # without it would differ from the live one and conflict.
          valueFrom:
            fieldRef:
              apiVersion: v1
              fieldPath: spec.nodeName
        resources:
          requests:
            cpu: 25m
        securityContext:
          capabilities:
            add: [NET_ADMIN]
        volumeMounts:
        - mountPath: /host/opt/cni/bin
          name: cni-bin-dir
        - mountPath: /host/etc/cni/net.d
          name: cni-net-dir
        - mountPath: /host/var/log/aws-routed-eni
          name: log-dir
        - mountPath: /var/run/aws-node
          name: run-dir
        - mountPath: /var/run/dockershim.sock
          name: dockershim
        - mountPath: /run/xtables.lock
          name: xtables-lock
      volumes:
      - name: cni-bin-dir
        hostPath:
          path: /opt/cni/bin
      - name: cni-net-dir
        hostPath:
          path: /etc/cni/net.d
      - name: dockershim
        hostPath:
          path: /var/run/dockershim.sock
      - name: xtables-lock
        hostPath:
          path: /run/xtables.lock
      - name: log-dir
        hostPath:
          path: /var/log/aws-routed-eni
          type: DirectoryOrCreate
      - name: run-dir
        hostPath:
          path: /var/run/aws-node
          type: DirectoryOrCreate
`;
}

const KUBECTL_UA = 'kubectl/v1.22.12 (linux/amd64) kubernetes/dade57b';
const ds = ref('apps/v1', 'DaemonSet', 'aws-node', 'kube-system');

function bootstrap() {
  const c = cluster({ harness: false, now: '2022-09-01T10:00:00Z' });
  // kubectl apply (client-side) of a missing object: POST with the last-applied annotation.
  const manifest = readObjects(awsNode('v1.10.1-eksbuild.1'))[0];
  const annotation = lastAppliedValue(manifest);
  const meta = manifest.metadata as KubeObject;
  const body = { ...manifest, metadata: { ...meta, annotations: { [LAST_APPLIED]: annotation } } } as KubeObject;
  ok(c.create(body, { fieldManager: 'kubectl-client-side-apply', userAgent: KUBECTL_UA }));
  // A user's customisation: kubectl set env (strategic merge patch, manager kubectl-set).
  c.setTime('2022-09-02T10:00:00Z');
  ok(
    c.patch(ds, 'strategic', { spec: { template: { spec: { containers: [{ name: 'aws-node', env: [{ name: 'ENABLE_POD_ENI', value: 'true' }] }] } } } }, {
      fieldManager: 'kubectl-set',
      userAgent: KUBECTL_UA,
    }),
  );
  return c;
}

describe('the EKS story', () => {
  it('bootstrap: one kubectl-client-side-apply Update entry owning the manifest, defaults and the annotation', () => {
    const c = bootstrap();
    const live = c.object(ds)!;
    const csa = readEntries(live).find((e) => e.manager === 'kubectl-client-side-apply')!;
    expect(csa).toMatchObject({ operation: 'Update', apiVersion: 'apps/v1' });
    const set = decodeFieldsV1Value(csa.fieldsV1);
    const paths = set.paths().map(pathToString);
    expect(paths).toContain('.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration');
    expect(paths).toContain('.spec.template.spec.containers[name="aws-node"].image');
    expect(paths).toContain('.spec.template.spec.containers[name="aws-node"].imagePullPolicy'); // defaulted at create
    expect(paths).toContain('.spec.revisionHistoryLimit');
    const set2 = readEntries(live).find((e) => e.manager === 'kubectl-set')!;
    expect(pathsOf(set2.fieldsV1)).toContain('.spec.template.spec.containers[name="aws-node"].env[name="ENABLE_POD_ENI"].value');
  });

  it('eks dry-run apply without force: the 409 of the story, byte for byte, and nothing changes', () => {
    const c = bootstrap();
    const before = c.state;
    const r = c.apply(awsNode('v1.11.4-eksbuild.1', { affinity: true }), {
      fieldManager: 'eks',
      force: false,
      dryRun: true,
      userAgent: 'Go-http-client/1.1',
    });
    const f = fail(r);
    expect(f.code).toBe(409);
    expect(f.reason).toBe('Conflict');
    expect(f.message).toBe(
      'Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:\n' +
        '- .spec.template.spec.containers[name="aws-node"].image\n' +
        '- .spec.template.spec.initContainers[name="aws-vpc-cni-init"].image',
    );
    expect(f.causes).toEqual([
      { reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using apps/v1', field: '.spec.template.spec.containers[name="aws-node"].image' },
      {
        reason: 'FieldManagerConflict',
        message: 'conflict with "kubectl-client-side-apply" using apps/v1',
        field: '.spec.template.spec.initContainers[name="aws-vpc-cni-init"].image',
      },
    ]);
    expect(c.state).toBe(before);
  });

  it('with force, eks owns its manifest, the images leave the CSA entry, agreed fields stay shared, the user env survives', () => {
    const c = bootstrap();
    c.setTime('2022-09-03T10:00:00Z');
    const out = ok(c.apply(awsNode('v1.11.4-eksbuild.1', { affinity: true }), { fieldManager: 'eks', force: true, userAgent: 'Go-http-client/1.1' }));
    const list = readEntries(out);
    const eks = list.find((e) => e.manager === 'eks')!;
    expect(eks).toMatchObject({ operation: 'Apply', apiVersion: 'apps/v1', time: '2022-09-03T10:00:00Z' });
    expect(list[0].manager).toBe('eks'); // Apply entries sort first
    const eksPaths = pathsOf(eks.fieldsV1);
    for (const p of [
      '.metadata.labels.k8s-app',
      '.spec.selector',
      '.spec.template.metadata.labels.k8s-app',
      '.spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution',
      '.spec.template.spec.containers[name="aws-node"].env[name="AWS_VPC_K8S_CNI_CONFIGURE_RPFILTER"].value',
      '.spec.template.spec.containers[name="aws-node"].image',
    ]) {
      expect(eksPaths).toContain(p);
    }
    expect(JSON.stringify(eks.fieldsV1)).toContain('"k:{\\"name\\":\\"AWS_VPC_K8S_CNI_CONFIGURE_RPFILTER\\"}":{".":{},"f:name":{},"f:value":{}}');
    const csaPaths = pathsOf(list.find((e) => e.manager === 'kubectl-client-side-apply')!.fieldsV1);
    expect(csaPaths).not.toContain('.spec.template.spec.containers[name="aws-node"].image');
    expect(csaPaths).not.toContain('.spec.template.spec.initContainers[name="aws-vpc-cni-init"].image');
    // Every field both set to the same value stays shared.
    const shared = eksPaths.filter((p) => !p.endsWith('.image') && !p.includes('affinity') && csaPaths.includes(p));
    expect(shared).toContain('.spec.template.spec.hostNetwork');
    expect(shared).toContain('.spec.template.spec.containers[name="aws-node"].env[name="AWS_VPC_K8S_CNI_LOGLEVEL"].value');
    for (const p of eksPaths) {
      if (p.endsWith('.image') || p.includes('affinity')) continue;
      expect(csaPaths, p).toContain(p);
    }
    expect(getPath(out, ['spec', 'template', 'spec', 'containers'])).toEqual(
      expect.arrayContaining([expect.objectContaining({ image: `${ECR}/amazon-k8s-cni:v1.11.4-eksbuild.1` })]),
    );
    const env = (getPath(out, ['spec', 'template', 'spec', 'containers']) as KubeObject[])[0].env as KubeObject[];
    expect(env.map((e) => e.name)).toContain('ENABLE_POD_ENI');
  });
});

function pathsOf(fieldsV1: unknown): string[] {
  return decodeFieldsV1Value(fieldsV1 as never)
    .paths()
    .map(pathToString);
}
