/**
 * A value of the wrong type, as real kubectl 1.32 shows kube-apiserver's answer. A server-side
 * apply fails in the field manager: structured-merge-diff's validation names the value with Go's
 * `%#v` of its `*value.valueUnstructured` (every number of an apply body is a float64), wrapped by
 * apimachinery's structuredMergeManager (`failed to create typed patch object (...)`), a plain
 * error, so a 500 without a reason: `Error from server: ...`. A create is decoded into the kind's
 * Go type: Go's JSON decoder's words (sigs.k8s.io/json decode.go) under handlers' `cannot be
 * handled as`, a 400; a json or merge patch whose result does not decode is handlers/patch.go's
 * 422 with the patched JSON (apiserver v0.32.13), a strategic merge patch's the unstructured
 * converter's error (apimachinery runtime/converter.go) under the patch map as Go prints it;
 * kubectl prints those as an invalid request without kind or name.
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

describe.skipIf(!available)('real kubectl: a create or patch that does not fit the Go type', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z'), now: () => '2024-01-01T00:00:00Z' });

  it('create -f: the decoder names the Go struct field and type; patches: 422 with the patched JSON or the patch map', { timeout: 120_000 }, async () => {
    const bad = s.k.file('bad.yaml', configMap('  a: 1\n'));
    expect(await s.k.run(['create', '-f', bad])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error from server (BadRequest): error when creating "${bad}": ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string\n`,
    });
    const good = s.k.file('good.yaml', configMap('  a: x\n'));
    expect(await s.k.run(['create', '-f', good])).toEqual({ code: 0, stdout: 'configmap/sn created\n', stderr: '' });
    const uid = (await s.k.run(['get', 'configmap', 'sn', '-o', 'jsonpath={.metadata.uid} {.metadata.resourceVersion}'])).stdout.split(' ');
    const patched =
      `{"apiVersion":"v1","data":{"a":"x","b":2},"kind":"ConfigMap","metadata":{"name":"sn","namespace":"default","uid":"${uid[0]}","resourceVersion":"${uid[1]}",` +
      '"creationTimestamp":"2024-01-01T00:00:00Z","managedFields":[{"manager":"kubectl-create","operation":"Update","apiVersion":"v1","time":"2024-01-01T00:00:00Z",' +
      '"fieldsType":"FieldsV1","fieldsV1":{"f:data":{".":{},"f:a":{}}}}]}}';
    const invalid = (value: string, text: string) => ({ code: 1, stdout: '', stderr: `The request is invalid: patch: Invalid value: ${JSON.stringify(value)}: ${text}\n` });
    const decodeText = 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string';
    expect(await s.k.run(['patch', 'configmap', 'sn', '--type', 'merge', '-p', '{"data":{"b":2}}'])).toEqual(invalid(patched, decodeText));
    expect(await s.k.run(['patch', 'configmap', 'sn', '--type', 'json', '-p', '[{"op":"add","path":"/data/b","value":2}]'])).toEqual(invalid(patched, decodeText));
    expect(await s.k.run(['patch', 'configmap', 'sn', '-p', '{"data":{"b":2}}'])).toEqual(invalid('map[data:map[b:2]]', 'cannot convert int64 to string'));
    expect(await s.k.run(['patch', 'configmap', 'sn', '--type', 'strategic', '-p', '{"data":{"b":true}}'])).toEqual(invalid('map[data:map[b:true]]', 'unrecognized type: string'));
    // replace is an update: the decoder's 400.
    expect(await s.k.run(['replace', '-f', bad])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error from server (BadRequest): error when replacing "${bad}": ConfigMap in version "v1" cannot be handled as a ConfigMap: ${decodeText}\n`,
    });
  });

  it('client-side apply of an existing object: its strategic merge patch, as Go prints the patch map', { timeout: 120_000 }, async () => {
    const applied = (data: string) => s.k.file('ap.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ap\ndata:\n' + data);
    expect(await s.k.run(['apply', '-f', applied('  a: x\n')])).toEqual({ code: 0, stdout: 'configmap/ap created\n', stderr: '' });
    const lastApplied = '{"apiVersion":"v1","data":{"a":1},"kind":"ConfigMap","metadata":{"annotations":{},"name":"ap","namespace":"default"}}\n';
    expect(await s.k.run(['apply', '-f', applied('  a: 1\n')])).toEqual({
      code: 1,
      stdout: '',
      stderr: `The request is invalid: patch: Invalid value: ${JSON.stringify(`map[data:map[a:1] metadata:map[annotations:map[kubectl.kubernetes.io/last-applied-configuration:${lastApplied}]]]`)}: cannot convert int64 to string\n`,
    });
  });

  it('server-side apply: what the schema lets through fails the conversion into the Go type', { timeout: 120_000 }, async () => {
    const svc = s.k.file('svc.yaml', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n    targetPort: true\n');
    expect(await s.k.run(['apply', '--server-side', '-f', svc])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server: failed to convert new object (default/web; /v1, Kind=Service) to proper version: json: cannot unmarshal bool into Go value of type int32\n',
    });
  });
});
