/**
 * A JSON patch that does not apply (a failed `test`, a `remove` of what is not there) is answered
 * by kube-apiserver 1.32 with errors.NewGenericServerResponse(422, ...) (endpoints/handlers/
 * patch.go): reason Invalid, the generic message and empty details — json-patch's own text is not
 * in the answer, so kubectl prints `The request is invalid: the server rejected our request due to
 * an error in our request`.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { call, JSON_HEADERS, start } from './http-client.js';

const available = kubectlAvailable();
const GENERIC = 'the server rejected our request due to an error in our request';

describe.skipIf(!available)('real kubectl: a JSON patch that does not apply', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('a failed test and a remove of a missing key are the generic 422', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['create', 'configmap', 'jp', '--from-literal=a=b'])).code).toBe(0);
    const expected = { code: 1, stdout: '', stderr: `The request is invalid: ${GENERIC}\n` };
    expect(await s.k.run(['patch', 'configmap', 'jp', '--type=json', '-p', '[{"op":"test","path":"/data/a","value":"zzz"}]'])).toEqual(expected);
    expect(await s.k.run(['patch', 'configmap', 'jp', '--type=json', '-p', '[{"op":"remove","path":"/data/nope"}]'])).toEqual(expected);
    expect((await s.k.run(['get', 'configmap', 'jp', '-o', 'jsonpath={.data.a}'])).stdout).toBe('b');
  });
});

describe('the answer to a JSON patch that does not apply', () => {
  it('is a 422 Invalid Status with the generic message and empty details', async () => {
    const server = await start();
    expect((await call(server, 'POST', '/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } }), JSON_HEADERS)).status).toBe(201);
    const r = await call(server, 'PATCH', '/api/v1/namespaces/default/configmaps/c', '[{"op":"test","path":"/data/a","value":"2"}]', { 'Content-Type': 'application/json-patch+json' });
    expect(r.status).toBe(422);
    expect(r.body).toBe(`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"${GENERIC}","reason":"Invalid","details":{},"code":422}\n`);
    // A body that is not a patch stays a 400 with its own text.
    const bad = await call(server, 'PATCH', '/api/v1/namespaces/default/configmaps/c', '{"op":"test"}', { 'Content-Type': 'application/json-patch+json' });
    expect([bad.status, bad.json.message]).toEqual([400, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch']);
  });
});
