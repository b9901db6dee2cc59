/**
 * A value of the wrong type, as real kubectl 1.32 shows kube-apiserver's answer. A server-side
 * apply fails in the field manager: structured-merge-diff's validation names the value with Go's
 * `%#v` of its `*value.valueUnstructured` (every number of an apply body is a float64), wrapped by
 * apimachinery's structuredMergeManager (`failed to create typed patch object (...)`), a plain
 * error, so a 500 without a reason: `Error from server: ...`.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const configMap = (data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: sn\ndata:\n${data}`;

describe.skipIf(!available)('real kubectl: a value of the wrong type', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('server-side apply: the typed patch object names the value as Go prints it', { timeout: 120_000 }, async () => {
    const prefix = 'Error from server: failed to create typed patch object (default/sn; /v1, Kind=ConfigMap): ';
    const one = s.k.file('one.yaml', configMap('  a: 1\n'));
    for (const validate of ['--validate=false', '--validate=strict']) {
      expect(await s.k.run(['apply', '--server-side', validate, '-f', one])).toEqual({
        code: 1,
        stdout: '',
        stderr: prefix + '.data.a: expected string, got &value.valueUnstructured{Value:1}\n',
      });
    }
    const more = s.k.file('more.yaml', configMap('  a: 1000000\n  b: {c: [true, x]}\n'));
    expect(await s.k.run(['apply', '--server-side', '--validate=false', '-f', more])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        prefix +
        'errors:\n' +
        '  .data.a: expected string, got &value.valueUnstructured{Value:1e+06}\n' +
        '  .data.b: expected string, got &value.valueUnstructured{Value:map[string]interface {}{"c":[]interface {}{true, "x"}}}\n',
    });
    expect((await s.k.run(['get', 'configmaps', '-o', 'name'])).stdout).not.toContain('configmap/sn');
  });
});
