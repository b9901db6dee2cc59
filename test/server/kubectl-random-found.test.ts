/**
 * What the generated sequences of kubectl-random-compare.test.ts found, each kept as a fixed case:
 * real kubectl v1.32 against the simulated API server and the kubectl actors on the same start
 * must send the same writes and print the same (the comparison of kubectl-compare.test.ts).
 * Without kubectl the test is skipped with a printed reason, except under CI=true, where it fails.
 */
import { describe, expect, it } from 'vitest';
import { kubectlApply, kubectlDelete, kubectlReplace, kubectlScale } from '../../src/actors/index.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { type Case, runCase, T0, T1 } from './kubectl-compare-harness.js';
import { kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();
const at = { now: T1 };

const service = (ports: readonly (readonly [number, string, number | string])[]) =>
  'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n' +
  ports.map(([port, protocol, target]) => `  - port: ${port}\n    protocol: ${protocol}\n    name: p${port}-${protocol.toLowerCase()}\n    targetPort: ${target}\n`).join('');

const SVC_TWO = service([
  [80, 'TCP', 8080],
  [80, 'UDP', 8080],
]);
const SVC_THREE = service([
  [80, 'UDP', 'http'],
  [443, 'TCP', 'http'],
  [80, 'TCP', 'http'],
]);
const SVC_SSA = service([
  [443, 'TCP', 'http'],
  [80, 'UDP', 'http'],
]);

const STS =
  'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  serviceName: db\n  replicas: 2\n  selector:\n    matchLabels:\n      app: db\n' +
  '  template:\n    metadata:\n      labels:\n        app: db\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.26\n';

const CM = (data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  labels:\n    a: b\ndata:\n${data}`;

const none = (s: ClusterState) => s;
const ssa = (manifests: string) => (s: ClusterState) => kubectlApply(s, { manifests, serverSide: true, forceConflicts: true, now: T0 }).state;
const csa = (manifests: string) => (s: ClusterState) => kubectlApply(s, { manifests, now: T0 }).state;

const cases: Case[] = [
  {
    // kubectl pairs the two port-80 items in the order Go's sort.Sort leaves them (reversed), and
    // prints the server's order error, which ends with a newline, with no second one
    name: 'client-side apply of a Service whose ports share port 80: the patch order and the error text',
    setup: ssa(SVC_TWO),
    files: { 'svc.yaml': SVC_THREE },
    steps: [{ argv: ['apply', '-f', 'svc.yaml'], sim: (s) => kubectlApply(s, { manifests: SVC_THREE, filename: 'svc.yaml', ...at }) }],
  },
  {
    // csaupgrade writes the applier's entry in field-set order (port 80 before 443)
    name: 'server-side apply after client-side apply of a Service: the migration patch bytes',
    setup: csa(SVC_SSA),
    files: { 'svc.yaml': SVC_SSA },
    steps: [{ argv: ['apply', '--server-side', '-f', 'svc.yaml'], sim: (s) => kubectlApply(s, { manifests: SVC_SSA, filename: 'svc.yaml', serverSide: true, ...at }) }],
  },
  {
    // the Scale PUT has "spec":{} for 0 replicas, and the StatefulSet is scaled to 0
    name: 'scale --current-replicas to 0, then again from 0',
    setup: csa(STS),
    steps: [
      { argv: ['scale', 'statefulset/db', '--current-replicas=2', '--replicas=0'], sim: (s) => kubectlScale(s, { resource: 'statefulset/db', currentReplicas: 2, replicas: 0, ...at }) },
      { argv: ['scale', 'statefulset/db', '--current-replicas=0', '--replicas=1'], sim: (s) => kubectlScale(s, { resource: 'statefulset/db', currentReplicas: 0, replicas: 1, ...at }) },
    ],
  },
  {
    name: 'replace, replace --force, delete, delete -f of what is gone, replace of what is gone',
    setup: csa(CM('  a: "1"\n')),
    files: { 'cm.yaml': CM('  a: "1"\n'), 'cm2.yaml': CM('  b: "2"\n') },
    steps: [
      { argv: ['replace', '-f', 'cm2.yaml'], sim: (s) => kubectlReplace(s, { manifests: CM('  b: "2"\n'), filename: 'cm2.yaml', ...at }) },
      { argv: ['replace', '--force', '-f', 'cm.yaml'], sim: (s) => kubectlReplace(s, { manifests: CM('  a: "1"\n'), filename: 'cm.yaml', force: true, ...at }) },
      { argv: ['delete', 'configmap/settings'], sim: (s) => kubectlDelete(s, { resource: 'configmap/settings', ...at }) },
      { argv: ['delete', '-f', 'cm.yaml'], sim: (s) => kubectlDelete(s, { manifests: CM('  a: "1"\n'), filename: 'cm.yaml', ...at }) },
      { argv: ['delete', 'configmap/settings', '--ignore-not-found'], sim: (s) => kubectlDelete(s, { resource: 'configmap/settings', ignoreNotFound: true, ...at }) },
      { argv: ['replace', '-f', 'cm2.yaml'], sim: (s) => kubectlReplace(s, { manifests: CM('  b: "2"\n'), filename: 'cm2.yaml', ...at }) },
      { argv: ['replace', '--force', '-f', 'cm2.yaml'], sim: (s) => kubectlReplace(s, { manifests: CM('  b: "2"\n'), filename: 'cm2.yaml', force: true, ...at }) },
    ],
  },
  {
    name: 'delete then apply again: a new object, created',
    setup: none,
    files: { 'sts.yaml': STS },
    steps: [
      { argv: ['apply', '-f', 'sts.yaml'], sim: (s) => kubectlApply(s, { manifests: STS, filename: 'sts.yaml', ...at }) },
      { argv: ['delete', 'statefulset/db'], sim: (s) => kubectlDelete(s, { resource: 'statefulset/db', ...at }) },
      { argv: ['apply', '-f', 'sts.yaml'], sim: (s) => kubectlApply(s, { manifests: STS, filename: 'sts.yaml', ...at }) },
    ],
  },
];

describe.skipIf(!available)('what the generated kubectl sequences found', () => {
  for (const c of cases) {
    it(c.name, { timeout: 120_000 }, async () => {
      const results = await runCase(c);
      for (const [i, r] of results.entries()) {
        const label = `${c.name}, step ${i + 1}: ${c.steps[i]!.argv.join(' ')}`;
        expect(r.sim.writes, `${label}: requests`).toEqual(r.real.writes);
        expect(r.sim.run, `${label}: output`).toEqual(r.real.run);
      }
    });
  }
});
