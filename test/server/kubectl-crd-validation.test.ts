/**
 * Real kubectl against `ssa-sim serve` when a custom resource breaks its CRD's schema: a create
 * or client-side apply is answered with the schema validator's 422, which kubectl prints as
 * `The Widget "w" is invalid: ...`; a server-side apply fails to type its patch first (500).
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { widgetCrd } from '../support/widget-crd.js';

const available = kubectlAvailable();

const CRD = widgetCrd(`
x:
  type: integer
`);
const widget = (x: string) => `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: default\nspec:\n  x: ${x}\n`;

describe.skipIf(!available)('kubectl and a custom resource its CRD schema refuses', () => {
  const at = serverWithKubectl();
  it('create -f and apply -f print the 422; apply --server-side the typed patch 500', { timeout: 120_000 }, async () => {
    const crd = await at.k.run(['apply', '-f', at.k.file('crd.yaml', CRD)]);
    expect(crd.code).toBe(0);
    const bad = at.k.file('w.yaml', widget('abc'));
    const created = await at.k.run(['create', '-f', bad]);
    expect(created.stderr).toBe('The Widget "w" is invalid: spec.x: Invalid value: "string": spec.x in body must be of type integer: "string"\n');
    expect(created.code).toBe(1);
    const applied = await at.k.run(['apply', '-f', bad]);
    expect(applied.stderr).toBe('The Widget "w" is invalid: spec.x: Invalid value: "string": spec.x in body must be of type integer: "string"\n');
    const ssa = await at.k.run(['apply', '--server-side', '-f', bad]);
    expect(ssa.stderr).toBe(
      'Error from server: failed to create typed patch object (default/w; example.com/v1, Kind=Widget): .spec.x: expected numeric (int or float), got string\n',
    );
    const good = await at.k.run(['create', '-f', at.k.file('ok.yaml', widget('3'))]);
    expect(good.stdout).toBe('widget.example.com/w created\n');
  });
});
