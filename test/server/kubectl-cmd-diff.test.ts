/**
 * Kubernetes' own kubectl diff tests, run with the real kubectl v1.32 against `ssa-sim serve`:
 * a port of kubernetes/kubernetes test/cmd/diff.sh (`run_kubectl_diff_tests`,
 * `run_kubectl_diff_same_names`), with the manifests of hack/testdata it reads (pod.yaml,
 * pod-changed.yaml, invalid-pod.yaml, prune/a.yaml, prune/b.yaml, diff/*.yaml) as data. Each
 * step asserts what the shell test asserts: exit codes, strings in the output, and that a diff
 * only dry-runs (the object's resourceVersion does not move).
 *
 * Left out: nothing of diff.sh. (pod.yaml's image is registry.k8s.io/pause:2.0 here, where the
 * upstream file names k8s.gcr.io; pod-changed.yaml has registry.k8s.io/pause:3.4, as the shell
 * test's assertion expects.)
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
const POD_CHANGED = POD.replace('pause:2.0', 'pause:3.4');
const INVALID_POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: test\nspec:\n  containers:\n  - name:\n    image: nginx\n';
const PRUNE_A = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  labels:\n    prune-group: "true"\nspec:\n  containers:\n  - name: kubernetes-pause\n    image: registry.k8s.io/pause:3.5\n';
const PRUNE_B = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: b\n  namespace: nsb\n  labels:\n    prune-group: "true"\nspec:\n  containers:\n  - name: kubernetes-pause\n    image: registry.k8s.io/pause:3.5\n';
const FOUND_TEST_POD = '{{range.items}}{{ if eq .metadata.name "test-pod" }}found{{end}}{{end}}:';

describe.skipIf(!available)('test/cmd/diff.sh with real kubectl', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('run_kubectl_diff_tests: diff only dry-runs, exits 1 on a difference and above 1 on an error', { timeout: 240_000 }, async () => {
    const k = s.k;
    const pod = k.file('pod.yaml', POD);
    const changed = k.file('pod-changed.yaml', POD_CHANGED);
    const invalid = k.file('invalid-pod.yaml', INVALID_POD);
    await createAndUseNewNamespace(k);
    const rv = async () => expectOk(await k.run(['get', '-f', pod, '-o', 'go-template={{ .metadata.resourceVersion }}'])).stdout;

    // The live object does not exist: the diff shows it, and creates nothing.
    let r = await k.run(['diff', '-f', pod]);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toContain('test-pod');
    await getObjectAssert(k, ['pod'], FOUND_TEST_POD, ':');

    expectOk(await k.run(['apply', '-f', pod]));
    await getObjectAssert(k, ['pod'], FOUND_TEST_POD, 'found:');
    const initial = await rv();

    // Right after the apply there is nothing to show.
    r = await k.run(['diff', '-f', pod]);
    expect(r, r.stdout).toMatchObject({ code: 0, stdout: '' });
    expect(await rv()).toBe(initial);

    r = await k.run(['diff', '-f', changed]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('registry.k8s.io/pause:3.4');
    expect(await rv()).toBe(initial);

    r = await k.run(['diff', '-f', changed, '--server-side']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('registry.k8s.io/pause:3.4');
    expect(await rv()).toBe(initial);

    r = await k.run(['diff', '-f', invalid]);
    expect(r.code).toBeGreaterThan(1);
    expect(r.stderr).toBe('The Pod "test" is invalid: spec.containers[0].name: Required value\n');

    expectOk(await k.run(['delete', '-f', pod]));

    // The same with server-side apply.
    r = await k.run(['diff', '--server-side', '-f', pod]);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toContain('test-pod');
    await getObjectAssert(k, ['pod'], FOUND_TEST_POD, ':');
    expectOk(await k.run(['apply', '--server-side', '-f', pod]));
    await getObjectAssert(k, ['pod'], FOUND_TEST_POD, 'found:');
    r = await k.run(['diff', '--server-side', '-f', pod]);
    expect(r, r.stdout).toMatchObject({ code: 0, stdout: '' });
    r = await k.run(['diff', '--server-side', '-f', changed]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('registry.k8s.io/pause:3.4');

    // kubectl diff --prune
    const a = k.file('a.yaml', PRUNE_A);
    const b = k.file('b.yaml', PRUNE_B);
    expectOk(await k.run(['create', 'ns', 'nsb']));
    expectOk(await k.run(['apply', '--namespace', 'nsb', '-l', 'prune-group=true', '-f', a]));
    await getObjectAssert(k, ['pods', 'a', '-n', 'nsb'], '{{.metadata.name}}', 'a');
    r = await k.run(['diff', '-l', 'prune-group=true', '-f', b]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).not.toContain('name: a');
    r = await k.run(['diff', '--prune', '-l', 'prune-group=true', '-f', b]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('name: a');
    expectOk(await k.run(['apply', '--prune', '--namespace', 'nsb', '-l', 'prune-group=true', '-f', b]));
    await getObjectAssert(k, ['pods', '-n', 'nsb'], NAMES, 'b:');
    r = await k.run(['diff', '--prune', '-l', 'prune-group=true', '-f', b]);
    expect(r, r.stdout + r.stderr).toMatchObject({ code: 0, stdout: '' });

    expectOk(await k.run(['delete', '-f', pod]));
    expectOk(await k.run(['delete', '-f', b]));
  });

  it('run_kubectl_diff_same_names: objects of four kinds all named test get their own files', { timeout: 120_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    mkdirSync(join(k.dir, 'diff'));
    k.file('diff/pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: test\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n');
    k.file('diff/deployment.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: test\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      name: test\n  template:\n    metadata:\n      labels:\n        name: test\n    spec:\n      containers:\n      - name: nginx\n        image: nginx\n');
    k.file('diff/configmap.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: test\n');
    k.file('diff/secret.yaml', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: test\n');
    const r = await k.run(['diff', '-Rf', join(k.dir, 'diff')], 60_000, { KUBECTL_EXTERNAL_DIFF: 'find' });
    expect(r.stdout).toMatch(/v1\.Pod\..*\.test/);
    expect(r.stdout).toMatch(/apps\.v1\.Deployment\..*\.test/);
    expect(r.stdout).toMatch(/v1\.ConfigMap\..*\.test/);
    expect(r.stdout).toMatch(/v1\.Secret\..*\.test/);
  });
});
