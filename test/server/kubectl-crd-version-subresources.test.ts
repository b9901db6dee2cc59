/**
 * Real kubectl 1.32 against a CRD whose versions declare different subresources (only v2 has
 * /status and /scale): apiextensions-apiserver serves each version's own, so scaling through v2
 * works and v1 has no /scale or /status (test/apiserver/crd-version-subresources.test.ts has the
 * field-manager side).
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema: &schema
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {replicas: {type: integer}}}
          status: {type: object, properties: {replicas: {type: integer}}}
  - name: v2
    served: true
    storage: false
    schema: *schema
    subresources:
      status: {}
      scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
`;
const WIDGET = `apiVersion: example.com/v2
kind: Widget
metadata: {name: w}
spec: {replicas: 1}
`;

describe.skipIf(!available)('real kubectl: a CRD whose versions declare different subresources', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('scales through the version with /scale; the other has no /status', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['apply', '-f', s.k.file('crd.yaml', CRD)])).code).toBe(0);
    expect((await s.k.run(['apply', '-f', s.k.file('w.yaml', WIDGET)])).code).toBe(0);
    expect(await s.k.run(['scale', 'widgets.v2.example.com/w', '--replicas=3'])).toEqual({ code: 0, stdout: 'widget.example.com/w scaled\n', stderr: '' });
    expect((await s.k.run(['get', 'widgets.v2.example.com', 'w', '--subresource=scale', '-o', 'jsonpath={.spec.replicas}'])).stdout).toBe('3');
    expect(await s.k.run(['get', 'widgets.v1.example.com', 'w', '--subresource=status', '-o', 'name'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): the server could not find the requested resource\n',
    });
  });
});
