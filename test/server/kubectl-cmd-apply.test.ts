/**
 * Kubernetes' own kubectl command tests for client-side apply, run with the real kubectl 1.32
 * against `startServer`: kubernetes/kubernetes test/cmd/apply.sh, function
 * run_kubectl_apply_tests (the newest version the source index holds), with its input files from
 * hack/testdata/ reproduced as data. Each `it` is one block of the shell story, in its order, in
 * one namespace as `create_and_use_new_namespace` leaves it; `get_object_assert OBJECT TEMPLATE
 * WANT` is `expect(await k.getTemplate(OBJECT, TEMPLATE)).toBe(WANT)` and `if_has_string` is
 * `toContain`.
 *
 * Adapted, with the reason:
 * - hack/testdata/retainKeys/deployment/deployment-after.yaml is stored at extensions/v1beta1
 *   without a selector; 1.32 serves Deployments at apps/v1 only, where the selector is required,
 *   so it is applied as apps/v1 with the `app: nginx` selector of deployment-before.yaml.
 * - The CRD of "apply dry-run on CR" is created at apiextensions.k8s.io/v1 (v1beta1 is gone in
 *   1.22) with one served and stored version v1alpha1 whose schema preserves unknown fields.
 * - The shell's retry loop waiting for the CRD to be served is one `api-resources` check: the
 *   simulated server serves a stored CRD from the next request on.
 * - "apply -f some.yml --force": service-revision2.yaml asks for `clusterIP: 10.0.0.12`, in the
 *   shell test cluster's service range (10.0.0.0/24) but outside the simulated server's
 *   (10.96.0.0/12), where the recreate would be refused for the range, not for the immutability
 *   the block checks; the address is moved into our range (10.96.0.12).
 * - The shell runs kubectl with `2>&1` or ignores stderr; here every command's stderr must be
 *   empty, but for kubectl's own prune warning and where a block expects an error.
 *
 * Left out, with the reason:
 * - `apply -k` / `--kustomize` (hack/testdata/kustomize): kustomize runs inside kubectl and
 *   is not what the server answers; its files are not in the source index.
 */
import { describe, expect, it } from 'vitest';
import { CR_RESOURCE, POD, POD_APPLY } from './kubectl-cmd-testdata.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const DEPLOYMENT_BEFORE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: test-deployment-retainkeys
  labels:
    app: nginx
spec:
  replicas: 1
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
      volumes:
      - name: test-volume
`;

const DEPLOYMENT_AFTER = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: test-deployment-retainkeys
spec:
  strategy:
    type: Recreate
  replicas: 1
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
      volumes:
      - name: test-volume
        hostPath:
          path: /data
`;

const FILTER_SELECTOR_POD = `apiVersion: v1
kind: Pod
metadata:
  name: selector-test-pod
  labels:
    name: selector-test-pod
    unique-label: bingbang
spec:
  containers:
  - name: kubernetes-pause
    image: k8s.gcr.io/pause:3.5
`;

const FILTER_DONT_APPLY_POD = `apiVersion: v1
kind: Pod
metadata:
  name: selector-test-pod-dont-apply
  labels:
    name: selector-test-pod-dont-apply
    unique-label: biz
spec:
  containers:
  - name: kubernetes-pause
    image: k8s.gcr.io/pause:3.5
`;

const PRUNE_A = `apiVersion: v1
kind: Pod
metadata:
  name: a
  labels:
    prune-group: "true"
spec:
  containers:
  - name: kubernetes-pause
    image: registry.k8s.io/pause:3.5
`;

const PRUNE_B = `apiVersion: v1
kind: Pod
metadata:
  name: b
  namespace: nsb
  labels:
    prune-group: "true"
spec:
  containers:
  - name: kubernetes-pause
    image: registry.k8s.io/pause:3.5
`;

const PRUNE_SVC = `apiVersion: v1
kind: Service
metadata:
  name: prune-svc
  labels:
    prune-group: "true"
spec:
  selector:
    prune-group-nomatch: "true"
  ports:
  - port: 80
    protocol: TCP
`;

const PVC = (name: string): string => `kind: PersistentVolumeClaim
apiVersion: v1
metadata:
  name: ${name}
spec:
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 10G
`;

const CRD_RESOURCES = JSON.stringify({
  kind: 'CustomResourceDefinition',
  apiVersion: 'apiextensions.k8s.io/v1',
  metadata: { name: 'resources.mygroup.example.com' },
  spec: {
    group: 'mygroup.example.com',
    scope: 'Namespaced',
    versions: [{ name: 'v1alpha1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    names: { plural: 'resources', singular: 'resource', kind: 'Kind', listKind: 'KindList' },
  },
});

const SERVICE_REVISION1 = `apiVersion: v1
kind: Service
metadata:
  name: a
spec:
  selector:
    app: test
  clusterIP: None
  ports:
    - port: 80
`;

const SERVICE_REVISION2 = SERVICE_REVISION1.replace('clusterIP: None', 'clusterIP: 10.96.0.12');

const MULTI_RESOURCE_1 = `# Tests that initial failures to not block subsequent applies.
apiVersion: v1
kind: Pod
metadata:
  name: test-pod
  namespace: multi-resource-ns
  labels:
    name: test-pod-label
spec:
  containers:
  - name: kubernetes-pause
    image: registry.k8s.io/pause:3.7
---
apiVersion: v1
kind: Namespace
metadata:
  name: multi-resource-ns
`;

const MULTI_RESOURCE_2 = `apiVersion: v1
kind: ConfigMap
metadata:
  name: foo
---
apiVersion: example.com/v1
kind: Bogus
metadata:
  name: foo
`;

const MULTI_RESOURCE_3 = ['pod-a', 'POD-B', 'pod-c'].map((n) => `apiVersion: v1
kind: Pod
metadata:
  name: ${n}
spec:
  containers:
  - name: kubernetes-pause
    image: registry.k8s.io/pause:3.7
`).join('---\n');

const MULTI_RESOURCE_4 = `apiVersion: example.com/v1
kind: Widget
metadata:
  name: foo
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names:
    plural: widgets
    kind: Widget
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          x-kubernetes-preserve-unknown-fields: true
          type: object
`;

const PRUNE_NAMESPACE_WARNING = /^W\d{4} [\d:.]+ +\d+ prune\.go:\d+\] Deprecated: kubectl apply will no longer prune non-namespaced resources by default when used with the --namespace flag in a future release\. To preserve the current behaviour, list the resources you want to target explicitly in the --prune-allowlist flag\.\n/;
const PODS = '{{range.items}}{{.metadata.name}}:{{end}}';
const T = { timeout: 240_000 };

describe.skipIf(!available)('test/cmd/apply.sh run_kubectl_apply_tests, real kubectl against serve', () => {
  const at = serverWithKubectl();
  const ok = async (args: string[]): Promise<string> => {
    const r = await at.k.run(args);
    // kubectl's own klog warning when it prunes with a namespace (pkg/util/prune), not the server's.
    expect(r.stderr.replace(PRUNE_NAMESPACE_WARNING, ''), args.join(' ')).toBe('');
    expect(r.code, args.join(' ')).toBe(0);
    return r.stdout;
  };
  const fails = (args: string[]) => at.k.fails(args);
  const yaml = async (object: string): Promise<string> => ok(['get', ...object.split(' '), '-o', 'yaml']);

  it('create_and_use_new_namespace', T, async () => {
    await ok(['create', 'namespace', 'namespace-cmd-apply']);
    await ok(['config', 'set-context', '--current', '--namespace=namespace-cmd-apply']);
  });

  it('apply creates the resource that does not exist yet, with the last-applied annotation and the client-side apply manager', T, async () => {
    const { k } = at;
    const pod = k.file('pod.yaml', POD);
    expect(await k.getTemplate('pods', PODS)).toBe('');
    expect(await ok(['apply', '-f', pod])).toBe('pod/test-pod created\n');
    expect(await k.getTemplate('pods test-pod', '{{.metadata.labels.name}}')).toBe('test-pod-label');
    expect(await yaml('pods test-pod')).toContain('kubectl.kubernetes.io/last-applied-configuration');
    const managers = await ok(['get', '--show-managed-fields', '-f', pod, '-o=jsonpath={.metadata.managedFields[*].manager}']);
    expect(managers).toContain('kubectl-client-side-apply');
    expect(await ok(['delete', 'pods', 'test-pod'])).toBe('pod "test-pod" deleted\n');
  });

  it('set-last-applied: dry runs leave the object alone, then the annotation is created', T, async () => {
    const { k } = at;
    const pod = k.file('pod.yaml', POD);
    expect(await k.getTemplate('pods', PODS)).toBe('');
    expect(await ok(['create', '-f', pod])).toBe('pod/test-pod created\n');
    expect(await k.getTemplate('pods test-pod', '{{.metadata.labels.name}}')).toBe('test-pod-label');
    expect(await yaml('pods test-pod')).not.toContain('kubectl.kubernetes.io/last-applied-configuration');
    expect(await ok(['apply', 'set-last-applied', '--dry-run=client', '-f', pod, '--create-annotation=true'])).toBe('pod/test-pod configured (dry run)\n');
    expect(await ok(['apply', 'set-last-applied', '--dry-run=server', '-f', pod, '--create-annotation=true'])).toBe('pod/test-pod configured (server dry run)\n');
    expect(await yaml('pods test-pod')).not.toContain('kubectl.kubernetes.io/last-applied-configuration');
    expect(await ok(['apply', 'set-last-applied', '-f', pod, '--create-annotation=true'])).toBe('pod/test-pod configured\n');
    expect(await yaml('pods test-pod')).toContain('kubectl.kubernetes.io/last-applied-configuration');
    await ok(['delete', 'pods', 'test-pod']);
  });

  it('apply clears defaulted fields (retainKeys: strategy and the volume source)', T, async () => {
    const { k } = at;
    expect(await k.getTemplate('deployments', PODS)).toBe('');
    expect(await ok(['apply', '-f', k.file('deployment-before.yaml', DEPLOYMENT_BEFORE)])).toBe('deployment.apps/test-deployment-retainkeys created\n');
    expect(await k.getTemplate('deployments', '{{range.items}}{{.metadata.name}}{{end}}')).toBe('test-deployment-retainkeys');
    const before = await yaml('deployments test-deployment-retainkeys');
    for (const word of ['RollingUpdate', 'maxSurge', 'maxUnavailable', 'emptyDir']) expect(before).toContain(word);
    expect(await ok(['apply', '-f', k.file('deployment-after.yaml', DEPLOYMENT_AFTER)])).toBe('deployment.apps/test-deployment-retainkeys configured\n');
    const after = await yaml('deployments test-deployment-retainkeys');
    expect(after).toContain('Recreate');
    expect(after).not.toContain('RollingUpdate');
    expect(after).toContain('hostPath');
    expect(after).not.toContain('emptyDir');
    await ok(['delete', 'deployments', 'test-deployment-retainkeys']);
  });

  it('apply -f DIR with a label selector applies only the matching objects', T, async () => {
    const { k } = at;
    k.file('pod-apply-selector.yaml', FILTER_SELECTOR_POD);
    k.file('pod-dont-apply.yaml', FILTER_DONT_APPLY_POD);
    // The two files go in a folder of their own, as hack/testdata/filter holds them.
    const { mkdirSync, renameSync } = await import('node:fs');
    const dir = `${k.dir}/filter`;
    mkdirSync(dir, { recursive: true });
    renameSync(`${k.dir}/pod-apply-selector.yaml`, `${dir}/pod-apply-selector.yaml`);
    renameSync(`${k.dir}/pod-dont-apply.yaml`, `${dir}/pod-dont-apply.yaml`);
    expect(await k.getTemplate('pods', PODS)).toBe('');
    expect(await ok(['apply', '-l', 'unique-label=bingbang', '-f', dir])).toBe('pod/selector-test-pod created\n');
    expect(await k.getTemplate('pods selector-test-pod', '{{.metadata.labels.name}}')).toBe('selector-test-pod');
    expect(await fails(['get', 'pods', 'selector-test-pod-dont-apply'])).toContain('pods "selector-test-pod-dont-apply" not found');
    await ok(['delete', 'pods', 'selector-test-pod']);
  });

  it('apply --dry-run=true|client|server creates nothing and changes nothing', T, async () => {
    const { k } = at;
    const pod = k.file('pod.yaml', POD);
    const podApply = k.file('pod-apply.yaml', POD_APPLY);
    expect(await k.getTemplate('pods', PODS)).toBe('');
    const deprecated = await k.run(['apply', '--dry-run=true', '-f', pod]);
    expect(deprecated.stdout).toBe('pod/test-pod created (dry run)\n');
    expect(deprecated.stderr).toContain('--dry-run=true is deprecated (boolean value) and can be replaced with --dry-run=client.');
    expect(deprecated.code).toBe(0);
    expect(await ok(['apply', '--dry-run=client', '-f', pod])).toBe('pod/test-pod created (dry run)\n');
    expect(await ok(['apply', '--dry-run=server', '-f', pod])).toBe('pod/test-pod created (server dry run)\n');
    expect(await k.getTemplate('pods', PODS)).toBe('');
    await ok(['apply', '-f', pod]);
    const initialResourceVersion = await ok(['get', '-f', pod, '-o', 'go-template={{ .metadata.resourceVersion }}']);
    expect(await ok(['apply', '--dry-run=client', '-f', podApply])).toBe('pod/test-pod configured (dry run)\n');
    expect(await ok(['apply', '--dry-run=server', '-f', podApply])).toBe('pod/test-pod configured (server dry run)\n');
    expect(await k.getTemplate('pods test-pod', '{{.metadata.labels.name}}')).toBe('test-pod-label');
    const resourceVersion = await ok(['get', '-f', pod, '-o', 'go-template={{ .metadata.resourceVersion }}']);
    expect(resourceVersion).toBe(initialResourceVersion);
    await ok(['delete', '-f', pod]);
  });

  it('apply --dry-run=server of a custom resource creates nothing', T, async () => {
    const { k } = at;
    expect(await ok(['create', '-f', k.file('crd.json', CRD_RESOURCES)])).toBe('customresourcedefinition.apiextensions.k8s.io/resources.mygroup.example.com created\n');
    expect(await ok(['api-resources', '--api-group', 'mygroup.example.com', '-oname'])).toContain('resources.mygroup.example.com');
    expect(await ok(['apply', '--dry-run=server', '-f', k.file('resource.yaml', CR_RESOURCE)])).toBe('kind.mygroup.example.com/myobj created (server dry run)\n');
    expect(await fails(['get', 'resource/myobj'])).toContain('resources.mygroup.example.com "myobj" not found');
    await ok(['delete', 'customresourcedefinition', 'resources.mygroup.example.com']);
  });

  it('apply --prune -l: applying b in nsb prunes a there; without --prune both stay', T, async () => {
    const { k } = at;
    const a = k.file('a.yaml', PRUNE_A);
    const b = k.file('b.yaml', PRUNE_B);
    await ok(['create', 'ns', 'nsb']);
    expect(await k.getTemplate('pods', PODS)).toBe('');
    expect(await ok(['apply', '--namespace', 'nsb', '-l', 'prune-group=true', '-f', a])).toBe('pod/a created\n');
    expect(await k.getTemplate('pods a -n nsb', '{{.metadata.name}}')).toBe('a');
    expect(await ok(['apply', '--namespace', 'nsb', '--prune', '-l', 'prune-group=true', '-f', b])).toBe('pod/b created\npod/a pruned\n');
    expect(await k.getTemplate('pods -n nsb', PODS)).toBe('b:');
    await ok(['delete', 'pods', 'b', '-n', 'nsb']);

    // the same without prune, as a sanity check
    expect(await k.getTemplate('pods', PODS)).toBe('');
    expect(await ok(['apply', '-l', 'prune-group=true', '-f', a])).toBe('pod/a created\n');
    expect(await k.getTemplate('pods a', '{{.metadata.name}}')).toBe('a');
    expect(await k.getTemplate('pods -n nsb', PODS)).toBe('');
    expect(await ok(['apply', '-l', 'prune-group=true', '-f', b])).toBe('pod/b created\n');
    expect(await k.getTemplate('pods a', '{{.metadata.name}}')).toBe('a');
    expect(await k.getTemplate('pods b -n nsb', '{{.metadata.name}}')).toBe('b');
    await ok(['delete', 'pod/a']);
    await ok(['delete', 'pod/b', '-n', 'nsb']);
  });

  it('apply --prune needs --all (or -l) to select everything; with --all it applies the folder', T, async () => {
    const { k } = at;
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const dir = `${k.dir}/prune`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/a.yaml`, PRUNE_A);
    writeFileSync(`${dir}/b.yaml`, PRUNE_B);
    writeFileSync(`${dir}/svc.yaml`, PRUNE_SVC);
    const refused = await k.run(['apply', '--prune', '-f', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('all resources selected for prune without explicitly passing --all');
    // The folder also holds svc.yaml here (as hack/testdata/prune does in 1.32).
    const all = await ok(['apply', '--all', '--prune', '-f', dir]);
    expect(all).toContain('pod/a created\n');
    expect(all).toContain('pod/b created\n');
    expect(await k.getTemplate('pods a', '{{.metadata.name}}')).toBe('a');
    expect(await k.getTemplate('pods b -n nsb', '{{.metadata.name}}')).toBe('b');
    await ok(['delete', 'pod/a']);
    await ok(['delete', 'pod/b', '-n', 'nsb']);
    await ok(['delete', 'svc/prune-svc']);
    await ok(['delete', 'ns', 'nsb']);
  });

  it('apply --prune falls back to delete for kinds without a reaper (PersistentVolumeClaim)', T, async () => {
    const { k } = at;
    expect(await ok(['apply', '--all', '--prune', '-f', k.file('reap-a.yml', PVC('a-pvc'))])).toBe('persistentvolumeclaim/a-pvc created\n');
    expect(await k.getTemplate('pvc a-pvc', '{{.metadata.name}}')).toBe('a-pvc');
    expect(await ok(['apply', '--all', '--prune', '-f', k.file('reap-b.yml', PVC('b-pvc'))])).toBe('persistentvolumeclaim/b-pvc created\npersistentvolumeclaim/a-pvc pruned\n');
    expect(await k.getTemplate('pvc b-pvc', '{{.metadata.name}}')).toBe('b-pvc');
    expect(await k.getTemplate('pvc', PODS)).toBe('b-pvc:');
    expect(await k.getTemplate('pods', PODS)).toBe('');
    await ok(['delete', 'pvc', 'b-pvc']);
  });

  it('apply --prune --prune-allowlist: only the listed kinds are pruned', T, async () => {
    const { k } = at;
    const a = k.file('a.yaml', PRUNE_A);
    const svc = k.file('svc.yaml', PRUNE_SVC);
    expect(await k.getTemplate('pods', PODS)).toBe('');
    expect(await ok(['apply', '--prune', '-l', 'prune-group=true', '-f', a])).toBe('pod/a created\n');
    expect(await k.getTemplate('pods a', '{{.metadata.name}}')).toBe('a');
    expect(await ok(['apply', '--prune', '-l', 'prune-group=true', '-f', svc, '--prune-allowlist', 'core/v1/Service'])).toBe('service/prune-svc created\n');
    expect(await k.getTemplate('service prune-svc', '{{.metadata.name}}')).toBe('prune-svc');
    expect(await k.getTemplate('pods a', '{{.metadata.name}}')).toBe('a');
    expect(await ok(['apply', '--prune', '-l', 'prune-group=true', '-f', svc])).toBe('service/prune-svc unchanged\npod/a pruned\n');
    expect(await k.getTemplate('service prune-svc', '{{.metadata.name}}')).toBe('prune-svc');
    expect(await k.getTemplate('pods', PODS)).toBe('');
    await ok(['delete', 'svc', 'prune-svc']);
  });

  it('apply --prune --all prunes objects outside the default namespace', T, async () => {
    const { k } = at;
    const a = k.file('a.yaml', PRUNE_A);
    const b = k.file('b.yaml', PRUNE_B);
    await ok(['create', 'ns', 'nsb']);
    expect(await k.getTemplate('pods', PODS)).toBe('');
    expect(await ok(['apply', '--namespace', 'nsb', '-f', a])).toBe('pod/a created\n');
    expect(await k.getTemplate('pods a -n nsb', '{{.metadata.name}}')).toBe('a');
    expect(await ok(['apply', '--namespace', 'nsb', '-f', b])).toBe('pod/b created\n');
    expect(await k.getTemplate('pods b -n nsb', '{{.metadata.name}}')).toBe('b');
    expect(await ok(['apply', '--prune', '--all', '-f', b])).toBe('pod/b unchanged\npod/a pruned\n');
    expect(await k.getTemplate('pods -n nsb', PODS)).toBe('b:');
    await ok(['delete', 'ns', 'nsb']);
  });

  it('apply -n fails when the file names another namespace', T, async () => {
    const { k } = at;
    const out = await fails(['apply', '-n', 'foo', '-f', k.file('b.yaml', PRUNE_B)]);
    expect(out).toContain('the namespace from the provided object "nsb" does not match the namespace "foo". You must pass \'--namespace=nsb\' to perform this operation.');
  });

  it('apply --force recreates an object whose immutable field changed', T, async () => {
    const { k } = at;
    const rev1 = k.file('service-revision1.yaml', SERVICE_REVISION1);
    const rev2 = k.file('service-revision2.yaml', SERVICE_REVISION2);
    expect(await k.getTemplate('services', PODS)).toBe('');
    expect(await ok(['apply', '-f', rev1])).toBe('service/a created\n');
    expect(await k.getTemplate('services a', '{{.metadata.name}}')).toBe('a');
    const refused = await fails(['apply', '-f', rev2]);
    expect(refused).toContain('may not change once set');
    const forced = await k.run(['apply', '-f', rev2, '--force']);
    expect(forced.code).toBe(0);
    // The patch is refused as invalid, so kubectl deletes and creates it, and says configured
    // (pkg/cmd/apply patcher.go deleteAndCreate; apply.go prints the patch's result so).
    expect(forced.stdout).toBe('service/a configured\n');
    expect(await k.getTemplate('services a', '{{.spec.clusterIP}}')).toBe('10.96.0.12');
    await ok(['delete', '-f', rev2]);
  });

  it('apply of several resources with one failure in the apply phase: the next pass succeeds', T, async () => {
    const { k } = at;
    const file = k.file('multi-resource-1.yaml', MULTI_RESOURCE_1);
    expect(await fails(['get', 'namespace', 'multi-resource-ns'])).toContain('namespaces "multi-resource-ns" not found');
    expect(await k.getTemplate('pods', PODS)).toBe('');
    // The Pod comes first in the file, so its create meets no namespace: NamespaceLifecycle refuses
    // it before the ServiceAccount admission could (kubectl prints the errors after the results).
    const first = await at.k.run(['apply', '-f', file]);
    expect(first).toEqual({
      code: 1,
      stdout: 'namespace/multi-resource-ns created\n',
      stderr: `Error from server (NotFound): error when creating "${file}": namespaces "multi-resource-ns" not found\n`,
    });
    expect(await fails(['get', 'pods', 'test-pod', '-n', 'multi-resource-ns'])).toContain('pods "test-pod" not found');
    await ok(['apply', '-f', file]);
    expect(await k.getTemplate('pods test-pod -n multi-resource-ns', '{{.metadata.name}}')).toBe('test-pod');
    await ok(['delete', '-f', file]);
  });

  it('apply of several resources with one failure in the builder phase: the ConfigMap is still created', T, async () => {
    const { k } = at;
    expect(await k.getTemplate('configmaps --field-selector=metadata.name=foo', PODS)).toBe('');
    const out = await fails(['apply', '-f', k.file('multi-resource-2.yaml', MULTI_RESOURCE_2)]);
    expect(out).toContain('no matches for kind "Bogus" in version "example.com/v1"');
    expect(await k.getTemplate('configmaps foo', '{{.metadata.name}}')).toBe('foo');
    await ok(['delete', 'configmaps', 'foo']);
  });

  it('apply of three pods, one invalid: the other two are created', T, async () => {
    const { k } = at;
    expect(await k.getTemplate('pods', PODS)).toBe('');
    const out = await fails(['apply', '-f', k.file('multi-resource-3.yaml', MULTI_RESOURCE_3)]);
    expect(out).toContain('The Pod "POD-B" is invalid');
    expect(await k.getTemplate('pods pod-a', '{{.metadata.name}}')).toBe('pod-a');
    expect(await k.getTemplate('pods pod-c', '{{.metadata.name}}')).toBe('pod-c');
    await ok(['delete', 'pod', 'pod-a', 'pod-c']);
    expect(await k.getTemplate('pods', PODS)).toBe('');
  });

  it('apply of a custom resource before its CRD: the CRD is created, the next pass creates the resource', T, async () => {
    const { k } = at;
    const file = k.file('multi-resource-4.yaml', MULTI_RESOURCE_4);
    expect(await k.getTemplate('crds', PODS)).toBe('');
    expect(await fails(['apply', '-f', file])).toContain('no matches for kind "Widget" in version "example.com/v1"');
    expect(await fails(['get', 'widgets', 'foo'])).toContain('widgets.example.com "foo" not found');
    expect(await k.getTemplate('crds widgets.example.com', '{{.metadata.name}}')).toBe('widgets.example.com');
    await ok(['apply', '-f', file]);
    expect(await k.getTemplate('widget foo', '{{.metadata.name}}')).toBe('foo');
    await ok(['delete', '-f', file]);
  });
});
