/**
 * Kubernetes' own kubectl tests of core objects, run with the real kubectl v1.32 against
 * `ssa-sim serve`: ports of kubernetes/kubernetes test/cmd/delete.sh
 * (`run_kubectl_delete_allnamespaces_tests`) and of test/cmd/core.sh's `run_configmap_tests`,
 * `run_create_secret_tests`, `run_secrets_test`, `run_service_accounts_tests`,
 * `run_service_tests`, `run_namespace_tests`, `run_pod_templates_tests`, the node `replace`
 * block of `run_pod_tests` and the `patch` block of `run_nodes_tests`, with the files they
 * read as data (test/fixtures/doc-yaml/user-guide/configmap/configmap.yaml,
 * walkthrough/podtemplate.json; test/e2e/testing-manifests/guestbook/redis-master-service.yaml
 * is not in the index we read: a Service with the labels, selector and port the assertions
 * name stands in for it).
 *
 * Left out, and why:
 * - `--from-file <( head -c 256 /dev/urandom )` (binary ConfigMap data): random bytes; a fixed
 *   binary file is used, which is what the assertion (`binaryData`) looks at;
 * - describe's `--chunk-size` checks: they read kubectl's own request log, not the server;
 * - `create secret tls` and the docker-registry `--from-file` variant: they read hack/testdata's
 *   key, certificate and docker config, which the index we read does not hold (the
 *   docker-registry secret from flags is kept, with its exact base64);
 * - `kubectl run --expose` and `kubectl expose`: covered by test/server/kubectl-services.test.ts
 *   where the server's answers matter (allocation); their managers are asserted here;
 * - the `tokenreview` create of run_nodes_tests (authentication webhooks are not modelled),
 *   and the nodes' describe of a kubelet-registered node `127.0.0.1` (no kubelet: the node is
 *   created from JSON here).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { createAndUseNewNamespace, expectOk, getObjectAssert, NAMES } from './kubectl-cmd-asserts.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { openWidgetCrd } from './open-widget-crd.js';

const available = kubectlAvailable();

const REDIS_MASTER_SERVICE =
  'apiVersion: v1\nkind: Service\nmetadata:\n  name: redis-master\n  labels:\n    app: redis\n    role: master\n    tier: backend\nspec:\n  ports:\n  - port: 6379\n    targetPort: 6379\n  selector:\n    app: redis\n    role: master\n    tier: backend\n';
const found = (name: string) => `{{range.items}}{{ if eq .metadata.name "${name}" }}found{{end}}{{end}}:`;
const MANAGERS = ['-o=jsonpath={.metadata.managedFields[*].manager}'];

describe.skipIf(!available)('test/cmd/delete.sh and core.sh object blocks with real kubectl', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('run_kubectl_delete_allnamespaces_tests: dry runs delete nothing; -l --all-namespaces deletes in both', { timeout: 180_000 }, async () => {
    const k = s.k;
    for (const ns of ['namespace-one', 'namespace-two']) expectOk(await k.run(['create', 'namespace', ns]));
    expectOk(await k.run(['create', 'configmap', 'one', '--namespace=namespace-one']));
    expectOk(await k.run(['create', 'configmap', 'two', '--namespace=namespace-two']));
    expectOk(await k.run(['label', 'configmap', 'one', '--namespace=namespace-one', 'deletetest=true']));
    expectOk(await k.run(['label', 'configmap', 'two', '--namespace=namespace-two', 'deletetest=true']));
    let r = expectOk(await k.run(['delete', 'configmap', '--dry-run=client', '-l', 'deletetest=true', '--all-namespaces']));
    expect(r.stdout).toBe('configmap "one" deleted (dry run)\nconfigmap "two" deleted (dry run)\n');
    r = expectOk(await k.run(['delete', 'configmap', '--dry-run=server', '-l', 'deletetest=true', '--all-namespaces']));
    expect(r.stdout).toBe('configmap "one" deleted (server dry run)\nconfigmap "two" deleted (server dry run)\n');
    expectOk(await k.run(['config', 'set-context', '--current', '--namespace=namespace-one']));
    await getObjectAssert(k, ['configmap', '-l', 'deletetest'], NAMES, 'one:');
    expectOk(await k.run(['config', 'set-context', '--current', '--namespace=namespace-two']));
    await getObjectAssert(k, ['configmap', '-l', 'deletetest'], NAMES, 'two:');
    r = expectOk(await k.run(['delete', 'configmap', '-l', 'deletetest=true', '--all-namespaces']));
    expect(r.stdout).toBe('configmap "one" deleted\nconfigmap "two" deleted\n');
    await getObjectAssert(k, ['configmap', '-l', 'deletetest'], NAMES, '');
    expectOk(await k.run(['config', 'set-context', '--current', '--namespace=namespace-one']));
    await getObjectAssert(k, ['configmap', '-l', 'deletetest'], NAMES, '');
  });

  it('run_configmap_tests: create from a file, dry runs, --from-literal, binary data', { timeout: 180_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    expectOk(await k.run(['create', '-f', k.file('configmap.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: test-configmap\ndata:\n  data-1: value-1\n  data-2: value-2\n')]));
    await getObjectAssert(k, ['configmap/test-configmap'], '{{.metadata.name}}', 'test-configmap');
    expectOk(await k.run(['delete', 'configmap', 'test-configmap']));
    await getObjectAssert(k, ['namespaces'], found('test-configmaps'), ':');
    expectOk(await k.run(['create', 'namespace', 'test-configmaps']));
    await getObjectAssert(k, ['namespaces/test-configmaps'], '{{.metadata.name}}', 'test-configmaps');
    await getObjectAssert(k, ['configmaps'], found('test-configmap'), ':');
    expectOk(await k.run(['create', 'configmap', 'test-configmap', '--dry-run=client', '--from-literal=key1=value1', '--namespace=test-configmaps']));
    expectOk(await k.run(['create', 'configmap', 'test-configmap', '--dry-run=server', '--from-literal=key1=value1', '--namespace=test-configmaps']));
    await getObjectAssert(k, ['configmaps', '--namespace=test-configmaps'], found('test-configmap'), ':');
    expectOk(await k.run(['create', 'configmap', 'test-configmap', '--from-literal=key1=value1', '--namespace=test-configmaps']));
    const binary = join(k.dir, 'random');
    writeFileSync(binary, Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 151 + 7) % 256)));
    expectOk(await k.run(['create', 'configmap', 'test-binary-configmap', '--from-file', binary, '--namespace=test-configmaps']));
    await getObjectAssert(k, ['configmap/test-configmap', '--namespace=test-configmaps'], '{{.metadata.name}}', 'test-configmap');
    await getObjectAssert(k, ['configmap/test-binary-configmap', '--namespace=test-configmaps'], '{{.metadata.name}}', 'test-binary-configmap');
    expect(expectOk(await k.run(['get', 'configmap/test-configmap', '--namespace=test-configmaps', '-o', 'yaml'])).stdout).toContain('key1: value1');
    const bin = expectOk(await k.run(['get', 'configmap/test-binary-configmap', '--namespace=test-configmaps', '-o', 'yaml'])).stdout;
    expect(bin).toContain('binaryData');
    expect(bin).toContain(`random: ${Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 151 + 7) % 256)).toString('base64')}`);
    expectOk(await k.run(['delete', 'configmap', 'test-configmap', '--namespace=test-configmaps']));
    expectOk(await k.run(['delete', 'configmap', 'test-binary-configmap', '--namespace=test-configmaps']));
    expectOk(await k.run(['delete', 'namespace', 'test-configmaps']));
  });

  it('run_create_secret_tests: --dry-run=client -o jsonpath, create/replace/get/delete --raw', { timeout: 180_000 }, async () => {
    const k = s.k;
    expectOk(await k.run(['config', 'set-context', '--current', '--namespace=default']));
    let r = await k.run(['get', 'secrets', 'mysecret']);
    expect(r.stderr).toContain('secrets "mysecret" not found');
    r = expectOk(await k.run(['create', 'secret', 'generic', 'mysecret', '--dry-run=client', '--from-literal=foo=bar', '-o', 'jsonpath={.metadata.namespace}', '--namespace=user-specified']));
    expect(r.stdout).toBe('user-specified');
    expect((await k.run(['get', 'secrets', 'mysecret'])).stderr).toContain('secrets "mysecret" not found');
    r = expectOk(await k.run(['create', 'secret', 'generic', 'mysecret', '--dry-run=client', '--from-literal=foo=bar', '-o', 'jsonpath={.metadata.namespace}']));
    expect(r.stdout).toBe('');

    // --raw: a POST, a PUT to the object's URL (the answer carries the uid), a GET and a DELETE.
    const empty = expectOk(await k.run(['create', 'configmap', 'tester-update-cm', '-o', 'json', '--dry-run=client'])).stdout;
    expectOk(await k.run(['create', '--raw', '/api/v1/namespaces/default/configmaps', '-f', k.file('cm-empty.json', empty)]));
    const withKey = expectOk(await k.run(['create', 'configmap', 'tester-update-cm', '--from-literal=key1=config1', '-o', 'json', '--dry-run=client'])).stdout;
    r = expectOk(await k.run(['replace', '--raw', '/api/v1/namespaces/default/configmaps/tester-update-cm', '-f', k.file('cm-key.json', withKey)]));
    expect(r.stdout).toContain('uid');
    expect(expectOk(await k.run(['get', '--raw', '/api/v1/namespaces/default/configmaps/tester-update-cm'])).stdout).toContain('config1');
    expectOk(await k.run(['delete', '--raw', '/api/v1/namespaces/default/configmaps/tester-update-cm']));
    expect((await k.run(['get', 'configmap', 'tester-update-cm'])).stderr).toContain('configmaps "tester-update-cm" not found');
  });

  it('run_secrets_test: generic, docker-registry, stringData merged into data, go-template output', { timeout: 180_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    const dry = expectOk(await k.run(['create', 'secret', 'generic', 'test', '--from-literal=key1=value1', '--dry-run=client', '-o', 'yaml']));
    for (const text of ['kind: Secret', 'apiVersion: v1', 'key1: dmFsdWUx']) expect(dry.stdout).toContain(text);
    expectOk(await k.run(['create', 'namespace', 'test-secrets']));
    await getObjectAssert(k, ['secrets', '--namespace=test-secrets'], NAMES, '');
    expectOk(await k.run(['create', 'secret', 'generic', 'test-secret', '--from-literal=key1=value1', '--type=test-type', '--namespace=test-secrets']));
    await getObjectAssert(k, ['secret/test-secret', '--namespace=test-secrets'], '{{.metadata.name}}', 'test-secret');
    await getObjectAssert(k, ['secret/test-secret', '--namespace=test-secrets'], '{{.type}}', 'test-type');
    expect(expectOk(await k.run(['get', 'secret/test-secret', '--namespace=test-secrets', '-o', 'yaml'])).stdout).toContain('key1: dmFsdWUx');
    expectOk(await k.run(['delete', 'secret', 'test-secret', '--namespace=test-secrets']));

    expectOk(await k.run(['create', 'secret', 'docker-registry', 'test-secret', '--docker-username=test-user', '--docker-password=test-password', '--docker-email=test-user@test.com', '--namespace=test-secrets']));
    await getObjectAssert(k, ['secret/test-secret', '--namespace=test-secrets'], '{{.type}}', 'kubernetes.io/dockerconfigjson');
    expect(expectOk(await k.run(['get', 'secret/test-secret', '--namespace=test-secrets', '-o', 'yaml'])).stdout).toContain(
      '.dockerconfigjson: eyJhdXRocyI6eyJodHRwczovL2luZGV4LmRvY2tlci5pby92MS8iOnsidXNlcm5hbWUiOiJ0ZXN0LXVzZXIiLCJwYXNzd29yZCI6InRlc3QtcGFzc3dvcmQiLCJlbWFpbCI6InRlc3QtdXNlckB0ZXN0LmNvbSIsImF1dGgiOiJkR1Z6ZEMxMWMyVnlPblJsYzNRdGNHRnpjM2R2Y21RPSJ9fX0=',
    );
    expectOk(await k.run(['delete', 'secret', 'test-secret', '--namespace=test-secrets']));

    const stringData = k.file('secret-string-data.json', JSON.stringify({ kind: 'Secret', apiVersion: 'v1', metadata: { name: 'secret-string-data' }, data: { k1: 'djE=', k2: '' }, stringData: { k2: 'v2' } }, null, 2));
    expectOk(await k.run(['create', '--namespace=test-secrets', '-f', stringData]));
    await getObjectAssert(k, ['secret/secret-string-data', '--namespace=test-secrets'], '{{.data}}', '.*k1:djE=.*');
    await getObjectAssert(k, ['secret/secret-string-data', '--namespace=test-secrets'], '{{.data}}', '.*k2:djI=.*');
    await getObjectAssert(k, ['secret/secret-string-data', '--namespace=test-secrets'], '{{.stringData}}', '<no value>');
    expectOk(await k.run(['delete', 'secret', 'secret-string-data', '--namespace=test-secrets']));

    const r = expectOk(await k.run(['create', 'secret', 'generic', 'test-secret', '--namespace=test-secrets', '--from-literal=key1=value1', '--output=go-template', '--template={{.metadata.name}}:']));
    expect(r.stdout).toContain('test-secret:');
    expectOk(await k.run(['delete', 'secret', 'test-secret', '--namespace=test-secrets']));
    expectOk(await k.run(['delete', 'namespace', 'test-secrets']));
  });

  it('run_service_accounts_tests and run_pod_templates_tests', { timeout: 180_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    expectOk(await k.run(['create', 'namespace', 'test-service-accounts']));
    await getObjectAssert(k, ['serviceaccount', '--namespace=test-service-accounts'], found('test-service-account'), ':');
    expectOk(await k.run(['create', 'serviceaccount', 'test-service-account', '--dry-run=client', '--namespace=test-service-accounts']));
    expectOk(await k.run(['create', 'serviceaccount', 'test-service-account', '--dry-run=server', '--namespace=test-service-accounts']));
    await getObjectAssert(k, ['serviceaccount', '--namespace=test-service-accounts'], found('test-service-account'), ':');
    expectOk(await k.run(['create', 'serviceaccount', 'test-service-account', '--namespace=test-service-accounts']));
    await getObjectAssert(k, ['serviceaccount/test-service-account', '--namespace=test-service-accounts'], '{{.metadata.name}}', 'test-service-account');
    expectOk(await k.run(['delete', 'serviceaccount', 'test-service-account', '--namespace=test-service-accounts']));
    expectOk(await k.run(['delete', 'namespace', 'test-service-accounts']));

    await getObjectAssert(k, ['podtemplates'], NAMES, '');
    const template = k.file(
      'podtemplate.json',
      JSON.stringify({ apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 'nginx' }, template: { metadata: { labels: { name: 'nginx' }, generateName: 'nginx-' }, spec: { containers: [{ name: 'nginx', image: 'nginx', ports: [{ containerPort: 80 }] }] } } }, null, 2),
    );
    expectOk(await k.run(['create', '-f', template]));
    await getObjectAssert(k, ['podtemplates'], NAMES, 'nginx:');
    expectOk(await k.run(['get', 'podtemplates']));
    expect(expectOk(await k.run(['get', 'podtemplates', '-o', 'yaml'])).stdout).toContain('nginx');
    expectOk(await k.run(['delete', 'podtemplate', 'nginx']));
    await getObjectAssert(k, ['podtemplate'], NAMES, '');
  });

  it('run_service_tests: set selector (--local, dry runs, --resource-version), re-create from JSON, identity replace, custom columns, ExternalName', { timeout: 240_000 }, async () => {
    const k = s.k;
    expectOk(await k.run(['config', 'set-context', '--current', '--namespace=default']));
    const svc = k.file('redis-master-service.yaml', REDIS_MASTER_SERVICE);
    await getObjectAssert(k, ['services'], NAMES, 'kubernetes:');
    expectOk(await k.run(['create', '-f', svc]));
    await getObjectAssert(k, ['services'], NAMES, 'kubernetes:redis-master:');
    const d = expectOk(await k.run(['describe', 'services', 'redis-master'])).stdout;
    for (const word of ['Name:', 'Labels:', 'Selector:', 'IP:', 'Port:', 'Endpoints:', 'Session Affinity:']) expect(d).toContain(word);
    const SELECTOR = '{{range.spec.selector}}{{.}}:{{end}}';
    await getObjectAssert(k, ['services', 'redis-master'], SELECTOR, 'redis:master:backend:');
    expectOk(await k.run(['set', 'selector', '-f', svc, 'role=padawan', '--local', '-o', 'yaml']));
    expectOk(await k.run(['set', 'selector', '-f', svc, 'role=padawan', '--dry-run=client', '-o', 'yaml']));
    expectOk(await k.run(['set', 'selector', '-f', svc, 'role=padawan']));
    await getObjectAssert(k, ['services', 'redis-master'], SELECTOR, 'padawan:');
    expectOk(await k.run(['set', 'selector', '-f', svc, 'app=redis,role=master,tier=backend']));
    await getObjectAssert(k, ['services', 'redis-master'], SELECTOR, 'redis:master:backend:');
    expectOk(await k.run(['set', 'selector', 'services', 'redis-master', 'role=padawan', '--dry-run=client', '-o', 'yaml']));
    expectOk(await k.run(['set', 'selector', 'services', 'redis-master', 'role=padawan', '--dry-run=server', '-o', 'yaml']));
    expect(expectOk(await k.run(['get', 'services', 'redis-master', '--show-managed-fields', ...MANAGERS])).stdout).toContain('kubectl-set');
    expect((await k.run(['set', 'selector', 'services', 'redis-master', 'role=padawan', '--local', '-o', 'yaml'])).code).not.toBe(0);
    await getObjectAssert(k, ['services', 'redis-master'], SELECTOR, 'redis:master:backend:');
    const rv = expectOk(await k.run(['get', 'services', 'redis-master', '-o', 'jsonpath={.metadata.resourceVersion}'])).stdout;
    expectOk(await k.run(['set', 'selector', 'services', 'redis-master', 'rvtest1=true', `--resource-version=${rv}`]));
    const stale = await k.run(['set', 'selector', 'services', 'redis-master', 'rvtest1=true', '--resource-version=1']);
    expect(stale.code).not.toBe(0);
    expect(stale.stderr).toContain('Conflict');

    // Deleted, then created again from its dumped JSON.
    const dumped = expectOk(await k.run(['get', 'service', 'redis-master', '-o', 'json'])).stdout;
    expectOk(await k.run(['delete', 'service', 'redis-master']));
    await getObjectAssert(k, ['services'], NAMES, 'kubernetes:');
    expectOk(await k.run(['create', '-f', k.file('dumped-service.json', dumped)]));
    await getObjectAssert(k, ['services'], NAMES, 'kubernetes:redis-master:');

    const v1test = k.file('service-v1-test.json', JSON.stringify({ kind: 'Service', apiVersion: 'v1', metadata: { name: 'service-v1-test' }, spec: { ports: [{ protocol: 'TCP', port: 80, targetPort: 80 }] } }, null, 2));
    expectOk(await k.run(['create', '-f', v1test]));
    await getObjectAssert(k, ['services'], NAMES, 'kubernetes:redis-master:service-.*-test:');
    // Identity: what get -o json prints replaces the object unchanged.
    const identity = expectOk(await k.run(['get', 'service', 'service-v1-test', '-o', 'json'])).stdout;
    expectOk(await k.run(['replace', '-f', k.file('identity.json', identity)]));
    expectOk(await k.run(['delete', 'service', 'redis-master']));
    expectOk(await k.run(['delete', 'service', 'service-v1-test']));
    await getObjectAssert(k, ['services'], NAMES, 'kubernetes:');

    expectOk(await k.run(['create', '-f', svc]));
    const columns = expectOk(await k.run(['get', 'services', '-o=custom-columns=NAME:.metadata.name,RSRC:.metadata.resourceVersion']));
    expect(columns.stdout).toContain('redis-master');
    expectOk(await k.run(['delete', 'services', 'redis-master']));

    expectOk(await k.run(['create', 'service', 'externalname', 'beep-boop', '--dry-run=client', '--external-name', 'bar.com']));
    expectOk(await k.run(['create', 'service', 'externalname', 'beep-boop', '--dry-run=server', '--external-name', 'bar.com']));
    await getObjectAssert(k, ['services'], NAMES, 'kubernetes:');
    expectOk(await k.run(['create', 'service', 'externalname', 'beep-boop', '--external-name', 'bar.com']));
    await getObjectAssert(k, ['services'], NAMES, 'beep-boop:kubernetes:');
    expectOk(await k.run(['delete', 'service', 'beep-boop']));
    await getObjectAssert(k, ['services'], NAMES, 'kubernetes:');

    // kubectl run --expose and kubectl expose: their field managers.
    expectOk(await k.run(['run', 'testmetadata', '--image=nginx', '--port=80', '--expose', '--dry-run=client']));
    expectOk(await k.run(['run', 'testmetadata', '--image=nginx', '--port=80', '--expose', '--dry-run=server']));
    await getObjectAssert(k, ['services'], NAMES, 'kubernetes:');
    expectOk(await k.run(['run', 'testmetadata', '--image=nginx', '--port=80', '--expose']));
    await getObjectAssert(k, ['pods'], NAMES, 'testmetadata:');
    await getObjectAssert(k, ['service', 'testmetadata'], '{{(index .spec.ports 0).port}}', '80');
    expect(expectOk(await k.run(['get', 'pod', 'testmetadata', ...MANAGERS])).stdout).toContain('kubectl-run');
    expectOk(await k.run(['expose', 'pod', 'testmetadata', '--port=1000', '--target-port=80', '--type=NodePort', '--name=exposemetadata', '--overrides={ "metadata": { "annotations": { "zone-context": "work" } } } ']));
    await getObjectAssert(k, ['service', 'exposemetadata'], '{{.metadata.annotations}}', 'map\\[zone-context:work\\]');
    expect(expectOk(await k.run(['get', 'service', 'exposemetadata', ...MANAGERS])).stdout).toContain('kubectl-expose');
    expectOk(await k.run(['delete', 'service', 'exposemetadata', 'testmetadata']));
    expectOk(await k.run(['delete', 'pod', 'testmetadata']));
  });

  it('run_namespace_tests: dry runs, delete --wait=false and wait, delete -n NS --all warns; quota; pods in a namespace', { timeout: 240_000 }, async () => {
    const k = s.k;
    let r = await k.run(['get', 'ns/my-namespace']);
    expect(r.stderr).toContain(' not found');
    expectOk(await k.run(['create', 'namespace', 'my-namespace', '--dry-run=client']));
    expectOk(await k.run(['create', 'namespace', 'my-namespace', '--dry-run=server']));
    expect((await k.run(['get', 'ns/my-namespace'])).stderr).toContain(' not found');
    expectOk(await k.run(['create', 'namespace', 'my-namespace']));
    await getObjectAssert(k, ['namespaces/my-namespace'], '{{.metadata.name}}', 'my-namespace');
    expectOk(await k.run(['delete', 'namespace', 'my-namespace', '--wait=false']));
    expectOk(await k.run(['wait', '--for=delete', 'ns/my-namespace']));
    expect((await k.run(['get', 'ns/my-namespace'])).stderr).toContain(' not found');

    expectOk(await k.run(['create', 'namespace', 'my-namespace']));
    r = await k.run(['delete', 'namespace', '-n', 'my-namespace', '--all']);
    // (The shell test's `warning:` is an older kubectl's word; kubectl 1.32 prints `Warning:`.)
    expect(r.stderr).toContain('Warning: deleting cluster-scoped resources, not scoped to the provided namespace\n');
    expect(r.stdout + r.stderr).toContain('namespace "my-namespace" deleted');

    expectOk(await k.run(['create', 'namespace', 'quotas']));
    await getObjectAssert(k, ['quota', '--namespace=quotas'], found('test-quota'), ':');
    expectOk(await k.run(['create', 'quota', 'test-quota', '--dry-run=client', '--namespace=quotas']));
    expectOk(await k.run(['create', 'quota', 'test-quota', '--dry-run=server', '--namespace=quotas']));
    await getObjectAssert(k, ['quota', '--namespace=quotas'], found('test-quota'), ':');
    expectOk(await k.run(['create', 'quota', 'test-quota', '--namespace=quotas']));
    await getObjectAssert(k, ['quota', '--namespace=quotas'], found('test-quota'), 'found:');
    expectOk(await k.run(['delete', 'quota', 'test-quota', '--namespace=quotas']));
    expectOk(await k.run(['delete', 'namespace', 'quotas']));

    expectOk(await k.run(['create', 'namespace', 'other']));
    const validPod = k.file(
      'valid-pod.yaml',
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: valid-pod\n  labels:\n    name: valid-pod\nspec:\n  containers:\n  - name: kubernetes-serve-hostname\n    image: registry.k8s.io/serve_hostname\n',
    );
    expectOk(await k.run(['create', '--namespace=other', '-f', validPod]));
    await getObjectAssert(k, ['pods', '--namespace=other'], NAMES, 'valid-pod:');
    await getObjectAssert(k, ['pods', '-n', 'other'], NAMES, 'valid-pod:');
    r = await k.run(['get', 'pod', 'valid-pod', '--all-namespaces']);
    expect(r.stderr).toContain('a resource cannot be retrieved by name across all namespaces');
    expectOk(await k.run(['delete', 'pod', '--namespace=other', 'valid-pod', '--grace-period=0', '--force']));
    await getObjectAssert(k, ['pods', '--namespace=other'], NAMES, '');
    expectOk(await k.run(['delete', 'namespace', 'other']));
  });

  it('replace of a cluster-scoped Node (dry runs, resourceVersion "0"); patch marks it unschedulable and back', { timeout: 180_000 }, async () => {
    const k = s.k;
    const node = (extra: object) => k.file('node.json', JSON.stringify({ kind: 'Node', apiVersion: 'v1', metadata: { name: 'node-v1-test', ...extra } }, null, 2));
    expectOk(await k.run(['create', '-f', node({})]));
    const A = '{{range.items}}{{if .metadata.annotations.a}}found{{end}}{{end}}:';
    await getObjectAssert(k, ['node', 'node-v1-test'], A, ':');
    const withA = node({ annotations: { a: 'b' }, resourceVersion: '0' });
    expectOk(await k.run(['replace', '--dry-run=server', '-f', withA]));
    expectOk(await k.run(['replace', '--dry-run=client', '-f', withA]));
    await getObjectAssert(k, ['node', 'node-v1-test'], A, ':');
    expectOk(await k.run(['replace', '-f', withA]));
    await getObjectAssert(k, ['node', 'node-v1-test'], '{{.metadata.annotations.a}}', 'b');

    await getObjectAssert(k, ['nodes', 'node-v1-test'], '{{.spec.unschedulable}}', '<no value>');
    expectOk(await k.run(['patch', 'nodes', 'node-v1-test', '-p={"spec":{"unschedulable":true}}']));
    await getObjectAssert(k, ['nodes', 'node-v1-test'], '{{.spec.unschedulable}}', 'true');
    expectOk(await k.run(['patch', 'nodes', 'node-v1-test', '-p={"spec":{"unschedulable":null}}']));
    await getObjectAssert(k, ['nodes', 'node-v1-test'], '{{.spec.unschedulable}}', '<no value>');
    expectOk(await k.run(['delete', 'node', 'node-v1-test']));
  });

  it('(beyond core.sh) replace of a custom resource with resourceVersion "0": its strategy refuses the unconditional update', { timeout: 120_000 }, async () => {
    // The Node above is replaced unconditionally with "0"; a custom resource's strategy does not
    // allow that (apiextensions-apiserver customresource strategy.go). Without a resourceVersion,
    // kubectl replace reads the live one first (cli-runtime resource.Helper.Replace), so that works.
    const k = s.k;
    expectOk(await k.run(['config', 'set-context', '--current', '--namespace=default']));
    expectOk(await k.run(['apply', '-f', k.file('crd.json', JSON.stringify(openWidgetCrd()))]));
    const widget = k.file('widget.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w1\nspec:\n  size: 1\n');
    expectOk(await k.run(['create', '-f', widget]));
    expect(await k.run(['replace', '-f', widget])).toEqual({ code: 0, stdout: 'widget.example.com/w1 replaced\n', stderr: '' });
    const zero = k.file('widget-zero.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w1\n  resourceVersion: "0"\nspec:\n  size: 2\n');
    expect(await k.run(['replace', '-f', zero])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The widgets "w1" is invalid: metadata.resourceVersion: Invalid value: 0x0: must be specified for an update\n',
    });
    expectOk(await k.run(['delete', '-f', widget]));
  });
});
