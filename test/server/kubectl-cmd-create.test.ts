/**
 * Kubernetes' own kubectl create tests, run with the real kubectl v1.32 against `ssa-sim serve`:
 * a port of kubernetes/kubernetes test/cmd/create.sh (`run_kubectl_create_dry_run_tests`,
 * `run_kubectl_create_filter_tests`, `run_kubectl_create_error_tests`, `run_create_job_tests`,
 * `run_kubectl_create_kustomization_directory_tests`) with the files it reads as data
 * (hack/testdata/pod.yaml, hack/testdata/filter/*.yaml, test/fixtures/doc-yaml/admin/limitrange/
 * valid-pod.yaml, hack/testdata/kustomize/*: its configmap.yaml is not in the index we read, so a
 * ConfigMap `the-map` with the two keys the Deployment reads stands in for it).
 *
 * Left out: nothing. Images named by the shell test's variables ($IMAGE_PERL) are written out.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { createAndUseNewNamespace, expectOk, getObjectAssert, NAMES } from './kubectl-cmd-asserts.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: test-pod\n  labels:\n    name: test-pod-label\nspec:\n  containers:\n  - name: kubernetes-pause\n    image: registry.k8s.io/pause:2.0\n';
const VALID_POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: valid-pod\n  labels:\n    name: valid-pod\nspec:\n  containers:\n  - name: kubernetes-serve-hostname\n    image: registry.k8s.io/serve_hostname\n    resources:\n      limits:\n        cpu: "1"\n        memory: 512Mi\n';
const filterPod = (name: string, label: string) =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  labels:\n    name: ${name}\n    unique-label: ${label}\nspec:\n  containers:\n  - name: kubernetes-pause\n    image: registry.k8s.io/pause:3.5\n`;
const IMAGE_PERL = 'registry.k8s.io/perl';

describe.skipIf(!available)('test/cmd/create.sh with real kubectl', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('run_kubectl_create_dry_run_tests: neither dry run creates the pod', { timeout: 120_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    const pod = k.file('pod.yaml', POD);
    await getObjectAssert(k, ['pods'], NAMES, '');
    expect(expectOk(await k.run(['create', '--dry-run=client', '-f', pod])).stdout).toBe('pod/test-pod created (dry run)\n');
    expect(expectOk(await k.run(['create', '--dry-run=server', '-f', pod])).stdout).toBe('pod/test-pod created (server dry run)\n');
    await getObjectAssert(k, ['pods'], NAMES, '');
  });

  it('run_kubectl_create_filter_tests: -l creates only the objects it selects', { timeout: 120_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    mkdirSync(join(k.dir, 'filter'));
    k.file('filter/pod-apply-selector.yaml', filterPod('selector-test-pod', 'bingbang'));
    k.file('filter/pod-dont-apply.yaml', filterPod('selector-test-pod-dont-apply', 'biz'));
    await getObjectAssert(k, ['pods'], NAMES, '');
    expectOk(await k.run(['create', '-l', 'unique-label=bingbang', '-f', join(k.dir, 'filter')]));
    await getObjectAssert(k, ['pods', 'selector-test-pod'], '{{.metadata.labels.name}}', 'selector-test-pod');
    const r = await k.run(['get', 'pods', 'selector-test-pod-dont-apply']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('pods "selector-test-pod-dont-apply" not found');
    expectOk(await k.run(['delete', 'pods', 'selector-test-pod']));
  });

  it('run_kubectl_create_error_tests: no arguments; a Pod posted to namespaces; --raw with --edit', { timeout: 120_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    const validPod = k.file('valid-pod.yaml', VALID_POD);
    expect((await k.run(['create'])).code).not.toBe(0);
    let r = await k.run(['create', '--raw', '/api/v1/namespaces', '-f', validPod, '--v=8']);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toContain('the object provided is unrecognized (must be of type Namespace)');
    // Without --v, what kubectl prints: --raw sends the file's YAML bytes with no Content-Type, so
    // the server reads them as JSON, whose first read (the apiVersion and kind) fails.
    r = await k.run(['create', '--raw', '/api/v1/namespaces', '-f', validPod]);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "Error from server (BadRequest): the object provided is unrecognized (must be of type Namespace): couldn't get version/kind; json parse error: invalid character 'a' looking for beginning of value (61706956657273696f6e3a2076310a6b696e643a20506f640a6d65746164 ...)\n",
    });
    r = await k.run(['create', '--raw', '/api/v1/namespaces', '-f', validPod, '--edit']);
    expect(r.stdout + r.stderr).toContain('raw and --edit are mutually exclusive');
  });

  it('(beyond create.sh) a JSON Pod posted to namespaces: decoded as a Pod, which does not convert to a Namespace', { timeout: 60_000 }, async () => {
    const k = s.k;
    const json = k.file('valid-pod.json', JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'valid-pod' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }));
    expect(await k.run(['create', '--raw', '/api/v1/namespaces', '-f', json])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (BadRequest): Pod in version "v1" cannot be handled as a Namespace: converting (v1.Pod) to (core.Namespace): unknown conversion\n',
    });
    const cm = k.file('cm.json', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }));
    expect((await k.run(['create', '--raw', '/apis/apps/v1/namespaces/default/deployments', '-f', cm])).stderr).toBe(
      'Error from server (BadRequest): ConfigMap in version "v1" cannot be handled as a Deployment: converting (v1.ConfigMap) to (apps.Deployment): unknown conversion\n',
    );
  });

  it('run_create_job_tests: create job, with a command, and from a cronjob', { timeout: 180_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    const image0 = '{{(index .spec.template.spec.containers 0).image}}';
    expectOk(await k.run(['create', 'job', 'test-job', '--image=k8s.gcr.io/nginx:test-cmd']));
    await getObjectAssert(k, ['job', 'test-job'], image0, 'k8s.gcr.io/nginx:test-cmd');
    expectOk(await k.run(['delete', 'job', 'test-job']));

    expectOk(await k.run(['create', 'job', 'test-job-pi', `--image=${IMAGE_PERL}`, '--', 'perl', '-Mbignum=bpi', '-wle', 'print bpi(20)']));
    await getObjectAssert(k, ['job', 'test-job-pi'], image0, IMAGE_PERL);
    expectOk(await k.run(['delete', 'job', 'test-job-pi']));

    expectOk(await k.run(['create', 'cronjob', 'test-pi', '--schedule=* */5 * * *', `--image=${IMAGE_PERL}`, '--', 'perl', '-Mbignum=bpi', '-wle', 'print bpi(10)']));
    expectOk(await k.run(['create', 'job', 'my-pi', '--from=cronjob/test-pi']));
    const r = expectOk(await k.run(['get', 'job', 'my-pi', '-o', 'go-template={{(index .spec.template.spec.containers 0).command}}']));
    expect(r.stdout).toContain('perl -Mbignum=bpi -wle print bpi(10)');
    expectOk(await k.run(['delete', 'job', 'my-pi']));
    expectOk(await k.run(['delete', 'cronjob', 'test-pi']));
  });

  it('run_kubectl_create_kustomization_directory_tests: create -k and delete -k', { timeout: 120_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    mkdirSync(join(k.dir, 'kustomize'));
    k.file('kustomize/kustomization.yaml', 'nameprefix: test-\nresources:\n- deployment.yaml\n- service.yaml\n- configmap.yaml\n');
    k.file(
      'kustomize/deployment.yaml',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: the-deployment\n  labels:\n    deployment: hello\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      deployment: hello\n  template:\n    metadata:\n      labels:\n        deployment: hello\n    spec:\n      containers:\n      - name: the-container\n        image: monopole/hello:1\n        command: ["/hello",\n                  "--port=8080",\n                  "--enableRiskyFeature=$(ENABLE_RISKY)"]\n        ports:\n        - containerPort: 8080\n        env:\n        - name: ALT_GREETING\n          valueFrom:\n            configMapKeyRef:\n              name: the-map\n              key: altGreeting\n        - name: ENABLE_RISKY\n          valueFrom:\n            configMapKeyRef:\n              name: the-map\n              key: enableRisky\n',
    );
    k.file('kustomize/service.yaml', 'kind: Service\napiVersion: v1\nmetadata:\n  name: the-service\nspec:\n  selector:\n    deployment: hello\n  type: LoadBalancer\n  ports:\n  - protocol: TCP\n    port: 8666\n    targetPort: 8080\n');
    k.file('kustomize/configmap.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: the-map\ndata:\n  altGreeting: "Good Morning!"\n  enableRisky: "false"\n');
    await getObjectAssert(k, ['configmaps', '--field-selector=metadata.name=test-the-map'], NAMES, '');
    await getObjectAssert(k, ['deployment'], NAMES, '');
    await getObjectAssert(k, ['services'], NAMES, '');
    const r = expectOk(await k.run(['create', '-k', join(k.dir, 'kustomize')]));
    expect(r.stdout).toBe('configmap/test-the-map created\nservice/test-the-service created\ndeployment.apps/test-the-deployment created\n');
    await getObjectAssert(k, ['configmap', 'test-the-map'], '{{.metadata.name}}', 'test-the-map');
    await getObjectAssert(k, ['deployment', 'test-the-deployment'], '{{.metadata.name}}', 'test-the-deployment');
    await getObjectAssert(k, ['service', 'test-the-service'], '{{.metadata.name}}', 'test-the-service');
    expectOk(await k.run(['delete', '-k', join(k.dir, 'kustomize')]));
    await getObjectAssert(k, ['deployment'], NAMES, '');
  });
});
