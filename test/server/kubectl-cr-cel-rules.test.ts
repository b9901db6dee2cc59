/**
 * Real kubectl against `ssa-sim serve`: a CRD with an `x-kubernetes-validations` rule, then a
 * custom resource that breaks it: the 422 kube-apiserver 1.32 gives, which kubectl prints as
 * `The Widget "x" is invalid: spec: Invalid value: "object": <message>`; nothing is stored.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { widgetCrd } from '../support/widget-crd.js';

const available = kubectlAvailable();

const CRD = widgetCrd(`
minReplicas: {type: integer}
maxReplicas: {type: integer}
`).replace(
  '          spec:\n            type: object\n',
  "          spec:\n            type: object\n            x-kubernetes-validations:\n            - rule: self.minReplicas <= self.maxReplicas\n              message: minReplicas must not exceed maxReplicas\n",
);
const widget = (min: number, max: number) => `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: x\n  namespace: default\nspec:\n  minReplicas: ${min}\n  maxReplicas: ${max}\n`;

describe.skipIf(!available)('kubectl and the CEL rules of a custom resource', () => {
  const at = serverWithKubectl();
  it('apply -f of a Widget that breaks the rule prints the 422; one that keeps it is created', { timeout: 120_000 }, async () => {
    expect(CRD).toContain('x-kubernetes-validations');
    expect((await at.k.run(['apply', '-f', at.k.file('crd.yaml', CRD)])).code).toBe(0);
    const bad = await at.k.run(['apply', '-f', at.k.file('bad.yaml', widget(5, 3))]);
    expect(bad.stderr).toBe('The Widget "x" is invalid: spec: Invalid value: "object": minReplicas must not exceed maxReplicas\n');
    expect(bad.code).toBe(1);
    const none = await at.k.run(['get', 'widgets', '-n', 'default']);
    expect(none.stderr).toBe('No resources found in default namespace.\n');
    const good = await at.k.run(['apply', '-f', at.k.file('good.yaml', widget(1, 3))]);
    expect(good.stdout).toBe('widget.example.com/x created\n');
    const ssa = await at.k.run(['apply', '--server-side', '-f', at.k.file('bad2.yaml', widget(4, 3))]);
    expect(ssa.stderr).toBe('The Widget "x" is invalid: spec: Invalid value: "object": minReplicas must not exceed maxReplicas\n');
  });
});
