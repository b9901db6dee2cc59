/**
 * Real kubectl 1.32 `patch` (strategic merge patch, the default type) with directives and
 * malformed patches, as kube-apiserver 1.32 answers them (apimachinery v0.32 strategicpatch,
 * apiserver handlers/patch.go interpretStrategicMergePatchError; unit cases in
 * test/apiserver/strategic-merge-patch-directives.test.ts):
 * - `$deleteFromPrimitiveList/args` removes values from `args`, a list without a patch strategy
 *   (a delete list is merged whatever the field's strategy); it was replaced by the list given;
 * - a list item without its merge key is a plain error, a 500 without a reason, which kubectl
 *   prints as `Error from server: map: map[image:x] does not contain declared merge key: name`
 *   (the item was stored as a nameless container);
 * - a `$retainKeys` list that leaves out a key the patch sets is the 400 `invalid patch format of
 *   retainKeys` (it was applied);
 * - an unknown `$patch` is a 500 naming the map as Go prints it (was a 400 in other words);
 * - a patch list out of its `$setElementOrder` order is a 500 (validatePatchWithSetOrderList;
 *   it was merged);
 * - a `$key` that is no directive is data, so an unknown field: a warning (was a 400);
 * - so are `$retainKeys` and `$setElementOrder` keys in a subtree the object did not have
 *   (removeDirectives keeps them; they were dropped silently).
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx
        args: ["x", "y"]
`;

describe.skipIf(!available)('real kubectl: strategic merge patch directives and malformed patches', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });
  const patch = (p: string) => s.k.run(['patch', 'deployment', 'web', '-p', p]);
  const jsonpath = async (path: string) => (await s.k.run(['get', 'deployment', 'web', '-o', `jsonpath=${path}`])).stdout;

  it('directives and the answers to malformed patches', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['create', '-f', s.k.file('web.yaml', DEPLOYMENT)])).code).toBe(0);

    expect(await patch('{"spec":{"template":{"spec":{"containers":[{"name":"web","$deleteFromPrimitiveList/args":["x"]}]}}}}')).toEqual({
      code: 0,
      stdout: 'deployment.apps/web patched\n',
      stderr: '',
    });
    expect(await jsonpath('{.spec.template.spec.containers[0].args}')).toBe('["y"]');
    const rv = await jsonpath('{.metadata.resourceVersion}');

    expect(await patch('{"spec":{"template":{"spec":{"containers":[{"image":"x"}]}}}}')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server: map: map[image:x] does not contain declared merge key: name\n',
    });
    expect(await patch('{"spec":{"strategy":{"$retainKeys":["type"],"type":"RollingUpdate","rollingUpdate":{"maxSurge":1}}}}')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (BadRequest): invalid patch format of retainKeys\n',
    });
    expect(await patch('{"spec":{"template":{"spec":{"containers":[{"name":"web","$patch":"bogus"}]}}}}')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server: unknown patch type: bogus in map: map[$patch:bogus name:web]\n',
    });
    expect(await patch('{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"side"}],"containers":[{"name":"web","image":"a"}]}}}}')).toEqual({
      code: 1,
      stdout: '',
      stderr: "Error from server: The order in patch list:\n[map[image:a name:web]]\n doesn't match $setElementOrder list:\n[map[name:side]]\n",
    });
    expect(await patch('{"spec":{"$foo":1}}')).toEqual({
      code: 0,
      stdout: 'deployment.apps/web patched (no change)\n',
      stderr: 'Warning: unknown field "spec.$foo"\n',
    });
    expect(await jsonpath('{.metadata.resourceVersion}')).toBe(rv);
    // a directive in a subtree the object did not have stays in it as data: an unknown field
    expect(await patch('{"spec":{"template":{"spec":{"dnsConfig":{"$retainKeys":["nameservers"],"nameservers":["1.1.1.1"]}}}}}')).toEqual({
      code: 0,
      stdout: 'deployment.apps/web patched\n',
      stderr: 'Warning: unknown field "spec.template.spec.dnsConfig.$retainKeys"\n',
    });
    expect(await jsonpath('{.spec.template.spec.dnsConfig}')).toBe('{"nameservers":["1.1.1.1"]}');
    expect(await jsonpath('{.spec.template.spec.containers[*].name}')).toBe('web');
  });
});
