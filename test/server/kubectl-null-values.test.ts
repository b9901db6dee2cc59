/**
 * Real kubectl 1.32 sending JSON nulls in a built-in object (`kubectl create -f` and `replace -f`
 * send the file as it is; a JSON patch `add` without a value adds null): kube-apiserver decodes
 * the body into the Go struct, so a null struct field is gone and a null map element is its
 * zero (`""`), before the field manager sees the object (src/apiserver/go-nulls.ts; unit cases in
 * test/apiserver/go-nulls.test.ts). Before, the nulls were stored and the creator owned them.
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

describe.skipIf(!available)('real kubectl: nulls in a ConfigMap', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });
  const get = async (path: string) => (await s.k.run(['get', 'configmap', 'nul', '-o', `jsonpath=${path}`])).stdout;

  it('create -f, replace -f and a JSON patch add without a value', { timeout: 120_000 }, async () => {
    const file = s.k.file('nul.json', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"nul","labels":{"x":null},"annotations":null},"immutable":null,"data":{"b":null,"c":"1"}}');
    expect(await s.k.run(['create', '-f', file])).toEqual({ code: 0, stdout: 'configmap/nul created\n', stderr: '' });
    expect(await get('{.data}')).toBe('{"b":"","c":"1"}');
    expect(await get('{.metadata.labels}')).toBe('{"x":""}');
    expect(await get('{.metadata.managedFields[0].fieldsV1}')).toBe('{"f:data":{".":{},"f:b":{},"f:c":{}},"f:metadata":{"f:labels":{".":{},"f:x":{}}}}');
    const json = (await s.k.run(['get', 'configmap', 'nul', '-o', 'json'])).stdout;
    expect(json).not.toContain('null');

    const replaced = s.k.file('nul2.json', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"nul"},"data":{"b":"2","c":null}}');
    expect((await s.k.run(['replace', '-f', replaced])).code).toBe(0);
    expect(await get('{.data}')).toBe('{"b":"2","c":""}');

    expect((await s.k.run(['patch', 'configmap', 'nul', '--type=json', '-p', '[{"op":"add","path":"/data/d"}]'])).code).toBe(0);
    expect(await get('{.data}')).toBe('{"b":"2","c":"","d":""}');
  });
});
