/**
 * Kubernetes' own kubectl get tests, run with the real kubectl v1.32 against `ssa-sim serve`: a
 * port of kubernetes/kubernetes test/cmd/get.sh (`run_kubectl_get_tests`,
 * `run_retrieve_multiple_tests`, `run_kubectl_sort_by_tests`, `run_kubectl_all_namespace_tests`):
 * not-found texts in every output format, "No resources found" only for human output, `get all`,
 * `--chunk-size` pages (limit and continue), watches ended by `--request-timeout`, missing
 * template keys, `--subresource`, `get -f` and `-k` of several objects, `--sort-by` through the
 * server's Table and without it, `--all-namespaces`. hack/testdata/sorted-pods/*.yaml are not in
 * the index we read: three pods whose names, labels, container names and resources give the
 * orders the shell test expects stand in for them.
 *
 * Left out, and why:
 * - `run_deprecated_api_tests`: PodSecurityPolicy (policy/v1beta1) is not served by 1.32;
 * - nothing else: the `--v=6` URL checks of `get all` and of the chunk sizes are kept (they show
 *   which requests the server answered 200; the harness's `--request-timeout` adds `timeout=20s`
 *   to each query), the `--v=8` `as=Table` check too. `get all` reads HorizontalPodAutoscalers at
 *   autoscaling/v2, the preferred version (the shell test's v1 is an older server's).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { createAndUseNewNamespace, expectOk, getObjectAssert, NAMES } from './kubectl-cmd-asserts.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const VALID_POD =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: valid-pod\n  labels:\n    name: valid-pod\nspec:\n  containers:\n  - name: kubernetes-serve-hostname\n    image: registry.k8s.io/serve_hostname\n    resources:\n      limits:\n        cpu: "1"\n        memory: 512Mi\n';
const MULTI_POD =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: redis-master\nspec:\n  containers:\n  - name: master\n    image: registry.k8s.io/e2e-test-images/redis:1.0\n---\n' + VALID_POD;
const sortedPod = (n: number, label: string, container: string, size: number) =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: sorted-pod${n}\n  labels:\n    name: ${label}\nspec:\n  containers:\n  - name: ${container}\n    image: registry.k8s.io/pause:3.5\n    resources:\n      requests:\n        cpu: ${size}m\n        memory: ${size}Mi\n      limits:\n        cpu: ${size * 2}m\n        memory: ${size * 2}Mi\n`;

/** kube::test::if_sort_by_has_correct_order: the names appear in this order. */
function inOrder(output: string, names: string): void {
  const wanted = names.split(':').filter((n) => n !== '');
  const found = output.split('\n').map((l) => l.split(/\s+/)[0]).filter((n) => wanted.includes(n));
  expect(found).toEqual(wanted);
}

describe.skipIf(!available)('test/cmd/get.sh with real kubectl', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('run_kubectl_get_tests: not found, "No resources found", get all, chunks, watch, templates, -f, -k', { timeout: 300_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    await getObjectAssert(k, ['pods'], NAMES, '');
    let r = await k.run(['get', 'pods', 'abc']);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'Error from server (NotFound): pods "abc" not found\n' });
    expect((await k.run(['get', 'pods', 'abc', '-o', 'name'])).stderr).toContain('pods "abc" not found');
    for (const out of [['-o', 'json'], ['-o', 'yaml'], ['-o', 'name'], ['-o', 'jsonpath={.items}'], ['-o', 'go-template={{.items}}'], ['-o', 'custom-columns=NAME:.metadata.name']]) {
      r = expectOk(await k.run(['get', 'pods', ...out]));
      expect(r.stdout + r.stderr).not.toContain('No resources found');
    }
    r = await k.run(['get', 'foobar']);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).not.toContain('No resources found');
    expect(expectOk(await k.run(['get', 'pods'])).stderr).toContain('No resources found');
    r = expectOk(await k.run(['get', 'pods', '--ignore-not-found']));
    expect(r.stdout + r.stderr).not.toContain('No resources found');
    expect(expectOk(await k.run(['get', 'pods', '-o', 'wide'])).stderr).toContain('No resources found');
    r = await k.run(['get', 'pods', 'abc', '-o', 'json']);
    expect(r.stderr).toContain('pods "abc" not found');
    expect(r.stdout + r.stderr).not.toContain('List');

    r = expectOk(await k.run(['--v=6', '--namespace', 'default', 'get', 'all', '--chunk-size=0']));
    for (const url of [
      '/api/v1/namespaces/default/pods 200 OK',
      '/api/v1/namespaces/default/replicationcontrollers 200 OK',
      '/api/v1/namespaces/default/services 200 OK',
      '/apis/apps/v1/namespaces/default/daemonsets 200 OK',
      '/apis/apps/v1/namespaces/default/deployments 200 OK',
      '/apis/apps/v1/namespaces/default/replicasets 200 OK',
      '/apis/apps/v1/namespaces/default/statefulsets 200 OK',
      '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers 200',
      '/apis/batch/v1/namespaces/default/jobs 200 OK',
    ]) {
      // (The harness's --request-timeout adds `timeout=20s` to every query.)
      const [path, status] = url.split(' ');
      expect(r.stderr).toMatch(new RegExp(`${path.replaceAll('.', '\\.')}(\\?[^ ]*)? ${status}`));
    }
    expect(r.stderr).not.toContain('/apis/extensions/v1beta1/');

    for (let i = 0; i < 12; i++) expectOk(await k.run(['create', 'clusterrole', `get-test-${String(i).padStart(2, '0')}`, '--verb=get', '--resource=pods']));
    r = expectOk(await k.run(['--v=6', 'get', 'clusterrole', '--chunk-size=10']));
    expect(r.stderr).toMatch(/\/clusterroles\?limit=10(&[^ ]*)? 200 OK/);
    expect(r.stderr).toContain('/v1/clusterroles?continue=');
    expect(expectOk(await k.run(['--v=6', 'get', 'clusterrole'])).stderr).toMatch(/\/clusterroles\?limit=500(&[^ ]*)? 200 OK/);
    r = expectOk(await k.run(['get', 'namespaces', '--chunk-size=1', '--no-headers']));
    for (const ns of ['default', 'kube-public', 'kube-system']) expect(r.stdout).toContain(ns);

    for (const name of ['one', 'two', 'three']) expectOk(await k.run(['create', 'cm', name]));
    for (const flag of ['--watch', '--watch-only']) {
      r = await k.run(['get', 'configmap', '--chunk-size=1', flag, '--request-timeout=1s']);
      expect(r.stdout + r.stderr).not.toContain('watch is only supported on individual resources');
    }

    await createAndUseNewNamespace(k);
    const validPod = k.file('valid-pod.yaml', VALID_POD);
    expectOk(await k.run(['create', '-f', validPod]));
    await getObjectAssert(k, ['pods'], NAMES, 'valid-pod:');
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'jsonpath={.missing}'])).stdout).toBe('');
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'go-template={{.missing}}'])).stdout).toBe('<no value>');
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', '--template={{.metadata.name}}:'])).stdout).toBe('valid-pod:');
    r = await k.run(['get', 'pod', 'valid-pod', '--allow-missing-template-keys=false', '-o', 'jsonpath={.missing}']);
    expect(r.stderr).toContain('missing is not found');
    r = await k.run(['get', 'pod', 'valid-pod', '--allow-missing-template-keys=false', '-o', 'go-template={{.missing}}']);
    expect(r.stdout + r.stderr).toContain('map has no entry for key "missing"');
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', '--subresource=status'])).stdout).toContain('valid-pod');
    r = await k.run(['get', 'pod', 'valid-pod', '--subresource=scale']);
    expect(r.stdout + r.stderr).toContain('the server could not find the requested resource');

    r = await k.run(['get', 'pods', '-w', '--request-timeout=1']);
    expect(r.stdout).toContain('STATUS');
    expect(r.stdout).toContain('valid-pod');
    r = await k.run(['get', 'pods/valid-pod', '-o', 'name', '-w', '--request-timeout=1']);
    expect(r.stdout).not.toContain('STATUS');
    expect(r.stdout).toContain('pod/valid-pod');
    r = await k.run(['get', 'pods/valid-pod', '-o', 'yaml', '-w', '--request-timeout=1']);
    expect(r.stdout).not.toContain('STATUS');
    expect(r.stdout).toContain('name: valid-pod');
    r = await k.run(['get', 'pods/invalid-pod', '-w', '--request-timeout=1']);
    expect(r.stdout + r.stderr).toContain('"invalid-pod" not found');
    expectOk(await k.run(['delete', 'pods', 'valid-pod']));

    const multi = k.file('multi-pod.yaml', MULTI_POD);
    expectOk(await k.run(['create', '-f', multi]));
    expect(expectOk(await k.run(['get', '-f', multi, '-o', 'jsonpath={..metadata.name}'])).stdout).toContain('redis-master valid-pod');
    expectOk(await k.run(['delete', 'pods', 'redis-master', 'valid-pod']));

    mkdirSync(join(k.dir, 'kustomize'));
    k.file('kustomize/kustomization.yaml', 'nameprefix: test-\nresources:\n- configmap.yaml\n- service.yaml\n');
    k.file('kustomize/configmap.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: the-map\ndata:\n  altGreeting: "Good Morning!"\n');
    k.file('kustomize/service.yaml', 'kind: Service\napiVersion: v1\nmetadata:\n  name: the-service\nspec:\n  selector:\n    deployment: hello\n  ports:\n  - protocol: TCP\n    port: 8666\n    targetPort: 8080\n');
    expectOk(await k.run(['apply', '-k', join(k.dir, 'kustomize')]));
    r = expectOk(await k.run(['get', '-k', join(k.dir, 'kustomize'), '-o', 'jsonpath={..metadata.name}']));
    expect(r.stdout).toContain('test-the-map');
    expect(r.stdout).toContain('test-the-service');
    expectOk(await k.run(['delete', '-k', join(k.dir, 'kustomize')]));
    await getObjectAssert(k, ['configmaps', '--field-selector=metadata.name=test-the-map'], NAMES, '');
    await getObjectAssert(k, ['services'], NAMES, '');
  });

  it('run_retrieve_multiple_tests, run_kubectl_all_namespace_tests', { timeout: 180_000 }, async () => {
    const k = s.k;
    expectOk(await k.run(['config', 'set-context', '--current', '--namespace=']));
    expectOk(await k.run(['create', '-f', k.file('node.json', JSON.stringify({ kind: 'Node', apiVersion: 'v1', metadata: { name: '127.0.0.1' } }))]));
    await getObjectAssert(k, ['nodes/127.0.0.1', 'service/kubernetes'], NAMES, '127.0.0.1:kubernetes:');

    await getObjectAssert(k, ['namespaces'], '{{range.items}}{{if eq .metadata.name "default"}}{{.metadata.name}}:{{end}}{{end}}', 'default:');
    expectOk(await k.run(['create', '-f', k.file('valid-pod.yaml', VALID_POD)]));
    expectOk(await k.run(['get', 'pods', '--all-namespaces', '--namespace=default']));
    for (const ns of ['all-ns-test-1', 'all-ns-test-2']) {
      expectOk(await k.run(['create', 'namespace', ns]));
      expectOk(await k.run(['create', 'serviceaccount', 'test', '-n', ns]));
    }
    for (const flag of ['--all-namespaces', '-A']) {
      const r = expectOk(await k.run(['get', 'serviceaccounts', flag]));
      expect(r.stdout).toContain('all-ns-test-1');
      expect(r.stdout).toContain('all-ns-test-2');
    }
    expectOk(await k.run(['delete', 'namespace', 'all-ns-test-1']));
    expectOk(await k.run(['delete', 'namespace', 'all-ns-test-2']));
    expectOk(await k.run(['delete', 'pod', 'valid-pod', '--grace-period=0', '--force']));
    await getObjectAssert(k, ['nodes'], NAMES, '127.0.0.1:');
    expect(expectOk(await k.run(['get', 'nodes', '--all-namespaces'])).stdout).not.toContain('NAMESPACE');
    expectOk(await k.run(['delete', 'node', '127.0.0.1']));
  });

  it('run_kubectl_sort_by_tests: through the server Table and without it', { timeout: 180_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    expectOk(await k.run(['get', 'pods', '--sort-by={metadata.name}']));
    expectOk(await k.run(['get', 'pods', '--sort-by={metadata.creationTimestamp}']));
    expectOk(await k.run(['create', '-f', k.file('valid-pod.yaml', VALID_POD)]));
    expect(expectOk(await k.run(['get', 'pods', '--sort-by={metadata.name}'])).stdout).toContain('valid-pod');
    const v8 = expectOk(await k.run(['get', 'pods', '--v=8', '--sort-by={metadata.name}']));
    expect(v8.stderr).toContain('as=Table');
    expect(v8.stderr).toContain('includeObject=Object');
    expectOk(await k.run(['delete', 'pod', 'valid-pod', '--grace-period=0', '--force']));

    // pod3 < pod1 < pod2 in resources; labels c, b, a; containers b, a, c.
    expectOk(await k.run(['create', '-f', k.file('sorted-pod1.yaml', sortedPod(1, 'c', 'b', 200))]));
    expectOk(await k.run(['create', '-f', k.file('sorted-pod2.yaml', sortedPod(2, 'b', 'a', 300))]));
    expectOk(await k.run(['create', '-f', k.file('sorted-pod3.yaml', sortedPod(3, 'a', 'c', 100))]));
    await getObjectAssert(k, ['pods'], NAMES, 'sorted-pod1:sorted-pod2:sorted-pod3:');
    const sorted = async (by: string, extra: string[] = []) => expectOk(await k.run(['get', 'pods', `--sort-by=${by}`, ...extra])).stdout;
    inOrder(await sorted('{metadata.name}'), 'sorted-pod1:sorted-pod2:sorted-pod3:');
    inOrder(await sorted('{metadata.labels.name}'), 'sorted-pod3:sorted-pod2:sorted-pod1:');
    inOrder(await sorted('{spec.containers[0].name}'), 'sorted-pod2:sorted-pod1:sorted-pod3:');
    for (const field of ['requests.memory', 'requests.cpu', 'limits.memory', 'limits.cpu']) {
      inOrder(await sorted(`{.spec.containers[0].resources.${field}}`), 'sorted-pod3:sorted-pod1:sorted-pod2:');
    }
    const fallback = await k.run(['get', 'pods', '--sort-by={spec.containers[0].name}', '--server-print=false', '--v=8']);
    inOrder(fallback.stdout, 'sorted-pod2:sorted-pod1:sorted-pod3:');
    expect(fallback.stdout + fallback.stderr).not.toContain('Table');
    expectOk(await k.run(['delete', 'pod', '--grace-period=0', '--force', '--all']));
    await getObjectAssert(k, ['pods'], NAMES, '');
  });
});
