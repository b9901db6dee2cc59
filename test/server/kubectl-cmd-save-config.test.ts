/**
 * Kubernetes' own kubectl command tests for `--save-config`, run with the real kubectl 1.32
 * against `startServer`: kubernetes/kubernetes test/cmd/save-config.sh, function
 * run_save_config_tests (the newest version the source index holds), with hack/testdata/pod.yaml
 * and hack/testdata/frontend-controller.yaml reproduced as data. Each `it` is one of its six
 * numbered blocks: the last-applied annotation is absent after a plain create and present after
 * create, edit, replace, run, expose and autoscale with `--save-config`.
 *
 * Adapted, with the reason:
 * - Block 2's editor is a shell script running sed (as the shell test writes one), given to kubectl
 *   as EDITOR.
 * - Blocks 4 and 5: `kubectl run --generator=run/v1` (a ReplicationController) is gone since
 *   kubectl 1.18; `kubectl run` creates a Pod (labelled `run=nginx`), so block 5 exposes that Pod
 *   and the clean-up deletes `pod,svc nginx`.
 * - Block 6 lists HorizontalPodAutoscalers through `hpa`, `hpa.autoscaling` and the group prefix
 *   `hpa.autoscal`: on 1.32 kubectl resolves each to the preferred version, autoscaling/v2 (the
 *   shell test's `autoscaling/v1` predates v2's GA), so the items read `autoscaling/v2`.
 * - The server runs without the ServiceAccount admission plugin, as test-cmd's kube-apiserver does
 *   (hack/make-rules/test-cmd.sh: DISABLE_ADMISSION_PLUGINS="ServiceAccount,..."): with it, the
 *   pod gets a token volume and mounts on create that block 3's replace would drop, and a real
 *   kube-apiserver refuses that (`spec: Forbidden: pod updates may not change fields other
 *   than ...`).
 * Nothing is left out.
 */
import { chmodSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POD } from './kubectl-cmd-testdata.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const FRONTEND_CONTROLLER = `apiVersion: v1
kind: ReplicationController
metadata:
  name: frontend
spec:
  replicas: 3
  template:
    metadata:
      labels:
        app: guestbook
        tier: frontend
    spec:
      terminationGracePeriodSeconds: 0
      containers:
      - name: php-redis
        image: gcr.io/google_samples/gb-frontend:v4
        resources:
          requests:
            cpu: 100m
            memory: 100Mi
        env:
        - name: GET_HOSTS_FROM
          value: dns
        ports:
        - containerPort: 80
`;

const ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
const NAMES = '{{range.items}}{{.metadata.name}}:{{end}}';
const T = { timeout: 240_000 };

describe.skipIf(!available)('test/cmd/save-config.sh run_save_config_tests, real kubectl against serve', () => {
  // As test-cmd starts kube-apiserver: without the ServiceAccount admission plugin (see above).
  const at = serverWithKubectl({ serviceAccountAdmission: false });
  const ok = async (args: string[], env: Record<string, string> = {}): Promise<string> => {
    const r = await at.k.run(args, 60_000, env);
    expect(r.stderr, args.join(' ')).toBe('');
    expect(r.code, args.join(' ')).toBe(0);
    return r.stdout;
  };
  const yaml = async (object: string): Promise<string> => ok(['get', ...object.split(' '), '-o', 'yaml']);
  let namespaces = 0;
  const newNamespace = async (): Promise<void> => {
    const ns = `namespace-save-config-${++namespaces}`;
    await ok(['create', 'namespace', ns]);
    await ok(['config', 'set-context', '--current', `--namespace=${ns}`]);
  };

  it('1. create --save-config writes the annotation', T, async () => {
    const { k } = at;
    await newNamespace();
    const pod = k.file('pod.yaml', POD);
    expect(await k.getTemplate('pods', NAMES)).toBe('');
    expect(await ok(['create', '-f', pod, '--save-config'])).toBe('pod/test-pod created\n');
    expect(await yaml('pods test-pod')).toContain(ANNOTATION);
    await ok(['delete', '-f', pod]);
  });

  it('2. edit --save-config writes the annotation', T, async () => {
    const { k } = at;
    await newNamespace();
    const pod = k.file('pod.yaml', POD);
    expect(await k.getTemplate('pods', NAMES)).toBe('');
    await ok(['create', '-f', pod]);
    expect(await yaml('pods test-pod')).not.toContain(ANNOTATION);
    const editor = k.file('tmp-editor.sh', '#!/usr/bin/env bash\nsed -i "s/test-pod-label/test-pod-label-edited/g" "$@"\n');
    chmodSync(editor, 0o755);
    expect(await ok(['edit', 'pod', 'test-pod', '--save-config'], { EDITOR: editor })).toBe('pod/test-pod edited\n');
    const edited = await yaml('pods test-pod');
    expect(edited).toContain(ANNOTATION);
    expect(await k.getTemplate('pods test-pod', '{{.metadata.labels.name}}')).toBe('test-pod-label-edited');
    await ok(['delete', '-f', pod]);
  });

  it('3. replace --save-config writes the annotation', T, async () => {
    const { k } = at;
    await newNamespace();
    const pod = k.file('pod.yaml', POD);
    expect(await k.getTemplate('pods', NAMES)).toBe('');
    await ok(['create', '-f', pod]);
    expect(await yaml('pods test-pod')).not.toContain(ANNOTATION);
    expect(await ok(['replace', '-f', pod, '--save-config'])).toBe('pod/test-pod replaced\n');
    expect(await yaml('pods test-pod')).toContain(ANNOTATION);
    await ok(['delete', '-f', pod]);
  });

  it('4. and 5. run and expose --save-config write the annotation', T, async () => {
    const { k } = at;
    expect(await k.getTemplate('pods', NAMES)).toBe('');
    expect(await ok(['run', 'nginx', '--image=registry.k8s.io/nginx:1.7.9', '--save-config'])).toBe('pod/nginx created\n');
    expect(await yaml('pod nginx')).toContain(ANNOTATION);
    expect(await k.getTemplate('svc', NAMES)).toBe('');
    expect(await ok(['expose', 'pod', 'nginx', '--save-config', '--port=80', '--target-port=8000'])).toBe('service/nginx exposed\n');
    expect(await yaml('svc nginx')).toContain(ANNOTATION);
    expect(await ok(['delete', 'pod,svc', 'nginx'])).toBe('pod "nginx" deleted\nservice "nginx" deleted\n');
  });

  it('6. autoscale --save-config writes the annotation; the list reads at the preferred version', T, async () => {
    const { k } = at;
    const rc = k.file('frontend-controller.yaml', FRONTEND_CONTROLLER);
    expect(await k.getTemplate('rc', NAMES)).toBe('');
    expect(await ok(['create', '-f', rc])).toBe('replicationcontroller/frontend created\n');
    expect(await yaml('rc frontend')).not.toContain(ANNOTATION);
    expect(await ok(['autoscale', '-f', rc, '--save-config', '--max=2'])).toBe('horizontalpodautoscaler.autoscaling/frontend autoscaled\n');
    expect(await yaml('hpa frontend')).toContain(ANNOTATION);
    for (const resource of ['hpa', 'hpa.autoscaling', 'hpa.autoscal']) {
      expect(await ok(['get', resource, '-o=jsonpath={.items[0].apiVersion}']), resource).toBe('autoscaling/v2');
    }
    expect(await ok(['delete', 'hpa', 'frontend'])).toBe('horizontalpodautoscaler.autoscaling "frontend" deleted\n');
    expect(await ok(['delete', 'rc', 'frontend'])).toBe('replicationcontroller "frontend" deleted\n');
  });
});
