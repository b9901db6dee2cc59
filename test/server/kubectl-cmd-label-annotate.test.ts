/**
 * kubectl label and annotate, run with the real kubectl v1.32 against `ssa-sim serve`, beyond
 * what test/cmd/core.sh's run_pod_tests asserts (test/server/kubectl-cmd-pods.test.ts): the
 * `--resource-version` precondition (kubectl puts it in its merge patch: a stale one is the
 * store's 409), `KEY-` removal without `--overwrite`, `--overwrite` on annotations, and the
 * managedFields entries each command leaves, read with `--show-managed-fields`: an Update by
 * `kubectl-label` / `kubectl-annotate` owning exactly the keys it set (the map itself stays the
 * creator's), and a removed key leaving its owner's set.
 * The usage texts are kubectl's own (k8s.io/kubectl v0.32 pkg/cmd/label/label.go,
 * pkg/cmd/annotate/annotate.go: `label %q not found.`, `... not labeled`).
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { createAndUseNewNamespace, expectOk } from './kubectl-cmd-asserts.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: valid-pod\n  labels:\n    name: valid-pod\nspec:\n  containers:\n  - name: kubernetes-serve-hostname\n    image: registry.k8s.io/serve_hostname\n';

interface Entry {
  manager: string;
  operation: string;
  fieldsV1: unknown;
}

describe.skipIf(!available)('kubectl label and annotate with real kubectl', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  const entries = async (name: string): Promise<Entry[]> =>
    (JSON.parse(expectOk(await s.k.run(['get', 'pod', name, '-o', 'json', '--show-managed-fields'])).stdout) as { metadata: { managedFields: Entry[] } }).metadata.managedFields.map((e) => ({
      manager: e.manager,
      operation: e.operation,
      fieldsV1: e.fieldsV1,
    }));

  it('label: --resource-version, KEY-, a missing key, and the entries left', { timeout: 180_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    expectOk(await k.run(['create', '-f', k.file('pod.yaml', POD)]));
    const rv = expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'jsonpath={.metadata.resourceVersion}'])).stdout;
    expect(await k.run(['label', 'pods', 'valid-pod', 'tier=web', `--resource-version=${rv}`])).toEqual({ code: 0, stdout: 'pod/valid-pod labeled\n', stderr: '' });
    expect(await k.run(['label', 'pods', 'valid-pod', 'stale=yes', `--resource-version=${rv}`])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (Conflict): Operation cannot be fulfilled on pods "valid-pod": the object has been modified; please apply your changes to the latest version and try again\n',
    });
    const labels = await entries('valid-pod');
    expect(labels.find((e) => e.manager === 'kubectl-label')).toEqual({ manager: 'kubectl-label', operation: 'Update', fieldsV1: { 'f:metadata': { 'f:labels': { 'f:tier': {} } } } });
    expect(await k.run(['label', 'pods', 'valid-pod', 'tier-'])).toEqual({ code: 0, stdout: 'pod/valid-pod unlabeled\n', stderr: '' });
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'jsonpath={.metadata.labels}'])).stdout).toBe('{"name":"valid-pod"}');
    // The key is gone from kubectl-label's set, and with it the entry.
    expect((await entries('valid-pod')).map((e) => e.manager)).toEqual(['kubectl-create']);
    expect(await k.run(['label', 'pods', 'valid-pod', 'tier-'])).toEqual({ code: 0, stdout: 'label "tier" not found.\npod/valid-pod not labeled\n', stderr: '' });
    // Removing the creator's label: it leaves kubectl-create's set too.
    expectOk(await k.run(['label', 'pods', 'valid-pod', 'name-']));
    const created = (await entries('valid-pod')).find((e) => e.manager === 'kubectl-create');
    expect((created?.fieldsV1 as { 'f:metadata'?: unknown })['f:metadata']).toBeUndefined();
  });

  it('annotate: --overwrite, --resource-version, KEY-, and the entries left', { timeout: 180_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    expectOk(await k.run(['create', '-f', k.file('pod.yaml', POD)]));
    expect(await k.run(['annotate', 'pods', 'valid-pod', 'note=one'])).toEqual({ code: 0, stdout: 'pod/valid-pod annotated\n', stderr: '' });
    expect(await k.run(['annotate', 'pods', 'valid-pod', 'note=two'])).toEqual({ code: 1, stdout: '', stderr: "error: --overwrite is false but found the following declared annotation(s): 'note' already has a value (one)\n" });
    expectOk(await k.run(['annotate', 'pods', 'valid-pod', 'note=two', '--overwrite']));
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'jsonpath={.metadata.annotations.note}'])).stdout).toBe('two');
    expect((await entries('valid-pod')).find((e) => e.manager === 'kubectl-annotate')).toEqual({
      manager: 'kubectl-annotate',
      operation: 'Update',
      fieldsV1: { 'f:metadata': { 'f:annotations': { '.': {}, 'f:note': {} } } },
    });
    const stale = await k.run(['annotate', 'pods', 'valid-pod', 'other=x', '--resource-version=1']);
    expect(stale.stderr).toBe('Error from server (Conflict): Operation cannot be fulfilled on pods "valid-pod": the object has been modified; please apply your changes to the latest version and try again\n');
    expect(await k.run(['annotate', 'pods', 'valid-pod', 'note-'])).toEqual({ code: 0, stdout: 'pod/valid-pod annotated\n', stderr: '' });
    expect(expectOk(await k.run(['get', 'pod', 'valid-pod', '-o', 'jsonpath={.metadata.annotations}'])).stdout).toBe('');
    expect((await entries('valid-pod')).map((e) => e.manager)).toEqual(['kubectl-create']);
  });
});
