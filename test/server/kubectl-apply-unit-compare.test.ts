/**
 * Situations of kubectl's apply unit tests, as real kubectl v1.32 runs them against our `serve`
 * and as the kubectl actors run them, compared byte for byte (requests, output, exit code).
 *
 * Upstream: k8s.io/kubectl v0.32 pkg/cmd/apply/apply_test.go — TestApplyMultipleObjectsAsList
 * (a `kind: List` manifest: each item applied in turn, created, configured, unchanged,
 * server-side, `-o name`), TestUnstructuredApply and TestUnstructuredIdempotentApply (a custom
 * resource: a JSON merge patch, and nothing sent when nothing changed), and a
 * CustomResourceDefinition re-applied with a changed schema (its `versions` list has no merge
 * strategy, so the patch carries it whole). The upstream tests run against a fake server; here
 * the server is ours and real kubectl is the reference.
 *
 * Without kubectl the test is skipped with a printed reason, except under CI=true, where it fails.
 */
import { describe, expect, it } from 'vitest';
import { kubectlApply } from '../../src/actors/index.js';
import type { KubectlApplyOptions } from '../../src/actors/actor.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { type Case, runCase, T0, T1 } from './kubectl-compare-harness.js';
import { kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();

const list = (x: string) =>
  `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n  data:\n    x: "${x}"\n` +
  `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: b\n  data:\n    y: "2"\n`;
const crd = (props: string) =>
  'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n' +
  '  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n' +
  `    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n${props}`;
const SIZE = '              size:\n                type: integer\n';
const widget = (size: number) => `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: ${size}\n`;

const csa = (manifests: string) => (s: ClusterState) => kubectlApply(s, { manifests, now: T0 }).state;
const none = (s: ClusterState) => s;
const seq =
  (...fs: ((s: ClusterState) => ClusterState)[]) =>
  (s: ClusterState) =>
    fs.reduce((acc, f) => f(acc), s);

function applyCase(name: string, setup: (s: ClusterState) => ClusterState, manifest: string, flags: readonly string[], opts: Partial<KubectlApplyOptions>, writes: number): Case & { writes: number } {
  return {
    name,
    setup,
    files: { 'manifest.yaml': manifest },
    steps: [{ argv: ['apply', ...flags, '-f', 'manifest.yaml'], sim: (s) => kubectlApply(s, { manifests: manifest, filename: 'manifest.yaml', now: T1, ...opts }) }],
    writes,
  };
}

const cases = [
  applyCase('a List: both items created', none, list('1'), [], {}, 2),
  applyCase('a List: one item changed, one unchanged', csa(list('1')), list('2'), [], {}, 1),
  applyCase('a List: nothing changed, nothing sent', csa(list('1')), list('1'), [], {}, 0),
  applyCase('a List, server-side', none, list('1'), ['--server-side'], { serverSide: true }, 2),
  applyCase('a List, -o name', csa(list('1')), list('2'), ['-o', 'name'], { output: 'name' }, 1),
  applyCase('a custom resource changed: a JSON merge patch', seq(csa(crd(SIZE)), csa(widget(1))), widget(2), [], {}, 1),
  applyCase('a custom resource applied again unchanged: nothing sent', seq(csa(crd(SIZE)), csa(widget(1))), widget(1), [], {}, 0),
  applyCase('a CRD whose schema changed: its versions list sent whole', csa(crd(SIZE)), crd(`${SIZE}              color:\n                type: string\n`), [], {}, 1),
];

describe.skipIf(!available)('apply_test.go situations: real kubectl v1.32 and the actors agree', () => {
  for (const c of cases) {
    it(c.name, { timeout: 180_000 }, async () => {
      const [r] = await runCase(c);
      expect(r!.real.writes.length, 'the writes real kubectl sent').toBe(c.writes);
      expect(r!.sim.writes).toEqual(r!.real.writes);
      expect(r!.sim.run).toEqual(r!.real.run);
    });
  }
});
