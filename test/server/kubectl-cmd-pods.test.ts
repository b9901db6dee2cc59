/**
 * Kubernetes' own kubectl tests of pods, run with the real kubectl v1.32 against `ssa-sim serve`:
 * a port of kubernetes/kubernetes test/cmd/core.sh `run_pod_tests` (the blocks about create,
 * get with go-template, jsonpath and `--show-managed-fields`, delete by name, file, label and
 * `--all`, label and annotate with their dry runs, `--overwrite`, `--local` and `--record`,
 * patch: strategic, json and YAML patches, `--local`, a patch that does not restore, a no-op,
 * `--record`, dry runs, a resourceVersion precondition; replace, `--force`, its flags; edit
 * with an editor script; create --edit; the last-applied annotation through create, replace and
 * apply) with the files they read as data: test/fixtures/doc-yaml/admin/limitrange/valid-pod.yaml,
 * hack/testdata/pod.yaml, pod-apply.yaml, pod-with-precision.json, multi-resource-json.json,
 * test/fixtures/doc-yaml/user-guide/multi-pod.yaml. Images use registry.k8s.io where the
 * upstream files name k8s.gcr.io. test/fixtures/pkg/kubectl/cmd/patch/validPod.yaml, which
 * `patch --local` reads, is not in the index we read: valid-pod.yaml stands in for it.
 *
 * Left out, and why:
 * - describe's `--chunk-size` checks (kube::test::describe_resource_chunk_size_assert): they
 *   read kubectl's own request log (`--v=6`), not an answer of the server;
 * - the node block of `replace` (a Node created from JSON, `--dry-run`, `resourceVersion: "0"`):
 *   in test/server/kubectl-cmd-core.test.ts;
 * - `kubectl edit --windows-line-endings` (`file -` reading CRLF) needs the `file` program.
 */
import { chmodSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { createAndUseNewNamespace, expectOk, getObjectAssert, NAMES } from './kubectl-cmd-asserts.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

export const VALID_POD =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: valid-pod\n  labels:\n    name: valid-pod\nspec:\n  containers:\n  - name: kubernetes-serve-hostname\n    image: registry.k8s.io/serve_hostname\n    resources:\n      limits:\n        cpu: "1"\n        memory: 512Mi\n';
const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: test-pod\n  labels:\n    name: test-pod-label\nspec:\n  containers:\n  - name: kubernetes-pause\n    image: registry.k8s.io/pause:2.0\n';
const POD_APPLY = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: test-pod\n  labels:\n    name: test-pod-applied\nspec:\n  containers:\n  - name: kubernetes-pause\n    image: registry.k8s.io/pause:3.4.1\n';
const POD_WITH_PRECISION = JSON.stringify(
  {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'pod-with-precision' },
    spec: {
      activeDeadlineSeconds: 2147483647,
      containers: [{ name: 'kubernetes-pause', image: 'registry.k8s.io/pause:3.5' }],
      restartPolicy: 'Never',
      securityContext: { supplementalGroups: [0, 1000030003, 2147483647] },
    },
  },
  null,
  2,
);
const MULTI_POD =
  '---\napiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    name: redis\n    redis-sentinel: "true"\n    role: master\n  name: redis-master\nspec:\n  containers:\n    - name: master\n      image: registry.k8s.io/e2e-test-images/redis:1.0\n      env:\n        - name: MASTER\n          value: "true"\n      ports:\n        - containerPort: 6379\n      resources:\n        limits:\n          cpu: "0.5"\n      volumeMounts:\n        - mountPath: /redis-master-data\n          name: data\n    - name: sentinel\n      image: registry.k8s.io/e2e-test-images/redis:1.0\n      env:\n        - name: SENTINEL\n          value: "true"\n      ports:\n        - containerPort: 26379\n  volumes:\n    - name: data\n      emptyDir: {}\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: valid-pod\n  labels:\n    name: valid-pod\nspec:\n  containers:\n  - name: kubernetes-serve-hostname\n    image: registry.k8s.io/e2e-test-images/serve-hostname:1.0\n    resources:\n      limits:\n        cpu: "1"\n        memory: 512Mi\n';
const MULTI_RESOURCE_JSON =
  '{\n   "kind":"Service",\n   "apiVersion":"v1",\n   "metadata":{\n     "name":"mock",\n     "labels":{\n       "app":"mock"\n     }\n   },\n   "spec":{\n     "ports": [{\n       "protocol": "TCP",\n       "port": 99,\n       "targetPort": 9949\n     }],\n     "selector":{\n       "app":"mock"\n     }\n   }\n}\n{\n   "kind":"ReplicationController",\n   "apiVersion":"v1",\n   "metadata":{\n     "name":"mock",\n     "labels":{\n       "app":"mock"\n     }\n   },\n   "spec":{\n     "replicas":1,\n     "selector":{\n       "app":"mock"\n     },\n     "template":{\n       "metadata":{\n         "labels":{\n           "app":"mock"\n         }\n       },\n       "spec":{\n         "containers":[{\n           "name": "mock-container",\n           "image": "registry.k8s.io/pause:3.5",\n           "ports":[{\n             "containerPort":9949,\n             "protocol":"TCP"\n           }]\n         }]\n       }\n     }\n   }\n}\n';

const LABELS = '{{range.metadata.labels}}{{.}}:{{end}}';
const IMAGE = '{{range.items}}{{(index .spec.containers 0).image}}:{{end}}';
const MANAGERS = ['-o=jsonpath={.metadata.managedFields[*].manager}'];

describe.skipIf(!available)('test/cmd/core.sh run_pod_tests with real kubectl', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('create valid-pod; get it by every name form, by go-template and jsonpath; its manager; describe', { timeout: 180_000 }, async () => {
    const k = s.k;
    const validPod = k.file('valid-pod.yaml', VALID_POD);
    await createAndUseNewNamespace(k);
    await getObjectAssert(k, ['pods'], NAMES, '');
    expectOk(await k.run(['create', '-f', validPod]));
    expectOk(await k.run(['get', 'pods', '-o', 'json']));
    await getObjectAssert(k, ['pods'], NAMES, 'valid-pod:');
    for (const form of [['pod', 'valid-pod'], ['pod/valid-pod'], ['pods/valid-pod']]) await getObjectAssert(k, form, '{{.metadata.name}}', 'valid-pod');
    const managers = expectOk(await k.run(['get', '--show-managed-fields', '-f', validPod, ...MANAGERS]));
    expect(managers.stdout).toContain('kubectl-create');
    // kube::test::get_object_jsonpath_assert: the jsonpath output is exactly the value.
    expect(expectOk(await k.run(['get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}'])).stdout).toBe('valid-pod');
    for (const form of [['pod', 'valid-pod'], ['pod/valid-pod'], ['pods/valid-pod']]) {
      expect(expectOk(await k.run(['get', ...form, '-o', 'jsonpath={.metadata.name}'])).stdout).toBe('valid-pod');
    }
    // kube::test::describe_object_assert and describe_resource_assert.
    for (const args of [['describe', 'pods', 'valid-pod'], ['describe', 'pods']]) {
      const d = expectOk(await k.run(args)).stdout;
      for (const word of ['Name:', 'Image:', 'Node:', 'Labels:', 'Status:']) expect(d).toContain(word);
      expect(d).toContain('Events:');
      expect(expectOk(await k.run([...args, '--show-events=false'])).stdout).not.toContain('Events:');
      expect(expectOk(await k.run([...args, '--show-events=true'])).stdout).toContain('Events:');
    }
  });

  it('delete by name (--force, --now, --grace-period=0), from a dumped YAML, by file, by label, and --all', { timeout: 240_000 }, async () => {
    const k = s.k;
    const validPod = k.file('valid-pod.yaml', VALID_POD);
    await createAndUseNewNamespace(k);
    expectOk(await k.run(['create', '-f', validPod]));
    const dumped = expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'yaml'])).stdout;
    expectOk(await k.run(['delete', 'pod', 'valid-pod', '--grace-period=0', '--force']));
    await getObjectAssert(k, ['pods'], NAMES, '');
    expectOk(await k.run(['create', '-f', validPod]));
    await getObjectAssert(k, ['pods'], NAMES, 'valid-pod:');
    expectOk(await k.run(['delete', 'pod', 'valid-pod', '--now']));
    await getObjectAssert(k, ['pods'], NAMES, '');
    expectOk(await k.run(['create', '-f', validPod]));
    await getObjectAssert(k, ['pods'], NAMES, 'valid-pod:');
    expectOk(await k.run(['delete', 'pod', 'valid-pod', '--grace-period=0']));
    await getObjectAssert(k, ['pods'], NAMES, '');

    // Created again from the dump without its namespace line, in a new namespace.
    await createAndUseNewNamespace(k);
    const redump = k.file('dumped.yaml', dumped.split('\n').filter((l) => !l.includes('namespace:')).join('\n'));
    expectOk(await k.run(['create', '-f', redump]));
    await getObjectAssert(k, ['pods'], NAMES, 'valid-pod:');
    expectOk(await k.run(['delete', '-f', validPod, '--grace-period=0', '--force']));
    await getObjectAssert(k, ['pods'], NAMES, '');

    await createAndUseNewNamespace(k);
    expectOk(await k.run(['create', '-f', validPod]));
    await getObjectAssert(k, ['pods', "-lname in (valid-pod)"], NAMES, 'valid-pod:');
    expectOk(await k.run(['delete', 'pods', "-lname in (valid-pod)", '--grace-period=0', '--force']));
    await getObjectAssert(k, ['pods', "-lname in (valid-pod)"], NAMES, '');

    await createAndUseNewNamespace(k);
    expectOk(await k.run(['create', '-f', validPod]));
    expect(expectOk(await k.run(['get', 'pods', '--field-selector', 'metadata.name=valid-pod'])).stdout).toContain('valid-pod');
    const phase = expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'go-template={{ .status.phase }}'])).stdout;
    expect(expectOk(await k.run(['get', 'pods', '--field-selector', `status.phase=${phase}`])).stdout).toContain('valid-pod');
    // No names, and --all with a selector, delete nothing.
    let r = await k.run(['delete', 'pods']);
    expect(r.code).not.toBe(0);
    await getObjectAssert(k, ['pods'], NAMES, 'valid-pod:');
    r = await k.run(['delete', '--all', 'pods', "-lname in (valid-pod)"]);
    expect(r.code).not.toBe(0);
    await getObjectAssert(k, ['pods'], NAMES, 'valid-pod:');
    expectOk(await k.run(['delete', '--all', 'pods', '--grace-period=0', '--force']));
    await getObjectAssert(k, ['pods', "-lname in (valid-pod)"], NAMES, '');

    // Two pods created from one file and deleted with it.
    await createAndUseNewNamespace(k);
    const multi = k.file('multi-pod.yaml', MULTI_POD);
    expectOk(await k.run(['create', '-f', multi]));
    await getObjectAssert(k, ['pods'], NAMES, 'redis-master:valid-pod:');
    expectOk(await k.run(['delete', '-f', multi]));
    await getObjectAssert(k, ['pods'], NAMES, '');
  });

  it('label and annotate: dry runs, empty values, managers, --record, --local, --overwrite', { timeout: 240_000 }, async () => {
    const k = s.k;
    const validPod = k.file('valid-pod.yaml', VALID_POD);
    const pod = k.file('pod.yaml', POD);
    await createAndUseNewNamespace(k);
    expectOk(await k.run(['create', '-f', validPod]));
    await getObjectAssert(k, ['pod', 'valid-pod'], LABELS, 'valid-pod:');
    expectOk(await k.run(['label', 'pods', 'valid-pod', 'new-name=new-valid-pod', '--dry-run=client']));
    expectOk(await k.run(['label', 'pods', 'valid-pod', 'new-name=new-valid-pod', '--dry-run=server']));
    await getObjectAssert(k, ['pod', 'valid-pod'], LABELS, 'valid-pod:');
    expectOk(await k.run(['label', 'pods', 'valid-pod', 'new-name=new-valid-pod']));
    await getObjectAssert(k, ['pod', 'valid-pod'], LABELS, 'valid-pod:new-valid-pod:');
    expectOk(await k.run(['label', 'pods', 'valid-pod', 'emptylabel=']));
    await getObjectAssert(k, ['pod', 'valid-pod'], '{{.metadata.labels.emptylabel}}', '');

    await getObjectAssert(k, ['pod', 'valid-pod'], '{{.metadata.annotations.emptyannotation}}', '<no value>');
    expectOk(await k.run(['annotate', 'pods', 'valid-pod', 'emptyannotation=', '--dry-run=client']));
    expectOk(await k.run(['annotate', 'pods', 'valid-pod', 'emptyannotation=', '--dry-run=server']));
    await getObjectAssert(k, ['pod', 'valid-pod'], '{{.metadata.annotations.emptyannotation}}', '<no value>');
    expectOk(await k.run(['annotate', 'pods', 'valid-pod', 'emptyannotation=']));
    await getObjectAssert(k, ['pod', 'valid-pod'], '{{.metadata.annotations.emptyannotation}}', '');
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', ...MANAGERS])).stdout).toContain('kubectl-annotate');

    // --record writes the command into kubernetes.io/change-cause; --record=false leaves it.
    expectOk(await k.run(['label', 'pods', 'valid-pod', 'record-change=true', '--record=true']));
    await getObjectAssert(k, ['pod', 'valid-pod'], '{{range.metadata.annotations}}{{.}}:{{end}}', '.*--record=true.*');
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', ...MANAGERS])).stdout).toContain('kubectl-label');
    expectOk(await k.run(['label', 'pods', 'valid-pod', 'no-record-change=true', '--record=false']));
    await getObjectAssert(k, ['pod', 'valid-pod'], '{{range.metadata.annotations}}{{.}}:{{end}}', '.*--record=true.*');
    expectOk(await k.run(['label', 'pods', 'valid-pod', 'new-record-change=true', '--record=true']));
    await getObjectAssert(k, ['pod', 'valid-pod'], '{{range.metadata.annotations}}{{.}}:{{end}}', '.*new-record-change=true.*');

    expectOk(await k.run(['delete', 'pods', '-lnew-name=new-valid-pod', '--grace-period=0', '--force']));
    await getObjectAssert(k, ['pods'], NAMES, '');

    // Labels and annotations keep the precision of large integers elsewhere in the object.
    const precision = k.file('pod-with-precision.json', POD_WITH_PRECISION);
    expectOk(await k.run(['create', '-f', precision]));
    await getObjectAssert(k, ['pods'], NAMES, 'pod-with-precision:');
    expectOk(await k.run(['patch', 'pod', 'pod-with-precision', '-p={"metadata":{"annotations":{"patchkey": "patchvalue"}}}']));
    await getObjectAssert(k, ['pod', 'pod-with-precision'], '{{.metadata.annotations.patchkey}}', 'patchvalue');
    expectOk(await k.run(['label', 'pods', 'pod-with-precision', 'labelkey=labelvalue']));
    await getObjectAssert(k, ['pod', 'pod-with-precision'], '{{.metadata.labels.labelkey}}', 'labelvalue');
    expectOk(await k.run(['annotate', 'pods', 'pod-with-precision', 'annotatekey=annotatevalue']));
    await getObjectAssert(k, ['pod', 'pod-with-precision'], '{{.metadata.annotations.annotatekey}}', 'annotatevalue');
    await getObjectAssert(k, ['pod', 'pod-with-precision'], '{{.spec.activeDeadlineSeconds}} {{.spec.securityContext.supplementalGroups}}', '2147483647 \\[0 1000030003 2147483647\\]');
    expectOk(await k.run(['delete', 'pod', 'pod-with-precision']));

    // annotate --local changes the output only.
    expectOk(await k.run(['create', '-f', pod]));
    expectOk(await k.run(['annotate', '-f', pod, 'annotatekey=annotatevalue']));
    await getObjectAssert(k, ['pod', 'test-pod'], '{{.metadata.annotations.annotatekey}}', 'annotatevalue');
    const local = expectOk(await k.run(['annotate', '--local', '-f', pod, 'annotatekey=localvalue', '-o', 'yaml']));
    await getObjectAssert(k, ['pod', 'test-pod'], '{{.metadata.annotations.annotatekey}}', 'annotatevalue');
    expect(local.stdout).toContain('localvalue');
    expectOk(await k.run(['delete', '-f', pod]));

    // label --local; an existing label is not overwritten without --overwrite.
    expectOk(await k.run(['create', '-f', validPod]));
    const localLabel = expectOk(await k.run(['label', '--local', '--overwrite', '-f', pod, 'name=localonlyvalue', '-o', 'yaml']));
    await getObjectAssert(k, ['pod', 'valid-pod'], '{{.metadata.labels.name}}', 'valid-pod');
    expect(localLabel.stdout).toContain('localonlyvalue');
    const refused = await k.run(['label', 'pods', 'valid-pod', 'name=valid-pod-super-sayan']);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: "error: 'name' already has a value (valid-pod), and --overwrite is false\n" });
    await getObjectAssert(k, ['pod', 'valid-pod'], '{{.metadata.labels.name}}', 'valid-pod');
    expectOk(await k.run(['label', '--overwrite', 'pods', '--all', 'name=valid-pod-super-sayan']));
    await getObjectAssert(k, ['pod', 'valid-pod'], '{{.metadata.labels.name}}', 'valid-pod-super-sayan');
    expectOk(await k.run(['delete', 'pods', "-lname in (valid-pod-super-sayan)", '--grace-period=0', '--force']));
    await getObjectAssert(k, ['pods'], NAMES, '');
  });

  it('patch: --local, a patch that does not restore, no change, strategic/json/YAML patches, --record, dry runs, resourceVersion', { timeout: 240_000 }, async () => {
    const k = s.k;
    const validPod = k.file('valid-pod.yaml', VALID_POD);
    await createAndUseNewNamespace(k);
    expectOk(await k.run(['create', '-f', validPod]));
    await getObjectAssert(k, ['pods'], NAMES, 'valid-pod:');

    const local = expectOk(await k.run(['patch', '--local', '-f', validPod, '--patch={"spec": {"restartPolicy":"Never"}}', '-o', 'yaml']));
    expect(local.stdout).toContain('Never');

    let r = await k.run(['patch', 'pod', 'valid-pod', '-p={"metadata":{"labels":"invalid"}}']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The request is invalid: patch: Invalid value: "map[metadata:map[labels:invalid]]": cannot restore map from string\n',
    });

    r = await k.run(['patch', 'pod', 'valid-pod', '-p={"metadata":{"labels":{"name":"valid-pod"}}}']);
    expect(r).toEqual({ code: 0, stdout: 'pod/valid-pod patched (no change)\n', stderr: '' });

    expectOk(await k.run(['patch', 'pod', 'valid-pod', '--record', '-p={"spec":{"containers":[{"name": "kubernetes-serve-hostname", "image": "nginx"}]}}']));
    await getObjectAssert(k, ['pods'], IMAGE, 'nginx:');
    await getObjectAssert(k, ['pods'], '{{range.items}}{{.metadata.annotations}}:{{end}}', '.*kubernetes.io/change-cause.*');
    expectOk(await k.run(['patch', 'pod', 'valid-pod', '--type=json', '-p=[{"op": "replace", "path": "/spec/containers/0/image", "value":"nginx2"}]']));
    await getObjectAssert(k, ['pods'], IMAGE, 'nginx2:');
    expectOk(await k.run(['patch', 'pod', 'valid-pod', '--type=json', '-p=[{"op": "replace", "path": "/spec/containers/0/image", "value":"nginx"}]']));
    await getObjectAssert(k, ['pods'], IMAGE, 'nginx:');
    expectOk(await k.run(['patch', 'pod', 'valid-pod', '--record', '--dry-run=client', '-p={"spec":{"containers":[{"name": "kubernetes-serve-hostname", "image": "not-nginx"}]}}']));
    expectOk(await k.run(['patch', 'pod', 'valid-pod', '--record', '--dry-run=server', '-p={"spec":{"containers":[{"name": "kubernetes-serve-hostname", "image": "not-nginx"}]}}']));
    await getObjectAssert(k, ['pods'], IMAGE, 'nginx:');
    expectOk(await k.run(['patch', 'pod', 'valid-pod', '-p=spec:\n  containers:\n  - name: kubernetes-serve-hostname\n    image: changed-with-yaml\n']));
    await getObjectAssert(k, ['pods'], IMAGE, 'changed-with-yaml:');
    expectOk(await k.run(['patch', '-f', validPod, '-p={"spec":{"containers":[{"name": "kubernetes-serve-hostname", "image": "registry.k8s.io/pause:3.5"}]}}']));
    await getObjectAssert(k, ['pods'], IMAGE, 'registry.k8s.io/pause:3.5:');
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', ...MANAGERS])).stdout).toContain('kubectl-patch');

    // A resourceVersion in the patch is a precondition.
    const rv = expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'go-template={{ .metadata.resourceVersion }}'])).stdout;
    expectOk(await k.run(['patch', 'pod', 'valid-pod', `-p={"spec":{"containers":[{"name": "kubernetes-serve-hostname", "image": "nginx"}]},"metadata":{"resourceVersion":"${rv}"}}`]));
    await getObjectAssert(k, ['pods'], IMAGE, 'nginx:');
    const stale = Number(expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'go-template={{ .metadata.resourceVersion }}'])).stdout) + 100;
    r = await k.run(['patch', 'pod', 'valid-pod', `-p={"spec":{"containers":[{"name": "kubernetes-serve-hostname", "image": "nginx"}]},"metadata":{"resourceVersion":"${stale}"}}`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('please apply your changes to the latest version and try again');
  });

  it('replace --force changes a container name; --grace-period and --timeout need --force; edit; create --edit', { timeout: 240_000 }, async () => {
    const k = s.k;
    const validPod = k.file('valid-pod.yaml', VALID_POD);
    await createAndUseNewNamespace(k);
    expectOk(await k.run(['create', '-f', validPod]));
    const json = expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'json'])).stdout;
    const replaced = k.file('tmp-valid-pod.json', json.replaceAll('"kubernetes-serve-hostname"', '"replaced-k8s-serve-hostname"'));
    expectOk(await k.run(['replace', '--force', '-f', replaced]));
    await getObjectAssert(k, ['pod', 'valid-pod'], '{{(index .spec.containers 0).name}}', 'replaced-k8s-serve-hostname');
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', ...MANAGERS])).stdout).toContain('kubectl-replace');
    let r = await k.run(['replace', '--grace-period=1', '-f', replaced]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--grace-period must have --force specified');
    r = await k.run(['replace', '--timeout=1s', '-f', replaced]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--timeout must have --force specified');

    // kubectl edit with an editor that rewrites the image.
    expectOk(await k.run(['patch', 'pod', 'valid-pod', '--type=json', '-p=[{"op": "replace", "path": "/spec/containers/0/image", "value":"nginx"}]']));
    const editor = k.file('tmp-editor.sh', '#!/usr/bin/env bash\nsed -i "s/nginx/k8s.gcr.io\\/serve_hostname/g" $1\n');
    chmodSync(editor, 0o755);
    const edited = expectOk(await k.run(['edit', 'pods/valid-pod', '--output-patch=true'], 60_000, { EDITOR: editor }));
    expect(edited.stdout).toContain('Patch:');
    await getObjectAssert(k, ['pods'], IMAGE, 'k8s.gcr.io/serve_hostname:');
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', ...MANAGERS])).stdout).toContain('kubectl-edit');
    r = await k.run(['edit', 'pod/valid-pod'], 60_000, { EDITOR: 'cat' });
    expect(r.stdout + r.stderr).toContain('Edit cancelled');
    expect(r.stdout).toContain('name: valid-pod');
    r = await k.run(['edit', 'ns'], 60_000, { EDITOR: 'cat' });
    expect(r.stdout).toContain('kind: List');

    // create --edit with an editor that renames mock to modified.
    const renamer = k.file('tmp-editor-rename.sh', '#!/usr/bin/env bash\nsed -i "s/mock/modified/g" $1\n');
    chmodSync(renamer, 0o755);
    const multi = k.file('multi-resource-json.json', MULTI_RESOURCE_JSON);
    await getObjectAssert(k, ['service'], NAMES, '');
    await getObjectAssert(k, ['rc'], NAMES, '');
    expectOk(await k.run(['create', '--edit', '-f', multi], 60_000, { EDITOR: renamer }));
    await getObjectAssert(k, ['service'], NAMES, 'modified:');
    await getObjectAssert(k, ['rc'], NAMES, 'modified:');
    expect(expectOk(await k.run(['get', 'service/modified', ...MANAGERS])).stdout).toContain('kubectl-create');
    expect(expectOk(await k.run(['get', 'rc/modified', ...MANAGERS])).stdout).toContain('kubectl-create');
    expectOk(await k.run(['delete', 'service/modified']));
    expectOk(await k.run(['delete', 'rc/modified']));
    r = await k.run(['create', '--edit', '-f', validPod, '-o', 'json'], 60_000, { EDITOR: 'cat' });
    expect(r.stdout + r.stderr).toContain('Edit cancelled');
  });

  it('the last-applied annotation: create and replace do not set it, apply does, replace keeps a changed one', { timeout: 180_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    const pod = k.file('pod.yaml', POD);
    const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
    expectOk(await k.run(['create', '-f', pod]));
    await getObjectAssert(k, ['pods', 'test-pod'], '{{.metadata.labels.name}}', 'test-pod-label');
    let yaml = expectOk(await k.run(['get', 'pods', 'test-pod', '-o', 'yaml'])).stdout;
    expect(yaml).not.toContain(LAST_APPLIED);
    const replace1 = k.file('test-pod-replace.yaml', yaml.replaceAll('test-pod-label', 'test-pod-replaced'));
    expectOk(await k.run(['replace', '-f', replace1]));
    await getObjectAssert(k, ['pods', 'test-pod'], '{{.metadata.labels.name}}', 'test-pod-replaced');
    expect(expectOk(await k.run(['get', 'pods', 'test-pod', '-o', 'yaml'])).stdout).not.toContain(LAST_APPLIED);
    expectOk(await k.run(['apply', '-f', k.file('pod-apply.yaml', POD_APPLY)]));
    await getObjectAssert(k, ['pods', 'test-pod'], '{{.metadata.labels.name}}', 'test-pod-applied');
    yaml = expectOk(await k.run(['get', 'pods', 'test-pod', '-o', 'yaml'])).stdout;
    expect(yaml).toContain(LAST_APPLIED);
    // (The shell test compares grepped lines, which only name the key; the values are compared here.)
    const annotation = ['-o', 'jsonpath={.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}'];
    const applied = expectOk(await k.run(['get', 'pods', 'test-pod', ...annotation])).stdout;
    expect(applied).toContain('test-pod-applied');
    const replace2 = k.file('test-pod-replace2.yaml', yaml.replaceAll('test-pod-applied', 'test-pod-replaced'));
    expectOk(await k.run(['replace', '-f', replace2]));
    await getObjectAssert(k, ['pods', 'test-pod'], '{{.metadata.labels.name}}', 'test-pod-replaced');
    // kubectl replace rewrites an existing annotation from the object it sends.
    const after = expectOk(await k.run(['get', 'pods', 'test-pod', ...annotation])).stdout;
    expect(after).not.toBe(applied);
    expect(after).toContain('test-pod-replaced');
    expectOk(await k.run(['delete', 'pods', 'test-pod']));
  });
});
