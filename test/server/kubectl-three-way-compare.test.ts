/**
 * Client-side apply's three-way strategic merge patch, as real kubectl v1.32 sends it to our
 * `serve` and as the kubectl actors send it, compared byte for byte (request line and body, what
 * kubectl prints, exit code), in the cases where the deletions half (last-applied → manifest) and
 * the changes half (live → manifest) meet in one merged list: kubectl combines them with
 * strategicpatch's merge (CreateThreeWayMergePatch, apimachinery v0.32 patch.go), whose order
 * decides the bytes.
 *
 * The situations are those of k8s.io/apimachinery pkg/util/strategicpatch/patch_test.go's
 * strategicMergePatchRawTestCases ("delete missing field from map in merging list with
 * conflict", "add map and delete map from merging list", "delete items in lists of scalars",
 * the retainKeys cases), on a Deployment's containers and env (merged by name), its
 * `metadata.finalizers` (a merged list of scalars) and `spec.strategy` (retainKeys).
 *
 * Without kubectl the test is skipped with a printed reason, except under CI=true, where it fails.
 */
import { describe, expect, it } from 'vitest';
import { kubectlApply, kubectlPatch } from '../../src/actors/index.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { type Case, runCase, T0, T1 } from './kubectl-compare-harness.js';
import { kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();

interface Container {
  readonly name: string;
  readonly image: string;
  readonly env?: Record<string, string>;
}

function deployment(containers: readonly Container[], meta = '', spec = ''): string {
  const body = containers
    .map(
      (c) =>
        `      - name: ${c.name}\n        image: ${c.image}\n` +
        (c.env
          ? `        env:\n${Object.entries(c.env)
              .map(([k, v]) => `        - name: ${k}\n          value: ${JSON.stringify(v)}\n`)
              .join('')}`
          : ''),
    )
    .join('');
  return (
    `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n${meta}spec:\n  replicas: 1\n${spec}  selector:\n    matchLabels:\n      app: web\n` +
    `  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n${body}`
  );
}

const csa = (manifests: string) => (s: ClusterState) => kubectlApply(s, { manifests, now: T0 }).state;
const seq =
  (...fs: ((s: ClusterState) => ClusterState)[]) =>
  (s: ClusterState) =>
    fs.reduce((acc, f) => f(acc), s);
/** Someone else's change: a strategic merge patch as `kubectl patch` sends it. */
const patched = (patch: string) => (s: ClusterState) => kubectlPatch(s, { resource: 'deployment/web', patch, type: 'strategic', now: T0 }).state;

function applyCase(name: string, setup: (s: ClusterState) => ClusterState, manifest: string): Case {
  return {
    name,
    setup,
    files: { 'manifest.yaml': manifest },
    steps: [{ argv: ['apply', '-f', 'manifest.yaml'], sim: (s) => kubectlApply(s, { manifests: manifest, filename: 'manifest.yaml', now: T1 }) }],
  };
}

const cases: Case[] = [
  applyCase(
    'a field dropped from one item and another item changed: the items in $setElementOrder order',
    csa(deployment([{ name: 'a', image: 'nginx:1', env: { X: '1' } }, { name: 'b', image: 'busybox:1' }])),
    deployment([{ name: 'a', image: 'nginx:1' }, { name: 'b', image: 'busybox:2' }]),
  ),
  applyCase(
    'an item dropped while another is added, with an item someone else added in between',
    seq(
      csa(deployment([{ name: 'a', image: 'nginx:1' }, { name: 'b', image: 'busybox:1' }])),
      patched('{"spec":{"template":{"spec":{"containers":[{"name":"x","image":"sidecar:1"}]}}}}'),
    ),
    deployment([{ name: 'b', image: 'busybox:1' }, { name: 'c', image: 'redis:7' }]),
  ),
  applyCase(
    'env items dropped and changed in two containers at once',
    csa(deployment([{ name: 'a', image: 'nginx:1', env: { X: '1', Y: '2' } }, { name: 'b', image: 'busybox:1', env: { Z: '3' } }])),
    deployment([{ name: 'a', image: 'nginx:1', env: { Y: '20' } }, { name: 'b', image: 'busybox:1' }]),
  ),
  applyCase(
    'finalizers: one dropped, one added, one someone else added kept',
    seq(
      csa(deployment([{ name: 'a', image: 'nginx:1' }], '  finalizers:\n  - example.com/a\n  - example.com/b\n')),
      patched('{"metadata":{"finalizers":["example.com/other"]}}'),
    ),
    deployment([{ name: 'a', image: 'nginx:1' }], '  finalizers:\n  - example.com/b\n  - example.com/c\n'),
  ),
  applyCase(
    'strategy: RollingUpdate to Recreate, the rollingUpdate block dropped ($retainKeys)',
    csa(deployment([{ name: 'a', image: 'nginx:1' }], '', '  strategy:\n    type: RollingUpdate\n    rollingUpdate:\n      maxSurge: 1\n')),
    deployment([{ name: 'a', image: 'nginx:1' }], '', '  strategy:\n    type: Recreate\n'),
  ),
];

describe.skipIf(!available)('client-side apply three-way patches: real kubectl v1.32 and the actors send the same bytes', () => {
  for (const c of cases) {
    it(c.name, { timeout: 180_000 }, async () => {
      const results = await runCase(c);
      for (const [i, r] of results.entries()) {
        const label = `${c.name}, step ${i + 1}: ${c.steps[i]!.argv.join(' ')}`;
        expect(r.real.writes.length, `${label}: kubectl sent a patch`).toBe(1);
        expect(r.sim.writes, `${label}: requests`).toEqual(r.real.writes);
        expect(r.sim.run, `${label}: output`).toEqual(r.real.run);
      }
    });
  }
});
