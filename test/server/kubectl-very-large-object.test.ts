/**
 * Kubernetes' TestCreateVeryLargeObject as real kubectl meets it: `kubectl create` of a ConfigMap of
 * 9,999 long keys is stored without managedFields (etcd refuses it with them, kube-apiserver tries
 * again without); `kubectl apply --server-side` of the same ConfigMap's name alone then needs a
 * before-first-apply entry listing every key, and etcd's refusal comes back as kube-apiserver
 * passes it through: a 500 with etcd's text and no reason, which kubectl prints as
 * `Error from server: etcdserver: request is too large`.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

describe.skipIf(!available)('real kubectl: an object etcd takes only without its managedFields', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('create keeps it without managedFields; a server-side apply after it is refused', { timeout: 120_000 }, async () => {
    const data: Record<string, string> = {};
    for (let i = 0; i < 9999; i++) data[`this-key-is-very-long-so-as-to-create-a-very-large-serialized-fieldset-${i}`] = 'A';
    const big = s.k.file('big.json', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'large-create-test-cm', namespace: 'default' }, data }));
    expect(await s.k.run(['create', '-f', big])).toEqual({ code: 0, stdout: 'configmap/large-create-test-cm created\n', stderr: '' });
    const managed = await s.k.run(['get', 'configmap', 'large-create-test-cm', '--show-managed-fields', '-o', 'jsonpath={.metadata.managedFields}']);
    expect(managed).toEqual({ code: 0, stdout: '', stderr: '' });
    const small = s.k.file('small.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: large-create-test-cm\n  namespace: default\n');
    expect(await s.k.run(['apply', '--server-side', '-f', small])).toEqual({ code: 1, stdout: '', stderr: 'Error from server: etcdserver: request is too large\n' });
  });
});
