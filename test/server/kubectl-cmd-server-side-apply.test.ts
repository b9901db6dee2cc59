/**
 * Kubernetes' own kubectl command tests for server-side apply, run with the real kubectl 1.32
 * against `startServer`: kubernetes/kubernetes test/cmd/apply.sh, function
 * run_kubectl_server_side_apply_tests (the newest version the source index holds), its input
 * files from hack/testdata/ (pod.yaml, pod-apply.yaml, CRD/resource.yaml) reproduced as data.
 * Each `it` is one block of the shell story, in its order, in one namespace.
 *
 * Beyond the shell's own checks (it only asserts that the apply as `not-kubectl` fails), the
 * conflict's text is compared byte for byte: the server's 409 behind `error: `, then kubectl's
 * fixed help block.
 *
 * Adapted, with the reason: the CRD of "apply dry-run on CR" is created at
 * apiextensions.k8s.io/v1 (v1beta1 is gone since 1.22), one served and stored version v1alpha1
 * whose schema preserves unknown fields; the shell's wait for the CRD is one `api-resources` check.
 * Nothing is left out.
 */
import { describe, expect, it } from 'vitest';
import { KUBECTL_CONFLICT_HELP } from '../support/kubectl-texts.js';
import { CR_RESOURCE, POD, POD_APPLY } from './kubectl-cmd-testdata.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

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

const CONFIGMAP = (legacy: boolean): string => `apiVersion: v1
kind: ConfigMap
metadata:
  name: test
data:
  key: value
${legacy ? '  legacy: unused\n' : ''}`;

const PODS = '{{range.items}}{{.metadata.name}}:{{end}}';
const T = { timeout: 240_000 };

describe.skipIf(!available)('test/cmd/apply.sh run_kubectl_server_side_apply_tests, real kubectl against serve', () => {
  const at = serverWithKubectl();
  const ok = (args: string[]) => at.k.ok(args);
  const yaml = async (object: string): Promise<string> => ok(['get', ...object.split(' '), '-o', 'yaml']);

  it('create_and_use_new_namespace', T, async () => {
    await ok(['create', 'namespace', 'namespace-cmd-ssa']);
    await ok(['config', 'set-context', '--current', '--namespace=namespace-cmd-ssa']);
  });

  it('apply --server-side creates the pod under the manager kubectl, then --field-manager names another', T, async () => {
    const { k } = at;
    const pod = k.file('pod.yaml', POD);
    expect(await k.getTemplate('pods', PODS)).toBe('');
    expect(await ok(['apply', '--server-side', '-f', pod])).toBe('pod/test-pod serverside-applied\n');
    expect(await k.getTemplate('pods test-pod', '{{.metadata.labels.name}}')).toBe('test-pod-label');
    expect(await ok(['get', '--show-managed-fields', '-f', pod, '-o=jsonpath={.metadata.managedFields[*].manager}'])).toBe('kubectl');
    expect(await ok(['apply', '--server-side', '--field-manager=my-field-manager', '--force-conflicts', '-f', pod])).toBe('pod/test-pod serverside-applied\n');
    // The same manifest again changes no value, so structured-merge-diff returns no object and
    // the new entry gets no time (apimachinery managedfieldsupdater.go); entries sort by
    // operation, then time with none as zero (managedfields.go sortEncodedManagedFields): first.
    // Without --show-managed-fields, -o jsonpath still sees them (only -o yaml|json strips them).
    expect(await ok(['get', '-f', pod, '-o=jsonpath={.metadata.managedFields[*].manager}'])).toBe('my-field-manager kubectl');
    expect(await ok(['delete', 'pods', 'test-pod'])).toBe('pod "test-pod" deleted\n');
  });

  it('apply --server-side --dry-run=server creates nothing and changes nothing', T, async () => {
    const { k } = at;
    const pod = k.file('pod.yaml', POD);
    const podApply = k.file('pod-apply.yaml', POD_APPLY);
    expect(await k.getTemplate('pods', PODS)).toBe('');
    expect(await ok(['apply', '--server-side', '--dry-run=server', '-f', pod])).toBe('pod/test-pod serverside-applied (server dry run)\n');
    expect(await k.getTemplate('pods', PODS)).toBe('');
    await ok(['apply', '--server-side', '-f', pod]);
    const initialResourceVersion = await ok(['get', '-f', pod, '-o', 'go-template={{ .metadata.resourceVersion }}']);
    expect(await ok(['apply', '--server-side', '--dry-run=server', '-f', podApply])).toBe('pod/test-pod serverside-applied (server dry run)\n');
    expect(await k.getTemplate('pods test-pod', '{{.metadata.labels.name}}')).toBe('test-pod-label');
    expect(await ok(['get', '-f', pod, '-o', 'go-template={{ .metadata.resourceVersion }}'])).toBe(initialResourceVersion);
    await ok(['delete', '-f', pod]);
  });

  it('upgrade from client-side to server-side apply: only the manager kubectl takes over the client-side fields', T, async () => {
    const { k } = at;
    const pod = k.file('pod.yaml', POD);
    const podApply = k.file('pod-apply.yaml', POD_APPLY);
    expect(await k.getTemplate('pods', PODS)).toBe('');
    expect(await ok(['apply', '-f', pod])).toBe('pod/test-pod created\n');
    const refused = await k.run(['apply', '--server-side', '--field-manager=not-kubectl', '-f', podApply]);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using v1:\n' +
        '- .metadata.labels.name\n' +
        '- .spec.containers[name="kubernetes-pause"].image\n' +
        KUBECTL_CONFLICT_HELP,
    });
    expect(await ok(['apply', '--server-side', '-f', podApply])).toBe('pod/test-pod serverside-applied\n');
    expect(await yaml('pods test-pod')).toContain('kubectl.kubernetes.io/last-applied-configuration');
    expect(await ok(['apply', 'view-last-applied', 'pod/test-pod', '-o', 'json'])).toContain('"name": "test-pod-applied"');

    // and back: server-side keeps the annotation up to date, so client-side apply works after it
    expect(await ok(['apply', '--server-side', '-f', pod])).toBe('pod/test-pod serverside-applied\n');
    expect(await yaml('pods test-pod')).toContain('kubectl.kubernetes.io/last-applied-configuration');
    expect(await ok(['apply', 'view-last-applied', 'pod/test-pod', '-o', 'json'])).toContain('"name": "test-pod-label"');
    expect(await ok(['apply', '-f', podApply])).toBe('pod/test-pod configured\n');
    await ok(['delete', '-f', pod]);
  });

  it('apply --server-side --dry-run=server of a custom resource creates nothing', T, async () => {
    const { k } = at;
    expect(await ok(['create', '-f', k.file('crd.json', CRD_RESOURCES)])).toBe('customresourcedefinition.apiextensions.k8s.io/resources.mygroup.example.com created\n');
    expect(await ok(['api-resources', '--api-group', 'mygroup.example.com', '-oname'])).toBe('resources.mygroup.example.com\n');
    expect(await ok(['apply', '--server-side', '--dry-run=server', '-f', k.file('resource.yaml', CR_RESOURCE)])).toBe('kind.mygroup.example.com/myobj serverside-applied (server dry run)\n');
    const got = await k.run(['get', 'resource/myobj']);
    expect(got).toEqual({ code: 1, stdout: '', stderr: 'Error from server (NotFound): resources.mygroup.example.com "myobj" not found\n' });
    await ok(['delete', 'customresourcedefinition', 'resources.mygroup.example.com']);
  });

  it('a key client-side apply set is removed by the server-side apply that no longer has it', T, async () => {
    const { k } = at;
    expect(await ok(['apply', '-f', k.file('cm1.yaml', CONFIGMAP(true))])).toBe('configmap/test created\n');
    expect(await yaml('configmap test')).toContain('legacy: unused');
    expect(await ok(['apply', '--server-side', '-f', k.file('cm2.yaml', CONFIGMAP(true))])).toBe('configmap/test serverside-applied\n');
    expect(await yaml('configmap test')).toContain('legacy: unused');
    expect(await ok(['apply', '--server-side', '-f', k.file('cm3.yaml', CONFIGMAP(false))])).toBe('configmap/test serverside-applied\n');
    expect(await yaml('configmap test')).not.toContain('legacy: unused');
    await ok(['delete', 'configmap', 'test']);
  });
});
